// The one-node DML_GRAPH_DESC the runners compile with VKDML_TEST_THROUGH_GRAPH=1 (op_runner.h): the graph's inputs
// are the operator's present input slots in slot order, its outputs the operator's outputs. Included by the C API
// backend (DML_OPERATOR_GRAPH_NODE_DESC::Operator is a VkdmlOperator) and by the COM one (an IDMLOperator*), so the
// struct has internal linkage: each file gets the form its DirectML.h gives.
#pragma once

#include <cstdint>
#include <vector>

namespace vkdml::test {
namespace {

struct OneNodeGraph {
    using Operator = decltype(DML_OPERATOR_GRAPH_NODE_DESC::Operator);

    OneNodeGraph(Operator op, const std::vector<bool>& present, uint32_t outputs) {
        node = {op, "runner node"};
        nodeDesc = {DML_GRAPH_NODE_TYPE_OPERATOR, &node};
        for (uint32_t k = 0, g = 0; k < present.size(); ++k)
            if (present[k]) inputEdges.push_back({g++, 0, k, nullptr});
        for (uint32_t o = 0; o < outputs; ++o) outputEdges.push_back({0, o, o, nullptr});
        for (const auto& e : inputEdges) inputs.push_back({DML_GRAPH_EDGE_TYPE_INPUT, &e});
        for (const auto& e : outputEdges) outputDescs.push_back({DML_GRAPH_EDGE_TYPE_OUTPUT, &e});
        desc.InputCount = static_cast<UINT>(inputEdges.size());
        desc.OutputCount = outputs;
        desc.NodeCount = 1;
        desc.Nodes = &nodeDesc;
        desc.InputEdgeCount = static_cast<UINT>(inputs.size());
        desc.InputEdges = inputs.empty() ? nullptr : inputs.data();
        desc.OutputEdgeCount = static_cast<UINT>(outputDescs.size());
        desc.OutputEdges = outputDescs.data();
    }
    OneNodeGraph(const OneNodeGraph&) = delete;
    OneNodeGraph& operator=(const OneNodeGraph&) = delete;

    DML_OPERATOR_GRAPH_NODE_DESC node{};
    DML_GRAPH_NODE_DESC nodeDesc{};
    std::vector<DML_INPUT_GRAPH_EDGE_DESC> inputEdges;
    std::vector<DML_OUTPUT_GRAPH_EDGE_DESC> outputEdges;
    std::vector<DML_GRAPH_EDGE_DESC> inputs, outputDescs;
    DML_GRAPH_DESC desc{};
};

}  // namespace
}  // namespace vkdml::test
