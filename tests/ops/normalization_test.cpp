// MEAN_VARIANCE_NORMALIZATION, MEAN_VARIANCE_NORMALIZATION1 and MEAN_VARIANCE_NORMALIZATION2 end to end against the
// double references of reference_reduce.h: axis sets of every shape, ranks 1-8, Scale and Bias absent or broadcast
// (every dimension 1 or the input's), NormalizeVariance, UseMean and UseVariance, fused RELU, SIGMOID, TANH and
// LINEAR, FLOAT32 and FLOAT16 within the two-pass bound, rows of large mean and small variance (which a one-pass
// E[x^2] - E[x]^2 fails), long rows and many short ones, Epsilon's role, special values, and validation.
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

constexpr DML_OPERATOR_TYPE kMvn = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION,
                            kMvn1 = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1,
                            kMvn2 = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2;

const char* opName(DML_OPERATOR_TYPE op) { return op == kMvn ? "MVN" : op == kMvn1 ? "MVN1" : "MVN2"; }

// One normalization: the input, and Scale and Bias of `scaleSizes` / `biasSizes` (empty: absent).
struct Spec {
    DML_OPERATOR_TYPE op = kMvn1;
    Type type = F32;
    std::vector<uint32_t> sizes, inStrides, outStrides;
    std::vector<uint32_t> outSizes;  // empty: the input's
    std::vector<uint32_t> scaleSizes, biasSizes;
    MvnDesc desc;
};

FamilyTensor optionalTensor(Type t, const std::vector<uint32_t>& sizes) {
    FamilyTensor tensor = tensorOf(t, sizes);
    tensor.absent = sizes.empty();
    return tensor;
}

FamilyCase mvnCase(const Spec& s) {
    FamilyCase c;
    c.op = s.op;
    c.inputs = {tensorOf(s.type, s.sizes, s.inStrides), optionalTensor(s.type, s.scaleSizes),
                optionalTensor(s.type, s.biasSizes)};
    c.output = tensorOf(s.type, s.outSizes.empty() ? s.sizes : s.outSizes, s.outStrides);
    c.build = mvnBuilder(s.desc);
    return c;
}

// The axes the operator normalizes over.
std::vector<uint32_t> axesOf(const Spec& s) {
    if (s.op != kMvn) return s.desc.axes;
    return s.desc.crossChannel ? std::vector<uint32_t>{1, 2, 3} : std::vector<uint32_t>{2, 3};
}

MvnParams paramsOf(const Spec& s, const HostTensor* scale, const HostTensor* bias) {
    MvnParams p;
    p.axes = axesOf(s);
    p.useMean = s.op == kMvn2 ? s.desc.useMean : true;
    p.useVariance = s.op == kMvn2 ? s.desc.useVariance : s.desc.normalizeVariance;
    p.epsilon = s.desc.epsilon;
    p.scale = scale;
    p.bias = bias;
    p.activation = s.desc.activation;
    p.alpha = s.desc.alpha;
    p.beta = s.desc.beta;
    return p;
}

// Fills the input with `values` (after `prefix`), Scale with [0.5, 2) of either sign and Bias with [-2, 2), runs
// the case and checks it.
void checkMvn(TestDevice& device, const Spec& s, std::mt19937_64& rng, const std::string& label, ValueGen values,
              const std::vector<uint64_t>& prefix = {}) {
    FamilyCase c = mvnCase(s);
    fillTensor(c.inputs[0], rng, prefix, values);
    if (!c.inputs[1].absent) fillTensor(c.inputs[1], rng, {}, uniformFloats(s.type, 0.5, 2, true));
    if (!c.inputs[2].absent) fillTensor(c.inputs[2], rng, {}, uniformFloats(s.type, -2, 2));
    const HostTensor x = hostTensor(c.inputs[0]);
    const HostTensor scale = c.inputs[1].absent ? HostTensor{} : hostTensor(c.inputs[1]);
    const HostTensor bias = c.inputs[2].absent ? HostTensor{} : hostTensor(c.inputs[2]);
    const MvnParams p = paramsOf(s, c.inputs[1].absent ? nullptr : &scale, c.inputs[2].absent ? nullptr : &bias);
    const auto expected = expectMvn(s.type, x, p);
    HostTensor flushed;
    std::vector<Expected> alternative;
    if (s.type == F32 && flushSubnormals(x, flushed)) alternative = expectMvn(s.type, flushed, p);
    runAndCheck(device, c, std::string(opName(s.op)) + " " + typeName(s.type) + " " + label, expected,
                alternative.empty() ? nullptr : &alternative);
}

// Sizes of a Scale or Bias tensor for `sizes`: each dimension the input's or 1, at random.
std::vector<uint32_t> broadcastSizes(const std::vector<uint32_t>& sizes, std::mt19937_64& rng) {
    std::vector<uint32_t> b(sizes);
    for (auto& d : b)
        if (rng() % 2) d = 1;
    return b;
}

std::string sizesText(const std::vector<uint32_t>& sizes) {
    if (sizes.empty()) return "none";
    std::string s;
    for (size_t i = 0; i < sizes.size(); ++i) s += (i ? "x" : "") + std::to_string(sizes[i]);
    return s;
}

const AxisPattern kPatterns[] = {
    {"last axis", {6, 5, 17}, {2}},
    {"first axis", {17, 6, 5}, {0}},
    {"middle axis", {5, 17, 6}, {1}},
    {"axes {0,2}", {7, 4, 9}, {0, 2}},
    {"axes {3,2} (instance)", {2, 3, 5, 6}, {3, 2}},
    {"axes {1,2,3} (layer)", {3, 4, 5, 6}, {1, 2, 3}},
    {"all axes {2,0,1}", {3, 7, 5}, {2, 0, 1}},
    {"rank 1", {129}, {0}},
    {"rank 8 axes {7,0,3}", {2, 1, 3, 2, 1, 2, 3, 2}, {7, 0, 3}},
    {"rows of length 2", {50, 2}, {1}},
    {"odd rows", {3, 1001}, {1}},
};

}  // namespace

TEST_CASE("MVN1: every axis pattern, Scale and Bias absent or broadcast, NormalizeVariance, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(1);
    int i = 0;
    for (const AxisPattern& p : kPatterns) {
        for (Type t : {F32, F16}) {
            Spec s;
            s.type = t;
            s.sizes = p.sizes;
            s.desc.axes = p.axes;
            s.desc.normalizeVariance = i % 4 != 3;
            s.desc.epsilon = i % 3 == 0 ? 1e-5f : i % 3 == 1 ? 0.25f : 0.0f;
            if (i % 4 != 1) s.scaleSizes = broadcastSizes(p.sizes, rng);
            if (i % 4 != 2) s.biasSizes = broadcastSizes(p.sizes, rng);
            std::string layout = "in ";
            s.inStrides = randomStrides(p.sizes, rng, true, layout);
            layout += ", out ";
            s.outStrides = randomStrides(p.sizes, rng, false, layout);
            ++i;
            checkMvn(device, s, rng,
                     std::string(p.name) + " scale " + sizesText(s.scaleSizes) + " bias " + sizesText(s.biasSizes) +
                         (s.desc.normalizeVariance ? "" : " no variance") + " eps " + std::to_string(s.desc.epsilon) +
                         " " + layout,
                     uniformFloats(t, -4, 4));
        }
    }
}

TEST_CASE("MVN: CrossChannel TRUE and FALSE on 4-D tensors") {
    TestDevice device;
    std::mt19937_64 rng(2);
    for (Type t : {F32, F16}) {
        for (bool cross : {false, true}) {
            for (bool normalize : {true, false}) {
                Spec s;
                s.op = kMvn;
                s.type = t;
                s.sizes = {2, 3, 4, 5};
                s.scaleSizes = {1, 3, 1, 1};
                s.biasSizes = {1, 3, 1, 1};
                s.desc.crossChannel = cross;
                s.desc.normalizeVariance = normalize;
                checkMvn(device, s, rng,
                         std::string(cross ? "CrossChannel" : "per channel") + (normalize ? "" : " no variance"),
                         uniformFloats(t, -4, 4));
            }
        }
    }
}

TEST_CASE("MVN2: UseMean and UseVariance (normalization, RMS normalization, centring, scale and bias only)") {
    TestDevice device;
    std::mt19937_64 rng(3);
    int i = 0;
    for (Type t : {F32, F16}) {
        for (bool useMean : {true, false}) {
            for (bool useVariance : {true, false}) {
                for (const AxisPattern& p : {kPatterns[0], kPatterns[3], kPatterns[8]}) {
                    Spec s;
                    s.op = kMvn2;
                    s.type = t;
                    s.sizes = p.sizes;
                    s.desc.axes = p.axes;
                    s.desc.useMean = useMean;
                    s.desc.useVariance = useVariance;
                    s.desc.epsilon = 1e-3f;
                    if (i % 3 != 1) s.scaleSizes = broadcastSizes(p.sizes, rng);
                    if (i % 3 != 2) s.biasSizes = broadcastSizes(p.sizes, rng);
                    std::string layout = "in ";
                    s.inStrides = randomStrides(p.sizes, rng, true, layout);
                    ++i;
                    // Mostly positive values: RMS normalization differs from the centred one.
                    checkMvn(device, s, rng,
                             std::string(p.name) + " UseMean " + std::to_string(useMean) + " UseVariance " +
                                 std::to_string(useVariance) + " " + layout,
                             uniformFloats(t, -1, 5));
                }
            }
        }
    }
}

TEST_CASE("MVN1, MVN2: fused RELU, SIGMOID, TANH, LINEAR") {
    TestDevice device;
    std::mt19937_64 rng(4);
    struct Activation {
        DML_OPERATOR_TYPE type;
        const char* name;
    };
    const Activation activations[] = {{DML_OPERATOR_ACTIVATION_RELU, "RELU"},
                                      {DML_OPERATOR_ACTIVATION_SIGMOID, "SIGMOID"},
                                      {DML_OPERATOR_ACTIVATION_TANH, "TANH"},
                                      {DML_OPERATOR_ACTIVATION_LINEAR, "LINEAR 1.5 x - 0.25"}};
    int i = 0;
    for (DML_OPERATOR_TYPE op : {kMvn1, kMvn2}) {
        for (const Activation& a : activations) {
            for (Type t : {F32, F16}) {
                if (t == F16 && (i++ % 2)) continue;
                Spec s;
                s.op = op;
                s.type = t;
                s.sizes = {4, 6, 33};
                s.desc.axes = {2};
                s.scaleSizes = {1, 6, 1};
                s.biasSizes = {4, 1, 33};
                s.desc.activation = a.type;
                s.desc.alpha = 1.5f;
                s.desc.beta = -0.25f;
                checkMvn(device, s, rng, std::string("fused ") + a.name, uniformFloats(t, -4, 4));
            }
        }
    }
    Spec s;  // the legacy operator fuses too
    s.op = kMvn;
    s.sizes = {2, 3, 4, 5};
    s.desc.activation = DML_OPERATOR_ACTIVATION_RELU;
    checkMvn(device, s, rng, "fused RELU", uniformFloats(F32, -4, 4));
}

TEST_CASE("MVN family: rows of large mean and small variance (two-pass statistics)") {
    TestDevice device;
    std::mt19937_64 rng(5);
    // 1e4 + [-2, 2): E[x^2] - E[x]^2 in FLOAT32 loses the variance (1.3) entirely; the centred second pass keeps it.
    const ValueGen offset = uniformFloats(F32, 9998, 10002);
    for (DML_OPERATOR_TYPE op : {kMvn1, kMvn2}) {
        Spec s;
        s.op = op;
        s.sizes = {8, 1024};
        s.desc.axes = {1};
        s.biasSizes = {1, 1024};
        checkMvn(device, s, rng, "rows of 1e4 + [-2, 2)", offset);
    }
    Spec half;
    half.type = F16;
    half.sizes = {4, 1000};
    half.desc.axes = {1};
    checkMvn(device, half, rng, "rows of 1000 + [-8, 8)", uniformFloats(F16, 992, 1008));
    Spec cross;
    cross.op = kMvn;
    cross.sizes = {2, 3, 16, 16};
    cross.desc.crossChannel = true;
    checkMvn(device, cross, rng, "CrossChannel 1e4 + [-2, 2)", offset);
}

TEST_CASE("MVN family: FLOAT16 statistics are accumulated in FLOAT32") {
    TestDevice device;
    std::mt19937_64 rng(6);
    // Sums near 2^17 and sums of squares near 2^24: both past FLOAT16's largest value.
    Spec s;
    s.type = F16;
    s.sizes = {3, 2048};
    s.desc.axes = {1};
    checkMvn(device, s, rng, "rows of 2048 values in [56, 72)", uniformFloats(F16, 56, 72));
    s.op = kMvn2;
    s.desc.useMean = false;
    checkMvn(device, s, rng, "RMS of 2048 values in [56, 72)", uniformFloats(F16, 56, 72));
}

TEST_CASE("MVN family: a row of 2^20+7, 300000 rows of 3, rows of 1 to 7") {
    TestDevice device;
    std::mt19937_64 rng(7);
    Spec s;
    s.sizes = {(1u << 20) + 7};
    s.desc.axes = {0};
    checkMvn(device, s, rng, "a row of 2^20+7", mixedFloats(F32, -6, 6));
    s.op = kMvn2;
    s.desc.useMean = false;
    checkMvn(device, s, rng, "RMS of a row of 2^20+7", mixedFloats(F32, -6, 6));
    Spec rows;
    rows.sizes = {300000, 3};
    rows.desc.axes = {1};
    rows.scaleSizes = {1, 3};
    checkMvn(device, rows, rng, "300000 rows of 3", uniformFloats(F32, -4, 4));
    const uint32_t count = 20000 / denseStride();
    for (uint32_t length = 1; length <= 7; ++length) {
        Spec r;
        r.sizes = {count, length};
        r.desc.axes = {1};
        r.biasSizes = {count, 1};
        checkMvn(device, r, rng, std::to_string(count) + " rows of " + std::to_string(length),
                 uniformFloats(F32, -4, 4));
    }
}

TEST_CASE("MVN family: Epsilon, constant rows, AxisCount 0, special values") {
    TestDevice device;
    std::mt19937_64 rng(8);
    {
        // Epsilon 0: rows {a, -a} normalize to exactly +-1, also for FLOAT16 subnormal a (the variance is kept in
        // FLOAT32, where a^2 is normal).
        for (Type t : {F32, F16}) {
            Spec s;
            s.type = t;
            s.sizes = {4, 2};
            s.desc.axes = {1};
            s.desc.epsilon = 0;
            std::vector<uint64_t> prefix;
            for (double a : {3.0, 0x1p-20, 0x1p-24, -5.0}) {
                prefix.push_back(floatBits(t, a));
                prefix.push_back(floatBits(t, -a));
            }
            checkMvn(device, s, rng, "Epsilon 0, rows {a, -a}", {}, prefix);
        }
    }
    {
        // NormalizeVariance FALSE leaves Epsilon out: x - mean, not (x - mean) / sqrt(Epsilon).
        Spec s;
        s.sizes = {5, 9};
        s.desc.axes = {1};
        s.desc.normalizeVariance = false;
        s.desc.epsilon = 1e30f;
        checkMvn(device, s, rng, "NormalizeVariance FALSE, Epsilon 1e30", uniformFloats(F32, -4, 4));
    }
    {
        // Constant rows: 0 (then the bias), not NaN.
        Spec s;
        s.sizes = {6, 7};
        s.desc.axes = {1};
        s.biasSizes = {6, 1};
        checkMvn(device, s, rng, "constant rows", smallIntegers(F32, 3, 3));
    }
    for (DML_OPERATOR_TYPE op : {kMvn1, kMvn2}) {
        // AxisCount 0: every element is its own mean, so the output is the bias.
        Spec s;
        s.op = op;
        s.sizes = {3, 5};
        s.biasSizes = {3, 5};
        s.scaleSizes = {1, 5};
        checkMvn(device, s, rng, "AxisCount 0", uniformFloats(F32, -4, 4));
    }
    {
        // A NaN or an infinity anywhere in a row makes its variance NaN: the whole row is NaN.
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        for (Type t : {F32, F16}) {
            Spec s;
            s.type = t;
            s.sizes = {4, 4};
            s.desc.axes = {1};
            std::vector<uint64_t> prefix;
            for (double v : {1.0, nan, 2.0, 3.0, inf, 1.0, 2.0, 3.0, -inf, 1.0, 2.0, inf, -0.0, 0.0, 1.0, -1.0})
                prefix.push_back(floatBits(t, v));
            checkMvn(device, s, rng, "NaN and infinities", {}, prefix);
        }
    }
}

TEST_CASE("MVN family: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    struct Invalid {
        const char* name;
        Spec s;
        const char* field;
    };
    Spec base;
    base.sizes = {2, 3, 4};
    base.desc.axes = {2};
    base.scaleSizes = {1, 3, 1};
    base.biasSizes = {1, 3, 1};
    auto with = [&](auto change) {
        Spec s = base;
        change(s);
        return s;
    };
    static const DML_BUFFER_TENSOR_DESC strayBuffer{F32, DML_TENSOR_FLAG_NONE, 0, nullptr, nullptr, 0, 0};
    static const DML_TENSOR_DESC strayTensor{DML_TENSOR_TYPE_BUFFER, &strayBuffer};
    Invalid cases[] = {
        {"Scale rank differs", with([](Spec& s) { s.scaleSizes = {3, 1}; }), "ScaleTensor"},
        {"Bias rank differs", with([](Spec& s) { s.biasSizes = {1, 1, 3, 1}; }), "BiasTensor"},
        {"Scale dimension neither 1 nor the input's", with([](Spec& s) { s.scaleSizes = {1, 2, 1}; }), "ScaleTensor"},
        {"Bias dimension neither 1 nor the input's", with([](Spec& s) { s.biasSizes = {1, 3, 8}; }), "BiasTensor"},
        {"duplicate axes", with([](Spec& s) { s.desc.axes = {2, 2}; }), "Axes"},
        {"axis = DimensionCount", with([](Spec& s) { s.desc.axes = {3}; }), "Axes"},
        {"output sizes differ", with([](Spec& s) { s.outSizes = {2, 3, 5}; }), "OutputTensor"},
        {"fused SOFTMAX", with([](Spec& s) { s.desc.activation = DML_OPERATOR_ACTIVATION_SOFTMAX; }),
         "FusedActivation"},
        {"fused PARAMETERIZED_RELU",
         with([](Spec& s) { s.desc.activation = DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU; }), "FusedActivation"},
        {"fused ELEMENT_WISE_ADD", with([](Spec& s) { s.desc.activation = DML_OPERATOR_ELEMENT_WISE_ADD; }),
         "FusedActivation"},
        {"fused RELU with an InputTensor", with([](Spec& s) {
             s.desc.activation = DML_OPERATOR_ACTIVATION_RELU;
             s.desc.activationInput = &strayTensor;
         }),
         "FusedActivation"},
        {"INT32 input", with([](Spec& s) { s.type = I32; }), "DataType"},
        {"MVN on 3-D", with([](Spec& s) { s.op = kMvn; }), "DimensionCount"},
        {"MVN2 duplicate axes", with([](Spec& s) { s.op = kMvn2; s.desc.axes = {0, 2, 0}; }), "Axes"},
        {"MVN2 Scale dimension 2 of 3", with([](Spec& s) { s.op = kMvn2; s.scaleSizes = {2, 2, 1}; }), "ScaleTensor"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        FamilyCase fc = mvnCase(c.s);
        device.clearErrors();
        CHECK(tryCreate(device, fc) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
    {
        // Bias of another data type.
        FamilyCase fc = mvnCase(base);
        fc.inputs[2].type = F16;
        device.clearErrors();
        CHECK(tryCreate(device, fc) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find("DataType") != std::string::npos, "message: " << device.lastError());
    }
}
