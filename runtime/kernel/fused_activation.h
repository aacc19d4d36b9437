// A desc's FusedActivation as GLSL, for the families that generate their own kernels (reductions, GEMM): the call
// that applies it to a float expression, and the library functions that call needs (kernel::mathLibraryClosure).
#pragma once

#include <string>
#include <vector>

#include "dml/operator_desc.h"

namespace vkdml::kernel {

// "vk_act_relu(x)" with the activation's FLOAT attributes (desc order) as exact literals; `x` itself for no
// activation or IDENTITY. Throws std::invalid_argument for an activation the library does not have.
std::string fusedActivationCall(const dml::FusedActivation& fused, const std::string& x);
// The library functions fusedActivationCall's result calls (empty: none).
std::vector<std::string> fusedActivationRoots(const dml::FusedActivation& fused);
// uintBitsToFloat(<bits>u): a float constant with its exact bits.
std::string exactFloatLiteral(float value);

}  // namespace vkdml::kernel
