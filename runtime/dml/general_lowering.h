// DirectML operators that run as general element-wise kernels (runtime/kernel/general_generator.cpp): arithmetic,
// comparisons, logic, bitwise operators, ELEMENT_WISE_IF and CAST, whose tensors differ in type or number. The
// walk and each tensor's access are the host's choice (runtime/core/general_kernel.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "dml/elementwise_lowering.h"

namespace vkdml::dml {

bool isGeneralOperator(DML_OPERATOR_TYPE type);

struct GeneralLowering {
    kernel::ElementwiseProgram program;  // walk and access not chosen yet
    std::vector<uint32_t> attributes;    // the attribute words, in index order
};

// Throws E_NOTIMPL naming the device capability a 64-bit type needs (shaderInt64, shaderFloat64).
GeneralLowering lowerGeneral(const OperatorInfo& info, const KernelTarget& target);

}  // namespace vkdml::dml
