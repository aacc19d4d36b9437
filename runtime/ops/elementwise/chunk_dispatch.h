// What both element-wise engines (the activations' own kernels and the general kernels) share under their own
// kernels and push constants: the chunk limits a device's bindings and grid impose, the byte range one chunk binds
// of each tensor, and the split of a chunk into whole vectors and a tail on CPU devices. Their measured reason to
// stay two engines is in docs/ARCHITECTURE.md ("Operator families", the element-wise family).
#pragma once

#include <cstdint>

#include "core/binding.h"
#include "ops/elementwise/plan.h"
#include "vk/recording.h"

namespace vkdml {
class Device;
}

namespace vkdml::elementwise {

// Limits for splitIntoChunks: every tensor's span fits one binding once its offset is rounded down to the device's
// storage-buffer offset alignment (and within the test option's forced binding size); 2^31 elements per chunk so
// that kernel indices stay 32-bit.
ChunkLimits deviceChunkLimits(Device& device);

// The most elements a one-dimensional grid of the device's default workgroup size covers at `perInvocation`
// elements per invocation, keeping `spareInvocations` (a flat kernel's tail invocation) free.
uint64_t flatGridElements(Device& device, uint64_t perInvocation, uint64_t spareInvocations);

// The binding of one chunk of one tensor, and where its first element lies in that binding.
struct ChunkBinding {
    vk::BoundBuffer binding;
    uint32_t base = 0;  // index of the chunk's first element in the binding, in units of `unitBits`
};

// The bytes of `tensor` holding elements `first` .. `first + span - 1` of `bits` each, from an offset rounded down
// to `alignment` to the end of the 32-bit word holding the last one (kernels read and write narrow elements through
// their words; that stays inside the tensor because DMLCalcBufferTensorSize rounds up to 4 bytes). `total`: the
// tensor's TotalTensorSizeInBytes, which compile-time checks proved the chunk inside.
ChunkBinding bindChunk(const BoundBuffer& tensor, uint64_t first, uint64_t span, uint32_t bits, uint32_t unitBits,
                       uint64_t total, uint64_t alignment, bool written);

// The offset alignment bindChunk needs on this device at record time.
uint64_t bindingAlignment(const vk::Context& context);

// Calls part(skip, count, tail) for a chunk of `count` elements: once for all of it when `splitTail` is false,
// else for its whole `granule`s (tail = false) and then for the rest (tail = true), each only when not empty.
template <class Part>
void forEachPart(uint64_t count, uint64_t granule, bool splitTail, Part&& part) {
    const uint64_t tail = splitTail ? count % granule : 0;
    if (tail == 0) {
        part(uint64_t(0), count, false);
        return;
    }
    if (count > tail) part(uint64_t(0), count - tail, false);
    part(count - tail, tail, true);
}

}  // namespace vkdml::elementwise
