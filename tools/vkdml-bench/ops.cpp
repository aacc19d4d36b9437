#include "ops.h"

#include <algorithm>
#include <cmath>

namespace bench {

namespace {

// --- descs -------------------------------------------------------------------------------------------------------

HRESULT createCelu(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* out,
                   VkdmlOperator* op) {
    DML_ACTIVATION_CELU_OPERATOR_DESC desc{in, out, spec.attr0};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ACTIVATION_CELU, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

HRESULT createLinear(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* out,
                     VkdmlOperator* op) {
    DML_ACTIVATION_LINEAR_OPERATOR_DESC desc{in, out, spec.attr0, spec.attr1};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ACTIVATION_LINEAR, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

HRESULT createSoftplus(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* out,
                       VkdmlOperator* op) {
    DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC desc{in, out, spec.attr0};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ACTIVATION_SOFTPLUS, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

HRESULT createParametricSoftplus(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* in,
                                 const DML_TENSOR_DESC* out, VkdmlOperator* op) {
    DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC desc{in, out, spec.attr0, spec.attr1};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

// --- host formulas (the naive baseline: float math, the C library's exp/log, no fast-math) -------------------------

inline float celu(float x, float alpha, float) {
    return std::max(0.0f, x) + std::min(0.0f, alpha * (std::exp(x / alpha) - 1.0f));
}
inline float linear(float x, float alpha, float beta) { return alpha * x + beta; }
inline float softplus(float x, float steepness, float) { return std::log(1.0f + std::exp(steepness * x)) / steepness; }
inline float parametricSoftplus(float x, float alpha, float beta) {
    return alpha * std::log(1.0f + std::exp(beta * x));
}

template <float (*F)(float, float, float)>
void hostLoop(const float* in, float* out, size_t n, float a0, float a1) {
    for (size_t i = 0; i < n; ++i) out[i] = F(in[i], a0, a1);
}

}  // namespace

const std::vector<OpSpec>& opTable() {
    static const std::vector<OpSpec> table = {
        // key, DML name, type, attributes, create, host loop, target vs naive shader, target vs host loop
        {"celu", "ACTIVATION_CELU", DML_OPERATOR_ACTIVATION_CELU, 1.5f, 0.0f, createCelu, hostLoop<celu>, 1.2, 1.3},
        {"linear", "ACTIVATION_LINEAR", DML_OPERATOR_ACTIVATION_LINEAR, 0.25f, -1.0f, createLinear, hostLoop<linear>,
         1.0, 0.0},
        {"softplus", "ACTIVATION_SOFTPLUS", DML_OPERATOR_ACTIVATION_SOFTPLUS, 2.0f, 0.0f, createSoftplus,
         hostLoop<softplus>, 1.2, 1.3},
        {"parametric_softplus", "ACTIVATION_PARAMETRIC_SOFTPLUS", DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, 0.5f,
         2.0f, createParametricSoftplus, hostLoop<parametricSoftplus>, 0.0, 0.0},
    };
    return table;
}

const OpSpec* findOp(const std::string& key) {
    for (const OpSpec& op : opTable())
        if (key == op.key) return &op;
    return nullptr;
}

}  // namespace bench
