#include "ops/reduce/row_chunks.h"

#include <algorithm>

namespace vkdml::reduce {

namespace {

const char* const kSlotNames[kMaxSlots] = {"input", "output", "scale", "bias", "slot 4", "slot 5", "slot 6", "slot 7"};

}  // namespace

uint64_t bindingBytes(uint64_t elements, uint32_t elementBits, uint64_t alignment) {
    return (elements * elementBits + 31) / 32 * 4 + alignment + 4;
}

namespace {

// Runs of coordinates of `outer`, each coordinate `rowsPerCoordinate` rows spanning `span[s] + 1` elements of slot
// s from its first; `what` names a coordinate in messages.
std::vector<RowChunk> chunkAlong(const Dim& outer, uint64_t rowsPerCoordinate, const uint64_t (&span)[kMaxSlots],
                                 const uint32_t (&elementBits)[kMaxSlots], const ChunkLimits& limits,
                                 const std::string& what, std::string& whyNot) {
    if (limits.maxRows && rowsPerCoordinate > limits.maxRows) {
        whyNot = std::to_string(rowsPerCoordinate) + " rows in " + what + ", more than one dispatch's grid holds (" +
                 std::to_string(limits.maxRows) + ")";
        return {};
    }
    // The most coordinates one run may take.
    uint64_t most = outer.size;
    if (limits.maxRows) most = std::min<uint64_t>(most, std::max<uint64_t>(1, limits.maxRows / rowsPerCoordinate));
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        if (!elementBits[s]) continue;
        if (bindingBytes(span[s] + 1, elementBits[s], limits.alignment) > limits.maxBindingBytes) {
            whyNot = what + " spans " + std::to_string(span[s] + 1) + " elements of the " + kSlotNames[s] + " tensor";
            return {};
        }
        const uint64_t stride = outer.strides[s];
        if (!stride) continue;
        // The largest count c with (c - 1) * stride + span + 1 elements inside a binding (bindingBytes grows with c).
        uint64_t lo = 1, hi = most;
        while (lo < hi) {
            const uint64_t c = lo + (hi - lo + 1) / 2;
            if (bindingBytes((c - 1) * stride + span[s] + 1, elementBits[s], limits.alignment) <= limits.maxBindingBytes)
                lo = c;
            else
                hi = c - 1;
        }
        most = lo;
    }
    std::vector<RowChunk> chunks;
    for (uint64_t a = 0; a < outer.size; a += most) {
        const uint64_t b = std::min<uint64_t>(outer.size, a + most);
        RowChunk c;
        c.firstRow = a * rowsPerCoordinate;
        c.rowEnd = b * rowsPerCoordinate;
        for (uint32_t s = 0; s < kMaxSlots; ++s) {
            c.firstElement[s] = a * outer.strides[s];
            c.endElement[s] = (b - 1) * outer.strides[s] + span[s] + 1;
        }
        chunks.push_back(c);
    }
    return chunks;
}

}  // namespace

std::vector<RowChunk> chunkRows(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots], const ChunkLimits& limits,
                                std::string& whyNot) {
    uint64_t span[kMaxSlots] = {};
    if (plan.kind == Kind::Lrn) {
        // Cut along N only: a window runs along C, H and W.
        const LrnWindow& w = plan.lrn;
        Dim outer;
        outer.size = w.sizes[0];
        for (uint32_t s = 0; s < kMaxSlots; ++s) {
            outer.strides[s] = w.strides[s][0];
            for (uint32_t d = 1; d < 4; ++d) span[s] += (w.sizes[d] - 1) * w.strides[s][d];
        }
        return chunkAlong(outer, plan.rows / outer.size, span, elementBits, limits, "one coordinate of N", whyNot);
    }
    // The outermost kept dimension is cut; `span[s]`: the elements one of its coordinates covers in slot s, less one.
    const bool cut = !plan.kept.empty();
    const Dim outer = cut ? plan.kept.back() : Dim{};
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        for (size_t d = 0; d + (cut ? 1 : 0) < plan.kept.size(); ++d) span[s] += (plan.kept[d].size - 1) * plan.kept[d].strides[s];
        for (const Dim& d : plan.reduced) span[s] += (d.size - 1) * d.strides[s];
    }
    return chunkAlong(outer, plan.rows / outer.size, span, elementBits, limits,
                      cut ? "one coordinate of the outermost kept dimension" : "the whole row", whyNot);
}

}  // namespace vkdml::reduce
