#include "ops/reduce/row_windows.h"

#include <algorithm>

namespace vkdml::reduce {

namespace {

// positionsSpan within the block of the k innermost dimensions, 0 <= j0 < j1 <= that block's size. A range is a
// suffix of one coordinate's block, whole coordinates, and a prefix of another's; a whole block is answered at once,
// so the recursion follows at most one suffix and one prefix down the dimensions.
void spanWithin(const std::vector<Dim>& dims, uint32_t slot, size_t k, uint64_t j0, uint64_t j1, uint64_t& lo,
                uint64_t& hi) {
    if (k == 0) {
        lo = hi = 0;
        return;
    }
    uint64_t inner = 1, innerSpan = 0;
    for (size_t d = 0; d + 1 < k; ++d) {
        inner *= dims[d].size;
        innerSpan += (dims[d].size - 1) * dims[d].strides[slot];
    }
    const Dim& dim = dims[k - 1];
    const uint64_t stride = dim.strides[slot];
    if (j0 == 0 && j1 == inner * dim.size) {
        lo = 0;
        hi = innerSpan + (dim.size - 1) * stride;
        return;
    }
    const uint64_t c0 = j0 / inner, c1 = (j1 - 1) / inner;
    uint64_t l = 0, h = 0;
    if (c0 == c1) {
        spanWithin(dims, slot, k - 1, j0 - c0 * inner, j1 - c0 * inner, l, h);
        lo = c0 * stride + l;
        hi = c0 * stride + h;
        return;
    }
    spanWithin(dims, slot, k - 1, j0 - c0 * inner, inner, l, h);
    lo = c0 * stride + l;
    hi = c0 * stride + h;
    if (c1 > c0 + 1) {
        lo = std::min(lo, (c0 + 1) * stride);
        hi = std::max(hi, (c1 - 1) * stride + innerSpan);
    }
    spanWithin(dims, slot, k - 1, 0, j1 - c1 * inner, l, h);
    lo = std::min(lo, c1 * stride + l);
    hi = std::max(hi, c1 * stride + h);
}

// The element index of row `row`'s first element in slot `slot` (the kept dimensions, innermost first).
uint64_t rowOrigin(const Plan& plan, uint32_t slot, uint64_t row) {
    uint64_t offset = 0;
    for (const Dim& d : plan.kept) {
        offset += (row % d.size) * d.strides[slot];
        row /= d.size;
    }
    return offset;
}

// The row positions of part `part`: a DECREASING scan counts its parts from the row's last element.
void partPositions(const Plan& plan, const PartSplit& split, uint64_t part, uint64_t& j0, uint64_t& j1) {
    const uint64_t length = split.segments > 1 ? split.length : plan.rowLength;
    j0 = part * length;
    j1 = std::min<uint64_t>(j0 + length, plan.rowLength);
    if (plan.kind == Kind::Scan && plan.decreasing) {
        const uint64_t first = plan.rowLength - j1;
        j1 = plan.rowLength - j0;
        j0 = first;
    }
}

}  // namespace

void positionsSpan(const std::vector<Dim>& dims, uint32_t slot, uint64_t j0, uint64_t j1, uint64_t& lo,
                   uint64_t& hi) {
    spanWithin(dims, slot, dims.size(), j0, j1, lo, hi);
}

bool partsFit(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots], const ChunkLimits& limits,
              const PartSplit& split) {
    for (uint64_t k = 0; k < split.segments; ++k) {
        uint64_t j0 = 0, j1 = 0;
        partPositions(plan, split, k, j0, j1);
        for (uint32_t s = 0; s < kMaxSlots; ++s) {
            if (!elementBits[s]) continue;
            uint64_t lo = 0, hi = 0;
            positionsSpan(plan.reduced, s, j0, j1, lo, hi);
            if (bindingBytes(hi - lo + 1, elementBits[s], limits.alignment) > limits.maxBindingBytes) return false;
        }
    }
    return true;
}

std::vector<RowChunk> partWindows(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots],
                                  const ChunkLimits& limits, const PartSplit& split, bool perRow) {
    const uint64_t units = perRow ? plan.rows : plan.rows * split.segments;
    std::vector<RowChunk> windows;
    RowChunk current;
    bool open = false;
    for (uint64_t unit = 0; unit < units; ++unit) {
        const uint64_t row = unit % plan.rows;
        uint64_t j0 = 0, j1 = 0;
        partPositions(plan, split, perRow ? 0 : unit / plan.rows, j0, j1);
        RowChunk grown = current;
        bool fits = open && (!limits.maxRows || unit - current.firstRow < limits.maxRows);
        for (uint32_t s = 0; s < kMaxSlots; ++s) {
            if (!elementBits[s]) continue;
            uint64_t lo = 0, hi = 0;
            positionsSpan(plan.reduced, s, j0, j1, lo, hi);
            const uint64_t origin = rowOrigin(plan, s, row);
            const uint64_t first = origin + lo, end = origin + hi + 1;
            grown.firstElement[s] = open ? std::min(grown.firstElement[s], first) : first;
            grown.endElement[s] = open ? std::max(grown.endElement[s], end) : end;
            fits = fits && bindingBytes(grown.endElement[s] - grown.firstElement[s], elementBits[s],
                                        limits.alignment) <= limits.maxBindingBytes;
        }
        if (split.segments > 1) {
            const uint64_t first = row * split.segments * 4, end = first + uint64_t(split.segments) * 4;
            grown.firstScratch = open ? std::min(grown.firstScratch, first) : first;
            grown.endScratch = open ? std::max(grown.endScratch, end) : end;
            fits = fits && bindingBytes(grown.endScratch - grown.firstScratch, 32, limits.alignment) <=
                               limits.maxBindingBytes;
        }
        if (open && !fits) {
            windows.push_back(current);
            open = false;
            --unit;  // this unit starts the next window
            continue;
        }
        current = grown;
        if (!open) current.firstRow = unit;
        current.rowEnd = unit + 1;
        open = true;
    }
    if (open) windows.push_back(current);
    return windows;
}

}  // namespace vkdml::reduce
