// BATCH_NORMALIZATION, BATCH_NORMALIZATION_TRAINING and LOCAL_RESPONSE_NORMALIZATION end to end against the double
// references of reference_reduce.h: ranks 1-8 (BATCH_NORMALIZATION from 3_1), every statistics tensor broadcast
// (each dimension 1 or the input's), strided and broadcast input layouts, fused RELU, SIGMOID, TANH and LINEAR,
// FLOAT32 and FLOAT16, Epsilon's role, the training operator's three outputs (mean and population variance over
// the axes where the scale is 1, FusedAdd present or absent), LRN windows of odd and even LocalSize along channels
// and along H and W, and validation of every field (E_INVALIDARG naming it, nothing created).
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <string>

#include "data_type_names.h"
#include "runner_backend.h"
#include "family_runner.h"
#include "reference_reduce.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

constexpr DML_OPERATOR_TYPE kBn = DML_OPERATOR_BATCH_NORMALIZATION, kBnTraining = DML_OPERATOR_BATCH_NORMALIZATION_TRAINING,
                            kLrn = DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION;

std::string sizesText(const std::vector<uint32_t>& sizes) {
    std::string s;
    for (size_t i = 0; i < sizes.size(); ++i) s += (i ? "x" : "") + std::to_string(sizes[i]);
    return s.empty() ? "none" : s;
}

// Sizes of a statistics tensor for `sizes`: each dimension the input's or 1, at random.
std::vector<uint32_t> broadcastSizes(const std::vector<uint32_t>& sizes, std::mt19937_64& rng) {
    std::vector<uint32_t> b(sizes);
    for (auto& d : b)
        if (rng() % 2) d = 1;
    return b;
}

// The {1, C, 1, ...} shape clients give per-channel statistics (channel axis 1; rank 1: {C}).
std::vector<uint32_t> channelSizes(const std::vector<uint32_t>& sizes) {
    std::vector<uint32_t> b(sizes.size(), 1);
    b[sizes.size() > 1 ? 1 : 0] = sizes[sizes.size() > 1 ? 1 : 0];
    return b;
}

// The largest error measured per operator and type (finite results): in ULPs of the output type at the reference
// (large where scale * z + bias cancels), and as a fraction of the element's bound.
struct Worst {
    double ulps = 0, ofBound = 0;
};
std::map<std::string, Worst>& measured() {
    static std::map<std::string, Worst> m;
    return m;
}

void measure(const std::string& key, const FamilyTensor& out, const std::vector<uint8_t>& bytes,
             const std::vector<Expected>& expected) {
    const auto strides = stridesOf(out.spec);
    Worst& worst = measured()[key + " " + typeName(out.type)];
    for (uint64_t e = 0; e < expected.size(); ++e) {
        const double got = floatValue(out.type, readBits(bytes, elementIndex(out.spec.sizes, strides, e), out.type));
        if (!std::isfinite(got) || !std::isfinite(expected[e].value)) continue;
        const double error = std::fabs(got - expected[e].value);
        worst.ulps = std::max(worst.ulps, error / ulpOf(out.type, expected[e].value));
        if (expected[e].bound > 0) worst.ofBound = std::max(worst.ofBound, error / expected[e].bound);
    }
}

// runAndCheck, measuring the error too.
void runChecked(TestDevice& device, const FamilyCase& c, const std::string& key, const std::string& label,
                const std::vector<Expected>& expected) {
    const FamilyRun run = runFamily(device, c);
    if (!run.ok()) {
        char hr[16];
        std::snprintf(hr, sizeof hr, "0x%08x", static_cast<unsigned>(run.hr));
        CHECK_MESSAGE(run.ok(), label << ": " << run.failedCall << " returned " << hr);
        return;
    }
    CHECK_MESSAGE(run.canaryIntact, label << ": bytes outside the output tensor were written");
    const OutputCheck check = checkOutput(c.output, run.output, expected);
    CHECK_MESSAGE(check.wrong == 0, label << ": " << check.wrong << " of " << check.checked
                                          << " elements wrong; first: " << check.first);
    measure(key, c.output, run.output, expected);
}

// ---- BATCH_NORMALIZATION ----------------------------------------------------------------------------------------------

struct BnSpec {
    Type type = F32;
    std::vector<uint32_t> sizes, inStrides, outStrides, outSizes;
    std::vector<uint32_t> meanSizes, varianceSizes, scaleSizes, biasSizes;  // empty: {1, C, 1, ...}
    BatchNormDesc desc;
};

FamilyCase bnCase(const BnSpec& s) {
    auto stat = [&](const std::vector<uint32_t>& sizes) {
        return tensorOf(s.type, sizes.empty() ? channelSizes(s.sizes) : sizes);
    };
    FamilyCase c;
    c.op = kBn;
    c.inputs = {tensorOf(s.type, s.sizes, s.inStrides), stat(s.meanSizes), stat(s.varianceSizes),
                stat(s.scaleSizes), stat(s.biasSizes)};
    c.output = tensorOf(s.type, s.outSizes.empty() ? s.sizes : s.outSizes, s.outStrides);
    c.build = batchNormBuilder(s.desc);
    return c;
}

void checkBn(TestDevice& device, const BnSpec& s, std::mt19937_64& rng, const std::string& label, ValueGen values,
             ValueGen variances = {}, const std::vector<uint64_t>& prefix = {}) {
    FamilyCase c = bnCase(s);
    fillTensor(c.inputs[0], rng, prefix, values);
    fillTensor(c.inputs[1], rng, {}, uniformFloats(s.type, -2, 2));
    fillTensor(c.inputs[2], rng, {}, variances ? variances : uniformFloats(s.type, 0, 4));
    fillTensor(c.inputs[3], rng, {}, uniformFloats(s.type, 0.5, 2, true));
    fillTensor(c.inputs[4], rng, {}, uniformFloats(s.type, -2, 2));
    const HostTensor x = hostTensor(c.inputs[0]), mean = hostTensor(c.inputs[1]), variance = hostTensor(c.inputs[2]),
                     scale = hostTensor(c.inputs[3]), bias = hostTensor(c.inputs[4]);
    BatchNormParams p;
    p.mean = &mean, p.variance = &variance, p.scale = &scale, p.bias = &bias;
    p.epsilon = s.desc.epsilon;
    p.activation = s.desc.activation;
    p.alpha = s.desc.alpha, p.beta = s.desc.beta;
    runChecked(device, c, "BATCH_NORMALIZATION", std::string("BATCH_NORMALIZATION ") + typeName(s.type) + " " + label,
               expectBatchNorm(s.type, x, p));
}

// ---- LOCAL_RESPONSE_NORMALIZATION -------------------------------------------------------------------------------------

struct LrnSpec {
    Type type = F32;
    std::vector<uint32_t> sizes, inStrides, outStrides, outSizes;
    BOOL crossChannel = TRUE;
    uint32_t localSize = 5;
    float alpha = 1e-4f, beta = 0.75f, bias = 1.0f;
};

FamilyCase lrnCase(const LrnSpec& s) {
    FamilyCase c;
    c.op = kLrn;
    c.inputs = {tensorOf(s.type, s.sizes, s.inStrides)};
    c.output = tensorOf(s.type, s.outSizes.empty() ? s.sizes : s.outSizes, s.outStrides);
    c.build = lrnBuilder(s.crossChannel, s.localSize, s.alpha, s.beta, s.bias);
    return c;
}

void checkLrn(TestDevice& device, const LrnSpec& s, std::mt19937_64& rng, const std::string& label, ValueGen values) {
    FamilyCase c = lrnCase(s);
    fillTensor(c.inputs[0], rng, {}, values);
    const HostTensor x = hostTensor(c.inputs[0]);
    runChecked(device, c, "LOCAL_RESPONSE_NORMALIZATION",
               std::string("LRN ") + typeName(s.type) + (s.crossChannel ? " across channels" : " spatial") + " size " +
                   std::to_string(s.localSize) + " " + label,
               expectLrn(s.type, x, s.crossChannel, s.localSize, s.alpha, s.beta, s.bias));
}

// ---- BATCH_NORMALIZATION_TRAINING: three outputs ------------------------------------------------------------------------

struct TrainingSpec {
    Type type = F32;
    std::vector<uint32_t> sizes, inStrides, outStrides, outSizes;
    std::vector<uint32_t> scaleSizes;  // Scale, Bias, OutputMean, OutputVariance
    std::vector<uint32_t> meanSizes;   // empty: scaleSizes (validation cases differ)
    bool fusedAdd = false;
    float epsilon = 1e-5f;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;
};

struct DescStore {
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    std::vector<uint32_t> strides;
    explicit DescStore(const FamilyTensor& t) : strides(stridesOf(t.spec)) {
        buffer = {t.type, DML_TENSOR_FLAG_NONE, UINT(t.spec.sizes.size()), t.spec.sizes.data(), strides.data(),
                  t.bytes(), 0};
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

struct TrainingTensors {
    std::vector<FamilyTensor> inputs;   // Input, Scale, Bias, FusedAdd (absent or not)
    std::vector<FamilyTensor> outputs;  // Output, OutputMean, OutputVariance
};

TrainingTensors trainingTensors(const TrainingSpec& s) {
    TrainingTensors t;
    FamilyTensor add = tensorOf(s.type, s.sizes);
    add.absent = !s.fusedAdd;
    t.inputs = {tensorOf(s.type, s.sizes, s.inStrides), tensorOf(s.type, s.scaleSizes), tensorOf(s.type, s.scaleSizes),
                add};
    const auto& stats = s.meanSizes.empty() ? s.scaleSizes : s.meanSizes;
    t.outputs = {tensorOf(s.type, s.outSizes.empty() ? s.sizes : s.outSizes, s.outStrides), tensorOf(s.type, stats),
                 tensorOf(s.type, s.scaleSizes)};
    return t;
}

HRESULT createTraining(VkdmlDevice device, const TrainingSpec& s, const TrainingTensors& t, VkdmlOperator* op) {
    std::vector<DescStore> in, out;
    in.reserve(4), out.reserve(3);
    for (const auto& x : t.inputs) in.emplace_back(x);
    for (const auto& x : t.outputs) out.emplace_back(x);
    DML_ACTIVATION_RELU_OPERATOR_DESC plain{nullptr, nullptr};
    DML_OPERATOR_DESC fused{s.activation, &plain};
    DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC desc{
        &in[0].tensor,  &in[1].tensor,  &in[2].tensor, s.fusedAdd ? &in[3].tensor : nullptr,
        &out[0].tensor, &out[1].tensor, &out[2].tensor, s.epsilon,
        s.activation == DML_OPERATOR_INVALID ? nullptr : &fused};
    DML_OPERATOR_DESC d{kBnTraining, &desc};
    return vkdmlCreateOperator(device, &d, op);
}

// Runs the operator with every tensor in a DEFAULT buffer of its own between canary bytes; returns the three
// outputs' bytes (empty on an API failure, which CHECK reports) and whether anything outside them changed.
std::vector<std::vector<uint8_t>> runTraining(TestDevice& device, const TrainingSpec& s, TrainingTensors& t,
                                              const std::string& label, bool& canaryIntact) {
    constexpr uint64_t kPad = 256;
    canaryIntact = true;
    Owned<VkdmlOperator> op;
    HRESULT hr = createTraining(device, s, t, op.put());
    CHECK_MESSAGE(hr == S_OK, label << ": vkdmlCreateOperator: " << device.lastError());
    if (hr != S_OK) return {};
    std::unique_ptr<RunnerBackend> backend = makeRunnerBackend(device);
    std::vector<bool> present;
    for (const auto& x : t.inputs) present.push_back(!x.absent);
    hr = backend->compile(op, DML_EXECUTION_FLAG_NONE, present, 3);
    CHECK_MESSAGE(hr == S_OK, label << ": " << backend->failedCall() << ": " << device.lastError());
    if (hr != S_OK) return {};

    struct Placed {
        size_t buffer = 0;
        std::vector<uint8_t> image;
        uint64_t bytes = 0;
    };
    auto place = [&](const FamilyTensor& x, bool input) {
        Placed p;
        p.bytes = x.bytes();
        p.image.assign(p.bytes + 2 * kPad, kCanary);
        if (input) std::copy(x.memory.begin(), x.memory.end(), p.image.begin() + kPad);
        p.buffer = backend->createBuffer(p.image);
        return p;
    };
    std::vector<Placed> ins, outs;
    std::vector<RunnerRange> inRanges, outRanges;
    for (const auto& x : t.inputs) {
        ins.push_back(x.absent ? Placed{} : place(x, true));
        inRanges.push_back({ins.back().buffer, kPad, ins.back().bytes, !x.absent});
    }
    for (const auto& x : t.outputs) {
        outs.push_back(place(x, false));
        outRanges.push_back({outs.back().buffer, kPad, outs.back().bytes});
    }
    hr = backend->execute(inRanges, outRanges);
    REQUIRE_MESSAGE(hr == S_OK, label << ": " << backend->failedCall() << ": " << device.lastError());
    std::vector<std::vector<uint8_t>> results;
    auto intact = [&](const std::vector<uint8_t>& after, const std::vector<uint8_t>& before, uint64_t skipFrom,
                      uint64_t skipTo) {
        for (uint64_t i = 0; i < after.size(); ++i)
            if ((i < skipFrom || i >= skipTo) && after[i] != before[i]) return false;
        return true;
    };
    for (size_t i = 0; i < ins.size(); ++i)
        if (!t.inputs[i].absent)
            canaryIntact = canaryIntact && intact(backend->download(ins[i].buffer), ins[i].image, 0, 0);
    for (auto& p : outs) {
        const std::vector<uint8_t> after = backend->download(p.buffer);
        canaryIntact = canaryIntact && intact(after, p.image, kPad, kPad + p.bytes);
        results.emplace_back(after.begin() + kPad, after.begin() + kPad + p.bytes);
    }
    return results;
}

void checkTraining(TestDevice& device, const TrainingSpec& s, std::mt19937_64& rng, const std::string& name,
                   ValueGen values) {
    const std::string label = std::string("BATCH_NORMALIZATION_TRAINING ") + typeName(s.type) + " " + name;
    TrainingTensors t = trainingTensors(s);
    fillTensor(t.inputs[0], rng, {}, values);
    fillTensor(t.inputs[1], rng, {}, uniformFloats(s.type, 0.5, 2, true));
    fillTensor(t.inputs[2], rng, {}, uniformFloats(s.type, -2, 2));
    if (s.fusedAdd) fillTensor(t.inputs[3], rng, {}, uniformFloats(s.type, -2, 2));
    const HostTensor x = hostTensor(t.inputs[0]), scale = hostTensor(t.inputs[1]), bias = hostTensor(t.inputs[2]);
    const HostTensor add = s.fusedAdd ? hostTensor(t.inputs[3]) : HostTensor{};
    MvnParams p;
    for (uint32_t d = 0; d < s.sizes.size(); ++d)
        if (s.scaleSizes[d] == 1) p.axes.push_back(d);
    p.epsilon = s.epsilon;
    p.scale = &scale, p.bias = &bias;
    p.addend = s.fusedAdd ? &add : nullptr;
    p.activation = s.activation;
    const auto expected = expectMvn(s.type, x, p);
    std::vector<Expected> mean, variance;
    expectBatchNormStatistics(s.type, x, p.axes, mean, variance);
    bool canaryIntact = true;
    const auto results = runTraining(device, s, t, label, canaryIntact);
    if (results.size() != 3) return;
    CHECK_MESSAGE(canaryIntact, label << ": bytes outside the output tensors were written");
    const char* names[] = {"OutputTensor", "OutputMeanTensor", "OutputVarianceTensor"};
    const std::vector<Expected>* expectations[] = {&expected, &mean, &variance};
    for (int o = 0; o < 3; ++o) {
        const OutputCheck check = checkOutput(t.outputs[o], results[o], *expectations[o]);
        CHECK_MESSAGE(check.wrong == 0, label << " " << std::string(names[o]) << ": " << check.wrong << " of " << check.checked
                                              << " elements wrong; first: " << check.first);
        measure(std::string("BATCH_NORMALIZATION_TRAINING ") + names[o], t.outputs[o], results[o], *expectations[o]);
    }
}

const DML_OPERATOR_TYPE kActivations[] = {DML_OPERATOR_ACTIVATION_RELU, DML_OPERATOR_ACTIVATION_SIGMOID,
                                          DML_OPERATOR_ACTIVATION_TANH, DML_OPERATOR_ACTIVATION_LINEAR};
const char* const kActivationNames[] = {"RELU", "SIGMOID", "TANH", "LINEAR 1.5 x - 0.25"};

}  // namespace

TEST_CASE("BATCH_NORMALIZATION: ranks 1-8, statistics broadcast, random layouts, Spatial TRUE and FALSE") {
    TestDevice device;
    std::mt19937_64 rng(11);
    const std::vector<std::vector<uint32_t>> shapes = {{2, 3, 4, 5}, {7}, {3, 17}, {2, 5, 9}, {1, 4, 3, 2, 3},
                                                       {2, 2, 1, 3, 2, 2}, {2, 1, 2, 3, 1, 2, 2, 2}, {4, 16, 8, 8}};
    int i = 0;
    for (const auto& sizes : shapes) {
        if (denseStride() > 1 && elementCount(sizes) > 1000) continue;  // sanitizer builds: the small shapes
        for (Type t : {F32, F16}) {
            BnSpec s;
            s.type = t;
            s.sizes = sizes;
            if (i % 3 != 0) {  // every statistics tensor broadcast its own way
                s.meanSizes = broadcastSizes(sizes, rng);
                s.varianceSizes = broadcastSizes(sizes, rng);
                s.scaleSizes = broadcastSizes(sizes, rng);
                s.biasSizes = broadcastSizes(sizes, rng);
            }
            s.desc.spatial = i % 4 == 1 ? FALSE : TRUE;
            s.desc.epsilon = i % 3 == 2 ? 0.0f : i % 3 == 1 ? 0.25f : 1e-5f;
            std::string layout = "in ";
            s.inStrides = randomStrides(sizes, rng, true, layout);
            layout += ", out ";
            s.outStrides = randomStrides(sizes, rng, false, layout);
            ++i;
            // Epsilon 0 with variances away from 0 (a zero variance divides by zero).
            checkBn(device, s, rng,
                    sizesText(sizes) + " mean " + sizesText(s.meanSizes) + " var " + sizesText(s.varianceSizes) +
                        " scale " + sizesText(s.scaleSizes) + " bias " + sizesText(s.biasSizes) + " eps " +
                        std::to_string(s.desc.epsilon) + " " + layout,
                    uniformFloats(t, -4, 4), uniformFloats(t, 0.125, 4));
        }
    }
}

TEST_CASE("BATCH_NORMALIZATION: fused activations, wide value ranges, Epsilon and special values") {
    TestDevice device;
    std::mt19937_64 rng(12);
    for (size_t a = 0; a < std::size(kActivations); ++a) {
        for (Type t : {F32, F16}) {
            BnSpec s;
            s.type = t;
            s.sizes = {2, 6, 5, 7};
            s.desc.activation = kActivations[a];
            s.desc.alpha = 1.5f, s.desc.beta = -0.25f;
            checkBn(device, s, rng, std::string("fused ") + kActivationNames[a], uniformFloats(t, -4, 4));
        }
    }
    {
        BnSpec s;
        s.sizes = {3, 4, 33};
        checkBn(device, s, rng, "values 2^[-20, 20), variances 2^[-10, 10)", mixedFloats(F32, -20, 20),
                [](std::mt19937_64& r) { return floatBits(F32, std::ldexp(1.0 + double(r() % 1000) / 1000, int(r() % 20) - 10)); });
    }
    {
        // Variance 0 and Epsilon 0: (x - mean) / 0, the IEEE quotient (+-inf, NaN where x = mean) times the scale.
        BnSpec s;
        s.sizes = {1, 2, 2, 2};
        s.desc.epsilon = 0;
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        checkBn(device, s, rng, "variance 0, Epsilon 0", smallIntegers(F32, -3, 3), smallIntegers(F32, 0, 0));
        // NaN and infinite inputs pass through as IEEE arithmetic says.
        BnSpec special;
        special.sizes = {1, 2, 2, 3};
        checkBn(device, special, rng, "NaN and infinities", uniformFloats(F32, -1, 1), {},
                {floatBits(F32, nan), floatBits(F32, inf), floatBits(F32, -inf), floatBits(F32, -0.0)});
    }
    {
        // Large inputs with a large mean: x - mean formed exactly.
        BnSpec s;
        s.sizes = {2, 3, 64};
        s.meanSizes = {1, 1, 1};
        checkBn(device, s, rng, "x near 1e4, mean near 1e4", uniformFloats(F32, 9998, 10002),
                uniformFloats(F32, 1e-4, 1e-3));
    }
}

TEST_CASE("BATCH_NORMALIZATION: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    BnSpec base;
    base.sizes = {2, 3, 4, 5};
    auto with = [&](auto change) {
        BnSpec s = base;
        change(s);
        return s;
    };
    struct Invalid {
        const char* name;
        BnSpec s;
        const char* field;
    };
    Invalid cases[] = {
        {"Mean rank differs", with([](BnSpec& s) { s.meanSizes = {3, 1, 1}; }), "MeanTensor"},
        {"Variance dimension neither 1 nor the input's", with([](BnSpec& s) { s.varianceSizes = {1, 2, 1, 1}; }),
         "VarianceTensor"},
        {"Scale dimension neither 1 nor the input's", with([](BnSpec& s) { s.scaleSizes = {1, 3, 1, 6}; }), "ScaleTensor"},
        {"Bias rank differs", with([](BnSpec& s) { s.biasSizes = {1, 3, 1, 1, 1}; }), "BiasTensor"},
        {"output sizes differ", with([](BnSpec& s) { s.outSizes = {2, 3, 4, 4}; }), "OutputTensor"},
        {"INT32 tensors", with([](BnSpec& s) { s.type = I32; }), "DataType"},
        {"fused SOFTMAX", with([](BnSpec& s) { s.desc.activation = DML_OPERATOR_ACTIVATION_SOFTMAX; }),
         "FusedActivation"},
        {"fused ELEMENT_WISE_ADD", with([](BnSpec& s) { s.desc.activation = DML_OPERATOR_ELEMENT_WISE_ADD; }),
         "FusedActivation"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        FamilyCase fc = bnCase(c.s);
        device.clearErrors();
        CHECK(tryCreate(device, fc) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
    {
        FamilyCase fc = bnCase(base);
        fc.inputs[3].type = F16;  // Scale of another type
        device.clearErrors();
        CHECK(tryCreate(device, fc) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find("ScaleTensor.DataType") != std::string::npos, device.lastError());
        fc = bnCase(base);
        fc.inputs[1].absent = true;  // MeanTensor NULL
        device.clearErrors();
        CHECK(tryCreate(device, fc) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find("MeanTensor") != std::string::npos, device.lastError());
    }
    {
        // 4-D only below feature level 3_1; 1-8-D from it.
        TestDevice level30(DML_FEATURE_LEVEL_3_0);
        FamilyCase fc = bnCase(with([](BnSpec& s) { s.sizes = {2, 3, 4}; }));
        CHECK(tryCreate(level30, fc) == E_INVALIDARG);
        CHECK_MESSAGE(level30.lastError().find("DimensionCount") != std::string::npos, level30.lastError());
        CHECK(tryCreate(level30, bnCase(base)) == S_OK);
        CHECK(tryCreate(device, fc) == S_OK);
    }
}

TEST_CASE("LOCAL_RESPONSE_NORMALIZATION: odd and even windows across channels and along H and W") {
    TestDevice device;
    std::mt19937_64 rng(13);
    int i = 0;
    for (BOOL cross : {TRUE, FALSE}) {
        for (uint32_t size : {1u, 2u, 3u, 4u, 5u, 8u, 40u}) {
            if (denseStride() > 1 && (size == 8u || size == 40u)) continue;  // sanitizer builds: fewer windows
            for (Type t : {F32, F16}) {
                LrnSpec s;
                s.type = t;
                s.crossChannel = cross;
                s.localSize = size;
                s.sizes = cross ? std::vector<uint32_t>{2, 11, 3, 4} : std::vector<uint32_t>{2, 2, 9, 10};
                // ONNX's defaults, then larger Alpha (the sum matters), Beta 0.5, 1 and 2, Bias 2 and 0.25.
                const float alphas[] = {1e-4f, 0.5f, 2.0f}, betas[] = {0.75f, 0.5f, 1.0f, 2.0f},
                            biases[] = {1.0f, 2.0f, 0.25f};
                s.alpha = alphas[i % 3], s.beta = betas[i % 4], s.bias = biases[(i / 2) % 3];
                std::string layout = "in ";
                s.inStrides = randomStrides(s.sizes, rng, true, layout);
                layout += ", out ";
                s.outStrides = randomStrides(s.sizes, rng, false, layout);
                ++i;
                checkLrn(device, s, rng,
                         "alpha " + std::to_string(s.alpha) + " beta " + std::to_string(s.beta) + " bias " +
                             std::to_string(s.bias) + " " + layout,
                         uniformFloats(t, -3, 3));
            }
        }
    }
    {
        LrnSpec s;  // a wide value range, negative Beta
        s.sizes = {1, 16, 5, 5};
        s.beta = -0.5f;
        s.alpha = 1.0f;
        checkLrn(device, s, rng, "values 2^[-10, 10), beta -0.5", mixedFloats(F32, -10, 10));
    }
}

TEST_CASE("LOCAL_RESPONSE_NORMALIZATION: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    LrnSpec base;
    base.sizes = {2, 3, 4, 5};
    struct Invalid {
        const char* name;
        LrnSpec s;
        const char* field;
    };
    auto with = [&](auto change) {
        LrnSpec s = base;
        change(s);
        return s;
    };
    Invalid cases[] = {
        {"LocalSize 0", with([](LrnSpec& s) { s.localSize = 0; }), "LocalSize"},
        {"3-D input", with([](LrnSpec& s) { s.sizes = {3, 4, 5}; }), "DimensionCount"},
        {"5-D input", with([](LrnSpec& s) { s.sizes = {1, 2, 3, 4, 5}; }), "DimensionCount"},
        {"output sizes differ", with([](LrnSpec& s) { s.outSizes = {2, 3, 4, 6}; }), "OutputTensor"},
        {"INT32 tensors", with([](LrnSpec& s) { s.type = I32; }), "DataType"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        device.clearErrors();
        CHECK(tryCreate(device, lrnCase(c.s)) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
    FamilyCase fc = lrnCase(base);
    fc.output.type = F16;
    device.clearErrors();
    CHECK(tryCreate(device, fc) == E_INVALIDARG);
    CHECK_MESSAGE(device.lastError().find("OutputTensor.DataType") != std::string::npos, device.lastError());
}

TEST_CASE("BATCH_NORMALIZATION_TRAINING: Output, OutputMean, OutputVariance; FusedAdd; fused RELU") {
    TestDevice device;
    std::mt19937_64 rng(14);
    struct Shape {
        std::vector<uint32_t> sizes, scale;
    };
    const Shape shapes[] = {{{2, 3, 4, 5}, {1, 3, 1, 1}},       {{4, 6}, {1, 6}},        {{33}, {1}},
                            {{2, 3, 5, 4}, {1, 3, 5, 1}},       {{3, 2, 7}, {3, 2, 7}},  {{2, 2, 1, 3, 2, 2}, {1, 2, 1, 1, 1, 2}},
                            {{8, 4, 16, 16}, {1, 4, 1, 1}}};
    int i = 0;
    for (const Shape& shape : shapes) {
        if (denseStride() > 1 && elementCount(shape.sizes) > 1000) continue;  // sanitizer builds: the small shapes
        for (Type t : {F32, F16}) {
            TrainingSpec s;
            s.type = t;
            s.sizes = shape.sizes;
            s.scaleSizes = shape.scale;
            s.fusedAdd = i % 2 == 1;
            s.activation = i % 3 == 2 ? DML_OPERATOR_ACTIVATION_RELU : DML_OPERATOR_INVALID;
            s.epsilon = i % 4 == 3 ? 0.0f : 1e-5f;
            std::string layout = "in ";
            s.inStrides = randomStrides(shape.sizes, rng, false, layout);
            layout += ", out ";
            s.outStrides = randomStrides(shape.sizes, rng, false, layout);
            ++i;
            checkTraining(device, s, rng,
                          sizesText(shape.sizes) + " scale " + sizesText(shape.scale) +
                              (s.fusedAdd ? " FusedAdd" : "") + (s.activation ? " RELU" : "") + " " + layout,
                          uniformFloats(t, -4, 4));
        }
    }
    TrainingSpec offset;  // large mean, small variance: two-pass statistics
    offset.sizes = {4, 2, 300};
    offset.scaleSizes = {1, 2, 1};
    checkTraining(device, offset, rng, "1e4 + [-2, 2)", uniformFloats(F32, 9998, 10002));
}

TEST_CASE("BATCH_NORMALIZATION_TRAINING: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    TrainingSpec base;
    base.sizes = {2, 3, 4};
    base.scaleSizes = {1, 3, 1};
    struct Invalid {
        const char* name;
        TrainingSpec s;
        const char* field;
    };
    auto with = [&](auto change) {
        TrainingSpec s = base;
        change(s);
        return s;
    };
    Invalid cases[] = {
        {"Scale dimension neither 1 nor the input's", with([](TrainingSpec& s) { s.scaleSizes = {1, 2, 1}; }),
         "ScaleTensor"},
        {"Scale rank differs", with([](TrainingSpec& s) { s.scaleSizes = {3, 1}; }), "ScaleTensor"},
        {"OutputMean sizes differ from Scale's", with([](TrainingSpec& s) { s.meanSizes = {1, 3, 4}; }),
         "OutputMeanTensor"},
        {"output sizes differ", with([](TrainingSpec& s) { s.outSizes = {2, 3, 5}; }), "OutputTensor"},
        {"fused SOFTMAX", with([](TrainingSpec& s) { s.activation = DML_OPERATOR_ACTIVATION_SOFTMAX; }),
         "FusedActivation"},
        {"INT32 tensors", with([](TrainingSpec& s) { s.type = I32; }), "DataType"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        device.clearErrors();
        TrainingTensors t = trainingTensors(c.s);
        Owned<VkdmlOperator> op;
        CHECK(createTraining(device, c.s, t, op.put()) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
    {
        // FusedAdd with other sizes than the input's.
        TrainingSpec s = with([](TrainingSpec& x) { x.fusedAdd = true; });
        TrainingTensors t = trainingTensors(s);
        t.inputs[3] = tensorOf(F32, {2, 3, 1});
        Owned<VkdmlOperator> op;
        device.clearErrors();
        CHECK(createTraining(device, s, t, op.put()) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find("FusedAddTensor") != std::string::npos, device.lastError());
    }
    {
        // The operator exists from feature level 4_1.
        TestDevice level40(DML_FEATURE_LEVEL_4_0);
        TrainingTensors t = trainingTensors(base);
        Owned<VkdmlOperator> op;
        CHECK(createTraining(level40, base, t, op.put()) == E_INVALIDARG);
        CHECK_MESSAGE(level40.lastError().find("4_1") != std::string::npos, level40.lastError());
    }
}

TEST_CASE("batch and local response normalization: the largest errors measured above") {
    for (const auto& [key, worst] : measured())
        MESSAGE(key << ": " << worst.ulps << " ULP, " << worst.ofBound << " of the bound");
}
