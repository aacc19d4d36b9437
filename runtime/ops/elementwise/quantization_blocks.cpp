#include "ops/elementwise/quantization_blocks.h"

#include "core/error.h"

namespace vkdml::elementwise {

using dml::FieldKind;
using dml::kMaxRank;
using dml::TensorLayout;
using dml::TensorRef;

void splitQuantizationBlocks(dml::OperatorInfo& info, const std::string& prefix) {
    const TensorLayout input = info.inputs.front();
    uint32_t block[kMaxRank] = {};  // 0: dimension not blocked
    uint32_t blocked = 0;
    for (const TensorRef& ref : info.fieldOrder) {
        const TensorLayout& t = info.tensor(ref);
        if (info.fieldOf(ref).kind != FieldKind::QuantizationTensors || t.rank != input.rank) continue;
        for (uint32_t d = 0; d < t.rank; ++d) {
            if (t.sizes[d] == input.sizes[d] || t.sizes[d] == 1 || input.sizes[d] % t.sizes[d] != 0) continue;
            const uint32_t length = input.sizes[d] / t.sizes[d];
            require(block[d] == 0 || block[d] == length,
                    prefix + info.nameOf(ref) + ".Sizes[" + std::to_string(d) + "] = " + std::to_string(t.sizes[d]) +
                        " makes blocks of " + std::to_string(length) + " elements where the other quantization " +
                        "tensor's make blocks of " + std::to_string(block[d]));
            if (block[d] == 0) ++blocked;
            block[d] = length;
        }
    }
    if (blocked == 0) return;
    for (const TensorRef& ref : info.fieldOrder) {  // sizes the split cannot express: left to the shape rules
        const TensorLayout& t = info.tensor(ref);
        if (t.rank != input.rank) return;
        for (uint32_t d = 0; d < t.rank; ++d)
            if (block[d] && t.sizes[d] != input.sizes[d] && t.sizes[d] != input.sizes[d] / block[d] && t.sizes[d] != 1)
                return;
    }
    if (input.rank + blocked > kMaxRank)
        fail(E_NOTIMPL, prefix + "QuantizationTensors: blocks along " + std::to_string(blocked) + " dimension(s) of " +
                            std::to_string(input.rank) + "-D tensors: vkdml splits each such dimension in two, " +
                            "which would pass " + std::to_string(kMaxRank) + " dimensions");
    for (const TensorRef& ref : info.fieldOrder) {
        TensorLayout& t = info.tensor(ref);
        TensorLayout split = t;
        uint32_t r = 0;
        for (uint32_t d = 0; d < t.rank; ++d) {
            const uint32_t size = t.sizes[d], stride = t.strides[d];
            if (!block[d]) {
                split.sizes[r] = size, split.strides[r++] = stride;
            } else if (size == input.sizes[d]) {  // every element: blocks, then the elements of a block
                split.sizes[r] = size / block[d], split.strides[r++] = stride * block[d];
                split.sizes[r] = block[d], split.strides[r++] = stride;
            } else if (size == 1 && input.sizes[d] != 1) {  // repeated by the broadcast rule afterwards
                split.sizes[r] = 1, split.strides[r++] = stride;
                split.sizes[r] = 1, split.strides[r++] = stride;
            } else {  // one element per block, repeated over the block
                split.sizes[r] = size, split.strides[r++] = stride;
                split.sizes[r] = block[d], split.strides[r++] = 0;
            }
        }
        split.rank = r;
        split.explicitStrides = true;
        uint64_t elements = 1;
        for (uint32_t d = 0; d < r; ++d) elements *= split.sizes[d];
        split.elementCount = elements;
        t = split;
    }
}

}  // namespace vkdml::elementwise
