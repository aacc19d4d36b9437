// ACTIVATION_SHRINK on integer tensors: the FLOAT attributes turned into exact integer terms for the kernel
// (glsl/vkdml_integer.glsl, vk_int_shrink), so that every result is the real-number formula truncated toward zero
// and saturated to the element type, with no float rounding anywhere.
#pragma once

#include <cstdint>

#include "dml/tensor.h"

#include <vkdml/DirectML.h>

namespace vkdml::elementwise {

using namespace dml;  // the element-wise family is written in the desc layer's terms

struct IntegerShrinkTerms {
    uint32_t lowerEndBits = 0;   // the last x with x < -Threshold, as the element type's 32-bit pattern
    uint32_t upperStartBits = 0; // the first x with x > Threshold
    uint32_t biasFloorLow = 0;   // low 32 bits of floor(Bias) (clamped so that it saturates like the real value)
    uint32_t flags = 0;          // kShrink* bits
};

constexpr uint32_t kShrinkNoLower = 1u, kShrinkNoUpper = 2u, kShrinkBiasFraction = 4u, kShrinkBiasNegative = 8u;

// `type` is one of the 8/16/32-bit integer types. A NaN Threshold selects neither branch (every comparison with
// NaN is false); a NaN Bias counts as 0.
IntegerShrinkTerms integerShrinkTerms(DML_TENSOR_DATA_TYPE type, float bias, float threshold);

}  // namespace vkdml::elementwise
