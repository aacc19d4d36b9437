// vkdml-kernel-check --count: static instruction counts per element of the packed kernels of vkdml-bench's
// element-wise rows, lowered for a GPU-like target with and without VKDML_FUSED_FMA (issue 32).
#pragma once

namespace kernel_check {

// argv holds "--count" and the count mode's options. Returns the exit status.
int countMain(int argc, char** argv);

}  // namespace kernel_check
