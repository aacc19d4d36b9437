// GEMM's double-precision reference and the bound its results are checked within.
//
// Bound (FLOAT32 accumulation, one product added at a time, fused or not): for each output element with
// S = |Alpha| * sum_k |A[m][k] B[k][n]| + |Beta C[m][n]|, the value before the activation is within
// (K + 4) * 2^-24 * S of the exact one (K roundings of the running sum, Alpha's product, Beta's product and their
// sum, with one to spare); FLOAT16 inputs multiply exactly in FLOAT32, so the same holds. The activation then scales
// that by its largest slope L and adds its own error; a FLOAT16 output adds half a FLOAT16 ulp of rounding.
#pragma once

#include <vector>

#include "reference_reduce.h"

namespace vkdml::test {

struct GemmParams {
    bool transA = false, transB = false;
    double alpha = 1.0, beta = 0.0;
    const HostTensor* c = nullptr;  // the output's sizes
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;  // RELU, SIGMOID, TANH, LINEAR (actAlpha, actBeta), GELU
    double actAlpha = 0, actBeta = 0;
};

// The sizes of a matrix of `rows` x `columns` after the batch dimensions `batch`.
inline std::vector<uint32_t> withBatch(const std::vector<uint32_t>& batch, uint32_t rows, uint32_t columns) {
    std::vector<uint32_t> sizes = batch;
    sizes.push_back(rows);
    sizes.push_back(columns);
    return sizes;
}

// a and b as stored (the last two dimensions swapped where transposed), batch dimensions equal to the output's.
std::vector<Expected> expectGemm(DML_TENSOR_DATA_TYPE type, const HostTensor& a, const HostTensor& b,
                                 const GemmParams& p);

}  // namespace vkdml::test
