// The double-precision reference and the accuracy bound of each single-input element-wise activation vkdml implements,
// by operator type (docs/ARCHITECTURE.md, "Numerics"). PARAMETERIZED_RELU, with its second input, is tested on its own.
#pragma once

#include <vkdml/DirectML.h>

#include "reference.h"
#include "reference_activations.h"

namespace vkdml::test {

struct ActivationInfo {
    DML_OPERATOR_TYPE type;
    const char* name;
    float attr0, attr1;  // typical attributes (ELEMENT_WISE_IDENTITY: ScaleBias scale and bias)
    uint64_t boundF32;   // ULP
    uint64_t boundF16;
};

inline double referenceActivation(DML_OPERATOR_TYPE type, double x, double a0, double a1) {
    switch (type) {
        case DML_OPERATOR_ACTIVATION_CELU: return ref_celu(x, a0);
        case DML_OPERATOR_ACTIVATION_LINEAR: return ref_linear(x, a0, a1);
        case DML_OPERATOR_ELEMENT_WISE_IDENTITY: return ref_linear(x, a0, a1);
        case DML_OPERATOR_ACTIVATION_IDENTITY: return x;
        case DML_OPERATOR_ACTIVATION_SOFTPLUS: return ref_softplus(x, a0);
        case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS: return ref_parametric_softplus(x, a0, a1);
        case DML_OPERATOR_ACTIVATION_ELU: return ref_elu(x, a0);
        case DML_OPERATOR_ACTIVATION_HARD_SIGMOID: return ref_hard_sigmoid(x, a0, a1);
        case DML_OPERATOR_ACTIVATION_LEAKY_RELU: return ref_leaky_relu(x, a0);
        case DML_OPERATOR_ACTIVATION_RELU: return ref_relu(x);
        case DML_OPERATOR_ACTIVATION_SCALED_ELU: return ref_scaled_elu(x, a0, a1);
        case DML_OPERATOR_ACTIVATION_SCALED_TANH: return ref_scaled_tanh(x, a0, a1);
        case DML_OPERATOR_ACTIVATION_SIGMOID: return ref_sigmoid(x);
        case DML_OPERATOR_ACTIVATION_SOFTSIGN: return ref_softsign(x);
        case DML_OPERATOR_ACTIVATION_TANH: return ref_tanh(x);
        case DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU: return ref_thresholded_relu(x, a0);
        case DML_OPERATOR_ACTIVATION_SHRINK: return ref_shrink(x, a0, a1);
        case DML_OPERATOR_ACTIVATION_GELU: return ref_gelu(x);
        case DML_OPERATOR_ACTIVATION_SWISH: return ref_swish(x, a0);
        case DML_OPERATOR_ACTIVATION_HARD_SWISH: return ref_hard_swish(x, a0, a1);
        default: return 0.0 / 0.0;
    }
}

// The four operators of the first release (the large-tensor, concurrency and ONNX tests use them).
inline const ActivationInfo kSeedActivations[] = {
    {DML_OPERATOR_ACTIVATION_CELU, "CELU", 1.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_LINEAR, "LINEAR", 1.5f, -0.25f, 1, 1},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, "SOFTPLUS", 1.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, "PARAMETRIC_SOFTPLUS", 0.5f, 2.0f, 4, 1},
};

// Every single-input element-wise activation: piecewise-linear ones within 1 ULP, exp/log/tanh/erf ones within 4.
inline const ActivationInfo kAllActivations[] = {
    {DML_OPERATOR_ACTIVATION_CELU, "CELU", 1.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_LINEAR, "LINEAR", 1.5f, -0.25f, 1, 1},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, "SOFTPLUS", 1.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, "PARAMETRIC_SOFTPLUS", 0.5f, 2.0f, 4, 1},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, "ELEMENT_WISE_IDENTITY", 2.0f, 0.5f, 1, 1},
    {DML_OPERATOR_ACTIVATION_IDENTITY, "IDENTITY", 0.0f, 0.0f, 1, 1},
    {DML_OPERATOR_ACTIVATION_ELU, "ELU", 1.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, "HARD_SIGMOID", 0.2f, 0.5f, 1, 1},
    {DML_OPERATOR_ACTIVATION_LEAKY_RELU, "LEAKY_RELU", 0.01f, 0.0f, 1, 1},
    {DML_OPERATOR_ACTIVATION_RELU, "RELU", 0.0f, 0.0f, 1, 1},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, "SCALED_ELU", 1.67326319217681884765625f, 1.05070102214813232421875f, 4, 1},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, "SCALED_TANH", 1.0f, 0.5f, 4, 1},
    {DML_OPERATOR_ACTIVATION_SIGMOID, "SIGMOID", 0.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, "SOFTSIGN", 0.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_TANH, "TANH", 0.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, "THRESHOLDED_RELU", 1.0f, 0.0f, 1, 1},
    {DML_OPERATOR_ACTIVATION_SHRINK, "SHRINK", 0.25f, 0.5f, 1, 1},
    {DML_OPERATOR_ACTIVATION_GELU, "GELU", 0.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_SWISH, "SWISH", 1.0f, 0.0f, 4, 1},
    {DML_OPERATOR_ACTIVATION_HARD_SWISH, "HARD_SWISH", 1.0f / 6.0f, 0.5f, 4, 1},
};

}  // namespace vkdml::test
