// The cooperative-matrix GEMM kernels (runtime/ops/gemm/generator_cooperative.cpp), which no CI device can run:
// generated for every layout of A and B, subgroup size and kind of epilogue, compiled and validated (spirv-val)
// like every other kernel, so that a GLSL or SPIR-V error fails the build.
#pragma once

namespace kernel_check {

// The number of kernels checked; throws what the generator or compiler threw, with the kernel's description.
int checkCooperativeGemmKernels(bool verbose);

}  // namespace kernel_check
