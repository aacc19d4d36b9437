// The integer forms of the operators DirectML allows on integer tensors (RELU, PARAMETERIZED_RELU, SHRINK,
// ELEMENT_WISE_IDENTITY). Values are computed as `int` (signed types) or `uint` (unsigned types) and every result
// is exact: products and differences that leave the element type's range saturate to it.
// Included by elementwise_io.glsl when VKDML_INT_BITS is defined; VKDML_VALUE is int or uint.

#if VKDML_INT_SIGNED
const int kValueMin = VKDML_INT_BITS == 32 ? int(0x80000000u) : -(1 << (VKDML_INT_BITS - 1));
const int kValueMax = VKDML_INT_BITS == 32 ? 0x7fffffff : (1 << (VKDML_INT_BITS - 1)) - 1;
#else
const uint kValueMin = 0u;
const uint kValueMax = VKDML_INT_BITS == 32 ? 0xffffffffu : (1u << VKDML_INT_BITS) - 1u;
#endif

VKDML_VALUE vk_int_relu(VKDML_VALUE x) { return max(x, VKDML_VALUE(0)); }

#if VKDML_INT_SIGNED
// x for x >= 0, else x * slope saturated to the element type (the 64-bit product decides).
int vk_int_prelu(int x, int slope) {
    if (x >= 0) return x;
    int high, low;
    imulExtended(x, slope, high, low);
    const bool fits32 = high == (low >> 31);  // the product is the sign extension of its low word
    if (!fits32) return high < 0 ? kValueMin : kValueMax;
    return clamp(low, kValueMin, kValueMax);
}
#endif

#ifdef VKDML_INT64
// SHRINK on integers: x < -Threshold ? x + Bias : x > Threshold ? x - Bias : 0, the real result truncated toward
// zero (as a float computation converted to an integer type would be) and saturated. The host turns the FLOAT
// attributes into exact integer terms (runtime/ops/elementwise/integer_shrink.h):
//   pc.p0bits  the last x of the lower branch (x <= it), pc.p1bits the first x of the upper branch (x >= it)
//   pc.in2Base the low 32 bits of F = floor(Bias); C = ceil(Bias)
//   pc.flags   bit 0: no x in the lower branch, bit 1: none in the upper, bit 2: Bias is not an integer (C = F + 1),
//              bit 3: F is negative (F = in2Base - 2^32)
// With integer x: trunc(x - Bias) = x > F ? x - C : x - F, and trunc(x + Bias) = x > -C ? x + F : x + C.
VKDML_VALUE vk_int_shrink(VKDML_VALUE x) {
    const uint flags = pc.flags;
    const int64_t f = int64_t(uint64_t(pc.in2Base)) - ((flags & 8u) != 0u ? (int64_t(1) << 32) : int64_t(0));
    const int64_t c = f + int64_t((flags >> 2) & 1u);
    const int64_t v = int64_t(x);
    int64_t r = 0;
    if ((flags & 1u) == 0u && x <= VKDML_VALUE(pc.p0bits))
        r = v > -c ? v + f : v + c;
    else if ((flags & 2u) == 0u && x >= VKDML_VALUE(pc.p1bits))
        r = v > f ? v - c : v - f;
    return VKDML_VALUE(clamp(r, int64_t(kValueMin), int64_t(kValueMax)));
}
#endif
