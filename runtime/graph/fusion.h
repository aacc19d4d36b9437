// Cuts a validated graph into steps, in execution order: runs of element-wise nodes whose outputs have the same
// sizes become one fused program (docs/ARCHITECTURE.md, "Graphs"); a node of another family whose kernel takes
// element-wise neighbours (a reduction) runs with the run that computes its input and the run that consumes its
// output fused into it; every other node is a step of its own, run by its operator's own kernel. Values used only
// inside a step never touch memory. Plain data: no Vulkan.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "graph/graph_desc.h"
#include "kernel/program.h"
#include "ops/fused_neighbours.h"

namespace vkdml::graph {

struct StepTensor {
    ValueRef value;
    dml::TensorLayout layout;  // how the step reads or writes it
};

struct Step {
    std::vector<uint32_t> nodes;  // producers first; one node: run by the node's compiled operator
    // Anchored steps: node `anchor` runs with `neighbours` fused around it; its kernel binds outputs[0] and `inputs`
    // in the order ops::Family::acceptsNeighbours describes. -1: none.
    int64_t anchor = -1;
    ops::FusedNeighbours neighbours;
    // Fused steps (two nodes or more): program input i reads inputs[i]; output o writes outputs[o] to graph output
    // outputGraphIndex[o], or to the value's temporary home when that is -1.
    kernel::ElementwiseProgram program;
    std::vector<StepTensor> inputs, outputs;
    std::vector<int64_t> outputGraphIndex;
};

// Whether node n's family runs it with these neighbours fused around it (ops::Family::acceptsNeighbours).
using NeighbourCheck = std::function<bool(uint32_t node, const ops::FusedNeighbours& neighbours)>;

// `programs[n]`: node n as an element-wise program (ops::Family::fusableProgram), nullopt when it cannot fuse. A fused step
// binds at most `maxTensors` tensors. fuse = false gives one step per node. Nodes no graph output depends on are
// left out. `accepts` may be empty: no anchored steps.
std::vector<Step> planSteps(const GraphInfo& graph, const std::vector<std::optional<kernel::ElementwiseProgram>>& programs,
                            uint32_t maxTensors, bool fuse, const NeighbourCheck& accepts = {});

}  // namespace vkdml::graph
