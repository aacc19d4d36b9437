#include "ops/elementwise/plan.h"

#include "core/error.h"

#include <algorithm>
#include <numeric>

namespace vkdml::elementwise {

ElementwisePlan planElementwise(const std::vector<TensorLayout>& tensors) {
    ElementwisePlan plan;
    if (tensors.empty() || tensors.size() > kMaxPlanTensors)
        fail(E_FAIL, "internal: " + std::to_string(tensors.size()) + " tensors in one element-wise plan");
    plan.tensorCount = static_cast<uint32_t>(tensors.size());
    for (uint32_t t = 0; t < plan.tensorCount; ++t) {
        plan.tensorBits[t] = elementSizeInBits(tensors[t].dataType);
        plan.tensorBytes[t] = (plan.tensorBits[t] + 7) / 8;
        plan.elementBytes = std::max(plan.elementBytes, plan.tensorBytes[t]);
    }
    plan.elementCount = tensors[0].elementCount;
    const TensorLayout& out = tensors[0];

    // Dimensions that matter, outermost first by output stride (ties: by the inputs' strides).
    uint32_t dims[kMaxRank];
    uint32_t count = 0;
    for (uint32_t d = 0; d < out.rank; ++d)
        if (out.sizes[d] > 1) dims[count++] = d;
    std::stable_sort(dims, dims + count, [&](uint32_t a, uint32_t b) {
        for (const auto& t : tensors)
            if (t.strides[a] != t.strides[b]) return t.strides[a] > t.strides[b];
        return false;
    });

    // Merge an outer dimension into the inner one when every tensor steps over it exactly.
    uint64_t sizes[kMaxRank];
    uint64_t strides[kMaxPlanTensors][kMaxRank];
    uint32_t rank = 0;
    for (uint32_t k = 0; k < count; ++k) {
        uint32_t d = dims[k];
        if (rank > 0) {
            bool mergeable = true;
            for (uint32_t t = 0; t < plan.tensorCount; ++t)
                if (strides[t][rank - 1] != uint64_t(tensors[t].strides[d]) * out.sizes[d]) mergeable = false;
            if (mergeable) {
                sizes[rank - 1] *= out.sizes[d];
                for (uint32_t t = 0; t < plan.tensorCount; ++t) strides[t][rank - 1] = tensors[t].strides[d];
                continue;
            }
        }
        sizes[rank] = out.sizes[d];
        for (uint32_t t = 0; t < plan.tensorCount; ++t) strides[t][rank] = tensors[t].strides[d];
        ++rank;
    }
    if (rank == 0) {  // a single element
        sizes[0] = 1;
        for (uint32_t t = 0; t < plan.tensorCount; ++t) strides[t][0] = 1;
        rank = 1;
    }
    // Store innermost first.
    plan.rank = rank;
    for (uint32_t i = 0; i < rank; ++i) {
        plan.sizes[i] = sizes[rank - 1 - i];
        for (uint32_t t = 0; t < plan.tensorCount; ++t) plan.strides[t][i] = strides[t][rank - 1 - i];
    }
    plan.contiguous = rank == 1;
    for (uint32_t t = 0; t < plan.tensorCount; ++t)
        if (plan.strides[t][0] != 1) plan.contiguous = false;
    return plan;
}

namespace {

uint64_t spanOf(const ElementwisePlan& plan, uint32_t t, const uint64_t* extents) {
    uint64_t last = 0;
    for (uint32_t d = 0; d < plan.rank; ++d) last += (extents[d] - 1) * plan.strides[t][d];
    return last + 1;
}

std::vector<Chunk> contiguousChunks(const ElementwisePlan& plan, const ChunkLimits& limits) {
    uint64_t length = std::min(limits.maxSpanBytes / plan.elementBytes, limits.maxElements);
    if (length < plan.elementCount) length -= length % limits.contiguousGranule;
    std::vector<Chunk> chunks;
    for (uint64_t first = 0; first < plan.elementCount; first += length) {
        Chunk c;
        c.rank = 1;
        c.count = std::min(length, plan.elementCount - first);
        c.sizes[0] = static_cast<uint32_t>(c.count);
        for (uint32_t t = 0; t < plan.tensorCount; ++t) {
            c.firstElement[t] = first;
            c.spanElements[t] = c.count;
        }
        chunks.push_back(c);
    }
    return chunks;
}

}  // namespace

std::vector<Chunk> splitIntoChunks(const ElementwisePlan& plan, const ChunkLimits& limits) {
    if (plan.contiguous) return contiguousChunks(plan, limits);

    // Shrink the tile, halving whichever dimension reaches furthest in any tensor, until every span fits.
    uint64_t tile[kMaxRank];
    std::copy(plan.sizes, plan.sizes + plan.rank, tile);
    for (uint32_t d = limits.maxRank; d < plan.rank; ++d) tile[d] = 1;  // the kernel cannot walk these
    auto fits = [&] {
        uint64_t count = 1;
        for (uint32_t d = 0; d < plan.rank; ++d) count *= tile[d];
        if (count > limits.maxElements) return false;
        for (uint32_t t = 0; t < plan.tensorCount; ++t)
            if (spanOf(plan, t, tile) > limits.maxSpanBytes / plan.tensorBytes[t]) return false;
        return true;
    };
    while (!fits()) {
        uint32_t widest = 0;
        uint64_t widestReach = 0;
        for (uint32_t d = 0; d < plan.rank; ++d) {
            uint64_t reach = tile[d] - 1;  // counts elements when the product is the limit
            for (uint32_t t = 0; t < plan.tensorCount; ++t)
                reach = std::max(reach, (tile[d] - 1) * plan.strides[t][d]);
            if (tile[d] > 1 && reach >= widestReach) widest = d, widestReach = reach;
        }
        tile[widest] = (tile[widest] + 1) / 2;
    }

    uint64_t tilesPerDim[kMaxRank];
    uint64_t tileCount = 1;
    for (uint32_t d = 0; d < plan.rank; ++d) {
        tilesPerDim[d] = (plan.sizes[d] + tile[d] - 1) / tile[d];
        tileCount *= tilesPerDim[d];
    }
    std::vector<Chunk> chunks;
    chunks.reserve(tileCount);
    for (uint64_t index = 0; index < tileCount; ++index) {
        Chunk c;
        c.rank = std::min(plan.rank, limits.maxRank);
        c.count = 1;
        uint64_t rest = index;
        uint64_t extents[kMaxRank];
        for (uint32_t d = 0; d < plan.rank; ++d) {
            uint64_t k = rest % tilesPerDim[d];
            rest /= tilesPerDim[d];
            uint64_t origin = k * tile[d];
            extents[d] = std::min(tile[d], plan.sizes[d] - origin);
            c.sizes[d] = static_cast<uint32_t>(extents[d]);
            c.count *= extents[d];
            for (uint32_t t = 0; t < plan.tensorCount; ++t) c.firstElement[t] += origin * plan.strides[t][d];
        }
        for (uint32_t t = 0; t < plan.tensorCount; ++t) c.spanElements[t] = spanOf(plan, t, extents);
        chunks.push_back(c);
    }
    return chunks;
}

uint64_t chunkEndBytes(const Chunk& chunk, uint32_t t, uint32_t bits) {
    return (((chunk.firstElement[t] + chunk.spanElements[t]) * bits + 7) / 8 + 3) & ~uint64_t(3);
}

void requireChunksInside(const std::vector<Chunk>& chunks, uint32_t tensorCount, const uint32_t* bits,
                         const uint64_t* totals, const std::string& label) {
    for (const Chunk& chunk : chunks)
        for (uint32_t t = 0; t < tensorCount; ++t)
            if (chunkEndBytes(chunk, t, bits[t]) > totals[t])
                fail(E_FAIL, "internal: " + label + ": a chunk ends at byte " +
                                 std::to_string(chunkEndBytes(chunk, t, bits[t])) + " of tensor " + std::to_string(t) +
                                 ", past its TotalTensorSizeInBytes " + std::to_string(totals[t]));
}

}  // namespace vkdml::elementwise
