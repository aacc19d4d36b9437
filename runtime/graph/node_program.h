// A graph node's operator as an element-wise program that can join a fused kernel: the program its own kernel
// would run, with the attributes folded into constants (a graph is compiled once, so they never change).
#pragma once

#include <optional>

#include "dml/elementwise_lowering.h"

namespace vkdml::graph {

// nullopt when the operator cannot be fused (integer SHRINK reads extra push constants); throws what lowering the
// operator on its own throws (E_NOTIMPL for a missing device capability).
std::optional<kernel::ElementwiseProgram> nodeProgram(const dml::OperatorInfo& info, const dml::KernelTarget& target);

}  // namespace vkdml::graph
