// A device never runs a cooperative-matrix GEMM kernel it has not checked: before its first FLOAT16 GEMM (or 8-bit
// integer multiply) that would take that kernel with a given layout of A and B (CooperativeLayout), vkdml runs the
// kernel once on a small problem whose exact result it knows, and takes the portable kernel instead wherever the
// result differs.
#pragma once

#include "ops/gemm/generator.h"

namespace vkdml {
class Device;
}

namespace vkdml::gemm {

// Whether the kernel of `shape` (cooperative, or its stand-in under VKDML_TEST_GEMM_COOPERATIVE_STAND_IN) computes
// exactly a 144 x 136 x 80 FLOAT16 GEMM with A and B laid out as `layout` says: integers in [-3, 3], so every sum is
// exact in any order. 8-bit layouts: a 144 x 176 x 96 MATRIX_MULTIPLY_INTEGER of A and B of the layout's types over
// their whole range, with zero points per row of A and per column of B. Run once per device, driver, kernel form and layout in the process; a failure (a wrong result,
// or the kernel not compiling or running) is reported through the device's messages as a warning, a pass (on a
// debug device) as information.
bool cooperativeKernelChecked(Device& device, const KernelShape& shape, const CooperativeLayout& layout);

}  // namespace vkdml::gemm
