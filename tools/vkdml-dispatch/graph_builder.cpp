#include "graph_builder.h"

#include <algorithm>
#include <cstring>

namespace vkdml::dispatch {

namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    return list.empty() ? "none" : list;
}

std::vector<std::string> readNames(const Json& value, const JsonPath& path) {
    if (!value.is_array()) modelError(path, "expected an array of names, got " + describe(value));
    std::vector<std::string> names;
    for (size_t i = 0; i < value.size(); ++i) {
        std::string name = readString(value[i], path.index(i));
        if (name.empty()) modelError(path.index(i), "is empty");
        if (std::find(names.begin(), names.end(), name) != names.end())
            modelError(path.index(i), "'" + name + "' is listed twice");
        names.push_back(std::move(name));
    }
    return names;
}

std::vector<std::string> tensorNames(const std::vector<BindPoint>& points) {
    std::vector<std::string> names;
    for (const BindPoint& p : points) names.push_back(p.name);
    return names;
}

class GraphParser {
public:
    GraphParser(const JsonPath& path, GraphSpec& graph) : path_(path), graph_(graph) {}

    void parseNodes(const Json& nodes, const ResourceOptions& options, Arena& arena) {
        const JsonPath nodesPath = path_.key("nodes");
        requireObject(nodes, nodesPath);
        if (nodes.empty()) modelError(nodesPath, "a graph needs at least one node");
        for (auto it = nodes.begin(); it != nodes.end(); ++it) {
            const JsonPath nodePath = nodesPath.key(it.key());
            if (it.key().empty() || it.key().find_first_of(".:") != std::string::npos)
                modelError(nodePath, "node names must be non-empty and contain no '.' or ':'");
            const Json& node = it.value();
            requireObject(node, nodePath);
            const std::string type = readString(requireMember(node, "type", nodePath), nodePath.key("type"));
            GraphNodeSpec spec;
            spec.name = it.key();
            spec.path = nodePath;
            if (type == "CONSTANT") {  // DML_CONSTANT_DATA_GRAPH_NODE_DESC, its data given like a resource
                const ResourceDesc data = parseResource(it.key(), node, nodePath, options);
                spec.data.assign(static_cast<size_t>(data.sizeInBytes), 0);
                std::memcpy(spec.data.data() + data.initialValuesOffsetInBytes, data.initialValues.data(),
                            data.initialValues.size());
            } else {
                spec.spec = &resolveOperator(type, nodePath.key("type"));
                const char* descKey = findMember(node, "desc") ? "desc" : "Desc";
                spec.op = buildOperator(*spec.spec, requireMember(node, descKey, nodePath), nodePath.key(descKey),
                                        /*fused=*/false, arena);
            }
            graph_.nodes.push_back(std::move(spec));
        }
    }

    // "input:x", "output:y", "node.Tensor" or "constantNode".
    GraphEndpoint parseEndpoint(const std::string& text, const JsonPath& path, bool from) {
        for (const bool input : {true, false}) {
            const std::string prefix = input ? "input:" : "output:";
            if (text.rfind(prefix, 0) != 0) continue;
            const std::string name = text.substr(prefix.size());
            const auto& names = input ? inputs : outputs;
            const auto found = std::find(names.begin(), names.end(), name);
            if (found == names.end())
                modelError(path, "'" + name + "' is not a graph " + (input ? "input" : "output") + " (" +
                                     (input ? "inputs" : "outputs") + ": " + joined(names) + ")");
            if (input != from)
                modelError(path, input ? "a graph input can only be the 'from' end of an edge"
                                       : "a graph output can only be the 'to' end of an edge");
            return {input ? GraphEndpoint::GraphInput : GraphEndpoint::GraphOutput,
                    static_cast<uint32_t>(found - names.begin()), 0};
        }
        const size_t dot = text.find('.');
        const std::string nodeName = text.substr(0, dot);
        uint32_t index = 0;
        while (index < graph_.nodes.size() && graph_.nodes[index].name != nodeName) ++index;
        if (index == graph_.nodes.size())
            modelError(path, "unknown node '" + nodeName + "' (expected 'input:<name>', 'output:<name>', "
                                                            "'<node>.<tensor field>' or '<constant node>')");
        const GraphNodeSpec& node = graph_.nodes[index];
        if (!node.spec) {
            if (!from) modelError(path, "constant node '" + nodeName + "' has no inputs");
            if (dot != std::string::npos)
                modelError(path, "constant node '" + nodeName + "' has one output: write '" + nodeName + "'");
            return {GraphEndpoint::NodeOutput, index, 0};
        }
        const std::string operatorName = std::string("DML_OPERATOR_") + operatorTypeName(node.spec->type);
        if (dot == std::string::npos)
            modelError(path, "'" + text + "': name a tensor of node '" + nodeName + "' (" + operatorName +
                                 "), e.g. '" + nodeName + "." + (from ? "OutputTensor" : "InputTensor") + "'");
        const std::string field = text.substr(dot + 1);
        const auto& own = from ? node.op.outputs : node.op.inputs;
        const auto& other = from ? node.op.inputs : node.op.outputs;
        for (uint32_t slot = 0; slot < own.size(); ++slot) {
            if (own[slot].name != field) continue;
            if (!own[slot].present)
                modelError(path, "node '" + nodeName + "' has no tensor desc for the optional '" + field + "'");
            return {from ? GraphEndpoint::NodeOutput : GraphEndpoint::NodeInput, index, slot};
        }
        for (const BindPoint& p : other)
            if (p.name == field)
                modelError(path, "'" + field + "' is an " + (from ? "input" : "output") + " of " + operatorName +
                                     "; an edge goes " + (from ? "from an output (" : "to an input (") +
                                     joined(tensorNames(own)) + ")");
        modelError(path, "'" + field + "' is not a tensor of " + operatorName + " (" + (from ? "outputs" : "inputs") +
                             ": " + joined(tensorNames(own)) + ")");
    }

    void parseEdges(const Json& edges) {
        const JsonPath edgesPath = path_.key("edges");
        if (!edges.is_array()) modelError(edgesPath, "expected an array of {\"from\", \"to\"}, got " + describe(edges));
        for (size_t i = 0; i < edges.size(); ++i) {
            const JsonPath edgePath = edgesPath.index(i);
            const Json& edge = edges[i];
            requireObject(edge, edgePath);
            for (auto it = edge.begin(); it != edge.end(); ++it)
                if (it.key() != "from" && it.key() != "to")
                    modelError(edgePath.key(it.key()), "unknown field (an edge has 'from' and 'to')");
            GraphEdgeSpec e;
            e.from = parseEndpoint(readString(requireMember(edge, "from", edgePath), edgePath.key("from")),
                                   edgePath.key("from"), true);
            e.to = parseEndpoint(readString(requireMember(edge, "to", edgePath), edgePath.key("to")),
                                 edgePath.key("to"), false);
            if (e.from.kind == GraphEndpoint::GraphInput && e.to.kind == GraphEndpoint::GraphOutput)
                modelError(edgePath, "an edge cannot join a graph input to a graph output; put an "
                                     "ELEMENT_WISE_IDENTITY node between them");
            for (size_t j = 0; j < graph_.edges.size(); ++j) {
                const GraphEndpoint& t = graph_.edges[j].to;
                if (t.kind == e.to.kind && t.index == e.to.index && t.slot == e.to.slot)
                    modelError(edgePath.key("to"), "already has an incoming edge (" +
                                                       edgesPath.index(j).str() + ")");
            }
            graph_.edges.push_back(e);
        }
    }

    // Every graph output and every present node input fed by exactly one edge (graph inputs may feed nothing, as
    // DirectML allows: their binding is optional).
    void checkConnections() const {
        auto hasEdge = [&](GraphEndpoint::Kind kind, uint32_t index, uint32_t slot) {
            for (const GraphEdgeSpec& e : graph_.edges) {
                const GraphEndpoint& end = kind == GraphEndpoint::GraphInput ? e.from : e.to;
                if (end.kind == kind && end.index == index && end.slot == slot) return true;
            }
            return false;
        };
        for (uint32_t i = 0; i < outputs.size(); ++i)
            if (!hasEdge(GraphEndpoint::GraphOutput, i, 0))
                modelError(path_.key("outputs").index(i), "graph output '" + outputs[i] +
                                                              "' has no edge (add {\"from\": \"<node>.<output>\", "
                                                              "\"to\": \"output:" + outputs[i] + "\"})");
        for (uint32_t n = 0; n < graph_.nodes.size(); ++n) {
            const GraphNodeSpec& node = graph_.nodes[n];
            if (!node.spec) continue;
            for (uint32_t slot = 0; slot < node.op.inputs.size(); ++slot)
                if (node.op.inputs[slot].present && !hasEdge(GraphEndpoint::NodeInput, n, slot))
                    modelError(node.path, "input '" + node.op.inputs[slot].name + "' of node '" + node.name +
                                              "' has no incoming edge");
        }
    }

    // Graph bind points: inputs take the tensor of the node input they feed (the largest when several), outputs the
    // tensor of the node output that feeds them.
    void fillBindPoints(GraphBindPoints& points) const {
        points.inputs.resize(inputs.size());
        points.owned.assign(inputs.size(), false);
        points.outputs.resize(outputs.size());
        for (size_t i = 0; i < inputs.size(); ++i) points.inputs[i].name = inputs[i];
        for (size_t i = 0; i < outputs.size(); ++i) points.outputs[i].name = outputs[i];
        for (const GraphEdgeSpec& e : graph_.edges) {
            if (e.from.kind == GraphEndpoint::GraphInput) {
                const BindPoint& slot = graph_.nodes[e.to.index].op.inputs[e.to.slot];
                BindPoint& p = points.inputs[e.from.index];
                if (!p.present || slot.tensor.totalTensorSizeInBytes > p.tensor.totalTensorSizeInBytes)
                    p.tensor = slot.tensor;
                p.present = true;
                if (slot.tensor.flags & DML_TENSOR_FLAG_OWNED_BY_DML) points.owned[e.from.index] = true;
            } else if (e.to.kind == GraphEndpoint::GraphOutput) {
                const GraphNodeSpec& node = graph_.nodes[e.from.index];
                BindPoint& p = points.outputs[e.to.index];
                p.present = true;
                if (node.spec) {
                    p.tensor = node.op.outputs[e.from.slot].tensor;
                } else {
                    p.tensor.totalTensorSizeInBytes = node.data.size();
                }
            }
        }
    }

    std::vector<std::string> inputs, outputs;

private:
    JsonPath path_;
    GraphSpec& graph_;
};

}  // namespace

void parseGraph(const Json& value, const JsonPath& path, const ResourceOptions& resourceOptions, Arena& arena,
                GraphSpec& graph, GraphBindPoints& points) {
    requireObject(value, path);
    static const char* const kFields[] = {"type", "Type", "inputs", "outputs", "nodes", "edges", "executionFlags", "bindings"};
    for (auto it = value.begin(); it != value.end(); ++it)
        if (std::none_of(std::begin(kFields), std::end(kFields), [&](const char* f) { return it.key() == f; }))
            modelError(path.key(it.key()), "unknown field of a DML_GRAPH dispatchable (expected type, inputs, "
                                           "outputs, nodes, edges, executionFlags, bindings)");
    GraphParser parser(path, graph);
    parser.inputs = readNames(requireMember(value, "inputs", path), path.key("inputs"));
    parser.outputs = readNames(requireMember(value, "outputs", path), path.key("outputs"));
    if (parser.outputs.empty()) modelError(path.key("outputs"), "a graph needs at least one output");
    for (const std::string& name : parser.inputs)
        if (std::find(parser.outputs.begin(), parser.outputs.end(), name) != parser.outputs.end())
            modelError(path.key("outputs"), "'" + name + "' is both a graph input and a graph output");
    parser.parseNodes(requireMember(value, "nodes", path), resourceOptions, arena);
    parser.parseEdges(requireMember(value, "edges", path));
    parser.checkConnections();
    parser.fillBindPoints(points);
    graph.inputCount = static_cast<uint32_t>(parser.inputs.size());
    graph.outputCount = static_cast<uint32_t>(parser.outputs.size());
}

void wrapOperator(const std::string& name, const JsonPath& path, const OperatorSpec& spec, const BuiltOperator& op,
                  GraphSpec& graph, GraphBindPoints& points) {
    GraphNodeSpec node;
    node.name = name;
    node.path = path;
    node.spec = &spec;
    node.op = op;
    graph.nodes.push_back(std::move(node));
    for (uint32_t slot = 0; slot < op.inputs.size(); ++slot) {
        if (!op.inputs[slot].present) continue;  // absent optional tensors are no graph inputs
        graph.edges.push_back({{GraphEndpoint::GraphInput, graph.inputCount++, 0}, {GraphEndpoint::NodeInput, 0, slot}});
        points.inputs.push_back(op.inputs[slot]);
        points.owned.push_back((op.inputs[slot].tensor.flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0);
    }
    for (uint32_t slot = 0; slot < op.outputs.size(); ++slot) {
        if (!op.outputs[slot].present) continue;
        graph.edges.push_back({{GraphEndpoint::NodeOutput, 0, slot}, {GraphEndpoint::GraphOutput, graph.outputCount++, 0}});
        points.outputs.push_back(op.outputs[slot]);
    }
}

void assembleGraphDesc(const GraphSpec& graph, const std::vector<VkdmlOperator>& operators,
                       GraphDescStorage& s) {
    s = GraphDescStorage();
    s.operatorNodes.reserve(graph.nodes.size());
    s.constantNodes.reserve(graph.nodes.size());
    for (size_t i = 0; i < graph.nodes.size(); ++i) {
        const GraphNodeSpec& node = graph.nodes[i];
        if (node.spec) {
            s.operatorNodes.push_back({operators[i], node.name.c_str()});
            s.nodes.push_back({DML_GRAPH_NODE_TYPE_OPERATOR, &s.operatorNodes.back()});
        } else {
            s.constantNodes.push_back({node.data.data(), node.data.size(), node.name.c_str()});
            s.nodes.push_back({DML_GRAPH_NODE_TYPE_CONSTANT, &s.constantNodes.back()});
        }
    }
    for (const GraphEdgeSpec& e : graph.edges) {
        if (e.from.kind == GraphEndpoint::GraphInput)
            s.inputEdges.push_back({e.from.index, e.to.index, e.to.slot, nullptr});
        else if (e.to.kind == GraphEndpoint::GraphOutput)
            s.outputEdges.push_back({e.from.index, e.from.slot, e.to.index, nullptr});
        else
            s.intermediateEdges.push_back({e.from.index, e.from.slot, e.to.index, e.to.slot, nullptr});
    }
    for (const auto& e : s.inputEdges) s.inputEdgeDescs.push_back({DML_GRAPH_EDGE_TYPE_INPUT, &e});
    for (const auto& e : s.intermediateEdges) s.intermediateEdgeDescs.push_back({DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &e});
    for (const auto& e : s.outputEdges) s.outputEdgeDescs.push_back({DML_GRAPH_EDGE_TYPE_OUTPUT, &e});
    DML_GRAPH_DESC& d = s.desc;
    d.InputCount = graph.inputCount;
    d.OutputCount = graph.outputCount;
    d.NodeCount = static_cast<UINT>(s.nodes.size());
    d.Nodes = s.nodes.data();
    d.InputEdgeCount = static_cast<UINT>(s.inputEdgeDescs.size());
    d.InputEdges = s.inputEdgeDescs.empty() ? nullptr : s.inputEdgeDescs.data();
    d.OutputEdgeCount = static_cast<UINT>(s.outputEdgeDescs.size());
    d.OutputEdges = s.outputEdgeDescs.data();
    d.IntermediateEdgeCount = static_cast<UINT>(s.intermediateEdgeDescs.size());
    d.IntermediateEdges = s.intermediateEdgeDescs.empty() ? nullptr : s.intermediateEdgeDescs.data();
}

}  // namespace vkdml::dispatch
