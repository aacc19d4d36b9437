// The push constants of every element-wise kernel; mirrors `KernelParams` in glsl/elementwise_io.glsl.
#pragma once

#include <cstdint>

namespace vkdml::elementwise {

// After the header come the dimension arrays, innermost dimension first: sizes, the division magic numbers of all
// but the last size, then each tensor's strides (output, input, second input) and, for one-input kernels, the
// packed shifts (two-input kernels keep them in `flags`). With 128 bytes that allows 6 dimensions for two tensors
// and 5 for three; plans of higher rank are cut into chunks that keep their outer dimensions fixed.
//
// The strided kernel turns a flat index n < 2^31 into coordinates with one division per dimension. Integer division
// is slow on GPUs and scalarized on lavapipe, so it is a multiply-high and a shift (Granlund-Montgomery): for a
// size d >= 2 with l = ceil(log2 d), m = ceil(2^(31+l) / d) fits in 32 bits and floor(n / d) = (n * m) >> (31 + l)
// for every n < 2^31. Size 1 has m = 0 (the quotient is n itself).
// The multiply-high division by `value` described above: magic 0 for sizes 0 and 1.
inline void divisionMagic(uint32_t value, uint32_t& magic, uint32_t& shift) {
    magic = 0, shift = 0;
    if (value < 2) return;
    const uint32_t l = 32 - static_cast<uint32_t>(__builtin_clz(value - 1));  // ceil(log2 value)
    magic = static_cast<uint32_t>(((uint64_t(1) << (31 + l)) + value - 1) / value);
    shift = l - 1;
}

struct KernelParams {
    uint32_t count;
    uint32_t rank;
    uint32_t outBase;
    uint32_t inBase;
    float p0;
    float p1;
    uint32_t in2Base;
    uint32_t flags;  // operator-specific (integer SHRINK); the shifts of two-input kernels
    uint32_t dims[24];

    static constexpr uint32_t maxRank(uint32_t tensorCount) { return tensorCount > 2 ? 5 : 6; }
    static constexpr uint32_t kShiftBits = 5;

    uint32_t& size(uint32_t d) { return dims[d]; }
    uint32_t& stride(uint32_t tensorCount, uint32_t tensor, uint32_t d) {
        return dims[(2 + tensor) * maxRank(tensorCount) - 1 + d];
    }
    // Sets sizes[d] with its magic number and shift (d < rank - 1 needs them; the last size is never divided by).
    void setSize(uint32_t tensorCount, uint32_t d, uint32_t value) {
        dims[d] = value;
        if (d + 1 >= maxRank(tensorCount)) return;
        uint32_t magic, shift;
        divisionMagic(value, magic, shift);
        dims[maxRank(tensorCount) + d] = magic;
        uint32_t& shifts = tensorCount > 2 ? flags : dims[23];
        shifts = (shifts & ~(31u << (kShiftBits * d))) | (shift << (kShiftBits * d));
    }
};
static_assert(sizeof(KernelParams) == 128, "must match the GLSL block and fit the guaranteed push-constant size");

}  // namespace vkdml::elementwise
