// DirectML graphs in a model: the vkdml extension {"type": "DML_GRAPH", "inputs", "outputs", "nodes", "edges"} and
// the one-node graph DxDispatch builds for "dmlCompileType": "DmlCompileGraph". Parsing checks everything that can be
// checked without a device; assembleGraphDesc() then turns a parsed graph plus its created operators into the
// DML_GRAPH_DESC that vkdmlCompileGraph takes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <vkdml/DirectML.h>

#include "desc_builder.h"
#include "errors.h"
#include "json_util.h"
#include "resources.h"

namespace vkdml::dispatch {

struct GraphNodeSpec {
    std::string name;
    JsonPath path;
    const OperatorSpec* spec = nullptr;  // nullptr: a constant node
    BuiltOperator op;                    // operator nodes
    std::vector<uint8_t> data;           // constant nodes: DML_CONSTANT_DATA_GRAPH_NODE_DESC.Data
};

struct GraphEndpoint {
    enum Kind { GraphInput, GraphOutput, NodeInput, NodeOutput } kind = GraphInput;
    uint32_t index = 0;  // graph input/output index, or node index
    uint32_t slot = 0;   // node input/output slot (bind-point index in the operator desc)
};

struct GraphEdgeSpec {
    GraphEndpoint from, to;
};

struct GraphSpec {
    std::vector<GraphNodeSpec> nodes;
    std::vector<GraphEdgeSpec> edges;
    uint32_t inputCount = 0, outputCount = 0;
};

// The bind points a compiled graph exposes (graph inputs / outputs in index order), named for dispatch commands.
// `owned`: the graph input feeds OWNED_BY_DML node inputs, so it is bound at initialization, not at dispatch.
struct GraphBindPoints {
    std::vector<BindPoint> inputs, outputs;
    std::vector<bool> owned;  // per input
};

// Parses a DML_GRAPH dispatchable (the object at `path`). Throws modelError naming the JSON path on any problem.
void parseGraph(const Json& value, const JsonPath& path, const ResourceOptions& resourceOptions, Arena& arena,
                GraphSpec& graph, GraphBindPoints& points);

// DmlCompileGraph: `op` as a one-node graph whose inputs and outputs are the bind points present in the desc, in
// bind-point order (as DxDispatch, microsoft/DirectML PR #606).
void wrapOperator(const std::string& name, const JsonPath& path, const OperatorSpec& spec, const BuiltOperator& op,
                  GraphSpec& graph, GraphBindPoints& points);

// A DML_GRAPH_DESC and the arrays it points into.
struct GraphDescStorage {
    DML_GRAPH_DESC desc{};
    std::vector<DML_OPERATOR_GRAPH_NODE_DESC> operatorNodes;
    std::vector<DML_CONSTANT_DATA_GRAPH_NODE_DESC> constantNodes;
    std::vector<DML_GRAPH_NODE_DESC> nodes;
    std::vector<DML_INPUT_GRAPH_EDGE_DESC> inputEdges;
    std::vector<DML_INTERMEDIATE_GRAPH_EDGE_DESC> intermediateEdges;
    std::vector<DML_OUTPUT_GRAPH_EDGE_DESC> outputEdges;
    std::vector<DML_GRAPH_EDGE_DESC> inputEdgeDescs, intermediateEdgeDescs, outputEdgeDescs;
};

// `operators[i]` is node i's created operator (ignored for constant nodes). `storage` must outlive the compile call.
void assembleGraphDesc(const GraphSpec& graph, const std::vector<VkdmlOperator>& operators,
                       GraphDescStorage& storage);

}  // namespace vkdml::dispatch
