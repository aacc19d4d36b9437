// vkdml_straight.glsl - CELU, ELU, SCALED_ELU, SIGMOID, SWISH, SOFTPLUS and PARAMETRIC_SOFTPLUS as straight-line code
// for the parameters almost every model uses: Alpha / Gamma / Steepness / Beta in [2^-20, 2^20] (vk_straight_param_ok;
// PARAMETRIC_SOFTPLUS's Alpha of either sign; SIGMOID has none); the host picks these kernels only then and the
// general functions of vkdml_math.glsl / vkdml_activations.glsl otherwise.
//
// Why: CPU drivers such as lavapipe run a shader's invocations as SIMD lanes and execute every branch under an
// execution mask, so a function costs the sum of all its paths on every element. The general functions branch into
// special-case paths (far tails, negative or extreme parameters, scaled logarithms); here every element takes one
// path of plain float arithmetic on an input replaced by a harmless stand-in where the formula does not apply, and
// the answer for such inputs (NaN, infinities, the plateaus) is selected at the end. GPUs gain too (fewer
// instructions, no divergence).
//
// Same building blocks and rules as vkdml_math.glsl (correctly rounded +, -, *; `precise`; no fma except vk_fma in the
// VKDML_FUSED_FMA forms, where it only removes roundings; error-free transformations where they matter, plain
// rounding where the analysis below shows it costs < 2^-26 relative), same
// bounds (<= 4 ULP fp32, <= 1 ULP for fp16 tensors; docs/ARCHITECTURE.md, "Numerics"), same special values and denormal
// rules; tests/math/math_host_test.cpp checks both against the double-precision reference and against each other.
#ifndef VKDML_STRAIGHT_GLSL
#define VKDML_STRAIGHT_GLSL

// Alpha / Steepness values these functions take: normal, positive, in [2^-20, 2^20] (NaN fails too).
VK_INLINE bool vk_straight_param_ok(float a) { return a >= 9.53674316e-07f && a <= 1048576.0f; }

// 1/a = hi + lo to ~2^-44 relative for normal a, whatever the rounding of OpFDiv (<= 2.5 ULP): one exact residual.
VK_INLINE vk_f2 vk_s_reciprocal(float a) {
    precise float inv = 1.0f / a;
#ifdef VKDML_FUSED_FMA
    precise float residual = vk_fma(-a, inv, 1.0f);  // 1 - a*inv (~2^-21) rounded once: 2^-24 of the correction
#else
    vk_f2 p = vk_two_prod(a, inv);
    precise float residual = (1.0f - p.hi) - p.lo;   // 1 - p.hi is exact (p.hi within a few ULP of 1)
#endif
    precise float lo = residual * inv;
    vk_f2 r;
    r.hi = inv;
    r.lo = lo;
    return r;
}

// expm1(r + rl) = hi + lo for |r| <= 0.3467, with vk_m_expm1_reduced's polynomial but r^2 rounded once: its error
// (2^-25 r^2) is below 2^-26 of the result.
VK_INLINE vk_f2 vk_s_expm1_reduced(float r, float rl) {
    precise float rr = r * r;
    precise float q = vk_m_expm1_q(r);
#ifdef VKDML_FUSED_FMA
    precise float small = vk_fma(0.5f, rr, vk_fma(rr * r, q, vk_fma(rl, r, rl)));
#else
    precise float small = 0.5f * rr + ((rr * r) * q + (rl + rl * r));
#endif
    return vk_fast_two_sum(r, small);   // |small| <= 0.2 |r| (or r == 0)
}

// log1p(f) = hi + lo for f exact in [sqrt(1/2) - 1, sqrt(2) - 1], with vk_m_log1p_reduced's polynomial but f^2
// rounded once (error below 2^-26 of the result).
VK_INLINE vk_f2 vk_s_log1p_reduced(float f) {
    precise float ff = f * f;
    precise float q = vk_m_log1p_r(f);
    precise float h = 0.5f * ff;
    vk_f2 s = vk_fast_two_sum(f, -h);   // h <= 0.21 |f|
#ifdef VKDML_FUSED_FMA
    precise float lo = vk_fma(ff * f, q, s.lo);
#else
    precise float lo = s.lo + (ff * f) * q;
#endif
    return vk_fast_two_sum(s.hi, lo);
}

// expm1(qh + ql) for qh in [-17.6, -2^-26] (|ql| <= 2^-20 |qh|), rounded once: 2^k (1 + p) - 1 from one reduction,
// within 0.5 ULP + 2^-26 relative.
VK_INLINE float vk_s_expm1_negative(float qh, float ql) {
    vk_m_exp_red rd = vk_m_exp_reduce(qh, ql);    // k in [-26, 0]
    vk_f2 p = vk_s_expm1_reduced(rd.rh, rd.rl);
    precise float sc = vk_m_pow2(rd.k);
    precise float shi = sc * p.hi;                  // exact
    precise float slo = sc * p.lo;
    // k >= -24: 2^k - 1 is a float, and TwoSum gives 2^k p + (2^k - 1) to 0.5 ULP.
    vk_f2 s = vk_two_sum(shi, sc - 1.0f);
    precise float near = s.hi + (s.lo + slo);
    // k < -24: e^q = 2^k (1 + p) < 2^-23 is rounded once, negligibly for e^q - 1 (0.5 ULP in all).
    precise float far = (sc + (shi + slo)) - 1.0f;
    return (rd.k >= -24) ? near : far;
}

// e^(xh + xl) = 2^k (mh + ml) for xh in [-180, 0] (|xl| <= 2^-20 |xh|), mh + ml in [0.7, 1.42] to 2^-26 relative.
struct vk_s_exp_parts {
    float mh;
    float ml;
    int k;
};
VK_INLINE vk_s_exp_parts vk_s_exp(float xh, float xl) {
    vk_m_exp_red rd = vk_m_exp_reduce(xh, xl);
    vk_f2 p = vk_s_expm1_reduced(rd.rh, rd.rl);
    vk_f2 m = vk_fast_two_sum(1.0f, p.hi);
    precise float ml = m.lo + p.lo;
    vk_s_exp_parts o;
    o.mh = m.hi;
    o.ml = ml;
    o.k = rd.k;
    return o;
}

// (h + l) * (ih + il) rounded, for a pair h + l and a reciprocal pair: within ~1 ULP.
VK_INLINE float vk_s_mul_pair(float h, float l, vk_f2 inv) {
    vk_f2 n = vk_fast_two_sum(h, l);
#ifdef VKDML_FUSED_FMA
    precise float r = vk_fma(n.hi, inv.hi, vk_fma(n.lo, inv.hi, n.hi * inv.lo));   // one rounding of the main product
#else
    precise float r = n.hi * inv.hi + (n.lo * inv.hi + n.hi * inv.lo);
#endif
    return r;
}

// CELU: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)), for vk_straight_param_ok(alpha).
// Error: x/alpha is carried to ~2^-44; expm1 of it to 2^-26 relative; 2^k (1 + p) - 1 rounded once (0.5 ULP);
// the product with alpha rounded once (0.5 ULP): about 1 ULP in all (vk_act_celu: 0.6).
VK_INLINE float vk_act_celu_straight(float x, float alpha) {
    vk_f2 inv = vk_s_reciprocal(alpha);
    const float lowest = -17.5f * alpha;            // x/alpha below -17.5: e^(x/alpha) < 2^-25.2, the result is -alpha
    const float tiny = -1.49011612e-08f * alpha;   // -2^-26 alpha (exact): above it the result rounds to x
    const bool formula = x < tiny && x >= lowest;   // false for NaN
    const float xs = formula ? x : -alpha;          // stand-in for the inputs selected below
    vk_f2 q = vk_two_prod(xs, inv.hi);
#ifdef VKDML_FUSED_FMA
    precise float ql = vk_fma(xs, inv.lo, q.lo);    // x / alpha = q.hi + ql
#else
    precise float ql = q.lo + xs * inv.lo;          // x / alpha = q.hi + ql
#endif
    precise float value = alpha * vk_s_expm1_negative(q.hi, ql);
    return (x < lowest) ? -alpha : (formula ? value : vk_m_ftz(x));
}

// ELU: x if x >= 0, alpha * (exp(x) - 1) otherwise, for vk_straight_param_ok(alpha). About 1 ULP (vk_act_elu: 0.6).
VK_INLINE float vk_act_elu_straight(float x, float alpha) {
    const bool formula = x < -1.49011612e-08f && x >= -17.5f;   // below -2^-26 (above: alpha x rounded once)
    precise float value = alpha * vk_s_expm1_negative(formula ? x : -1.0f, 0.0f);
    precise float small = alpha * vk_m_ftz(x);                 // x in [-2^-26, 0]: alpha expm1(x) = alpha x (1 + x/2)
    return (x < -17.5f) ? -alpha : (formula ? value : ((x >= 0.0f || vk_m_isnan(x)) ? vk_m_ftz(x) : small));
}

// SCALED_ELU: gamma * x if x > 0, gamma * alpha * (exp(x) - 1) otherwise, for vk_straight_param_ok(alpha) and
// vk_straight_param_ok(gamma); gamma * alpha as an exact pair. About 1.5 ULP (vk_act_scaled_elu: 0.6).
VK_INLINE float vk_act_scaled_elu_straight(float x, float alpha, float gamma) {
    vk_f2 ga = vk_two_prod(gamma, alpha);
    const bool formula = x < -1.49011612e-08f && x >= -17.5f;
    precise float y = vk_s_expm1_negative(formula ? x : -1.0f, 0.0f);
    precise float xf = vk_m_ftz(x);
#ifdef VKDML_FUSED_FMA
    precise float value = vk_fma(ga.hi, y, ga.lo * y);
#else
    precise float value = ga.hi * y + ga.lo * y;
#endif
    precise float small = ga.hi * xf;                           // x in [-2^-26, 0]: gamma alpha x (1 + x/2); one
                                                                // product, so a flushed result keeps its sign
    precise float positive = gamma * xf;                        // also +inf
    precise float plateau = -ga.hi - ga.lo;                     // x < -17.5 (also -inf): -gamma alpha
    return vk_m_isnan(x) ? x : ((x > 0.0f) ? positive : ((x < -17.5f) ? plateau : (formula ? value : small)));
}

// The parts of ln(1 + e^t) for t = scale * x: t exactly; L = log1p(e^-|t|) to 2^-26 relative (|t| <= 20); and
// e^t = 2^k (m + ml) (t < 0). x must be finite with |scale * x| <= 120 (callers pass a stand-in otherwise).
struct vk_s_softplus_parts {
    vk_f2 t;
    float lh;   // L = lh + ll
    float ll;
    float mh;   // e^t = 2^k (mh + ml) for t < 0
    float ml;
    int k;
};
VK_INLINE vk_s_softplus_parts vk_s_softplus_core(float x, float scale) {
    vk_s_softplus_parts o;
    o.t = vk_two_prod(scale, x);                    // scale x = t.hi + t.lo exactly
    const bool neg = o.t.hi < 0.0f;
    vk_s_exp_parts e = vk_s_exp(neg ? o.t.hi : -o.t.hi, neg ? o.t.lo : -o.t.lo);   // e^-|t|, k >= -174
    o.mh = e.mh;
    o.ml = e.ml;
    o.k = e.k;

    // |t| <= 20: u = e^-|t| = uh + ul is normal; 1 + u = w.hi + (w.lo + ul) with w.hi in [1, 2].
    precise float sc = vk_m_pow2(max(e.k, -126));
    precise float uh = e.mh * sc;
    precise float ul = e.ml * sc;
    vk_f2 w = vk_two_sum(1.0f, uh);
    const bool halve = w.hi > VK_M_SQRT2;
    precise float f = (halve ? 0.5f * w.hi : w.hi) - 1.0f;   // exact
    vk_f2 l1 = vk_s_log1p_reduced(f);
    // log(w.hi + d) = log(w.hi) + d / w.hi - ...: |d / w.hi| <= 2^-24, the next term is below 2^-49. (For u < 2^-24,
    // w.hi = 1 and the whole of u is in d.)
    precise float d = (w.lo + ul) / w.hi;
    precise float en = halve ? 1.0f : 0.0f;
    vk_f2 lsum = vk_two_sum(en * VK_M_LN2_HI, l1.hi);
    precise float llo = lsum.lo + (l1.lo + (en * VK_M_LN2_LO + d));
    o.lh = lsum.hi;
    o.ll = llo;
    return o;
}

// 2^k * v for k in [-174, 0] and v in about [2^-21, 2^22]: two power-of-two steps, exact but the last (a subnormal
// result is rounded once more, or flushed by the device).
VK_INLINE float vk_s_scale_down(float v, int k) {
    const int k1 = k / 2;
    precise float r = (v * vk_m_pow2(k1)) * vk_m_pow2(k - k1);
    return r;
}

// SOFTPLUS: ln(1 + exp(steepness * x)) / steepness, for vk_straight_param_ok(steepness).
// The result is x + L/s (t >= 0) or L/s (t < 0), or e^t/s below t = -20 (where log1p(e^t) = e^t to 2^-29), each
// rounded about twice: within ~1.5 ULP (vk_act_softplus: 0.8).
VK_INLINE float vk_act_softplus_straight(float x, float steepness) {
    const float s = steepness;
    vk_f2 inv = vk_s_reciprocal(s);
    const float xx = vk_m_ftz(x);
    precise float t0 = s * xx;                      // decides the region (+-inf for huge x, NaN for NaN)
    const float xs = abs(t0) <= 120.0f ? xx : 0.0f; // stand-in for the inputs selected below
    vk_s_softplus_parts sp = vk_s_softplus_core(xs, s);
    precise float ls = vk_s_mul_pair(sp.lh, sp.ll, inv);   // L / s
    precise float above = xs + ls;                         // t >= 0: (t + L) / s = x + L / s
    precise float below = vk_s_scale_down(vk_s_mul_pair(sp.mh, sp.ml, inv), sp.k);
    const float value = (sp.t.hi >= 0.0f) ? above : ((sp.t.hi >= -20.0f) ? ls : below);
    // Selected: NaN stays NaN; t >= 20 (also x = +inf) gives x (the e^-t/t term is below 2^-32 relative);
    // t < -120 (also x = -inf) gives +0 (e^t/s < 2^-150).
    return vk_m_isnan(x) ? x : ((t0 >= 20.0f) ? xx : ((t0 < -120.0f) ? 0.0f : value));
}

// PARAMETRIC_SOFTPLUS: alpha * ln(1 + exp(beta * x)), for vk_straight_param_ok(|alpha|) and vk_straight_param_ok(beta).
// alpha (t + L), alpha L or alpha e^t, each a pair times alpha rounded about twice: within ~1.5 ULP.
VK_INLINE float vk_act_parametric_softplus_straight(float x, float alpha, float beta) {
    const float xx = vk_m_ftz(x);
    precise float t0 = beta * xx;
    const float xs = abs(t0) <= 120.0f ? xx : 0.0f;
    vk_s_softplus_parts sp = vk_s_softplus_core(xs, beta);
    vk_f2 tl = vk_two_sum(sp.t.hi, sp.lh);                 // t + L
    precise float tll = tl.lo + (sp.t.lo + sp.ll);
    vk_f2 n = vk_fast_two_sum(tl.hi, tll);
#ifdef VKDML_FUSED_FMA
    vk_f2 l = vk_fast_two_sum(sp.lh, sp.ll);
    precise float above = vk_fma(alpha, n.hi, alpha * n.lo);   // each pair times alpha rounded once
    precise float mid = vk_fma(alpha, l.hi, alpha * l.lo);
    precise float below = vk_s_scale_down(vk_fma(alpha, sp.mh, alpha * sp.ml), sp.k);
#else
    precise float above = alpha * n.hi + alpha * n.lo;
    vk_f2 l = vk_fast_two_sum(sp.lh, sp.ll);
    precise float mid = alpha * l.hi + alpha * l.lo;
    precise float below = vk_s_scale_down(alpha * sp.mh + alpha * sp.ml, sp.k);
#endif
    const float value = (sp.t.hi >= 0.0f) ? above : ((sp.t.hi >= -20.0f) ? mid : below);
    // t >= 20 (also x = +inf): alpha beta x (1 + e^-t/t), with alpha beta as an exact pair.
    vk_f2 ab = vk_two_prod(alpha, beta);
#ifdef VKDML_FUSED_FMA
    precise float large = vk_m_isinf(xx) ? xx * ab.hi : vk_fma(xx, ab.hi, xx * ab.lo);
#else
    precise float large = vk_m_isinf(xx) ? xx * ab.hi : xx * ab.hi + xx * ab.lo;
#endif
    // t < -120 (also x = -inf): |alpha| e^t < 2^-150, a zero of alpha's sign.
    return vk_m_isnan(x) ? x : ((t0 >= 20.0f) ? large : ((t0 < -120.0f) ? vk_m_signed_zero(alpha < 0.0f) : value));
}

// sigmoid(t) = 2^k (hi + lo) for t = th + tl with |th| <= 150: 1 / (1 + u) (t >= 0, k = 0) or u / (1 + u) (t < 0)
// with u = e^-|t| = 2^k (mh + ml); hi + lo to ~2^-25 relative.
VK_INLINE vk_m_quot vk_s_sigmoid(float th, float tl) {
    const bool neg = th < 0.0f;
    vk_s_exp_parts e = vk_s_exp(neg ? th : -th, neg ? tl : -tl);
    precise float sc = vk_m_pow2(max(e.k, -126));       // u below 2^-126 only matters as 1 + u = 1
    vk_f2 w = vk_two_sum(1.0f, e.mh * sc);               // 1 + u = w.hi + wl, w.hi in [1, 2]
    precise float wl = w.lo + e.ml * sc;
    vk_f2 inv = vk_s_reciprocal(w.hi);
#ifdef VKDML_FUSED_FMA
    precise float rl = vk_fma(-wl * inv.hi, inv.hi, inv.lo);   // 1 / (1 + u) = inv.hi + rl
    vk_f2 p = vk_two_prod(e.mh, inv.hi);                        // u / (1 + u) = 2^k (mh + ml)(inv.hi + rl)
    precise float pl = vk_fma(e.mh, rl, vk_fma(e.ml, inv.hi, p.lo));
#else
    precise float rl = inv.lo - (wl * inv.hi) * inv.hi;  // 1 / (1 + u) = inv.hi + rl
    vk_f2 p = vk_two_prod(e.mh, inv.hi);                 // u / (1 + u) = 2^k (mh + ml)(inv.hi + rl)
    precise float pl = p.lo + (e.mh * rl + e.ml * inv.hi);
#endif
    vk_m_quot o;
    o.q0 = neg ? p.hi : inv.hi;
    o.q1 = neg ? pl : rl;
    o.k = neg ? e.k : 0;
    return o;
}

// SIGMOID: 1 / (1 + e^-x). About 1 ULP (vk_act_sigmoid: 0.6).
VK_INLINE float vk_act_sigmoid_straight(float x) {
    const float xx = vk_m_ftz(x);
    const bool tame = abs(xx) <= 150.0f;
    vk_m_quot g = vk_s_sigmoid(tame ? xx : 0.0f, 0.0f);
    precise float value = vk_m_ldexp(g.q0 + g.q1, g.k);
    // NaN stays NaN; above 24 (also +inf) 1 - e^-x rounds to 1; below -150 (also -inf) e^x rounds to 0.
    return vk_m_isnan(x) ? x : ((xx > 24.0f) ? 1.0f : ((xx < -150.0f) ? 0.0f : value));
}

// SWISH: x * sigmoid(steepness * x), for vk_straight_param_ok(steepness); the product with x rounded about twice:
// within ~1.5 ULP (vk_act_swish: 0.7).
VK_INLINE float vk_act_swish_straight(float x, float steepness) {
    const float xx = vk_m_ftz(x);
    precise float t0 = steepness * xx;
    const bool tame = abs(t0) <= 150.0f;
    const float xs = tame ? xx : 0.0f;
    vk_f2 t = vk_two_prod(steepness, xs);
    vk_m_quot g = vk_s_sigmoid(t.hi, t.lo);
    precise float sigma = g.q0 + g.q1;
    precise float value = vk_m_ldexp(xs * sigma, g.k);   // one product: a flushed result keeps the sign of x
    // NaN stays NaN, and x = -inf gives NaN (-inf * sigmoid(-inf) = inf * 0); t > 24 (also x = +inf):
    // x (1 - e^-t), e^-t < 2^-34; t < -150: |x| e^t = |t| e^t / steepness < 2^-180, a zero of x's sign.
    if (vk_m_isnan(x) || (vk_m_isinf(xx) && xx < 0.0f)) return vk_m_nan();
    return (t0 > 24.0f) ? xx : ((t0 < -150.0f) ? vk_m_signed_zero(xx < 0.0f) : value);
}

#endif // VKDML_STRAIGHT_GLSL
