// Every floating-point operation of a SPIR-V module marked NoContraction, as GLSL's `precise` would mark it.
// vkdml's math library (glsl/vkdml_math.glsl) and DirectML's formulas are written for IEEE operations one at a time:
// a driver that fuses a multiply and an add into one fma (NVIDIA's does, lavapipe does not) changes compensated
// sums and error terms and, with them, results by thousands of ULP. Element-wise kernels are memory-bound, so the
// fma's saving is not missed.
#pragma once

#include <cstdint>
#include <vector>

namespace vkdml::vk {

void forbidContraction(std::vector<uint32_t>& spirv);

}  // namespace vkdml::vk
