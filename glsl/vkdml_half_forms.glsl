// vkdml_half_forms.glsl - SIGMOID, SWISH and TANH for operators whose result is stored as FLOAT16 (the host picks these
// forms for a FLOAT16 output; runtime/ops/elementwise/lowering.cpp).
//
// Why: a FLOAT16 result within 1 ULP needs the fp32 value within 2^-11 relative of the exact one (the final rounding
// takes the other half ULP), and the FLOAT32 forms carry float pairs to reach 4 ULP of fp32, about 2^-21. Here every
// step is plain fp32 arithmetic with an error budget of about 2^-16: e^t from a degree-4 polynomial (2^-17.1
// relative on |r| <= ln2/2, Chebyshev nodes) after a Cody-Waite reduction, the driver's own division (OpFDiv, within
// 2.5 ULP of fp32 for the divisors here: Vulkan's precision table), products rounded once each.
//
// Same rules as the other forms: fp32 subnormal inputs are zeros of their sign (vk_m_ftz), special values are decided
// from the bits, no fma but vk_fma in the VKDML_FUSED_FMA forms; `precise` everywhere, so that every kernel holding
// the same call computes the same bits (fused and unfused graphs agree).
#ifndef VKDML_HALF_FORMS_GLSL
#define VKDML_HALF_FORMS_GLSL

// e^t = 2^k m for t in [-150, 0]: m in [0.70, 1.42] within 2^-17 relative.
struct vk_h_exp_parts {
    float m;
    int k;
};
VK_INLINE vk_h_exp_parts vk_h_exp(float t) {
    const float c1 = 0.9999849200248718f, c2 = 0.49999749660491943f, c3 = 0.1676701158285141f,
                c4 = 0.04183380305767059f;
#ifdef VKDML_FUSED_FMA
    precise float kf = vk_fma(t, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;   // round(t / ln2) by the shifter
    precise float r = vk_fma(-kf, VK_M_LN2_LO, vk_fma(-kf, VK_M_LN2_HI, t));
    precise float m = vk_fma(vk_fma(vk_fma(vk_fma(c4, r, c3), r, c2), r, c1), r, 1.0f);
    int k = int(kf);
#else
    precise float kf0 = t * VK_M_INV_LN2;
    int k = int(kf0 - 0.5f);   // t <= 0: rounds to the nearest integer (ties away from zero)
    precise float kf = float(k);
    precise float r = (t - kf * VK_M_LN2_HI) - kf * VK_M_LN2_LO;   // the first difference is exact
    precise float m = (((c4 * r + c3) * r + c2) * r + c1) * r + 1.0f;
#endif
    vk_h_exp_parts o;
    o.m = m;
    o.k = k;
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

#endif // VKDML_HALF_FORMS_GLSL
