// The softmax family end to end against the double references of reference_reduce.h: the legacy SOFTMAX,
// LOG_SOFTMAX and HARDMAX over the last axis of any rank, SOFTMAX1, LOG_SOFTMAX1 and HARDMAX1 over any set of axes
// jointly, FLOAT32 within 4 ULP and FLOAT16 within 1 ULP for rows of any length, rows of huge values (the maximum is
// subtracted), infinities and NaN, HARDMAX's first maximum, and validation.
#include <cmath>
#include <iterator>
#include <limits>
#include <string>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_reduce.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

struct Op {
    DML_OPERATOR_TYPE type;
    const char* name;
    SoftmaxKind kind;
    bool legacy;
};
constexpr Op kLegacy[] = {
    {DML_OPERATOR_ACTIVATION_SOFTMAX, "SOFTMAX", SoftmaxKind::Softmax, true},
    {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX, "LOG_SOFTMAX", SoftmaxKind::LogSoftmax, true},
    {DML_OPERATOR_ACTIVATION_HARDMAX, "HARDMAX", SoftmaxKind::Hardmax, true},
};
constexpr Op kAxes[] = {
    {DML_OPERATOR_ACTIVATION_SOFTMAX1, "SOFTMAX1", SoftmaxKind::Softmax, false},
    {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1, "LOG_SOFTMAX1", SoftmaxKind::LogSoftmax, false},
    {DML_OPERATOR_ACTIVATION_HARDMAX1, "HARDMAX1", SoftmaxKind::Hardmax, false},
};

const AxisPattern kPatterns[] = {
    {"last axis", {6, 5, 17}, {2}},
    {"first axis", {17, 6, 5}, {0}},
    {"middle axis", {5, 17, 6}, {1}},
    {"axes {0,2}", {7, 4, 9}, {0, 2}},
    {"axes {2,1}", {3, 5, 6, 4}, {2, 1}},
    {"all axes {2,0,1}", {3, 7, 5}, {2, 0, 1}},
    {"rank 1", {129}, {0}},
    {"rank 8 axes {7,0,3}", {2, 1, 3, 2, 1, 2, 3, 2}, {7, 0, 3}},
    {"rows of length 1", {5, 3, 1}, {2}},
    {"odd rows", {3, 1001}, {1}},
};

// Values of comparable exponentials (and ties for HARDMAX: the FLOAT16 grid is coarse).
ValueGen valuesFor(SoftmaxKind kind, Type t) {
    return kind == SoftmaxKind::Hardmax ? smallIntegers(t, -3, 3) : uniformFloats(t, -8, 8);
}

FamilyCase softmaxCase(const Op& op, Type t, const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes,
                       const std::vector<uint32_t>& inStrides = {}, const std::vector<uint32_t>& outStrides = {}) {
    FamilyCase c;
    c.op = op.type;
    c.inputs = {tensorOf(t, sizes, inStrides)};
    c.output = tensorOf(t, sizes, outStrides);
    c.build = softmaxBuilder(axes);
    return c;
}

void checkSoftmax(TestDevice& device, const Op& op, FamilyCase& c, const std::vector<uint32_t>& axes,
                  std::mt19937_64& rng, const std::string& label, ValueGen gen,
                  const std::vector<uint64_t>& prefix = {}) {
    fillTensor(c.inputs[0], rng, prefix, gen);
    const Type t = c.inputs[0].type;
    const HostTensor x = hostTensor(c.inputs[0]);
    const auto expected = expectSoftmax(op.kind, t, x, axes);
    HostTensor flushed;
    std::vector<Expected> alternative;
    if (t == F32 && flushSubnormals(x, flushed)) alternative = expectSoftmax(op.kind, t, flushed, axes);
    runAndCheck(device, c, std::string(op.name) + " " + typeName(t) + " " + label, expected,
                alternative.empty() ? nullptr : &alternative);
}

std::vector<uint32_t> lastAxis(const std::vector<uint32_t>& sizes) { return {uint32_t(sizes.size() - 1)}; }

}  // namespace

TEST_CASE("HARDMAX1: DirectML's documented example") {
    TestDevice device;
    std::mt19937_64 rng(1);
    const std::vector<double> input = {12, 0, -101, 11, 3, 234, 0, -101};
    const std::vector<double> output = {0, 0, 0, 1, 0, 1, 0, 0};
    std::vector<uint64_t> prefix;
    for (double v : input) prefix.push_back(floatBits(F32, v));
    FamilyCase c = softmaxCase(kAxes[2], F32, {2, 2, 2}, {0, 2});
    fillTensor(c.inputs[0], rng, prefix);
    std::vector<Expected> expected;
    for (double v : output) expected.push_back({v, 0});
    runAndCheck(device, c, "HARDMAX1 example over {0,2}", expected);
}

TEST_CASE("SOFTMAX, LOG_SOFTMAX, HARDMAX: the last axis of ranks 1 to 8, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(2);
    for (const Op& op : kLegacy) {
        for (uint32_t rank = 1; rank <= 8; ++rank) {
            std::vector<uint32_t> sizes(rank, 2);
            sizes.back() = 3 + static_cast<uint32_t>(rng() % 40);
            if (rank > 1) sizes[0] = 3;
            const Type t = rank % 3 == 0 ? F16 : F32;
            std::string layout = "in ";
            const auto inStrides = randomStrides(sizes, rng, true, layout);
            layout += ", out ";
            const auto outStrides = randomStrides(sizes, rng, false, layout);
            FamilyCase c = softmaxCase(op, t, sizes, {}, inStrides, outStrides);
            checkSoftmax(device, op, c, lastAxis(sizes), rng, "rank " + std::to_string(rank) + " " + layout,
                         valuesFor(op.kind, t));
        }
    }
}

TEST_CASE("SOFTMAX1, LOG_SOFTMAX1, HARDMAX1: every axis pattern, FLOAT32 and FLOAT16, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(3);
    for (const Op& op : kAxes) {
        for (size_t i = 0; i < std::size(kPatterns); ++i) {
            const AxisPattern& p = kPatterns[i];
            for (Type t : {F32, F16}) {
                if (t == F16 && i % 2) continue;
                std::string layout = "in ";
                const auto inStrides = randomStrides(p.sizes, rng, true, layout);
                layout += ", out ";
                const auto outStrides = randomStrides(p.sizes, rng, false, layout);
                FamilyCase c = softmaxCase(op, t, p.sizes, p.axes, inStrides, outStrides);
                c.separateBuffers = i % 3 == 0;
                checkSoftmax(device, op, c, p.axes, rng, std::string(p.name) + " " + layout, valuesFor(op.kind, t));
            }
        }
    }
}

TEST_CASE("SOFTMAX family: rows of huge values give the results of the same rows shifted to 0") {
    TestDevice device;
    std::mt19937_64 rng(4);
    // Rows [h, h+1, h+2, h+3], [0, 1, 2, 3], [-h, ..., -h-3]: the exponentials of the first overflow FLOAT32 (and
    // those of the last underflow) unless each row's maximum is subtracted first.
    for (Type t : {F32, F16}) {
        const double h = t == F32 ? 10000 : 200;
        std::vector<uint64_t> prefix;
        for (double base : {h, 0.0, -h})
            for (double k = 0; k < 4; ++k) prefix.push_back(floatBits(t, base < 0 ? base - k : base + k));
        for (const Op& op : {kLegacy[0], kLegacy[1], kAxes[0], kAxes[1]}) {
            FamilyCase c = softmaxCase(op, t, {3, 4}, {1});
            checkSoftmax(device, op, c, {1}, rng, "rows of huge values", {}, prefix);
        }
    }
}

TEST_CASE("SOFTMAX family: infinities, NaN, signed zeros, subnormals, ties") {
    TestDevice device;
    std::mt19937_64 rng(5);
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    for (Type t : {F32, F16}) {
        const double tiny = t == F32 ? 0x1p-149 : 0x1p-24;
        const std::vector<std::vector<double>> rows = {
            {-inf, 0, 1, -inf},  {-inf, -inf, -inf, -inf}, {nan, 1, 2, 3},       {1, inf, 2, 3},
            {inf, inf, 0, 0},    {-0.0, 0.0, -0.0, 0.0},   {1, 1, 1, 1},         {tiny, -tiny, 0, -0.0},
            {0, -20, -60, -100}, {2, nan, 2, nan},         {-inf, 5, -inf, -inf}, {3, 7, 7, 3},
        };
        std::vector<uint64_t> prefix;
        for (const auto& row : rows)
            for (double v : row) prefix.push_back(floatBits(t, v));
        const std::vector<uint32_t> sizes = {uint32_t(rows.size()), 4};
        for (const Op& op : kAxes) {
            FamilyCase c = softmaxCase(op, t, sizes, {1});
            checkSoftmax(device, op, c, {1}, rng, "special rows", {}, prefix);
        }
        for (const Op& op : kLegacy) {
            FamilyCase c = softmaxCase(op, t, sizes, {});
            checkSoftmax(device, op, c, {1}, rng, "special rows", {}, prefix);
        }
    }
}

TEST_CASE("SOFTMAX family: a row of 2^20+7, 300000 rows of 3, rows of 1 to 7") {
    TestDevice device;
    std::mt19937_64 rng(6);
    const uint32_t longRow = (1u << 20) + 7;
    for (const Op& op : kAxes) {
        FamilyCase c = softmaxCase(op, F32, {longRow}, {0});
        checkSoftmax(device, op, c, {0}, rng, "a row of 2^20+7", valuesFor(op.kind, F32));
    }
    {
        FamilyCase c = softmaxCase(kAxes[0], F16, {2, 65536}, {1});
        checkSoftmax(device, kAxes[0], c, {1}, rng, "2 rows of 65536", valuesFor(SoftmaxKind::Softmax, F16));
    }
    for (const Op& op : {kAxes[0], kLegacy[1]}) {
        FamilyCase c = softmaxCase(op, F32, {300000, 3}, {1});
        checkSoftmax(device, op, c, {1}, rng, "300000 rows of 3", valuesFor(op.kind, F32));
    }
    {
        FamilyCase c = softmaxCase(kAxes[1], F32, {40000, 3}, {0});
        checkSoftmax(device, kAxes[1], c, {0}, rng, "3 columns of 40000", valuesFor(SoftmaxKind::LogSoftmax, F32));
    }
    const uint32_t rows = 20000 / denseStride();
    for (uint32_t length = 1; length <= 7; ++length) {
        const Op& op = kAxes[length % 3];
        FamilyCase c = softmaxCase(op, F32, {rows, length}, {1});
        checkSoftmax(device, op, c, {1}, rng, std::to_string(rows) + " rows of " + std::to_string(length),
                     valuesFor(op.kind, F32));
    }
}

TEST_CASE("SOFTMAX family: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    struct Invalid {
        const char* name;
        FamilyCase c;
        const char* field;
    };
    auto make = [](const Op& op, Type in, Type out, std::vector<uint32_t> sizes, std::vector<uint32_t> outSizes,
                   std::vector<uint32_t> axes) {
        FamilyCase c = softmaxCase(op, in, sizes, axes);
        c.output = tensorOf(out, outSizes);
        return c;
    };
    FamilyCase nullAxes = make(kAxes[0], F32, F32, {2, 3}, {2, 3}, {});
    nullAxes.build = [](VkdmlDevice d, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                        VkdmlOperator* op) {
        DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC desc{t[0], t[1], 1, nullptr};
        DML_OPERATOR_DESC o{type, &desc};
        return vkdmlCreateOperator(d, &o, op);
    };
    Invalid cases[] = {
        {"SOFTMAX1 duplicate axes", make(kAxes[0], F32, F32, {2, 3}, {2, 3}, {1, 1}), "Axes"},
        {"LOG_SOFTMAX1 axis = DimensionCount", make(kAxes[1], F32, F32, {2, 3}, {2, 3}, {2}), "Axes"},
        {"HARDMAX1 axis far out of range", make(kAxes[2], F32, F32, {2, 3}, {2, 3}, {0xffffffffu}), "Axes"},
        {"SOFTMAX1 NULL Axes", nullAxes, "Axes"},
        {"SOFTMAX1 output sizes differ", make(kAxes[0], F32, F32, {2, 3}, {2, 4}, {1}), "OutputTensor"},
        {"SOFTMAX output rank differs", make(kLegacy[0], F32, F32, {2, 3}, {6}, {}), "OutputTensor"},
        {"LOG_SOFTMAX output type differs", make(kLegacy[1], F32, F16, {2, 3}, {2, 3}, {}), "DataType"},
        {"HARDMAX1 INT32", make(kAxes[2], I32, I32, {2, 3}, {2, 3}, {1}), "DataType"},
        {"SOFTMAX UINT8", make(kLegacy[0], U8, U8, {2, 3}, {2, 3}, {}), "DataType"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        device.clearErrors();
        CHECK(tryCreate(device, c.c) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
}
