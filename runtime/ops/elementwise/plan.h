// How an element-wise operator walks its tensors: dimensions of size 1 dropped, the rest ordered by output stride and
// merged where every tensor is contiguous across them, then cut into chunks whose bound byte ranges fit the device's
// maxStorageBufferRange. Pure arithmetic, no Vulkan.
#pragma once

#include <cstdint>
#include <vector>

#include "dml/tensor.h"

namespace vkdml::elementwise {

// The element-wise family is written in the desc layer's terms (TensorLayout, OperatorInfo, the schema's kinds).
using namespace dml;

constexpr uint32_t kMaxPlanTensors = 9;  // QUANTIZED_LINEAR_ADD: output + 8 inputs

struct ElementwisePlan {
    uint32_t tensorCount = 0;  // tensor 0 is the output, then the inputs in slot order
    uint32_t elementBytes = 0;                     // the widest tensor's element size
    uint32_t tensorBytes[kMaxPlanTensors] = {};    // each tensor's element size (4-bit types: 1, for span limits)
    uint32_t tensorBits[kMaxPlanTensors] = {};     // each tensor's element size in bits (4 for INT4 and UINT4)
    uint32_t rank = 0;                             // after merging; dimension 0 is the innermost
    uint64_t sizes[kMaxRank] = {};
    uint64_t strides[kMaxPlanTensors][kMaxRank] = {};
    uint64_t elementCount = 0;
    // rank 1 with stride 1 in every tensor: the flat vectorized kernel applies.
    bool contiguous = false;
};

// `tensors`: output first, then inputs; all of the same shape (checked by the operator's validation).
ElementwisePlan planElementwise(const std::vector<TensorLayout>& tensors);

struct Chunk {
    uint32_t rank = 0;
    uint32_t sizes[kMaxRank] = {};                 // extent of this chunk per plan dimension (innermost first)
    uint64_t firstElement[kMaxPlanTensors] = {};   // element index of the chunk's first element in each tensor
    uint64_t spanElements[kMaxPlanTensors] = {};   // elements from the first to the last one the chunk touches
    uint64_t count = 0;                            // elements in the chunk
};

struct ChunkLimits {
    uint64_t maxSpanBytes;        // per tensor binding
    uint64_t maxElements;         // per chunk (keeps 32-bit indices safe)
    uint32_t contiguousGranule;   // contiguous chunks start at multiples of this many elements
    uint32_t maxRank = kMaxRank;  // dimensions a kernel can walk; outer ones beyond are fixed per chunk
};

std::vector<Chunk> splitIntoChunks(const ElementwisePlan& plan, const ChunkLimits& limits);

// Where `chunk` ends in tensor t, in bytes from the tensor's first byte: past the 32-bit word holding the last
// element it touches (kernels read and write narrow elements through their words). Bindings start 4-byte aligned,
// so the range a dispatch binds for the chunk ends there too.
uint64_t chunkEndBytes(const Chunk& chunk, uint32_t t, uint32_t bits);

// Proves at compile time what recording relies on: every chunk lies inside each of its tensors (`bits` and `totals`,
// TotalTensorSizeInBytes, per tensor). Throws E_FAIL naming `label` otherwise (a defect of the planner).
void requireChunksInside(const std::vector<Chunk>& chunks, uint32_t tensorCount, const uint32_t* bits,
                         const uint64_t* totals, const std::string& label);

}  // namespace vkdml::elementwise
