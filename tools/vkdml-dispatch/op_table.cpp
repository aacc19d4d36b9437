#include "op_table.h"

#include <cstring>

namespace vkdml::dispatch {

// ---------------------------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------------------------

const EnumInfo kTensorDataTypeEnum{
    "DML_TENSOR_DATA_TYPE",
    "DML_TENSOR_DATA_TYPE_",
    {
        {"DML_TENSOR_DATA_TYPE_UNKNOWN", DML_TENSOR_DATA_TYPE_UNKNOWN},
        {"DML_TENSOR_DATA_TYPE_FLOAT32", DML_TENSOR_DATA_TYPE_FLOAT32},
        {"DML_TENSOR_DATA_TYPE_FLOAT16", DML_TENSOR_DATA_TYPE_FLOAT16},
        {"DML_TENSOR_DATA_TYPE_UINT32", DML_TENSOR_DATA_TYPE_UINT32},
        {"DML_TENSOR_DATA_TYPE_UINT16", DML_TENSOR_DATA_TYPE_UINT16},
        {"DML_TENSOR_DATA_TYPE_UINT8", DML_TENSOR_DATA_TYPE_UINT8},
        {"DML_TENSOR_DATA_TYPE_INT32", DML_TENSOR_DATA_TYPE_INT32},
        {"DML_TENSOR_DATA_TYPE_INT16", DML_TENSOR_DATA_TYPE_INT16},
        {"DML_TENSOR_DATA_TYPE_INT8", DML_TENSOR_DATA_TYPE_INT8},
        {"DML_TENSOR_DATA_TYPE_FLOAT64", DML_TENSOR_DATA_TYPE_FLOAT64},
        {"DML_TENSOR_DATA_TYPE_UINT64", DML_TENSOR_DATA_TYPE_UINT64},
        {"DML_TENSOR_DATA_TYPE_INT64", DML_TENSOR_DATA_TYPE_INT64},
        {"DML_TENSOR_DATA_TYPE_UINT4", DML_TENSOR_DATA_TYPE_UINT4},
        {"DML_TENSOR_DATA_TYPE_INT4", DML_TENSOR_DATA_TYPE_INT4},
    },
};

const EnumInfo kTensorTypeEnum{
    "DML_TENSOR_TYPE",
    "DML_TENSOR_TYPE_",
    {
        {"DML_TENSOR_TYPE_INVALID", DML_TENSOR_TYPE_INVALID},
        {"DML_TENSOR_TYPE_BUFFER", DML_TENSOR_TYPE_BUFFER},
    },
};

const EnumInfo kTensorFlagsEnum{
    "DML_TENSOR_FLAGS",
    "DML_TENSOR_FLAG_",
    {
        {"DML_TENSOR_FLAG_NONE", DML_TENSOR_FLAG_NONE},
        {"DML_TENSOR_FLAG_OWNED_BY_DML", DML_TENSOR_FLAG_OWNED_BY_DML},
    },
    true,
};

const EnumInfo kExecutionFlagsEnum{
    "DML_EXECUTION_FLAGS",
    "DML_EXECUTION_FLAG_",
    {
        {"DML_EXECUTION_FLAG_NONE", DML_EXECUTION_FLAG_NONE},
        {"DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION", DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION},
        {"DML_EXECUTION_FLAG_DISABLE_META_COMMANDS", DML_EXECUTION_FLAG_DISABLE_META_COMMANDS},
        {"DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE", DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE},
    },
    true,
};

const EnumInfo kRoundingModeEnum{
    "DML_ROUNDING_MODE",
    "DML_ROUNDING_MODE_",
    {
        {"DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN", DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN},
        {"DML_ROUNDING_MODE_TOWARD_ZERO", DML_ROUNDING_MODE_TOWARD_ZERO},
        {"DML_ROUNDING_MODE_TOWARD_INFINITY", DML_ROUNDING_MODE_TOWARD_INFINITY},
    },
};

const EnumInfo kQuantizationTypeEnum{
    "DML_QUANTIZATION_TYPE",
    "DML_QUANTIZATION_TYPE_",
    {
        {"DML_QUANTIZATION_TYPE_NONE", DML_QUANTIZATION_TYPE_NONE},
        {"DML_QUANTIZATION_TYPE_SCALE", DML_QUANTIZATION_TYPE_SCALE},
        {"DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT", DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT},
    },
};

const EnumInfo kIsInfinityModeEnum{
    "DML_IS_INFINITY_MODE",
    "DML_IS_INFINITY_MODE_",
    {
        {"DML_IS_INFINITY_MODE_EITHER", DML_IS_INFINITY_MODE_EITHER},
        {"DML_IS_INFINITY_MODE_POSITIVE", DML_IS_INFINITY_MODE_POSITIVE},
        {"DML_IS_INFINITY_MODE_NEGATIVE", DML_IS_INFINITY_MODE_NEGATIVE},
    },
};

const EnumInfo kReduceFunctionEnum{
    "DML_REDUCE_FUNCTION",
    "DML_REDUCE_FUNCTION_",
    {
        {"DML_REDUCE_FUNCTION_ARGMAX", DML_REDUCE_FUNCTION_ARGMAX},
        {"DML_REDUCE_FUNCTION_ARGMIN", DML_REDUCE_FUNCTION_ARGMIN},
        {"DML_REDUCE_FUNCTION_AVERAGE", DML_REDUCE_FUNCTION_AVERAGE},
        {"DML_REDUCE_FUNCTION_L1", DML_REDUCE_FUNCTION_L1},
        {"DML_REDUCE_FUNCTION_L2", DML_REDUCE_FUNCTION_L2},
        {"DML_REDUCE_FUNCTION_LOG_SUM", DML_REDUCE_FUNCTION_LOG_SUM},
        {"DML_REDUCE_FUNCTION_LOG_SUM_EXP", DML_REDUCE_FUNCTION_LOG_SUM_EXP},
        {"DML_REDUCE_FUNCTION_MAX", DML_REDUCE_FUNCTION_MAX},
        {"DML_REDUCE_FUNCTION_MIN", DML_REDUCE_FUNCTION_MIN},
        {"DML_REDUCE_FUNCTION_MULTIPLY", DML_REDUCE_FUNCTION_MULTIPLY},
        {"DML_REDUCE_FUNCTION_SUM", DML_REDUCE_FUNCTION_SUM},
        {"DML_REDUCE_FUNCTION_SUM_SQUARE", DML_REDUCE_FUNCTION_SUM_SQUARE},
    },
};

const EnumInfo kAxisDirectionEnum{
    "DML_AXIS_DIRECTION",
    "DML_AXIS_DIRECTION_",
    {
        {"DML_AXIS_DIRECTION_INCREASING", DML_AXIS_DIRECTION_INCREASING},
        {"DML_AXIS_DIRECTION_DECREASING", DML_AXIS_DIRECTION_DECREASING},
    },
};

const EnumInfo kMatrixTransformEnum{
    "DML_MATRIX_TRANSFORM",
    "DML_MATRIX_TRANSFORM_",
    {
        {"DML_MATRIX_TRANSFORM_NONE", DML_MATRIX_TRANSFORM_NONE},
        {"DML_MATRIX_TRANSFORM_TRANSPOSE", DML_MATRIX_TRANSFORM_TRANSPOSE},
    },
};

std::optional<uint32_t> findEnumValue(const EnumInfo& info, std::string_view text) {
    const size_t prefixLength = std::strlen(info.prefix);
    for (const EnumValue& v : info.values) {
        const std::string_view full(v.name);
        if (text == full) return v.value;
        if (full.substr(0, prefixLength) == info.prefix && text == full.substr(prefixLength)) return v.value;
    }
    return std::nullopt;
}

std::string enumValueName(const EnumInfo& info, uint32_t value) {
    for (const EnumValue& v : info.values)
        if (v.value == value) return v.name;
    return std::to_string(value);
}

// DML_OPERATOR_TYPE values 0..177 in order (DirectML's DML_OPERATOR_TYPE enum, api/include/vkdml/DirectML.h).
namespace {
const char* const kOperatorTypeNames[] = {
    "INVALID",                                           // 0
    "ELEMENT_WISE_IDENTITY",                             // 1
    "ELEMENT_WISE_ABS",                                  // 2
    "ELEMENT_WISE_ACOS",                                 // 3
    "ELEMENT_WISE_ADD",                                  // 4
    "ELEMENT_WISE_ASIN",                                 // 5
    "ELEMENT_WISE_ATAN",                                 // 6
    "ELEMENT_WISE_CEIL",                                 // 7
    "ELEMENT_WISE_CLIP",                                 // 8
    "ELEMENT_WISE_COS",                                  // 9
    "ELEMENT_WISE_DIVIDE",                               // 10
    "ELEMENT_WISE_EXP",                                  // 11
    "ELEMENT_WISE_FLOOR",                                // 12
    "ELEMENT_WISE_LOG",                                  // 13
    "ELEMENT_WISE_LOGICAL_AND",                          // 14
    "ELEMENT_WISE_LOGICAL_EQUALS",                       // 15
    "ELEMENT_WISE_LOGICAL_GREATER_THAN",                 // 16
    "ELEMENT_WISE_LOGICAL_LESS_THAN",                    // 17
    "ELEMENT_WISE_LOGICAL_NOT",                          // 18
    "ELEMENT_WISE_LOGICAL_OR",                           // 19
    "ELEMENT_WISE_LOGICAL_XOR",                          // 20
    "ELEMENT_WISE_MAX",                                  // 21
    "ELEMENT_WISE_MEAN",                                 // 22
    "ELEMENT_WISE_MIN",                                  // 23
    "ELEMENT_WISE_MULTIPLY",                             // 24
    "ELEMENT_WISE_POW",                                  // 25
    "ELEMENT_WISE_CONSTANT_POW",                         // 26
    "ELEMENT_WISE_RECIP",                                // 27
    "ELEMENT_WISE_SIN",                                  // 28
    "ELEMENT_WISE_SQRT",                                 // 29
    "ELEMENT_WISE_SUBTRACT",                             // 30
    "ELEMENT_WISE_TAN",                                  // 31
    "ELEMENT_WISE_THRESHOLD",                            // 32
    "ELEMENT_WISE_QUANTIZE_LINEAR",                      // 33
    "ELEMENT_WISE_DEQUANTIZE_LINEAR",                    // 34
    "ACTIVATION_ELU",                                    // 35
    "ACTIVATION_HARDMAX",                                // 36
    "ACTIVATION_HARD_SIGMOID",                           // 37
    "ACTIVATION_IDENTITY",                               // 38
    "ACTIVATION_LEAKY_RELU",                             // 39
    "ACTIVATION_LINEAR",                                 // 40
    "ACTIVATION_LOG_SOFTMAX",                            // 41
    "ACTIVATION_PARAMETERIZED_RELU",                     // 42
    "ACTIVATION_PARAMETRIC_SOFTPLUS",                    // 43
    "ACTIVATION_RELU",                                   // 44
    "ACTIVATION_SCALED_ELU",                             // 45
    "ACTIVATION_SCALED_TANH",                            // 46
    "ACTIVATION_SIGMOID",                                // 47
    "ACTIVATION_SOFTMAX",                                // 48
    "ACTIVATION_SOFTPLUS",                               // 49
    "ACTIVATION_SOFTSIGN",                               // 50
    "ACTIVATION_TANH",                                   // 51
    "ACTIVATION_THRESHOLDED_RELU",                       // 52
    "CONVOLUTION",                                       // 53
    "GEMM",                                              // 54
    "REDUCE",                                            // 55
    "AVERAGE_POOLING",                                   // 56
    "LP_POOLING",                                        // 57
    "MAX_POOLING",                                       // 58
    "ROI_POOLING",                                       // 59
    "SLICE",                                             // 60
    "CAST",                                              // 61
    "SPLIT",                                             // 62
    "JOIN",                                              // 63
    "PADDING",                                           // 64
    "VALUE_SCALE_2D",                                    // 65
    "UPSAMPLE_2D",                                       // 66
    "GATHER",                                            // 67
    "SPACE_TO_DEPTH",                                    // 68
    "DEPTH_TO_SPACE",                                    // 69
    "TILE",                                              // 70
    "TOP_K",                                             // 71
    "BATCH_NORMALIZATION",                               // 72
    "MEAN_VARIANCE_NORMALIZATION",                       // 73
    "LOCAL_RESPONSE_NORMALIZATION",                      // 74
    "LP_NORMALIZATION",                                  // 75
    "RNN",                                               // 76
    "LSTM",                                              // 77
    "GRU",                                               // 78
    "ELEMENT_WISE_SIGN",                                 // 79
    "ELEMENT_WISE_IS_NAN",                               // 80
    "ELEMENT_WISE_ERF",                                  // 81
    "ELEMENT_WISE_SINH",                                 // 82
    "ELEMENT_WISE_COSH",                                 // 83
    "ELEMENT_WISE_TANH",                                 // 84
    "ELEMENT_WISE_ASINH",                                // 85
    "ELEMENT_WISE_ACOSH",                                // 86
    "ELEMENT_WISE_ATANH",                                // 87
    "ELEMENT_WISE_IF",                                   // 88
    "ELEMENT_WISE_ADD1",                                 // 89
    "ACTIVATION_SHRINK",                                 // 90
    "MAX_POOLING1",                                      // 91
    "MAX_UNPOOLING",                                     // 92
    "DIAGONAL_MATRIX",                                   // 93
    "SCATTER_ELEMENTS",                                  // 94
    "ONE_HOT",                                           // 95
    "RESAMPLE",                                          // 96
    "ELEMENT_WISE_BIT_SHIFT_LEFT",                       // 97
    "ELEMENT_WISE_BIT_SHIFT_RIGHT",                      // 98
    "ELEMENT_WISE_ROUND",                                // 99
    "ELEMENT_WISE_IS_INFINITY",                          // 100
    "ELEMENT_WISE_MODULUS_TRUNCATE",                     // 101
    "ELEMENT_WISE_MODULUS_FLOOR",                        // 102
    "FILL_VALUE_CONSTANT",                               // 103
    "FILL_VALUE_SEQUENCE",                               // 104
    "CUMULATIVE_SUMMATION",                              // 105
    "REVERSE_SUBSEQUENCES",                              // 106
    "GATHER_ELEMENTS",                                   // 107
    "GATHER_ND",                                         // 108
    "SCATTER_ND",                                        // 109
    "MAX_POOLING2",                                      // 110
    "SLICE1",                                            // 111
    "TOP_K1",                                            // 112
    "DEPTH_TO_SPACE1",                                   // 113
    "SPACE_TO_DEPTH1",                                   // 114
    "MEAN_VARIANCE_NORMALIZATION1",                      // 115
    "RESAMPLE1",                                         // 116
    "MATRIX_MULTIPLY_INTEGER",                           // 117
    "QUANTIZED_LINEAR_MATRIX_MULTIPLY",                  // 118
    "CONVOLUTION_INTEGER",                               // 119
    "QUANTIZED_LINEAR_CONVOLUTION",                      // 120
    "ELEMENT_WISE_BIT_AND",                              // 121
    "ELEMENT_WISE_BIT_OR",                               // 122
    "ELEMENT_WISE_BIT_XOR",                              // 123
    "ELEMENT_WISE_BIT_NOT",                              // 124
    "ELEMENT_WISE_BIT_COUNT",                            // 125
    "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL",        // 126
    "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL",           // 127
    "ACTIVATION_CELU",                                   // 128
    "ACTIVATION_RELU_GRAD",                              // 129
    "AVERAGE_POOLING_GRAD",                              // 130
    "MAX_POOLING_GRAD",                                  // 131
    "RANDOM_GENERATOR",                                  // 132
    "NONZERO_COORDINATES",                               // 133
    "RESAMPLE_GRAD",                                     // 134
    "SLICE_GRAD",                                        // 135
    "ADAM_OPTIMIZER",                                    // 136
    "ARGMIN",                                            // 137
    "ARGMAX",                                            // 138
    "ROI_ALIGN",                                         // 139
    "GATHER_ND1",                                        // 140
    "ELEMENT_WISE_ATAN_YX",                              // 141
    "ELEMENT_WISE_CLIP_GRAD",                            // 142
    "ELEMENT_WISE_DIFFERENCE_SQUARE",                    // 143
    "LOCAL_RESPONSE_NORMALIZATION_GRAD",                 // 144
    "CUMULATIVE_PRODUCT",                                // 145
    "BATCH_NORMALIZATION_GRAD",                          // 146
    "ELEMENT_WISE_QUANTIZED_LINEAR_ADD",                 // 147
    "DYNAMIC_QUANTIZE_LINEAR",                           // 148
    "ROI_ALIGN1",                                        // 149
    "ROI_ALIGN_GRAD",                                    // 150
    "BATCH_NORMALIZATION_TRAINING",                      // 151
    "BATCH_NORMALIZATION_TRAINING_GRAD",                 // 152
    "ELEMENT_WISE_CLIP1",                                // 153
    "ELEMENT_WISE_CLIP_GRAD1",                           // 154
    "PADDING1",                                          // 155
    "ELEMENT_WISE_NEGATE",                               // 156
    "ACTIVATION_GELU",                                   // 157
    "ACTIVATION_SOFTMAX1",                               // 158
    "ACTIVATION_LOG_SOFTMAX1",                           // 159
    "ACTIVATION_HARDMAX1",                               // 160
    "RESAMPLE2",                                         // 161
    "RESAMPLE_GRAD1",                                    // 162
    "DIAGONAL_MATRIX1",                                  // 163
    "MULTIHEAD_ATTENTION",                               // 164
    "LP_POOLING1",                                       // 165
    "AVERAGE_POOLING1",                                  // 166
    "ACTIVATION_SWISH",                                  // 167
    "ACTIVATION_HARD_SWISH",                             // 168
    "QUANTIZED_LINEAR_AVERAGE_POOLING",                  // 169
    "MATRIX_MULTIPLY_INTEGER_TO_FLOAT",                  // 170
    "MEAN_VARIANCE_NORMALIZATION2",                      // 171
    "MULTIHEAD_ATTENTION1",                              // 172
    "QUANTIZE",                                          // 173
    "DEQUANTIZE",                                        // 174
    "RESAMPLE3",                                         // 175
    "FOLD",                                              // 176
    "UNFOLD",                                            // 177
};
}  // namespace

size_t operatorTypeCount() { return sizeof(kOperatorTypeNames) / sizeof(kOperatorTypeNames[0]); }

const char* operatorTypeName(DML_OPERATOR_TYPE type) {
    const auto index = static_cast<size_t>(type);
    return index < operatorTypeCount() ? kOperatorTypeNames[index] : "(unknown)";
}

std::optional<DML_OPERATOR_TYPE> findOperatorType(std::string_view text) {
    constexpr std::string_view kPrefix = "DML_OPERATOR_";
    if (text.substr(0, kPrefix.size()) == kPrefix) text.remove_prefix(kPrefix.size());
    if (text == "SCATTER") return DML_OPERATOR_SCATTER_ELEMENTS;  // DirectML.h alias
    for (size_t i = 1; i < operatorTypeCount(); ++i)
        if (text == kOperatorTypeNames[i]) return static_cast<DML_OPERATOR_TYPE>(i);
    return std::nullopt;
}

uint32_t dataTypeSize(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT8: return 1;
        case DML_TENSOR_DATA_TYPE_FLOAT16:
        case DML_TENSOR_DATA_TYPE_UINT16:
        case DML_TENSOR_DATA_TYPE_INT16: return 2;
        case DML_TENSOR_DATA_TYPE_FLOAT32:
        case DML_TENSOR_DATA_TYPE_UINT32:
        case DML_TENSOR_DATA_TYPE_INT32: return 4;
        case DML_TENSOR_DATA_TYPE_FLOAT64:
        case DML_TENSOR_DATA_TYPE_UINT64:
        case DML_TENSOR_DATA_TYPE_INT64: return 8;
        default: return 0;
    }
}

const char* dataTypeShortName(DML_TENSOR_DATA_TYPE type) {
    for (const EnumValue& v : kTensorDataTypeEnum.values)
        if (v.value == static_cast<uint32_t>(type)) return v.name + std::strlen(kTensorDataTypeEnum.prefix);
    return "(invalid data type)";
}

// ---------------------------------------------------------------------------------------------------------------
// Operator rows: DML_<NAME>_OPERATOR_DESC fields in declaration order (api/include/vkdml/DirectML.h).
// ---------------------------------------------------------------------------------------------------------------

namespace {

FieldSpec In(const char* name) { return {name, FieldKind::InputTensor}; }
FieldSpec Out(const char* name) { return {name, FieldKind::OutputTensor}; }
FieldSpec F(const char* name) { return {name, FieldKind::Float}; }
FieldSpec U(const char* name) { return {name, FieldKind::UInt}; }
FieldSpec B(const char* name) { return {name, FieldKind::Bool}; }
FieldSpec UArray(const char* name, const char* countField) {
    return {name, FieldKind::UIntArray, false, nullptr, countField};
}
FieldSpec OptIn(const char* name) { return {name, FieldKind::InputTensor, true}; }
FieldSpec E(const char* name, const EnumInfo& info) { return {name, FieldKind::Enum, false, &info}; }
FieldSpec Scalar(const char* name, const char* typeField) {
    return {name, FieldKind::ScalarUnion, false, nullptr, nullptr, typeField};
}
FieldSpec InArray(const char* name, const char* countField) {
    return {name, FieldKind::InputTensorArray, false, nullptr, countField};
}
FieldSpec OptScaleBias() { return {"ScaleBias", FieldKind::ScaleBias, true}; }
FieldSpec OptFusedActivation() { return {"FusedActivation", FieldKind::FusedActivation, true}; }

const std::vector<OperatorSpec>& rows() {
    static const std::vector<OperatorSpec> kRows = {
        {DML_OPERATOR_ELEMENT_WISE_IDENTITY, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ACTIVATION_ELU, {In("InputTensor"), Out("OutputTensor"), F("Alpha")}},
        {DML_OPERATOR_ACTIVATION_HARDMAX, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, {In("InputTensor"), Out("OutputTensor"), F("Alpha"), F("Beta")}},
        {DML_OPERATOR_ACTIVATION_IDENTITY, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_LEAKY_RELU, {In("InputTensor"), Out("OutputTensor"), F("Alpha")}},
        {DML_OPERATOR_ACTIVATION_LINEAR, {In("InputTensor"), Out("OutputTensor"), F("Alpha"), F("Beta")}},
        {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, {In("InputTensor"), In("SlopeTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS,
         {In("InputTensor"), Out("OutputTensor"), F("Alpha"), F("Beta")}},
        {DML_OPERATOR_ACTIVATION_RELU, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_SCALED_ELU, {In("InputTensor"), Out("OutputTensor"), F("Alpha"), F("Gamma")}},
        {DML_OPERATOR_ACTIVATION_SCALED_TANH, {In("InputTensor"), Out("OutputTensor"), F("Alpha"), F("Beta")}},
        {DML_OPERATOR_ACTIVATION_SIGMOID, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_SOFTMAX, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_SOFTPLUS, {In("InputTensor"), Out("OutputTensor"), F("Steepness")}},
        {DML_OPERATOR_ACTIVATION_SOFTSIGN, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_TANH, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, {In("InputTensor"), Out("OutputTensor"), F("Alpha")}},
        {DML_OPERATOR_ACTIVATION_SHRINK, {In("InputTensor"), Out("OutputTensor"), F("Bias"), F("Threshold")}},
        {DML_OPERATOR_ACTIVATION_CELU, {In("InputTensor"), Out("OutputTensor"), F("Alpha")}},
        {DML_OPERATOR_ACTIVATION_RELU_GRAD,
         {In("InputTensor"), In("InputGradientTensor"), Out("OutputGradientTensor")}},
        {DML_OPERATOR_ACTIVATION_GELU, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ACTIVATION_SOFTMAX1,
         {In("InputTensor"), Out("OutputTensor"), U("AxisCount"), UArray("Axes", "AxisCount")}},
        {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1,
         {In("InputTensor"), Out("OutputTensor"), U("AxisCount"), UArray("Axes", "AxisCount")}},
        {DML_OPERATOR_ACTIVATION_HARDMAX1,
         {In("InputTensor"), Out("OutputTensor"), U("AxisCount"), UArray("Axes", "AxisCount")}},
        {DML_OPERATOR_ACTIVATION_SWISH, {In("InputTensor"), Out("OutputTensor"), F("SigmoidInputScale")}},
        {DML_OPERATOR_ACTIVATION_HARD_SWISH, {In("InputTensor"), Out("OutputTensor"), F("Alpha"), F("Beta")}},
        // Element-wise operators (DML_ELEMENT_WISE_*_OPERATOR_DESC) and CAST.
        {DML_OPERATOR_ELEMENT_WISE_ABS, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_ACOS, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_ADD, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_ASIN, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_ATAN, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_CEIL, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_CLIP, {In("InputTensor"), Out("OutputTensor"), OptScaleBias(), F("Min"), F("Max")}},
        {DML_OPERATOR_ELEMENT_WISE_COS, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_DIVIDE, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_EXP, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_FLOOR, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_LOG, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_MAX, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_MEAN, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_MIN, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_POW, {In("InputTensor"), In("ExponentTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW,
         {In("InputTensor"), Out("OutputTensor"), OptScaleBias(), F("Exponent")}},
        {DML_OPERATOR_ELEMENT_WISE_RECIP, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_SIN, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_SQRT, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_TAN, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_THRESHOLD, {In("InputTensor"), Out("OutputTensor"), OptScaleBias(), F("Min")}},
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR,
         {In("InputTensor"), In("ScaleTensor"), OptIn("ZeroPointTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR,
         {In("InputTensor"), In("ScaleTensor"), OptIn("ZeroPointTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_QUANTIZE,
         {In("InputTensor"), E("QuantizationType", kQuantizationTypeEnum), U("QuantizationTensorCount"),
          InArray("QuantizationTensors", "QuantizationTensorCount"), Out("OutputTensor")}},
        {DML_OPERATOR_DEQUANTIZE,
         {In("InputTensor"), E("QuantizationType", kQuantizationTypeEnum), U("QuantizationTensorCount"),
          InArray("QuantizationTensors", "QuantizationTensorCount"), Out("OutputTensor")}},
        {DML_OPERATOR_CAST, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_SIGN, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_IS_NAN, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_ERF, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_SINH, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_COSH, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_TANH, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_ASINH, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_ACOSH, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_ATANH, {In("InputTensor"), Out("OutputTensor"), OptScaleBias()}},
        {DML_OPERATOR_ELEMENT_WISE_IF, {In("ConditionTensor"), In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_ADD1, {In("ATensor"), In("BTensor"), Out("OutputTensor"), OptFusedActivation()}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_ROUND,
         {In("InputTensor"), Out("OutputTensor"), E("RoundingMode", kRoundingModeEnum)}},
        {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
         {In("InputTensor"), Out("OutputTensor"), E("InfinityMode", kIsInfinityModeEnum)}},
        {DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_AND, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_OR, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_XOR, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_NOT, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, {In("InputTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_ATAN_YX, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD,
         {In("InputTensor"), In("InputGradientTensor"), Out("OutputGradientTensor"), F("Min"), F("Max")}},
        {DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE, {In("ATensor"), In("BTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD,
         {In("ATensor"), In("AScaleTensor"), OptIn("AZeroPointTensor"), In("BTensor"), In("BScaleTensor"),
          OptIn("BZeroPointTensor"), In("OutputScaleTensor"), OptIn("OutputZeroPointTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_ELEMENT_WISE_CLIP1,
         {In("InputTensor"), Out("OutputTensor"), OptScaleBias(), E("MinMaxDataType", kTensorDataTypeEnum),
          Scalar("Min", "MinMaxDataType"), Scalar("Max", "MinMaxDataType")}},
        {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1,
         {In("InputTensor"), In("InputGradientTensor"), Out("OutputGradientTensor"),
          E("MinMaxDataType", kTensorDataTypeEnum), Scalar("Min", "MinMaxDataType"),
          Scalar("Max", "MinMaxDataType")}},
        {DML_OPERATOR_ELEMENT_WISE_NEGATE, {In("InputTensor"), Out("OutputTensor")}},
        // Reductions and normalizations (the softmax family is with the activations).
        {DML_OPERATOR_REDUCE,
         {E("Function", kReduceFunctionEnum), In("InputTensor"), Out("OutputTensor"), U("AxisCount"),
          UArray("Axes", "AxisCount")}},
        {DML_OPERATOR_ARGMIN,
         {In("InputTensor"), Out("OutputTensor"), U("AxisCount"), UArray("Axes", "AxisCount"),
          E("AxisDirection", kAxisDirectionEnum)}},
        {DML_OPERATOR_ARGMAX,
         {In("InputTensor"), Out("OutputTensor"), U("AxisCount"), UArray("Axes", "AxisCount"),
          E("AxisDirection", kAxisDirectionEnum)}},
        {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION,
         {In("InputTensor"), OptIn("ScaleTensor"), OptIn("BiasTensor"), Out("OutputTensor"), B("CrossChannel"),
          B("NormalizeVariance"), F("Epsilon"), OptFusedActivation()}},
        {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1,
         {In("InputTensor"), OptIn("ScaleTensor"), OptIn("BiasTensor"), Out("OutputTensor"), U("AxisCount"),
          UArray("Axes", "AxisCount"), B("NormalizeVariance"), F("Epsilon"), OptFusedActivation()}},
        {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2,
         {In("InputTensor"), OptIn("ScaleTensor"), OptIn("BiasTensor"), Out("OutputTensor"), U("AxisCount"),
          UArray("Axes", "AxisCount"), B("UseMean"), B("UseVariance"), F("Epsilon"), OptFusedActivation()}},
        {DML_OPERATOR_BATCH_NORMALIZATION,
         {In("InputTensor"), In("MeanTensor"), In("VarianceTensor"), In("ScaleTensor"), In("BiasTensor"),
          Out("OutputTensor"), B("Spatial"), F("Epsilon"), OptFusedActivation()}},
        {DML_OPERATOR_BATCH_NORMALIZATION_TRAINING,
         {In("InputTensor"), In("ScaleTensor"), In("BiasTensor"), OptIn("FusedAddTensor"), Out("OutputTensor"),
          Out("OutputMeanTensor"), Out("OutputVarianceTensor"), F("Epsilon"), OptFusedActivation()}},
        {DML_OPERATOR_LP_NORMALIZATION, {In("InputTensor"), Out("OutputTensor"), U("Axis"), F("Epsilon"), U("P")}},
        {DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION,
         {In("InputTensor"), Out("OutputTensor"), B("CrossChannel"), U("LocalSize"), F("Alpha"), F("Beta"),
          F("Bias")}},
        {DML_OPERATOR_CUMULATIVE_SUMMATION,
         {In("InputTensor"), Out("OutputTensor"), U("Axis"), E("AxisDirection", kAxisDirectionEnum),
          B("HasExclusiveSum")}},
        {DML_OPERATOR_CUMULATIVE_PRODUCT,
         {In("InputTensor"), Out("OutputTensor"), U("Axis"), E("AxisDirection", kAxisDirectionEnum),
          B("HasExclusiveProduct")}},
        // Matrix multiplication.
        {DML_OPERATOR_GEMM,
         {In("ATensor"), In("BTensor"), OptIn("CTensor"), Out("OutputTensor"), E("TransA", kMatrixTransformEnum),
          E("TransB", kMatrixTransformEnum), F("Alpha"), F("Beta"), OptFusedActivation()}},
        {DML_OPERATOR_MATRIX_MULTIPLY_INTEGER,
         {In("ATensor"), OptIn("AZeroPointTensor"), In("BTensor"), OptIn("BZeroPointTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY,
         {In("ATensor"), In("AScaleTensor"), OptIn("AZeroPointTensor"), In("BTensor"), In("BScaleTensor"),
          OptIn("BZeroPointTensor"), In("OutputScaleTensor"), OptIn("OutputZeroPointTensor"), Out("OutputTensor")}},
        {DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT,
         {In("ATensor"), In("AScaleTensor"), OptIn("AZeroPointTensor"), In("BTensor"), In("BScaleTensor"),
          OptIn("BZeroPointTensor"), OptIn("BiasTensor"), Out("OutputTensor")}},
    };
    return kRows;
}

}  // namespace

const std::vector<OperatorSpec>& operatorSpecs() { return rows(); }

const OperatorSpec* findOperatorSpec(DML_OPERATOR_TYPE type) {
    for (const OperatorSpec& spec : rows())
        if (spec.type == type) return &spec;
    return nullptr;
}

size_t fieldSize(FieldKind kind) {
    switch (kind) {
        case FieldKind::Float:
        case FieldKind::UInt:
        case FieldKind::Int:
        case FieldKind::Bool:
        case FieldKind::Enum: return 4;
        case FieldKind::ScalarUnion: return sizeof(DML_SCALAR_UNION);
        default: return sizeof(void*);
    }
}

size_t fieldAlignment(FieldKind kind) {
    return kind == FieldKind::ScalarUnion ? alignof(DML_SCALAR_UNION) : fieldSize(kind);
}

DescLayout computeLayout(const OperatorSpec& spec) {
    DescLayout layout;
    size_t offset = 0;
    for (const FieldSpec& field : spec.fields) {
        const size_t alignment = fieldAlignment(field.kind);
        offset = (offset + alignment - 1) / alignment * alignment;
        layout.offsets.push_back(offset);
        offset += fieldSize(field.kind);
        if (alignment > layout.alignment) layout.alignment = alignment;
    }
    layout.size = (offset + layout.alignment - 1) / layout.alignment * layout.alignment;
    return layout;
}

}  // namespace vkdml::dispatch
