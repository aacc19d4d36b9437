#include "ops/elementwise/general_lowering.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <iterator>

#include "core/error.h"
#include "ops/elementwise/lowering.h"
#include "dml/tensor.h"

namespace vkdml::elementwise {

using kernel::Fn;
using kernel::ScalarType;

namespace {

enum class Family : uint8_t {
    Arithmetic, Compare, Logical, Bitwise, BitCount, If, Cast,
    Unary,      // one input, the output's type: ScaleBias first where the desc has one (floats)
    Round, IsNan, IsInfinity, Threshold, Clip,
    QuantizeLinear, DequantizeLinear, QuantizedAdd,
    ConstantPow,  // pow(x, Exponent) after the ScaleBias
    Pow,          // pow(Input, Exponent): float or integer base, float or integer exponent
    Clip1,     // CLIP with DML_SCALAR_UNION bounds: max(Min, min(x, Max))
    ClipGrad,  // CLIP_GRAD (FLOAT bounds) and CLIP_GRAD1 (union bounds): dY where Min < x < Max, else 0
    ReluGrad,  // dY where x > 0, else 0
    Add1,      // a + b, then the FusedActivation
};

// One row per operator: the library function for 8- to 32-bit values and for 64-bit ones (Fn::None: none).
struct GeneralForm {
    DML_OPERATOR_TYPE type;
    Family family;
    Fn fn, fn64;
};

constexpr GeneralForm kForms[] = {
    {DML_OPERATOR_ELEMENT_WISE_ADD, Family::Arithmetic, Fn::Add, Fn::Add64},
    {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, Family::Arithmetic, Fn::Subtract, Fn::Subtract64},
    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, Family::Arithmetic, Fn::Multiply, Fn::Multiply64},
    {DML_OPERATOR_ELEMENT_WISE_DIVIDE, Family::Arithmetic, Fn::Divide, Fn::Divide64},
    {DML_OPERATOR_ELEMENT_WISE_MAX, Family::Arithmetic, Fn::Max, Fn::Max64},
    {DML_OPERATOR_ELEMENT_WISE_MIN, Family::Arithmetic, Fn::Min, Fn::Min64},
    {DML_OPERATOR_ELEMENT_WISE_MEAN, Family::Arithmetic, Fn::Mean, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE, Family::Arithmetic, Fn::DifferenceSquare, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, Family::Arithmetic, Fn::ModTrunc, Fn::ModTrunc64},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR, Family::Arithmetic, Fn::ModFloor, Fn::ModFloor64},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, Family::Compare, Fn::Equals, Fn::Equals64},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, Family::Compare, Fn::Greater, Fn::Greater64},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, Family::Compare, Fn::Less, Fn::Less64},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, Family::Compare, Fn::GreaterEqual, Fn::GreaterEqual64},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, Family::Compare, Fn::LessEqual, Fn::LessEqual64},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, Family::Logical, Fn::LogicalAnd, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, Family::Logical, Fn::LogicalOr, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR, Family::Logical, Fn::LogicalXor, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT, Family::Logical, Fn::LogicalNot, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_BIT_AND, Family::Bitwise, Fn::BitAnd, Fn::BitAnd64},
    {DML_OPERATOR_ELEMENT_WISE_BIT_OR, Family::Bitwise, Fn::BitOr, Fn::BitOr64},
    {DML_OPERATOR_ELEMENT_WISE_BIT_XOR, Family::Bitwise, Fn::BitXor, Fn::BitXor64},
    {DML_OPERATOR_ELEMENT_WISE_BIT_NOT, Family::Bitwise, Fn::BitNot, Fn::BitNot64},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, Family::Bitwise, Fn::ShiftLeft, Fn::ShiftLeft64},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT, Family::Bitwise, Fn::ShiftRight, Fn::ShiftRight64},
    {DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, Family::BitCount, Fn::BitCount, Fn::BitCount64},
    {DML_OPERATOR_ELEMENT_WISE_IF, Family::If, Fn::Select, Fn::Select64},
    {DML_OPERATOR_CAST, Family::Cast, Fn::None, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ABS, Family::Unary, Fn::Abs, Fn::Abs64},
    {DML_OPERATOR_ELEMENT_WISE_NEGATE, Family::Unary, Fn::Negate, Fn::Negate64},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, Family::Unary, Fn::Sign, Fn::Sign64},
    {DML_OPERATOR_ELEMENT_WISE_CEIL, Family::Unary, Fn::Ceil, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_FLOOR, Family::Unary, Fn::Floor, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_RECIP, Family::Unary, Fn::Recip, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_SQRT, Family::Unary, Fn::Sqrt, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_EXP, Family::Unary, Fn::Exp, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_LOG, Family::Unary, Fn::Log, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_SIN, Family::Unary, Fn::Sin, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_COS, Family::Unary, Fn::Cos, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_TAN, Family::Unary, Fn::Tan, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ASIN, Family::Unary, Fn::Asin, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ACOS, Family::Unary, Fn::Acos, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ATAN, Family::Unary, Fn::Atan, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_SINH, Family::Unary, Fn::Sinh, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_COSH, Family::Unary, Fn::Cosh, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_TANH, Family::Unary, Fn::Tanh, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ASINH, Family::Unary, Fn::Asinh, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ACOSH, Family::Unary, Fn::Acosh, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ATANH, Family::Unary, Fn::Atanh, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ERF, Family::Unary, Fn::Erf, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, Family::ConstantPow, Fn::Pow, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_POW, Family::Pow, Fn::Pow, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ATAN_YX, Family::Arithmetic, Fn::Atan2, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ROUND, Family::Round, Fn::Round, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_IS_NAN, Family::IsNan, Fn::IsNan, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, Family::IsInfinity, Fn::IsInfinity, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_THRESHOLD, Family::Threshold, Fn::Max, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_CLIP, Family::Clip, Fn::Max, Fn::Max64},
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, Family::QuantizeLinear, Fn::Quantize, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, Family::DequantizeLinear, Fn::Dequantize, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, Family::QuantizedAdd, Fn::Quantize, Fn::None},
    {DML_OPERATOR_QUANTIZE, Family::QuantizeLinear, Fn::Quantize, Fn::None},  // [scale] or [scale, zero point]
    {DML_OPERATOR_DEQUANTIZE, Family::DequantizeLinear, Fn::Dequantize, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_CLIP1, Family::Clip1, Fn::Max, Fn::Max64},
    {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, Family::ClipGrad, Fn::ClipGradPass, Fn::ClipGradPass64},
    {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, Family::ClipGrad, Fn::ClipGradPass, Fn::ClipGradPass64},
    {DML_OPERATOR_ACTIVATION_RELU_GRAD, Family::ReluGrad, Fn::Greater, Fn::None},
    {DML_OPERATOR_ELEMENT_WISE_ADD1, Family::Add1, Fn::Add, Fn::None},
};

const GeneralForm* findForm(DML_OPERATOR_TYPE type) {
    for (const GeneralForm& form : kForms)
        if (form.type == type) return &form;
    return nullptr;
}

bool is64(ScalarType t) { return kernel::scalarTypeBits(t) == 64; }

// The function's form for a FLOAT16 result, where the library has one (glsl/vkdml_half_forms.glsl and
// vkdml_half_trig_pow.glsl: the same FLOAT16 bound from plain fp32 arithmetic); Fn::None elsewhere.
Fn halfForm(Fn fn) {
    switch (fn) {
        case Fn::Exp: return Fn::ExpHalf;
        case Fn::Log: return Fn::LogHalf;
        case Fn::Erf: return Fn::ErfHalf;
        case Fn::Tanh: return Fn::TanhHalf;
        case Fn::Sin: return Fn::SinHalf;
        case Fn::Cos: return Fn::CosHalf;
        case Fn::Tan: return Fn::TanHalf;
        case Fn::Pow: return Fn::PowHalf;
        case Fn::Atan: return Fn::AtanHalf;
        case Fn::Atan2: return Fn::Atan2Half;
        default: return Fn::None;
    }
}

// The unsigned type of the same width: bitwise operators and IF move raw encodings.
ScalarType rawType(ScalarType t) {
    switch (kernel::scalarTypeBits(t)) {
        case 4: return ScalarType::UInt4;
        case 8: return ScalarType::UInt8;
        case 16: return ScalarType::UInt16;
        case 32: return ScalarType::UInt32;
        default: return ScalarType::UInt64;
    }
}

void requireCapabilities(const kernel::ElementwiseProgram& program, const OperatorInfo& info,
                         const KernelTarget& target) {
    for (uint32_t t = 0; t < program.tensorCount(); ++t) {
        const ScalarType type = program.tensorType(t);
        if ((type == ScalarType::Int64 || type == ScalarType::UInt64) && !target.int64)
            fail(E_NOTIMPL, info.name() + " on " + kernel::scalarTypeName(type) + " tensors needs shaderInt64, which " +
                                target.deviceName + " does not have");
        if (type == ScalarType::Float64 && !(target.float64 && target.int64))
            fail(E_NOTIMPL, info.name() + " on float64 tensors needs shaderFloat64 and shaderInt64, which " +
                                target.deviceName + " does not have both");
    }
}

uint32_t intConstant(kernel::ElementwiseProgram& p, int64_t value, ScalarType type) {
    return p.constant(static_cast<uint64_t>(value) & 0xffffffffu, type);
}

// CAST's conversions (docs/SEMANTICS.md): float -> integer truncates toward zero, saturates and maps NaN to 0;
// float -> float and integer -> float round to nearest even, once; integer -> integer keeps the low bits.
uint32_t castValue(kernel::ElementwiseProgram& p, uint32_t x, ScalarType from, ScalarType to) {
    using kernel::isFloatType;
    using kernel::isSignedIntegerType;
    using kernel::scalarTypeBits;
    if (from == to) return x;
    const bool fromFloat = isFloatType(from), toFloat = isFloatType(to);
    if (fromFloat && !toFloat) {
        const bool fromDouble = from == ScalarType::Float64;
        if (is64(to)) {
            const bool toSigned = to == ScalarType::Int64;
            if (fromDouble) return p.call(toSigned ? Fn::CastToInt64 : Fn::CastToUint64, to, {x});
            return p.call(toSigned ? Fn::CastFloatToInt64 : Fn::CastFloatToUint64, to, {x});
        }
        const uint32_t bits = scalarTypeBits(to);
        if (isSignedIntegerType(to)) {
            const int64_t hi = (int64_t(1) << (bits - 1)) - 1;
            const uint32_t lo = intConstant(p, -hi - 1, ScalarType::Int32), top = intConstant(p, hi, ScalarType::Int32);
            return p.call(fromDouble ? Fn::CastDoubleToInt : Fn::CastFloatToInt, to, {x, lo, top});
        }
        const uint32_t top = intConstant(p, (int64_t(1) << bits) - 1, ScalarType::UInt32);
        return p.call(fromDouble ? Fn::CastDoubleToUint : Fn::CastFloatToUint, to, {x, top});
    }
    if (fromFloat && toFloat) {
        if (from == ScalarType::Float64 && to == ScalarType::Float16)
            return p.call(Fn::CastDoubleToFloatOdd, ScalarType::Float16, {x});  // rounded to half when stored
        return p.cast(x, to);
    }
    if (toFloat && is64(from) && to != ScalarType::Float64)
        return p.call(Fn::CastInt64ToFloat, to, {x});
    return p.cast(x, to);  // integer -> float (one rounding), integer -> integer (low bits)
}

uint32_t floatBits(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
}

// A FLOAT attribute for a tensor of `type`: its bits for floats; for integers the value truncated toward zero and
// saturated to the type (CLIP's documented conversion; THRESHOLD's Min alike), NaN as 0.
uint32_t attributeWord(float value, ScalarType type) {
    if (kernel::isFloatType(type)) return floatBits(value);
    const uint32_t bits = kernel::scalarTypeBits(type);
    const bool isSigned = kernel::isSignedIntegerType(type);
    const double lo = isSigned ? -std::ldexp(1.0, int(bits) - 1) : 0.0;
    const double hi = isSigned ? std::ldexp(1.0, int(bits) - 1) - 1 : std::ldexp(1.0, int(bits)) - 1;
    const double v = std::isnan(value) ? 0.0 : std::min(std::max(std::trunc(double(value)), lo), hi);
    return isSigned ? static_cast<uint32_t>(static_cast<int32_t>(v)) : static_cast<uint32_t>(v);
}

// The program's next attribute: `word` in the attribute words, read as `type`.
uint32_t addAttribute(GeneralLowering& lowered, uint32_t word, ScalarType type) {
    lowered.attributes.push_back(word);
    return lowered.program.attribute(static_cast<uint32_t>(lowered.attributes.size() - 1), type);
}

// x * Scale + Bias (rounded once) where the desc's ScaleBias is not the identity; floats only (integer tensors with
// a scale or bias are refused when the desc is read). A zero Bias with a normal Scale, or Scale 1 with a normal Bias,
// takes the cheap form of the same value (Fn::Scale, Fn::Shift); such a program is right for every ScaleBias of its
// form, and the attribute words still carry the values.
uint32_t applyScaleBias(GeneralLowering& lowered, const OperatorInfo& info, uint32_t x, ScalarType type) {
    const Attribute* scaleField = info.attributes.find("ScaleBias.Scale");
    const Attribute* biasField = info.attributes.find("ScaleBias.Bias");
    if (!info.hasScaleBias || !scaleField || !biasField || !kernel::isFloatType(type)) return x;
    const float s = scaleField->value, b = biasField->value;
    if (s == 1.0f && b == 0.0f) return x;
    if (s == 1.0f && std::isnormal(b))
        return lowered.program.call(Fn::Shift, type, {x, addAttribute(lowered, floatBits(b), type)});
    const uint32_t scale = addAttribute(lowered, floatBits(s), type);
    const uint32_t bias = addAttribute(lowered, floatBits(b), type);
    return lowered.program.call(b == 0.0f && std::isnormal(s) ? Fn::Scale : Fn::Linear, type, {x, scale, bias});
}

// The computed type of an integer value (int for signed types, uint for unsigned ones) as Int32 or UInt32.
ScalarType wideType(ScalarType t) { return kernel::isSignedIntegerType(t) ? ScalarType::Int32 : ScalarType::UInt32; }

// An integer type's range, its bounds as 64-bit two's-complement patterns.
struct IntRange {
    int64_t lo;
    uint64_t hi;  // the type's range: [lo, hi] (as signed or unsigned values)
};
IntRange typeRange(ScalarType type) {
    const uint32_t bits = kernel::scalarTypeBits(type);
    if (kernel::isSignedIntegerType(type))
        return {bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1)),
                bits == 64 ? uint64_t(INT64_MAX) : (uint64_t(1) << (bits - 1)) - 1};
    return {0, bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1};
}

// round(x / scale) + zeroPoint saturated to the 8- or 4-bit `out` type (QUANTIZE_LINEAR, QUANTIZED_LINEAR_ADD). `x` is
// float or int, `scale` float; `zeroPoint` of `out`'s computed type, or ~0u for none (0).
uint32_t quantizeValue(kernel::ElementwiseProgram& p, uint32_t x, uint32_t scale, uint32_t zeroPoint, ScalarType out) {
    const uint32_t zp = zeroPoint == ~0u ? intConstant(p, 0, ScalarType::Int32)
                        : p.ops[zeroPoint].type == ScalarType::Int32 ? zeroPoint
                                                                     : p.cast(zeroPoint, ScalarType::Int32);
    const uint32_t q = p.call(Fn::Quantize, ScalarType::Int32, {x, scale, zp});
    const IntRange range = typeRange(out);  // INT8 -128..127, UINT8 0..255, INT4 -8..7, UINT4 0..15
    const uint32_t lo = intConstant(p, range.lo, ScalarType::Int32);
    const uint32_t hi = intConstant(p, int64_t(range.hi), ScalarType::Int32);
    const uint32_t r = p.call(Fn::Min, ScalarType::Int32, {p.call(Fn::Max, ScalarType::Int32, {q, lo}), hi});
    return p.cast(r, out);
}

// (x - zeroPoint) * scale (DEQUANTIZE_LINEAR, QUANTIZED_LINEAR_ADD): `x` and `zeroPoint` (~0u: none) of one integer
// type, read as int or uint; the result as float.
uint32_t dequantizeValue(kernel::ElementwiseProgram& p, uint32_t x, uint32_t scale, uint32_t zeroPoint) {
    const ScalarType wide = wideType(p.ops[x].type);
    const uint32_t xw = p.ops[x].type == wide ? x : p.cast(x, wide);
    const uint32_t zp = zeroPoint == ~0u ? p.constant(0, wide)
                        : p.ops[zeroPoint].type == wide ? zeroPoint
                                                        : p.cast(zeroPoint, wide);
    return p.call(Fn::Dequantize, ScalarType::Float32, {xw, zp, scale});
}

// ---- bounds of CLIP, CLIP1, CLIP_GRAD, CLIP_GRAD1 ---------------------------------------------------------------------

// A DML_SCALAR_UNION's value for an integer tensor of `type`: the low bits, sign-extended for signed types (as a
// 128-bit value so that both INT64 and UINT64 fit).
__extension__ typedef __int128 Int128;
Int128 scalarInteger(uint64_t raw, ScalarType type) {
    const uint32_t bits = kernel::scalarTypeBits(type);
    const uint64_t masked = bits == 64 ? raw : raw & ((uint64_t(1) << bits) - 1);
    if (!kernel::isSignedIntegerType(type)) return Int128(masked);
    const uint64_t sign = uint64_t(1) << (bits - 1);
    return Int128(int64_t((masked ^ sign) - sign));
}

// The program value of an integer bound `v` (within the type's range), as an attribute of the tensors' type: one
// word for 8- to 32-bit types, two words joined in the kernel for 64-bit ones.
uint32_t intBound(GeneralLowering& lowered, Int128 v, ScalarType type) {
    const uint64_t bits = static_cast<uint64_t>(v);
    if (!is64(type)) return addAttribute(lowered, static_cast<uint32_t>(bits), type);
    const uint32_t lo = addAttribute(lowered, static_cast<uint32_t>(bits), ScalarType::UInt32);
    const uint32_t hi = addAttribute(lowered, static_cast<uint32_t>(bits >> 32), ScalarType::UInt32);
    return lowered.program.call(type == ScalarType::Int64 ? Fn::PackInt64 : Fn::PackUint64, type, {lo, hi});
}

Int128 clampToType(Int128 v, ScalarType type) {
    const IntRange r = typeRange(type);
    const Int128 lo = r.lo, hi = Int128(r.hi);
    return v < lo ? lo : v > hi ? hi : v;
}

// A FLOAT as a real number -> the integer trunc/floor/ceil of it as a 128-bit value (NaN: 0; beyond 2^100 the value
// is past every 64-bit type anyway).
enum class Rounding { Trunc, Floor, Ceil };
Int128 floatToInt(float value, Rounding rounding) {
    if (std::isnan(value)) return 0;
    double v = double(value);
    v = rounding == Rounding::Trunc ? std::trunc(v) : rounding == Rounding::Floor ? std::floor(v) : std::ceil(v);
    if (v > 0x1p100) return Int128(1) << 100;
    if (v < -0x1p100) return -(Int128(1) << 100);
    return Int128(v);
}

// The float bound of a DML_SCALAR_UNION for a FLOAT32 or FLOAT16 tensor, as FLOAT32 bits (FLOAT16: the half in the
// low 2 bytes, widened exactly).
uint32_t scalarFloatBits(uint64_t raw, ScalarType type) {
    if (type == ScalarType::Float32) return static_cast<uint32_t>(raw);
    const uint32_t h = static_cast<uint32_t>(raw & 0xffff);
    const uint32_t sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 31, mantissa = h & 1023;
    if (exponent == 31) return sign | 0x7f800000u | (mantissa << 13);
    if (exponent != 0) return sign | ((exponent + 112) << 23) | (mantissa << 13);
    if (mantissa == 0) return sign;
    const float value = std::ldexp(float(mantissa), -24);  // a subnormal half: exact in FLOAT32
    return sign | floatBits(value);
}

// CLIP_GRAD's integer pass range: the integers strictly between Min and Max, clamped to the type; empty (lo > hi)
// when there are none. A NaN bound excludes nothing.
void clipGradRange(Int128 below, Int128 above, bool belowNone, bool aboveNone, ScalarType type, Int128& lo,
                   Int128& hi) {
    const IntRange r = typeRange(type);
    lo = belowNone ? Int128(r.lo) : below + 1;
    hi = aboveNone ? Int128(r.hi) : above - 1;
    if (lo > hi || lo > Int128(r.hi) || hi < Int128(r.lo)) {
        lo = Int128(r.hi), hi = Int128(r.lo);  // empty
        return;
    }
    lo = clampToType(lo, type), hi = clampToType(hi, type);
}

}  // namespace

bool isGeneralOperator(DML_OPERATOR_TYPE type) { return findForm(type) != nullptr; }

GeneralLowering lowerGeneral(const OperatorInfo& info, const KernelTarget& target) {
    const GeneralForm* form = findForm(info.schema->type);
    if (!form) fail(E_FAIL, "internal: " + info.name() + " has no general kernel");
    GeneralLowering lowered;
    kernel::ElementwiseProgram& p = lowered.program;
    p.label = info.schema->kernel;
    for (const TensorLayout& t : info.inputs) p.inputs.push_back(scalarType(t.dataType));
    p.outputs.push_back(scalarType(info.outputs[0].dataType));
    requireCapabilities(p, info, target);

    const ScalarType in = p.inputs.back();  // IF: A/B's type (the condition comes first)
    const ScalarType out = p.outputs[0];
    const Fn fn = is64(in) ? form->fn64 : form->fn;
    switch (form->family) {
        case Family::Arithmetic:
        case Family::Logical: {
            const uint32_t a = p.input(0);
            const Fn half = fn == Fn::Atan2 && out == ScalarType::Float16 ? halfForm(fn) : Fn::None;
            if (half != Fn::None) p.label += "_half";
            const Fn called = half != Fn::None ? half : fn;
            const uint32_t r = p.inputs.size() > 1 ? p.call(called, out, {a, p.input(1)}) : p.call(called, out, {a});
            p.store(0, r);
            break;
        }
        case Family::Compare: {
            const uint32_t r = p.call(fn, ScalarType::UInt32, {p.input(0), p.input(1)});
            p.store(0, out == ScalarType::UInt32 ? r : p.cast(r, out));
            break;
        }
        case Family::Bitwise:
        case Family::BitCount:
        case Family::If: {
            // Raw encodings: every float or signed tensor is read and written as the unsigned type of its width.
            for (ScalarType& t : p.inputs)
                if (!(form->family == Family::If && &t == &p.inputs[0])) t = rawType(t);
            if (form->family != Family::BitCount) p.outputs[0] = rawType(out);
            const ScalarType value = p.outputs[0];
            uint32_t r;
            if (form->family == Family::If)
                r = p.call(fn, value, {p.input(0), p.input(1), p.input(2)});
            else if (form->family == Family::BitCount)
                r = p.call(fn, ScalarType::UInt32, {p.input(0)});
            else
                r = p.inputs.size() > 1 ? p.call(fn, value, {p.input(0), p.input(1)}) : p.call(fn, value, {p.input(0)});
            p.store(0, form->family == Family::BitCount && value != ScalarType::UInt32 ? p.cast(r, value) : r);
            p.label += std::string("_") + kernel::scalarTypeName(p.inputs.back());
            break;
        }
        case Family::Cast:
            p.store(0, castValue(p, p.input(0), in, out));
            p.label += std::string("_from_") + kernel::scalarTypeName(in);
            break;
        case Family::Unary:
        case Family::Round:
        case Family::Threshold:
        case Family::Clip: {
            if (fn == Fn::None)
                fail(E_NOTIMPL, info.name() + " on " + kernel::scalarTypeName(in) + " tensors is not implemented yet");
            const uint32_t x = applyScaleBias(lowered, info, p.input(0), in);
            uint32_t r;
            if (form->family == Family::Unary) {
                const Fn half = out == ScalarType::Float16 ? halfForm(fn) : Fn::None;
                if (half != Fn::None) p.label += "_half";
                r = p.call(half != Fn::None ? half : fn, out, {x});
            } else if (form->family == Family::Round) {
                r = p.call(fn, out, {x, addAttribute(lowered, info.attributes.enumAt(0), ScalarType::UInt32)});
            } else if (is64(in)) {
                // CLIP on INT64/UINT64: the FLOAT bounds truncated toward zero and saturated to the type, exact.
                const uint32_t lo = intBound(lowered, clampToType(floatToInt(info.attributes.floatAt(2), Rounding::Trunc), in), in);
                const uint32_t hi = intBound(lowered, clampToType(floatToInt(info.attributes.floatAt(3), Rounding::Trunc), in), in);
                r = p.call(Fn::Min64, out, {p.call(Fn::Max64, out, {x, lo}), hi});
            } else {
                // THRESHOLD: max(x, Min); CLIP: min(max(x, Min), Max) (a NaN x gives the bound, D3D's rule).
                const uint32_t lo = addAttribute(lowered, attributeWord(info.attributes.floatAt(2), in), in);
                r = p.call(Fn::Max, out, {x, lo});
                if (form->family == Family::Clip)
                    r = p.call(Fn::Min, out, {r, addAttribute(lowered, attributeWord(info.attributes.floatAt(3), in), in)});
            }
            p.store(0, r);
            break;
        }
        case Family::QuantizeLinear:
        case Family::DequantizeLinear: {
            // Inputs: InputTensor, ScaleTensor, then ZeroPointTensor when the desc has one (QUANTIZE, DEQUANTIZE:
            // InputTensor, then QuantizationTensors [scale] or [scale, zero point]).
            const uint32_t x = p.input(0), scale = p.input(1);
            const uint32_t zp = info.slotInput(2) ? p.input(2) : ~0u;
            const ScalarType scaleType = p.inputs[1];
            if (form->family == Family::QuantizeLinear) {
                p.store(0, quantizeValue(p, x, scale, zp, out));
                p.label += std::string("_") + kernel::scalarTypeName(p.inputs[0]);
            } else {
                const uint32_t r = dequantizeValue(p, x, scale, zp);
                p.store(0, out == ScalarType::Float32 ? r : p.cast(r, out));
                p.label += std::string("_") + kernel::scalarTypeName(p.inputs[0]);
            }
            if (scaleType == ScalarType::Float16) p.label += "_f16scale";
            if (!info.slotInput(2)) p.label += "_nozp";
            break;
        }
        case Family::QuantizedAdd: {
            // Slots: A, AScale, AZeroPoint?, B, BScale, BZeroPoint?, OutputScale, OutputZeroPoint?. The dequantized
            // values and their sum in FLOAT32 (each rounded once), the requantization exact.
            auto slot = [&](uint32_t s) -> uint32_t {
                const int32_t i = info.inputSlots.empty() ? int32_t(s) : info.inputSlots[s];
                return i < 0 ? ~0u : p.input(static_cast<uint32_t>(i));
            };
            const uint32_t a = dequantizeValue(p, slot(0), slot(1), slot(2));
            const uint32_t b = dequantizeValue(p, slot(3), slot(4), slot(5));
            const uint32_t sum = p.call(Fn::Add, ScalarType::Float32, {a, b});
            p.store(0, quantizeValue(p, sum, slot(6), slot(7), out));
            p.label += std::string("_") + kernel::scalarTypeName(p.inputs[0]);
            if (info.inputs.size() < 8) p.label += "_" + std::to_string(8 - info.inputs.size()) + "nozp";
            break;
        }
        case Family::ConstantPow: {
            const uint32_t x = applyScaleBias(lowered, info, p.input(0), in);
            const Fn half = out == ScalarType::Float16 ? halfForm(fn) : Fn::None;
            if (half != Fn::None) p.label += "_half";
            p.store(0, p.call(half != Fn::None ? half : fn, out,
                              {x, addAttribute(lowered, floatBits(info.attributes.floatAt(2)), in)}));
            break;
        }
        case Family::Pow: {
            // ScaleBias on the base (floats only); the exponent's type is its own.
            const ScalarType base = p.inputs[0], exponent = p.inputs[1];
            const uint32_t x = applyScaleBias(lowered, info, p.input(0), base);
            const uint32_t e = p.input(1);
            uint32_t r;
            if (kernel::isFloatType(base) && kernel::isFloatType(exponent)) {
                const bool half = out == ScalarType::Float16;
                if (half) p.label += "_half";
                r = p.call(half ? Fn::PowHalf : Fn::Pow, out, {x, e});
            } else if (kernel::isFloatType(base)) {
                r = p.call(Fn::PowN, out, {x, e});
            } else if (kernel::isFloatType(exponent)) {
                // Computed in FLOAT32, then converted like CAST (truncated toward zero, saturated, NaN -> 0).
                const uint32_t xf = p.cast(x, ScalarType::Float32);
                const uint32_t ef = exponent == ScalarType::Float32 ? e : p.cast(e, ScalarType::Float32);
                r = castValue(p, p.call(Fn::Pow, ScalarType::Float32, {xf, ef}), ScalarType::Float32, out);
            } else {
                r = p.call(Fn::IntPow, out, {x, e});
            }
            p.store(0, r);
            p.label += std::string("_") + kernel::scalarTypeName(exponent);
            break;
        }
        case Family::Clip1: {
            // max(Min, min(x, Max)): with Min > Max the result is Min; a NaN x gives the bound (D3D's rule).
            const uint32_t x = applyScaleBias(lowered, info, p.input(0), in);
            uint32_t lo, hi;
            if (kernel::isFloatType(in)) {
                lo = addAttribute(lowered, scalarFloatBits(info.attributes.scalarAt(0), in), in);
                hi = addAttribute(lowered, scalarFloatBits(info.attributes.scalarAt(1), in), in);
            } else {
                lo = intBound(lowered, scalarInteger(info.attributes.scalarAt(0), in), in);
                hi = intBound(lowered, scalarInteger(info.attributes.scalarAt(1), in), in);
            }
            const Fn mn = is64(in) ? Fn::Min64 : Fn::Min, mx = is64(in) ? Fn::Max64 : Fn::Max;
            p.store(0, p.call(mx, out, {p.call(mn, out, {x, hi}), lo}));
            break;
        }
        case Family::ClipGrad: {
            const bool union1 = info.schema->type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1;
            uint32_t lo, hi;
            if (kernel::isFloatType(in)) {
                // Compared in FLOAT32 with the FLOAT bound itself (FLOAT16 x widens exactly).
                lo = addAttribute(lowered, union1 ? scalarFloatBits(info.attributes.scalarAt(0), in) : floatBits(info.attributes.floatAt(0)), in);
                hi = addAttribute(lowered, union1 ? scalarFloatBits(info.attributes.scalarAt(1), in) : floatBits(info.attributes.floatAt(1)), in);
            } else {
                Int128 a, b;
                if (union1) {
                    clipGradRange(scalarInteger(info.attributes.scalarAt(0), in), scalarInteger(info.attributes.scalarAt(1), in), false, false,
                                  in, a, b);
                } else {  // x <= Min <=> x <= floor(Min); x >= Max <=> x >= ceil(Max) (x an integer)
                    clipGradRange(floatToInt(info.attributes.floatAt(0), Rounding::Floor), floatToInt(info.attributes.floatAt(1), Rounding::Ceil),
                                  std::isnan(info.attributes.floatAt(0)), std::isnan(info.attributes.floatAt(1)), in, a, b);
                }
                lo = intBound(lowered, a, in);
                hi = intBound(lowered, b, in);
            }
            const uint32_t pass = p.call(fn, ScalarType::UInt32, {p.input(0), lo, hi});
            p.store(0, p.call(is64(in) ? Fn::Select64 : Fn::Select, out, {pass, p.input(1), p.constant(0, out)}));
            break;
        }
        case Family::ReluGrad: {
            const uint32_t zero = p.constant(0, in);
            const uint32_t pass = p.call(Fn::Greater, ScalarType::UInt32, {p.input(0), zero});
            p.store(0, p.call(Fn::Select, out, {pass, p.input(1), zero}));
            break;
        }
        case Family::Add1: {
            uint32_t r = p.call(Fn::Add, out, {p.input(0), p.input(1)});
            if (info.fused.type != DML_OPERATOR_INVALID) {
                Fn activation;
                uint32_t count;
                if (!activationFunction(info.fused.type, activation, count))
                    fail(E_FAIL, "internal: fused activation " + std::to_string(info.fused.type) + " has no function");
                if (activation == Fn::None) {
                    // ACTIVATION_IDENTITY: the sum itself
                } else if (count == 0) {
                    r = p.call(activation, out, {r});
                } else {
                    const uint32_t a0 = addAttribute(lowered, floatBits(info.fused.attributes.floatAt(0)), ScalarType::Float32);
                    r = count == 1 ? p.call(activation, out, {r, a0})
                                   : p.call(activation, out,
                                            {r, a0, addAttribute(lowered, floatBits(info.fused.attributes.floatAt(1)),
                                                                 ScalarType::Float32)});
                }
                p.label += std::string("_") + operatorName(info.fused.type);
            }
            p.store(0, r);
            break;
        }
        case Family::IsNan:
        case Family::IsInfinity: {
            const uint32_t x = p.input(0);
            const uint32_t r = form->family == Family::IsNan
                                   ? p.call(fn, ScalarType::UInt32, {x})
                                   : p.call(fn, ScalarType::UInt32,
                                            {x, addAttribute(lowered, info.attributes.enumAt(0), ScalarType::UInt32)});
            p.store(0, out == ScalarType::UInt32 ? r : p.cast(r, out));
            break;
        }
    }
    // The double forms where the activation kernels use them too (CPU devices with shaderFloat64): a graph that
    // fuses this operator with an activation computes with the same functions as this kernel on its own.
    for (const kernel::Op& op : p.ops)
        if (op.code == kernel::OpCode::Call && target.float64Math && kernel::fnInfo(op.fn).hasDoubleForm)
            p.float64Math = true;
    useDriverArithmetic(p, target);
    return lowered;
}

std::optional<GeneralLowering> lowerAsGeneral(const OperatorInfo& info, const KernelTarget& target) {
    if (isGeneralOperator(info.schema->type)) return lowerGeneral(info, target);
    // The strided walk's lowering: the plain library forms (the naive baselines belong to vkdml-bench).
    LoweredKernel lowered = lowerElementwise(info, target, kernel::Walk::Strided);
    if (lowered.in2Base != 0 || lowered.flags != 0 || lowered.program.int64Math) return std::nullopt;
    for (const kernel::Op& op : lowered.program.ops)
        if (op.code == kernel::OpCode::Call && !kernel::isFloatType(op.type)) return std::nullopt;
    GeneralLowering general;
    general.program = std::move(lowered.program);
    general.program.storage16 = false;
    general.attributes = {lowered.p0Bits, lowered.p1Bits};
    general.attributes.resize(general.program.attributeCount());
    return general;
}

}  // namespace vkdml::elementwise
