// MATRIX_MULTIPLY_INTEGER, QUANTIZED_LINEAR_MATRIX_MULTIPLY and MATRIX_MULTIPLY_INTEGER_TO_FLOAT end to end against
// exact references: INT8 and UINT8 operands (mixed too), zero points and scales absent, per tensor, per row of A and
// per column of B (right-aligned, of fewer dimensions too), batch dimensions, K up to 4099; sums exact in INT32;
// QUANTIZED_LINEAR rounds half to even and saturates; validation of every field; the 8-bit cooperative-matrix
// kernel in every layout of A and B, its matrix operations emulated.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "data_type_names.h"
#include "emulated_kernel_messages.h"
#include "family_runner.h"
#include "reference_gemm.h"
#include "reference_reduce.h"
#include "scoped_env.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

constexpr DML_OPERATOR_TYPE kMmi = DML_OPERATOR_MATRIX_MULTIPLY_INTEGER,
                            kQlmm = DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY,
                            kMmitf = DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT;

// A parameter tensor: its sizes (empty: absent) and type.
struct Param {
    std::vector<uint32_t> sizes;
    Type type = U8;
};

struct Spec {
    DML_OPERATOR_TYPE op = kMmi;
    std::vector<uint32_t> batch;
    uint32_t m = 1, n = 1, k = 1;
    Type aType = U8, bType = U8, outType = I32;
    Param aZero, bZero, aScale, bScale, outScale, outZero, bias;
    std::vector<uint32_t> aStrides, bStrides;  // empty: packed
    int64_t lo = 0, hi = -1;  // the range of A, B and their zero points; empty: the 8-bit type's
};

// Integers in [lo, hi] as elements of `type` (of up to 32 bits).
ValueGen integersIn(Type type, int64_t lo, int64_t hi) {
    return [=](std::mt19937_64& rng) {
        const int64_t v = lo + int64_t(rng() % uint64_t(hi - lo + 1));
        return uint64_t(v) & ((uint64_t(1) << elementBits(type)) - 1);
    };
}

FamilyTensor paramTensor(const Param& p) {
    FamilyTensor t = tensorOf(p.type, p.sizes.empty() ? std::vector<uint32_t>{1} : p.sizes);
    t.absent = p.sizes.empty();
    return t;
}

// The case's inputs in desc order, and the builder.
FamilyCase integerCase(const Spec& s) {
    FamilyCase c;
    c.op = s.op;
    const FamilyTensor a = tensorOf(s.aType, withBatch(s.batch, s.m, s.k), s.aStrides);
    const FamilyTensor b = tensorOf(s.bType, withBatch(s.batch, s.k, s.n), s.bStrides);
    switch (s.op) {
        case kMmi: c.inputs = {a, paramTensor(s.aZero), b, paramTensor(s.bZero)}; break;
        case kQlmm:
            c.inputs = {a, paramTensor(s.aScale), paramTensor(s.aZero), b, paramTensor(s.bScale),
                        paramTensor(s.bZero), paramTensor(s.outScale), paramTensor(s.outZero)};
            break;
        default:
            c.inputs = {a, paramTensor(s.aScale), paramTensor(s.aZero), b, paramTensor(s.bScale), paramTensor(s.bZero),
                        paramTensor(s.bias)};
            break;
    }
    c.output = tensorOf(s.outType, withBatch(s.batch, s.m, s.n));
    c.build = [](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC mmi{};
        DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC qlmm{};
        DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC mmitf{};
        DML_OPERATOR_DESC desc{type, nullptr};
        if (type == kMmi) {
            REQUIRE(t.size() == 5);
            mmi = {t[0], t[1], t[2], t[3], t[4]};
            desc.Desc = &mmi;
        } else if (type == kQlmm) {
            REQUIRE(t.size() == 9);
            qlmm = {t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]};
            desc.Desc = &qlmm;
        } else {
            REQUIRE(t.size() == 8);
            mmitf = {t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]};
            desc.Desc = &mmitf;
        }
        return vkdmlCreateOperator(device, &desc, op);
    };
    return c;
}

// p's value at `coord` of the tensor it applies to (right-aligned; dimensions of size 1 repeat); `absent`: none.
double paramAt(const HostTensor* p, const std::vector<uint32_t>& coord, double absent) {
    if (!p) return absent;
    uint64_t index = 0;
    const size_t offset = coord.size() - p->sizes.size();
    for (size_t d = 0; d < p->sizes.size(); ++d) index = index * p->sizes[d] + (p->sizes[d] == 1 ? 0 : coord[offset + d]);
    return p->values[index];
}

// The expected output, row-major: exact sums; the integer-to-float and quantized epilogues.
std::vector<Expected> expectInteger(const Spec& s, const FamilyCase& c) {
    std::vector<HostTensor> in;
    for (const FamilyTensor& t : c.inputs) in.push_back(t.absent ? HostTensor{} : hostTensor(t));
    auto tensor = [&](size_t i) { return c.inputs[i].absent ? nullptr : &in[i]; };
    const bool qlmm = s.op == kQlmm, mmitf = s.op == kMmitf;
    const HostTensor& a = in[0];
    const HostTensor& b = in[s.op == kMmi ? 2 : 3];
    const HostTensor* aZero = tensor(s.op == kMmi ? 1 : 2);
    const HostTensor* bZero = tensor(s.op == kMmi ? 3 : 5);
    const HostTensor* aScale = s.op == kMmi ? nullptr : tensor(1);
    const HostTensor* bScale = s.op == kMmi ? nullptr : tensor(4);
    const HostTensor* outScale = qlmm ? tensor(6) : nullptr;
    const HostTensor* outZero = qlmm ? tensor(7) : nullptr;
    const HostTensor* bias = mmitf ? tensor(6) : nullptr;
    uint64_t batches = 1;
    for (uint32_t d : s.batch) batches *= d;
    std::vector<Expected> out(batches * s.m * s.n);
    const double u32 = std::ldexp(1.0, -24);
    const bool floatSums = mmitf && elementBits(s.aType) > 8;
    for (uint64_t z = 0; z < batches; ++z) {
        std::vector<uint32_t> batchCoord(s.batch.size());
        for (size_t d = s.batch.size(), rest = z; d-- > 0;) batchCoord[d] = uint32_t(rest % s.batch[d]), rest /= s.batch[d];
        auto coord = [&](uint32_t row, uint32_t column) {
            std::vector<uint32_t> v = batchCoord;
            v.push_back(row);
            v.push_back(column);
            return v;
        };
        for (uint32_t i = 0; i < s.m; ++i)
            for (uint32_t j = 0; j < s.n; ++j) {
                __int128 sum = 0;  // exact: differences of up to 33 bits, K products of them
                double magnitude = 0;
                const double az = paramAt(aZero, coord(i, 0), 0), bz = paramAt(bZero, coord(0, j), 0);
                for (uint32_t q = 0; q < s.k; ++q) {
                    const int64_t da = int64_t(a.values[(z * s.m + i) * s.k + q] - az);
                    const int64_t db = int64_t(b.values[(z * s.k + q) * s.n + j] - bz);
                    sum += __int128(da) * db;
                    magnitude += std::fabs(double(da) * double(db));
                }
                Expected& e = out[(z * s.m + i) * s.n + j];
                if (s.op == kMmi) {
                    e = {double(int32_t(uint32_t(sum))), 0};
                    continue;
                }
                const double scale = paramAt(aScale, coord(i, 0), 1) * paramAt(bScale, coord(0, j), 1);
                if (mmitf) {
                    const double v = double(sum) * scale, add = paramAt(bias, coord(i, j), 0);
                    double bound = 4 * u32 * (std::fabs(v) + std::fabs(add));
                    // FLOAT32 sums: each difference rounded once, then K fma steps (GEMM's bound).
                    if (floatSums) bound += (s.k + 4) * u32 * magnitude * std::fabs(scale);
                    if (s.outType == F16) bound += 0.5 * ulpOf(F16, std::fabs(v + add) + bound);
                    e = {v + add, bound};
                    continue;
                }
                const double real = double(sum) * scale / paramAt(outScale, coord(i, j), 1);
                const double rounded = std::nearbyint(real) + paramAt(outZero, coord(i, j), 0);
                const double lo = s.outType == I8 ? -128 : 0, hi = s.outType == I8 ? 127 : 255;
                // Within a few FLOAT32 roundings of a tie either neighbour is right.
                const double tieDistance = std::fabs(std::fabs(real - std::trunc(real)) - 0.5);
                const bool nearTie = tieDistance <= 8 * u32 * std::fabs(real);
                e = {std::min(hi, std::max(lo, rounded)), nearTie ? 1.0 : 0.0};
            }
    }
    return out;
}

void checkInteger(TestDevice& device, const Spec& s, std::mt19937_64& rng, const std::string& label) {
    INFO(label);
    FamilyCase c = integerCase(s);
    for (FamilyTensor& t : c.inputs) {
        if (t.absent) continue;
        if (isFloatType(t.type)) fillTensor(t, rng, {}, uniformFloats(t.type, 0.001, 0.01));
        else if (s.lo <= s.hi) fillTensor(t, rng, {}, integersIn(t.type, s.lo, s.hi));
        else fillTensor(t, rng, {}, t.type == I8 ? smallIntegers(t.type, -128, 127) : smallIntegers(t.type, 0, 255));
    }
    if (s.op == kQlmm) {  // output scales that spread the results over the type's range
        const double typical = 0.01 * 0.01 * 128.0 * 128.0 * std::sqrt(double(s.k)) / 64.0;
        fillTensor(c.inputs[6], rng, {}, uniformFloats(F32, typical, 2 * typical));
    }
    if (s.op == kMmitf && !c.inputs[6].absent) fillTensor(c.inputs[6], rng, {}, uniformFloats(s.outType, -2, 2));
    runAndCheck(device, c, label, expectInteger(s, c));
}

}  // namespace

TEST_CASE("MATRIX_MULTIPLY_INTEGER: INT8 and UINT8, zero points absent, per tensor, per row and per column") {
    TestDevice device;
    std::mt19937_64 rng(601);
    const Type types[][2] = {{U8, U8}, {I8, I8}, {U8, I8}, {I8, U8}};
    for (const auto& t : types) {
        Spec s;
        s.aType = t[0], s.bType = t[1];
        s.m = 17, s.n = 33, s.k = 45;
        checkInteger(device, s, rng, "no zero points");
        s.aZero = {{1, 1}, t[0]}, s.bZero = {{1, 1}, t[1]};
        checkInteger(device, s, rng, "per-tensor zero points");
        s.aZero = {{17, 1}, t[0]}, s.bZero = {{1, 33}, t[1]};
        checkInteger(device, s, rng, "per-row and per-column zero points");
        s.batch = {2, 3}, s.aZero = {{1, 1, 17, 1}, t[0]}, s.bZero = {{33}, t[1]};
        checkInteger(device, s, rng, "4-D, B's zero point 1-D");
    }
    Spec s;
    s.m = 5, s.n = 3, s.k = 4099, s.aZero = {{1}, U8}, s.bZero = {{1}, U8};
    checkInteger(device, s, rng, "K 4099");
}

// The skinny kernel takes these on GPUs (VKDML_TEST_GEMM_GPU_SHAPES=1 here).
TEST_CASE("Integer multiplies with M of 1 and 2 (the skinny kernel): zero points, scales, Bias, K tails") {
    TestDevice device;
    std::mt19937_64 rng(604);
    for (uint32_t m : {1u, 2u}) {
        Spec s;
        s.m = m, s.n = 70, s.k = 1001, s.aType = I8, s.bType = U8;
        s.aZero = {{m, 1}, I8}, s.bZero = {{1, 70}, U8};
        checkInteger(device, s, rng, "MATRIX_MULTIPLY_INTEGER, skinny");
        Spec q;
        q.op = kQlmm, q.aType = q.bType = q.outType = U8;
        q.m = m, q.n = 33, q.k = 130;
        q.aScale = {{1, 1}, F32}, q.bScale = {{1, 33}, F32}, q.outScale = {{1, 1}, F32};
        q.aZero = {{1, 1}, U8}, q.bZero = {{1, 33}, U8}, q.outZero = {{1, 1}, U8};
        checkInteger(device, q, rng, "QUANTIZED_LINEAR_MATRIX_MULTIPLY, skinny");
        Spec f;
        f.op = kMmitf, f.aType = f.bType = I8, f.outType = F16;
        f.m = m, f.n = 18, f.k = 77, f.aScale = {{1, 1}, F16}, f.bScale = {{1, 18}, F16}, f.bias = {{m, 18}, F16};
        checkInteger(device, f, rng, "MATRIX_MULTIPLY_INTEGER_TO_FLOAT, skinny");
    }
}

TEST_CASE("QUANTIZED_LINEAR_MATRIX_MULTIPLY: UINT8 and INT8, scales and zero points per tensor, row and column") {
    TestDevice device;
    std::mt19937_64 rng(602);
    for (Type t : {U8, I8}) {
        Spec s;
        s.op = kQlmm, s.aType = s.bType = s.outType = t;
        s.m = 19, s.n = 21, s.k = 64;
        s.aScale = {{1, 1}, F32}, s.bScale = {{1, 1}, F32}, s.outScale = {{1, 1}, F32};
        checkInteger(device, s, rng, "per-tensor scales, no zero points");
        s.aZero = {{1, 1}, t}, s.bZero = {{1, 1}, t}, s.outZero = {{1, 1}, t};
        checkInteger(device, s, rng, "per-tensor scales and zero points");
        s.aScale = {{19, 1}, F32}, s.aZero = {{19, 1}, t}, s.bScale = {{1, 21}, F32}, s.bZero = {{1, 21}, t};
        checkInteger(device, s, rng, "per-row A, per-column B");
        s.batch = {3};
        s.aScale = {{1, 19, 1}, F32}, s.aZero = {{1, 19, 1}, t}, s.bScale = {{1, 1, 21}, F32},
        s.bZero = {{1, 1, 21}, t}, s.outScale = {{1, 1, 1}, F32}, s.outZero = {{1, 1, 1}, t};
        checkInteger(device, s, rng, "3-D");
    }
}

TEST_CASE("MATRIX_MULTIPLY_INTEGER_TO_FLOAT: FLOAT32 and FLOAT16 outputs, Bias, per-row and per-column scales") {
    TestDevice device;
    std::mt19937_64 rng(603);
    for (Type out : {F32, F16})
        for (Type t : {U8, I8}) {
            Spec s;
            s.op = kMmitf, s.aType = s.bType = t, s.outType = out;
            s.m = 23, s.n = 18, s.k = 77;
            s.aScale = {{1, 1}, out}, s.bScale = {{1, 1}, out};
            checkInteger(device, s, rng, "per-tensor scales");
            s.aScale = {{23, 1}, out}, s.bScale = {{1, 18}, out}, s.aZero = {{23, 1}, t}, s.bZero = {{1, 18}, t};
            s.bias = {{23, 18}, out};
            checkInteger(device, s, rng, "per-row and per-column scales, zero points, Bias");
            s.batch = {2, 2}, s.aScale = {{1, 1, 23, 1}, out}, s.bScale = {{1, 1, 1, 18}, out};
            s.aZero = {{1, 1, 23, 1}, t}, s.bZero = {{1, 1, 1, 18}, t}, s.bias = {{2, 2, 23, 18}, out};
            checkInteger(device, s, rng, "4-D");
        }
}

// Their products do not fit INT32: each difference from its zero point is exact, rounded once to FLOAT32, and the
// sums are FLOAT32's. Values and zero points crowded far from 0 catch a difference of rounded values.
TEST_CASE("MATRIX_MULTIPLY_INTEGER_TO_FLOAT: INT16, UINT16, INT32 and UINT32 operands, summed in FLOAT32") {
    TestDevice device;
    std::mt19937_64 rng(611);
    struct Range {
        Type type;
        int64_t lo, hi;
        const char* what;
    };
    const Range ranges[] = {
        {I16, INT16_MIN, INT16_MAX, "INT16"},
        {U16, 0, UINT16_MAX, "UINT16"},
        {I32, INT32_MIN, INT32_MAX, "INT32"},
        {U32, 0, UINT32_MAX, "UINT32"},
        {I32, INT32_MAX - 600, INT32_MAX, "INT32 near its largest"},
        {I32, INT32_MIN, INT32_MIN + 600, "INT32 near its smallest"},
        {U32, UINT32_MAX - 600, UINT32_MAX, "UINT32 near its largest"},
    };
    for (const Range& r : ranges) {
        Spec s;
        s.op = kMmitf, s.aType = s.bType = r.type, s.outType = F32, s.lo = r.lo, s.hi = r.hi;
        s.m = 23, s.n = 18, s.k = 77;
        s.aScale = {{1, 1}, F32}, s.bScale = {{1, 1}, F32};
        checkInteger(device, s, rng, std::string(r.what) + ", no zero points");
        s.aScale = {{23, 1}, F32}, s.bScale = {{1, 18}, F32}, s.aZero = {{23, 1}, r.type}, s.bZero = {{1, 18}, r.type};
        s.bias = {{23, 18}, F32};
        checkInteger(device, s, rng, std::string(r.what) + ", zero points and scales per row and column, Bias");
        s.batch = {2, 3}, s.m = 1, s.n = 37, s.k = 301;
        s.aScale = {{1, 1, 1, 1}, F32}, s.bScale = {{1, 1, 1, 37}, F32}, s.aZero = {{1, 1, 1, 1}, r.type};
        s.bZero = {{1, 1, 1, 37}, r.type}, s.bias = {{2, 3, 1, 37}, F32};
        checkInteger(device, s, rng, std::string(r.what) + ", one row (the skinny kernel), 4-D");
    }
    Spec s;  // FLOAT16 scales, Bias and output: operands whose sums stay within FLOAT16's range
    s.op = kMmitf, s.aType = s.bType = I16, s.outType = F16, s.lo = -300, s.hi = 300;
    s.m = 19, s.n = 21, s.k = 1031;
    s.aScale = {{19, 1}, F16}, s.bScale = {{1, 21}, F16}, s.aZero = {{1, 1}, I16}, s.bZero = {{1, 21}, I16};
    s.bias = {{19, 21}, F16};
    checkInteger(device, s, rng, "INT16, FLOAT16 output");
}

TEST_CASE("integer matrix multiplies: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    struct Invalid {
        const char* name;
        Spec s;
        const char* field;
        HRESULT hr = E_INVALIDARG;
    };
    Spec mmi;
    mmi.m = 3, mmi.n = 4, mmi.k = 5, mmi.aZero = {{3, 1}, U8}, mmi.bZero = {{1, 4}, U8};
    Spec qlmm = mmi;
    qlmm.op = kQlmm, qlmm.outType = U8, qlmm.aScale = {{1, 1}, F32}, qlmm.bScale = {{1, 1}, F32},
    qlmm.outScale = {{1, 1}, F32};
    Spec mmitf = mmi;
    mmitf.op = kMmitf, mmitf.outType = F32, mmitf.aScale = {{1, 1}, F32}, mmitf.bScale = {{1, 1}, F32};
    auto with = [](Spec s, auto change) {
        change(s);
        return s;
    };
    Invalid cases[] = {
        {"A's zero point along K", with(mmi, [](Spec& s) { s.aZero.sizes = {3, 5}; }), "AZeroPointTensor.Sizes[1]"},
        {"B's zero point along K", with(mmi, [](Spec& s) { s.bZero.sizes = {5, 4}; }), "BZeroPointTensor.Sizes[0]"},
        {"A's zero point of 3 dimensions on 2-D A", with(mmi, [](Spec& s) { s.aZero.sizes = {1, 3, 1}; }),
         "AZeroPointTensor.DimensionCount"},
        {"zero point of another type", with(mmi, [](Spec& s) { s.aZero.type = I8; }), "AZeroPointTensor.DataType"},
        {"INT32 output of INT16", with(mmi, [](Spec& s) { s.aType = I16; s.aZero.type = I16; }), "DataType"},
        {"FLOAT32 output", with(mmi, [](Spec& s) { s.outType = F32; }), "OutputTensor.DataType"},
        {"QLMM scales of different ranks", with(qlmm, [](Spec& s) { s.bScale.sizes = {1}; }), "DimensionCount"},
        {"QLMM output zero point of another type",
         with(qlmm, [](Spec& s) { s.outZero = {{1, 1}, I8}; }), "OutputZeroPointTensor.DataType"},
        {"QLMM INT32 output", with(qlmm, [](Spec& s) { s.outType = I32; }), "OutputTensor.DataType"},
        {"MMITF Bias of other sizes", with(mmitf, [](Spec& s) { s.bias = {{1, 4}, F32}; }), "BiasTensor.Sizes[0]"},
        {"MMITF scale of FLOAT16 with FLOAT32 output", with(mmitf, [](Spec& s) { s.aScale.type = F16; }),
         "DataType"},
        {"MMITF INT32 A with INT16 B",
         with(mmitf, [](Spec& s) { s.aType = s.aZero.type = I32, s.bType = s.bZero.type = I16; }), "DataType"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        device.clearErrors();
        CHECK(tryCreate(device, integerCase(c.s)) == c.hr);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
}

// The 8-bit cooperative-matrix kernel itself, on a device without cooperative matrices
// (VKDML_TEST_GEMM_COOPERATIVE_EMULATED: its matrix operations in plain GLSL): in each layout of A and B (K innermost
// or not, by 16-byte copies or element by element), each passes the device check and then runs an integer multiply
// over several 128 x 128 tiles with partial ones and a batch, exactly: the three operators, UINT8 and INT8 operands
// (UINT8 ones shifted by 128 into INT8's range, the shift and the zero points taken back out through sums along K),
// zero points absent, per tensor, per row and per column, K with and without a tail of the 64-byte step.
TEST_CASE("Integer multiplies: the 8-bit cooperative-matrix kernel itself, its matrix operations emulated, in every layout") {
    ScopedEnv emulated("VKDML_TEST_GEMM_COOPERATIVE_EMULATED", "1");
    TestDevice device(DML_FEATURE_LEVEL_6_4);  // a C API device: it reads the option when it is created
    EmulatedKernelMessages captured(device, "INT8, A ");  // "... kernel (A UINT8, B INT8, A K-innermost ..."
    std::mt19937_64 rng(605);
    const Type types[][2] = {{U8, U8}, {I8, I8}, {U8, I8}, {I8, U8}};
    for (const bool vectors : {true, false})
        for (int trans = 0; trans < 4; ++trans) {
            const int variant = trans + (vectors ? 0 : 4);
            Spec s;
            s.aType = types[variant % 4][0], s.bType = types[variant % 4][1];
            s.batch = {2};
            s.m = vectors ? 208 : 200, s.n = vectors ? 144 : 136, s.k = vectors ? 160 : 150;
            // A stored {K, M} (M innermost) when transposed, B stored {N, K}; padded by whole vectors or by 3.
            const std::vector<uint32_t> aSizes = withBatch(s.batch, s.m, s.k), bSizes = withBatch(s.batch, s.k, s.n);
            const uint32_t pad = vectors ? 16 : 3;
            s.aStrides = trans & 1 ? permutedStrides(aSizes, {0, 2, 1}, pad) : paddedStrides(aSizes, pad);
            s.bStrides = trans & 2 ? permutedStrides(bSizes, {0, 2, 1}, pad) : paddedStrides(bSizes, pad);
            const Type outs[] = {U8, I8};
            switch (variant % 3) {
                case 0:  // zero points per row and per column, or (INT8 A and B) none
                    if (variant != 3) s.aZero = {{s.m, 1}, s.aType}, s.bZero = {{1, s.n}, s.bType};
                    checkInteger(device, s, rng, "MATRIX_MULTIPLY_INTEGER, layout " + std::to_string(variant));
                    break;
                case 1:
                    s.op = kQlmm, s.outType = outs[variant % 2];
                    s.aScale = {{1, 1}, F32}, s.bScale = {{1, s.n}, F32}, s.outScale = {{1, 1}, F32};
                    s.aZero = {{1, 1}, s.aType}, s.bZero = {{1, s.n}, s.bType}, s.outZero = {{1, 1}, s.outType};
                    checkInteger(device, s, rng, "QUANTIZED_LINEAR_MATRIX_MULTIPLY, layout " + std::to_string(variant));
                    break;
                default:
                    s.op = kMmitf, s.outType = F32, s.bType = s.aType;  // its A and B have one type
                    s.aScale = {{s.m, 1}, F32}, s.bScale = {{1, 1}, F32}, s.bias = {withBatch(s.batch, s.m, s.n), F32};
                    s.bZero = {{1, 1}, s.bType};
                    checkInteger(device, s, rng, "MATRIX_MULTIPLY_INTEGER_TO_FLOAT, layout " + std::to_string(variant));
                    break;
            }
        }
    captured.stop();
    CHECK(captured.other.empty());
    for (const std::string& m : captured.other) MESSAGE(m);
    CHECK(captured.passed.size() == 8u);  // one check per layout and pair of types
}
