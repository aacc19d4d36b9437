// The push constants of every element-wise kernel; mirrors `KernelParams` in glsl/elementwise_io.glsl.
#pragma once

#include <cstdint>

namespace vkdml {

// After the header come the dimension arrays, innermost dimension first: sizes, then each tensor's strides (output,
// input, second input). With 128 bytes that allows 8 dimensions for two tensors and 6 for three; plans of higher
// rank are cut into chunks that keep their outer dimensions fixed.
struct KernelParams {
    uint32_t count;
    uint32_t rank;
    uint32_t outBase;
    uint32_t inBase;
    float p0;
    float p1;
    uint32_t in2Base;
    uint32_t flags;  // operator-specific (integer SHRINK)
    uint32_t dims[24];

    static constexpr uint32_t maxRank(uint32_t tensorCount) { return 24 / (1 + tensorCount); }
    uint32_t& size(uint32_t d) { return dims[d]; }
    uint32_t& stride(uint32_t tensorCount, uint32_t tensor, uint32_t d) {
        return dims[(1 + tensor) * maxRank(tensorCount) + d];
    }
};
static_assert(sizeof(KernelParams) == 128, "must match the GLSL block and fit the guaranteed push-constant size");

}  // namespace vkdml
