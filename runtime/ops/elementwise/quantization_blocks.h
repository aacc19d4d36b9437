// QUANTIZE and DEQUANTIZE with blocked QuantizationTensors written the way ONNX Runtime writes MatMulNBits's: a
// scale (or zero point) dimension whose size divides the input's, each element covering a block of input elements
// along it ({N, K / 32} against {N, K}: one scale per 32 elements of a row).
#pragma once

#include <string>

#include "dml/operator_desc.h"

namespace vkdml::elementwise {

// Splits each such dimension d of every tensor of `info` into {blocks, block length}: the input, output and the
// full-size tensors by strides {stride * length, stride}, the blocked ones by {stride, 0}, size-1 ones into {1, 1}.
// Nothing changes when no dimension is blocked, or when a tensor's size there is none of the input's, the block
// count or 1 (the shape rules then name the field). E_INVALIDARG for blocks of two lengths along one dimension;
// E_NOTIMPL when the split would pass 8 dimensions.
void splitQuantizationBlocks(dml::OperatorInfo& info, const std::string& prefix);

}  // namespace vkdml::elementwise
