// vkdml_half.glsl - fp32 <-> IEEE binary16 conversions in integer arithmetic, identical on every driver: no reliance
// on the float-controls rounding mode of OpFConvert/packHalf2x16 (implementation-defined unless RoundingModeRTE is
// declared) nor on the device's denormal handling. VKDML_NATIVE_HALF swaps in the driver's own conversions where
// a probe on the device found them giving the same bits (runtime/core/device_probes.cpp).
//
// Dual language: also compiles as C++17 after tests/support/glsl_host_shim.h (see there). Verified exhaustively by
// tests/math/math_host_test.cpp against a rounding done from the double value.
#ifndef VKDML_HALF_GLSL
#define VKDML_HALF_GLSL

#ifndef VK_INLINE
#define VK_INLINE
#endif

// A NaN's binary16 bits (b: the fp32 bits): quiet, with the sign and the top payload bits kept.
VK_INLINE uint vk_half_bits_of_nan(uint b) {
    return ((b >> 16) & 0x8000u) | 0x7e00u | ((b >> 13) & 0x03ffu);
}

#if defined(VKDML_NATIVE_HALF) && !defined(__cplusplus)
// The driver's own narrowing (AdapterCaps::nativeHalf: the device's probe found it giving the integer form's bits at
// every halfway point and its neighbours; on llvmpipe with F16C measured the same on all 2^32 inputs except NaNs,
// docs/BENCHMARKS.md, pinned by family_cast_test); NaNs are built from the bits, as below.
VK_INLINE uint vk_half_bits_from_float(float f) {
    const uint b = floatBitsToUint(f);
    return (b & 0x7fffffffu) > 0x7f800000u ? vk_half_bits_of_nan(b) : packHalf2x16(vec2(f, 0.0)) & 0xffffu;
}
#else
// fp32 -> binary16 bits (low 16 bits of the result), rounding to nearest even: half subnormals are kept, values
// that round past 65504 become +-inf, NaN becomes a quiet NaN with the sign and the top payload bits kept.
// fp32 subnormal inputs round to +-0 like any other value below 2^-25 (decided from the bits).
VK_INLINE uint vk_half_bits_from_float(float f) {
    uint b = floatBitsToUint(f);
    uint sign = (b >> 16) & 0x8000u;
    uint a = b & 0x7fffffffu;
    if (a > 0x7f800000u) return vk_half_bits_of_nan(b);
    if (a >= 0x477ff000u) return sign | 0x7c00u;                          // >= 65520 (or inf): +-inf
    if (a >= 0x38800000u) {                                                // >= 2^-14: normal half
        uint m = a - 0x38000000u;                                          // rebias the exponent 127 -> 15
        uint r = m + 0x0fffu + ((m >> 13) & 1u);                           // round to nearest even at bit 13
        return sign | (r >> 13);                                           // a mantissa carry bumps the exponent
    }
    uint e = a >> 23;
    if (e < 102u) return sign;                 // < 2^-25: rounds to +-0 (2^-25 itself is a tie to even 0)
    // Half subnormal: the result is a / 2^-24 rounded to an integer. a = mant * 2^(e - 150), so that is
    // mant >> (126 - e) with shift in [14, 24]; a result of 0x400 is the smallest normal half, as it should be.
    uint mant = (a & 0x7fffffu) | 0x800000u;
    uint shift = 126u - e;
    uint q = mant >> shift;
    uint rem = mant & ((1u << shift) - 1u);
    uint halfway = 1u << (shift - 1u);
    if (rem > halfway || (rem == halfway && (q & 1u) != 0u)) q = q + 1u;
    return sign | q;
}
#endif

#if defined(VKDML_NATIVE_HALF) && !defined(__cplusplus)
// The driver's own widening (AdapterCaps::nativeHalf: probed on every finite half; llvmpipe's VCVTPH2PS is also
// measured bit-exact on every pattern by family_cast_test): a widening is exact by definition, so only subnormals and NaNs could differ,
// and infinities and NaNs are assembled from the bits here (payload kept, whatever the driver does to a signaling NaN).
VK_INLINE float vk_float_from_half_bits(uint h) {
    const uint special = ((h & 0x8000u) << 16) | 0x7f800000u | ((h & 0x03ffu) << 13);
    return (h & 0x7c00u) == 0x7c00u ? uintBitsToFloat(special) : unpackHalf2x16(h & 0xffffu).x;
}
#else
// binary16 bits (low 16 bits of h) -> fp32, exactly. Half subnormals become normal floats: the integer significand
// is converted exactly and scaled by 2^-24, all in the normal fp32 range. NaN payloads are kept (still NaN).
VK_INLINE float vk_float_from_half_bits(uint h) {
    uint sign = (h & 0x8000u) << 16;
    uint e = (h >> 10) & 0x1fu;
    uint m = h & 0x03ffu;
    if (e == 31u) return uintBitsToFloat(sign | 0x7f800000u | (m << 13));   // inf, NaN
    if (e != 0u) return uintBitsToFloat(sign | ((e + 112u) << 23) | (m << 13));
    precise float v = float(m) * 5.96046448e-08f;   // m * 2^-24, exact (0 for m == 0)
    return uintBitsToFloat(floatBitsToUint(v) | sign);
}
#endif

#ifndef __cplusplus
// Both halves of a 32-bit word at once (low half: .x): the driver converts a pair in one instruction where one value
// takes one too. Infinities and NaNs take the one-at-a-time forms above (rare: a branch, not a select per value);
// the probe checks the driver's pair conversions in both halves.
VK_INLINE vec2 vk_floats_from_half_pair(uint w) {
#if defined(VKDML_NATIVE_HALF)
    if ((w & 0x7c00u) != 0x7c00u && (w & 0x7c000000u) != 0x7c000000u) return unpackHalf2x16(w);
#endif
    return vec2(vk_float_from_half_bits(w & 0xffffu), vk_float_from_half_bits(w >> 16));
}
VK_INLINE uint vk_half_pair_from_floats(float lo, float hi) {
#if defined(VKDML_NATIVE_HALF)
    if ((floatBitsToUint(lo) & 0x7fffffffu) <= 0x7f800000u && (floatBitsToUint(hi) & 0x7fffffffu) <= 0x7f800000u)
        return packHalf2x16(vec2(lo, hi));
#endif
    return vk_half_bits_from_float(lo) | (vk_half_bits_from_float(hi) << 16);
}
#endif

#endif // VKDML_HALF_GLSL
