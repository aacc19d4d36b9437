#include "graph/graph_desc.h"

#include <algorithm>

#include "core/error.h"
#include "core/raw_value.h"
#include "dml/feature_levels.h"

namespace vkdml::graph {

namespace {

std::string quoted(const char* name) { return name && *name ? std::string(" \"") + name + "\"" : std::string(); }

// Bytes a consumer reads through `layout`: up to the end of its last element.
uint64_t impliedBytes(const dml::TensorLayout& layout) {
    return ((layout.lastElementIndex + 1) * dml::elementSizeInBits(layout.dataType) + 7) / 8;
}

class Reader {
public:
    Reader(Device& device, const DML_GRAPH_DESC& desc) : device_(device), desc_(desc) {}

    GraphInfo read() {
        require(desc_.OutputCount >= 1, "DML_GRAPH_DESC.OutputCount = 0: a graph needs at least one output");
        require(desc_.NodeCount >= 1, "DML_GRAPH_DESC.NodeCount = 0: a graph needs at least one node");
        require(desc_.Nodes != nullptr, "DML_GRAPH_DESC.Nodes is NULL");
        graph_.inputCount = desc_.InputCount;
        graph_.inputOwned.assign(desc_.InputCount, false);
        graph_.inputEdged.assign(desc_.InputCount, false);
        graph_.inputUsed.assign(desc_.InputCount, false);
        graph_.inputBytes.assign(desc_.InputCount, 0);
        graph_.outputs.assign(desc_.OutputCount, ValueRef{});
        for (UINT n = 0; n < desc_.NodeCount; ++n) readNode(n);
        readInputEdges();
        readIntermediateEdges();
        readOutputEdges();
        checkConnected();
        sortNodes();
        numberValues();
        markLive();
        return std::move(graph_);
    }

private:
    void readNode(UINT n) {
        const std::string where = "Nodes[" + std::to_string(n) + "]";
        const DML_GRAPH_NODE_DESC& node = desc_.Nodes[n];
        const uint32_t type = rawValue(node.Type);
        require(node.Desc != nullptr, where + ".Desc is NULL");
        GraphNode out;
        if (type == DML_GRAPH_NODE_TYPE_OPERATOR) {
            const auto& opDesc = *static_cast<const DML_OPERATOR_GRAPH_NODE_DESC*>(node.Desc);
            auto* object = reinterpret_cast<Object*>(opDesc.Operator);
            require(object != nullptr, where + ".Operator is NULL");
            require(object->alive() && object->kind() == ObjectKind::Operator,
                    where + ".Operator is not a live VkdmlOperator");
            auto* op = static_cast<Operator*>(object);
            require(&op->owningDevice() == &device_, where + ".Operator belongs to another device");
            out.op = Ref<Operator>(op);
            out.name = where + quoted(opDesc.Name) + " (" + op->info().name() + ")";
            out.inputs.assign(op->info().inputSlotCount(), ValueRef{});  // per binding slot, absent ones too
        } else if (type == DML_GRAPH_NODE_TYPE_CONSTANT) {
            require(device_.featureLevel() >= DML_FEATURE_LEVEL_6_2,
                    where + ".Type = DML_GRAPH_NODE_TYPE_CONSTANT needs feature level 6_2 (this device: " +
                        dml::featureLevelName(device_.featureLevel()) + ")");
            const auto& constDesc = *static_cast<const DML_CONSTANT_DATA_GRAPH_NODE_DESC*>(node.Desc);
            require(constDesc.DataSize > 0, where + ".DataSize = 0");
            require(constDesc.Data != nullptr, where + ".Data is NULL");
            const auto* bytes = static_cast<const uint8_t*>(constDesc.Data);
            out.data.assign(bytes, bytes + constDesc.DataSize);
            out.name = where + quoted(constDesc.Name) + " (constant, " + std::to_string(constDesc.DataSize) + " bytes)";
        } else {
            invalidArg(where + ".Type = " + std::to_string(type) +
                       ": expected DML_GRAPH_NODE_TYPE_OPERATOR or DML_GRAPH_NODE_TYPE_CONSTANT");
        }
        graph_.nodes.push_back(std::move(out));
    }

    template <class EdgeDesc>
    const EdgeDesc& edge(const DML_GRAPH_EDGE_DESC* edges, UINT count, UINT e, DML_GRAPH_EDGE_TYPE type,
                         const char* array, std::string& where) {
        require(edges != nullptr, std::string("DML_GRAPH_DESC.") + array + " is NULL with a count of " +
                                      std::to_string(count));
        where = std::string(array) + "[" + std::to_string(e) + "]";
        require(rawValue(edges[e].Type) == uint32_t(type),
                where + ".Type = " + std::to_string(rawValue(edges[e].Type)) + ": " + array + " holds only type " +
                    std::to_string(type) + " edges");
        require(edges[e].Desc != nullptr, where + ".Desc is NULL");
        where += quoted(static_cast<const EdgeDesc*>(edges[e].Desc)->Name);
        return *static_cast<const EdgeDesc*>(edges[e].Desc);
    }

    // The operator-node input slot an edge ends at; it must exist, hold a tensor and be free.
    ValueRef& target(UINT node, UINT slot, const std::string& where) {
        require(node < graph_.nodes.size(), where + ".ToNodeIndex = " + std::to_string(node) + " is out of range (" +
                                                std::to_string(graph_.nodes.size()) + " nodes)");
        GraphNode& n = graph_.nodes[node];
        require(!n.constant(), where + ".ToNodeIndex = " + std::to_string(node) + ": " + n.name + " has no inputs");
        require(slot < n.inputs.size(), where + ".ToNodeInputIndex = " + std::to_string(slot) + ": " + n.name +
                                            " has " + std::to_string(n.inputs.size()) + " inputs");
        require(n.info().slotInput(slot) != nullptr,
                where + ".ToNodeInputIndex = " + std::to_string(slot) + ": input " + std::to_string(slot) + " (" +
                    n.info().inputSlotName(slot) + ") of " + n.name + " is absent: NULL in the operator desc");
        require(n.inputs[slot].kind == ValueRef::Kind::None,
                where + ": input " + std::to_string(slot) + " (" + n.info().inputSlotName(slot) + ") of " + n.name +
                    " already has an edge");
        return n.inputs[slot];
    }

    void source(UINT node, UINT slot, const std::string& where) const {
        require(node < graph_.nodes.size(), where + ".FromNodeIndex = " + std::to_string(node) +
                                                " is out of range (" + std::to_string(graph_.nodes.size()) + " nodes)");
        const GraphNode& n = graph_.nodes[node];
        const size_t outputs = n.constant() ? 1 : n.info().outputs.size();
        require(slot < outputs, where + ".FromNodeOutputIndex = " + std::to_string(slot) + ": " + n.name + " has " +
                                    std::to_string(outputs) + " output(s)");
    }

    void readInputEdges() {
        for (UINT e = 0; e < desc_.InputEdgeCount; ++e) {
            std::string where;
            const auto& d = edge<DML_INPUT_GRAPH_EDGE_DESC>(desc_.InputEdges, desc_.InputEdgeCount, e,
                                                            DML_GRAPH_EDGE_TYPE_INPUT, "InputEdges", where);
            require(d.GraphInputIndex < desc_.InputCount, where + ".GraphInputIndex = " +
                                                              std::to_string(d.GraphInputIndex) + " is out of range (" +
                                                              std::to_string(desc_.InputCount) + " graph inputs)");
            ValueRef& slot = target(d.ToNodeIndex, d.ToNodeInputIndex, where);
            slot = {ValueRef::Kind::GraphInput, d.GraphInputIndex, 0};
            const dml::TensorLayout& layout = *graph_.nodes[d.ToNodeIndex].info().slotInput(d.ToNodeInputIndex);
            const bool owned = (layout.flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0;
            const uint32_t g = d.GraphInputIndex;
            require(!graph_.inputEdged[g] || graph_.inputOwned[g] == owned,
                    where + ": graph input " + std::to_string(g) +
                        " feeds tensors with and without DML_TENSOR_FLAG_OWNED_BY_DML");
            graph_.inputEdged[g] = true;
            graph_.inputOwned[g] = owned;
        }
    }

    void readIntermediateEdges() {
        for (UINT e = 0; e < desc_.IntermediateEdgeCount; ++e) {
            std::string where;
            const auto& d = edge<DML_INTERMEDIATE_GRAPH_EDGE_DESC>(desc_.IntermediateEdges,
                                                                   desc_.IntermediateEdgeCount, e,
                                                                   DML_GRAPH_EDGE_TYPE_INTERMEDIATE,
                                                                   "IntermediateEdges", where);
            source(d.FromNodeIndex, d.FromNodeOutputIndex, where);
            ValueRef& slot = target(d.ToNodeIndex, d.ToNodeInputIndex, where);
            slot = {ValueRef::Kind::NodeOutput, d.FromNodeIndex, d.FromNodeOutputIndex};
            const GraphNode& to = graph_.nodes[d.ToNodeIndex];
            const dml::TensorLayout& in = *to.info().slotInput(d.ToNodeInputIndex);
            const std::string inName = std::string(" ") + to.info().inputSlotName(d.ToNodeInputIndex) + " of " + to.name;
            require(!(in.flags & DML_TENSOR_FLAG_OWNED_BY_DML),
                    where + ":" + inName + " is DML_TENSOR_FLAG_OWNED_BY_DML; only graph inputs can feed such tensors");
            const GraphNode& from = graph_.nodes[d.FromNodeIndex];
            if (from.constant()) {
                require(from.data.size() >= impliedBytes(in),
                        where + ": " + from.name + " has " + std::to_string(from.data.size()) + " bytes, but" + inName +
                            " reads " + std::to_string(impliedBytes(in)));
                continue;
            }
            const dml::TensorLayout& out = from.info().outputs[d.FromNodeOutputIndex];
            require(out.totalBytes == in.totalBytes,
                    where + ": TotalTensorSizeInBytes differs: output " +
                        from.info().outputNames[d.FromNodeOutputIndex] + " of " + from.name + " has " +
                        std::to_string(out.totalBytes) + "," + inName + " has " + std::to_string(in.totalBytes));
        }
    }

    void readOutputEdges() {
        for (UINT e = 0; e < desc_.OutputEdgeCount; ++e) {
            std::string where;
            const auto& d = edge<DML_OUTPUT_GRAPH_EDGE_DESC>(desc_.OutputEdges, desc_.OutputEdgeCount, e,
                                                             DML_GRAPH_EDGE_TYPE_OUTPUT, "OutputEdges", where);
            source(d.FromNodeIndex, d.FromNodeOutputIndex, where);
            require(!graph_.nodes[d.FromNodeIndex].constant(),
                    where + ": " + graph_.nodes[d.FromNodeIndex].name +
                        " is a constant node; insert an ELEMENT_WISE_IDENTITY to make it a graph output");
            require(d.GraphOutputIndex < desc_.OutputCount,
                    where + ".GraphOutputIndex = " + std::to_string(d.GraphOutputIndex) + " is out of range (" +
                        std::to_string(desc_.OutputCount) + " graph outputs)");
            ValueRef& out = graph_.outputs[d.GraphOutputIndex];
            require(out.kind == ValueRef::Kind::None,
                    where + ": graph output " + std::to_string(d.GraphOutputIndex) + " already has an edge");
            out = {ValueRef::Kind::NodeOutput, d.FromNodeIndex, d.FromNodeOutputIndex};
        }
    }

    void checkConnected() const {
        for (size_t o = 0; o < graph_.outputs.size(); ++o)
            require(graph_.outputs[o].kind != ValueRef::Kind::None,
                    "graph output " + std::to_string(o) + " has no edge in OutputEdges");
        for (const GraphNode& n : graph_.nodes)
            for (uint32_t s = 0; s < n.inputs.size(); ++s)  // absent optional tensors take none
                require(n.inputs[s].kind != ValueRef::Kind::None || !n.info().slotInput(s),
                        n.name + ": input " + std::to_string(s) + " (" + n.info().inputSlotName(s) + ") has no edge");
    }

    // Kahn's algorithm; whatever is left sits on a cycle.
    void sortNodes() {
        const size_t count = graph_.nodes.size();
        std::vector<uint32_t> pending(count, 0);
        std::vector<std::vector<uint32_t>> consumers(count);
        for (uint32_t n = 0; n < count; ++n)
            for (const ValueRef& in : graph_.nodes[n].inputs)
                if (in.kind == ValueRef::Kind::NodeOutput) {
                    ++pending[n];
                    consumers[in.index].push_back(n);
                }
        std::vector<uint32_t> ready;
        for (uint32_t n = count; n-- > 0;)
            if (pending[n] == 0) ready.push_back(n);
        while (!ready.empty()) {
            const uint32_t n = ready.back();
            ready.pop_back();
            graph_.order.push_back(n);
            for (uint32_t c : consumers[n])
                if (--pending[c] == 0) ready.push_back(c);
        }
        if (graph_.order.size() == count) return;
        for (uint32_t n = 0; n < count; ++n)
            require(pending[n] == 0, "the graph has a cycle through " + graph_.nodes[n].name);
    }

    void numberValues() {
        graph_.firstValue.assign(1, 0);
        for (const GraphNode& n : graph_.nodes)
            graph_.firstValue.push_back(graph_.firstValue.back() +
                                        (n.constant() ? 1 : static_cast<uint32_t>(n.info().outputs.size())));
    }

    // A node is live when some graph output depends on it. Graph inputs count as used (bound, sized, aligned) by
    // live nodes only.
    void markLive() {
        graph_.live.assign(graph_.nodes.size(), false);
        for (const ValueRef& out : graph_.outputs) graph_.live[out.index] = true;
        for (size_t k = graph_.order.size(); k-- > 0;) {  // consumers before producers
            const uint32_t n = graph_.order[k];
            if (!graph_.live[n]) continue;
            const GraphNode& node = graph_.nodes[n];
            for (uint32_t s = 0; s < node.inputs.size(); ++s) {
                const ValueRef& in = node.inputs[s];
                if (in.kind == ValueRef::Kind::NodeOutput) graph_.live[in.index] = true;
                if (in.kind != ValueRef::Kind::GraphInput) continue;
                graph_.inputUsed[in.index] = true;
                graph_.inputBytes[in.index] = std::max(graph_.inputBytes[in.index], node.info().slotInput(s)->totalBytes);
            }
        }
    }

    Device& device_;
    const DML_GRAPH_DESC& desc_;
    GraphInfo graph_;
};

}  // namespace

GraphInfo readGraphDesc(Device& device, const DML_GRAPH_DESC* desc) {
    require(desc != nullptr, "DML_GRAPH_DESC is NULL");
    return Reader(device, *desc).read();
}

const dml::TensorLayout& outputLayout(const GraphInfo& graph, uint32_t node, uint32_t slot) {
    return graph.nodes[node].info().outputs[slot];
}

}  // namespace vkdml::graph
