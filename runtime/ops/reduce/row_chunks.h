// The dispatches of one reduction kernel: runs of consecutive rows small enough that each run's part of every tensor
// fits one storage-buffer binding, and its workgroups one grid. Rows are cut along the outermost kept dimension (the
// other kept dimensions and the reduced ones stay whole in every run), so a run's part of a tensor is the range
// from its first coordinate's element to its last's. Pure arithmetic, no Vulkan.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/reduce/plan.h"

namespace vkdml::reduce {

struct RowChunk {
    uint64_t firstRow = 0, rowEnd = 0;  // rows [firstRow, rowEnd)
    // Per slot: the lowest element index the run touches in the slot's tensor, and one past the highest.
    uint64_t firstElement[kMaxSlots] = {}, endElement[kMaxSlots] = {};
    // Rows split into parts: the words [firstScratch, endScratch) of the parts' statistics (4 words per part) that
    // the run's units read and write, every part of each of its rows.
    uint64_t firstScratch = 0, endScratch = 0;
};

struct ChunkLimits {
    uint64_t maxBindingBytes = 0;  // the most bytes one binding spans
    uint64_t alignment = 16;       // a binding's offset is rounded down to a multiple of this
    uint64_t maxRows = 0;          // rows one dispatch's grid holds
};

// The runs covering every row of `plan` in order (one where everything fits). `elementBits[s]`: the width of slot
// s's elements (0 for an absent slot). An empty result when a single coordinate of the outermost kept dimension
// (or the whole tensor, without kept dimensions) does not fit: `whyNot` then says which tensor needs how many bytes.
// LOCAL_RESPONSE_NORMALIZATION (rows of one element, windows along C, H and W) is cut along N only.
std::vector<RowChunk> chunkRows(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots], const ChunkLimits& limits,
                                std::string& whyNot);

// The most bytes a binding of `elements` consecutive elements of `elementBits` bits may take, wherever they start:
// their 32-bit words, one more where they start inside a word, and what rounding the offset down to `alignment`
// adds.
uint64_t bindingBytes(uint64_t elements, uint32_t elementBits, uint64_t alignment);

}  // namespace vkdml::reduce
