// Rows longer than one storage-buffer binding: split into parts (KernelShape::segments), each phase's dispatches
// take runs of consecutive parts (or, in a phase that works per row, of rows) whose elements fit one binding per
// tensor, bound as that window. Pure arithmetic, no Vulkan.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/reduce/plan.h"
#include "ops/reduce/row_chunks.h"

namespace vkdml::reduce {

// The lowest and highest element offset (from the row's first element) that slot `slot` touches at the row
// positions [j0, j1) (j counts the reduced dimensions, `dims[0]` innermost). Strides are never negative.
void positionsSpan(const std::vector<Dim>& dims, uint32_t slot, uint64_t j0, uint64_t j1, uint64_t& lo,
                   uint64_t& hi);

// Rows split into parts (KernelShape::segments): one part, the whole row, where segments is 1.
struct PartSplit {
    uint32_t segments = 1;  // parts per row
    uint64_t length = 0;    // elements per part (the last one may be shorter); unused for one part
};

// Whether every part of `split` fits one binding of every present slot (elementBits[s] > 0).
bool partsFit(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots], const ChunkLimits& limits,
              const PartSplit& split);

// The dispatches of one phase: RowChunk::firstRow and rowEnd count parts (part k of row r is k * rows + r: the
// same part of consecutive rows first, as a reduction over outer axes finds them near each other) or, with perRow,
// rows; each chunk's element ranges cover what its parts touch in every slot (a per-row unit: its row's first
// part), and fit one binding each, as do the statistics of its rows (RowChunk::firstScratch). The parts must fit
// (partsFit), and one row's statistics a binding.
std::vector<RowChunk> partWindows(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots],
                                  const ChunkLimits& limits, const PartSplit& split, bool perRow);

}  // namespace vkdml::reduce
