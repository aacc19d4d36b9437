// The element-wise family: every DirectML operator that computes each output element from the input elements at
// the same coordinates (activations, arithmetic, comparisons, logic, bit operators, CAST, quantization). Its shape
// rule: every tensor has the first input's sizes (one-element scales and zero points may broadcast).
#pragma once

#include "ops/family.h"

namespace vkdml::elementwise {

const ops::Family& family();

// A graph's fused run of element-wise nodes as one general kernel (`tensors`: the program's outputs, then inputs).
std::unique_ptr<ops::CompiledKernel> compileFused(Device& device, const std::vector<dml::TensorLayout>& tensors,
                                                  kernel::ElementwiseProgram program);

}  // namespace vkdml::elementwise
