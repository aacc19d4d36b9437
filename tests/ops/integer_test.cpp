// Integer and 64-bit tensors: RELU and PARAMETERIZED_RELU on INT8/16/32 (from feature level 5_1), SHRINK on every
// 8/16/32-bit integer type (5_1), ELEMENT_WISE_IDENTITY on all of them (2_1) and on INT64/UINT64/FLOAT64 (4_1).
// These results are exact, so every element must equal the reference exactly: ranks 1..8, packed, padded, broadcast
// inputs, in place, odd element counts (the sub-word tail) and every value of the 8- and 16-bit types, with canaries
// around the output.
#include <cmath>
#include <limits>
#include <random>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

struct IntType {
    DML_TENSOR_DATA_TYPE type;
    const char* name;
    uint32_t bits;
    bool isSigned;
    int64_t lo() const { return isSigned ? -(int64_t(1) << (bits - 1)) : 0; }
    int64_t hi() const { return isSigned ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1; }
};

constexpr IntType kSigned[] = {{DML_TENSOR_DATA_TYPE_INT32, "INT32", 32, true},
                               {DML_TENSOR_DATA_TYPE_INT16, "INT16", 16, true},
                               {DML_TENSOR_DATA_TYPE_INT8, "INT8", 8, true}};
constexpr IntType kUnsigned[] = {{DML_TENSOR_DATA_TYPE_UINT32, "UINT32", 32, false},
                                 {DML_TENSOR_DATA_TYPE_UINT16, "UINT16", 16, false},
                                 {DML_TENSOR_DATA_TYPE_UINT8, "UINT8", 8, false}};

int64_t readInt(const std::vector<uint8_t>& memory, uint64_t index, const IntType& t) {
    const uint32_t bytes = t.bits / 8;
    uint64_t raw = 0;
    std::memcpy(&raw, &memory[index * bytes], bytes);
    if (t.isSigned && (raw >> (t.bits - 1)) & 1) return int64_t(raw) - (int64_t(1) << t.bits);
    return int64_t(raw);
}

// Random values of the type; every 8th element an extreme (min, max, 0, -1, 1, min+1, max-1), and with `sweep`
// the first elements run through every value of an 8- or 16-bit type.
std::vector<uint8_t> integerMemory(const IntType& t, uint64_t bytes, uint32_t seed, bool sweep = false) {
    std::vector<uint8_t> memory(bytes);
    std::mt19937_64 rng(seed);
    const uint32_t eb = t.bits / 8;
    const int64_t extremes[] = {t.lo(), t.hi(), 0, -1, 1, t.lo() + 1, t.hi() - 1};
    for (uint64_t i = 0; i < bytes / eb; ++i) {
        int64_t v = t.lo() + int64_t(rng() % uint64_t(t.hi() - t.lo() + 1));
        if (i % 8 == 7) v = extremes[(i / 8) % 7];
        if (t.bits <= 16 && sweep && i < (uint64_t(1) << t.bits)) v = t.lo() + int64_t(i);
        std::memcpy(&memory[i * eb], &v, eb);  // little-endian low bytes
    }
    return memory;
}

int64_t saturate(int64_t v, const IntType& t) { return std::min(std::max(v, t.lo()), t.hi()); }

// trunc(x + b) exactly, saturated (no rounding: the integers compared are exact in long double).
int64_t truncSum(int64_t x, float b, const IntType& t) {
    const long double sb = std::isnan(b) ? 0.0L : static_cast<long double>(b);
    const long double big = 1099511627776.0L;  // 2^40: far past every reachable result
    if (sb > big) return t.hi();
    if (sb < -big) return t.lo();
    auto atLeast = [&](long double k) { return sb >= k - static_cast<long double>(x); };  // x + b >= k
    auto above = [&](long double k) { return sb > k - static_cast<long double>(x); };     // x + b > k
    long double n = std::trunc(static_cast<long double>(x) + sb);
    if (atLeast(0)) {  // floor
        while (!atLeast(n)) n -= 1;
        while (atLeast(n + 1)) n += 1;
    } else {  // ceiling
        while (above(n)) n += 1;
        while (!above(n - 1)) n -= 1;
    }
    return saturate(static_cast<int64_t>(n), t);
}

int64_t refShrink(int64_t x, float bias, float threshold, const IntType& t) {
    const long double lx = static_cast<long double>(x), th = threshold;
    if (lx < -th) return truncSum(x, bias, t);
    if (lx > th) return truncSum(x, -bias, t);
    return 0;
}

int64_t refPrelu(int64_t x, int64_t slope, const IntType& t) { return x >= 0 ? x : saturate(x * slope, t); }

struct Checker {
    std::string label;
    uint64_t checked = 0, wrong = 0;
    std::string first;
    void expect(uint64_t e, int64_t x, int64_t got, int64_t want) {
        ++checked;
        if (got == want) return;
        if (wrong++ == 0)
            first = label + ": element " + std::to_string(e) + " x = " + std::to_string(x) + " -> " +
                    std::to_string(got) + ", expected " + std::to_string(want);
    }
};

// Runs one single-input operator through runActivation and compares every element with `ref`.
template <class Ref>
void runUnary(TestDevice& device, DML_OPERATOR_TYPE op, float a0, float a1, const IntType& t, const TensorSpec& in,
              const TensorSpec& out, bool inPlace, uint32_t seed, Ref ref, const std::string& label,
              bool sweep = false) {
    ActivationCase c;
    c.type = op;
    c.attr0 = a0, c.attr1 = a1;
    c.dataType = t.type;
    c.input = in;
    c.output = out;
    c.inPlace = inPlace;
    const auto memory = integerMemory(t, tensorBytes(in, t.type), seed, sweep);
    const ActivationRun run = runActivation(device, c, memory);
    CHECK_MESSAGE(run.canaryIntact, label << ": bytes outside the output were written");
    const TensorSpec& outSpec = out.sizes.empty() ? in : out;
    const auto inStrides = stridesOf(in), outStrides = stridesOf(outSpec);
    Checker check{label};
    for (uint64_t e = 0; e < elementCount(in.sizes); ++e) {
        const int64_t x = readInt(memory, elementIndex(in.sizes, inStrides, e), t);
        check.expect(e, x, readInt(run.output, elementIndex(outSpec.sizes, outStrides, e), t), ref(x));
    }
    INFO(check.first);
    CHECK_MESSAGE(check.wrong == 0, label << ": " << check.wrong << " of " << check.checked << " elements wrong");
}

struct Layout {
    TensorSpec in, out;
    bool inPlace;
    std::string name;
};

// Packed, padded (every tensor with its own strides), broadcast input and in place, for random sizes of `rank`.
std::vector<Layout> layoutsOfRank(uint32_t rank, std::mt19937& rng) {
    std::vector<uint32_t> sizes(rank);
    for (auto& s : sizes) s = 1 + rng() % (rank > 5 ? 3 : 7);
    sizes[rank - 1] = 1 + rng() % 13;  // odd innermost extents exercise the sub-word ends
    std::vector<uint32_t> padded(rank), broadcast(rank);
    uint32_t stride = 1;
    for (uint32_t d = rank; d-- > 0;) padded[d] = stride, stride *= sizes[d] + (d == rank - 1 ? 3 : 1);
    broadcast = stridesOf(TensorSpec{sizes, {}, 0});
    broadcast[rng() % rank] = 0;
    return {{TensorSpec{sizes, {}, 0}, {}, false, "packed"},
            {TensorSpec{sizes, padded, 0}, TensorSpec{sizes, {}, 0}, false, "padded input"},
            {TensorSpec{sizes, {}, 0}, TensorSpec{sizes, padded, 0}, false, "padded output"},
            {TensorSpec{sizes, broadcast, 0}, TensorSpec{sizes, {}, 0}, false, "broadcast input"},
            {TensorSpec{sizes, padded, 0}, {}, true, "in place"}};
}

std::string describe(const char* op, const IntType& t, uint32_t rank, const std::string& layout) {
    return std::string(op) + " " + t.name + " rank " + std::to_string(rank) + " " + layout;
}

}  // namespace

TEST_CASE("RELU and ELEMENT_WISE_IDENTITY on integers: exact on every rank and layout") {
    TestDevice device;
    std::mt19937 rng(2024);
    for (const IntType& t : kSigned)
        for (uint32_t rank = 1; rank <= 8; ++rank)
            for (const Layout& l : layoutsOfRank(rank, rng)) {
                runUnary(device, DML_OPERATOR_ACTIVATION_RELU, 0, 0, t, l.in, l.out, l.inPlace, rng(),
                         [](int64_t x) { return std::max<int64_t>(x, 0); }, describe("RELU", t, rank, l.name));
                runUnary(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, 1, 0, t, l.in, l.out, l.inPlace, rng(),
                         [](int64_t x) { return x; }, describe("ELEMENT_WISE_IDENTITY", t, rank, l.name));
            }
    for (const IntType& t : kUnsigned)
        for (uint32_t rank = 1; rank <= 8; ++rank)
            for (const Layout& l : layoutsOfRank(rank, rng))
                runUnary(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, 1, 0, t, l.in, l.out, l.inPlace, rng(),
                         [](int64_t x) { return x; }, describe("ELEMENT_WISE_IDENTITY", t, rank, l.name));
}

TEST_CASE("ELEMENT_WISE_IDENTITY on INT64, UINT64 and FLOAT64: bit-exact copies on every rank and layout") {
    TestDevice device;
    std::mt19937 rng(64);
    const DML_TENSOR_DATA_TYPE types[] = {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64,
                                          DML_TENSOR_DATA_TYPE_FLOAT64};
    for (auto type : types)
        for (uint32_t rank = 1; rank <= 8; ++rank)
            for (const Layout& l : layoutsOfRank(rank, rng)) {
                ActivationCase c;
                c.type = DML_OPERATOR_ELEMENT_WISE_IDENTITY;
                c.attr0 = 1, c.attr1 = 0;
                c.dataType = type;
                c.input = l.in, c.output = l.out, c.inPlace = l.inPlace;
                // Random bit patterns: FLOAT64 NaN payloads, signalling NaNs and subnormals must survive.
                std::vector<uint8_t> memory(tensorBytes(l.in, type));
                for (auto& byte : memory) byte = static_cast<uint8_t>(rng());
                const ActivationRun run = runActivation(device, c, memory);
                const std::string label = "ELEMENT_WISE_IDENTITY type " + std::to_string(type) + " rank " +
                                          std::to_string(rank) + " " + l.name;
                CHECK_MESSAGE(run.canaryIntact, label);
                const TensorSpec& outSpec = l.out.sizes.empty() ? l.in : l.out;
                const auto inStrides = stridesOf(l.in), outStrides = stridesOf(outSpec);
                uint64_t wrong = 0;
                for (uint64_t e = 0; e < elementCount(l.in.sizes); ++e)
                    wrong += std::memcmp(&memory[elementIndex(l.in.sizes, inStrides, e) * 8],
                                         &run.output[elementIndex(outSpec.sizes, outStrides, e) * 8], 8) != 0;
                CHECK_MESSAGE(wrong == 0, label << ": " << wrong << " elements differ");
            }
}

TEST_CASE("SHRINK on integers: the exact truncated result for every 8- and 16-bit value and 32-bit extremes") {
    TestDevice device;
    // {Bias, Threshold}: integral and fractional, negative (branches overlap), tiny and huge, NaN and infinities.
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const std::pair<float, float> params[] = {
        {0.0f, 0.5f},  {1.5f, 1.0f},      {2.0f, 3.0f},    {-2.25f, 0.0f},  {1e-30f, 0.0f},      {0.99999994f, 2.5f},
        {1e10f, 0.0f}, {-1e10f, 7.0f},    {3.0f, -4.5f},   {0.5f, nan},     {nan, 1.0f},         {1.0f, inf},
        {1.0f, -inf},  {-inf, 0.0f},      {65535.5f, 1e9f}, {-2147483648.0f, 2147483648.0f}, {4294967296.0f, -1.0f}};
    std::mt19937 rng(7);
    for (const auto* types : {kSigned, kUnsigned})
        for (int k = 0; k < 3; ++k) {
            const IntType& t = types[k];
            for (const auto& param : params) {
                const float bias = param.first, threshold = param.second;  // C++17 lambdas cannot capture bindings
                const std::string label = std::string("SHRINK ") + t.name + " Bias " + std::to_string(bias) +
                                          " Threshold " + std::to_string(threshold);
                const uint32_t sweep = t.bits <= 16 ? (1u << t.bits) : 4096u;
                runUnary(device, DML_OPERATOR_ACTIVATION_SHRINK, bias, threshold, t, TensorSpec{{sweep}, {}, 0}, {},
                         false, rng(), [&](int64_t x) { return refShrink(x, bias, threshold, t); }, label, true);
            }
            for (uint32_t rank = 1; rank <= 8; ++rank)
                for (const Layout& l : layoutsOfRank(rank, rng))
                    runUnary(device, DML_OPERATOR_ACTIVATION_SHRINK, 1.5f, 2.0f, t, l.in, l.out, l.inPlace, rng(),
                             [&](int64_t x) { return refShrink(x, 1.5f, 2.0f, t); },
                             describe("SHRINK", t, rank, l.name));
        }
}

TEST_CASE("integer reference self-check: truncSum against simple cases") {
    const IntType& i8 = kSigned[2];
    CHECK(truncSum(5, -1.5f, i8) == 3);   // 3.5 -> 3
    CHECK(truncSum(-5, 1.5f, i8) == -3);  // -3.5 -> -3
    CHECK(truncSum(1, -1e-30f, i8) == 0);  // 0.99.. -> 0
    CHECK(truncSum(-1, 1e-30f, i8) == 0);
    CHECK(truncSum(100, 100.0f, i8) == 127);
    CHECK(truncSum(-100, -100.0f, i8) == -128);
    CHECK(refShrink(3, 1.0f, 2.0f, i8) == 2);
    CHECK(refShrink(2, 1.0f, 2.0f, i8) == 0);
    CHECK(refShrink(-3, 1.0f, 2.0f, i8) == -2);
}

namespace {

// PARAMETERIZED_RELU with a slope broadcast over all but one dimension (a per-channel slope), or a full slope.
void runIntegerPrelu(TestDevice& device, const IntType& t, const std::vector<UINT>& sizes, int channel, bool inPlace,
                     uint32_t seed) {
    const uint32_t rank = static_cast<uint32_t>(sizes.size());
    std::vector<UINT> slopeStrides = stridesOf(TensorSpec{sizes, {}, 0});
    if (channel >= 0)
        for (uint32_t d = 0; d < rank; ++d) slopeStrides[d] = d == uint32_t(channel) ? 1 : 0;
    const TensorSpec packed{sizes, {}, 0}, slopeSpec{sizes, slopeStrides, 0};
    auto makeDesc = [&](const TensorSpec& spec, std::vector<UINT>& strides, DML_BUFFER_TENSOR_DESC& b) {
        strides = spec.strides;
        b = {t.type, DML_TENSOR_FLAG_NONE, rank, spec.sizes.data(), strides.empty() ? nullptr : strides.data(),
             tensorBytes(spec, t.type), 0};
        return DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &b};
    };
    std::vector<UINT> s0, s1, s2;
    DML_BUFFER_TENSOR_DESC b0{}, b1{}, b2{};
    DML_TENSOR_DESC in = makeDesc(packed, s0, b0), slope = makeDesc(slopeSpec, s1, b1), out = makeDesc(packed, s2, b2);
    const auto input = integerMemory(t, b0.TotalTensorSizeInBytes, seed);
    const auto slopes = integerMemory(t, b1.TotalTensorSizeInBytes, seed + 1);
    const auto result = runPrelu(device, &in, &slope, &out, input, slopes, inPlace);

    Checker check{std::string("PARAMETERIZED_RELU ") + t.name + " rank " + std::to_string(rank) +
                  (inPlace ? " in place" : "")};
    for (uint64_t e = 0; e < elementCount(sizes); ++e) {
        const int64_t x = readInt(input, e, t), s = readInt(slopes, elementIndex(sizes, slopeStrides, e), t);
        check.expect(e, x, readInt(result, e, t), refPrelu(x, s, t));
    }
    INFO(check.first);
    CHECK_MESSAGE(check.wrong == 0, check.label << ": " << check.wrong << " of " << check.checked << " wrong");
}

}  // namespace

TEST_CASE("PARAMETERIZED_RELU on INT8/16/32: saturating products, broadcast slopes, ranks 1..8, in place") {
    TestDevice device;
    std::mt19937 rng(31);
    for (const IntType& t : kSigned)
        for (uint32_t rank = 1; rank <= 8; ++rank) {
            std::vector<UINT> sizes(rank);
            for (auto& s : sizes) s = 1 + rng() % (rank > 5 ? 3 : 6);
            sizes[rank - 1] = 1 + rng() % 11;
            runIntegerPrelu(device, t, sizes, int(rng() % rank), false, rng());
            runIntegerPrelu(device, t, sizes, -1, false, rng());
            runIntegerPrelu(device, t, sizes, int(rng() % rank), true, rng());
        }
}

TEST_CASE("integer tensors: what is refused") {
    TestDevice device;
    UINT sizes[] = {2, 3};
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, 12, 0};
    DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
    Owned<VkdmlOperator> op;
    CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_RELU, &t, &t, 0, 0, op.put()) == E_INVALIDARG);
    CHECK(device.lastError().find("UINT16") != std::string::npos);
    CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_ELU, &t, &t, 1, 0, op.put()) == E_INVALIDARG);
    CHECK(tryCreateActivation(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &t, &t, 2, 0, op.put()) == E_NOTIMPL);
    CHECK(device.lastError().find("ScaleBias") != std::string::npos);
    CHECK(tryCreateActivation(device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &t, &t, 1, 0, op.put()) == S_OK);
}
