// vkdml_half_forms.glsl - SIGMOID, SWISH, TANH, SCALED_TANH, GELU, ELU, CELU, SCALED_ELU, SOFTPLUS,
// PARAMETRIC_SOFTPLUS, EXP, LOG and ERF for operators whose result is stored as FLOAT16 (the host picks these forms for a FLOAT16 output:
// runtime/ops/elementwise/lowering.cpp for the activations, with the parameters the branch-free FLOAT32 forms take;
// general_lowering.cpp for ELEMENT_WISE_EXP, LOG, ERF and TANH).
//
// Why: a FLOAT16 result within 1 ULP needs the fp32 value within 2^-11 relative of the exact one (the final rounding
// takes the other half ULP), and the FLOAT32 forms carry float pairs to reach 4 ULP of fp32, about 2^-21. Here every
// step is plain fp32 arithmetic with an error budget of about 2^-16: e^t from a degree-4 polynomial (2^-17.1
// relative on |r| <= ln2/2, Chebyshev nodes) after a Cody-Waite reduction, the driver's own division (OpFDiv, within
// 2.5 ULP of fp32 for the divisors here: Vulkan's precision table), products rounded once each. Results that round
// to a FLOAT16 zero or infinity may be returned as that zero or infinity (EXP below -18, GELU below -6.25).
//
// Same rules as the other forms: fp32 subnormal inputs are zeros of their sign (vk_m_ftz) where the FLOAT32 form
// flushes them, special values are decided from the bits, no fma but vk_fma in the VKDML_FUSED_FMA forms; `precise`
// everywhere, so that every kernel holding the same call computes the same bits (fused and unfused graphs agree).
#ifndef VKDML_HALF_FORMS_GLSL
#define VKDML_HALF_FORMS_GLSL

// e^t = 2^k m for t in [-150, 150]: m in [0.70, 1.42] within 2^-17 relative. k = round(t / ln2) by the 1.5*2^23
// shifter; r = t - k ln2 in two steps, the first exact (k LN2_HI is exact for |k| < 512, and t is within a factor 2
// of it where k != 0).
struct vk_h_exp_parts {
    float m;
    int k;
};
VK_INLINE vk_h_exp_parts vk_h_exp(float t) {
    const float c1 = 0.9999849200248718f, c2 = 0.49999749660491943f, c3 = 0.1676701158285141f,
                c4 = 0.04183380305767059f;
#ifdef VKDML_FUSED_FMA
    precise float kf = vk_fma(t, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float r = vk_fma(-kf, VK_M_LN2_LO, vk_fma(-kf, VK_M_LN2_HI, t));
    precise float m = vk_fma(vk_fma(vk_fma(vk_fma(c4, r, c3), r, c2), r, c1), r, 1.0f);
#else
    precise float kf = (t * VK_M_INV_LN2 + 12582912.0f) - 12582912.0f;
    precise float r = (t - kf * VK_M_LN2_HI) - kf * VK_M_LN2_LO;
    precise float m = (((c4 * r + c3) * r + c2) * r + c1) * r + 1.0f;
#endif
    vk_h_exp_parts o;
    o.m = m;
    o.k = int(kf);
    return o;
}

// sigmoid(t) = 2^k q for |t| <= 150: 1 / (1 + u) (t >= 0, k = 0) or u / (1 + u) (t < 0) with u = e^-|t| = 2^k m;
// q within about 2^-16.5 relative.
struct vk_h_quot {
    float q;
    int k;
};
VK_INLINE vk_h_quot vk_h_sigmoid(float t) {
    const bool neg = t < 0.0f;
    vk_h_exp_parts e = vk_h_exp(-abs(t));
    precise float u = e.m * vk_m_pow2(max(e.k, -126));   // u below 2^-126 only matters as 1 + u = 1
    precise float w = 1.0f + u;
    precise float inv = 1.0f / w;
    precise float p = e.m * inv;
    vk_h_quot o;
    o.q = neg ? p : inv;
    o.k = neg ? e.k : 0;
    return o;
}

// SIGMOID for a FLOAT16 result.
VK_INLINE float vk_act_sigmoid_half(float x) {
    const float xx = vk_m_ftz(x);
    const bool tame = abs(xx) <= 150.0f;
    vk_h_quot g = vk_h_sigmoid(tame ? xx : 0.0f);
    precise float value = vk_m_ldexp(g.q, g.k);
    // NaN stays NaN; above 24 (also +inf) 1 - e^-x rounds to 1; below -150 (also -inf) e^x rounds to 0.
    return vk_m_isnan(x) ? x : ((xx > 24.0f) ? 1.0f : ((xx < -150.0f) ? 0.0f : value));
}

// SWISH, x * sigmoid(steepness * x), for a FLOAT16 result and vk_straight_param_ok(steepness): the rounding of
// t = steepness * x costs |t| 2^-24 relative in e^t, at most 2^-16.7 where |t| <= 150.
VK_INLINE float vk_act_swish_half(float x, float steepness) {
    const float xx = vk_m_ftz(x);
    precise float t = steepness * xx;
    const bool tame = abs(t) <= 150.0f;
    vk_h_quot g = vk_h_sigmoid(tame ? t : 0.0f);
    precise float value = vk_m_ldexp((tame ? xx : 0.0f) * g.q, g.k);   // a flushed result keeps the sign of x
    // NaN stays NaN, and x = -inf gives NaN (-inf * sigmoid(-inf) = inf * 0); t > 24 (also x = +inf):
    // x (1 - e^-t), e^-t < 2^-34; t < -150: |x| e^t = |t| e^t / steepness < 2^-180, a zero of x's sign.
    if (vk_m_isnan(x) || (vk_m_isinf(xx) && xx < 0.0f)) return vk_m_nan();
    return (t > 24.0f) ? xx : ((t < -150.0f) ? vk_m_signed_zero(xx < 0.0f) : value);
}

// TANH for a FLOAT16 result: x (1 + s P(s)) with s = x^2 below |x| = 0.55 (2^-17.7 relative, Chebyshev nodes);
// (1 - u) / (1 + u) with u = e^-2|x| from there on (u's relative error enters at most 0.75 times); +-1 above 9.
VK_INLINE float vk_act_tanh_half(float x) {
    const float c0 = -0.33331745862960815f, c1 = 0.13238286972045898f, c2 = -0.045260991901159286f;
    const float xx = vk_m_ftz(x);
    const float ax = abs(xx);
    const float xs = ax < 0.55f ? xx : 0.0f;
    precise float s = xs * xs;
#ifdef VKDML_FUSED_FMA
    precise float p = vk_fma(vk_fma(c2, s, c1), s, c0);
    precise float small = xs * vk_fma(s, p, 1.0f);   // a product: x = -0 stays -0
#else
    precise float p = (c2 * s + c1) * s + c0;
    precise float small = xs * (s * p + 1.0f);   // a product: x = -0 stays -0
#endif
    vk_h_exp_parts e = vk_h_exp(-2.0f * min(ax, 9.0f));
    precise float u = e.m * vk_m_pow2(e.k);
    precise float large = (1.0f - u) / (1.0f + u);
    const float magnitude = ax > 9.0f ? 1.0f : large;   // also +-inf
    return vk_m_isnan(x) ? x : (ax < 0.55f ? small : (xx < 0.0f ? -magnitude : magnitude));
}

// SCALED_TANH, alpha tanh(beta x), for a FLOAT16 result with |alpha| and |beta| in [2^-20, 2^20]: beta x rounded
// once (its error enters tanh at most once), TANH's form, one product. NaN stays NaN, infinite x gives +-alpha.
VK_INLINE float vk_act_scaled_tanh_half(float x, float alpha, float beta) {
    precise float t = beta * vk_m_ftz(x);
    precise float value = alpha * vk_act_tanh_half(t);
    return value;
}

// EXP for a FLOAT16 result: 2^k m from vk_h_exp for x in [-18, 12]. Above 12 (also +inf) e^x > 65520 rounds to the
// half +inf; below -18 (also -inf) e^x < 2^-25 rounds to the half 0.
VK_INLINE float vk_exp_half(float x) {
    const bool tame = x >= -18.0f && x <= 12.0f;
    vk_h_exp_parts e = vk_h_exp(tame ? x : 0.0f);
    precise float value = e.m * vk_m_pow2(e.k);
    return vk_m_isnan(x) ? x : (x > 12.0f ? vk_m_inf() : (x < -18.0f ? 0.0f : value));
}

// log1p(f) = f + f^2 P(f) for f in [sqrt(1/2) - 1, sqrt(2) - 1], P of degree 5: 2^-19.5 relative to log1p(f).
VK_INLINE float vk_h_log1p_reduced(float f) {
    const float c0 = -0.5000084638595581f, c1 = 0.3331921398639679f, c2 = -0.2491903454065323f,
                c3 = 0.20449259877204895f, c4 = -0.18587973713874817f, c5 = 0.1194932833313942f;
#ifdef VKDML_FUSED_FMA
    precise float p = vk_fma(vk_fma(vk_fma(vk_fma(vk_fma(c5, f, c4), f, c3), f, c2), f, c1), f, c0);
    precise float r = vk_fma(f * f, p, f);
#else
    precise float p = ((((c5 * f + c4) * f + c3) * f + c2) * f + c1) * f + c0;
    precise float r = (f * f) * p + f;
#endif
    return r;
}

const float VK_H_LN2 = 0.6931471824645996f;

// LOG for a FLOAT16 result: e ln2 + log1p(f) with a = (1 + f) 2^e, f exact in [sqrt(1/2) - 1, sqrt(2) - 1] (from the
// bits: the significand halved where it exceeds sqrt(2)). Where e != 0 the sum is at least 0.34 in magnitude, so its
// terms' errors stay relative. Special inputs (zeros, negatives, infinities, NaN) as the FLOAT32 form; fp32
// subnormal inputs are zeros (-inf).
VK_INLINE float vk_log_half(float x0) {
    const float x = vk_m_ftz(x0);
    const bool special = vk_m_log_is_special(x);
    const uint b = floatBitsToUint(special ? 1.0f : x);   // a positive normal float
    const bool upper = (b & 0x7fffffu) > 0x3504f3u;       // the significand above sqrt(2) (0x3fb504f3)
    precise float m = uintBitsToFloat((b & 0x7fffffu) | (upper ? 0x3f000000u : 0x3f800000u));
    precise float f = m - 1.0f;                           // exact
    precise float ef = float(int(b >> 23) - (upper ? 126 : 127));
#ifdef VKDML_FUSED_FMA
    precise float value = vk_fma(ef, VK_H_LN2, vk_h_log1p_reduced(f));
#else
    precise float value = ef * VK_H_LN2 + vk_h_log1p_reduced(f);
#endif
    return special ? vk_m_log_special(x) : value;
}

// log1p(u) for u in [0, 1]: log1p(u) directly up to sqrt(2) - 1; above, ln2 + log1p((1 + u)/2 - 1), where 1 + u
// rounded once costs 2^-24 against a logarithm of at least 0.34 and (1 + u)/2 - 1 is exact.
VK_INLINE float vk_h_log1p_unit(float u) {
    const bool upper = u > 0.41421356f;
    precise float w = 1.0f + u;
    precise float f = upper ? 0.5f * w - 1.0f : u;
    precise float l = vk_h_log1p_reduced(f);
    precise float r = upper ? l + VK_H_LN2 : l;
    return r;
}

// expm1(x) for x in [-87, 0]: x (1 + x Q(x)) above -0.5 (Q of degree 3, 2^-23.4 relative; a product, so x = -0
// stays -0), e^x - 1 below (the subtraction exact, e^x's error entering at most 1.54 times: 2^-16.4).
VK_INLINE float vk_h_expm1_negative(float x) {
    const float q0 = 0.4999946355819702f, q1 = 0.16656357049942017f, q2 = 0.04104236513376236f,
                q3 = 0.006807471625506878f;
#ifdef VKDML_FUSED_FMA
    precise float small = x * vk_fma(x, vk_fma(vk_fma(vk_fma(q3, x, q2), x, q1), x, q0), 1.0f);
#else
    precise float small = x * (x * (((q3 * x + q2) * x + q1) * x + q0) + 1.0f);
#endif
    vk_h_exp_parts e = vk_h_exp(x > -0.5f ? -1.0f : x);
    precise float large = e.m * vk_m_pow2(e.k) - 1.0f;
    return x > -0.5f ? small : large;
}

// ELU for a FLOAT16 result and vk_straight_param_ok(alpha): x at and above 0 (also -0 and +inf), alpha expm1(x)
// below, -alpha below -87 (also -inf: alpha e^x < 2^-125 alpha).
VK_INLINE float vk_act_elu_half(float x, float alpha) {
    const float xx = vk_m_ftz(x);
    precise float value = alpha * vk_h_expm1_negative((xx < 0.0f && xx >= -87.0f) ? xx : -1.0f);
    return vk_m_isnan(x) ? x : (xx >= 0.0f ? xx : (xx < -87.0f ? -alpha : value));
}

// CELU for a FLOAT16 result and vk_straight_param_ok(alpha): x at and above 0, alpha expm1(x / alpha) below (the
// driver's quotient within 2.5 ULP: its error enters expm1 at most once), -alpha where x / alpha < -87.
VK_INLINE float vk_act_celu_half(float x, float alpha) {
    const float xx = vk_m_ftz(x);
    precise float t = xx / alpha;
    precise float value = alpha * vk_h_expm1_negative((xx < 0.0f && t >= -87.0f) ? vk_m_ftz(t) : -1.0f);
    return vk_m_isnan(x) ? x : (xx >= 0.0f ? xx : (t < -87.0f ? -alpha : value));
}

// SCALED_ELU for a FLOAT16 result, vk_straight_param_ok(alpha) and vk_straight_param_ok(gamma): gamma x above 0,
// (gamma alpha) expm1(x) at and below (gamma alpha rounded once), -gamma alpha below -87 (also -inf).
VK_INLINE float vk_act_scaled_elu_half(float x, float alpha, float gamma) {
    const float xx = vk_m_ftz(x);
    precise float ga = gamma * alpha;
    precise float value = ga * vk_h_expm1_negative((xx <= 0.0f && xx >= -87.0f) ? xx : -1.0f);
    precise float positive = gamma * xx;
    return vk_m_isnan(x) ? x : (xx > 0.0f ? positive : (xx < -87.0f ? -ga : value));
}

// ln(1 + e^t) = max(t, 0) + log1p(e^-|t|) for t = scale x (rounded once: its error enters at most once): both terms
// positive, no cancellation; e^-|t| from vk_h_exp (|t| held to 87, where e^-87 only adds 2^-125).
VK_INLINE float vk_h_softplus(float t) {
    const float ta = abs(t) <= 87.0f ? abs(t) : 87.0f;   // also NaN
    vk_h_exp_parts e = vk_h_exp(-ta);
    precise float u = e.m * vk_m_pow2(e.k);
    precise float r = max(t, 0.0f) + vk_h_log1p_unit(u);
    return r;
}

// SOFTPLUS, ln(1 + e^(steepness x)) / steepness, for a FLOAT16 result and vk_straight_param_ok(steepness): the
// driver's quotient; +inf for x = +inf, a zero for x = -inf (ln(1 + e^-87) / steepness < 2^-104).
VK_INLINE float vk_act_softplus_half(float x, float steepness) {
    const float xx = vk_m_ftz(x);
    precise float value = vk_h_softplus(steepness * xx) / steepness;
    return vk_m_isnan(x) ? x : value;
}

// PARAMETRIC_SOFTPLUS, alpha ln(1 + e^(beta x)), for a FLOAT16 result, vk_straight_param_ok(|alpha|) and
// vk_straight_param_ok(beta).
VK_INLINE float vk_act_parametric_softplus_half(float x, float alpha, float beta) {
    const float xx = vk_m_ftz(x);
    precise float value = alpha * vk_h_softplus(beta * xx);
    return vk_m_isnan(x) ? x : value;
}

// erfc(a) for a in [0, 4.5]: t e^(P(t) - a^2) with t = 1 / (1 + a/2), P of degree 5 fitted to log(erfc(a) / t) + a^2
// (2^-17.3 absolute, so relative in erfc); a^2 rounded once costs at most 2^-19.7 relative.
VK_INLINE float vk_h_erfc(float a) {
    const float p0 = -1.265364408493042f, p1 = 1.008139729499817f, p2 = 0.28619512915611267f,
                p3 = 0.4253302216529846f, p4 = -0.6723800897598267f, p5 = 0.2180854082107544f;
    precise float t = 1.0f / (1.0f + 0.5f * a);
#ifdef VKDML_FUSED_FMA
    precise float p = vk_fma(vk_fma(vk_fma(vk_fma(vk_fma(p5, t, p4), t, p3), t, p2), t, p1), t, p0);
    vk_h_exp_parts e = vk_h_exp(vk_fma(-a, a, p));
#else
    precise float p = ((((p5 * t + p4) * t + p3) * t + p2) * t + p1) * t + p0;
    vk_h_exp_parts e = vk_h_exp(p - a * a);
#endif
    precise float r = t * (e.m * vk_m_pow2(e.k));   // erfc(4.5) > 2^-33: normal
    return r;
}

// GELU, x (1 + erf(x / sqrt(2))) / 2, for a FLOAT16 result: x erfc(a) / 2 below 0 and x - x erfc(a) / 2 above, with
// a = |x| / sqrt(2) (erfc(a) / 2 <= 1/2: no cancellation on either side). Above 6.25 (also +inf) x erfc(a) / 2 is below
// 2^-31 x: x; below -6.25 |GELU(x)| < 2^-31 rounds to the half -0. NaN and -inf (-inf * 0) give NaN, as FLOAT32.
VK_INLINE float vk_act_gelu_half(float x) {
    const float xx = vk_m_ftz(x);
    const float xc = abs(xx) <= 6.25f ? xx : 0.0f;
    precise float a = abs(xc) * 0.70710676908493042f;
    precise float v = 0.5f * vk_h_erfc(a);
#ifdef VKDML_FUSED_FMA
    precise float above = vk_fma(-xc, v, xc);
#else
    precise float above = xc - xc * v;
#endif
    precise float below = xc * v;
    const float value = vk_m_signbit(xc) ? below : above;   // -0 gives -0
    if (vk_m_isnan(x) || (vk_m_isinf(xx) && xx < 0.0f)) return vk_m_nan();
    return xx > 6.25f ? xx : (xx < -6.25f ? vk_m_signed_zero(true) : value);
}

// ERF for a FLOAT16 result: x (c0 + s Q(s)) with s = x^2 below |x| = 0.5 (Q of degree 2, 2^-22.6 relative), and
// 1 - erfc(|x|) from 0.5 to 4.5 (erfc(|x|) <= 0.48 there: its relative error enters at most 0.92 times); +-1 above
// 4.5 (erfc(4.5) < 2^-33). The sign of x is kept (erf(-0) = -0).
VK_INLINE float vk_erf_half(float x) {
    const float c0 = 1.128378987312317f, c1 = -0.3761073350906372f, c2 = 0.11245632916688919f,
                c3 = -0.02438931167125702f;
    const float xx = vk_m_ftz(x);
    const float ax = abs(xx);
    const float ac = ax <= 4.5f ? ax : 0.0f;
    precise float s = ac * ac;
#ifdef VKDML_FUSED_FMA
    precise float small = ac * vk_fma(vk_fma(vk_fma(c3, s, c2), s, c1), s, c0);
#else
    precise float small = ac * (((c3 * s + c2) * s + c1) * s + c0);
#endif
    precise float large = 1.0f - vk_h_erfc(ac);
    const float magnitude = ax > 4.5f ? 1.0f : (ac < 0.5f ? small : large);
    return vk_m_isnan(x) ? x : (vk_m_signbit(xx) ? -magnitude : magnitude);
}

#endif // VKDML_HALF_FORMS_GLSL
