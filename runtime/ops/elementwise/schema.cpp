// The element-wise family's schema rows: every element-wise DirectML operator vkdml runs, its desc's fields in
// struct order, the feature-level table its tensors follow, whether it may run in place, and its kernel label.
#include "ops/elementwise/schema.h"

#include <iterator>

#include "core/error.h"
#include "dml/operator_desc.h"

namespace vkdml::elementwise {

using namespace dml;

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


// The element-wise family: the data types DirectML lists for each operator, per feature level.
constexpr uint32_t kI32U32 = kTypeMask(DML_TENSOR_DATA_TYPE_INT32) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT32);
constexpr uint32_t kInts8To32 = kSignedTypes | kUnsignedTypes;
constexpr uint32_t kInts64 = kTypeMask(DML_TENSOR_DATA_TYPE_INT64) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT64);
constexpr uint32_t kBool = kTypeMask(DML_TENSOR_DATA_TYPE_UINT8) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT32);
constexpr uint32_t kUnsigned8To32 = kUnsignedTypes;

// ADD, SUBTRACT, MULTIPLY
constexpr SupportRow kAddRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 5, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kI32U32 | kInts64},
    {DML_FEATURE_LEVEL_5_1, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kAddSupport{kAddRows, std::size(kAddRows)};
constexpr SupportRow kDivideRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_5_1, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_6_0, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kDivideSupport{kDivideRows, std::size(kDivideRows)};
constexpr SupportRow kMaxMinRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_5_0, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kMaxMinSupport{kMaxMinRows, std::size(kMaxMinRows)};
constexpr SupportRow kMeanRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kI32U32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kI32U32},
};
constexpr SupportTable kMeanSupport{kMeanRows, std::size(kMeanRows)};
constexpr SupportRow kDifferenceSquareRows[] = {{DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes | kI32U32}};
constexpr SupportTable kDifferenceSquareSupport{kDifferenceSquareRows, std::size(kDifferenceSquareRows)};
// MODULUS_TRUNCATE, MODULUS_FLOOR: 64-bit integers from 6_0.
constexpr SupportRow kModulusRows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_6_0, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kModulusSupport{kModulusRows, std::size(kModulusRows)};

// Comparisons: the inputs' table, and the output's (UINT32, UINT8 from 2_0).
constexpr SupportRow kCompareRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kCompareSupport{kCompareRows, std::size(kCompareRows)};
constexpr SupportRow kCompare30Rows[] = {
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kCompare30Support{kCompare30Rows, std::size(kCompare30Rows)};
constexpr SupportRow kBoolRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kTypeMask(DML_TENSOR_DATA_TYPE_UINT32)},
    {DML_FEATURE_LEVEL_2_0, 4, 4, kBool},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kBool},
};
constexpr SupportTable kBoolSupport{kBoolRows, std::size(kBoolRows)};  // comparison outputs, LOGICAL_*

constexpr SupportRow kBitRows[] = {
    {DML_FEATURE_LEVEL_3_0, 1, 8, kUnsigned8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kAllTypes},
};
constexpr SupportTable kBitSupport{kBitRows, std::size(kBitRows)};
constexpr SupportRow kBitCountOutputRows[] = {{DML_FEATURE_LEVEL_3_0, 1, 8, kBool}};
constexpr SupportTable kBitCountOutputSupport{kBitCountOutputRows, std::size(kBitCountOutputRows)};
constexpr SupportRow kShiftRows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, kUnsigned8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kUnsigned8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kUnsigned8To32 | kTypeMask(DML_TENSOR_DATA_TYPE_UINT64)},
};
constexpr SupportTable kShiftSupport{kShiftRows, std::size(kShiftRows)};

// ELEMENT_WISE_IF: A, B and Output (the 2_0 page lists FLOAT16 only; FLOAT32 is taken as a documentation slip),
// and the UINT8 condition.
constexpr SupportRow kIfRows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_5_0, 1, 8, kAllTypes},
};
constexpr SupportTable kIfSupport{kIfRows, std::size(kIfRows)};
constexpr SupportRow kConditionRows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, kTypeMask(DML_TENSOR_DATA_TYPE_UINT8)},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kTypeMask(DML_TENSOR_DATA_TYPE_UINT8)},
};
constexpr SupportTable kConditionSupport{kConditionRows, std::size(kConditionRows)};

// CAST: any pair of the listed types.
constexpr SupportRow kCastRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT32) | kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT16) | kTypeMask(DML_TENSOR_DATA_TYPE_INT16) | kTypeMask(DML_TENSOR_DATA_TYPE_INT8) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT16) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT8)},
    {DML_FEATURE_LEVEL_3_0, 4, 4, kFloatTypes | kInts8To32 | kInts64},
    {DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes | kInts8To32 | kInts64},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kAllTypes},
};
constexpr SupportTable kCastSupport{kCastRows, std::size(kCastRows)};

// Unary operators: the float math functions, then the other single-input operators.
constexpr SupportRow kFloatMathRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kFloatMathSupport{kFloatMathRows, std::size(kFloatMathRows)};
constexpr uint32_t kSigned8To32 = kSignedTypes;
constexpr SupportRow kAbsRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kSigned8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kSigned8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kSigned8To32 | kTypeMask(DML_TENSOR_DATA_TYPE_INT64)},
};
constexpr SupportTable kAbsSupport{kAbsRows, std::size(kAbsRows)};
constexpr SupportRow kNegateRows[] = {{DML_FEATURE_LEVEL_5_0, 1, 8, kFloatTypes | kSigned8To32 | kTypeMask(DML_TENSOR_DATA_TYPE_INT64)}};
constexpr SupportTable kNegateSupport{kNegateRows, std::size(kNegateRows)};
constexpr SupportRow kSignRows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_4_1, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kSignSupport{kSignRows, std::size(kSignRows)};
constexpr SupportRow kRoundRows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kRoundSupport{kRoundRows, std::size(kRoundRows)};
constexpr SupportRow kIsNanRows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kIsNanSupport{kIsNanRows, std::size(kIsNanRows)};
constexpr SupportRow kIsNanOutputRows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 4, kBool},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kBool},
};
constexpr SupportTable kIsNanOutputSupport{kIsNanOutputRows, std::size(kIsNanOutputRows)};
constexpr SupportRow kIsInfinityOutputRows[] = {
    {DML_FEATURE_LEVEL_2_1, 4, 4, kTypeMask(DML_TENSOR_DATA_TYPE_UINT8)},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kTypeMask(DML_TENSOR_DATA_TYPE_UINT8)},
};
constexpr SupportTable kIsInfinityOutputSupport{kIsInfinityOutputRows, std::size(kIsInfinityOutputRows)};
constexpr SupportRow kThresholdRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
};
constexpr SupportTable kThresholdSupport{kThresholdRows, std::size(kThresholdRows)};
constexpr SupportRow kClipRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_5_0, 1, 8, kFloatTypes | kInts8To32 | kInts64},
};
constexpr SupportTable kClipSupport{kClipRows, std::size(kClipRows)};
constexpr uint32_t kAll10 = kFloatTypes | kInts8To32 | kInts64;
constexpr SupportRow kAll10From50Rows[] = {{DML_FEATURE_LEVEL_5_0, 1, 8, kAll10}};  // CLIP1, CLIP_GRAD1
constexpr SupportTable kAll10From50Support{kAll10From50Rows, std::size(kAll10From50Rows)};
constexpr SupportRow kClipGradRows[] = {
    {DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes | kInts8To32},
    {DML_FEATURE_LEVEL_5_0, 1, 8, kAll10},
};
constexpr SupportTable kClipGradSupport{kClipGradRows, std::size(kClipGradRows)};
// RELU_GRAD: 4-D at 3_0 and 1-8-D from 3_1 (the feature-level history's "4 -> 8 at 3_1"; the operator page's
// table shows 1-8 without a level), signed integers from 5_1.
constexpr SupportRow kReluGradRows[] = {
    {DML_FEATURE_LEVEL_3_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes},
    {DML_FEATURE_LEVEL_5_1, 1, 8, kFloatTypes | kSigned8To32},
};
constexpr SupportTable kReluGradSupport{kReluGradRows, std::size(kReluGradRows)};
// ADD1: floats only (its FusedActivation applies to FLOAT32/FLOAT16 outputs).
constexpr SupportRow kAdd1Rows[] = {
    {DML_FEATURE_LEVEL_2_0, 4, 5, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kAdd1Support{kAdd1Rows, std::size(kAdd1Rows)};

// POW: FLOAT32 and FLOAT16 at 1_0 (4-D); from 3_0 1-8-D and 8- to 32-bit integers, the exponent's type its own
// (below 3_0 it must be the input's: checked in operator_desc.cpp). ATAN_YX: 3_1.
constexpr SupportRow kPowRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kFloatTypes | kInts8To32},
};
constexpr SupportTable kPowSupport{kPowRows, std::size(kPowRows)};
constexpr SupportRow kAtanYxRows[] = {{DML_FEATURE_LEVEL_3_1, 1, 8, kFloatTypes}};
constexpr SupportTable kAtanYxSupport{kAtanYxRows, std::size(kAtanYxRows)};

// Quantization: every tensor has a table of its own; the rules between
// their types are the operators' checkTypes.
constexpr uint32_t kI8U8 = kTypeMask(DML_TENSOR_DATA_TYPE_INT8) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT8);
constexpr uint32_t kF32 = kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT32);
constexpr uint32_t kI32 = kTypeMask(DML_TENSOR_DATA_TYPE_INT32);
constexpr uint32_t kU8 = kTypeMask(DML_TENSOR_DATA_TYPE_UINT8);
constexpr SupportRow kQuantizeInputRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kF32},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kF32 | kI32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kF32 | kI32},
    {DML_FEATURE_LEVEL_6_0, 1, 8, kFloatTypes | kI32},
};
constexpr SupportTable kQuantizeInputSupport{kQuantizeInputRows, std::size(kQuantizeInputRows)};
// QUANTIZE_LINEAR's ScaleTensor, DEQUANTIZE_LINEAR's ScaleTensor and OutputTensor
constexpr SupportRow kQuantScaleRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kF32},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kF32},
    {DML_FEATURE_LEVEL_6_0, 1, 8, kFloatTypes},
};
constexpr SupportTable kQuantScaleSupport{kQuantScaleRows, std::size(kQuantScaleRows)};
// QUANTIZE_LINEAR's ZeroPointTensor and OutputTensor
constexpr SupportRow kQuantizedRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kU8},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kI8U8},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kI8U8},
};
constexpr SupportTable kQuantizedSupport{kQuantizedRows, std::size(kQuantizedRows)};
// DEQUANTIZE_LINEAR's InputTensor and ZeroPointTensor
constexpr SupportRow kDequantizeInputRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kU8},
    {DML_FEATURE_LEVEL_2_1, 4, 4, kSignedTypes | kUnsignedTypes},
    {DML_FEATURE_LEVEL_3_0, 1, 8, kSignedTypes | kUnsignedTypes},
};
constexpr SupportTable kDequantizeInputSupport{kDequantizeInputRows, std::size(kDequantizeInputRows)};

void requireSameType(const OperatorInfo& info, const std::string& prefix, uint32_t slot, const TensorLayout& other,
                     const char* otherName) {
    const TensorLayout* t = info.slotInput(slot);
    if (t && t->dataType != other.dataType)
        fail(E_INVALIDARG, prefix + (slot < info.inputSlotNames.size() ? info.inputSlotNames[slot] : "input") +
                               ".DataType = " + dataTypeName(t->dataType) + " differs from " + otherName +
                               ".DataType = " + dataTypeName(other.dataType));
}

// QUANTIZE_LINEAR: ZeroPointTensor has OutputTensor's type; ScaleTensor is FLOAT32 for an INT32 input, else the
// input's type.
void checkQuantizeLinearTypes(const OperatorInfo& info, const std::string& prefix) {
    requireSameType(info, prefix, 2, info.outputs[0], "OutputTensor");
    const TensorLayout& input = info.inputs[0];
    const TensorLayout& scale = info.inputs[1];
    if (input.dataType == DML_TENSOR_DATA_TYPE_INT32)
        require(scale.dataType == DML_TENSOR_DATA_TYPE_FLOAT32,
                prefix + "ScaleTensor.DataType = " + dataTypeName(scale.dataType) +
                    ": must be FLOAT32 when InputTensor.DataType is INT32");
    else
        requireSameType(info, prefix, 1, input, "InputTensor");
}

// DEQUANTIZE_LINEAR: ZeroPointTensor has InputTensor's type, OutputTensor has ScaleTensor's.
void checkDequantizeLinearTypes(const OperatorInfo& info, const std::string& prefix) {
    requireSameType(info, prefix, 2, info.inputs[0], "InputTensor");
    const TensorLayout& out = info.outputs[0];
    const TensorLayout& scale = info.inputs[1];
    require(out.dataType == scale.dataType, prefix + "OutputTensor.DataType = " + dataTypeName(out.dataType) +
                                                " differs from ScaleTensor.DataType = " + dataTypeName(scale.dataType));
}

constexpr FieldSpec kQuantizeLinearFields[] = {
    {"InputTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizeInputSupport},
    {"ScaleTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantScaleSupport},
    {"ZeroPointTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedSupport, 0, DML_FEATURE_LEVEL_6_2},
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kQuantizedSupport}};
constexpr FieldSpec kDequantizeLinearFields[] = {
    {"InputTensor", FieldKind::InputTensor, FloatRule::Any, &kDequantizeInputSupport},
    {"ScaleTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantScaleSupport},
    {"ZeroPointTensor", FieldKind::InputTensor, FloatRule::Any, &kDequantizeInputSupport, 0, DML_FEATURE_LEVEL_6_2},
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kQuantScaleSupport}};

// ELEMENT_WISE_QUANTIZED_LINEAR_ADD (4_0): A, B, the zero points and the output INT8 or UINT8, the scales FLOAT32;
// scales and zero points hold one element (or the output's sizes); zero points optional.
constexpr SupportRow kQuantizedAddRows[] = {{DML_FEATURE_LEVEL_4_0, 1, 8, kI8U8}};
constexpr SupportTable kQuantizedAddSupport{kQuantizedAddRows, std::size(kQuantizedAddRows)};
constexpr SupportRow kQuantizedAddScaleRows[] = {{DML_FEATURE_LEVEL_4_0, 1, 8, kF32}};
constexpr SupportTable kQuantizedAddScaleSupport{kQuantizedAddScaleRows, std::size(kQuantizedAddScaleRows)};

// QUANTIZED_LINEAR_ADD: each zero point has its tensor's type (slots: A 0, AScale 1, AZeroPoint 2, B 3, BScale 4,
// BZeroPoint 5, OutputScale 6, OutputZeroPoint 7).
void checkQuantizedAddTypes(const OperatorInfo& info, const std::string& prefix) {
    requireSameType(info, prefix, 2, *info.slotInput(0), "ATensor");
    requireSameType(info, prefix, 5, *info.slotInput(3), "BTensor");
    requireSameType(info, prefix, 7, info.outputs[0], "OutputTensor");
}

constexpr FieldSpec kQuantizedAddFields[] = {
    {"ATensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddSupport},
    {"AScaleTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddScaleSupport, 0, 0, true},
    {"AZeroPointTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddSupport, 0, DML_FEATURE_LEVEL_4_0, true},
    {"BTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddSupport},
    {"BScaleTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddScaleSupport, 0, 0, true},
    {"BZeroPointTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddSupport, 0, DML_FEATURE_LEVEL_4_0, true},
    {"OutputScaleTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddScaleSupport, 0, 0, true},
    {"OutputZeroPointTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizedAddSupport, 0, DML_FEATURE_LEVEL_4_0,
     true},
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kQuantizedAddSupport}};

// QUANTIZE and DEQUANTIZE (6_3): QuantizationTensors = [scale] or [scale, zero point] (reference section 9; their
// semantics are inferred from QUANTIZE_LINEAR and the callers). INT4/UINT4: two elements per byte, low nibble first.
constexpr uint32_t k4Bit = k4BitTypes;
constexpr SupportRow kQuantizeFloatRows[] = {{DML_FEATURE_LEVEL_6_3, 1, 8, kFloatTypes}};
constexpr SupportTable kQuantizeFloatSupport{kQuantizeFloatRows, std::size(kQuantizeFloatRows)};
constexpr SupportRow kQuantizeIntRows[] = {{DML_FEATURE_LEVEL_6_3, 1, 8, kI8U8 | k4Bit}};
constexpr SupportTable kQuantizeIntSupport{kQuantizeIntRows, std::size(kQuantizeIntRows)};
constexpr SupportRow kQuantizationTensorRows[] = {{DML_FEATURE_LEVEL_6_3, 1, 8, kFloatTypes | kI8U8 | k4Bit}};
constexpr SupportTable kQuantizationTensorSupport{kQuantizationTensorRows, std::size(kQuantizationTensorRows)};

// The scale (QuantizationTensors[0], slot 1) FLOAT32 or FLOAT16; the zero point (slot 2) of the quantized tensor's
// type (the output of QUANTIZE, the input of DEQUANTIZE); DEQUANTIZE's output of the scale's type.
void checkQuantizationScale(const OperatorInfo& info, const std::string& prefix) {
    const TensorLayout& scale = info.inputs[1];
    if (!(kFloatTypes & kTypeMask(scale.dataType)))
        fail(E_INVALIDARG, prefix + "QuantizationTensors[0].DataType = " + dataTypeName(scale.dataType) +
                               ": the scale must be FLOAT32 or FLOAT16");
}
void checkQuantizeTypes(const OperatorInfo& info, const std::string& prefix) {
    checkQuantizationScale(info, prefix);
    requireSameType(info, prefix, 2, info.outputs[0], "OutputTensor");
}
void checkDequantizeTypes(const OperatorInfo& info, const std::string& prefix) {
    checkQuantizationScale(info, prefix);
    requireSameType(info, prefix, 2, info.inputs[0], "InputTensor");
    const TensorLayout& out = info.outputs[0];
    if (out.dataType != info.inputs[1].dataType)
        fail(E_INVALIDARG, prefix + "OutputTensor.DataType = " + dataTypeName(out.dataType) +
                               " differs from QuantizationTensors[0].DataType = " +
                               dataTypeName(info.inputs[1].dataType) + " (the scale's type)");
}

constexpr FieldSpec kQuantizationType{"QuantizationType", FieldKind::Enum, FloatRule::Any, nullptr, 3};
constexpr FieldSpec kQuantizationTensors{"QuantizationTensors", FieldKind::QuantizationTensors, FloatRule::Any,
                                         &kQuantizationTensorSupport, 0, 0, true};
constexpr FieldSpec kQuantizeFields[] = {
    {"InputTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizeFloatSupport}, kQuantizationType,
    kQuantizationTensors, {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kQuantizeIntSupport}};
constexpr FieldSpec kDequantizeFields[] = {
    {"InputTensor", FieldKind::InputTensor, FloatRule::Any, &kQuantizeIntSupport}, kQuantizationType,
    kQuantizationTensors, {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kQuantizeFloatSupport}};

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

constexpr FieldSpec kA{"ATensor", FieldKind::InputTensor};
constexpr FieldSpec kB{"BTensor", FieldKind::InputTensor};
constexpr FieldSpec kBinaryFields[] = {kA, kB, kOut};
constexpr FieldSpec kCompareFields[] = {kA, kB, {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kBoolSupport}};
constexpr FieldSpec kBitCountFields[] = {kIn, {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kBitCountOutputSupport}};
constexpr FieldSpec kIfFields[] = {{"ConditionTensor", FieldKind::InputTensor, FloatRule::Any, &kConditionSupport}, kA, kB,
                                   kOut};
constexpr FieldSpec kCastFields[] = {{"InputTensor", FieldKind::InputTensor, FloatRule::Any, &kCastSupport},
                                     {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kCastSupport}};

constexpr FieldSpec kScaleBias{"ScaleBias", FieldKind::OptionalScaleBias};
constexpr FieldSpec kRoundFields[] = {kIn, kOut, {"RoundingMode", FieldKind::Enum, FloatRule::Any, nullptr, 3}};
constexpr FieldSpec kIsNanFields[] = {kIn, {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kIsNanOutputSupport}};
constexpr FieldSpec kIsInfinityFields[] = {
    kIn, {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kIsInfinityOutputSupport},
    {"InfinityMode", FieldKind::Enum, FloatRule::Any, nullptr, 3}};
constexpr FieldSpec kThresholdFields[] = {kIn, kOut, kScaleBias, {"Min", FieldKind::Float}};
constexpr FieldSpec kConstantPowFields[] = {kIn, kOut, kScaleBias, {"Exponent", FieldKind::Float}};
constexpr FieldSpec kPowFields[] = {kIn, {"ExponentTensor", FieldKind::InputTensor, FloatRule::Any, &kPowSupport}, kOut,
                                    kScaleBias};
constexpr FieldSpec kClipFields[] = {kIn, kOut, kScaleBias, {"Min", FieldKind::Float}, {"Max", FieldKind::Float}};
constexpr FieldSpec kMinMaxDataType{"MinMaxDataType", FieldKind::ScalarDataType};
constexpr FieldSpec kClip1Fields[] = {kIn, kOut, kScaleBias, kMinMaxDataType, {"Min", FieldKind::Scalar},
                                      {"Max", FieldKind::Scalar}};
constexpr FieldSpec kInGrad{"InputGradientTensor", FieldKind::InputTensor};
constexpr FieldSpec kOutGrad{"OutputGradientTensor", FieldKind::OutputTensor};
constexpr FieldSpec kReluGradFields[] = {kIn, kInGrad, kOutGrad};
constexpr FieldSpec kClipGradFields[] = {kIn, kInGrad, kOutGrad, {"Min", FieldKind::Float}, {"Max", FieldKind::Float}};
constexpr FieldSpec kClipGrad1Fields[] = {kIn, kInGrad, kOutGrad, kMinMaxDataType, {"Min", FieldKind::Scalar},
                                          {"Max", FieldKind::Scalar}};
constexpr FieldSpec kAdd1Fields[] = {kA, kB, kOut, {"FusedActivation", FieldKind::FusedActivation}};

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
    // General kernels (runtime/ops/elementwise/general_lowering.cpp)
    {DML_OPERATOR_ELEMENT_WISE_ADD, VKDML_FIELDS(kBinaryFields), &kAddSupport, true, "add"},
    {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, VKDML_FIELDS(kBinaryFields), &kAddSupport, true, "subtract"},
    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, VKDML_FIELDS(kBinaryFields), &kAddSupport, true, "multiply"},
    {DML_OPERATOR_ELEMENT_WISE_DIVIDE, VKDML_FIELDS(kBinaryFields), &kDivideSupport, true, "divide"},
    {DML_OPERATOR_ELEMENT_WISE_MAX, VKDML_FIELDS(kBinaryFields), &kMaxMinSupport, true, "max"},
    {DML_OPERATOR_ELEMENT_WISE_MIN, VKDML_FIELDS(kBinaryFields), &kMaxMinSupport, true, "min"},
    {DML_OPERATOR_ELEMENT_WISE_MEAN, VKDML_FIELDS(kBinaryFields), &kMeanSupport, true, "mean"},
    {DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE, VKDML_FIELDS(kBinaryFields), &kDifferenceSquareSupport, true,
     "difference_square"},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, VKDML_FIELDS(kBinaryFields), &kModulusSupport, true, "modulus_truncate"},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR, VKDML_FIELDS(kBinaryFields), &kModulusSupport, true, "modulus_floor"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, VKDML_FIELDS(kCompareFields), &kCompareSupport, false, "equals"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, VKDML_FIELDS(kCompareFields), &kCompareSupport, false, "greater"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, VKDML_FIELDS(kCompareFields), &kCompareSupport, false, "less"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, VKDML_FIELDS(kCompareFields), &kCompare30Support, false,
     "greater_equal"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, VKDML_FIELDS(kCompareFields), &kCompare30Support, false,
     "less_equal"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, VKDML_FIELDS(kBinaryFields), &kBoolSupport, true, "logical_and"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, VKDML_FIELDS(kBinaryFields), &kBoolSupport, true, "logical_or"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR, VKDML_FIELDS(kBinaryFields), &kBoolSupport, true, "logical_xor"},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT, VKDML_FIELDS(kUnaryFields), &kBoolSupport, true, "logical_not"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_AND, VKDML_FIELDS(kBinaryFields), &kBitSupport, true, "bit_and"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_OR, VKDML_FIELDS(kBinaryFields), &kBitSupport, true, "bit_or"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_XOR, VKDML_FIELDS(kBinaryFields), &kBitSupport, true, "bit_xor"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_NOT, VKDML_FIELDS(kUnaryFields), &kBitSupport, true, "bit_not"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, VKDML_FIELDS(kBinaryFields), &kShiftSupport, true, "shift_left"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT, VKDML_FIELDS(kBinaryFields), &kShiftSupport, true, "shift_right"},
    {DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, VKDML_FIELDS(kBitCountFields), &kBitSupport, false, "bit_count"},
    {DML_OPERATOR_ELEMENT_WISE_IF, VKDML_FIELDS(kIfFields), &kIfSupport, false, "if"},
    {DML_OPERATOR_CAST, VKDML_FIELDS(kCastFields), &kCastSupport, false, "cast"},
    {DML_OPERATOR_ELEMENT_WISE_ABS, VKDML_FIELDS(kScaleBiasFields), &kAbsSupport, true, "abs"},
    {DML_OPERATOR_ELEMENT_WISE_NEGATE, VKDML_FIELDS(kUnaryFields), &kNegateSupport, true, "negate"},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, VKDML_FIELDS(kUnaryFields), &kSignSupport, true, "sign"},
    {DML_OPERATOR_ELEMENT_WISE_CEIL, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "ceil"},
    {DML_OPERATOR_ELEMENT_WISE_FLOOR, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "floor"},
    {DML_OPERATOR_ELEMENT_WISE_RECIP, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "recip"},
    {DML_OPERATOR_ELEMENT_WISE_SQRT, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "sqrt"},
    {DML_OPERATOR_ELEMENT_WISE_EXP, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "exp"},
    {DML_OPERATOR_ELEMENT_WISE_LOG, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "log"},
    {DML_OPERATOR_ELEMENT_WISE_SIN, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "sin"},
    {DML_OPERATOR_ELEMENT_WISE_COS, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "cos"},
    {DML_OPERATOR_ELEMENT_WISE_TAN, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "tan"},
    {DML_OPERATOR_ELEMENT_WISE_ASIN, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "asin"},
    {DML_OPERATOR_ELEMENT_WISE_ACOS, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "acos"},
    {DML_OPERATOR_ELEMENT_WISE_ATAN, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "atan"},
    // From 2_0 (operator_names.h gates the level): 4-D there, 1-8-D from 3_0.
    {DML_OPERATOR_ELEMENT_WISE_SINH, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "sinh"},
    {DML_OPERATOR_ELEMENT_WISE_COSH, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "cosh"},
    {DML_OPERATOR_ELEMENT_WISE_TANH, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "tanh"},
    {DML_OPERATOR_ELEMENT_WISE_ASINH, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "asinh"},
    {DML_OPERATOR_ELEMENT_WISE_ACOSH, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "acosh"},
    {DML_OPERATOR_ELEMENT_WISE_ATANH, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "atanh"},
    {DML_OPERATOR_ELEMENT_WISE_ERF, VKDML_FIELDS(kScaleBiasFields), &kFloatMathSupport, true, "erf"},
    {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, VKDML_FIELDS(kConstantPowFields), &kFloatMathSupport, true,
     "constant_pow"},
    {DML_OPERATOR_ELEMENT_WISE_POW, VKDML_FIELDS(kPowFields), &kPowSupport, true, "pow"},
    {DML_OPERATOR_ELEMENT_WISE_ATAN_YX, VKDML_FIELDS(kBinaryFields), &kAtanYxSupport, true, "atan_yx"},
    {DML_OPERATOR_ELEMENT_WISE_ROUND, VKDML_FIELDS(kRoundFields), &kRoundSupport, true, "round"},
    {DML_OPERATOR_ELEMENT_WISE_IS_NAN, VKDML_FIELDS(kIsNanFields), &kIsNanSupport, false, "is_nan"},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, VKDML_FIELDS(kIsInfinityFields), &kIsNanSupport, false, "is_infinity"},
    {DML_OPERATOR_ELEMENT_WISE_THRESHOLD, VKDML_FIELDS(kThresholdFields), &kThresholdSupport, true, "threshold"},
    {DML_OPERATOR_ELEMENT_WISE_CLIP, VKDML_FIELDS(kClipFields), &kClipSupport, true, "clip"},
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, VKDML_FIELDS(kQuantizeLinearFields), &kQuantizedSupport, false,
     "quantize_linear", {0, 0}, checkQuantizeLinearTypes},
    {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, VKDML_FIELDS(kDequantizeLinearFields), &kQuantScaleSupport, false,
     "dequantize_linear", {0, 0}, checkDequantizeLinearTypes},
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, VKDML_FIELDS(kQuantizedAddFields), &kQuantizedAddSupport, false,
     "quantized_linear_add", {0, 0}, checkQuantizedAddTypes},
    {DML_OPERATOR_QUANTIZE, VKDML_FIELDS(kQuantizeFields), &kQuantizeIntSupport, false, "quantize", {0, 0},
     checkQuantizeTypes},
    {DML_OPERATOR_DEQUANTIZE, VKDML_FIELDS(kDequantizeFields), &kQuantizeFloatSupport, false, "dequantize", {0, 0},
     checkDequantizeTypes},
    {DML_OPERATOR_ELEMENT_WISE_CLIP1, VKDML_FIELDS(kClip1Fields), &kAll10From50Support, true, "clip1"},
    {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, VKDML_FIELDS(kClipGradFields), &kClipGradSupport, true, "clip_grad"},
    {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, VKDML_FIELDS(kClipGrad1Fields), &kAll10From50Support, true, "clip_grad1"},
    {DML_OPERATOR_ACTIVATION_RELU_GRAD, VKDML_FIELDS(kReluGradFields), &kReluGradSupport, false, "relu_grad"},
    {DML_OPERATOR_ELEMENT_WISE_ADD1, VKDML_FIELDS(kAdd1Fields), &kAdd1Support, true, "add1"},
};

}  // namespace

const OperatorSchema* schemaOf(DML_OPERATOR_TYPE type) {
    for (const auto& schema : kSchemas)
        if (schema.type == type) return &schema;
    return nullptr;
}

}  // namespace vkdml::elementwise
