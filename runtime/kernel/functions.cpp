#include "kernel/functions.h"

#include <array>
#include <iterator>

#include "kernel/glsl_library.h"

namespace vkdml::kernel {

namespace {

constexpr FnDomain F = FnDomain::Float;
constexpr FnDomain I = FnDomain::Integer;
constexpr FnDomain A = FnDomain::Any;

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
    {"sigmoid_half", "vk_act_sigmoid_half", 1, F, false, false},
    {"swish_half", "vk_act_swish_half", 2, F, false, false},
    {"tanh_half", "vk_act_tanh_half", 1, F, false, false},
    {"scaled_tanh_half", "vk_act_scaled_tanh_half", 3, F, false, false},
    {"gelu_half", "vk_act_gelu_half", 1, F, false, false},
    {"elu_half", "vk_act_elu_half", 2, F, false, false},
    {"celu_half", "vk_act_celu_half", 2, F, false, false},
    {"scaled_elu_half", "vk_act_scaled_elu_half", 3, F, false, false},
    {"softplus_half", "vk_act_softplus_half", 2, F, false, false},
    {"parametric_softplus_half", "vk_act_parametric_softplus_half", 3, F, false, false},
    {"exp_half", "vk_exp_half", 1, F, false, false},
    {"log_half", "vk_log_half", 1, F, false, false},
    {"erf_half", "vk_erf_half", 1, F, false, false},
    {"sin_half", "vk_sin_half", 1, F, false, false},
    {"cos_half", "vk_cos_half", 1, F, false, false},
    {"tan_half", "vk_tan_half", 1, F, false, false},
    {"atan_half", "vk_atan_half", 1, F, false, false},
    {"atan2_half", "vk_atan2_half", 2, F, false, false},
    {"pow_half", "vk_pow_half", 2, F, false, false},
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
    {"add", "vk_ew_add", 2, A, false, false},
    {"subtract", "vk_ew_sub", 2, A, false, false},
    {"multiply", "vk_ew_mul", 2, A, false, false},
    {"divide", "vk_ew_div", 2, A, false, false},
    {"max", "vk_ew_max", 2, A, false, false},
    {"min", "vk_ew_min", 2, A, false, false},
    {"mean", "vk_ew_mean", 2, A, false, false},
    {"difference_square", "vk_ew_difference_square", 2, A, false, false},
    {"equals", "vk_ew_equals", 2, A, false, false},
    {"greater", "vk_ew_greater", 2, A, false, false},
    {"less", "vk_ew_less", 2, A, false, false},
    {"greater_equal", "vk_ew_greater_equal", 2, A, false, false},
    {"less_equal", "vk_ew_less_equal", 2, A, false, false},
    {"logical_and", "vk_ew_logical_and", 2, A, false, false},
    {"logical_or", "vk_ew_logical_or", 2, A, false, false},
    {"logical_xor", "vk_ew_logical_xor", 2, A, false, false},
    {"logical_not", "vk_ew_logical_not", 1, A, false, false},
    {"bit_and", "vk_ew_bit_and", 2, A, false, false},
    {"bit_or", "vk_ew_bit_or", 2, A, false, false},
    {"bit_xor", "vk_ew_bit_xor", 2, A, false, false},
    {"bit_not", "vk_ew_bit_not", 1, A, false, false},
    {"shift_left", "vk_ew_shift_left", 2, A, false, false},
    {"shift_right", "vk_ew_shift_right", 2, A, false, false},
    {"bit_count", "vk_ew_bit_count", 1, A, false, false},
    {"select", "vk_ew_select", 3, A, false, false},
    {"cast_float_to_int", "vk_cast_float_to_int", 3, A, false, false},
    {"cast_float_to_uint", "vk_cast_float_to_uint", 2, A, false, false},
    {"abs", "vk_ew_abs", 1, A, false, false},
    {"negate", "vk_ew_negate", 1, A, false, false},
    {"sign", "vk_ew_sign", 1, A, false, false},
    {"ceil", "vk_ew_ceil", 1, F, false, false},
    {"floor", "vk_ew_floor", 1, F, false, false},
    {"recip", "vk_ew_recip", 1, F, false, false},
    {"sqrt", "vk_ew_sqrt", 1, F, false, false},
    {"exp", "vk_exp_lean", 1, F, false, false},
    {"log", "vk_log_lean", 1, F, false, false},
    {"round", "vk_ew_round", 2, F, false, false},
    {"is_nan", "vk_ew_is_nan", 1, A, false, false},
    {"is_infinity", "vk_ew_is_infinity", 2, A, false, false},
    {"quantize", "vk_ew_quantize", 3, A, false, false},
    {"dequantize", "vk_ew_dequantize", 3, A, false, false},
    {"sin", "vk_sin", 1, F, false, false},
    {"cos", "vk_cos", 1, F, false, false},
    {"tan", "vk_tan", 1, F, false, false},
    {"asin", "vk_asin", 1, F, false, false},
    {"acos", "vk_acos", 1, F, false, false},
    {"atan", "vk_atan", 1, F, false, false},
    {"sinh", "vk_sinh", 1, F, false, false},
    {"cosh", "vk_cosh", 1, F, false, false},
    {"asinh", "vk_asinh", 1, F, false, false},
    {"acosh", "vk_acosh", 1, F, false, false},
    {"atanh", "vk_atanh", 1, F, false, false},
    {"erf", "vk_erf_lean", 1, F, false, false},
    {"pow", "vk_pow", 2, F, false, false},
    {"atan2", "vk_atan2", 2, F, false, false},
    {"pow_n", "vk_ew_pow_n", 2, A, false, false},
    {"int_pow", "vk_ew_ipow", 2, A, false, false},
    {"mod_trunc", "vk_ew_mod_trunc", 2, A, false, false},
    {"mod_floor", "vk_ew_mod_floor", 2, A, false, false},
    {"clip_grad_pass", "vk_ew_clip_grad_pass", 3, A, false, false},
    {"scale", "vk_ew_scale", 3, F, false, false},
    {"shift", "vk_ew_shift", 2, F, false, false},
    {"add64", "vk_ew_add64", 2, A, false, true},
    {"subtract64", "vk_ew_sub64", 2, A, false, true},
    {"multiply64", "vk_ew_mul64", 2, A, false, true},
    {"divide64", "vk_ew_div64", 2, A, false, true},
    {"max64", "vk_ew_max64", 2, A, false, true},
    {"min64", "vk_ew_min64", 2, A, false, true},
    {"equals64", "vk_ew_equals64", 2, A, false, true},
    {"greater64", "vk_ew_greater64", 2, A, false, true},
    {"less64", "vk_ew_less64", 2, A, false, true},
    {"greater_equal64", "vk_ew_greater_equal64", 2, A, false, true},
    {"less_equal64", "vk_ew_less_equal64", 2, A, false, true},
    {"bit_and64", "vk_ew_bit_and64", 2, A, false, true},
    {"bit_or64", "vk_ew_bit_or64", 2, A, false, true},
    {"bit_xor64", "vk_ew_bit_xor64", 2, A, false, true},
    {"bit_not64", "vk_ew_bit_not64", 1, A, false, true},
    {"shift_left64", "vk_ew_shift_left64", 2, A, false, true},
    {"shift_right64", "vk_ew_shift_right64", 2, A, false, true},
    {"bit_count64", "vk_ew_bit_count64", 1, A, false, true},
    {"select64", "vk_ew_select64", 3, A, false, true},
    {"cast_to_int64", "vk_cast_to_int64", 1, A, false, true},
    {"cast_to_uint64", "vk_cast_to_uint64", 1, A, false, true},
    {"cast_float_to_int64", "vk_cast_float_to_int64", 1, A, false, true},
    {"cast_float_to_uint64", "vk_cast_float_to_uint64", 1, A, false, true},
    {"cast_double_to_int", "vk_cast_double_to_int", 3, A, false, true},
    {"cast_double_to_uint", "vk_cast_double_to_uint", 2, A, false, true},
    {"cast_int64_to_float", "vk_cast_int64_to_float", 1, A, false, true},
    {"cast_double_to_float_odd", "vk_cast_double_to_float_odd", 1, A, false, true},
    {"abs64", "vk_ew_abs64", 1, A, false, true},
    {"negate64", "vk_ew_negate64", 1, A, false, true},
    {"sign64", "vk_ew_sign64", 1, A, false, true},
    {"mod_trunc64", "vk_ew_mod_trunc64", 2, A, false, true},
    {"mod_floor64", "vk_ew_mod_floor64", 2, A, false, true},
    {"pack_int64", "vk_pack_int64", 2, A, false, true},
    {"pack_uint64", "vk_pack_uint64", 2, A, false, true},
    {"clip_grad_pass64", "vk_ew_clip_grad_pass64", 3, A, false, true},
};
static_assert(std::size(kFunctions) == static_cast<size_t>(Fn::Count), "one row per Fn, in order");

}  // namespace

const FnInfo& fnInfo(Fn fn) {
    const auto index = static_cast<size_t>(fn);
    return kFunctions[index < std::size(kFunctions) ? index : 0];
}

bool reachesDivSqrt(Fn fn) {
    static const std::array<bool, std::size(kFunctions)> reaches = [] {
        std::array<bool, std::size(kFunctions)> r{};
        for (size_t i = 0; i < r.size(); ++i) {
            const std::vector<std::string> roots{kFunctions[i].glsl};
            r[i] = mathLibraryReaches(roots, "vk_div_cr") || mathLibraryReaches(roots, "vk_sqrt_cr");
        }
        return r;
    }();
    const auto index = static_cast<size_t>(fn);
    return index < reaches.size() && reaches[index];
}

}  // namespace vkdml::kernel
