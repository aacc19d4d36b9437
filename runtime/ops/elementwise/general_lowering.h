// DirectML operators that run as general element-wise kernels (runtime/kernel/general_generator.cpp): arithmetic,
// comparisons, logic, bitwise operators, ELEMENT_WISE_IF and CAST, whose tensors differ in type or number. The
// walk and each tensor's access are the host's choice (runtime/ops/elementwise/general_kernel.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ops/elementwise/lowering.h"

namespace vkdml::elementwise {

using namespace dml;  // the element-wise family is written in the desc layer's terms

bool isGeneralOperator(DML_OPERATOR_TYPE type);

struct GeneralLowering {
    kernel::ElementwiseProgram program;  // walk and access not chosen yet
    std::vector<uint32_t> attributes;    // the attribute words, in index order
};

// Throws E_NOTIMPL naming the device capability a 64-bit type needs (shaderInt64, shaderFloat64).
GeneralLowering lowerGeneral(const OperatorInfo& info, const KernelTarget& target);

// Any element-wise operator as a general kernel's program: the general operators, and the activations whose
// strided-walk program the general kernels can run (attributes 0 and 1 = p0, p1). nullopt for the others: the
// integer activations (their library, glsl/vkdml_integer.glsl, is not the general kernels'), a second input's base
// or flags (PARAMETERIZED_RELU), 64-bit integer math. Throws what lowering the operator on its own throws.
std::optional<GeneralLowering> lowerAsGeneral(const OperatorInfo& info, const KernelTarget& target);

}  // namespace vkdml::elementwise
