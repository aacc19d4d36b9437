// DML_OPERATOR_GEMM end to end against the double reference of reference_gemm.h: M, N and K of 1, primes, powers
// of two and their neighbours under every transposition, FLOAT32 and FLOAT16 (FLOAT32 accumulation), batch
// dimensions (3-D and 4-D) broadcast by a stride of 0, transposed and padded storage as strides, C with Beta
// (full, a broadcast bias row, absent, Beta 0 with C never read), Alpha, fused RELU, SIGMOID, TANH, LINEAR and
// GELU, K up to 65536 within the bound, special values, and validation of every field.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <string>

#include "data_type_names.h"
#include "emulated_kernel_messages.h"
#include "family_runner.h"
#include "reference_gemm.h"
#include "raw_enum_calls.h"
#include "scoped_env.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

struct Spec {
    Type type = F32;
    std::vector<uint32_t> batch;  // the batch dimensions (0, 1 or 2 of them)
    uint32_t m = 1, n = 1, k = 1;
    bool transA = false, transB = false;
    float alpha = 1.0f, beta = 0.0f;
    bool withC = false;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;
    float actAlpha = 0, actBeta = 0;
    // Strides (empty: packed) of the tensors as stored.
    std::vector<uint32_t> aStrides, bStrides, cStrides, outStrides;
    uint32_t rawTransA = ~0u;  // when set: TransA as this raw value (validation)
    const DML_TENSOR_DESC* activationInput = nullptr;  // a (wrong) tensor in the fused activation's desc
};

std::vector<uint32_t> aSizes(const Spec& s) { return withBatch(s.batch, s.transA ? s.k : s.m, s.transA ? s.m : s.k); }
std::vector<uint32_t> bSizes(const Spec& s) { return withBatch(s.batch, s.transB ? s.n : s.k, s.transB ? s.k : s.n); }
std::vector<uint32_t> outSizes(const Spec& s) { return withBatch(s.batch, s.m, s.n); }

HRESULT createGemm(VkdmlDevice device, const Spec& s, const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
    REQUIRE(t.size() == 4);
    DML_ACTIVATION_LINEAR_OPERATOR_DESC linear{s.activationInput, nullptr, s.actAlpha, s.actBeta};
    DML_ACTIVATION_RELU_OPERATOR_DESC plain{s.activationInput, nullptr};  // RELU, SIGMOID, TANH share its layout
    DML_ACTIVATION_GELU_OPERATOR_DESC gelu{s.activationInput, nullptr};
    const void* activationDesc = &plain;
    if (s.activation == DML_OPERATOR_ACTIVATION_LINEAR) activationDesc = &linear;
    if (s.activation == DML_OPERATOR_ACTIVATION_GELU) activationDesc = &gelu;
    DML_OPERATOR_DESC fused{s.activation, activationDesc};
    DML_GEMM_OPERATOR_DESC desc{t[0], t[1], t[2], t[3], DML_MATRIX_TRANSFORM_NONE, DML_MATRIX_TRANSFORM_NONE,
                                s.alpha, s.beta, s.activation == DML_OPERATOR_INVALID ? nullptr : &fused};
    setRaw(desc.TransA, s.rawTransA != ~0u ? s.rawTransA : uint32_t(s.transA));
    setRaw(desc.TransB, uint32_t(s.transB));
    DML_OPERATOR_DESC d{DML_OPERATOR_GEMM, &desc};
    return vkdmlCreateOperator(device, &d, op);
}

FamilyCase gemmCase(const Spec& s) {
    FamilyCase c;
    c.op = DML_OPERATOR_GEMM;
    FamilyTensor cTensor = tensorOf(s.type, outSizes(s), s.cStrides);
    cTensor.absent = !s.withC;
    c.inputs = {tensorOf(s.type, aSizes(s), s.aStrides), tensorOf(s.type, bSizes(s), s.bStrides), cTensor};
    c.output = tensorOf(s.type, outSizes(s), s.outStrides);
    c.build = [s](VkdmlDevice device, DML_OPERATOR_TYPE, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        return createGemm(device, s, t, op);
    };
    return c;
}

std::string describe(const Spec& s) {
    std::string text = std::string(typeName(s.type)) + " batch {";
    for (uint32_t b : s.batch) text += std::to_string(b) + ",";
    text += "} m " + std::to_string(s.m) + " n " + std::to_string(s.n) + " k " + std::to_string(s.k) +
            (s.transA ? " TransA" : "") + (s.transB ? " TransB" : "") + " alpha " + std::to_string(s.alpha);
    if (s.withC) text += " beta " + std::to_string(s.beta);
    if (s.activation != DML_OPERATOR_INVALID) text += " activation " + std::to_string(s.activation);
    return text;
}

// The largest errors seen, per output type: in ULPs of the exact result and as a fraction of the bound (the
// figures the closing notes and docs/SEMANTICS.md quote).
struct Measured {
    double ulp = 0, ofBound = 0;
    uint64_t elements = 0;
};
Measured measured[2];  // FLOAT32, FLOAT16

void measure(const FamilyCase& c, const FamilyRun& run, const std::vector<Expected>& expected) {
    Measured& m = measured[c.output.type == F16 ? 1 : 0];
    const auto strides = stridesOf(c.output.spec);
    for (uint64_t e = 0; e < expected.size(); ++e) {
        const double got = floatValue(c.output.type, readBits(run.output, elementIndex(c.output.spec.sizes, strides, e),
                                                              c.output.type));
        const double error = std::fabs(got - expected[e].value);
        if (!std::isfinite(error)) continue;
        m.ulp = std::max(m.ulp, error / ulpOf(c.output.type, expected[e].value));
        if (expected[e].bound > 0) m.ofBound = std::max(m.ofBound, error / expected[e].bound);
        ++m.elements;
    }
}

void reportMeasured(const char* what) {
    for (int t = 0; t < 2; ++t) {
        if (measured[t].elements)
            MESSAGE(std::string(what) << ", " << (t ? "FLOAT16" : "FLOAT32") << ": " << measured[t].elements
                         << " elements, largest error " << measured[t].ulp << " ULP of the result, "
                         << measured[t].ofBound << " of the bound");
        measured[t] = {};
    }
}

// Fills A and B from `values` (C from [-2, 2)), runs the case and checks every output element.
void checkGemm(TestDevice& device, const Spec& s, std::mt19937_64& rng, ValueGen values = {}) {
    INFO(describe(s));
    FamilyCase c = gemmCase(s);
    if (!values) values = uniformFloats(s.type, -1, 1);
    fillTensor(c.inputs[0], rng, {}, values);
    fillTensor(c.inputs[1], rng, {}, values);
    if (!c.inputs[2].absent) fillTensor(c.inputs[2], rng, {}, uniformFloats(s.type, -2, 2));
    const HostTensor a = hostTensor(c.inputs[0]), b = hostTensor(c.inputs[1]);
    const HostTensor cValues = c.inputs[2].absent ? HostTensor{} : hostTensor(c.inputs[2]);
    GemmParams p;
    p.transA = s.transA, p.transB = s.transB;
    p.alpha = s.alpha, p.beta = s.beta;
    p.c = c.inputs[2].absent ? nullptr : &cValues;
    p.activation = s.activation, p.actAlpha = s.actAlpha, p.actBeta = s.actBeta;
    const std::vector<Expected> expected = expectGemm(s.type, a, b, p);
    const FamilyRun run = runFamily(device, c);
    REQUIRE_MESSAGE(run.ok(), run.failedCall);
    CHECK_MESSAGE(run.canaryIntact, "bytes outside the output tensor were written");
    const OutputCheck check = checkOutput(c.output, run.output, expected);
    CHECK_MESSAGE(check.wrong == 0, check.wrong << " of " << check.checked << " elements wrong; first: " << check.first);
    measure(c, run, expected);
}

// Packed strides of `sizes` with its last two dimensions stored swapped (a transposed copy in memory).
std::vector<uint32_t> swappedLastTwo(const std::vector<uint32_t>& sizes, uint32_t padding = 0) {
    std::vector<uint32_t> order(sizes.size());
    for (uint32_t d = 0; d < order.size(); ++d) order[d] = d;
    std::swap(order[order.size() - 1], order[order.size() - 2]);
    return permutedStrides(sizes, order, padding);
}

// Every {M, N, K} of `shapes` under the four transpositions, FLOAT32 and FLOAT16.
void checkEveryTransposition(TestDevice& device, std::mt19937_64& rng,
                             std::initializer_list<std::array<uint32_t, 3>> shapes) {
    for (Type type : {F32, F16})
        for (const auto& shape : shapes)
            for (int trans = 0; trans < 4; ++trans) {
                Spec s;
                s.type = type;
                s.m = shape[0], s.n = shape[1], s.k = shape[2];
                s.transA = trans & 1, s.transB = trans & 2;
                checkGemm(device, s, rng);
            }
}

}  // namespace

TEST_CASE("GEMM: M, N, K of 1, primes and powers of two, every transposition, FLOAT32 and FLOAT16") {
    TestDevice device;
    std::mt19937_64 rng(541);
    checkEveryTransposition(device, rng, {{1, 1, 1}, {1, 7, 13}, {5, 3, 1}, {17, 33, 19}, {65, 63, 31}, {3, 130, 70},
                                          {97, 1, 300}});
    reportMeasured("M, N, K of 1, primes and powers of two");
}

// M of a few rows (an LLM's decode step) takes the skinny kernel: up to 16 rows on GPUs (16 lanes of K per column;
// VKDML_TEST_GEMM_GPU_SHAPES=1 here), FLOAT32 with M = 1 on CPU devices. K around the lanes' stride (16 lanes x 8
// steps), B stored {K, N} and {N, K}, batches, padded storage, C and a fused activation.
TEST_CASE("GEMM: skinny M (1 to 16 rows) in every transposition, K tails, batch, padded storage, C and activation") {
    TestDevice device;
    std::mt19937_64 rng(547);
    checkEveryTransposition(device, rng, {{1, 1, 1}, {1, 40, 127}, {1, 17, 128}, {2, 33, 129}, {3, 9, 1000},
                                          {5, 16, 255}, {16, 31, 300}, {1, 1024, 512}});
    for (uint32_t m : {1u, 3u, 12u}) {
        Spec s;  // batches of A rows against one shared weight stored {N, K}, a bias row, GELU
        s.batch = {2, 3}, s.m = m, s.n = 45, s.k = 200, s.transB = true;
        s.bStrides = {0, 0, 200, 1};
        s.withC = true, s.beta = 1.0f, s.cStrides = {0, 0, 0, 1};
        s.activation = DML_OPERATOR_ACTIVATION_GELU;
        checkGemm(device, s, rng);
        Spec p;  // padded A and B, a permuted output, Alpha
        p.batch = {2}, p.m = m, p.n = 21, p.k = 150, p.alpha = 0.5f;
        p.aStrides = paddedStrides(aSizes(p), 3);
        p.bStrides = paddedStrides(bSizes(p), 5);
        p.outStrides = swappedLastTwo(outSizes(p), 1);
        checkGemm(device, p, rng);
    }
    reportMeasured("skinny M");
}

TEST_CASE("GEMM: batch dimensions, broadcast by stride 0, transposed and padded storage") {
    TestDevice device;
    std::mt19937_64 rng(542);
    {
        Spec s;  // 3-D, every operand packed
        s.batch = {3}, s.m = 9, s.n = 10, s.k = 11;
        checkGemm(device, s, rng);
    }
    {
        Spec s;  // 4-D; A broadcast along the first batch dimension, B along the second (ORT's MatMul)
        s.batch = {2, 3}, s.m = 7, s.n = 12, s.k = 5, s.type = F16;
        s.aStrides = {0, 35, 5, 1};
        s.bStrides = {60, 0, 12, 1};
        checkGemm(device, s, rng);
    }
    {
        Spec s;  // 4-D; a weight shared by every batch (both batch strides 0), transposed B stored as {N, K}
        s.batch = {2, 2}, s.m = 33, s.n = 20, s.k = 17, s.transB = true;
        s.bStrides = {0, 0, 17, 1};
        checkGemm(device, s, rng);
    }
    {
        Spec s;  // A's transpose as strides (TransA NONE, A stored {K, M}), B padded, output padded and permuted
        s.batch = {2}, s.m = 13, s.n = 6, s.k = 9;
        s.aStrides = swappedLastTwo(aSizes(s), 3);
        s.bStrides = paddedStrides(bSizes(s), 2);
        s.outStrides = swappedLastTwo(outSizes(s), 1);
        checkGemm(device, s, rng);
    }
    {
        Spec s;  // many small batch matrices (the grid's Z)
        s.batch = {70, 3}, s.m = 2, s.n = 3, s.k = 4, s.type = F16;
        checkGemm(device, s, rng);
    }
}

TEST_CASE("GEMM: Alpha, C with Beta (full, a broadcast bias row), absent C, Beta 0 never reads C") {
    TestDevice device;
    std::mt19937_64 rng(543);
    for (Type type : {F32, F16}) {
        Spec s;
        s.type = type, s.m = 19, s.n = 21, s.k = 23, s.alpha = 0.5f, s.beta = 2.0f, s.withC = true;
        checkGemm(device, s, rng);
        s.batch = {2, 3};
        s.cStrides = {0, 0, 0, 1};  // ONNX Gemm's bias vector: the output's sizes, broadcast by strides
        s.alpha = -1.25f, s.beta = 1.0f;
        checkGemm(device, s, rng);
        s.withC = false;
        checkGemm(device, s, rng);
    }
    {
        // Beta 0: C's NaNs must not reach the output.
        Spec s;
        s.m = 5, s.n = 6, s.k = 7, s.withC = true, s.beta = 0.0f;
        FamilyCase c = gemmCase(s);
        fillTensor(c.inputs[0], rng, {}, uniformFloats(F32, -1, 1));
        fillTensor(c.inputs[1], rng, {}, uniformFloats(F32, -1, 1));
        fillTensor(c.inputs[2], rng, {}, [](std::mt19937_64&) { return uint64_t(0x7fc00000); });
        const HostTensor a = hostTensor(c.inputs[0]), b = hostTensor(c.inputs[1]);
        runAndCheck(device, c, "Beta 0, C all NaN", expectGemm(F32, a, b, GemmParams{}));
    }
}

TEST_CASE("GEMM: fused RELU, SIGMOID, TANH, LINEAR, GELU") {
    TestDevice device;
    std::mt19937_64 rng(544);
    const DML_OPERATOR_TYPE activations[] = {DML_OPERATOR_ACTIVATION_RELU, DML_OPERATOR_ACTIVATION_SIGMOID,
                                             DML_OPERATOR_ACTIVATION_TANH, DML_OPERATOR_ACTIVATION_LINEAR,
                                             DML_OPERATOR_ACTIVATION_GELU};
    for (Type type : {F32, F16})
        for (DML_OPERATOR_TYPE activation : activations) {
            Spec s;
            s.type = type, s.m = 11, s.n = 37, s.k = 29, s.withC = true, s.beta = 1.0f;
            s.activation = activation, s.actAlpha = 0.75f, s.actBeta = -0.5f;
            checkGemm(device, s, rng);
        }
    reportMeasured("fused activations");
}

TEST_CASE("GEMM: K up to 65536 within (K + 4) * 2^-24 * sum |a b|") {
    TestDevice device;
    std::mt19937_64 rng(545);
    for (Type type : {F32, F16}) {
        Spec s;
        s.type = type, s.m = 3, s.n = 5, s.k = 65536;
        checkGemm(device, s, rng, uniformFloats(type, 0.5, 1));  // one sign: the running sum grows the most
        s.k = 4099, s.m = 40, s.n = 33, s.transA = true;
        checkGemm(device, s, rng);
    }
    reportMeasured("K 65536 and 4099");
}

TEST_CASE("GEMM: infinities and NaNs propagate") {
    TestDevice device;
    std::mt19937_64 rng(546);
    Spec s;
    s.m = 6, s.n = 7, s.k = 8;
    FamilyCase c = gemmCase(s);
    // A's first row: an infinity (its output row is +-inf or NaN where B holds a zero); A's second row: a NaN.
    const uint64_t inf = 0x7f800000, nan = 0x7fc00000, zero = 0;
    fillTensor(c.inputs[0], rng, {inf, 0x3f800000, 0, 0, 0, 0, 0, 0, nan}, uniformFloats(F32, -1, 1));
    fillTensor(c.inputs[1], rng, {zero}, uniformFloats(F32, -1, 1));
    const HostTensor a = hostTensor(c.inputs[0]), b = hostTensor(c.inputs[1]);
    runAndCheck(device, c, "infinities and NaNs", expectGemm(F32, a, b, GemmParams{}));
}

TEST_CASE("GEMM: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    struct Invalid {
        const char* name;
        Spec s;
        std::function<void(FamilyCase&)> change;
        const char* field;
    };
    Spec base;
    base.batch = {2}, base.m = 3, base.n = 4, base.k = 5, base.withC = true, base.beta = 1.0f;
    static const DML_BUFFER_TENSOR_DESC strayBuffer{F32, DML_TENSOR_FLAG_NONE, 0, nullptr, nullptr, 0, 0};
    static const DML_TENSOR_DESC strayTensor{DML_TENSOR_TYPE_BUFFER, &strayBuffer};
    auto with = [&](auto change) {
        Spec s = base;
        change(s);
        return s;
    };
    auto none = [](FamilyCase&) {};
    Invalid cases[] = {
        {"K of B differs", base, [](FamilyCase& c) { c.inputs[1].spec.sizes = {2, 6, 4}; }, "BTensor.Sizes[1]"},
        {"K of A differs (TransA)", with([](Spec& s) { s.transA = true; }),
         [](FamilyCase& c) { c.inputs[0].spec.sizes = {2, 6, 3}; }, "ATensor.Sizes[1]"},
        {"output M differs", base, [](FamilyCase& c) { c.output.spec.sizes = {2, 4, 4}; }, "OutputTensor.Sizes[1]"},
        {"output N differs", base, [](FamilyCase& c) { c.output.spec.sizes = {2, 3, 5}; }, "OutputTensor.Sizes[2]"},
        {"batch of A differs", base, [](FamilyCase& c) { c.inputs[0].spec.sizes = {1, 3, 5}; }, "ATensor.Sizes[0]"},
        {"batch of B differs", base, [](FamilyCase& c) { c.inputs[1].spec.sizes = {3, 5, 4}; }, "BTensor.Sizes[0]"},
        {"C of other sizes (broadcast by sizes)", base, [](FamilyCase& c) { c.inputs[2].spec.sizes = {2, 1, 4}; },
         "CTensor.Sizes[1]"},
        {"C of another rank", base, [](FamilyCase& c) { c.inputs[2].spec.sizes = {3, 4}; }, "CTensor.DimensionCount"},
        {"B of another rank", base, [](FamilyCase& c) { c.inputs[1].spec.sizes = {1, 2, 5, 4}; },
         "BTensor.DimensionCount"},
        {"5-D", with([](Spec& s) { s.batch = {1, 2, 1}; }), none, "DimensionCount"},
        {"1-D", base, [](FamilyCase& c) {
             c.inputs[0].spec.sizes = {5};
             c.inputs[1].spec.sizes = {5};
             c.inputs[2].absent = true;
             c.output.spec.sizes = {1};
         },
         "DimensionCount"},
        {"INT32 tensors", with([](Spec& s) { s.type = I32; }), none, "DataType"},
        {"B of FLOAT16", base, [](FamilyCase& c) { c.inputs[1].type = F16; }, "DataType"},
        {"TransA = 2", with([](Spec& s) { s.rawTransA = 2; }), none, "TransA"},
        {"fused HARDMAX", with([](Spec& s) { s.activation = DML_OPERATOR_ACTIVATION_HARDMAX; }), none,
         "FusedActivation"},
        {"fused ELEMENT_WISE_ADD", with([](Spec& s) { s.activation = DML_OPERATOR_ELEMENT_WISE_ADD; }), none,
         "FusedActivation"},
        {"fused RELU with an InputTensor", with([](Spec& s) {
             s.activation = DML_OPERATOR_ACTIVATION_RELU;
             s.activationInput = &strayTensor;
         }),
         none, "FusedActivation"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        FamilyCase fc = gemmCase(c.s);
        c.change(fc);
        device.clearErrors();
        CHECK(tryCreate(device, fc) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
}

TEST_CASE("GEMM: 4-D only below feature level 4_0") {
    TestDevice device(DML_FEATURE_LEVEL_3_1);
    std::mt19937_64 rng(547);
    Spec s;
    s.m = 3, s.n = 4, s.k = 5;
    device.clearErrors();
    CHECK(tryCreate(device, gemmCase(s)) == E_INVALIDARG);
    CHECK_MESSAGE(device.lastError().find("DimensionCount") != std::string::npos, "message: " << device.lastError());
    s.batch = {1, 2};
    checkGemm(device, s, rng);
}

// A device never runs a cooperative-matrix kernel it has not checked (runtime/ops/gemm/cooperative_check.h). No CI
// device has cooperative matrices, so VKDML_TEST_GEMM_COOPERATIVE_STAND_IN puts the GPU kernel in that kernel's place:
// 1, a correct stand-in, passes its check and runs; 2, a stand-in made wrong on purpose, fails its check (one warning
// per layout of A and B) and the portable kernel runs instead. Both give right results for FLOAT16 GEMMs in the four
// transpositions, by 16-byte copies (sizes multiple of 8) and element by element (padded storage).
TEST_CASE("GEMM: the cooperative-matrix kernel is checked on the device before its first use (stand-ins)") {
    struct Captured {
        std::mutex mutex;
        std::vector<std::string> passed, rejected, validation;
    };
    auto capture = [](VKDML_MESSAGE_SEVERITY severity, HRESULT, const char* message, void* user) {
        auto* c = static_cast<Captured*>(user);
        std::lock_guard<std::mutex> lock(c->mutex);
        const std::string text(message);
        if (text.rfind("Vulkan validation:", 0) == 0) c->validation.push_back(text);
        if (text.find("passed its check") != std::string::npos) c->passed.push_back(text);
        if (severity == VKDML_MESSAGE_SEVERITY_WARNING && text.find("is not used on this device") != std::string::npos)
            c->rejected.push_back(text);
    };
    for (const char* standIn : {"1", "2"}) {
        CAPTURE(standIn);
        setenv("VKDML_TEST_GEMM_COOPERATIVE_STAND_IN", standIn, 1);
        TestDevice device;
        unsetenv("VKDML_TEST_GEMM_COOPERATIVE_STAND_IN");
        if (device.comSession()) return;  // the COM path's device keeps its own callback
        Captured captured;
        REQUIRE(vkdmlSetMessageCallback(device, capture, &captured) == S_OK);
        std::mt19937_64 rng(557);
        for (int round = 0; round < 2; ++round)  // the second round meets every layout again: no new check
            for (const bool padded : {false, true})
                for (int trans = 0; trans < 4; ++trans) {
                    Spec s;
                    s.type = F16;
                    s.m = 40, s.n = 48, s.k = 72, s.transA = trans & 1, s.transB = trans & 2;
                    if (padded) {
                        s.aStrides = paddedStrides(aSizes(s), 3);
                        s.bStrides = paddedStrides(bSizes(s), 5);
                    }
                    checkGemm(device, s, rng);
                }
        REQUIRE(vkdmlSetMessageCallback(device, nullptr, nullptr) == S_OK);
        CHECK(captured.validation.empty());
        const bool wrongOnPurpose = std::string(standIn) == "2";
        CHECK(captured.passed.size() == (wrongOnPurpose ? 0u : 8u));
        CHECK(captured.rejected.size() == (wrongOnPurpose ? 8u : 0u));
        for (const std::string& m : captured.rejected) CHECK(m.find(" of 19584 results of its check were wrong") != std::string::npos);
    }
}

// The cooperative-matrix kernel itself, on a device without cooperative matrices: VKDML_TEST_GEMM_COOPERATIVE_EMULATED
// replaces its matrix operations (loads of 16 x 16 FLOAT16 fragments from shared memory, the multiply-accumulate,
// the accumulators' stores) by plain GLSL of GL_NV_cooperative_matrix's meaning, so that everything around them (A
// and B staged a step ahead, 16-byte or element copies, edges clamped or zeroed, the fragments' offsets and strides,
// the epilogue with C, Beta and an activation) is checked here, in every layout: each passes the device check and
// then runs FLOAT16 GEMMs over several 128 x 128 tiles with partial ones, K tails and batches, within GEMM's bound.
TEST_CASE("GEMM: the cooperative-matrix kernel itself, its matrix operations emulated, in every layout") {
    ScopedEnv emulated("VKDML_TEST_GEMM_COOPERATIVE_EMULATED", "1");
    TestDevice device(DML_FEATURE_LEVEL_6_4);  // a C API device: it reads the option when it is created
    EmulatedKernelMessages captured(device, "the emulated cooperative-matrix GEMM kernel (A ");
    std::mt19937_64 rng(563);
    for (const bool padded : {false, true})
        for (int trans = 0; trans < 4; ++trans) {
            Spec s;
            s.type = F16;
            s.batch = {2};
            s.m = 200, s.n = 136, s.k = 88, s.transA = trans & 1, s.transB = trans & 2;
            if (padded) {
                s.aStrides = paddedStrides(aSizes(s), 3);
                s.bStrides = paddedStrides(bSizes(s), 5);
                s.alpha = 0.5f, s.withC = true, s.beta = 2.0f, s.activation = DML_OPERATOR_ACTIVATION_GELU;
            }
            checkGemm(device, s, rng);
        }
    captured.stop();
    CHECK(captured.other.empty());
    for (const std::string& m : captured.other) MESSAGE(m);
    CHECK(captured.passed.size() == 8u);  // one check per layout of A and B
}
