#include "reference_gemm.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace vkdml::test {

namespace {

// The activation's value, its largest slope and its own error in FLOAT32 ulps of the result.
double activate(const GemmParams& p, double x, double& slope, double& ownUlps) {
    switch (p.activation) {
        case DML_OPERATOR_INVALID: slope = 1, ownUlps = 0; return x;
        case DML_OPERATOR_ACTIVATION_RELU: slope = 1, ownUlps = 0; return x > 0 ? x : (x < 0 ? 0.0 : x);
        case DML_OPERATOR_ACTIVATION_LINEAR: slope = std::fabs(p.actAlpha), ownUlps = 2; return p.actAlpha * x + p.actBeta;
        case DML_OPERATOR_ACTIVATION_SIGMOID: slope = 0.25, ownUlps = 4; return 1.0 / (1.0 + std::exp(-x));
        case DML_OPERATOR_ACTIVATION_TANH: slope = 1, ownUlps = 4; return std::tanh(x);
        case DML_OPERATOR_ACTIVATION_GELU: slope = 1.13, ownUlps = 8; return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
        default: throw std::invalid_argument("expectGemm: no reference for this activation");
    }
}

}  // namespace

std::vector<Expected> expectGemm(DML_TENSOR_DATA_TYPE type, const HostTensor& a, const HostTensor& b,
                                 const GemmParams& p) {
    const size_t r = a.sizes.size();
    const uint32_t m = p.transA ? a.sizes[r - 1] : a.sizes[r - 2];
    const uint32_t k = p.transA ? a.sizes[r - 2] : a.sizes[r - 1];
    const uint32_t n = p.transB ? b.sizes[r - 2] : b.sizes[r - 1];
    uint64_t batches = 1;
    for (size_t d = 0; d + 2 < r; ++d) batches *= a.sizes[d];
    const double u32 = std::ldexp(1.0, -24);
    std::vector<Expected> out(batches * m * n);
    for (uint64_t z = 0; z < batches; ++z) {
        const double* A = a.values.data() + z * m * k;
        const double* B = b.values.data() + z * k * n;
        for (uint32_t i = 0; i < m; ++i)
            for (uint32_t j = 0; j < n; ++j) {
                double sum = 0, magnitude = 0;
                for (uint32_t q = 0; q < k; ++q) {
                    const double x = p.transA ? A[q * m + i] : A[i * k + q];
                    const double y = p.transB ? B[j * k + q] : B[q * n + j];
                    sum += x * y;
                    magnitude += std::fabs(x * y);
                }
                double value = p.alpha * sum;
                magnitude *= std::fabs(p.alpha);
                const uint64_t index = (z * m + i) * n + j;
                if (p.c && p.beta != 0.0) {
                    const double c = p.c->values[index];
                    value += p.beta * c;
                    magnitude += std::fabs(p.beta * c);
                }
                double slope = 1, ownUlps = 0;
                const double pre = (k + 4) * u32 * magnitude;
                const double result = activate(p, value, slope, ownUlps);
                double bound = slope * pre + ownUlps * ulpOf(DML_TENSOR_DATA_TYPE_FLOAT32, result);
                if (type == DML_TENSOR_DATA_TYPE_FLOAT16) bound += 0.5 * ulpOf(type, std::fabs(result) + bound);
                if (std::isnan(magnitude)) bound = 0;  // a NaN or an infinity meets a zero or its opposite: NaN
                out[index] = {result, bound};
            }
    }
    return out;
}

}  // namespace vkdml::test
