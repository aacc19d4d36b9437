// The scalar functions an element-wise program may call: each is one function of the hand-written GLSL library in
// glsl/ (DESIGN.md section 6: the generator only wires loads, calls and stores). Adding an operator adds a row here.
#pragma once

#include <cstdint>

namespace vkdml::kernel {

enum class Fn : uint16_t {
    None,
    // FLOAT32/FLOAT16 activations (computed in fp32): glsl/vkdml_math.glsl, vkdml_activations.glsl
    Celu, Elu, Gelu, HardSigmoid, HardSwish, LeakyRelu, Linear, ParametricSoftplus, Prelu, Relu, ScaledElu,
    ScaledTanh, Shrink, Sigmoid, Softplus, Softsign, Swish, Tanh, ThresholdedRelu,
    // Branch-free forms for parameters in [2^-20, 2^20] (glsl/vkdml_straight.glsl)
    CeluStraight, EluStraight, ScaledEluStraight, SigmoidStraight, SwishStraight, SoftplusStraight,
    ParametricSoftplusStraight,
    // Integer forms (glsl/vkdml_integer.glsl), computed as int or uint
    IntRelu, IntPrelu, IntShrink,
    // vkdml-bench's naive baselines with the driver's exp/log (glsl/vkdml_naive.glsl)
    NaiveCelu, NaiveElu, NaiveLinear, NaiveParametricSoftplus, NaiveRelu, NaiveSigmoid, NaiveSoftplus, NaiveTanh,
    Count
};

enum class FnDomain : uint8_t {
    Float,    // float arguments and result
    Integer,  // int or uint arguments and result, of the tensors' integer type
};

struct FnInfo {
    const char* name;  // "celu" (listings)
    const char* glsl;  // "vk_act_celu"
    uint8_t arity;
    FnDomain domain;
    bool hasDoubleForm;  // computes in double under VKDML_FP64_MATH (CPU devices with shaderFloat64)
    bool needsInt64;     // needs shaderInt64 (VKDML_INT64)
};

const FnInfo& fnInfo(Fn fn);

}  // namespace vkdml::kernel
