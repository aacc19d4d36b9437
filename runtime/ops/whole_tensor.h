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

// The offset alignment of the ranges tensorPartRange makes: the device's, and at least 16 bytes (so that an element
// index counted from the range's start is one counted from a 16-byte boundary, as the kernels' vector loads need).
uint64_t partAlignment(const vk::Context& ctx);

// The range binding elements [firstElement, endElement) of the tensor at `buffer` (`elementBytes` per element;
// TotalTensorSizeInBytes `totalBytes` covers them): from the first one's byte rounded down to partAlignment(ctx) to
// the end of the last one's 32-bit word. `base` receives the index the tensor's element 0 would have in the range,
// modulo 2^32: a kernel that adds an element's index in the tensor to it in 32-bit arithmetic gets its index in the
// range.
vk::BoundBuffer tensorPartRange(const vk::Context& ctx, const BoundBuffer& buffer, uint64_t totalBytes,
                                uint32_t elementBytes, uint64_t firstElement, uint64_t endElement, bool written,
                                uint32_t& base);

}  // namespace vkdml::ops
