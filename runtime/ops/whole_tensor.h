// For families whose kernels bind every tensor whole (the reductions, the matrix multiplies): whether a tensor fits
// one binding, and the range that binds it. Element indices inside such a range fit 32 bits.
#pragma once

#include <cstdint>
#include <string>

#include "core/binding.h"
#include "vk/recording.h"

namespace vkdml {
class Device;
}

namespace vkdml::ops {

// Throws E_NOTIMPL naming `operatorName` and the size when a tensor of `totalBytes` does not fit one binding on
// `device` (VKDML_MAX_BINDING_BYTES lowers the limit in tests).
void requireWholeBinding(Device& device, uint64_t totalBytes, const std::string& operatorName);

// The range binding the tensor of `totalBytes` at `buffer`: from its offset rounded down to the device's alignment
// to the end of its last 32-bit word (DMLCalcBufferTensorSize is whole words, and the binding table proved the
// tensor inside its buffer); `base` receives its first element's index in the range.
vk::BoundBuffer wholeTensorRange(const vk::Context& ctx, const BoundBuffer& buffer, uint64_t totalBytes,
                                 uint32_t elementBytes, bool written, uint32_t& base);

}  // namespace vkdml::ops
