// vkdml_half_trig_pow.glsl - SIN, COS, TAN, ATAN, ATAN_YX, POW and CONSTANT_POW for operators whose result is stored
// as FLOAT16
// (the host picks these forms for a FLOAT16 output: runtime/ops/elementwise/general_lowering.cpp). Same budget and
// rules as vkdml_half_forms.glsl (whose header explains them): plain fp32 arithmetic within about 2^-16 relative of
// the exact value, then the one rounding to FLOAT16; no float pairs.
#ifndef VKDML_HALF_TRIG_POW_GLSL
#define VKDML_HALF_TRIG_POW_GLSL

// |x| = k pi/2 + r with |r| <= about pi/4 and q = k mod 4, r within 2^-22.5 of itself, for finite x.
// VKDML_FUSED_FMA and |x| <= 2^17: r = ((|x| - k P1) - k P2) - k P3 by three fmas (pi/2 = P1 + P2 + P3 + d, the
// FLOAT32 reduction's constants). The first step is exact (vk_m_rem_pio2_fma says why), the other two round once
// each, about r itself: every float in [pi/4, 2^17] has |r| >= 2^-27.8 while k P3 < 2^-32.5 and k d < 2^-59.
// Elsewhere (larger arguments, and every argument in the plain forms): the FLOAT32 forms' exact reduction, its pair
// rounded to one float.
struct vk_h_trig_red {
    float r;
    uint q;
};
VK_INLINE vk_h_trig_red vk_h_rem_pio2(float ax) {
    vk_h_trig_red o;
#ifdef VKDML_FUSED_FMA
    if (ax <= 131072.0f) {
        precise float t = vk_fma(ax, 0.636619747f, 12582912.0f);   // 1.5 * 2^23 + k: k mod 4 in the low bits
        precise float kf = t - 12582912.0f;
        precise float r = vk_fma(-kf, VK_M_PIO2_P3, vk_fma(-kf, VK_M_PIO2_LO, vk_fma(-kf, VK_M_PIO2_HI, ax)));
        o.r = r;
        o.q = floatBitsToUint(t) & 3u;
        return o;
    }
#endif
    vk_m_trig_red rd = vk_m_rem_pio2(ax);
    precise float r = rd.rh + rd.rl;
    o.r = r;
    o.q = rd.q;
    return o;
}

// sin(r) for |r| <= about pi/4: r + r^3 S(r^2), Taylor to r^7 (the r^9 term is below 2^-21.3 of the value).
VK_INLINE float vk_h_sin_reduced(float r) {
    precise float z = r * r;
#ifdef VKDML_FUSED_FMA
    precise float s = vk_fma(vk_fma(-0.000198412698f, z, 0.00833333377f), z, -0.166666672f);
    precise float v = vk_fma(r * z, s, r);
#else
    precise float s = (-0.000198412698f * z + 0.00833333377f) * z - 0.166666672f;
    precise float v = (r * z) * s + r;
#endif
    return v;
}

// cos(r) for |r| <= about pi/4: 1 + z C(z), z = r^2, Taylor to r^8 (the r^10 term is below 2^-25 of the value,
// which is at least 0.7).
VK_INLINE float vk_h_cos_reduced(float r) {
    precise float z = r * r;
#ifdef VKDML_FUSED_FMA
    precise float c = vk_fma(vk_fma(vk_fma(2.48015873e-05f, z, -0.00138888892f), z, 0.0416666679f), z, -0.5f);
    precise float v = vk_fma(z, c, 1.0f);
#else
    precise float c = ((2.48015873e-05f * z - 0.00138888892f) * z + 0.0416666679f) * z - 0.5f;
    precise float v = z * c + 1.0f;
#endif
    return v;
}

// SIN for a FLOAT16 result. Below |x| = 2^-12 sin(x) rounds to x (also -0); NaN stays NaN, +-inf gives NaN.
VK_INLINE float vk_sin_half(float x) {
    const float ax = abs(x);
    const bool tame = ax <= 3.40282347e38f && ax >= 0.000244140625f;   // finite, not tiny; false for NaN
    vk_h_trig_red rd = vk_h_rem_pio2(tame ? ax : 1.0f);
    const float v = ((rd.q & 1u) == 0u) ? vk_h_sin_reduced(rd.r) : vk_h_cos_reduced(rd.r);
    const bool negate = ((rd.q & 2u) != 0u) != (x < 0.0f);
    if (vk_m_isnan(x) || vk_m_isinf(x)) return vk_m_nan();
    return tame ? (negate ? -v : v) : x;
}

// COS for a FLOAT16 result. Below |x| = 2^-12 cos(x) rounds to 1; NaN stays NaN, +-inf gives NaN.
VK_INLINE float vk_cos_half(float x) {
    const float ax = abs(x);
    const bool tame = ax <= 3.40282347e38f && ax >= 0.000244140625f;
    vk_h_trig_red rd = vk_h_rem_pio2(tame ? ax : 1.0f);
    const float v = ((rd.q & 1u) == 0u) ? vk_h_cos_reduced(rd.r) : vk_h_sin_reduced(rd.r);
    const bool negate = rd.q == 1u || rd.q == 2u;
    if (vk_m_isnan(x) || vk_m_isinf(x)) return vk_m_nan();
    return tame ? (negate ? -v : v) : 1.0f;
}

// TAN for a FLOAT16 result: sin(r) / cos(r), or -cos(r) / sin(r) for odd q, by the driver's division (within 2.5 ULP
// of fp32: |sin(r)| >= 2^-28 here). Below |x| = 2^-12 tan(x) rounds to x (also -0); NaN stays NaN, +-inf gives NaN.
VK_INLINE float vk_tan_half(float x) {
    const float ax = abs(x);
    const bool tame = ax <= 3.40282347e38f && ax >= 0.000244140625f;
    vk_h_trig_red rd = vk_h_rem_pio2(tame ? ax : 1.0f);
    const float s = vk_h_sin_reduced(rd.r);
    const float c = vk_h_cos_reduced(rd.r);
    const bool odd = (rd.q & 1u) != 0u;
    precise float q = odd ? -c / s : s / c;
    if (vk_m_isnan(x) || vk_m_isinf(x)) return vk_m_nan();
    return tame ? (x < 0.0f ? -q : q) : x;
}

// atan(a / b) for finite 0 < a <= b, in [0, pi/4]: u = a / b up to tan(pi/8), above it pi/4 + atan(u) with
// u = (a - b) / (a + b) in [-tan(pi/8), 0] (one quotient either way: the driver's, within 2.5 ULP for b scaled into
// [2^-126, 2^126]); atan(u) by Taylor to u^11, whose next term is below 2^-19 of the value. Operands above 2^100 are
// scaled by 2^-32 first (a quotient of a scaled-away a is below 2^-132: a half zero either way).
VK_INLINE float vk_h_atan_ratio(float a0, float b0) {
    precise float sc = b0 > 1.2676506e30f ? 2.32830644e-10f : 1.0f;
    precise float a = a0 * sc;
    precise float b = b0 * sc;
    const bool upper = a > 0.414213562f * b;
    precise float u = upper ? (a - b) / (a + b) : a / b;
    precise float z = u * u;
#ifdef VKDML_FUSED_FMA
    precise float p = vk_fma(vk_fma(vk_fma(vk_fma(-0.0909090936f, z, 0.111111112f), z, -0.142857149f), z, 0.200000003f), z,
                             -0.333333343f);
    precise float t = vk_fma(u * z, p, u);
#else
    precise float p = (((-0.0909090936f * z + 0.111111112f) * z - 0.142857149f) * z + 0.200000003f) * z - 0.333333343f;
    precise float t = (u * z) * p + u;
#endif
    precise float q = upper ? t + VK_M_PIO4_HI : t;
    return q;
}

// ATAN_YX for a FLOAT16 result: C's special values as the FLOAT32 form (vk_m_atan2_classify), elsewhere q = atan of
// the smaller magnitude over the larger, pi/2 - q where |y| > |x|, pi minus that where x < 0 (neither subtraction
// loses more than a factor 2 of relative accuracy: q <= pi/4), the sign of y.
VK_INLINE float vk_atan2_half(float y, float x) {
    vk_m_atan2_case c = vk_m_atan2_classify(y, x);
    const float a = c.special ? 1.0f : min(c.ay, c.ax), b = c.special ? 1.0f : max(c.ay, c.ax);
    precise float q = vk_h_atan_ratio(a, b);
    precise float steep = c.ay > c.ax ? VK_M_PIO2_HI - q : q;
    precise float r = c.xneg ? VK_M_PI_HI - steep : steep;
    const float magnitude = c.special ? c.r : r;
    return c.yneg ? -magnitude : magnitude;
}

// ATAN for a FLOAT16 result: atan2(|x|, 1) with x's sign. Below 2^-12 atan(x) rounds to x (also -0); NaN stays NaN;
// +-inf gives +-pi/2.
VK_INLINE float vk_atan_half(float x) {
    const float ax = abs(x);
    const bool tame = ax >= 0.000244140625f && ax <= 3.40282347e38f;   // false for NaN and +-inf
    precise float q = vk_h_atan_ratio(tame ? min(ax, 1.0f) : 1.0f, tame ? max(ax, 1.0f) : 1.0f);
    precise float r = ax > 1.0f ? VK_M_PIO2_HI - q : q;
    const float magnitude = vk_m_isinf(x) ? VK_M_PIO2_HI : r;
    if (vk_m_isnan(x)) return x;
    return tame || vk_m_isinf(x) ? (x < 0.0f ? -magnitude : magnitude) : x;
}

// log(a) for a finite normal a > 0: e ln2 + 2 atanh(s), s = f / (2 + f) with a = (1 + f) 2^e, f exact in
// [sqrt(1/2) - 1, sqrt(2) - 1] (so |s| <= 0.1716), atanh by Taylor to s^7 (2^-22.9 relative) and the driver's quotient
// (2.5 ULP): within 2^-21.5 of the value, since e ln2 and the atanh term never cancel by more than half (e != 0 makes
// |e ln2| >= 0.69 against at most 0.35).
VK_INLINE float vk_h_log_accurate(float a) {
    const uint b = floatBitsToUint(a);
    const bool upper = (b & 0x7fffffu) > 0x3504f3u;       // the significand above sqrt(2) (0x3fb504f3)
    precise float m = uintBitsToFloat((b & 0x7fffffu) | (upper ? 0x3f000000u : 0x3f800000u));
    precise float f = m - 1.0f;                           // exact
    precise float ef = float(int(b >> 23) - (upper ? 126 : 127));
    precise float s = f / (2.0f + f);                     // 2 + f exact
    precise float z = s * s;
#ifdef VKDML_FUSED_FMA
    precise float p = vk_fma(vk_fma(0.285714298f, z, 0.400000006f), z, 0.666666687f);
    precise float at = vk_fma(s * z, p, 2.0f * s);
    precise float l = vk_fma(ef, VK_M_LN2_HI, vk_fma(ef, VK_M_LN2_LO, at));
#else
    precise float p = (0.285714298f * z + 0.400000006f) * z + 0.666666687f;
    precise float at = (s * z) * p + 2.0f * s;
    precise float l = ef * VK_M_LN2_HI + (ef * VK_M_LN2_LO + at);   // e LN2_HI exact
#endif
    return l;
}

// POW and CONSTANT_POW for a FLOAT16 result: C's special cases as the FLOAT32 form (vk_m_pow_classify), elsewhere
// e^t with t = y log|x| rounded once. Where the result is not a half zero or infinity |t| <= 18, so t is within
// 2^-17.3 absolute, and e^t from vk_h_exp (2^-17.1): about 2^-16.2 relative. Above t = 12 the result rounds to the
// half infinity, below -18 to the half zero (of the result's sign).
VK_INLINE float vk_pow_half(float x, float y) {
    vk_m_pow_case c = vk_m_pow_classify(x, y);
    const float a = c.special ? 2.0f : c.ax;
    precise float t = vk_m_ftz(y) * vk_h_log_accurate(a);
    const bool tame = t >= -18.0f && t <= 12.0f;          // false for +-inf
    vk_h_exp_parts e = vk_h_exp(tame ? t : 0.0f);
    precise float v = e.m * vk_m_pow2(e.k);
    const float magnitude = tame ? v : (t > 12.0f ? vk_m_inf() : 0.0f);
    return c.special ? c.value : (c.neg ? -magnitude : magnitude);
}

#endif // VKDML_HALF_TRIG_POW_GLSL
