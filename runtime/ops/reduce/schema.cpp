#include "ops/reduce/schema.h"

#include <iterator>

namespace vkdml::reduce {

using namespace dml;

namespace {


// REDUCE: the union over its functions (each function's own types are checked with the shapes): 4-D from 1_0,
// 8- to 32-bit integers from 2_1, 1-8-D from 3_0, 64-bit integers from 5_0.
constexpr SupportRow kReduceRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_5_0, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kReduceSupport{kReduceRows, std::size(kReduceRows)};
// REDUCE's output: the input's type, or an index type for ARGMAX and ARGMIN (checked with the shapes).
constexpr SupportRow kReduceOutputRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes | kTypeMask(DML_TENSOR_DATA_TYPE_UINT32)},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kReduceOutputSupport{kReduceOutputRows, std::size(kReduceOutputRows)};

// ARGMIN, ARGMAX: from 3_0, 64-bit integer inputs from 4_1; outputs INT32, UINT32, INT64, UINT64.
constexpr SupportRow kArgRows[] = {
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kArgSupport{kArgRows, std::size(kArgRows)};
constexpr SupportRow kIndexRows[] = {{DML_FEATURE_LEVEL_3_0, 1, 8, kI32U32 | kInts64}};
constexpr SupportTable kIndexSupport{kIndexRows, std::size(kIndexRows)};

// SOFTMAX, LOG_SOFTMAX, HARDMAX: 4-D at 1_0, 4-5-D at 2_0, 1-8-D from 3_0.
constexpr SupportRow kSoftmaxRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kSoftmaxSupport{kSoftmaxRows, std::size(kSoftmaxRows)};
constexpr SupportRow kAnyRankFloatRows[] = {{DML_FEATURE_LEVEL_1_0, 1, 8, kFloatTypes}};
constexpr SupportTable kAnyRankFloatSupport{kAnyRankFloatRows, std::size(kAnyRankFloatRows)};

// MEAN_VARIANCE_NORMALIZATION: 4-D. MVN1: 4-D from 2_1, 1-8-D from 3_1. MVN2 (6_3) follows MVN1's table.
constexpr SupportRow kMvnRows[] = {{DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes}};
constexpr SupportTable kMvnSupport{kMvnRows, std::size(kMvnRows)};
constexpr SupportRow kMvn1Rows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes},
};
constexpr SupportTable kMvn1Support{kMvn1Rows, std::size(kMvn1Rows)};

// BATCH_NORMALIZATION: 4-D from 1_0, 1-8-D from 3_1. BATCH_NORMALIZATION_TRAINING (4_1): 1-8-D.
// LOCAL_RESPONSE_NORMALIZATION: 4-D at every level.
constexpr SupportRow kBatchNormRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes},
};
constexpr SupportTable kBatchNormSupport{kBatchNormRows, std::size(kBatchNormRows)};
constexpr SupportRow kBatchNormTrainingRows[] = {{DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes}};
constexpr SupportTable kBatchNormTrainingSupport{kBatchNormTrainingRows, std::size(kBatchNormTrainingRows)};
constexpr SupportRow kLrnRows[] = {{DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes}};
constexpr SupportTable kLrnSupport{kLrnRows, std::size(kLrnRows)};

// LP_NORMALIZATION: 4-D from 1_0, 1-8-D from 3_1.
constexpr SupportRow kLpRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes},
};
constexpr SupportTable kLpSupport{kLpRows, std::size(kLpRows)};
// CUMULATIVE_SUMMATION (2_1) and CUMULATIVE_PRODUCT (3_1): 4-D, 1-8-D from 4_0, 64-bit integers from 5_0.
constexpr SupportRow kScanRows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_4_0, 1, 8, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_5_0, 1, 8, kFloatTypes | kI32U32 | kInts64},
};
constexpr SupportTable kScanSupport{kScanRows, std::size(kScanRows)};

constexpr FieldSpec kIn{"InputTensor", FieldKind::InputTensor};
constexpr FieldSpec kOut{"OutputTensor", FieldKind::OutputTensor};
constexpr FieldSpec kAxes{"Axes", FieldKind::UintArray, FloatRule::Any, nullptr, 0, 0, false, "AxisCount"};
// Scale and bias: optional at every level (both or neither below 5_2, checked with the shapes); a dimension of
// size 1 repeats along the input's.
constexpr FieldSpec kScale{"ScaleTensor", FieldKind::InputTensor, FloatRule::Any, nullptr, 0, DML_FEATURE_LEVEL_1_0,
                           true};
constexpr FieldSpec kBias{"BiasTensor", FieldKind::InputTensor, FloatRule::Any, nullptr, 0, DML_FEATURE_LEVEL_1_0,
                          true};
constexpr FieldSpec kEpsilon{"Epsilon", FieldKind::Float};
constexpr FieldSpec kFused{"FusedActivation", FieldKind::FusedActivation};

constexpr FieldSpec kReduceFields[] = {
    {"Function", FieldKind::Enum, FloatRule::Any, nullptr, DML_REDUCE_FUNCTION_SUM_SQUARE + 1},
    kIn,
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kReduceOutputSupport},
    kAxes,
};
constexpr FieldSpec kArgFields[] = {
    kIn,
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kIndexSupport},
    kAxes,
    {"AxisDirection", FieldKind::Enum, FloatRule::Any, nullptr, DML_AXIS_DIRECTION_DECREASING + 1},
};
constexpr FieldSpec kLastAxisFields[] = {kIn, kOut};
constexpr FieldSpec kAxesFields[] = {kIn, kOut, kAxes};
constexpr FieldSpec kMvnFields[] = {kIn,  kScale, kBias, kOut, {"CrossChannel", FieldKind::Uint},
                                    {"NormalizeVariance", FieldKind::Uint}, kEpsilon, kFused};
constexpr FieldSpec kMvn1Fields[] = {kIn, kScale, kBias, kOut, kAxes, {"NormalizeVariance", FieldKind::Uint},
                                     kEpsilon, kFused};
constexpr FieldSpec kMvn2Fields[] = {kIn,  kScale, kBias, kOut, kAxes, {"UseMean", FieldKind::Uint},
                                     {"UseVariance", FieldKind::Uint}, kEpsilon, kFused};

// BATCH_NORMALIZATION: every tensor required; Spatial has had no effect since 4_0 (vkdml ignores it at every level).
constexpr FieldSpec kBatchNormFields[] = {kIn,
                                          {"MeanTensor", FieldKind::InputTensor},
                                          {"VarianceTensor", FieldKind::InputTensor},
                                          {"ScaleTensor", FieldKind::InputTensor},
                                          {"BiasTensor", FieldKind::InputTensor},
                                          kOut,
                                          {"Spatial", FieldKind::Uint},
                                          kEpsilon,
                                          kFused};
constexpr FieldSpec kBatchNormTrainingFields[] = {
    kIn,
    {"ScaleTensor", FieldKind::InputTensor},
    {"BiasTensor", FieldKind::InputTensor},
    {"FusedAddTensor", FieldKind::InputTensor, FloatRule::Any, nullptr, 0, DML_FEATURE_LEVEL_1_0},
    kOut,
    {"OutputMeanTensor", FieldKind::OutputTensor},
    {"OutputVarianceTensor", FieldKind::OutputTensor},
    kEpsilon,
    kFused};
constexpr FieldSpec kLrnFields[] = {kIn,  kOut, {"CrossChannel", FieldKind::Uint}, {"LocalSize", FieldKind::Uint},
                                    {"Alpha", FieldKind::Float}, {"Beta", FieldKind::Float}, {"Bias", FieldKind::Float}};

constexpr FieldSpec kAxis{"Axis", FieldKind::Uint};
constexpr FieldSpec kDirection{"AxisDirection", FieldKind::Enum, FloatRule::Any, nullptr,
                               DML_AXIS_DIRECTION_DECREASING + 1};
constexpr FieldSpec kLpFields[] = {kIn, kOut, kAxis, kEpsilon, {"P", FieldKind::Uint}};
constexpr FieldSpec kCumulativeSumFields[] = {kIn, kOut, kAxis, kDirection, {"HasExclusiveSum", FieldKind::Uint}};
constexpr FieldSpec kCumulativeProductFields[] = {kIn, kOut, kAxis, kDirection,
                                                  {"HasExclusiveProduct", FieldKind::Uint}};

#define VKDML_FIELDS(array) array, static_cast<uint32_t>(std::size(array))

// type, fields, support, in place, kernel label
constexpr OperatorSchema kSchemas[] = {
    {DML_OPERATOR_REDUCE, VKDML_FIELDS(kReduceFields), &kReduceSupport, false, "reduce"},
    {DML_OPERATOR_ARGMIN, VKDML_FIELDS(kArgFields), &kArgSupport, false, "argmin"},
    {DML_OPERATOR_ARGMAX, VKDML_FIELDS(kArgFields), &kArgSupport, false, "argmax"},
    {DML_OPERATOR_ACTIVATION_SOFTMAX, VKDML_FIELDS(kLastAxisFields), &kSoftmaxSupport, false, "softmax"},
    {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX, VKDML_FIELDS(kLastAxisFields), &kSoftmaxSupport, false, "log_softmax"},
    {DML_OPERATOR_ACTIVATION_HARDMAX, VKDML_FIELDS(kLastAxisFields), &kSoftmaxSupport, false, "hardmax"},
    {DML_OPERATOR_ACTIVATION_SOFTMAX1, VKDML_FIELDS(kAxesFields), &kAnyRankFloatSupport, false, "softmax"},
    {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1, VKDML_FIELDS(kAxesFields), &kAnyRankFloatSupport, false, "log_softmax"},
    {DML_OPERATOR_ACTIVATION_HARDMAX1, VKDML_FIELDS(kAxesFields), &kAnyRankFloatSupport, false, "hardmax"},
    {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION, VKDML_FIELDS(kMvnFields), &kMvnSupport, false, "mvn"},
    {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1, VKDML_FIELDS(kMvn1Fields), &kMvn1Support, false, "mvn"},
    {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2, VKDML_FIELDS(kMvn2Fields), &kAnyRankFloatSupport, false, "mvn"},
    {DML_OPERATOR_LP_NORMALIZATION, VKDML_FIELDS(kLpFields), &kLpSupport, false, "lp_normalization"},
    {DML_OPERATOR_BATCH_NORMALIZATION, VKDML_FIELDS(kBatchNormFields), &kBatchNormSupport, false,
     "batch_normalization"},
    {DML_OPERATOR_BATCH_NORMALIZATION_TRAINING, VKDML_FIELDS(kBatchNormTrainingFields), &kBatchNormTrainingSupport,
     false, "batch_normalization_training"},
    {DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION, VKDML_FIELDS(kLrnFields), &kLrnSupport,
     false, "local_response_normalization"},
    {DML_OPERATOR_CUMULATIVE_SUMMATION, VKDML_FIELDS(kCumulativeSumFields), &kScanSupport, true, "cumulative_sum"},
    {DML_OPERATOR_CUMULATIVE_PRODUCT, VKDML_FIELDS(kCumulativeProductFields), &kScanSupport, true,
     "cumulative_product"},
};

}  // namespace

const OperatorSchema* schemaOf(DML_OPERATOR_TYPE type) {
    for (const OperatorSchema& s : kSchemas)
        if (s.type == type) return &s;
    return nullptr;
}

}  // namespace vkdml::reduce
