#include "ops/whole_tensor.h"

#include <algorithm>
#include <cassert>

#include "core/buffer.h"
#include "core/device.h"
#include "core/error.h"

namespace vkdml::ops {

void requireWholeBinding(Device& device, uint64_t totalBytes, const std::string& operatorName) {
    const vk::Context& ctx = device.context();
    const uint64_t maxRange = device.maxBindingBytes();
    const uint64_t alignment = std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 4);
    if (totalBytes + alignment > maxRange)
        fail(E_NOTIMPL, operatorName + ": a " + std::to_string(totalBytes) + "-byte tensor; vkdml binds each of its "
                            "tensors whole and " + ctx.caps().properties.deviceName + " binds at most " +
                            std::to_string(maxRange) + " bytes");
}

vk::BoundBuffer wholeTensorRange(const vk::Context& ctx, const BoundBuffer& buffer, uint64_t totalBytes,
                                 uint32_t elementBytes, bool written, uint32_t& base) {
    const uint64_t alignment = std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 4);
    assert(buffer.offset % 16 == 0 && buffer.offset + totalBytes <= buffer.buffer->size());
    const uint64_t aligned = buffer.offset - buffer.offset % alignment;
    const uint64_t end = buffer.offset + (totalBytes & ~uint64_t(3));  // covers every element's word
    vk::BoundBuffer range;
    range.range = {buffer.buffer->handle(), aligned, end - aligned};
    range.written = written;
    base = static_cast<uint32_t>((buffer.offset - aligned) / elementBytes);
    return range;
}

uint64_t partAlignment(const vk::Context& ctx) {
    return std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 16);
}

vk::BoundBuffer tensorPartRange(const vk::Context& ctx, const BoundBuffer& buffer, uint64_t totalBytes,
                                uint32_t elementBytes, uint64_t firstElement, uint64_t endElement, bool written,
                                uint32_t& base) {
    const uint64_t alignment = partAlignment(ctx);
    assert(buffer.offset % 16 == 0 && endElement > firstElement);
    const uint64_t start = buffer.offset + firstElement * elementBytes;
    const uint64_t aligned = start - start % alignment;
    const uint64_t end = buffer.offset + (endElement * elementBytes + 3) / 4 * 4;
    assert(end <= buffer.offset + totalBytes && end <= buffer.buffer->size());
    (void)totalBytes;
    vk::BoundBuffer range;
    range.range = {buffer.buffer->handle(), aligned, end - aligned};
    range.written = written;
    base = static_cast<uint32_t>((start - aligned) / elementBytes - firstElement);
    return range;
}

}  // namespace vkdml::ops
