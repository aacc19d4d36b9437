// IEEE 754 binary16 <-> binary32 conversions (round to nearest even, subnormals kept, NaN stays NaN).
#pragma once

#include <cstdint>
#include <cstring>

namespace vkdml::dispatch {

inline uint16_t floatToHalf(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
    const uint32_t magnitude = bits & 0x7FFFFFFFu;
    if (magnitude > 0x7F800000u)  // NaN: keep the top payload bits, force quiet
        return static_cast<uint16_t>(sign | 0x7E00u | ((magnitude >> 13) & 0x3FFu));
    if (magnitude >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // >= 65520 rounds to infinity
    if (magnitude >= 0x38800000u) {                                                // normal half (>= 2^-14)
        const uint32_t exponent = (magnitude >> 23) - 127u + 15u;
        const uint32_t mantissa = magnitude & 0x7FFFFFu;
        uint32_t half = (exponent << 10) | (mantissa >> 13);
        const uint32_t rest = mantissa & 0x1FFFu;
        if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // may carry into the exponent: correct
        return static_cast<uint16_t>(sign | half);
    }
    if (magnitude <= 0x33000000u) return sign;  // <= 2^-25 rounds to zero (the tie goes to the even zero)
    // Subnormal half: units of 2^-24.
    const uint32_t mantissa = (magnitude & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126u - (magnitude >> 23);  // 14 .. 24
    uint32_t half = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1u);
    const uint32_t tie = 1u << (shift - 1u);
    if (rest > tie || (rest == tie && (half & 1u))) ++half;
    return static_cast<uint16_t>(sign | half);
}

inline float halfToFloat(uint16_t half) {
    const uint32_t sign = static_cast<uint32_t>(half & 0x8000u) << 16;
    const uint32_t exponent = (half >> 10) & 0x1Fu;
    uint32_t mantissa = half & 0x3FFu;
    uint32_t bits;
    if (exponent == 0x1Fu) {
        bits = sign | 0x7F800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {  // subnormal: normalize
        uint32_t e = 113u;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            --e;
        }
        bits = sign | (e << 23) | ((mantissa & 0x3FFu) << 13);
    }
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
}

}  // namespace vkdml::dispatch
