// Dead nodes: nodes no graph output depends on, directly or through other nodes. vkdmlCompileGraph validates them
// like any other node, then leaves them out (no kernel, no temporary or persistent bytes); graph inputs only they
// read may be bound or left NONE. The shapes of the three graphs an outside generator found failing at record time
// are here, each fused and one kernel per node.
#include <cmath>
#include <cstring>
#include <memory>

#include "graph_runner.h"
#include "vkdml/vkdml_testing.h"

using namespace vkdml::test;

namespace {

GraphTensorDesc tensor(std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {},
                       DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32) {
    GraphTensorDesc t;
    t.type = type;
    t.sizes = std::move(sizes);
    t.strides = std::move(strides);
    return t;
}

std::vector<uint8_t> floatBytes(size_t count, float start, float step) {
    std::vector<uint8_t> bytes(count * 4);
    for (size_t i = 0; i < count; ++i) {
        const float v = start + step * float(i % 997);
        std::memcpy(bytes.data() + 4 * i, &v, 4);
    }
    return bytes;
}

float floatAt(const std::vector<uint8_t>& bytes, size_t i) {
    float v;
    std::memcpy(&v, bytes.data() + 4 * i, 4);
    return v;
}

struct Counts {
    UINT steps = 0, fused = 0;
    DML_BINDING_PROPERTIES properties{};
};

// Compiles and runs `builder` fused (or with one kernel per node), REQUIREs success; the steps it planned.
Counts compileAndRun(TestDevice& device, GraphBuilder& builder, const GraphIO& io, GraphRun& run) {
    Owned<VkdmlDispatchable> compiled;
    REQUIRE_MESSAGE(builder.compile(compiled.put()) == S_OK, device.lastError());
    Counts counts;
    REQUIRE(vkdmlTestGraphSteps(compiled, &counts.steps, &counts.fused));
    counts.properties = vkdmlGetBindingProperties(compiled);
    run = runGraph(device, compiled, io);
    REQUIRE_MESSAGE(run.ok(), run.failedCall, ": ", device.lastError());
    CHECK(run.canaryIntact);
    return counts;
}

}  // namespace

TEST_CASE("graph: dead nodes and dead chains cost nothing, fused or one kernel per node") {
    TestDevice device;
    const GraphTensorDesc t = tensor({8, 125});
    const std::vector<uint8_t> a = floatBytes(1000, -3.0f, 0.01f), b = floatBytes(1000, 2.0f, -0.003f);
    for (const bool fuse : {true, false}) {
        CAPTURE(fuse);
        std::unique_ptr<FusionDisabled> unfused(fuse ? nullptr : new FusionDisabled(device));
        // Live: out = relu(a + b) * b. Dead: tanh(negate(a + b)) read from inside the fused run, a PRELU of a graph
        // input with itself as slope, and a SIGMOID that reads only the dead NEGATE.
        GraphBuilder builder(device);
        const uint32_t add = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        const uint32_t relu = builder.addOperator(DML_OPERATOR_ACTIVATION_RELU, {t}, t);
        const uint32_t mul = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {t, t}, t);
        const uint32_t negate = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
        const uint32_t tanh = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_TANH, {t}, t);
        const uint32_t prelu = builder.addOperator(DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, {t, t}, t);
        const uint32_t sigmoid = builder.addOperator(DML_OPERATOR_ACTIVATION_SIGMOID, {t}, t);
        builder.inputEdge(0, add, 0);
        builder.inputEdge(1, add, 1);
        builder.edge(add, relu, 0);
        builder.edge(relu, mul, 0);
        builder.inputEdge(1, mul, 1);
        builder.outputEdge(mul, 0);
        builder.edge(add, negate, 0);
        builder.edge(negate, tanh, 0);
        builder.inputEdge(0, prelu, 0);
        builder.inputEdge(0, prelu, 1);
        builder.edge(negate, sigmoid, 0);
        GraphRun run;
        const Counts counts = compileAndRun(device, builder, {{a, b}, {}, {4000}}, run);
        // The live chain alone: one fused kernel, or three kernels with two 4000-byte intermediates alive at once.
        CHECK(counts.steps == (fuse ? 1u : 3u));
        CHECK(counts.fused == (fuse ? 1u : 0u));
        CHECK(counts.properties.TemporaryResourceSize == (fuse ? 0u : 8192u));
        CHECK(counts.properties.PersistentResourceSize == 0);
        for (size_t i = 0; i < 1000; ++i) {
            const float x = floatAt(a, i), y = floatAt(b, i);
            REQUIRE_MESSAGE(floatAt(run.outputs[0], i) == std::max(x + y, 0.0f) * y, "element ", i);
        }
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: the dead-node graphs found at record time compile and run") {
    TestDevice device;
    for (const bool fuse : {true, false}) {
        CAPTURE(fuse);
        std::unique_ptr<FusionDisabled> unfused(fuse ? nullptr : new FusionDisabled(device));
        SUBCASE("FLOAT32 {6873}: PARAMETERIZED_RELU(v, v), output unused") {
            const GraphTensorDesc t = tensor({6873});
            GraphBuilder builder(device);
            const uint32_t v = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_EXP, {t}, t);
            const uint32_t abs = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ABS, {t}, t);
            const uint32_t prelu = builder.addOperator(DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, {t, t}, t);
            builder.inputEdge(0, v, 0);
            builder.edge(v, abs, 0);
            builder.edge(v, prelu, 0);
            builder.edge(v, prelu, 1);
            builder.outputEdge(abs, 0);
            const std::vector<uint8_t> x = floatBytes(6873, -4.0f, 0.008f);
            GraphRun run;
            const Counts counts = compileAndRun(device, builder, {{x}, {}, {6873 * 4}}, run);
            CHECK(counts.steps == (fuse ? 1u : 2u));
            for (size_t i = 0; i < 6873; i += 7)
                REQUIRE(std::fabs(floatAt(run.outputs[0], i) - std::exp(floatAt(x, i))) <=
                        4e-7f * std::exp(floatAt(x, i)));
        }
        SUBCASE("FLOAT16 {650}: TANH with a padded output (strides {2}), output unused") {
            const GraphTensorDesc h = tensor({650}, {}, DML_TENSOR_DATA_TYPE_FLOAT16);
            GraphBuilder builder(device);
            const uint32_t negate = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {h}, h);
            const uint32_t tanh = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_TANH, {h},
                                                      tensor({650}, {2}, DML_TENSOR_DATA_TYPE_FLOAT16));
            builder.inputEdge(0, negate, 0);
            builder.edge(negate, tanh, 0, 0);
            builder.outputEdge(negate, 0);
            std::vector<uint8_t> x(1300);
            for (size_t i = 0; i < 650; ++i) x[2 * i + 1] = static_cast<uint8_t>(0x3C ^ (i & 0x80));  // +-1.0, 0x3C00
            GraphRun run;
            const Counts counts = compileAndRun(device, builder, {{x}, {}, {1300}}, run);
            CHECK(counts.steps == 1);
            for (size_t i = 0; i < 650; ++i) REQUIRE(run.outputs[0][2 * i + 1] == (x[2 * i + 1] ^ 0x80));
        }
        SUBCASE("FLOAT32 {5,3,4,4}: DIVIDE by a broadcast constant, output unused, an input feeding nothing") {
            const GraphTensorDesc t = tensor({5, 3, 4, 4});
            const GraphTensorDesc strided = tensor({5, 3, 4, 4}, {18, 6, 1, 90});
            GraphBuilder builder(device);
            const uint32_t relu = builder.addOperator(DML_OPERATOR_ACTIVATION_RELU, {strided}, t);
            const uint32_t square = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {t, t}, t);
            const uint32_t constant = builder.addConstant(floatBytes(48, 1.0f, 0.5f));
            const uint32_t divide = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_DIVIDE,
                                                        {t, tensor({5, 3, 4, 4}, {0, 16, 4, 1})}, t);
            builder.inputEdge(0, relu, 0);
            builder.edge(relu, square, 0);
            builder.edge(relu, square, 1);
            builder.edge(relu, divide, 0);
            builder.edge(constant, divide, 1);
            builder.outputEdge(relu, 0);  // from the middle of the fused run
            builder.outputEdge(square, 1);
            builder.inputCount = 2;  // graph input 1 feeds nothing
            const uint64_t inputBytes = strided.bytes();
            const std::vector<uint8_t> x = floatBytes(inputBytes / 4, -2.0f, 0.01f);
            GraphRun run;
            const Counts counts = compileAndRun(device, builder, {{x, {}}, {}, {960, 960}}, run);
            CHECK(counts.steps == (fuse ? 1u : 2u));
            CHECK(counts.properties.PersistentResourceSize == 0);  // the constant only the dead DIVIDE reads
            for (uint32_t n = 0, i = 0; n < 5; ++n)
                for (uint32_t c = 0; c < 3; ++c)
                    for (uint32_t h = 0; h < 4; ++h)
                        for (uint32_t w = 0; w < 4; ++w, ++i) {
                            const float r = std::max(floatAt(x, n * 18 + c * 6 + h + w * 90), 0.0f);
                            REQUIRE(floatAt(run.outputs[0], i) == r);
                            REQUIRE(floatAt(run.outputs[1], i) == r * r);
                        }
        }
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: a graph input only dead nodes read may be bound or left NONE, OWNED_BY_DML or not") {
    TestDevice device;
    const GraphTensorDesc t = tensor({64});
    for (const bool owned : {false, true})
        for (const bool bound : {false, true}) {
            CAPTURE(owned);
            CAPTURE(bound);
            GraphBuilder builder(device);
            GraphTensorDesc weights = t;
            if (owned) weights.flags = DML_TENSOR_FLAG_OWNED_BY_DML;
            const uint32_t live = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
            const uint32_t dead = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, weights}, t);
            builder.inputEdge(0, live, 0);
            builder.inputEdge(0, dead, 0);
            builder.inputEdge(1, dead, 1);
            builder.outputEdge(live, 0);
            const std::vector<uint8_t> x = floatBytes(64, 1.0f, 1.0f);
            GraphRun run;
            const Counts counts = compileAndRun(
                device, builder, {{x, bound ? floatBytes(64, 0.0f, 1.0f) : std::vector<uint8_t>{}}, {false, owned}, {256}},
                run);
            CHECK(counts.properties.PersistentResourceSize == 0);  // nothing runs that reads the owned input
            for (size_t i = 0; i < 64; ++i) REQUIRE(floatAt(run.outputs[0], i) == -floatAt(x, i));
        }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("graph: dead nodes are validated like live ones") {
    TestDevice device;
    const GraphTensorDesc t = tensor({64});
    SUBCASE("an intermediate edge into a dead node with another TotalTensorSizeInBytes") {
        GraphBuilder builder(device);
        const uint32_t live = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
        const uint32_t dead = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ABS, {tensor({65})}, tensor({65}));
        builder.inputEdge(0, live, 0);
        builder.edge(live, dead, 0);
        builder.outputEdge(live, 0);
        Owned<VkdmlDispatchable> compiled;
        CHECK(builder.compile(compiled.put()) == E_INVALIDARG);
        CHECK(device.lastError().find("IntermediateEdges[0]: TotalTensorSizeInBytes differs") != std::string::npos);
    }
    SUBCASE("a cycle among dead nodes") {
        GraphBuilder builder(device);
        const uint32_t live = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
        const uint32_t x = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        const uint32_t y = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ABS, {t}, t);
        builder.inputEdge(0, live, 0);
        builder.inputEdge(0, x, 0);
        builder.edge(y, x, 1);
        builder.edge(x, y, 0);
        builder.outputEdge(live, 0);
        Owned<VkdmlDispatchable> compiled;
        CHECK(builder.compile(compiled.put()) == E_INVALIDARG);
        CHECK(device.lastError().find("cycle") != std::string::npos);
    }
    SUBCASE("a dead node's required input without an edge") {
        GraphBuilder builder(device);
        const uint32_t live = builder.addOperator(DML_OPERATOR_ELEMENT_WISE_NEGATE, {t}, t);
        builder.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        builder.inputEdge(0, live, 0);
        builder.inputEdge(0, 1, 0);
        builder.outputEdge(live, 0);
        Owned<VkdmlDispatchable> compiled;
        CHECK(builder.compile(compiled.put()) == E_INVALIDARG);
        CHECK(device.lastError().find("has no edge") != std::string::npos);
    }
}
