// vkdmlCompileGraph: results against double references, fused and one kernel per node; constant nodes, OWNED_BY_DML
// inputs, the temporary resource, fan-out, and every validation rule (each case breaks one rule alone).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "graph_runner.h"
#include "vkdml/vkdml_testing.h"

using namespace vkdml::test;

namespace {

GraphTensorDesc f32(std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {}) {
    GraphTensorDesc t;
    t.sizes = std::move(sizes);
    t.strides = std::move(strides);
    return t;
}

std::vector<uint8_t> floats(const std::vector<float>& values) {
    std::vector<uint8_t> bytes(values.size() * 4);
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

std::vector<float> asFloats(const std::vector<uint8_t>& bytes) {
    std::vector<float> values(bytes.size() / 4);
    std::memcpy(values.data(), bytes.data(), values.size() * 4);
    return values;
}

std::vector<float> ramp(size_t n, float start, float step) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = start + step * float(i);
    return v;
}

// out = relu((a + b) * a), written once as a graph: ADD -> MULTIPLY -> RELU.
struct Chain {
    GraphBuilder builder;
    uint32_t add, mul, relu;
    explicit Chain(VkdmlDevice device, const std::vector<uint32_t>& sizes) : builder(device) {
        const GraphTensorDesc t = f32(sizes);
        add = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        mul = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {t, t}, t);
        relu = builder.addOperator(DML_OPERATOR_ACTIVATION_RELU, {t}, t);
        builder.inputEdge(0, add, 0);
        builder.inputEdge(1, add, 1);
        builder.inputEdge(0, mul, 1);
        builder.edge(add, mul, 0);
        builder.edge(mul, relu, 0);
        builder.outputEdge(relu, 0);
    }
};

void checkChain(const GraphRun& run, const std::vector<float>& a, const std::vector<float>& b) {
    REQUIRE_MESSAGE(run.ok(), run.failedCall);
    CHECK(run.canaryIntact);
    const std::vector<float> out = asFloats(run.outputs[0]);
    for (size_t i = 0; i < a.size(); ++i) {
        const float expected = std::max((a[i] + b[i]) * a[i], 0.0f);
        REQUIRE_MESSAGE(out[i] == expected, "element ", i);
    }
}

}  // namespace

TEST_CASE("graph: a chain of three nodes fuses into one kernel and matches the reference") {
    TestDevice device;
    const std::vector<float> a = ramp(1000, -7.5f, 0.015f), b = ramp(1000, 3.0f, -0.01f);
    GraphIO io{{floats(a), floats(b)}, {}, {4000}};
    {
        Chain chain(device, {10, 100});
        Owned<VkdmlDispatchable> compiled;
        REQUIRE(chain.builder.compile(compiled.put()) == S_OK);
        const GraphRun run = runGraph(device, compiled, io);
        checkChain(run, a, b);
        UINT steps = 0, fused = 0;
        REQUIRE(vkdmlTestGraphSteps(compiled, &steps, &fused));
        CHECK(steps == 1);
        CHECK(fused == 1);
        CHECK(run.properties.TemporaryResourceSize == 0);  // nothing crosses kernels
        CHECK(run.properties.PersistentResourceSize == 0);
    }
    {
        FusionDisabled unfused(device);
        Chain chain(device, {10, 100});
        Owned<VkdmlDispatchable> compiled;
        REQUIRE(chain.builder.compile(compiled.put()) == S_OK);
        const GraphRun run = runGraph(device, compiled, io);
        checkChain(run, a, b);
        UINT steps = 0, fused = 0;
        REQUIRE(vkdmlTestGraphSteps(compiled, &steps, &fused));
        CHECK(steps == 3);
        CHECK(fused == 0);
        // Two intermediates of 4000 bytes, both alive while MULTIPLY runs.
        CHECK(run.properties.TemporaryResourceSize == 8192);
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: intermediate values share the temporary resource when their lifetimes do not overlap") {
    TestDevice device;
    FusionDisabled unfused(device);
    GraphBuilder builder(device);
    const GraphTensorDesc t = f32({256});
    uint32_t previous = builder.addOperator(DML_OPERATOR_ACTIVATION_RELU, {t}, t);
    builder.inputEdge(0, previous, 0);
    for (int k = 0; k < 5; ++k) {
        const uint32_t next = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
        builder.edge(previous, next, 0);
        previous = next;
    }
    builder.outputEdge(previous, 0);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(builder.compile(compiled.put()) == S_OK);
    // Five intermediates of 1 KiB in a line: two slots suffice.
    CHECK(vkdmlGetBindingProperties(compiled).TemporaryResourceSize == 2048);
    const std::vector<float> x = ramp(256, -3.0f, 0.03f);
    const GraphRun run = runGraph(device, compiled, {{floats(x)}, {}, {1024}});
    REQUIRE(run.ok());
    const std::vector<float> out = asFloats(run.outputs[0]);
    for (size_t i = 0; i < x.size(); ++i) CHECK(out[i] == -std::max(x[i], 0.0f));
}

TEST_CASE("graph: fan-out, a value that is both a graph output and an input, two outputs of one node") {
    TestDevice device;
    for (bool fuse : {true, false}) {
        CAPTURE(fuse);
        const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, 3, [](GraphBuilder& builder) {
            const GraphTensorDesc t = f32({4, 33});
            const uint32_t sq = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {t, t}, t);
            const uint32_t neg = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
            const uint32_t sum = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
            builder.inputEdge(0, sq, 0);
            builder.inputEdge(0, sq, 1);  // the same input twice
            builder.edge(sq, neg, 0);
            builder.edge(sq, sum, 0);
            builder.edge(neg, sum, 1);
            builder.outputEdge(sq, 0);
            builder.outputEdge(sum, 1);
            builder.outputEdge(sq, 2);  // one node output, two graph outputs
        });
        const std::vector<float> x = ramp(132, -2.0f, 0.125f);
        const GraphRun run = runGraph(device, compiled, {{floats(x)}, {}, {528, 528, 528}});
        REQUIRE_MESSAGE(run.ok(), run.failedCall);
        CHECK(run.canaryIntact);
        const std::vector<float> squares = asFloats(run.outputs[0]), zeros = asFloats(run.outputs[1]);
        CHECK(run.outputs[2] == run.outputs[0]);
        for (size_t i = 0; i < x.size(); ++i) {
            CHECK(squares[i] == x[i] * x[i]);
            CHECK(zeros[i] == 0.0f);
        }
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: broadcast inputs, constant nodes and OWNED_BY_DML inputs") {
    TestDevice device;
    for (bool fuse : {true, false}) {
        CAPTURE(fuse);
        const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, 2, [](GraphBuilder& builder) {
            const GraphTensorDesc t = f32({8, 16});
            GraphTensorDesc row = f32({8, 16}, {0, 1});  // one row of 16, broadcast over 8
            GraphTensorDesc owned = f32({8, 16}, {0, 0});  // a scalar
            owned.flags = DML_TENSOR_FLAG_OWNED_BY_DML;
            const uint32_t add = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, row}, t);
            const uint32_t mul = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {t, owned}, t);
            const uint32_t bias = builder.addConstant(floats(ramp(16, 100.0f, 1.0f)));
            builder.inputEdge(0, add, 0);
            builder.edge(bias, add, 1);
            builder.edge(add, mul, 0);
            builder.inputEdge(2, mul, 1);  // graph input 1 is unused
            builder.outputEdge(mul, 0);
            builder.inputCount = 3;
        });
        const DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(compiled);
        CHECK(props.PersistentResourceSize == 512);  // the constant's row and the owned scalar, 256-aligned
        const std::vector<float> x = ramp(128, -1.0f, 0.25f);
        GraphIO io{{floats(x), {}, floats({-2.0f})}, {false, false, true}, {512}};
        const GraphRun run = runGraph(device, compiled, io);
        REQUIRE_MESSAGE(run.ok(), run.failedCall);
        CHECK(run.canaryIntact);
        const std::vector<float> out = asFloats(run.outputs[0]);
        for (size_t i = 0; i < x.size(); ++i) CHECK(out[i] == (x[i] + (100.0f + float(i % 16))) * -2.0f);
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: a node whose sizes differ, or whose input is read permuted, starts a new kernel") {
    TestDevice device;
    GraphBuilder builder(device);
    const GraphTensorDesc t = f32({4, 6});
    const GraphTensorDesc transposed = f32({6, 4}, {1, 6});  // reads the 4x6 result as its transpose
    const GraphTensorDesc u = f32({6, 4});
    const uint32_t a = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ABS, {t}, t);
    const uint32_t b = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
    const uint32_t c = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {transposed, u}, u);
    builder.inputEdge(0, a, 0);
    builder.edge(a, b, 0);
    builder.edge(b, c, 0);
    builder.inputEdge(1, c, 1);
    builder.outputEdge(c, 0);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(builder.compile(compiled.put()) == S_OK);
    UINT steps = 0, fused = 0;
    REQUIRE(vkdmlTestGraphSteps(compiled, &steps, &fused));
    CHECK(steps == 2);  // ABS and NEGATE fused, then ADD
    CHECK(fused == 1);
    CHECK(vkdmlGetBindingProperties(compiled).TemporaryResourceSize == 256);
    const std::vector<float> x = ramp(24, -12.0f, 1.0f), y = ramp(24, 0.5f, 0.5f);
    const GraphRun run = runGraph(device, compiled, {{floats(x), floats(y)}, {}, {96}});
    REQUIRE_MESSAGE(run.ok(), run.failedCall);
    const std::vector<float> out = asFloats(run.outputs[0]);
    for (uint32_t r = 0; r < 6; ++r)
        for (uint32_t k = 0; k < 4; ++k) CHECK(out[r * 4 + k] == -std::fabs(x[k * 6 + r]) + y[r * 4 + k]);
}

TEST_CASE("graph: fp16 and int8 values between fused nodes round and wrap as through memory") {
    TestDevice device;
    for (auto type : {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT8}) {
        std::vector<std::vector<uint8_t>> results;
        for (bool fuse : {true, false}) {
            const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, 2, [type](GraphBuilder& builder) {
                GraphTensorDesc t = f32({300});
                t.type = type;
                const uint32_t add = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
                const uint32_t sub = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_SUBTRACT, {t, t}, t);
                builder.inputEdge(0, add, 0);
                builder.inputEdge(1, add, 1);
                builder.edge(add, sub, 0);
                builder.inputEdge(1, sub, 1);
                builder.outputEdge(sub, 0);
            });
            std::mt19937_64 rng(7);
            FamilyTensor a = tensorOf(type, {300}), b = tensorOf(type, {300});
            fillTensor(a, rng);
            fillTensor(b, rng);
            const GraphRun run = runGraph(device, compiled, {{a.memory, b.memory}, {}, {a.bytes()}});
            REQUIRE_MESSAGE(run.ok(), run.failedCall);
            results.push_back(run.outputs[0]);
        }
        CHECK_MESSAGE(results[0] == results[1], typeName(type), ": fused and unfused results differ");
    }
}

TEST_CASE("graph: single-node graphs bind graph inputs, not operator slots") {
    TestDevice device;
    GraphBuilder builder(device);
    const GraphTensorDesc t = f32({64});
    const uint32_t node = builder.addOperator(DML_OPERATOR_ACTIVATION_SIGMOID, {t}, t);
    builder.inputEdge(1, node, 0);
    builder.outputEdge(node, 0);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(builder.compile(compiled.put()) == S_OK);
    const std::vector<float> x = ramp(64, -8.0f, 0.25f);
    const GraphRun run = runGraph(device, compiled, {{{}, floats(x)}, {}, {256}});
    REQUIRE_MESSAGE(run.ok(), run.failedCall);
    const std::vector<float> out = asFloats(run.outputs[0]);
    for (size_t i = 0; i < x.size(); ++i) CHECK(std::fabs(out[i] - 1.0f / (1.0f + std::exp(-x[i]))) < 1e-6f);
}

TEST_CASE("graph: DEQUANTIZE_LINEAR without a zero point, fused with ADD and one kernel per node") {
    // out = (x * scale rounded to FLOAT32) + b: x INT8, the scale one element read with strides 0, ZeroPointTensor
    // NULL (slot 2 absent: no edge, nothing bound). The edges reach ADD through the dequantized value.
    TestDevice device;
    const std::vector<uint32_t> sizes{4, 64};
    GraphTensorDesc x;
    x.type = DML_TENSOR_DATA_TYPE_INT8;
    x.sizes = sizes;
    const GraphTensorDesc scale = f32(sizes, {0, 0}), t = f32(sizes);
    GraphTensorDesc zeroPoint = x;
    zeroPoint.absent = true;
    std::vector<uint8_t> xs(256);
    for (size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<uint8_t>(i * 37 + 11);  // every sign and magnitude
    const float s = 0.0371f;
    const std::vector<float> b = ramp(256, -4.0f, 0.03125f);
    auto build = [&](GraphBuilder& builder) {
        const uint32_t dq = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, {x, scale, zeroPoint}, t);
        const uint32_t add = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        builder.inputEdge(0, dq, 0);
        builder.inputEdge(1, dq, 1);
        builder.inputEdge(2, add, 1);
        builder.edge(dq, add, 0);
        builder.outputEdge(add, 0);
        return dq;
    };
    for (bool fuse : {true, false}) {
        CAPTURE(fuse);
        const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, 2, build);
        const GraphRun run = runGraph(device, compiled, {{xs, floats({s}), floats(b)}, {}, {1024}});
        REQUIRE_MESSAGE(run.ok(), run.failedCall);
        CHECK(run.canaryIntact);
        const std::vector<float> out = asFloats(run.outputs[0]);
        for (size_t i = 0; i < xs.size(); ++i) {
            const float dequantized = static_cast<float>(double(static_cast<int8_t>(xs[i])) * double(s));
            REQUIRE_MESSAGE(out[i] == dequantized + b[i], "element ", i);
        }
    }
    // An edge into the absent slot: E_INVALIDARG naming it.
    {
        GraphBuilder builder(device);
        const uint32_t dq = build(builder);
        builder.inputEdge(3, dq, 2);
        device.clearErrors();
        Owned<VkdmlDispatchable> compiled;
        CHECK(builder.compile(compiled.put()) == E_INVALIDARG);
        CHECK(compiled.get() == nullptr);
        CHECK_MESSAGE(device.lastError().find("input 2 (ZeroPointTensor)") != std::string::npos, device.lastError());
        CHECK_MESSAGE(device.lastError().find("absent: NULL in the operator desc") != std::string::npos,
                      device.lastError());
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: QUANTIZE to UINT4 then DEQUANTIZE, fused and one kernel per node, give the same exact bytes") {
    // q = clamp(round(x / s) + zp, 0, 15) (UINT4, a graph output and DEQUANTIZE's input), out = (q - zp) * s. Per-row
    // scale and 4-bit zero point (strides {1, 0}); 37 elements a row, so rows start mid-byte in the 4-bit tensors.
    TestDevice device;
    const std::vector<uint32_t> sizes{6, 37};
    GraphTensorDesc q4;
    q4.type = DML_TENSOR_DATA_TYPE_UINT4;
    q4.sizes = sizes;
    GraphTensorDesc zp = q4;
    zp.strides = {1, 0};
    const GraphTensorDesc x = f32(sizes), scale = f32(sizes, {1, 0});
    const VkdmlDevice dev = device;
    auto create = [dev](DML_OPERATOR_TYPE type) {
        return [dev, type](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
            const DML_TENSOR_DESC array[2] = {*t[1], *t[2]};
            DML_QUANTIZE_OPERATOR_DESC desc{t[0], DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, 2, array, t[3]};
            const DML_OPERATOR_DESC opDesc{type, &desc};  // DEQUANTIZE's desc has the same layout
            return vkdmlCreateOperator(dev, &opDesc, op);
        };
    };
    const std::vector<float> xs = ramp(6 * 37, -9.0f, 0.0923f);
    const std::vector<float> scales = {0.5f, 0.25f, 1.0f / 3, 0.1f, 2.0f, 0.75f};
    const std::vector<uint8_t> zps = {0x38, 0xf0, 0x17};  // rows: 8, 3, 0, 15, 7, 1
    auto zpOf = [&](size_t row) { return (zps[row / 2] >> (4 * (row % 2))) & 0xf; };
    std::vector<std::vector<uint8_t>> quantized, dequantized;
    for (bool fuse : {true, false}) {
        CAPTURE(fuse);
        const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, 2, [&](GraphBuilder& builder) {
            const uint32_t qn = builder.addOperator({x, scale, zp}, q4, create(DML_OPERATOR_QUANTIZE));
            const uint32_t dn = builder.addOperator({q4, scale, zp}, f32(sizes), create(DML_OPERATOR_DEQUANTIZE));
            builder.inputEdge(0, qn, 0);
            builder.inputEdge(1, qn, 1);
            builder.inputEdge(2, qn, 2);
            builder.edge(qn, dn, 0);
            builder.inputEdge(1, dn, 1);
            builder.inputEdge(2, dn, 2);
            builder.outputEdge(dn, 0);
            builder.outputEdge(qn, 1);
        });
        std::vector<uint8_t> zpBytes(zps);
        zpBytes.resize(4, 0);
        const GraphRun run = runGraph(device, compiled,
                                      {{floats(xs), floats(scales), zpBytes}, {}, {6 * 37 * 4, q4.bytes()}});
        REQUIRE_MESSAGE(run.ok(), run.failedCall);
        CHECK(run.canaryIntact);
        const std::vector<float> out = asFloats(run.outputs[0]);
        for (size_t i = 0; i < xs.size(); ++i) {
            const size_t row = i / 37;
            const double quotient = double(xs[i]) / double(scales[row]);
            const int64_t want = std::min<int64_t>(std::max<int64_t>(int64_t(std::nearbyint(quotient)) + zpOf(row), 0), 15);
            const uint32_t got = (run.outputs[1][i / 2] >> (4 * (i % 2))) & 0xf;
            REQUIRE_MESSAGE(got == want, "element ", i);
            REQUIRE_MESSAGE(out[i] == float(double(want - int64_t(zpOf(row))) * double(scales[row])), "element ", i);
        }
        quantized.push_back(run.outputs[1]);
        dequantized.push_back(run.outputs[0]);
    }
    CHECK(quantized[0] == quantized[1]);
    CHECK(dequantized[0] == dequantized[1]);
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: QUANTIZED_LINEAR_ADD without zero points (absent slots before present ones) fused with ADD") {
    // out = round_even(a * 0.5 + b * 0.25) + c (no saturation: |sum| <= 96, |c| <= 3): AZeroPointTensor (slot 2),
    // BZeroPointTensor (5) and OutputZeroPointTensor (7) NULL, so BTensor (slot 3) is the program's third input:
    // edges are per slot.
    TestDevice device;
    const std::vector<uint32_t> sizes{2, 128};
    GraphTensorDesc q;
    q.type = DML_TENSOR_DATA_TYPE_INT8;
    q.sizes = sizes;
    GraphTensorDesc none = q;
    none.absent = true;
    const GraphTensorDesc scale = f32({1, 1});
    std::vector<uint8_t> as(256), bs(256);
    for (size_t i = 0; i < as.size(); ++i) {
        as[i] = static_cast<uint8_t>(i * 37 + 11);
        bs[i] = static_cast<uint8_t>(i * 101 + 3);
    }
    std::vector<uint8_t> cs(256);
    for (size_t i = 0; i < cs.size(); ++i) cs[i] = static_cast<uint8_t>(int(i % 7) - 3);
    for (bool fuse : {true, false}) {
        CAPTURE(fuse);
        const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, 2, [&](GraphBuilder& builder) {
            const uint32_t add = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD,
                                                     {q, scale, none, q, scale, none, scale, none}, q);
            const uint32_t plus = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {q, q}, q);
            builder.inputEdge(0, add, 0);
            builder.inputEdge(1, add, 1);
            builder.inputEdge(2, add, 3);
            builder.inputEdge(3, add, 4);
            builder.inputEdge(4, add, 6);
            builder.inputEdge(5, plus, 1);
            builder.edge(add, plus, 0);
            builder.outputEdge(plus, 0);
        });
        const GraphRun run =
            runGraph(device, compiled, {{as, floats({0.5f}), bs, floats({0.25f}), floats({1.0f}), cs}, {}, {256}});
        REQUIRE_MESSAGE(run.ok(), run.failedCall);
        CHECK(run.canaryIntact);
        for (size_t i = 0; i < as.size(); ++i) {
            const double sum = static_cast<int8_t>(as[i]) * 0.5 + static_cast<int8_t>(bs[i]) * 0.25;  // exact
            const double rounded = std::nearbyint(sum);  // ties to even
            REQUIRE_MESSAGE(static_cast<int8_t>(run.outputs[0][i]) == rounded + static_cast<int8_t>(cs[i]),
                            "element ", i);
        }
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: every validation rule fails alone with E_INVALIDARG naming the node, edge or field") {
    TestDevice device;
    const GraphTensorDesc t = f32({16});
    auto check = [&](GraphBuilder& b, const char* expected) {
        device.clearErrors();
        Owned<VkdmlDispatchable> compiled;
        CHECK_MESSAGE(b.compile(compiled.put()) == E_INVALIDARG, expected);
        CHECK(compiled.get() == nullptr);
        CHECK_MESSAGE(device.lastError().find(expected) != std::string::npos, device.lastError());
    };
    // A valid two-node graph each case breaks once.
    auto make = [&](GraphBuilder& b) {
        const uint32_t x = b.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        const uint32_t y = b.addOperator(DML_OPERATOR_ACTIVATION_RELU, {t}, t);
        b.inputEdge(0, x, 0);
        b.inputEdge(1, x, 1);
        b.edge(x, y, 0);
        b.outputEdge(y, 0);
    };
    {
        GraphBuilder b(device);
        make(b);
        Owned<VkdmlDispatchable> compiled;
        CHECK(b.compile(compiled.put()) == S_OK);
    }
    { GraphBuilder b(device); make(b); b.inputs[0].GraphInputIndex = 5; b.inputCount = 2; check(b, "GraphInputIndex = 5"); }
    { GraphBuilder b(device); make(b); b.inputs[1].ToNodeIndex = 9; check(b, "ToNodeIndex = 9"); }
    { GraphBuilder b(device); make(b); b.inputs[1].ToNodeInputIndex = 2; check(b, "ToNodeInputIndex = 2"); }
    { GraphBuilder b(device); make(b); b.inputs[1].ToNodeInputIndex = 0; check(b, "already has an edge"); }
    { GraphBuilder b(device); make(b); b.inputs.pop_back(); check(b, "has no edge"); }
    { GraphBuilder b(device); make(b); b.intermediates[0].FromNodeIndex = 7; check(b, "FromNodeIndex = 7"); }
    { GraphBuilder b(device); make(b); b.intermediates[0].FromNodeOutputIndex = 1; check(b, "FromNodeOutputIndex = 1"); }
    { GraphBuilder b(device); make(b); b.outputs[0].GraphOutputIndex = 1; b.outputCount = 1; check(b, "GraphOutputIndex = 1"); }
    { GraphBuilder b(device); make(b); b.outputCount = 2; check(b, "graph output 1 has no edge"); }
    { GraphBuilder b(device); make(b); b.outputEdge(0, 0); check(b, "graph output 0 already has an edge"); }
    { GraphBuilder b(device); make(b); b.nodes[1].Type = static_cast<DML_GRAPH_NODE_TYPE>(7); check(b, "Nodes[1].Type = 7"); }
    {
        GraphBuilder b(device);
        make(b);  // y feeds x's second input: a cycle (x's graph input edge moved away)
        b.inputs.pop_back();
        b.edge(1, 0, 1);
        check(b, "cycle");
    }
    {
        GraphBuilder b(device);
        make(b);
        const uint32_t wide = b.addOperator(DML_OPERATOR_ACTIVATION_RELU, {f32({32})}, f32({32}));
        b.edge(0, wide, 0);  // 64 bytes into a 128-byte input
        b.outputEdge(wide, 1);
        check(b, "TotalTensorSizeInBytes differs");
    }
    {
        GraphBuilder b(device);
        make(b);
        GraphTensorDesc owned = t;
        owned.flags = DML_TENSOR_FLAG_OWNED_BY_DML;
        const uint32_t z = b.addOperator(DML_OPERATOR_ACTIVATION_RELU, {owned}, t);
        b.edge(1, z, 0);
        b.outputEdge(z, 1);
        check(b, "only graph inputs can feed");
    }
    {
        GraphBuilder b(device);
        make(b);
        const uint32_t c = b.addConstant(std::vector<uint8_t>(8, 0));  // 8 bytes for a 64-byte input
        b.intermediates.clear();
        b.edge(c, 1, 0);
        check(b, "reads 64");
    }
    {
        GraphBuilder b(device);
        make(b);
        const uint32_t c = b.addConstant(std::vector<uint8_t>(64, 0));
        b.outputEdge(c, 1);
        check(b, "constant node");
    }
    {
        GraphBuilder b(device);
        make(b);
        b.intermediates.push_back(b.intermediates[0]);
        b.intermediates.back().ToNodeIndex = 0;  // into ADD's first input, which has a graph input edge
        check(b, "already has an edge");
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: binding rules at execution (input counts, owned inputs, aliasing outputs)") {
    TestDevice device;
    Chain chain(device, {64});
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(chain.builder.compile(compiled.put()) == S_OK);
    Owned<VkdmlBindingTable> table;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    Owned<VkdmlBuffer> buffer(device.createDefaultBuffer(4096));
    DML_BUFFER_BINDING in{buffer, 0, 256}, in2{buffer, 256, 256}, out{buffer, 512, 256};
    DML_BINDING_DESC ins[] = {{DML_BINDING_TYPE_BUFFER, &in}, {DML_BINDING_TYPE_BUFFER, &in2}};
    DML_BINDING_DESC outs[] = {{DML_BINDING_TYPE_BUFFER, &out}};
    CHECK(vkdmlBindInputs(table, 1, ins) == E_INVALIDARG);
    CHECK(device.lastError().find("InputCount") != std::string::npos);
    DML_BINDING_DESC none[] = {{DML_BINDING_TYPE_BUFFER, &in}, {DML_BINDING_TYPE_NONE, nullptr}};
    CHECK(vkdmlBindInputs(table, 2, none) == E_INVALIDARG);
    CHECK(vkdmlBindInputs(table, 2, ins) == S_OK);
    CHECK(vkdmlBindOutputs(table, 1, outs) == S_OK);
    // The output over an input: refused when recorded, nothing recorded.
    DML_BUFFER_BINDING over{buffer, 256, 256};
    DML_BINDING_DESC overs[] = {{DML_BINDING_TYPE_BUFFER, &over}};
    CHECK(vkdmlBindOutputs(table, 1, overs) == S_OK);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);
    CHECK(device.lastError().find("overlaps") != std::string::npos);
    CHECK(vkdmlCloseCommandList(list) == S_OK);
}
