#include "dml/operator_schema.h"

#include <iterator>

#include "dml/operator_names.h"

namespace vkdml::dml {

namespace {

// DirectML's element-wise activations: 4-D at 1_0, 4-5-D at 2_0, 1-8-D from 3_0; FLOAT32 and FLOAT16.
constexpr SupportRow kActivationRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kActivationSupport{kActivationRows, std::size(kActivationRows)};

// RELU and PARAMETERIZED_RELU: signed integers from 5_1.
constexpr SupportRow kReluRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
    {DML_FEATURE_LEVEL_5_1, 1, 8, kFloatTypes | kSignedTypes},
};
constexpr SupportTable kReluSupport{kReluRows, std::size(kReluRows)};

// SHRINK (from 2_0): all 8/16/32-bit integers from 5_1.
constexpr SupportRow kShrinkRows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
    {DML_FEATURE_LEVEL_5_1, 1, 8, kFloatTypes | kSignedTypes | kUnsignedTypes},
};
constexpr SupportTable kShrinkSupport{kShrinkRows, std::size(kShrinkRows)};

// ELEMENT_WISE_IDENTITY: 4-5-D from 1_0, 8/16/32-bit integers from 2_1, 1-8-D from 3_0, FLOAT64, INT64 and UINT64
// from 4_1.
constexpr SupportRow kElementWiseRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 5, kFloatTypes | kSignedTypes | kUnsignedTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kSignedTypes | kUnsignedTypes},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kSignedTypes | kUnsignedTypes | k64BitTypes},
};
constexpr SupportTable kElementWiseSupport{kElementWiseRows, std::size(kElementWiseRows)};

constexpr FieldSpec kIn{"InputTensor", FieldKind::InputTensor};
constexpr FieldSpec kOut{"OutputTensor", FieldKind::OutputTensor};
constexpr FieldSpec kUnaryFields[] = {kIn, kOut};
constexpr FieldSpec kAlphaFields[] = {kIn, kOut, {"Alpha", FieldKind::Float}};
constexpr FieldSpec kAlphaBetaFields[] = {kIn, kOut, {"Alpha", FieldKind::Float}, {"Beta", FieldKind::Float}};
constexpr FieldSpec kAlphaGammaFields[] = {kIn, kOut, {"Alpha", FieldKind::Float}, {"Gamma", FieldKind::Float}};
constexpr FieldSpec kSoftplusFields[] = {kIn, kOut, {"Steepness", FieldKind::Float, FloatRule::SoftplusSteepness}};
constexpr FieldSpec kShrinkFields[] = {kIn, kOut, {"Bias", FieldKind::Float}, {"Threshold", FieldKind::Float}};
constexpr FieldSpec kSwishFields[] = {kIn, kOut, {"SigmoidInputScale", FieldKind::Float}};
constexpr FieldSpec kPreluFields[] = {kIn, {"SlopeTensor", FieldKind::InputTensor}, kOut};
constexpr FieldSpec kScaleBiasFields[] = {kIn, kOut, {"ScaleBias", FieldKind::OptionalScaleBias}};

#define VKDML_FIELDS(array) array, static_cast<uint32_t>(std::size(array))

// type, fields, support, in place, kernel (glsl/CMakeLists.txt), default attributes
constexpr OperatorSchema kSchemas[] = {
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, VKDML_FIELDS(kScaleBiasFields), &kElementWiseSupport, true, "identity", {1, 0}},
    {DML_OPERATOR_ACTIVATION_ELU, VKDML_FIELDS(kAlphaFields), &kActivationSupport, true, "elu"},
    {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, VKDML_FIELDS(kAlphaBetaFields), &kActivationSupport, true, "hard_sigmoid"},
    {DML_OPERATOR_ACTIVATION_IDENTITY, VKDML_FIELDS(kUnaryFields), &kActivationSupport, true, "identity", {1, 0}},
    {DML_OPERATOR_ACTIVATION_LEAKY_RELU, VKDML_FIELDS(kAlphaFields), &kActivationSupport, true, "leaky_relu"},
    {DML_OPERATOR_ACTIVATION_LINEAR, VKDML_FIELDS(kAlphaBetaFields), &kActivationSupport, true, "linear"},
    {DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, VKDML_FIELDS(kPreluFields), &kReluSupport, true, "prelu"},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, VKDML_FIELDS(kAlphaBetaFields), &kActivationSupport, true,
     "parametric_softplus"},
    {DML_OPERATOR_ACTIVATION_RELU, VKDML_FIELDS(kUnaryFields), &kReluSupport, true, "relu"},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, VKDML_FIELDS(kAlphaGammaFields), &kActivationSupport, true, "scaled_elu"},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, VKDML_FIELDS(kAlphaBetaFields), &kActivationSupport, true, "scaled_tanh"},
    {DML_OPERATOR_ACTIVATION_SIGMOID, VKDML_FIELDS(kUnaryFields), &kActivationSupport, true, "sigmoid"},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, VKDML_FIELDS(kSoftplusFields), &kActivationSupport, true, "softplus"},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, VKDML_FIELDS(kUnaryFields), &kActivationSupport, true, "softsign"},
    {DML_OPERATOR_ACTIVATION_TANH, VKDML_FIELDS(kUnaryFields), &kActivationSupport, true, "tanh"},
    {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, VKDML_FIELDS(kAlphaFields), &kActivationSupport, true,
     "thresholded_relu"},
    {DML_OPERATOR_ACTIVATION_SHRINK, VKDML_FIELDS(kShrinkFields), &kShrinkSupport, true, "shrink"},
    {DML_OPERATOR_ACTIVATION_CELU, VKDML_FIELDS(kAlphaFields), &kActivationSupport, true, "celu"},
    {DML_OPERATOR_ACTIVATION_GELU, VKDML_FIELDS(kUnaryFields), &kActivationSupport, true, "gelu"},
    {DML_OPERATOR_ACTIVATION_SWISH, VKDML_FIELDS(kSwishFields), &kActivationSupport, true, "swish"},
    {DML_OPERATOR_ACTIVATION_HARD_SWISH, VKDML_FIELDS(kAlphaBetaFields), &kActivationSupport, true, "hard_swish"},
};

}  // namespace

const SupportRow* SupportTable::at(DML_FEATURE_LEVEL level) const {
    const SupportRow* found = nullptr;
    for (uint32_t i = 0; i < rowCount; ++i)
        if (rows[i].since <= level) found = &rows[i];
    return found;
}

const OperatorSchema* findSchema(DML_OPERATOR_TYPE type) {
    for (const auto& schema : kSchemas)
        if (schema.type == type) return &schema;
    return nullptr;
}

uint32_t operatorTypeCount() { return static_cast<uint32_t>(std::size(kOperatorNames)); }

const char* operatorName(DML_OPERATOR_TYPE type) {
    return unsigned(type) < operatorTypeCount() ? kOperatorNames[type].name : nullptr;
}

DML_FEATURE_LEVEL operatorIntroducedLevel(DML_OPERATOR_TYPE type) {
    return unsigned(type) < operatorTypeCount() ? static_cast<DML_FEATURE_LEVEL>(kOperatorNames[type].introduced)
                                                : static_cast<DML_FEATURE_LEVEL>(0);
}

}  // namespace vkdml::dml
