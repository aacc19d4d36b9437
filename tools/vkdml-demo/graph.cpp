#include <cmath>
#include <cstdlib>
#include <cstring>

#include <vkdml/vkdml_testing.h>

#include "demo.h"

namespace demo {

namespace {

// One FLOAT32 tensor desc of `count` elements, packed or broadcast from a single value.
struct Tensor {
    UINT sizes[1];
    UINT strides[1] = {0};
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};
    Tensor(UINT count, bool broadcast) {
        sizes[0] = count;
        buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, broadcast ? strides : nullptr,
                  broadcast ? sizeof(float) : count * sizeof(float), 0};
        desc = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

VkdmlOperator binary(VkdmlDevice device, DML_OPERATOR_TYPE type, const Tensor& a, const Tensor& b, const Tensor& out) {
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC desc{&a.desc, &b.desc, &out.desc};  // DIVIDE and MULTIPLY share this layout
    DML_OPERATOR_DESC opDesc{type, &desc};
    VkdmlOperator op = nullptr;
    CHECK_HR(vkdmlCreateOperator(device, &opDesc, &op));
    return op;
}

// gelu(x) = x * (1 + erf(x / sqrt(2))) * 0.5 as DIVIDE -> ERF -> ADD -> MULTIPLY -> MULTIPLY, the three constants
// as constant nodes (feature level 6_2) read through broadcast strides.
VkdmlCompiledOperator compileGelu(VkdmlDevice device, UINT count, UINT64* temporaryBytes) {
    const Tensor value(count, false), scalar(count, true);
    VkdmlOperator ops[5];
    ops[0] = binary(device, DML_OPERATOR_ELEMENT_WISE_DIVIDE, value, scalar, value);
    DML_ELEMENT_WISE_ERF_OPERATOR_DESC erf{&value.desc, &value.desc, nullptr};
    DML_OPERATOR_DESC erfDesc{DML_OPERATOR_ELEMENT_WISE_ERF, &erf};
    CHECK_HR(vkdmlCreateOperator(device, &erfDesc, &ops[1]));
    ops[2] = binary(device, DML_OPERATOR_ELEMENT_WISE_ADD, value, scalar, value);
    ops[3] = binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY, value, value, value);
    ops[4] = binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY, value, scalar, value);

    static const float kSqrt2 = std::sqrt(2.0f), kOne = 1.0f, kHalf = 0.5f;
    const char* names[] = {"x/sqrt2", "erf", "+1", "x*", "*0.5"};
    DML_OPERATOR_GRAPH_NODE_DESC opNodes[5];
    DML_CONSTANT_DATA_GRAPH_NODE_DESC constants[3] = {
        {&kSqrt2, sizeof(float), "sqrt2"}, {&kOne, sizeof(float), "one"}, {&kHalf, sizeof(float), "half"}};
    DML_GRAPH_NODE_DESC nodes[8];
    for (int n = 0; n < 5; ++n) {
        opNodes[n] = {ops[n], names[n]};
        nodes[n] = {DML_GRAPH_NODE_TYPE_OPERATOR, &opNodes[n]};
    }
    for (int c = 0; c < 3; ++c) nodes[5 + c] = {DML_GRAPH_NODE_TYPE_CONSTANT, &constants[c]};

    // x feeds the division and the first multiplication; node 5..7 are the constants.
    DML_INPUT_GRAPH_EDGE_DESC inputs[2] = {{0, 0, 0, "x"}, {0, 3, 0, "x"}};
    DML_INTERMEDIATE_GRAPH_EDGE_DESC mids[7] = {{5, 0, 0, 1, nullptr}, {0, 0, 1, 0, nullptr}, {1, 0, 2, 0, nullptr},
                                                {6, 0, 2, 1, nullptr}, {2, 0, 3, 1, nullptr}, {3, 0, 4, 0, nullptr},
                                                {7, 0, 4, 1, nullptr}};
    DML_OUTPUT_GRAPH_EDGE_DESC output{4, 0, 0, "gelu"};
    DML_GRAPH_EDGE_DESC inputEdges[2], midEdges[7], outputEdge{DML_GRAPH_EDGE_TYPE_OUTPUT, &output};
    for (int e = 0; e < 2; ++e) inputEdges[e] = {DML_GRAPH_EDGE_TYPE_INPUT, &inputs[e]};
    for (int e = 0; e < 7; ++e) midEdges[e] = {DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &mids[e]};
    const DML_GRAPH_DESC graph{1, 1, 8, nodes, 2, inputEdges, 1, &outputEdge, 7, midEdges};

    VkdmlCompiledOperator compiled = nullptr;
    CHECK_HR(vkdmlCompileGraph(device, &graph, DML_EXECUTION_FLAG_NONE, &compiled));
    for (VkdmlOperator op : ops) vkdmlRelease(op);  // the compiled graph keeps no reference to them
    *temporaryBytes = vkdmlGetBindingProperties(compiled).TemporaryResourceSize;
    return compiled;
}

}  // namespace

bool graphSection(VkdmlDevice device) {
    const std::vector<float> input = {-6.0f, -3.0f, -1.0f, -0.25f, 0.0f, 1e-3f, 0.5f, 1.0f, 2.5f, 8.0f};
    const UINT count = static_cast<UINT>(input.size());
    UINT64 fusedTemp = 0, unfusedTemp = 0;
    VkdmlCompiledOperator fused = compileGelu(device, count, &fusedTemp);
    // vkdml's switch, VKDML_DISABLE_FUSION=1 for a new device, changed here on the live one: one kernel per node.
    CHECK_HR(vkdmlTestSetOption(device, VKDML_TEST_OPTION_FUSION, 0));
    VkdmlCompiledOperator unfused = compileGelu(device, count, &unfusedTemp);
    CHECK_HR(vkdmlTestSetOption(device, VKDML_TEST_OPTION_FUSION, 1));
    const std::vector<float> a = runCompiled(device, fused, {input}, count);
    const std::vector<float> b = runCompiled(device, unfused, {input}, count);

    std::printf("\nGraph: GELU as x * (1 + erf(x / sqrt(2))) * 0.5 = DIVIDE, ERF, ADD, MULTIPLY, MULTIPLY + 3 constants\n");
    std::printf("  intermediates in the temporary resource: %llu bytes fused (one kernel), %llu bytes with "
                "VKDML_DISABLE_FUSION=1 (one kernel per node)\n",
                static_cast<unsigned long long>(fusedTemp), static_cast<unsigned long long>(unfusedTemp));
    std::printf("  %10s  %16s  %16s  %22s\n", "input", "fused", "unfused", "reference (double)");
    for (UINT i = 0; i < count; ++i) {
        const double x = input[i];
        std::printf("  %10.4g  %16.9g  %16.9g  %22.15g\n", x, a[i], b[i], 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))));
    }
    vkdmlRelease(unfused);
    vkdmlRelease(fused);
    // Fusion must not change a single bit: every node rounds its result to FLOAT32 either way.
    const bool same = std::memcmp(a.data(), b.data(), count * sizeof(float)) == 0;
    std::printf("  fused and unfused results are %s\n", same ? "bit-identical" : "DIFFERENT");
    return same;
}

}  // namespace demo
