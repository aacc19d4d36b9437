// A DML_GRAPH_DESC read and validated with IDMLDevice1::CompileGraph's rules (docs/SEMANTICS.md, "Graphs"):
// node and edge indices in range, one edge per node input, every required input connected, every graph output
// connected exactly once, no cycles, equal TotalTensorSizeInBytes across intermediate edges, OWNED_BY_DML only on
// inputs fed straight from graph inputs. The result is plain data the compiled graph plans from.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/operator.h"

namespace vkdml::graph {

// Where a value comes from: a graph input, or output `slot` of node `index`.
struct ValueRef {
    enum class Kind : uint8_t { None, GraphInput, NodeOutput } kind = Kind::None;
    uint32_t index = 0;
    uint32_t slot = 0;
    bool operator==(const ValueRef& o) const { return kind == o.kind && index == o.index && slot == o.slot; }
    bool operator!=(const ValueRef& o) const { return !(*this == o); }
};

struct GraphNode {
    Ref<Operator> op;           // operator nodes
    std::vector<uint8_t> data;  // constant nodes: their bytes (copied at compile time)
    std::string name;           // for messages: the desc's Name, or "node N"
    std::vector<ValueRef> inputs;  // one per operator input slot
    bool constant() const { return op.get() == nullptr; }
    const dml::OperatorInfo& info() const { return op->info(); }
};

// Node outputs are values: output `slot` of node n is value firstValue[n] + slot. Everything that tracks a value
// (homes, consumers, lifetimes, fused results) is keyed by that id, never by the node alone.
struct GraphInfo {
    uint32_t inputCount = 0;
    std::vector<GraphNode> nodes;
    std::vector<ValueRef> outputs;        // per graph output: the node output feeding it
    std::vector<bool> inputOwned;         // per graph input: OWNED_BY_DML (bound at initialization)
    std::vector<bool> inputEdged;         // per graph input: some edge reads it (a live node or not)
    std::vector<bool> inputUsed;          // per graph input: a live node reads it
    std::vector<uint64_t> inputBytes;     // per graph input: the largest TotalTensorSizeInBytes a live node reads
    std::vector<uint32_t> order;          // every node, producers before consumers
    std::vector<bool> live;               // per node: some graph output depends on it; the others are never run
    std::vector<uint32_t> firstValue;     // per node, plus one past the end: see above

    uint32_t valueCount() const { return firstValue.back(); }
    uint32_t valueId(const ValueRef& value) const { return firstValue[value.index] + value.slot; }
    uint32_t outputCountOf(uint32_t node) const { return firstValue[node + 1] - firstValue[node]; }
};

// Throws E_INVALIDARG with a message naming the node, edge and field. Dead nodes (no graph output depends on them)
// are validated like the others, then marked not live: the graph neither runs them nor binds what only they read.
GraphInfo readGraphDesc(Device& device, const DML_GRAPH_DESC* desc);

// The layout node `node`'s output `slot` is written with (operator nodes only).
const dml::TensorLayout& outputLayout(const GraphInfo& graph, uint32_t node, uint32_t slot);

}  // namespace vkdml::graph
