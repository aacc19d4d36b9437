#include "kernel/functions.h"

#include <iterator>

namespace vkdml::kernel {

namespace {

constexpr FnDomain F = FnDomain::Float;
constexpr FnDomain I = FnDomain::Integer;

// In Fn order.
constexpr FnInfo kFunctions[] = {
    {"none", "", 0, F, false, false},
    {"celu", "vk_act_celu", 2, F, false, false},
    {"elu", "vk_act_elu", 2, F, false, false},
    {"gelu", "vk_act_gelu", 1, F, false, false},
    {"hard_sigmoid", "vk_act_hard_sigmoid", 3, F, true, false},
    {"hard_swish", "vk_act_hard_swish", 3, F, true, false},
    {"leaky_relu", "vk_act_leaky_relu", 2, F, false, false},
    {"linear", "vk_act_linear", 3, F, true, false},
    {"parametric_softplus", "vk_act_parametric_softplus", 3, F, false, false},
    {"prelu", "vk_act_prelu", 2, F, false, false},
    {"relu", "vk_act_relu", 1, F, false, false},
    {"scaled_elu", "vk_act_scaled_elu", 3, F, false, false},
    {"scaled_tanh", "vk_act_scaled_tanh", 3, F, false, false},
    {"shrink", "vk_act_shrink", 3, F, false, false},
    {"sigmoid", "vk_act_sigmoid", 1, F, false, false},
    {"softplus", "vk_act_softplus", 2, F, false, false},
    {"softsign", "vk_act_softsign", 1, F, false, false},
    {"swish", "vk_act_swish", 2, F, false, false},
    {"tanh", "vk_act_tanh", 1, F, false, false},
    {"thresholded_relu", "vk_act_thresholded_relu", 2, F, false, false},
    {"celu_straight", "vk_act_celu_straight", 2, F, false, false},
    {"elu_straight", "vk_act_elu_straight", 2, F, false, false},
    {"scaled_elu_straight", "vk_act_scaled_elu_straight", 3, F, false, false},
    {"sigmoid_straight", "vk_act_sigmoid_straight", 1, F, false, false},
    {"swish_straight", "vk_act_swish_straight", 2, F, false, false},
    {"softplus_straight", "vk_act_softplus_straight", 2, F, false, false},
    {"parametric_softplus_straight", "vk_act_parametric_softplus_straight", 3, F, false, false},
    {"int_relu", "vk_int_relu", 1, I, false, false},
    {"int_prelu", "vk_int_prelu", 2, I, false, false},
    {"int_shrink", "vk_int_shrink", 1, I, false, true},
    {"naive_celu", "vk_naive_celu", 2, F, false, false},
    {"naive_elu", "vk_naive_elu", 2, F, false, false},
    {"naive_linear", "vk_naive_linear", 3, F, false, false},
    {"naive_parametric_softplus", "vk_naive_parametric_softplus", 3, F, false, false},
    {"naive_relu", "vk_naive_relu", 1, F, false, false},
    {"naive_sigmoid", "vk_naive_sigmoid", 1, F, false, false},
    {"naive_softplus", "vk_naive_softplus", 2, F, false, false},
    {"naive_tanh", "vk_naive_tanh", 1, F, false, false},
};
static_assert(std::size(kFunctions) == static_cast<size_t>(Fn::Count), "one row per Fn, in order");

}  // namespace

const FnInfo& fnInfo(Fn fn) {
    const auto index = static_cast<size_t>(fn);
    return kFunctions[index < std::size(kFunctions) ? index : 0];
}

}  // namespace vkdml::kernel
