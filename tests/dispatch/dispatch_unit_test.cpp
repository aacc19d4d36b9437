// vkdml-dispatch internals without a device: desc layouts against DirectML.h, desc building, DMLCalcBufferTensorSize,
// FLOAT16 conversion, DxDispatch's number formatting, .npy reading/writing, the JSON reader.
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <vkdml/DirectML.h>

#include "desc_builder.h"
#include "fp16.h"
#include "graph_builder.h"
#include "json_util.h"
#include "npy.h"
#include "op_table.h"
#include "printer.h"
#include "resources.h"

using namespace vkdml::dispatch;

namespace {

struct StructFacts {
    size_t size;
    size_t alignment;
    std::vector<size_t> offsets;  // of the fields in declaration order
};

#define FACTS(TYPE, ...) StructFacts{sizeof(TYPE), alignof(TYPE), {__VA_ARGS__}}
#define TWO_TENSORS(T) offsetof(T, InputTensor), offsetof(T, OutputTensor)
#define MVN_TENSORS(T) \
    offsetof(T, InputTensor), offsetof(T, ScaleTensor), offsetof(T, BiasTensor), offsetof(T, OutputTensor)

// The real structs of DirectML.h for every row of the operator table.
const std::map<DML_OPERATOR_TYPE, StructFacts>& realStructs() {
    static const std::map<DML_OPERATOR_TYPE, StructFacts> facts = {
        {DML_OPERATOR_ELEMENT_WISE_IDENTITY,
         FACTS(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, TWO_TENSORS(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC),
               offsetof(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ACTIVATION_ELU,
         FACTS(DML_ACTIVATION_ELU_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_ELU_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_ELU_OPERATOR_DESC, Alpha))},
        {DML_OPERATOR_ACTIVATION_HARDMAX,
         FACTS(DML_ACTIVATION_HARDMAX_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_HARDMAX_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_HARD_SIGMOID,
         FACTS(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, Alpha),
               offsetof(DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC, Beta))},
        {DML_OPERATOR_ACTIVATION_IDENTITY,
         FACTS(DML_ACTIVATION_IDENTITY_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_IDENTITY_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_LEAKY_RELU,
         FACTS(DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC, Alpha))},
        {DML_OPERATOR_ACTIVATION_LINEAR,
         FACTS(DML_ACTIVATION_LINEAR_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_LINEAR_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, Alpha),
               offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, Beta))},
        {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX,
         FACTS(DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU,
         FACTS(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC,
               offsetof(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC, InputTensor),
               offsetof(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC, SlopeTensor),
               offsetof(DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS,
         FACTS(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC,
               TWO_TENSORS(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC, Alpha),
               offsetof(DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC, Beta))},
        {DML_OPERATOR_ACTIVATION_RELU,
         FACTS(DML_ACTIVATION_RELU_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_RELU_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_SCALED_ELU,
         FACTS(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, Alpha),
               offsetof(DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC, Gamma))},
        {DML_OPERATOR_ACTIVATION_SCALED_TANH,
         FACTS(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, Alpha),
               offsetof(DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC, Beta))},
        {DML_OPERATOR_ACTIVATION_SIGMOID,
         FACTS(DML_ACTIVATION_SIGMOID_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SIGMOID_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_SOFTMAX,
         FACTS(DML_ACTIVATION_SOFTMAX_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SOFTMAX_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_SOFTPLUS,
         FACTS(DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC, Steepness))},
        {DML_OPERATOR_ACTIVATION_SOFTSIGN,
         FACTS(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_TANH,
         FACTS(DML_ACTIVATION_TANH_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_TANH_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU,
         FACTS(DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC,
               TWO_TENSORS(DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC, Alpha))},
        {DML_OPERATOR_ACTIVATION_SHRINK,
         FACTS(DML_ACTIVATION_SHRINK_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SHRINK_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_SHRINK_OPERATOR_DESC, Bias),
               offsetof(DML_ACTIVATION_SHRINK_OPERATOR_DESC, Threshold))},
        {DML_OPERATOR_ACTIVATION_CELU,
         FACTS(DML_ACTIVATION_CELU_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_CELU_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_CELU_OPERATOR_DESC, Alpha))},
        {DML_OPERATOR_ACTIVATION_RELU_GRAD,
         FACTS(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, offsetof(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, InputTensor),
               offsetof(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, InputGradientTensor),
               offsetof(DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC, OutputGradientTensor))},
        {DML_OPERATOR_ACTIVATION_GELU,
         FACTS(DML_ACTIVATION_GELU_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_GELU_OPERATOR_DESC))},
        {DML_OPERATOR_ACTIVATION_SOFTMAX1,
         FACTS(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, AxisCount),
               offsetof(DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC, Axes))},
        {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1,
         FACTS(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, AxisCount),
               offsetof(DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC, Axes))},
        {DML_OPERATOR_ACTIVATION_HARDMAX1,
         FACTS(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, AxisCount),
               offsetof(DML_ACTIVATION_HARDMAX1_OPERATOR_DESC, Axes))},
        {DML_OPERATOR_ACTIVATION_SWISH,
         FACTS(DML_ACTIVATION_SWISH_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_SWISH_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_SWISH_OPERATOR_DESC, SigmoidInputScale))},
        {DML_OPERATOR_ACTIVATION_HARD_SWISH,
         FACTS(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, TWO_TENSORS(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC),
               offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, Alpha),
               offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, Beta))},
        {DML_OPERATOR_ELEMENT_WISE_ABS,
         FACTS(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ABS_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_ACOS,
         FACTS(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ACOS_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_ADD,
         FACTS(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_ADD_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_ASIN,
         FACTS(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ASIN_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_ATAN,
         FACTS(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ATAN_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_CEIL,
         FACTS(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_CEIL_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_CLIP,
         FACTS(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, ScaleBias),
               offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, Min), offsetof(DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, Max))},
        {DML_OPERATOR_ELEMENT_WISE_COS,
         FACTS(DML_ELEMENT_WISE_COS_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_COS_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_COS_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_COS_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_DIVIDE,
         FACTS(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_EXP,
         FACTS(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_EXP_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_FLOOR,
         FACTS(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_LOG,
         FACTS(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_LOG_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND,
         FACTS(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS,
         FACTS(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN,
         FACTS(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN,
         FACTS(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT,
         FACTS(DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR,
         FACTS(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR,
         FACTS(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_MAX,
         FACTS(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_MAX_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_MEAN,
         FACTS(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_MEAN_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_MIN,
         FACTS(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_MIN_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_MULTIPLY,
         FACTS(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_POW,
         FACTS(DML_ELEMENT_WISE_POW_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, ExponentTensor),
               offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_POW_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW,
         FACTS(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, ScaleBias),
               offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, Exponent))},
        {DML_OPERATOR_ELEMENT_WISE_RECIP,
         FACTS(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_RECIP_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_SIN,
         FACTS(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_SIN_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_SQRT,
         FACTS(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_SQRT_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_SUBTRACT,
         FACTS(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_TAN,
         FACTS(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_TAN_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_THRESHOLD,
         FACTS(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, ScaleBias),
               offsetof(DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC, Min))},
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR,
         FACTS(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, ScaleTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, ZeroPointTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR,
         FACTS(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, ScaleTensor),
               offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, ZeroPointTensor),
               offsetof(DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_CAST,
         FACTS(DML_CAST_OPERATOR_DESC, offsetof(DML_CAST_OPERATOR_DESC, InputTensor),
               offsetof(DML_CAST_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_SIGN,
         FACTS(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_SIGN_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_IS_NAN,
         FACTS(DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_ERF,
         FACTS(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ERF_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_SINH,
         FACTS(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_SINH_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_COSH,
         FACTS(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_COSH_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_TANH,
         FACTS(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_TANH_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_ASINH,
         FACTS(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ASINH_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_ACOSH,
         FACTS(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_ATANH,
         FACTS(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ATANH_OPERATOR_DESC, ScaleBias))},
        {DML_OPERATOR_ELEMENT_WISE_IF,
         FACTS(DML_ELEMENT_WISE_IF_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, ConditionTensor),
               offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_IF_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_ADD1,
         FACTS(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ADD1_OPERATOR_DESC, FusedActivation))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT,
         FACTS(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT,
         FACTS(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_ROUND,
         FACTS(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_ROUND_OPERATOR_DESC, RoundingMode))},
        {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
         FACTS(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC, InfinityMode))},
        {DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE,
         FACTS(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR,
         FACTS(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_AND,
         FACTS(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_OR,
         FACTS(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_XOR,
         FACTS(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_NOT,
         FACTS(DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_BIT_COUNT,
         FACTS(DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL,
         FACTS(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL,
         FACTS(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_ATAN_YX,
         FACTS(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD,
         FACTS(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, InputGradientTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, OutputGradientTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, Min),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC, Max))},
        {DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE,
         FACTS(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD,
         FACTS(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, ATensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, AScaleTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, AZeroPointTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, BTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, BScaleTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, BZeroPointTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, OutputScaleTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, OutputZeroPointTensor),
               offsetof(DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_ELEMENT_WISE_CLIP1,
         FACTS(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, OutputTensor),
               offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, ScaleBias),
               offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, MinMaxDataType),
               offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Min),
               offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Max))},
        {DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1,
         FACTS(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC,
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, InputGradientTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, OutputGradientTensor),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, MinMaxDataType),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, Min),
               offsetof(DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC, Max))},
        {DML_OPERATOR_ELEMENT_WISE_NEGATE,
         FACTS(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC, offsetof(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC, InputTensor),
               offsetof(DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_QUANTIZE,
         FACTS(DML_QUANTIZE_OPERATOR_DESC, offsetof(DML_QUANTIZE_OPERATOR_DESC, InputTensor), offsetof(DML_QUANTIZE_OPERATOR_DESC, QuantizationType),
               offsetof(DML_QUANTIZE_OPERATOR_DESC, QuantizationTensorCount), offsetof(DML_QUANTIZE_OPERATOR_DESC, QuantizationTensors),
               offsetof(DML_QUANTIZE_OPERATOR_DESC, OutputTensor))},
        {DML_OPERATOR_REDUCE,
         FACTS(DML_REDUCE_OPERATOR_DESC, offsetof(DML_REDUCE_OPERATOR_DESC, Function),
               TWO_TENSORS(DML_REDUCE_OPERATOR_DESC), offsetof(DML_REDUCE_OPERATOR_DESC, AxisCount),
               offsetof(DML_REDUCE_OPERATOR_DESC, Axes))},
        {DML_OPERATOR_ARGMIN,
         FACTS(DML_ARGMIN_OPERATOR_DESC, TWO_TENSORS(DML_ARGMIN_OPERATOR_DESC),
               offsetof(DML_ARGMIN_OPERATOR_DESC, AxisCount), offsetof(DML_ARGMIN_OPERATOR_DESC, Axes),
               offsetof(DML_ARGMIN_OPERATOR_DESC, AxisDirection))},
        {DML_OPERATOR_ARGMAX,
         FACTS(DML_ARGMAX_OPERATOR_DESC, TWO_TENSORS(DML_ARGMAX_OPERATOR_DESC),
               offsetof(DML_ARGMAX_OPERATOR_DESC, AxisCount), offsetof(DML_ARGMAX_OPERATOR_DESC, Axes),
               offsetof(DML_ARGMAX_OPERATOR_DESC, AxisDirection))},
        {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION,
         FACTS(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC,
               MVN_TENSORS(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, CrossChannel),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, NormalizeVariance),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, Epsilon),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC, FusedActivation))},
        {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1,
         FACTS(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC,
               MVN_TENSORS(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, AxisCount),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, Axes),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, NormalizeVariance),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, Epsilon),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC, FusedActivation))},
        {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2,
         FACTS(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC,
               MVN_TENSORS(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, AxisCount),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, Axes),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, UseMean),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, UseVariance),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, Epsilon),
               offsetof(DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC, FusedActivation))},
        {DML_OPERATOR_DEQUANTIZE,
         FACTS(DML_DEQUANTIZE_OPERATOR_DESC, offsetof(DML_DEQUANTIZE_OPERATOR_DESC, InputTensor), offsetof(DML_DEQUANTIZE_OPERATOR_DESC, QuantizationType),
               offsetof(DML_DEQUANTIZE_OPERATOR_DESC, QuantizationTensorCount), offsetof(DML_DEQUANTIZE_OPERATOR_DESC, QuantizationTensors),
               offsetof(DML_DEQUANTIZE_OPERATOR_DESC, OutputTensor))},
    };
    return facts;
}

const Json kTensor = Json::parse(R"({"DataType": "FLOAT32", "Sizes": [2, 3]})");

template <class T>
T fieldAt(const DML_OPERATOR_DESC* desc, size_t offset) {
    T value;
    std::memcpy(&value, static_cast<const unsigned char*>(desc->Desc) + offset, sizeof(T));
    return value;
}

std::string expectError(const std::function<void()>& f, int exitCode) {
    try {
        f();
    } catch (const DispatchError& e) {
        CHECK(e.exitCode() == exitCode);
        return e.what();
    }
    FAIL("no DispatchError");
    return "";
}

}  // namespace

TEST_CASE("every operator row lays out exactly like its DirectML.h struct") {
    const auto& facts = realStructs();
    CHECK(operatorSpecs().size() == facts.size());
    for (const OperatorSpec& spec : operatorSpecs()) {
        CAPTURE(operatorTypeName(spec.type));
        const auto it = facts.find(spec.type);
        REQUIRE(it != facts.end());
        const DescLayout layout = computeLayout(spec);
        CHECK(layout.size == it->second.size);
        CHECK(layout.alignment == it->second.alignment);
        CHECK(layout.offsets == it->second.offsets);
    }
}

TEST_CASE("the table has every DML_ACTIVATION_* and element-wise operator vkdml implements") {
    size_t activations = 0;
    for (size_t i = 1; i < operatorTypeCount(); ++i) {
        const auto type = static_cast<DML_OPERATOR_TYPE>(i);
        const std::string name = operatorTypeName(type);
        if (name.rfind("ACTIVATION_", 0) == 0) {
            CAPTURE(name);
            CHECK(findOperatorSpec(type) != nullptr);
            ++activations;
        }
    }
    CHECK(activations == 27);
    for (const DML_OPERATOR_TYPE type : {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_OPERATOR_ELEMENT_WISE_ADD1,
                                         DML_OPERATOR_ELEMENT_WISE_CLIP1, DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR,
                                         DML_OPERATOR_CAST, DML_OPERATOR_ELEMENT_WISE_NEGATE})
        CHECK(findOperatorSpec(type) != nullptr);
    CHECK(findOperatorSpec(DML_OPERATOR_GEMM) == nullptr);
    CHECK(operatorTypeCount() == 178);
    CHECK(std::string(operatorTypeName(DML_OPERATOR_UNFOLD)) == "UNFOLD");
    CHECK(std::string(operatorTypeName(DML_OPERATOR_ACTIVATION_CELU)) == "ACTIVATION_CELU");
    CHECK(findOperatorType("DML_OPERATOR_ACTIVATION_CELU") == DML_OPERATOR_ACTIVATION_CELU);
    CHECK(findOperatorType("ACTIVATION_CELU") == DML_OPERATOR_ACTIVATION_CELU);
    CHECK(findOperatorType("SCATTER") == DML_OPERATOR_SCATTER_ELEMENTS);
    CHECK(!findOperatorType("activation_celu"));
    CHECK(!findOperatorType("INVALID"));
}

TEST_CASE("enum values by full name or suffix") {
    CHECK(findEnumValue(kTensorDataTypeEnum, "FLOAT16") == uint32_t{DML_TENSOR_DATA_TYPE_FLOAT16});
    CHECK(findEnumValue(kTensorDataTypeEnum, "DML_TENSOR_DATA_TYPE_INT64") == uint32_t{DML_TENSOR_DATA_TYPE_INT64});
    CHECK(!findEnumValue(kTensorDataTypeEnum, "float16"));
    CHECK(readEnum(Json::parse(R"(["DESCRIPTORS_VOLATILE", "DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION"])"),
                   JsonPath(), kExecutionFlagsEnum) == 0x5u);
    const std::string message =
        expectError([] { readEnum(Json("FLOAT33"), JsonPath().key("DataType"), kTensorDataTypeEnum); }, kExitModel);
    CHECK(message.find("$.DataType: 'FLOAT33' is not a DML_TENSOR_DATA_TYPE value") == 0);
}

TEST_CASE("built descs hold the JSON values at the struct's offsets") {
    Arena arena;
    SUBCASE("PARAMETRIC_SOFTPLUS") {
        Json desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}, {"Alpha", 0.5}, {"Beta", "-inf"}};
        const BuiltOperator op = buildOperator(*findOperatorSpec(DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS), desc,
                                               JsonPath(), false, arena);
        REQUIRE(op.desc->Type == DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS);
        const auto* d = static_cast<const DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC*>(op.desc->Desc);
        CHECK(d->Alpha == 0.5f);
        CHECK(d->Beta == -std::numeric_limits<float>::infinity());
        const auto* input = static_cast<const DML_BUFFER_TENSOR_DESC*>(d->InputTensor->Desc);
        CHECK(d->InputTensor->Type == DML_TENSOR_TYPE_BUFFER);
        CHECK(input->DataType == DML_TENSOR_DATA_TYPE_FLOAT32);
        CHECK(input->Flags == DML_TENSOR_FLAG_NONE);
        CHECK(input->DimensionCount == 2);
        CHECK(input->Sizes[0] == 2);
        CHECK(input->Sizes[1] == 3);
        CHECK(input->Strides == nullptr);
        CHECK(input->TotalTensorSizeInBytes == 24);
        CHECK(input->GuaranteedBaseOffsetAlignment == 0);
        REQUIRE(op.inputs.size() == 1);
        REQUIRE(op.outputs.size() == 1);
        CHECK(op.inputs[0].name == "InputTensor");
        CHECK(op.outputs[0].tensor.totalTensorSizeInBytes == 24);
    }
    SUBCASE("ELEMENT_WISE_IDENTITY with and without its optional ScaleBias") {
        const OperatorSpec& spec = *findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_IDENTITY);
        Json desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}};
        auto* d = static_cast<const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC*>(
            buildOperator(spec, desc, JsonPath(), false, arena).desc->Desc);
        CHECK(d->ScaleBias == nullptr);
        desc["ScaleBias"] = {{"Scale", 2}, {"Bias", -0.25}};
        d = static_cast<const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC*>(
            buildOperator(spec, desc, JsonPath(), false, arena).desc->Desc);
        REQUIRE(d->ScaleBias != nullptr);
        CHECK(d->ScaleBias->Scale == 2.0f);
        CHECK(d->ScaleBias->Bias == -0.25f);
    }
    SUBCASE("SOFTMAX1 arrays must match their count") {
        const OperatorSpec& spec = *findOperatorSpec(DML_OPERATOR_ACTIVATION_SOFTMAX1);
        Json desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}, {"AxisCount", 2}, {"Axes", {0, 1}}};
        const BuiltOperator op = buildOperator(spec, desc, JsonPath(), false, arena);
        const auto* d = static_cast<const DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC*>(op.desc->Desc);
        CHECK(d->AxisCount == 2);
        CHECK(d->Axes[1] == 1);
        desc["AxisCount"] = 3;
        const std::string message =
            expectError([&] { buildOperator(spec, desc, JsonPath().key("desc"), false, arena); }, kExitModel);
        CHECK(message == "$.desc.Axes: has 2 elements but AxisCount = 3");
    }
    SUBCASE("fused activations, short and long form, have NULL tensors") {
        for (const char* text : {R"({"Type": "ACTIVATION_LINEAR", "Alpha": 3, "Beta": 4})",
                                 R"({"Type": "DML_OPERATOR_ACTIVATION_LINEAR", "Desc": {"Alpha": 3, "Beta": 4}})"}) {
            const DML_OPERATOR_DESC* fused = buildFusedActivation(Json::parse(text), JsonPath(), arena);
            REQUIRE(fused->Type == DML_OPERATOR_ACTIVATION_LINEAR);
            const auto* d = static_cast<const DML_ACTIVATION_LINEAR_OPERATOR_DESC*>(fused->Desc);
            CHECK(d->InputTensor == nullptr);
            CHECK(d->OutputTensor == nullptr);
            CHECK(d->Alpha == 3.0f);
            CHECK(d->Beta == 4.0f);
        }
        const std::string message = expectError(
            [&] { buildFusedActivation(Json::parse(R"({"Type": "GEMM"})"), JsonPath().key("F"), arena); },
            kExitUnsupported);
        CHECK(message == "$.F.Type: DML_OPERATOR_GEMM is not implemented by vkdml-dispatch/vkdml yet");
    }
    SUBCASE("tensor descs: long form, strides, flags, explicit sizes") {
        const Json tensor = Json::parse(R"({"Type": "DML_TENSOR_TYPE_BUFFER", "Desc": {
            "DataType": "DML_TENSOR_DATA_TYPE_FLOAT16", "Flags": ["OWNED_BY_DML"], "DimensionCount": 2,
            "Sizes": [3, 2], "Strides": [1, 3], "TotalTensorSizeInBytes": 0, "GuaranteedBaseOffsetAlignment": 16}})");
        TensorInfo info;
        const DML_TENSOR_DESC* desc = buildTensorDesc(tensor, JsonPath(), arena, &info);
        const auto* buffer = static_cast<const DML_BUFFER_TENSOR_DESC*>(desc->Desc);
        CHECK(buffer->DataType == DML_TENSOR_DATA_TYPE_FLOAT16);
        CHECK(buffer->Flags == DML_TENSOR_FLAG_OWNED_BY_DML);
        REQUIRE(buffer->Strides != nullptr);
        CHECK(buffer->Strides[1] == 3);
        CHECK(buffer->TotalTensorSizeInBytes == 12);  // last index 2*1 + 1*3 = 5 -> 6 halves -> 12 bytes
        CHECK(buffer->GuaranteedBaseOffsetAlignment == 16);
        CHECK(info.totalTensorSizeInBytes == 12);
    }
    SUBCASE("CLIP1: DML_SCALAR_UNION bounds read as MinMaxDataType, or by union member") {
        const OperatorSpec& spec = *findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_CLIP1);
        Json desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}, {"MinMaxDataType", "FLOAT16"},
                     {"Min", 2}, {"Max", "inf"}, {"ScaleBias", {{"Scale", 3}, {"Bias", 1}}}};
        auto build = [&] {
            return static_cast<const DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC*>(
                buildOperator(spec, desc, JsonPath().key("desc"), false, arena).desc->Desc);
        };
        const auto* d = build();
        CHECK(d->MinMaxDataType == DML_TENSOR_DATA_TYPE_FLOAT16);
        CHECK(d->Min.UInt64 == 0x4000u);  // the half 2.0 in the low bytes, the rest zero
        CHECK(d->Max.UInt64 == 0x7C00u);
        REQUIRE(d->ScaleBias != nullptr);
        CHECK(d->ScaleBias->Scale == 3.0f);
        desc["MinMaxDataType"] = "INT64";
        desc["Min"] = -5;
        desc["Max"] = {{"Bytes", {1, 2, 3, 4, 5, 6, 7, 8}}};
        d = build();
        CHECK(d->Min.Int64 == -5);
        CHECK(d->Max.UInt64 == 0x0807060504030201u);
        desc["MinMaxDataType"] = "DML_TENSOR_DATA_TYPE_FLOAT32";
        desc["Min"] = {{"Float32", 1.5}};
        desc["Max"] = {{"Float64", 0.25}};
        d = build();
        CHECK(d->Min.Float32 == 1.5f);
        CHECK(d->Max.Float64 == 0.25);
        desc["MinMaxDataType"] = "UINT8";
        desc["Min"] = 256;
        CHECK(expectError(build, kExitModel) == "$.desc.Min: value 256 is out of range for UINT8");
        desc["Min"] = {{"Float16", 1}};
        CHECK(expectError(build, kExitModel).find("$.desc.Min.Float16: 'Float16' is not a DML_SCALAR_UNION member") ==
              0);
        desc["Min"] = {{"Bytes", {1, 2}}};
        CHECK(expectError(build, kExitModel) == "$.desc.Min.Bytes: expected an array of 8 bytes");
        desc["Min"] = {{"Int8", 1}, {"UInt8", 2}};
        CHECK(expectError(build, kExitModel).find("$.desc.Min: expected a number or an object with one") == 0);
        desc["MinMaxDataType"] = "UNKNOWN";
        desc["Min"] = 1;
        CHECK(expectError(build, kExitModel).find("$.desc.Min: cannot read a number as UNKNOWN") == 0);
        desc.erase("MinMaxDataType");
        CHECK(expectError(build, kExitModel) == "$.desc: missing required field 'MinMaxDataType'");
    }
    SUBCASE("ROUND and IS_INFINITY enums, QUANTIZE_LINEAR's optional zero point") {
        Json desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}, {"RoundingMode", "TOWARD_INFINITY"}};
        const auto* round = static_cast<const DML_ELEMENT_WISE_ROUND_OPERATOR_DESC*>(
            buildOperator(*findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_ROUND), desc, JsonPath(), false, arena)
                .desc->Desc);
        CHECK(round->RoundingMode == DML_ROUNDING_MODE_TOWARD_INFINITY);
        desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor},
                {"InfinityMode", "DML_IS_INFINITY_MODE_NEGATIVE"}};
        const auto* inf = static_cast<const DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC*>(
            buildOperator(*findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY), desc, JsonPath(), false, arena)
                .desc->Desc);
        CHECK(inf->InfinityMode == DML_IS_INFINITY_MODE_NEGATIVE);
        desc = {{"InputTensor", kTensor}, {"ScaleTensor", kTensor}, {"OutputTensor", kTensor}};
        const BuiltOperator q = buildOperator(*findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR), desc,
                                              JsonPath(), false, arena);
        const auto* qd = static_cast<const DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC*>(q.desc->Desc);
        CHECK(qd->ZeroPointTensor == nullptr);
        REQUIRE(q.inputs.size() == 3);
        CHECK(q.inputs[2].name == "ZeroPointTensor");
        CHECK(!q.inputs[2].present);
    }
    SUBCASE("REDUCE's Function, ARGMAX's AxisDirection, MVN2's BOOLs, AxisCount 0") {
        Json desc = {{"Function", "SUM_SQUARE"}, {"InputTensor", kTensor}, {"OutputTensor", kTensor},
                     {"AxisCount", 0}, {"Axes", Json::array()}};
        const auto* reduce = static_cast<const DML_REDUCE_OPERATOR_DESC*>(
            buildOperator(*findOperatorSpec(DML_OPERATOR_REDUCE), desc, JsonPath(), false, arena).desc->Desc);
        CHECK(reduce->Function == DML_REDUCE_FUNCTION_SUM_SQUARE);
        CHECK(reduce->AxisCount == 0);
        CHECK(reduce->Axes == nullptr);
        desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}, {"AxisCount", 1}, {"Axes", {1}},
                {"AxisDirection", "DML_AXIS_DIRECTION_DECREASING"}};
        const auto* arg = static_cast<const DML_ARGMAX_OPERATOR_DESC*>(
            buildOperator(*findOperatorSpec(DML_OPERATOR_ARGMAX), desc, JsonPath(), false, arena).desc->Desc);
        CHECK(arg->AxisDirection == DML_AXIS_DIRECTION_DECREASING);
        CHECK(arg->Axes[0] == 1);
        desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}, {"AxisCount", 1}, {"Axes", {1}},
                {"UseMean", false}, {"UseVariance", true}, {"Epsilon", 0.5},
                {"FusedActivation", {{"Type", "ACTIVATION_RELU"}}}};
        const OperatorSpec& mvn2 = *findOperatorSpec(DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2);
        const BuiltOperator built = buildOperator(mvn2, desc, JsonPath().key("desc"), false, arena);
        const auto* d = static_cast<const DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC*>(built.desc->Desc);
        CHECK(d->UseMean == 0);
        CHECK(d->UseVariance == 1);
        CHECK(d->Epsilon == 0.5f);
        CHECK(d->ScaleTensor == nullptr);
        REQUIRE(d->FusedActivation != nullptr);
        CHECK(d->FusedActivation->Type == DML_OPERATOR_ACTIVATION_RELU);
        REQUIRE(built.inputs.size() == 3);
        CHECK(!built.inputs[1].present);
        desc["UseMean"] = 0;
        CHECK(expectError([&] { buildOperator(mvn2, desc, JsonPath().key("desc"), false, arena); }, kExitModel) ==
              "$.desc.UseMean: expected true or false, got the number 0");
    }
    SUBCASE("ADD1's FusedActivation") {
        Json desc = {{"ATensor", kTensor}, {"BTensor", kTensor}, {"OutputTensor", kTensor},
                     {"FusedActivation", {{"Type", "ACTIVATION_ELU"}, {"Alpha", 0.5}}}};
        const auto* d = static_cast<const DML_ELEMENT_WISE_ADD1_OPERATOR_DESC*>(
            buildOperator(*findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_ADD1), desc, JsonPath(), false, arena)
                .desc->Desc);
        REQUIRE(d->FusedActivation != nullptr);
        CHECK(d->FusedActivation->Type == DML_OPERATOR_ACTIVATION_ELU);
        CHECK(static_cast<const DML_ACTIVATION_ELU_OPERATOR_DESC*>(d->FusedActivation->Desc)->Alpha == 0.5f);
    }
    SUBCASE("field errors name the JSON path") {
        const OperatorSpec& spec = *findOperatorSpec(DML_OPERATOR_ACTIVATION_CELU);
        Json desc = {{"InputTensor", kTensor}, {"OutputTensor", kTensor}};
        const JsonPath path = JsonPath().key("dispatchables").key("celu").key("desc");
        CHECK(expectError([&] { buildOperator(spec, desc, path, false, arena); }, kExitModel) ==
              "$.dispatchables.celu.desc: missing required field 'Alpha'");
        desc["Alpha"] = true;
        CHECK(expectError([&] { buildOperator(spec, desc, path, false, arena); }, kExitModel) ==
              "$.dispatchables.celu.desc.Alpha: expected a number or \"nan\", \"inf\", \"-inf\", got true");
        desc["Alpha"] = 1;
        desc["InputTensor"]["Sizes"] = {2, -3};
        CHECK(expectError([&] { buildOperator(spec, desc, path, false, arena); }, kExitModel) ==
              "$.dispatchables.celu.desc.InputTensor.Sizes[1]: expected an unsigned integer, got the number -3");
    }
}

TEST_CASE("DmlCompileGraph: a one-node graph over the present bind points, in bind-point order") {
    Arena arena;
    // QUANTIZED_LINEAR_ADD without its three optional zero points: 5 of its 8 inputs become graph inputs 0..4.
    Json desc = Json::object();
    for (const char* t : {"ATensor", "AScaleTensor", "BTensor", "BScaleTensor", "OutputScaleTensor", "OutputTensor"})
        desc[t] = kTensor;
    desc["BScaleTensor"]["Flags"] = "OWNED_BY_DML";
    const OperatorSpec& spec = *findOperatorSpec(DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD);
    const BuiltOperator op = buildOperator(spec, desc, JsonPath(), false, arena);
    GraphSpec graph;
    GraphBindPoints points;
    wrapOperator("qadd", JsonPath(), spec, op, graph, points);
    std::vector<std::string> names;
    for (const BindPoint& p : points.inputs) names.push_back(p.name);
    CHECK(names == std::vector<std::string>{"ATensor", "AScaleTensor", "BTensor", "BScaleTensor", "OutputScaleTensor"});
    CHECK(points.owned == std::vector<bool>{false, false, false, true, false});
    REQUIRE(points.outputs.size() == 1);
    CHECK(points.outputs[0].name == "OutputTensor");

    const VkdmlOperator fake = reinterpret_cast<VkdmlOperator>(uintptr_t{0x1000});
    GraphDescStorage storage;
    assembleGraphDesc(graph, {fake}, storage);
    const DML_GRAPH_DESC& d = storage.desc;
    CHECK(d.InputCount == 5);
    CHECK(d.OutputCount == 1);
    REQUIRE(d.NodeCount == 1);
    CHECK(d.Nodes[0].Type == DML_GRAPH_NODE_TYPE_OPERATOR);
    CHECK(static_cast<const DML_OPERATOR_GRAPH_NODE_DESC*>(d.Nodes[0].Desc)->Operator == fake);
    REQUIRE(d.InputEdgeCount == 5);
    const uint32_t slots[] = {0, 1, 3, 4, 6};  // the node's input slots: zero points 2, 5 and 7 are not connected
    for (uint32_t i = 0; i < 5; ++i) {
        CHECK(d.InputEdges[i].Type == DML_GRAPH_EDGE_TYPE_INPUT);
        const auto* e = static_cast<const DML_INPUT_GRAPH_EDGE_DESC*>(d.InputEdges[i].Desc);
        CHECK(e->GraphInputIndex == i);
        CHECK(e->ToNodeIndex == 0);
        CHECK(e->ToNodeInputIndex == slots[i]);
    }
    REQUIRE(d.OutputEdgeCount == 1);
    const auto* out = static_cast<const DML_OUTPUT_GRAPH_EDGE_DESC*>(d.OutputEdges[0].Desc);
    CHECK(out->FromNodeOutputIndex == 0);
    CHECK(out->GraphOutputIndex == 0);
    CHECK(d.IntermediateEdgeCount == 0);
}

TEST_CASE("DML_GRAPH: nodes in JSON order, constant nodes, edges by kind") {
    Arena arena;
    const Json graphJson = Json::parse(R"({
        "type": "DML_GRAPH", "inputs": ["x"], "outputs": ["y"],
        "nodes": {
            "relu": { "type": "ACTIVATION_RELU", "desc": {
                "InputTensor": { "DataType": "FLOAT32", "Sizes": [4] },
                "OutputTensor": { "DataType": "FLOAT32", "Sizes": [4] } } },
            "c": { "type": "CONSTANT", "initialValuesDataType": "FLOAT32", "initialValues": [2, 3] },
            "mul": { "type": "ELEMENT_WISE_MULTIPLY", "desc": {
                "ATensor": { "DataType": "FLOAT32", "Sizes": [4] },
                "BTensor": { "DataType": "FLOAT32", "Sizes": [4], "Strides": [0] },
                "OutputTensor": { "DataType": "FLOAT32", "Sizes": [4] } } }
        },
        "edges": [
            { "from": "mul.OutputTensor", "to": "output:y" },
            { "from": "relu.OutputTensor", "to": "mul.ATensor" },
            { "from": "c", "to": "mul.BTensor" },
            { "from": "input:x", "to": "relu.InputTensor" }
        ]})");
    GraphSpec graph;
    GraphBindPoints points;
    parseGraph(graphJson, JsonPath(), ResourceOptions{}, arena, graph, points);
    REQUIRE(graph.nodes.size() == 3);
    CHECK(graph.nodes[1].spec == nullptr);
    CHECK(graph.nodes[1].data.size() == 8);
    REQUIRE(points.inputs.size() == 1);
    CHECK(points.inputs[0].tensor.totalTensorSizeInBytes == 16);
    GraphDescStorage storage;
    assembleGraphDesc(graph, {nullptr, nullptr, nullptr}, storage);
    const DML_GRAPH_DESC& d = storage.desc;
    CHECK(d.Nodes[1].Type == DML_GRAPH_NODE_TYPE_CONSTANT);
    const auto* constant = static_cast<const DML_CONSTANT_DATA_GRAPH_NODE_DESC*>(d.Nodes[1].Desc);
    CHECK(constant->DataSize == 8);
    float values[2];
    std::memcpy(values, constant->Data, 8);
    CHECK(values[1] == 3.0f);
    REQUIRE(d.IntermediateEdgeCount == 2);
    const auto* fromConstant = static_cast<const DML_INTERMEDIATE_GRAPH_EDGE_DESC*>(d.IntermediateEdges[1].Desc);
    CHECK(fromConstant->FromNodeIndex == 1);
    CHECK(fromConstant->FromNodeOutputIndex == 0);
    CHECK(fromConstant->ToNodeIndex == 2);
    CHECK(fromConstant->ToNodeInputIndex == 1);
    REQUIRE(d.InputEdgeCount == 1);
    CHECK(static_cast<const DML_INPUT_GRAPH_EDGE_DESC*>(d.InputEdges[0].Desc)->ToNodeIndex == 0);
    REQUIRE(d.OutputEdgeCount == 1);
    CHECK(static_cast<const DML_OUTPUT_GRAPH_EDGE_DESC*>(d.OutputEdges[0].Desc)->FromNodeIndex == 2);
}

TEST_CASE("JSON paths quote keys that are not identifiers") {
    CHECK(JsonPath().key("resources").key("my buffer").index(3).key("x\"y").str() ==
          "$.resources[\"my buffer\"][3][\"x\\\"y\"]");
}

TEST_CASE("DMLCalcBufferTensorSize") {
    const uint32_t nchw[] = {1, 1, 3, 5};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT16, 4, nchw, nullptr) == 32);
    const uint32_t nhwc[] = {15, 1, 5, 1};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT32, 4, nchw, nhwc) == 60);
    const uint32_t sizes[] = {2, 3}, broadcast[] = {0, 1};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT32, 2, sizes, broadcast) == 12);
    const uint32_t five[] = {5};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT4, 1, five, nullptr) == 4);
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 1, five, nullptr) == 8);
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_UNKNOWN, 1, five, nullptr) == 0);
}

TEST_CASE("FLOAT16 conversion rounds to nearest even and keeps subnormals") {
    CHECK(floatToHalf(1.0f) == 0x3C00);
    CHECK(floatToHalf(-2.0f) == 0xC000);
    CHECK(floatToHalf(65504.0f) == 0x7BFF);
    CHECK(floatToHalf(65519.0f) == 0x7BFF);
    CHECK(floatToHalf(65520.0f) == 0x7C00);
    CHECK(floatToHalf(std::ldexp(1.0f, -24)) == 0x0001);
    CHECK(floatToHalf(std::ldexp(1.0f, -25)) == 0x0000);                     // tie to even (zero)
    CHECK(floatToHalf(std::ldexp(3.0f, -26)) == 0x0001);                     // 0.75 ulp rounds up
    CHECK(floatToHalf(1.0f + std::ldexp(1.0f, -11)) == 0x3C00);              // tie to even
    CHECK(floatToHalf(1.0f + std::ldexp(3.0f, -11)) == 0x3C02);              // tie to even (up)
    CHECK((floatToHalf(std::numeric_limits<float>::quiet_NaN()) & 0x7C00) == 0x7C00);
    CHECK((floatToHalf(std::numeric_limits<float>::quiet_NaN()) & 0x3FF) != 0);
    for (uint32_t h = 0; h < 0x10000; ++h) {  // every finite half survives a round trip
        const auto half = static_cast<uint16_t>(h);
        if ((half & 0x7C00) == 0x7C00 && (half & 0x3FF)) continue;
        REQUIRE(floatToHalf(halfToFloat(half)) == half);
    }
}

TEST_CASE("numbers print like DxDispatch (ostream << float on Windows)") {
    CHECK(formatFloat(1.0) == "1");
    CHECK(formatFloat(static_cast<double>(0.1f)) == "0.1");
    CHECK(formatFloat(-0.0) == "-0");
    CHECK(formatFloat(1e-7) == "1e-07");
    CHECK(formatFloat(123456789.0) == "1.23457e+08");
    CHECK(formatFloat(static_cast<double>(2.26994e-05f)) == "2.26994e-05");
    CHECK(formatFloat(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(formatFloat(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(formatFloat(std::numeric_limits<double>::quiet_NaN()) == "nan");
    CHECK(formatFloat(-std::numeric_limits<double>::quiet_NaN()) == "-nan(ind)");
    const uint32_t negativeNanWithPayload = 0xFFC00001u;
    uint8_t bytes[8];
    std::memcpy(bytes, &negativeNanWithPayload, 4);
    CHECK(formatElement(DML_TENSOR_DATA_TYPE_FLOAT32, bytes) == "-nan");
    const uint16_t half = 0xBEEB;
    std::memcpy(bytes, &half, 2);
    CHECK(formatElement(DML_TENSOR_DATA_TYPE_FLOAT16, bytes) == "-1.72949");
    const int8_t minus = -7;
    std::memcpy(bytes, &minus, 1);
    CHECK(formatElement(DML_TENSOR_DATA_TYPE_INT8, bytes) == "-7");
    const int64_t big = -9000000000LL;
    std::memcpy(bytes, &big, 8);
    CHECK(formatElement(DML_TENSOR_DATA_TYPE_INT64, bytes) == "-9000000000");

    const float values[] = {1.5f, -2.0f, 0.0f};
    const auto* data = reinterpret_cast<const uint8_t*>(values);
    CHECK(formatResource("Out", DML_TENSOR_DATA_TYPE_FLOAT32, data, 3, false) == "Resource 'Out': 1.5, -2, 0");
    CHECK(formatResource("Out", DML_TENSOR_DATA_TYPE_FLOAT32, data, 3, true) ==
          "Resource 'Out':\n[0] 1.5 (0x3FC00000)\n[1] -2 (0xC0000000)\n[2] 0 (0x       0)\n");
    std::vector<int32_t> many(10, -1);
    const std::string verbose = formatResource("I", DML_TENSOR_DATA_TYPE_INT32,
                                               reinterpret_cast<const uint8_t*>(many.data()), many.size(), true);
    CHECK(verbose.find("\n[ 0] -1 (0xFFFFFFFF)\n") != std::string::npos);
    CHECK(verbose.find("\n[ 9] -1 (0xFFFFFFFF)\n") != std::string::npos);
}

TEST_CASE(".npy files round-trip bit-exactly") {
    const std::vector<std::pair<DML_TENSOR_DATA_TYPE, size_t>> types = {
        {DML_TENSOR_DATA_TYPE_FLOAT16, 2}, {DML_TENSOR_DATA_TYPE_FLOAT32, 4}, {DML_TENSOR_DATA_TYPE_FLOAT64, 8},
        {DML_TENSOR_DATA_TYPE_INT8, 1},    {DML_TENSOR_DATA_TYPE_INT16, 2},   {DML_TENSOR_DATA_TYPE_INT32, 4},
        {DML_TENSOR_DATA_TYPE_INT64, 8},   {DML_TENSOR_DATA_TYPE_UINT8, 1},   {DML_TENSOR_DATA_TYPE_UINT16, 2},
        {DML_TENSOR_DATA_TYPE_UINT32, 4},  {DML_TENSOR_DATA_TYPE_UINT64, 8},
    };
    for (const auto& entry : types) {
        const DML_TENSOR_DATA_TYPE type = entry.first;
        const size_t size = entry.second;
        CAPTURE(dataTypeShortName(type));
        for (const std::vector<uint64_t>& shape :
             std::vector<std::vector<uint64_t>>{{}, {7}, {2, 3}, {1, 2, 3, 4}, {0}}) {
            uint64_t elements = 1;
            for (const uint64_t d : shape) elements *= d;
            std::vector<uint8_t> data(elements * size);
            for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 37 + 11);
            const std::vector<uint8_t> file = writeNpy(type, shape, data.data(), data.size());
            CHECK((file.size() - data.size()) % 64 == 0);  // data starts 64-byte aligned
            const NpyArray back = readNpy(file);
            CHECK(back.dataType == type);
            CHECK(back.shape == shape);
            CHECK(back.data == data);
        }
    }
}

TEST_CASE(".npy reader: big-endian data, Python 2 headers, malformed files") {
    auto make = [](const std::string& header, const std::vector<uint8_t>& data) {
        std::vector<uint8_t> file = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
        file.push_back(static_cast<uint8_t>(header.size()));
        file.push_back(0);
        file.insert(file.end(), header.begin(), header.end());
        file.insert(file.end(), data.begin(), data.end());
        return file;
    };
    const NpyArray big = readNpy(make("{'descr': '>i4', 'fortran_order': False, 'shape': (2L,), }\n",
                                      {0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFE}));
    CHECK(big.dataType == DML_TENSOR_DATA_TYPE_INT32);
    int32_t values[2];
    std::memcpy(values, big.data.data(), 8);
    CHECK(values[0] == 1);
    CHECK(values[1] == -2);
    const NpyArray flags = readNpy(make("{\"shape\": (3,), \"fortran_order\": False, \"descr\": \"|b1\"}", {1, 0, 1}));
    CHECK(flags.dataType == DML_TENSOR_DATA_TYPE_UINT8);
    CHECK(flags.data.size() == 3);

    const std::vector<std::vector<uint8_t>> bad = {
        {},
        {'N', 'U', 'M', 'P', 'Y'},
        make("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", std::vector<uint8_t>(8)),
        make("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", std::vector<uint8_t>(16)),
        make("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", std::vector<uint8_t>(15)),
        make("{'descr': '<f4', 'fortran_order': False }", std::vector<uint8_t>(4)),
        make("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999,), }", {}),
        make("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }", {}),
        make("{'descr' '<f4'", {}),
    };
    for (size_t i = 0; i < bad.size(); ++i) {
        CAPTURE(i);
        CHECK_THROWS_AS(readNpy(bad[i]), std::runtime_error);
    }
}

TEST_CASE("model text: comments and trailing commas as DxDispatch accepts them") {
    CHECK(blankTrailingCommas(R"({"a": [1, 2, ], "b": "x, ]", /* , } */ "c": {"d": 1 , // ,
    },})") == R"({"a": [1, 2  ], "b": "x, ]", /* , } */ "c": {"d": 1   // ,
    } })");
    const Json doc = parseModelText("// header\n{\"a\": [1, 2,], /* c */ \"b\": {\"c\": true,},}\n");
    CHECK(doc["a"].size() == 2);
    CHECK(doc["b"]["c"] == true);
    const std::string message = expectError([] { parseModelText("{\n  \"a\": [1, 2\n}"); }, kExitModel);
    CHECK(message.find("invalid JSON: parse error at line 3, column 1") == 0);
}

TEST_CASE("initial values: every form and element type") {
    ResourceOptions options;
    auto parse = [&](const char* text) {
        return parseResource("R", Json::parse(text), JsonPath().key("resources").key("R"), options);
    };
    const ResourceDesc seq =
        parse(R"({"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 4, "valueStart": 1, "valueDelta": 2.5}})");
    std::vector<float> f(4);
    std::memcpy(f.data(), seq.initialValues.data(), 16);
    CHECK(f == std::vector<float>{1.0f, 3.5f, 6.0f, 8.5f});

    const ResourceDesc halfs = parse(R"({"initialValuesDataType": "FLOAT16", "initialValues": [65504, -65504, 4, "nan", "INF", "-inf", 0.1]})");
    CHECK(halfs.initialValues.size() == 14);
    CHECK(halfs.sizeInBytes == 16);  // rounded up to 4
    std::vector<uint16_t> h(7);
    std::memcpy(h.data(), halfs.initialValues.data(), 14);
    CHECK(h[0] == 0x7BFF);
    CHECK(h[1] == 0xFBFF);
    CHECK((h[3] & 0x7C00) == 0x7C00);
    CHECK(h[4] == 0x7C00);
    CHECK(h[5] == 0xFC00);
    CHECK(h[6] == 0x2E66);

    const ResourceDesc constant = parse(R"({"initialValuesDataType": "INT8", "initialValues": {"valueCount": 3, "value": -2}, "sizeInBytes": 5})");
    CHECK(constant.initialValues == std::vector<uint8_t>{0xFE, 0xFE, 0xFE});
    CHECK(constant.sizeInBytes == 8);

    const ResourceDesc wrap = parse(R"({"initialValuesDataType": "UINT8", "initialValues": {"valueCount": 3, "valueStart": 254, "valueDelta": 1}})");
    CHECK(wrap.initialValues == std::vector<uint8_t>{254, 255, 0});

    const ResourceDesc mixed = parse(R"({"initialValues": [{"name": "n", "type": "UINT32", "value": 6}, {"type": "FLOAT32", "value": 2.5}], "sizeInBytes": 256})");
    CHECK(mixed.dataType == DML_TENSOR_DATA_TYPE_UNKNOWN);
    CHECK(mixed.initialValues.size() == 8);
    CHECK(mixed.sizeInBytes == 256);

    CHECK(expectError([&] { parse(R"({"initialValuesDataType": "UINT16", "initialValues": [1, 70000]})"); },
                      kExitModel) == "$.resources.R.initialValues[1]: value 70000 is out of range for UINT16");
    CHECK(expectError([&] { parse(R"({"initialValuesDataType": "INT32", "initialValues": [1.5]})"); }, kExitModel) ==
          "$.resources.R.initialValues[0]: expected an integer (INT32), got the number 1.5");
    options.maxBytes = 1000;
    CHECK(expectError([&] { parse(R"({"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 4000000000, "value": 0}})"); },
                      kExitModel)
              .find("$.resources.R.initialValues.valueCount: valueCount 4000000000 makes 16000000000 bytes") == 0);
}
