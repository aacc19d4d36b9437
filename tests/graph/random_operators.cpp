#include "random_operators.h"

#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "data_type_names.h"
#include "family_runner.h"

namespace vkdml::test {

namespace {

using namespace data_type_names;

#define OP(name, signature) {DML_OPERATOR_##name, Signature::signature, #name, false}
#define OPSB(name, signature) {DML_OPERATOR_##name, Signature::signature, #name, true}

const std::vector<RandomOperator> kOperators = {
    OPSB(ELEMENT_WISE_IDENTITY, Unary), OPSB(ELEMENT_WISE_ABS, Unary), OPSB(ELEMENT_WISE_ACOS, Unary),
    OPSB(ELEMENT_WISE_ACOSH, Unary), OPSB(ELEMENT_WISE_ASIN, Unary), OPSB(ELEMENT_WISE_ASINH, Unary),
    OPSB(ELEMENT_WISE_ATAN, Unary), OPSB(ELEMENT_WISE_ATANH, Unary), OPSB(ELEMENT_WISE_CEIL, Unary),
    OPSB(ELEMENT_WISE_COS, Unary), OPSB(ELEMENT_WISE_COSH, Unary), OPSB(ELEMENT_WISE_ERF, Unary),
    OPSB(ELEMENT_WISE_EXP, Unary), OPSB(ELEMENT_WISE_FLOOR, Unary), OPSB(ELEMENT_WISE_LOG, Unary),
    OPSB(ELEMENT_WISE_RECIP, Unary), OPSB(ELEMENT_WISE_SIN, Unary), OPSB(ELEMENT_WISE_SINH, Unary),
    OPSB(ELEMENT_WISE_SQRT, Unary), OPSB(ELEMENT_WISE_TAN, Unary), OPSB(ELEMENT_WISE_TANH, Unary),
    OP(ELEMENT_WISE_NEGATE, Unary), OP(ELEMENT_WISE_SIGN, Unary), OP(ELEMENT_WISE_BIT_NOT, Unary),
    OP(ELEMENT_WISE_LOGICAL_NOT, Unary), OPSB(ELEMENT_WISE_CONSTANT_POW, Unary), OPSB(ELEMENT_WISE_THRESHOLD, Unary),
    OPSB(ELEMENT_WISE_CLIP, Unary), OPSB(ELEMENT_WISE_CLIP1, Unary), OP(ELEMENT_WISE_ROUND, Unary),
    OP(ACTIVATION_ELU, Unary), OP(ACTIVATION_HARD_SIGMOID, Unary), OP(ACTIVATION_LEAKY_RELU, Unary),
    OP(ACTIVATION_LINEAR, Unary), OP(ACTIVATION_PARAMETRIC_SOFTPLUS, Unary), OP(ACTIVATION_RELU, Unary),
    OP(ACTIVATION_SCALED_ELU, Unary), OP(ACTIVATION_SCALED_TANH, Unary), OP(ACTIVATION_SIGMOID, Unary),
    OP(ACTIVATION_SOFTPLUS, Unary), OP(ACTIVATION_SOFTSIGN, Unary), OP(ACTIVATION_TANH, Unary),
    OP(ACTIVATION_THRESHOLDED_RELU, Unary), OP(ACTIVATION_SHRINK, Unary), OP(ACTIVATION_CELU, Unary),
    OP(ACTIVATION_GELU, Unary), OP(ACTIVATION_HARD_SWISH, Unary), OP(ACTIVATION_SWISH, Unary),
    OP(ACTIVATION_PARAMETERIZED_RELU, Binary), OP(ELEMENT_WISE_ADD, Binary), OP(ELEMENT_WISE_ADD1, Binary),
    OP(ELEMENT_WISE_SUBTRACT, Binary), OP(ELEMENT_WISE_MULTIPLY, Binary), OP(ELEMENT_WISE_DIVIDE, Binary),
    OP(ELEMENT_WISE_MAX, Binary), OP(ELEMENT_WISE_MIN, Binary), OP(ELEMENT_WISE_MEAN, Binary),
    OPSB(ELEMENT_WISE_POW, Binary), OP(ELEMENT_WISE_ATAN_YX, Binary), OP(ELEMENT_WISE_DIFFERENCE_SQUARE, Binary),
    OP(ELEMENT_WISE_MODULUS_TRUNCATE, Binary), OP(ELEMENT_WISE_MODULUS_FLOOR, Binary),
    OP(ELEMENT_WISE_LOGICAL_AND, Binary), OP(ELEMENT_WISE_LOGICAL_OR, Binary), OP(ELEMENT_WISE_LOGICAL_XOR, Binary),
    OP(ELEMENT_WISE_BIT_AND, Binary), OP(ELEMENT_WISE_BIT_OR, Binary), OP(ELEMENT_WISE_BIT_XOR, Binary),
    OP(ELEMENT_WISE_BIT_SHIFT_LEFT, Binary), OP(ELEMENT_WISE_BIT_SHIFT_RIGHT, Binary),
    OP(ELEMENT_WISE_LOGICAL_EQUALS, Compare), OP(ELEMENT_WISE_LOGICAL_GREATER_THAN, Compare),
    OP(ELEMENT_WISE_LOGICAL_LESS_THAN, Compare), OP(ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, Compare),
    OP(ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, Compare), OP(ELEMENT_WISE_IS_NAN, Predicate),
    OP(ELEMENT_WISE_IS_INFINITY, Predicate), OP(ELEMENT_WISE_BIT_COUNT, Predicate), OP(ELEMENT_WISE_IF, Select),
    OP(CAST, Cast), OP(ELEMENT_WISE_CLIP_GRAD, Gradient), OP(ELEMENT_WISE_CLIP_GRAD1, Gradient),
    OP(ACTIVATION_RELU_GRAD, Gradient), OP(ELEMENT_WISE_QUANTIZE_LINEAR, Quantize), OP(QUANTIZE, Quantize),
    OP(ELEMENT_WISE_DEQUANTIZE_LINEAR, Dequantize), OP(DEQUANTIZE, Dequantize),
    OP(ELEMENT_WISE_QUANTIZED_LINEAR_ADD, QuantizedAdd), OP(ACTIVATION_SOFTMAX1, Rows),
    OP(ACTIVATION_LOG_SOFTMAX1, Rows), OP(ACTIVATION_HARDMAX1, Rows), OP(MEAN_VARIANCE_NORMALIZATION1, Rows),
    OP(LP_NORMALIZATION, Rows), OP(CUMULATIVE_SUMMATION, Rows), OP(CUMULATIVE_PRODUCT, Rows), OP(GEMM, MatMul),
    OP(LOCAL_RESPONSE_NORMALIZATION, Rows),
};

#undef OP
#undef OPSB

// Activations ADD1 may fuse, each with a {Input, Output, FLOAT[, FLOAT]} desc (mode 1..N picks one).
constexpr DML_OPERATOR_TYPE kFusable[] = {
    DML_OPERATOR_ACTIVATION_RELU,          DML_OPERATOR_ACTIVATION_LEAKY_RELU,  DML_OPERATOR_ACTIVATION_ELU,
    DML_OPERATOR_ACTIVATION_SIGMOID,       DML_OPERATOR_ACTIVATION_TANH,        DML_OPERATOR_ACTIVATION_LINEAR,
    DML_OPERATOR_ACTIVATION_SCALED_TANH,   DML_OPERATOR_ACTIVATION_SOFTPLUS,    DML_OPERATOR_ACTIVATION_HARD_SIGMOID,
    DML_OPERATOR_ACTIVATION_GELU,          DML_OPERATOR_ACTIVATION_CELU,        DML_OPERATOR_ACTIVATION_SHRINK,
    DML_OPERATOR_ACTIVATION_SCALED_ELU,    DML_OPERATOR_ACTIVATION_SOFTSIGN,    DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS};
constexpr uint32_t kFusableCount = sizeof(kFusable) / sizeof(kFusable[0]);

bool isFloat(Type type) { return isFloatType(type); }

// `value` as a DML_SCALAR_UNION of `type` (floats rounded to nearest, integers truncated and wrapped).
DML_SCALAR_UNION scalarOf(Type type, double value) {
    const uint64_t bits = isFloat(type) ? floatBits(type, value) : uint64_t(int64_t(value)) & typeMask(type);
    DML_SCALAR_UNION u{};
    std::memcpy(u.Bytes, &bits, elementBytes(type));
    return u;
}

template <class Desc, class... Rest>
HRESULT create(VkdmlDevice device, DML_OPERATOR_TYPE type, VkdmlOperator* out, Rest... fields) {
    Desc desc{fields...};
    DML_OPERATOR_DESC opDesc{type, &desc};
    return vkdmlCreateOperator(device, &opDesc, out);
}

using Tensors = std::vector<const DML_TENSOR_DESC*>;

HRESULT createUnary(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a, const Tensors& t,
                    VkdmlOperator* out) {
    const DML_SCALE_BIAS* sb = a.scaleBias ? &a.scaleBiasValue : nullptr;
    const DML_OPERATOR_TYPE type = op.type;
    switch (type) {
        case DML_OPERATOR_ELEMENT_WISE_NEGATE:
        case DML_OPERATOR_ELEMENT_WISE_SIGN:
        case DML_OPERATOR_ELEMENT_WISE_BIT_NOT:
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT:
            return create<DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC>(device, type, out, t[0], t[1]);
        case DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW:
            return create<DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC>(device, type, out, t[0], t[1], sb, a.a0);
        case DML_OPERATOR_ELEMENT_WISE_THRESHOLD:
            return create<DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC>(device, type, out, t[0], t[1], sb, a.a0);
        case DML_OPERATOR_ELEMENT_WISE_CLIP:
            return create<DML_ELEMENT_WISE_CLIP_OPERATOR_DESC>(device, type, out, t[0], t[1], sb, a.a0, a.a1);
        case DML_OPERATOR_ELEMENT_WISE_CLIP1: {
            const Type minMax = t[0]->Desc ? static_cast<const DML_BUFFER_TENSOR_DESC*>(t[0]->Desc)->DataType : F32;
            return create<DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC>(device, type, out, t[0], t[1], sb, minMax,
                                                                scalarOf(minMax, a.a0), scalarOf(minMax, a.a1));
        }
        case DML_OPERATOR_ELEMENT_WISE_ROUND:
            return create<DML_ELEMENT_WISE_ROUND_OPERATOR_DESC>(device, type, out, t[0], t[1],
                                                                static_cast<DML_ROUNDING_MODE>(a.mode));
        default:
            break;
    }
    if (op.scaleBias)
        return create<DML_ELEMENT_WISE_ABS_OPERATOR_DESC>(device, type, out, t[0], t[1], sb);  // {In, Out, ScaleBias}
    return create<TwoFloatActivationDesc>(device, type, out, t[0], t[1], a.a0, a.a1);
}

HRESULT createBinary(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a, const Tensors& t,
                     VkdmlOperator* out) {
    const DML_OPERATOR_TYPE type = op.type;
    if (type == DML_OPERATOR_ELEMENT_WISE_POW) {
        const DML_SCALE_BIAS* sb = a.scaleBias ? &a.scaleBiasValue : nullptr;
        return create<DML_ELEMENT_WISE_POW_OPERATOR_DESC>(device, type, out, t[0], t[1], t[2], sb);
    }
    if (type == DML_OPERATOR_ELEMENT_WISE_ADD1) {
        TwoFloatActivationDesc fused{nullptr, nullptr, a.a0, a.a1};
        DML_OPERATOR_DESC fusedDesc{a.mode ? kFusable[a.mode - 1] : DML_OPERATOR_INVALID, &fused};
        return create<DML_ELEMENT_WISE_ADD1_OPERATOR_DESC>(device, type, out, t[0], t[1], t[2],
                                                           a.mode ? &fusedDesc : nullptr);
    }
    if (type == DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU)
        return create<DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC>(device, type, out, t[0], t[1], t[2]);
    return createElementwiseOperator(device, type, t, out);
}

HRESULT createGradient(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a, const Tensors& t,
                       VkdmlOperator* out) {
    const DML_OPERATOR_TYPE type = op.type;
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD)
        return create<DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC>(device, type, out, t[0], t[1], t[2], a.a0, a.a1);
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1) {
        const Type minMax = static_cast<const DML_BUFFER_TENSOR_DESC*>(t[0]->Desc)->DataType;
        return create<DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC>(device, type, out, t[0], t[1], t[2], minMax,
                                                                 scalarOf(minMax, a.a0), scalarOf(minMax, a.a1));
    }
    return create<DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC>(device, type, out, t[0], t[1], t[2]);
}

// QUANTIZE_LINEAR, DEQUANTIZE_LINEAR {Input, Scale, ZeroPoint?, Output}; QUANTIZE, DEQUANTIZE (6_3) with the scale
// and zero point in QuantizationTensors.
HRESULT createQuantization(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a, const Tensors& t,
                           VkdmlOperator* out) {
    const DML_OPERATOR_TYPE type = op.type;
    const DML_TENSOR_DESC* zeroPoint = a.zeroPoints ? t[2] : nullptr;
    const DML_TENSOR_DESC* output = t.back();
    if (type == DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR)
        return create<DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC>(device, type, out, t[0], t[1], zeroPoint, output);
    if (type == DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR)
        return create<DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC>(device, type, out, t[0], t[1], zeroPoint,
                                                                        output);
    const DML_TENSOR_DESC parameters[2] = {*t[1], a.zeroPoints ? *t[2] : DML_TENSOR_DESC{}};
    const DML_QUANTIZATION_TYPE kind = a.zeroPoints ? DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT : DML_QUANTIZATION_TYPE_SCALE;
    const UINT count = a.zeroPoints ? 2 : 1;
    if (type == DML_OPERATOR_QUANTIZE)
        return create<DML_QUANTIZE_OPERATOR_DESC>(device, type, out, t[0], kind, count, parameters, output);
    return create<DML_DEQUANTIZE_OPERATOR_DESC>(device, type, out, t[0], kind, count, parameters, output);
}

HRESULT createQuantizedAdd(VkdmlDevice device, const RandomAttributes& a, const Tensors& t, VkdmlOperator* out) {
    // Present inputs: A, AScale, [AZero], B, BScale, [BZero], OutScale, [OutZero]; then the output.
    std::vector<const DML_TENSOR_DESC*> f;
    size_t next = 0;
    for (int field = 0; field < 8; ++field) {
        const bool zeroPoint = field == 2 || field == 5 || field == 7;
        f.push_back(zeroPoint && !a.zeroPoints ? nullptr : t[next++]);
    }
    return create<DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC>(
        device, DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, out, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7],
        t.back());
}

// The axes of `mask` (a bit per axis) among the tensor's dimensions; the innermost one when none is.
std::vector<UINT> axesOf(uint32_t mask, const DML_TENSOR_DESC* tensor) {
    const UINT rank = static_cast<const DML_BUFFER_TENSOR_DESC*>(tensor->Desc)->DimensionCount;
    std::vector<UINT> axes;
    for (UINT d = 0; d < rank; ++d)
        if ((mask >> d) & 1u) axes.push_back(d);
    if (axes.empty()) axes.push_back(rank - 1);
    return axes;
}

// Softmax family over the axes; MVN1 with scale and bias when `a.zeroPoints`; LP_NORMALIZATION along the first axis,
// P 1 or 2 by the mode; the scans along the first axis, DECREASING when the mode is odd, exclusive by the mask's top
// bit; LOCAL_RESPONSE_NORMALIZATION (4-D values only) across channels when the mode is odd, LocalSize 1-4 by the
// mask's low bits.
HRESULT createRows(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a, const Tensors& t,
                   VkdmlOperator* out) {
    const std::vector<UINT> axes = axesOf(a.axes, t[0]);
    const UINT count = static_cast<UINT>(axes.size());
    if (op.type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1)
        return create<DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC>(
            device, op.type, out, t[0], a.zeroPoints ? t[1] : nullptr, a.zeroPoints ? t[2] : nullptr, t.back(), count,
            axes.data(), BOOL(a.mode % 2 == 0), 1e-3f, static_cast<const DML_OPERATOR_DESC*>(nullptr));
    if (op.type == DML_OPERATOR_CUMULATIVE_SUMMATION || op.type == DML_OPERATOR_CUMULATIVE_PRODUCT)
        return create<DML_CUMULATIVE_SUMMATION_OPERATOR_DESC>(
            device, op.type, out, t[0], t.back(), axes[0],
            a.mode % 2 ? DML_AXIS_DIRECTION_DECREASING : DML_AXIS_DIRECTION_INCREASING, BOOL((a.axes >> 7) & 1u));
    if (op.type == DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION)
        return create<DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC>(device, op.type, out, t[0], t.back(),
                                                                      BOOL(a.mode % 2), UINT(1 + a.axes % 4), 0.5f,
                                                                      0.75f, 1.0f);
    if (op.type == DML_OPERATOR_LP_NORMALIZATION)
        return create<DML_LP_NORMALIZATION_OPERATOR_DESC>(device, op.type, out, t[0], t.back(), axes[0], 1e-4f,
                                                          UINT(1 + a.mode % 2));
    return create<DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC>(device, op.type, out, t[0], t.back(), count, axes.data());
}

// GEMM: B read transposed when `a.mode` is odd (the weight is square), Alpha from a0, maybe a fused RELU.
HRESULT createMatMul(VkdmlDevice device, const RandomAttributes& a, const Tensors& t, VkdmlOperator* out) {
    static const DML_ACTIVATION_RELU_OPERATOR_DESC reluDesc{nullptr, nullptr};
    const DML_OPERATOR_DESC fused{DML_OPERATOR_ACTIVATION_RELU, &reluDesc};
    return create<DML_GEMM_OPERATOR_DESC>(device, DML_OPERATOR_GEMM, out, t[0], t[1],
                                          static_cast<const DML_TENSOR_DESC*>(nullptr), t.back(),
                                          DML_MATRIX_TRANSFORM_NONE,
                                          a.mode % 2 ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE,
                                          a.a0, 0.0f, a.fusedRelu ? &fused : nullptr);
}

template <class T, size_t N>
T pick(std::mt19937_64& rng, const T (&values)[N]) {
    return values[rng() % N];
}

}  // namespace

const std::vector<RandomOperator>& randomOperators() { return kOperators; }

const RandomOperator& randomOperator(DML_OPERATOR_TYPE type) {
    for (const RandomOperator& op : kOperators)
        if (op.type == type) return op;
    throw std::invalid_argument("no random operator of type " + std::to_string(int(type)));
}

bool readsEncoding(const RandomOperator& op) { return std::strncmp(op.name, "ELEMENT_WISE_BIT_", 17) == 0; }

bool isTranscendental(const RandomOperator& op) {
    static constexpr DML_OPERATOR_TYPE kHeavy[] = {
        DML_OPERATOR_ELEMENT_WISE_ACOS,  DML_OPERATOR_ELEMENT_WISE_ACOSH,        DML_OPERATOR_ELEMENT_WISE_ASIN,
        DML_OPERATOR_ELEMENT_WISE_ASINH, DML_OPERATOR_ELEMENT_WISE_ATAN,         DML_OPERATOR_ELEMENT_WISE_ATANH,
        DML_OPERATOR_ELEMENT_WISE_COS,   DML_OPERATOR_ELEMENT_WISE_COSH,         DML_OPERATOR_ELEMENT_WISE_ERF,
        DML_OPERATOR_ELEMENT_WISE_EXP,   DML_OPERATOR_ELEMENT_WISE_LOG,          DML_OPERATOR_ELEMENT_WISE_SIN,
        DML_OPERATOR_ELEMENT_WISE_SINH,  DML_OPERATOR_ELEMENT_WISE_TAN,          DML_OPERATOR_ELEMENT_WISE_TANH,
        DML_OPERATOR_ELEMENT_WISE_POW,   DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, DML_OPERATOR_ELEMENT_WISE_ATAN_YX,
        DML_OPERATOR_ELEMENT_WISE_ADD1,  DML_OPERATOR_ACTIVATION_ELU,            DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS,
        DML_OPERATOR_ACTIVATION_SCALED_ELU, DML_OPERATOR_ACTIVATION_SCALED_TANH, DML_OPERATOR_ACTIVATION_SIGMOID,
        DML_OPERATOR_ACTIVATION_SOFTPLUS, DML_OPERATOR_ACTIVATION_TANH,          DML_OPERATOR_ACTIVATION_CELU,
        DML_OPERATOR_ACTIVATION_GELU,    DML_OPERATOR_ACTIVATION_SWISH};
    for (DML_OPERATOR_TYPE type : kHeavy)
        if (op.type == type) return true;
    return false;
}

RandomAttributes randomAttributes(const RandomOperator& op, std::mt19937_64& rng, Type type,
                                  const std::vector<Type>& types) {
    RandomAttributes a;
    static constexpr float kFirst[] = {-2.0f, -0.5f, 0.0f, 0.25f, 1.0f, 1.5f};
    static constexpr float kSecond[] = {0.5f, 1.0f, 2.0f, 3.0f, 100.0f};
    a.a0 = pick(rng, kFirst);
    a.a1 = pick(rng, kSecond);
    switch (op.type) {
        case DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW: {
            static constexpr float kExponents[] = {-1.0f, 0.5f, 2.0f, 3.0f, 0.0f, -2.5f};
            a.a0 = pick(rng, kExponents);
            break;
        }
        case DML_OPERATOR_ELEMENT_WISE_ROUND: a.mode = uint32_t(rng() % 3); break;
        case DML_OPERATOR_ELEMENT_WISE_IS_INFINITY: a.mode = uint32_t(rng() % 3); break;
        case DML_OPERATOR_ELEMENT_WISE_ADD1: a.mode = uint32_t(rng() % (kFusableCount + 1)); break;
        default: break;
    }
    // Activations whose parameters must be positive (SOFTPLUS's steepness, SHRINK's bias, CELU's alpha, ...).
    if (std::strncmp(op.name, "ACTIVATION_", 11) == 0) a.a0 = std::abs(a.a0) + 0.25f;
    if (op.type == DML_OPERATOR_ELEMENT_WISE_ADD1) a.a0 = std::abs(a.a0) + 0.25f;
    a.scaleBias = op.scaleBias && isFloat(type) && rng() % 4 == 0;
    a.scaleBiasValue = {pick(rng, kFirst), pick(rng, kFirst)};
    a.zeroPoints = rng() % 4 != 0;
    a.compareOutput = rng() % 4 == 0 ? DML_TENSOR_DATA_TYPE_UINT32 : U8;
    a.castFrom = types[rng() % types.size()];
    // The quantized type of QUANTIZE / DEQUANTIZE nodes (QUANTIZE_LINEAR and QUANTIZED_LINEAR_ADD refuse 4-bit
    // ones and are drawn again): 4-bit values only ever flow into DEQUANTIZE and QUANTIZE zero points.
    static constexpr Type kQuantized[] = {DML_TENSOR_DATA_TYPE_INT8, U8, DML_TENSOR_DATA_TYPE_INT4,
                                          DML_TENSOR_DATA_TYPE_UINT4};
    a.quantized = kQuantized[rng() % 4];
    if (op.signature == Signature::Rows || op.signature == Signature::MatMul) {
        a.axes = uint32_t(rng() % 256);
        a.mode = uint32_t(rng() % 2);
    }
    if (op.signature == Signature::MatMul) a.fusedRelu = rng() % 4 == 0;
    return a;
}

namespace {

NodeTypes typesOf(const RandomOperator& op, const RandomAttributes& a, Type t) {
    const Type q = a.quantized;
    switch (op.signature) {
        case Signature::Unary: return {{t}, t};
        case Signature::Binary:
        case Signature::Gradient: return {{t, t}, t};
        case Signature::Compare: return {{t, t}, a.compareOutput};
        case Signature::Predicate: return {{t}, U8};
        case Signature::Select: return {{U8, t, t}, t};
        case Signature::Cast: return {{a.castFrom}, t};
        case Signature::Quantize: return {a.zeroPoints ? std::vector<Type>{t, t, q} : std::vector<Type>{t, t}, q};
        case Signature::Dequantize: return {a.zeroPoints ? std::vector<Type>{q, t, q} : std::vector<Type>{q, t}, t};
        case Signature::QuantizedAdd:
            if (a.zeroPoints) return {{t, F32, t, t, F32, t, F32, t}, t};
            return {{t, F32, t, F32, F32}, t, {0, 1, 3, 4, 6}};  // the zero points' slots 2, 5 and 7 stay empty
        case Signature::Rows:
            if (op.type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 && a.zeroPoints) return {{t, t, t}, t};
            return {{t}, t};
        case Signature::MatMul: return {{t, t}, t};
    }
    return {{t}, t};
}

}  // namespace

NodeTypes nodeTypes(const RandomOperator& op, const RandomAttributes& a, Type type) {
    NodeTypes types = typesOf(op, a, type);
    for (uint32_t slot = uint32_t(types.slots.size()); slot < types.inputs.size(); ++slot) types.slots.push_back(slot);
    return types;
}

HRESULT createRandomOperator(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a,
                             const Tensors& tensors, VkdmlOperator* out) {
    switch (op.signature) {
        case Signature::Unary: return createUnary(device, op, a, tensors, out);
        case Signature::Binary: return createBinary(device, op, a, tensors, out);
        case Signature::Gradient: return createGradient(device, op, a, tensors, out);
        case Signature::Quantize:
        case Signature::Dequantize: return createQuantization(device, op, a, tensors, out);
        case Signature::QuantizedAdd: return createQuantizedAdd(device, a, tensors, out);
        case Signature::Rows: return createRows(device, op, a, tensors, out);
        case Signature::MatMul: return createMatMul(device, a, tensors, out);
        case Signature::Predicate:
            if (op.type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY)
                return create<DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC>(device, op.type, out, tensors[0], tensors[1],
                                                                          static_cast<DML_IS_INFINITY_MODE>(a.mode));
            return create<DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC>(device, op.type, out, tensors[0], tensors[1]);
        case Signature::Compare:
        case Signature::Select:
        case Signature::Cast: return createElementwiseOperator(device, op.type, tensors, out);
    }
    return E_NOTIMPL;
}

std::string describe(const RandomOperator& op, const RandomAttributes& a) {
    std::ostringstream s;
    s << op.name;
    switch (op.type) {
        case DML_OPERATOR_ELEMENT_WISE_ADD1:
            if (a.mode) s << "+fused " << int(kFusable[a.mode - 1]) << " (" << a.a0 << ", " << a.a1 << ")";
            break;
        case DML_OPERATOR_ELEMENT_WISE_ROUND:
        case DML_OPERATOR_ELEMENT_WISE_IS_INFINITY: s << " mode " << a.mode; break;
        default:
            if (op.signature == Signature::Unary || op.signature == Signature::Gradient) s << " (" << a.a0 << ", " << a.a1 << ")";
            break;
    }
    if (op.signature == Signature::MatMul)
        s << " alpha " << a.a0 << (a.mode % 2 ? " TransB" : "") << (a.fusedRelu ? " +RELU" : "");
    if (op.signature == Signature::Rows) {
        s << " axes mask " << a.axes << " mode " << a.mode;
        if (op.type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 && a.zeroPoints) s << " scale and bias";
    }
    if (a.scaleBias) s << " scale " << a.scaleBiasValue.Scale << " bias " << a.scaleBiasValue.Bias;
    if ((op.signature == Signature::Quantize || op.signature == Signature::Dequantize ||
         op.signature == Signature::QuantizedAdd) && !a.zeroPoints)
        s << " no zero points";
    return s.str();
}

}  // namespace vkdml::test
