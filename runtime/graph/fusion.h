// Cuts a validated graph into steps, in execution order: runs of element-wise nodes whose outputs have the same
// sizes become one fused program (docs/ARCHITECTURE.md, "Graphs"); every other node is a step of its own, run by its
// operator's own kernel. Values used only inside a fused step never touch memory. Plain data: no Vulkan.
#pragma once

#include <optional>
#include <vector>

#include "graph/graph_desc.h"
#include "kernel/program.h"

namespace vkdml::graph {

struct StepTensor {
    ValueRef value;
    dml::TensorLayout layout;  // how the step reads or writes it
};

struct Step {
    std::vector<uint32_t> nodes;  // producers first; one node: run by the node's compiled operator
    // Fused steps (two nodes or more): program input i reads inputs[i]; output o writes outputs[o] to graph output
    // outputGraphIndex[o], or to the value's temporary home when that is -1.
    kernel::ElementwiseProgram program;
    std::vector<StepTensor> inputs, outputs;
    std::vector<int64_t> outputGraphIndex;
};

// `programs[n]`: node n as an element-wise program (ops::Family::fusableProgram), nullopt when it cannot fuse. A fused step
// binds at most `maxTensors` tensors. fuse = false gives one step per node. Nodes no graph output depends on are
// left out.
std::vector<Step> planSteps(const GraphInfo& graph, const std::vector<std::optional<kernel::ElementwiseProgram>>& programs,
                            uint32_t maxTensors, bool fuse);

}  // namespace vkdml::graph
