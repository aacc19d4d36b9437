// The push constants of a general kernel (Walk::Linear, Quads, Elements, Tiles, TileQuads): 32 words whose layout
// follows from the program, shared by the generator (which reads them) and the host (which fills them). Only
// strided tensors carry strides, so a kernel over many packed or broadcast tensors still walks several dimensions.
//
//   word 0  count     elements of this dispatch
//   word 1  rank      dimensions in sizes (and strides), innermost first
//   word 2  shifts    5 bits per dimension: the division shifts (see runtime/ops/elementwise/kernel_params.h)
//   attributes        one word each (FLOAT bits, or the integer value)
//   bases             one per tensor: element offset of the dispatch's first element in its bound range
//   sizes             maxRank words
//   magics            maxRank - 1 words
//   strides           maxRank words per strided tensor, in tensor order
#pragma once

#include <cstdint>
#include <vector>

#include "kernel/program.h"

namespace vkdml::kernel {

constexpr uint32_t kGeneralParamWords = 32;
// Tile walks: rows (of dimension 1) one invocation walks at its column x (or quad of columns). Neighbouring
// invocations take neighbouring columns, so each row step writes whole output lines across them while every
// invocation reads down the transposed tensor's line: 16 fp32 rows are one 64-byte line. On lavapipe 4 to 64 rows
// measured alike within the noise (docs/BENCHMARKS.md); 16 keeps a GPU's per-invocation loop short.
constexpr uint32_t kTileRows = 16;

struct GeneralParamsLayout {
    uint32_t maxRank = 1;  // dimensions one dispatch walks (0 when the program has too many tensors)
    uint32_t attributes = 3;
    uint32_t bases = 0;
    uint32_t sizes = 0;
    uint32_t magics = 0;
    std::vector<int32_t> strides;  // per tensor: the word of its strides, or -1 (packed, broadcast)
    uint32_t words = 0;            // words used

    static constexpr uint32_t kCount = 0, kRank = 1, kShifts = 2;
};

// Tensors whose strides the kernel reads.
inline bool hasStrides(Access access) {
    return access == Access::Strided || access == Access::Rows || access == Access::Columns;
}

inline GeneralParamsLayout generalParamsLayout(const ElementwiseProgram& program) {
    GeneralParamsLayout layout;
    const uint32_t tensors = program.tensorCount();
    uint32_t strided = 0;
    for (Access a : program.access) strided += hasStrides(a) ? 1 : 0;
    layout.bases = layout.attributes + program.attributeCount();
    const uint32_t fixed = layout.bases + tensors;
    // fixed + R sizes + (R - 1) magics + R per strided tensor <= 32; shifts hold 6 dimensions' divisions.
    uint32_t rank = fixed + 1 <= kGeneralParamWords ? (kGeneralParamWords - fixed + 1) / (2 + strided) : 0;
    if (program.walk == Walk::Linear) rank = fixed < kGeneralParamWords ? 1 : 0;
    layout.maxRank = rank > 7 ? 7 : rank;
    layout.sizes = fixed;
    layout.magics = layout.sizes + layout.maxRank;
    uint32_t next = layout.magics + (layout.maxRank > 0 ? layout.maxRank - 1 : 0);
    layout.strides.assign(tensors, -1);
    for (uint32_t t = 0; t < tensors && t < program.access.size(); ++t)
        if (hasStrides(program.access[t])) {
            layout.strides[t] = static_cast<int32_t>(next);
            next += layout.maxRank;
        }
    layout.words = next;
    return layout;
}

}  // namespace vkdml::kernel
