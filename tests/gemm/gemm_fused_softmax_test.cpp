// GEMM's own fused activations: ELEMENT_WISE_CLIP (from feature level 6_0) in its store, SOFTMAX and SOFTMAX1
// (6_1; ONNX Runtime's FusedMatMulActivation of attention's scores) as a normalization of GEMM's results in the
// temporary resource over the activation's axes. Against GEMM's double reference with the activation applied in
// double: CLIP within GEMM's bound times |Scale| (plus its own roundings), SOFTMAX within the SOFTMAX1 reference's
// bound plus what GEMM's error can move it (|dy_i| <= y_i * 2 max|dx|). Feature levels, and E_INVALIDARG naming the
// field for axes that do not fit the output.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_gemm.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

struct Fused {
    DML_OPERATOR_TYPE type = DML_OPERATOR_ACTIVATION_SOFTMAX1;
    std::vector<uint32_t> axes;  // SOFTMAX1
    bool scaleBias = false;      // CLIP: with a ScaleBias of 1.5, -0.25
    float min = -0.25f, max = 0.5f;
};

struct Spec {
    Type type = F32;
    std::vector<uint32_t> batch;
    uint32_t m = 1, n = 1, k = 1;
    bool transB = false, withC = false;
    float alpha = 1.0f, beta = 0.0f;
    Fused fused;
};

FamilyCase gemmCase(const Spec& s) {
    FamilyCase c;
    c.op = DML_OPERATOR_GEMM;
    FamilyTensor cTensor = tensorOf(s.type, withBatch(s.batch, s.m, s.n));
    cTensor.absent = !s.withC;
    c.inputs = {tensorOf(s.type, withBatch(s.batch, s.m, s.k)),
                tensorOf(s.type, s.transB ? withBatch(s.batch, s.n, s.k) : withBatch(s.batch, s.k, s.n)), cTensor};
    c.output = tensorOf(s.type, withBatch(s.batch, s.m, s.n));
    c.build = [s](VkdmlDevice device, DML_OPERATOR_TYPE, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        const Fused& f = s.fused;
        DML_SCALE_BIAS scaleBias{1.5f, -0.25f};
        DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip{nullptr, nullptr, f.scaleBias ? &scaleBias : nullptr, f.min, f.max};
        DML_ACTIVATION_SOFTMAX_OPERATOR_DESC softmax{nullptr, nullptr};
        DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC softmax1{nullptr, nullptr, static_cast<UINT>(f.axes.size()),
                                                       f.axes.data()};
        const void* desc = f.type == DML_OPERATOR_ELEMENT_WISE_CLIP     ? static_cast<const void*>(&clip)
                           : f.type == DML_OPERATOR_ACTIVATION_SOFTMAX ? static_cast<const void*>(&softmax)
                                                                        : static_cast<const void*>(&softmax1);
        DML_OPERATOR_DESC fused{f.type, desc};
        DML_GEMM_OPERATOR_DESC gemm{t[0], t[1], t[2], t[3], DML_MATRIX_TRANSFORM_NONE,
                                    s.transB ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE,
                                    s.alpha, s.beta, &fused};
        DML_OPERATOR_DESC d{DML_OPERATOR_GEMM, &gemm};
        return vkdmlCreateOperator(device, &d, op);
    };
    return c;
}

// The expected output: GEMM's exact values and bounds (no activation), then the activation in double.
std::vector<Expected> expectFused(const Spec& s, const FamilyCase& c) {
    const HostTensor a = hostTensor(c.inputs[0]), b = hostTensor(c.inputs[1]);
    const HostTensor cValues = c.inputs[2].absent ? HostTensor{} : hostTensor(c.inputs[2]);
    GemmParams p;
    p.transB = s.transB, p.alpha = s.alpha, p.beta = s.beta;
    p.c = c.inputs[2].absent ? nullptr : &cValues;
    // GEMM's results before the activation: FLOAT32 in CLIP's kernel, of the output's type for SOFTMAX (in the
    // temporary resource).
    const Fused& f = s.fused;
    const std::vector<Expected> gemm = expectGemm(f.type == DML_OPERATOR_ELEMENT_WISE_CLIP ? F32 : s.type, a, b, p);
    std::vector<Expected> out(gemm.size());
    if (f.type == DML_OPERATOR_ELEMENT_WISE_CLIP) {
        const double scale = f.scaleBias ? 1.5 : 1.0, bias = f.scaleBias ? -0.25 : 0.0;
        for (size_t e = 0; e < gemm.size(); ++e) {
            const double v = gemm[e].value * scale + bias;
            const double y = std::min<double>(f.max, std::max<double>(f.min, v));
            double bound = gemm[e].bound * scale + 2 * ulpOf(F32, v);
            if (s.type == F16) bound += 0.5 * ulpOf(F16, std::fabs(y) + bound);
            out[e] = {y, bound};
        }
        return out;
    }
    HostTensor x;
    x.sizes = withBatch(s.batch, s.m, s.n);
    for (const Expected& g : gemm) x.values.push_back(g.value);
    const std::vector<uint32_t> axes = f.type == DML_OPERATOR_ACTIVATION_SOFTMAX1 ? f.axes
                                                                                  : std::vector<uint32_t>{uint32_t(x.sizes.size() - 1)};
    out = expectSoftmax(SoftmaxKind::Softmax, s.type, x, axes);
    const ReductionGroups groups(x.sizes, axes);
    for (uint64_t g = 0; g < groups.groupCount(); ++g) {
        double largest = 0;
        for (uint64_t k = 0; k < groups.groupSize(); ++k) largest = std::max(largest, gemm[groups.member(g, k)].bound);
        for (uint64_t k = 0; k < groups.groupSize(); ++k) {
            Expected& e = out[groups.member(g, k)];
            e.bound += e.value * 2 * largest * 1.01;
        }
    }
    return out;
}

void check(TestDevice& device, const Spec& s, std::mt19937_64& rng, const std::string& label) {
    const std::string text = label + " (" + std::string(typeName(s.type)) + ")";
    INFO(text);
    FamilyCase c = gemmCase(s);
    for (FamilyTensor& t : c.inputs)
        if (!t.absent) fillTensor(t, rng, {}, uniformFloats(s.type, -1, 1, true));
    const FamilyRun run = runFamily(device, c);
    REQUIRE_MESSAGE(run.ok(), run.failedCall);
    CHECK_MESSAGE(run.canaryIntact, "bytes outside the output tensor were written");
    const OutputCheck result = checkOutput(c.output, run.output, expectFused(s, c));
    CHECK_MESSAGE(result.wrong == 0, result.wrong << " of " << result.checked << " elements wrong; first: " << result.first);
}

}  // namespace

TEST_CASE("GEMM: fused ELEMENT_WISE_CLIP, SOFTMAX and SOFTMAX1 (feature levels 6_0 and 6_1)") {
    TestDevice device;
    std::mt19937_64 rng(611);
    for (Type type : {F32, F16}) {
        Spec s;
        s.type = type;
        s.batch = {3};
        s.m = 21, s.n = 37, s.k = 19;
        s.fused.type = DML_OPERATOR_ELEMENT_WISE_CLIP;
        check(device, s, rng, "CLIP");
        s.fused.scaleBias = true, s.withC = true, s.beta = 0.5f, s.alpha = 2.0f;
        check(device, s, rng, "CLIP with a ScaleBias, Alpha, C and Beta");

        s.fused = {};
        s.fused.type = DML_OPERATOR_ACTIVATION_SOFTMAX1;
        for (const std::vector<uint32_t>& axes : std::vector<std::vector<uint32_t>>{{2}, {1, 2}, {2, 0}, {1}}) {
            s.fused.axes = axes;
            check(device, s, rng, "SOFTMAX1 over " + std::to_string(axes.size()) + " axes, first " + std::to_string(axes[0]));
        }
        Spec attention;  // scores of 4 heads: Q {128, 64} x K^T, scaled by 1/8, a mask added through C
        attention.type = type;
        attention.batch = {4};
        attention.m = 128, attention.n = 128, attention.k = 64, attention.transB = true;
        attention.alpha = 0.125f, attention.withC = true, attention.beta = 1.0f;
        attention.fused.type = DML_OPERATOR_ACTIVATION_SOFTMAX1;
        attention.fused.axes = {2};
        check(device, attention, rng, "attention scores");
        Spec legacy;  // the legacy SOFTMAX: the last axis
        legacy.type = type;
        legacy.m = 9, legacy.n = 300, legacy.k = 33;
        legacy.fused.type = DML_OPERATOR_ACTIVATION_SOFTMAX;
        check(device, legacy, rng, "SOFTMAX");
    }
}

TEST_CASE("GEMM: fused CLIP needs feature level 6_0, fused SOFTMAX 6_1; SOFTMAX1's axes fit the output") {
    Spec clip;
    clip.m = 2, clip.n = 3, clip.k = 4;
    clip.fused.type = DML_OPERATOR_ELEMENT_WISE_CLIP;
    Spec softmax = clip;
    softmax.fused.type = DML_OPERATOR_ACTIVATION_SOFTMAX1;
    softmax.fused.axes = {1};
    {
        TestDevice device(DML_FEATURE_LEVEL_5_2);
        CHECK(tryCreate(device, gemmCase(clip)) == E_INVALIDARG);
        CHECK(device.lastError().find("FusedActivation->Type = DML_OPERATOR_ELEMENT_WISE_CLIP fused into GEMM needs "
                                      "feature level 6_0") != std::string::npos);
    }
    {
        TestDevice device(DML_FEATURE_LEVEL_6_0);
        CHECK(tryCreate(device, gemmCase(clip)) == S_OK);
        device.clearErrors();
        CHECK(tryCreate(device, gemmCase(softmax)) == E_INVALIDARG);
        CHECK(device.lastError().find("needs feature level 6_1") != std::string::npos);
    }
    TestDevice device;
    struct Invalid {
        const char* name;
        std::vector<uint32_t> axes;
        const char* field;
    };
    const Invalid invalid[] = {{"no axis", {}, "AxisCount = 0"},
                               {"an axis past the output's rank", {0, 2}, "Axes[1] = 2 is not an axis of OutputTensor"},
                               {"a repeated axis", {1, 1}, "Axes[1] = 1 repeats Axes[0]"}};
    for (const Invalid& i : invalid) {
        INFO(i.name);
        Spec s = softmax;
        s.fused.axes = i.axes;
        device.clearErrors();
        CHECK(tryCreate(device, gemmCase(s)) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(i.field) != std::string::npos, "message: " << device.lastError());
    }
    // Only GEMM fuses them: MEAN_VARIANCE_NORMALIZATION1 with a fused SOFTMAX1 is refused.
    const uint32_t sizes[] = {2, 3}, axes[] = {1};
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, 24, 0};
    DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC softmax1{nullptr, nullptr, 1, axes};
    DML_OPERATOR_DESC fused{DML_OPERATOR_ACTIVATION_SOFTMAX1, &softmax1};
    DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC mvn{&tensor, nullptr, nullptr, &tensor, 1, axes, TRUE, 1e-5f, &fused};
    DML_OPERATOR_DESC desc{DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1, &mvn};
    VkdmlOperator op = nullptr;
    device.clearErrors();
    CHECK(vkdmlCreateOperator(device, &desc, &op) == E_INVALIDARG);
    CHECK(op == nullptr);
    CHECK(device.lastError().find("FusedActivation->Type = DML_OPERATOR_ACTIVATION_SOFTMAX1 cannot be fused") !=
          std::string::npos);
}
