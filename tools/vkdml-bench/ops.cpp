#include "ops.h"

#include <algorithm>
#include <cmath>

namespace bench {

namespace {

// --- descs -------------------------------------------------------------------------------------------------------

// Every single-input activation desc is {InputTensor, OutputTensor} followed by up to two FLOAT attributes in the
// order OpSpec lists them.
struct TwoFloatActivationDesc {
    const DML_TENSOR_DESC* input;
    const DML_TENSOR_DESC* output;
    FLOAT attr0;
    FLOAT attr1;
};

HRESULT createActivation(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* const* inputs,
                         const DML_TENSOR_DESC* out, VkdmlOperator* op) {
    TwoFloatActivationDesc desc{inputs[0], out, spec.attr0, spec.attr1};
    DML_OPERATOR_DESC opDesc{spec.type, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

// ELEMENT_WISE_* operators with a DML_SCALE_BIAS (Scale attr0, Bias attr1): {InputTensor, OutputTensor, ScaleBias},
// POW {InputTensor, ExponentTensor, OutputTensor, ScaleBias}. The exceptions: RECIP gets no ScaleBias; CLIP none,
// Min attr0, Max attr1; CONSTANT_POW Scale 1, Bias attr1, Exponent attr0; ROUND halves to nearest even.
HRESULT createElementWise(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* const* inputs,
                          const DML_TENSOR_DESC* out, VkdmlOperator* op) {
    DML_SCALE_BIAS scaleBias{spec.attr0, spec.attr1};
    auto create = [&](const void* desc) {
        DML_OPERATOR_DESC opDesc{spec.type, desc};
        return vkdmlCreateOperator(device, &opDesc, op);
    };
    switch (spec.type) {
        case DML_OPERATOR_ELEMENT_WISE_CLIP: {
            DML_ELEMENT_WISE_CLIP_OPERATOR_DESC desc{inputs[0], out, nullptr, spec.attr0, spec.attr1};
            return create(&desc);
        }
        case DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW: {
            scaleBias = {1.0f, spec.attr1};
            DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC desc{inputs[0], out, &scaleBias, spec.attr0};
            return create(&desc);
        }
        case DML_OPERATOR_ELEMENT_WISE_ROUND: {
            DML_ELEMENT_WISE_ROUND_OPERATOR_DESC desc{inputs[0], out, DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN};
            return create(&desc);
        }
        case DML_OPERATOR_ELEMENT_WISE_POW: {
            DML_ELEMENT_WISE_POW_OPERATOR_DESC desc{inputs[0], inputs[1], out, &scaleBias};
            return create(&desc);
        }
        default: {
            const bool none = spec.type == DML_OPERATOR_ELEMENT_WISE_RECIP;
            DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc{inputs[0], out, none ? nullptr : &scaleBias};  // same layout
            return create(&desc);
        }
    }
}

OpSpec elementWise(const char* key, const char* dmlName, DML_OPERATOR_TYPE type, float attr0, float attr1) {
    return OpSpec{key, dmlName, type, attr0, attr1, createElementWise, nullptr, 0.0, 0.0};
}

// Binary, comparison, IF and CAST descs are their tensors and nothing else: {inputs..., OutputTensor}.
HRESULT createTensorsOnly(VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* const* inputs,
                          const DML_TENSOR_DESC* out, VkdmlOperator* op) {
    const DML_TENSOR_DESC* tensors[4] = {};
    const size_t count = spec.inputCount();
    for (size_t i = 0; i < count; ++i) tensors[i] = inputs[i];
    tensors[count] = out;
    DML_OPERATOR_DESC opDesc{spec.type, tensors};
    return vkdmlCreateOperator(device, &opDesc, op);
}

OpSpec multiInput(const char* key, const char* dmlName, DML_OPERATOR_TYPE type, Signature signature,
                  bool unitB = false) {
    OpSpec spec{key, dmlName, type, 0.0f, 0.0f, createTensorsOnly, nullptr, 0.0, 0.0};
    spec.signature = signature;
    spec.unitB = unitB;
    return spec;
}

OpSpec onlyFor(OpSpec spec, DML_TENSOR_DATA_TYPE type) {
    spec.onlyType = type;
    return spec;
}

OpSpec powRow() {
    OpSpec spec = elementWise("pow", "ELEMENT_WISE_POW", DML_OPERATOR_ELEMENT_WISE_POW, 1.0f, 8.0f);
    spec.signature = Signature::Binary;
    spec.fractionB = true;
    return spec;
}

OpSpec cast(const char* key, DML_TENSOR_DATA_TYPE from, DML_TENSOR_DATA_TYPE to) {
    OpSpec spec{key, "CAST", DML_OPERATOR_CAST, 0.0f, 0.0f, createTensorsOnly, nullptr, 0.0, 0.0};
    spec.signature = Signature::Cast;
    spec.castFrom = from;
    spec.castTo = to;
    return spec;
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
    // Attributes keep repeated in-place application finite (SCALED_ELU's gamma 1, ELEMENT_WISE_IDENTITY a plain copy).
    static const std::vector<OpSpec> table = {
        // key, DML name, type, attributes, create, host loop, target vs naive shader, target vs host loop
        {"celu", "ACTIVATION_CELU", DML_OPERATOR_ACTIVATION_CELU, 1.5f, 0.0f, createActivation, hostLoop<celu>, 1.2,
         1.3},
        {"linear", "ACTIVATION_LINEAR", DML_OPERATOR_ACTIVATION_LINEAR, 0.25f, -1.0f, createActivation,
         hostLoop<linear>, 1.0, 0.0},
        {"softplus", "ACTIVATION_SOFTPLUS", DML_OPERATOR_ACTIVATION_SOFTPLUS, 2.0f, 0.0f, createActivation,
         hostLoop<softplus>, 1.2, 1.3},
        {"parametric_softplus", "ACTIVATION_PARAMETRIC_SOFTPLUS", DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, 0.5f,
         2.0f, createActivation, hostLoop<parametricSoftplus>, 0.0, 0.0},
        // No baselines (nullptr host loop): throughput, latency and pipeline creation only.
        {"elu", "ACTIVATION_ELU", DML_OPERATOR_ACTIVATION_ELU, 1.0f, 0.0f, createActivation, nullptr, 0.0, 0.0},
        {"gelu", "ACTIVATION_GELU", DML_OPERATOR_ACTIVATION_GELU, 0.0f, 0.0f, createActivation, nullptr, 0.0, 0.0},
        {"hard_sigmoid", "ACTIVATION_HARD_SIGMOID", DML_OPERATOR_ACTIVATION_HARD_SIGMOID, 0.2f, 0.5f,
         createActivation, nullptr, 0.0, 0.0},
        {"hard_swish", "ACTIVATION_HARD_SWISH", DML_OPERATOR_ACTIVATION_HARD_SWISH, 1.0f / 6.0f, 0.5f,
         createActivation, nullptr, 0.0, 0.0},
        {"identity", "ACTIVATION_IDENTITY", DML_OPERATOR_ACTIVATION_IDENTITY, 0.0f, 0.0f, createActivation, nullptr,
         0.0, 0.0},
        {"leaky_relu", "ACTIVATION_LEAKY_RELU", DML_OPERATOR_ACTIVATION_LEAKY_RELU, 0.1f, 0.0f, createActivation,
         nullptr, 0.0, 0.0},
        {"relu", "ACTIVATION_RELU", DML_OPERATOR_ACTIVATION_RELU, 0.0f, 0.0f, createActivation, nullptr, 0.0, 0.0},
        {"scaled_elu", "ACTIVATION_SCALED_ELU", DML_OPERATOR_ACTIVATION_SCALED_ELU, 1.67326f, 1.0f,
         createActivation, nullptr, 0.0, 0.0},
        {"scaled_tanh", "ACTIVATION_SCALED_TANH", DML_OPERATOR_ACTIVATION_SCALED_TANH, 1.0f, 0.5f, createActivation,
         nullptr, 0.0, 0.0},
        {"shrink", "ACTIVATION_SHRINK", DML_OPERATOR_ACTIVATION_SHRINK, 0.5f, 0.5f, createActivation, nullptr, 0.0,
         0.0},
        {"sigmoid", "ACTIVATION_SIGMOID", DML_OPERATOR_ACTIVATION_SIGMOID, 0.0f, 0.0f, createActivation, nullptr,
         0.0, 0.0},
        {"softsign", "ACTIVATION_SOFTSIGN", DML_OPERATOR_ACTIVATION_SOFTSIGN, 0.0f, 0.0f, createActivation, nullptr,
         0.0, 0.0},
        {"swish", "ACTIVATION_SWISH", DML_OPERATOR_ACTIVATION_SWISH, 1.0f, 0.0f, createActivation, nullptr, 0.0, 0.0},
        {"tanh", "ACTIVATION_TANH", DML_OPERATOR_ACTIVATION_TANH, 0.0f, 0.0f, createActivation, nullptr, 0.0, 0.0},
        {"thresholded_relu", "ACTIVATION_THRESHOLDED_RELU", DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, 1.0f, 0.0f,
         createActivation, nullptr, 0.0, 0.0},
        elementWise("element_wise_identity", "ELEMENT_WISE_IDENTITY", DML_OPERATOR_ELEMENT_WISE_IDENTITY, 1.0f, 0.0f),
        // DirectMLX's x * c: ELEMENT_WISE_IDENTITY with a Scale alone (-1 keeps in-place application finite).
        elementWise("element_wise_scale", "ELEMENT_WISE_IDENTITY", DML_OPERATOR_ELEMENT_WISE_IDENTITY, -1.0f, 0.0f),
        // Correctly rounded division and square root (glsl/vkdml_math.glsl). RECIP in place returns to its input;
        // SQRT reads x + 8 so that the values in [-6, 6) and every in-place result stay positive.
        elementWise("recip", "ELEMENT_WISE_RECIP", DML_OPERATOR_ELEMENT_WISE_RECIP, 1.0f, 0.0f),
        elementWise("sqrt", "ELEMENT_WISE_SQRT", DML_OPERATOR_ELEMENT_WISE_SQRT, 1.0f, 8.0f),
        // Unary math, to set against ACTIVATION_IDENTITY (`identity`). Scale and bias keep every input in the
        // operator's domain and repeated in-place application finite, normal and away from 0: EXP reads -x/2 (in
        // place it settles near 0.70), LOG x + 8 (positive, like SQRT); COS settles at 0.739, ERF at +-0.6, SIN,
        // ATAN and ASINH shrink like 1/sqrt(k) after k applications, TAN wanders but stays finite; CONSTANT_POW is
        // (x + 8)^0.75 (fixed point 8); CLIP [-2, 2]; ROUND halves to nearest even; the rest are idempotent.
        elementWise("exp", "ELEMENT_WISE_EXP", DML_OPERATOR_ELEMENT_WISE_EXP, -0.5f, 0.0f),
        elementWise("log", "ELEMENT_WISE_LOG", DML_OPERATOR_ELEMENT_WISE_LOG, 1.0f, 8.0f),
        elementWise("sin", "ELEMENT_WISE_SIN", DML_OPERATOR_ELEMENT_WISE_SIN, 1.0f, 0.0f),
        elementWise("cos", "ELEMENT_WISE_COS", DML_OPERATOR_ELEMENT_WISE_COS, 1.0f, 0.0f),
        elementWise("tan", "ELEMENT_WISE_TAN", DML_OPERATOR_ELEMENT_WISE_TAN, 1.0f, 0.0f),
        elementWise("erf", "ELEMENT_WISE_ERF", DML_OPERATOR_ELEMENT_WISE_ERF, 1.0f, 0.0f),
        elementWise("atan", "ELEMENT_WISE_ATAN", DML_OPERATOR_ELEMENT_WISE_ATAN, 1.0f, 0.0f),
        elementWise("asinh", "ELEMENT_WISE_ASINH", DML_OPERATOR_ELEMENT_WISE_ASINH, 1.0f, 0.0f),
        elementWise("constant_pow", "ELEMENT_WISE_CONSTANT_POW", DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, 0.75f, 8.0f),
        elementWise("round", "ELEMENT_WISE_ROUND", DML_OPERATOR_ELEMENT_WISE_ROUND, 0.0f, 0.0f),
        elementWise("floor", "ELEMENT_WISE_FLOOR", DML_OPERATOR_ELEMENT_WISE_FLOOR, 1.0f, 0.0f),
        elementWise("abs", "ELEMENT_WISE_ABS", DML_OPERATOR_ELEMENT_WISE_ABS, 1.0f, 0.0f),
        elementWise("clip", "ELEMENT_WISE_CLIP", DML_OPERATOR_ELEMENT_WISE_CLIP, -2.0f, 2.0f),
        multiInput("is_nan", "ELEMENT_WISE_IS_NAN", DML_OPERATOR_ELEMENT_WISE_IS_NAN, Signature::Test),
        // Several inputs (every tensor has the output's sizes; broadcasting is by stride 0). MULTIPLY and DIVIDE
        // take B = +-1 so that in-place application neither overflows nor reaches subnormals.
        multiInput("add", "ELEMENT_WISE_ADD", DML_OPERATOR_ELEMENT_WISE_ADD, Signature::Binary),
        multiInput("multiply", "ELEMENT_WISE_MULTIPLY", DML_OPERATOR_ELEMENT_WISE_MULTIPLY, Signature::Binary, true),
        multiInput("divide", "ELEMENT_WISE_DIVIDE", DML_OPERATOR_ELEMENT_WISE_DIVIDE, Signature::Binary, true),
        multiInput("max", "ELEMENT_WISE_MAX", DML_OPERATOR_ELEMENT_WISE_MAX, Signature::Binary),
        // POW reads A + 8 (ScaleBias) with B in [-0.75, 0.75): positive bases, finite in place. ATAN_YX in place stays
        // in [-pi, pi], MODULUS_FLOOR within |B|, MEAN moves toward B; BIT_AND runs on UINT32 (any bits), LOGICAL_AND
        // on UINT8 (any byte).
        multiInput("subtract", "ELEMENT_WISE_SUBTRACT", DML_OPERATOR_ELEMENT_WISE_SUBTRACT, Signature::Binary),
        multiInput("min", "ELEMENT_WISE_MIN", DML_OPERATOR_ELEMENT_WISE_MIN, Signature::Binary),
        multiInput("mean", "ELEMENT_WISE_MEAN", DML_OPERATOR_ELEMENT_WISE_MEAN, Signature::Binary),
        powRow(),
        multiInput("atan_yx", "ELEMENT_WISE_ATAN_YX", DML_OPERATOR_ELEMENT_WISE_ATAN_YX, Signature::Binary),
        multiInput("modulus_floor", "ELEMENT_WISE_MODULUS_FLOOR", DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR,
                   Signature::Binary),
        onlyFor(multiInput("bit_and", "ELEMENT_WISE_BIT_AND", DML_OPERATOR_ELEMENT_WISE_BIT_AND, Signature::Binary),
                DML_TENSOR_DATA_TYPE_UINT32),
        onlyFor(multiInput("logical_and", "ELEMENT_WISE_LOGICAL_AND", DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND,
                           Signature::Binary),
                DML_TENSOR_DATA_TYPE_UINT8),
        multiInput("greater_than", "ELEMENT_WISE_LOGICAL_GREATER_THAN", DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN,
                   Signature::Compare),
        multiInput("if", "ELEMENT_WISE_IF", DML_OPERATOR_ELEMENT_WISE_IF, Signature::If),
        // CAST: one row per type pair; the row runs for its input type.
        cast("cast_f32_f16", DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16),
        cast("cast_f16_f32", DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32),
        cast("cast_f32_i32", DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT32),
        cast("cast_i32_f32", DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_FLOAT32),
        cast("cast_f32_u8", DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT8),
        cast("cast_u8_f32", DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_FLOAT32),
    };
    return table;
}

size_t OpSpec::inputCount() const {
    switch (signature) {
        case Signature::Unary:
        case Signature::Test:
        case Signature::Cast: return 1;
        case Signature::Binary:
        case Signature::Compare: return 2;
        case Signature::If: return 3;
    }
    return 1;
}

bool OpSpec::takesType(DML_TENSOR_DATA_TYPE t) const {
    if (signature == Signature::Cast) return t == castFrom;
    if (onlyType != DML_TENSOR_DATA_TYPE_UNKNOWN) return t == onlyType;
    return t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16;
}

DML_TENSOR_DATA_TYPE OpSpec::firstType() const {
    if (signature == Signature::Cast) return castFrom;
    if (onlyType != DML_TENSOR_DATA_TYPE_UNKNOWN) return onlyType;
    return DML_TENSOR_DATA_TYPE_FLOAT32;
}

DML_TENSOR_DATA_TYPE OpSpec::inputType(size_t input, DML_TENSOR_DATA_TYPE caseType) const {
    if (signature == Signature::If && input == 0) return DML_TENSOR_DATA_TYPE_UINT8;
    return caseType;
}

DML_TENSOR_DATA_TYPE OpSpec::outputType(DML_TENSOR_DATA_TYPE caseType) const {
    if (signature == Signature::Compare || signature == Signature::Test) return DML_TENSOR_DATA_TYPE_UINT8;
    if (signature == Signature::Cast) return castTo;
    return caseType;
}

const OpSpec* findOp(const std::string& key) {
    for (const OpSpec& op : opTable())
        if (key == op.key) return &op;
    return nullptr;
}

}  // namespace bench
