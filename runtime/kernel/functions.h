// The scalar functions an element-wise program may call: each is one function of the hand-written GLSL library in
// glsl/ (the generator only wires loads, calls and stores; docs/ARCHITECTURE.md, "Kernels and caches"). Adding
// an operator adds a row here.
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
    // FLOAT16 results, about 2^-16 relative (glsl/vkdml_half_forms.glsl)
    SigmoidHalf, SwishHalf, TanhHalf, ScaledTanhHalf, GeluHalf, EluHalf, CeluHalf, ScaledEluHalf, SoftplusHalf,
    ParametricSoftplusHalf, ExpHalf, LogHalf, ErfHalf,
    // FLOAT16 results of the trigonometric functions and POW (glsl/vkdml_half_trig_pow.glsl)
    SinHalf, CosHalf, TanHalf, AtanHalf, Atan2Half, PowHalf,
    // Integer forms (glsl/vkdml_integer.glsl), computed as int or uint
    IntRelu, IntPrelu, IntShrink,
    // vkdml-bench's naive baselines with the driver's exp/log (glsl/vkdml_naive.glsl)
    NaiveCelu, NaiveElu, NaiveLinear, NaiveParametricSoftplus, NaiveRelu, NaiveSigmoid, NaiveSoftplus, NaiveTanh,
    // Arithmetic, comparisons, logic, bits, selection and conversions (glsl/vkdml_elementwise.glsl), overloaded for
    // float, int and uint
    Add, Subtract, Multiply, Divide, Max, Min, Mean, DifferenceSquare,
    Equals, Greater, Less, GreaterEqual, LessEqual, LogicalAnd, LogicalOr, LogicalXor, LogicalNot,
    BitAnd, BitOr, BitXor, BitNot, ShiftLeft, ShiftRight, BitCount, Select,
    CastFloatToInt, CastFloatToUint,
    Abs, Negate, Sign, Ceil, Floor, Recip, Sqrt, Exp, Log, Round, IsNan, IsInfinity,
    // Quantization: round(x / scale) + zero point (int, unsaturated), (x - zero point) * scale
    Quantize, Dequantize,
    // Float math (glsl/vkdml_math.glsl): the trigonometric functions with their own argument reduction
    Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Erf, Pow, Atan2,
    PowN, IntPow,  // POW with an integer exponent (glsl/vkdml_elementwise.glsl, overloaded)
    ModTrunc, ModFloor, ClipGradPass,
    // DML_SCALE_BIAS with scale only or bias only (glsl/vkdml_math.glsl): Linear's value for those parameters
    Scale, Shift,
    // Their 64-bit forms (glsl/vkdml_elementwise64.glsl): int64_t, uint64_t, double
    Add64, Subtract64, Multiply64, Divide64, Max64, Min64,
    Equals64, Greater64, Less64, GreaterEqual64, LessEqual64,
    BitAnd64, BitOr64, BitXor64, BitNot64, ShiftLeft64, ShiftRight64, BitCount64, Select64,
    CastToInt64, CastToUint64, CastFloatToInt64, CastFloatToUint64, CastDoubleToInt, CastDoubleToUint, CastInt64ToFloat, CastDoubleToFloatOdd,
    Abs64, Negate64, Sign64, ModTrunc64, ModFloor64, PackInt64, PackUint64, ClipGradPass64,
    Count
};

enum class FnDomain : uint8_t {
    Float,    // float arguments and result
    Integer,  // int or uint arguments and result, of the tensors' integer type
    Any,      // overloaded in GLSL: argument and result types as the program's values say (glslang checks them)
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
// Does fn's GLSL reach vk_div_cr or vk_sqrt_cr (glsl/vkdml_math.glsl), whose VKDML_EXACT_DIV_SQRT form takes the
// driver's own division and square root (ElementwiseProgram::exactDivSqrt)? From the library's call graph.
bool reachesDivSqrt(Fn fn);

}  // namespace vkdml::kernel
