// The cooperative-matrix GEMM kernel on a device without cooperative matrices, for tests
// (VKDML_TEST_GEMM_COOPERATIVE_EMULATED): the kernel's GLSL with each GL_NV_cooperative_matrix construct replaced by
// plain GLSL of the extension's meaning, and its subgroups of 32 replaced by 32-invocation slices of the workgroup.
// Everything the kernel does around the matrix units (staging A and B in shared memory a step ahead, 16-byte copies,
// clamped and zeroed edges, the fragments' offsets and strides, the epilogue) then runs, and is checked, on lavapipe.
#pragma once

#include <cstdint>
#include <string>

namespace vkdml::gemm {

// Subgroup size the emulated kernel is generated for (its slices of the workgroup).
constexpr unsigned kEmulatedCooperativeSubgroup = 32;

// Loop iterations one invocation of the emulated kernel (FLOAT16, or `eightBit`) runs for K over
// `batchesPerWorkgroup` batch matrices (llvmpipe ends an invocation's loops after 65535 iterations in all: longer
// problems take the portable kernel).
uint64_t emulatedCooperativeLoopIterations(uint64_t k, uint64_t batchesPerWorkgroup, bool eightBit);

// `glsl`: generateCooperativeGemmGlsl's kernel for subgroups of kEmulatedCooperativeSubgroup. Throws
// std::invalid_argument where a construct it relies on is missing (the generator changed without this file).
std::string emulateCooperativeMatrices(const std::string& glsl);

}  // namespace vkdml::gemm
