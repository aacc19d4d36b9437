#include "kernel/fused_activation.h"

#include <cstring>
#include <stdexcept>

namespace vkdml::kernel {

std::string exactFloatLiteral(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return "uintBitsToFloat(" + std::to_string(bits) + "u)";
}

namespace {

const char* functionOf(DML_OPERATOR_TYPE type) {
    switch (type) {
        case DML_OPERATOR_INVALID:
        case DML_OPERATOR_ACTIVATION_IDENTITY: return nullptr;
        case DML_OPERATOR_ACTIVATION_LINEAR: return "vk_act_linear";
        case DML_OPERATOR_ACTIVATION_RELU: return "vk_act_relu";
        case DML_OPERATOR_ACTIVATION_LEAKY_RELU: return "vk_act_leaky_relu";
        case DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU: return "vk_act_thresholded_relu";
        case DML_OPERATOR_ACTIVATION_SHRINK: return "vk_act_shrink";
        case DML_OPERATOR_ACTIVATION_HARD_SIGMOID: return "vk_act_hard_sigmoid";
        case DML_OPERATOR_ACTIVATION_ELU: return "vk_act_elu";
        case DML_OPERATOR_ACTIVATION_SCALED_ELU: return "vk_act_scaled_elu";
        case DML_OPERATOR_ACTIVATION_CELU: return "vk_act_celu";
        case DML_OPERATOR_ACTIVATION_TANH: return "vk_act_tanh";
        case DML_OPERATOR_ACTIVATION_SCALED_TANH: return "vk_act_scaled_tanh";
        case DML_OPERATOR_ACTIVATION_SIGMOID: return "vk_act_sigmoid";
        case DML_OPERATOR_ACTIVATION_SOFTSIGN: return "vk_act_softsign";
        case DML_OPERATOR_ACTIVATION_SOFTPLUS: return "vk_act_softplus";
        case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS: return "vk_act_parametric_softplus";
        case DML_OPERATOR_ACTIVATION_GELU: return "vk_act_gelu";
        case DML_OPERATOR_ELEMENT_WISE_CLIP: return "vk_act_clip";  // GEMM's (ScaleBias.Scale, ScaleBias.Bias, Min, Max)
        default: throw std::invalid_argument("no fused activation " + std::to_string(type));
    }
}

}  // namespace

std::string fusedActivationCall(const dml::FusedActivation& fused, const std::string& x) {
    const char* function = functionOf(fused.type);
    if (!function) return x;
    std::string args = x;
    for (const dml::Attribute& a : fused.attributes.all())
        if (a.kind == dml::FieldKind::Float) args += ", " + exactFloatLiteral(a.value);
    return std::string(function) + "(" + args + ")";
}

std::vector<std::string> fusedActivationRoots(const dml::FusedActivation& fused) {
    const char* function = functionOf(fused.type);
    return function ? std::vector<std::string>{function} : std::vector<std::string>{};
}

}  // namespace vkdml::kernel
