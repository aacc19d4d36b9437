#include "ops/elementwise/chunk_dispatch.h"

#include <algorithm>
#include <cassert>

#include "core/buffer.h"
#include "core/device.h"
#include "core/error.h"

namespace vkdml::elementwise {

ChunkLimits deviceChunkLimits(Device& device) {
    const vk::Context& ctx = device.context();
    const uint64_t alignment = std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 16);
    const uint64_t maxRange = device.maxBindingBytes();
    require(maxRange > 2 * alignment + 64, "internal: maxStorageBufferRange too small");
    ChunkLimits limits;
    limits.maxSpanBytes = (maxRange - alignment) & ~uint64_t(15);  // room to round a binding offset down
    limits.maxElements = uint64_t(1) << 31;
    limits.contiguousGranule = 16;
    return limits;
}

uint64_t flatGridElements(Device& device, uint64_t perInvocation, uint64_t spareInvocations) {
    const uint64_t invocations = uint64_t(device.context().limits().maxComputeWorkGroupCount[0]) *
                                 device.pipelines().defaultWorkgroupSize();
    return (invocations - spareInvocations) * perInvocation;
}

uint64_t bindingAlignment(const vk::Context& context) {
    return std::max<uint64_t>(context.limits().minStorageBufferOffsetAlignment, 4);
}

ChunkBinding bindChunk(const BoundBuffer& tensor, uint64_t first, uint64_t span, uint32_t bits, uint32_t unitBits,
                       uint64_t total, uint64_t alignment, bool written) {
    // The bytes holding elements first .. first + span - 1 (a 4-bit element may start mid-byte).
    const uint64_t start = tensor.offset + first * bits / 8;
    const uint64_t end = (tensor.offset + ((first + span) * bits + 7) / 8 + 3) & ~uint64_t(3);
    const uint64_t aligned = start - start % alignment;
    // Proven at compile time (requireChunksInside): the chunk lies inside the tensor; and by the binding table: the
    // tensor inside its binding.
    assert(tensor.offset % 4 == 0 && end <= tensor.offset + total && tensor.offset + total <= tensor.buffer->size());
    (void)total;
    ChunkBinding result;
    result.binding.range = {tensor.buffer->handle(), aligned, end - aligned};
    result.binding.written = written;
    result.base = static_cast<uint32_t>(((start - aligned) * 8 + first * bits % 8) / unitBits);
    return result;
}

}  // namespace vkdml::elementwise
