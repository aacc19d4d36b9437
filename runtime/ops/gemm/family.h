// The GEMM family: GEMM, MATRIX_MULTIPLY_INTEGER, QUANTIZED_LINEAR_MATRIX_MULTIPLY and
// MATRIX_MULTIPLY_INTEGER_TO_FLOAT. Its shape rule: A, B, C and the output share one dimension count (2 to 4);
// the last two dimensions are the matrices (A: M x K, or K x M transposed; B: K x N, or N x K; C and the output:
// M x N) and the dimensions before them batch dimensions, equal in every tensor (broadcasting is a stride of 0).
#pragma once

#include "ops/family.h"

namespace vkdml::gemm {

const ops::Family& family();

}  // namespace vkdml::gemm
