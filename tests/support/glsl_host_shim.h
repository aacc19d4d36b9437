// glsl_host_shim.h - lets the dual-language GLSL headers (glsl/vkdml_math.glsl, glsl/vkdml_half.glsl) compile as
// C++17, so the host tests run the exact code the shaders run.
//
// Usage (one translation unit or many; the GLSL functions become inline):
//     #include "glsl_host_shim.h"
//     namespace vkglsl {
//     #include "vkdml_half.glsl"
//     #include "vkdml_math.glsl"
//     }
//     ... vkglsl::vk_exp(1.0f) ...
//
// The GLSL headers are included inside namespace vkglsl so that this file's abs/min/max/isnan (GLSL semantics on
// float/int/uint) hide the C library's. Compile with -ffp-contract=off (and no -ffast-math): `precise` expands to
// nothing, so the host relies on the compiler not contracting a*b+c into an fma, which is what `precise` guarantees
// on the device. x86-64 evaluates float expressions in float (FLT_EVAL_METHOD == 0), like the device.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ != 0
#error "glsl_host_shim.h needs float expressions evaluated in float (FLT_EVAL_METHOD == 0, e.g. SSE on x86)"
#endif
#if defined(__FAST_MATH__)
#error "glsl_host_shim.h: do not compile the GLSL host tests with -ffast-math"
#endif

// GLSL `precise` on a local: forbids contraction/reassociation. On the host that is -ffp-contract=off.
#define precise
// The GLSL headers mark their functions VK_INLINE (empty in GLSL) so that C++ may include them in several TUs.
#define VK_INLINE inline

namespace vkglsl {

typedef unsigned int uint;
static_assert(sizeof(uint) == 4 && sizeof(int) == 4 && sizeof(float) == 4, "GLSL scalar sizes");

inline uint floatBitsToUint(float f) {
    uint u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}
inline int floatBitsToInt(float f) {
    int i;
    std::memcpy(&i, &f, sizeof i);
    return i;
}
inline float uintBitsToFloat(uint u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}
inline float intBitsToFloat(int i) {
    float f;
    std::memcpy(&f, &i, sizeof f);
    return f;
}

inline bool isnan(float x) { return std::isnan(x); }
inline bool isinf(float x) { return std::isinf(x); }
inline bool isnan(double x) { return std::isnan(x); }
inline bool isinf(double x) { return std::isinf(x); }

// GLSL abs/min/max/clamp. min(x, y) is defined as (y < x) ? y : x and max(x, y) as (x < y) ? y : x; with a NaN
// operand GLSL leaves the result undefined, so code must never depend on that case.
inline float abs(float x) { return std::fabs(x); }
inline int abs(int x) { return x < 0 ? -x : x; }
inline float min(float x, float y) { return (y < x) ? y : x; }
inline int min(int x, int y) { return (y < x) ? y : x; }
inline uint min(uint x, uint y) { return (y < x) ? y : x; }
inline float max(float x, float y) { return (x < y) ? y : x; }
inline int max(int x, int y) { return (x < y) ? y : x; }
inline uint max(uint x, uint y) { return (x < y) ? y : x; }
inline float clamp(float x, float lo, float hi) { return min(max(x, lo), hi); }
inline int clamp(int x, int lo, int hi) { return min(max(x, lo), hi); }
inline uint clamp(uint x, uint lo, uint hi) { return min(max(x, lo), hi); }

// GLSL umulExtended (32 x 32 -> 64 bits, high and low words) and findMSB (index of the highest set bit, -1 for 0).
inline void umulExtended(uint x, uint y, uint& msb, uint& lsb) {
    const uint64_t p = uint64_t(x) * uint64_t(y);
    msb = static_cast<uint>(p >> 32);
    lsb = static_cast<uint>(p);
}
inline int findMSB(uint x) { return x == 0u ? -1 : 31 - __builtin_clz(x); }

// GLSL uvec2 (only what the library's double-precision code uses) and the double <-> two words built-ins.
struct uvec2 {
    uint x;
    uint y;
};
inline uvec2 unpackDouble2x32(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return uvec2{static_cast<uint>(bits), static_cast<uint>(bits >> 32)};
}
inline double packDouble2x32(uvec2 w) {
    const uint64_t bits = uint64_t(w.x) | uint64_t(w.y) << 32;
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

// GLSL fma on float: a single rounding of a * b + c (std::fma's float overload, never the double one through a
// rounding twice). The VKDML_FUSED_FMA forms of the library rely on it; the device probes that its fma() does this.
inline float fma(float a, float b, float c) { return std::fma(a, b, c); }

} // namespace vkglsl
