// vkdml_activations.glsl - the remaining element-wise activations of DirectML in driver-independent fp32
// (docs/ARCHITECTURE.md, "Numerics"). Include after vkdml_math.glsl, whose conventions this file follows exactly: only
// correctly rounded +, -, * (OpFAdd/OpFSub/OpFMul), `precise` locals (no contraction), no fma(), every OpFDiv (2.5 ULP)
// either refined by an exact residual step or confined to a negligible correction term, no driver exp/log/tanh/erf, NaN
// and +-inf decided from the bits (GLSL min/max/clamp with NaN are undefined), subnormal inputs and parameters treated
// as zeros of the same sign, results scaled by powers of two so that only the final rounding can underflow or overflow.
//
// Accuracy (tests/math/activations_host_test.cpp: every fp32 input class and parameter regime, all 65536 halves;
// GELU also checked on all 2^32 inputs): RELU, LEAKY_RELU, PRELU, THRESHOLDED_RELU and SHRINK are correctly rounded
// (one product or sum); HARD_SIGMOID is within 1 ULP (it clamps vk_act_linear, the fused alpha*x+beta within 1 ULP).
// The transcendental ones (ELU, SCALED_ELU, SCALED_TANH, SIGMOID, SOFTSIGN, TANH, GELU, SWISH, HARD_SWISH and
// vk_erf/vk_erfc) are carried as an unevaluated hi + lo pair with a relative error of about 2^-26 or less and
// rounded once: measured within 1 ULP of the correctly rounded value (largest error 0.8 ULP as a real number)
// for every input and every finite parameter tried (bound: 4 ULP; fp16 outputs computed in fp32 and rounded once:
// within 1 fp16 ULP; the fp16 misses are fp32 results within about an fp32 ULP of an fp16 rounding boundary).
// Special values follow the formula in extended-real IEEE arithmetic with exact intermediates, as
// tests/support/reference_activations.cpp spells out (e.g. GELU(-inf) = -inf * 0 = NaN, HARD_SWISH(-inf) = NaN,
// SCALED_ELU with alpha = +-inf is NaN for x <= 0); the functions tanh, sigmoid, erf, erfc themselves take their
// limits at +-inf (TANH(+-inf) = +-1, SOFTSIGN(+-inf) = +-1, SIGMOID(-inf) = 0). NaN anywhere gives NaN.
// VKDML_FUSED_FMA (devices whose fma() is fused, vk_fma): the same bounds and special/denormal rules, with fused forms
// inside the bodies: one branch-free erfc (erfcx by a fit in q = (a - 1.5)/(a + 1.5), e^-a^2 from the exact pair a^2)
// for GELU and ERFC, a branch-free erf (odd polynomial, 1 - e^P above 0.875), tanh/sigmoid/SWISH/SCALED_TANH from
// one fma exp reduction and one reciprocal with an fma residual step, ELU/SCALED_ELU from an fma expm1 pair,
// HARD_SWISH as x * fl(alpha*x + beta) where that is a normal number (one fma); selects instead of branches except for
// rare inputs. Measured largest errors (real ULP): SCALED_TANH 1.78 (tanh rounded, then the product), HARD_SWISH 1.47,
// GELU 1.41, erfc 1.10, SCALED_ELU 1.00, erf 0.97, SWISH 0.88, SIGMOID 0.84, ELU 0.84, TANH 0.77; fp16 within 1 ULP.
//
// Dual language: compiles as C++17 after tests/support/glsl_host_shim.h and vkdml_math.glsl (host tests). Names
// starting with vk_a_ are internal.
#ifndef VKDML_ACTIVATIONS_GLSL
#define VKDML_ACTIVATIONS_GLSL

#ifndef VK_INLINE
#define VK_INLINE
#endif

// ---- helpers ------------------------------------------------------------------------------------------------------
const float VK_A_INV_SQRT2_HI = 0.707106769f;       // 1/sqrt(2) = HI + LO
const float VK_A_INV_SQRT2_LO = 1.21016175e-08f;
const float VK_A_TWO_M13 = 1.22070313e-04f;         // 2^-13
const float VK_A_TWO_M25 = 2.98023224e-08f;         // 2^-25
const float VK_A_LN2_HI_F = 0.693147182f;         // ln2 rounded to float (LN2_HI_F + LN2_LO_F)
const float VK_A_LN2_LO_F = -1.90465421e-09f;

// (nh + nl) / (dh + dl) as a normalized hi + lo with ~2^-44 relative error, for normal nh, dh with dh (and the
// quotient) inside OpFDiv's specified range [2^-126, 2^126] and |quotient| >= 2^-100 (so that the residual product
// is exact). The hardware quotient's error (2.5 ULP allowed) is removed by the exact residual step.
VK_INLINE vk_f2 vk_a_div22(float nh, float nl, float dh, float dl) {
    precise float q0 = nh / dh;
    vk_f2 p = vk_two_prod(q0, dh);
    precise float res = (((nh - p.hi) - p.lo) + nl) - q0 * dl;   // nh - p.hi is exact (Sterbenz)
    precise float q1 = res / dh;                                  // a ~2^-22 correction: its own error is irrelevant
    return vk_fast_two_sum(q0, q1);
}
// (ah + al) * (bh + bl) as a normalized hi + lo (~2^-46 relative), for |ah*bh| in [2^-100, 2^100].
VK_INLINE vk_f2 vk_a_mul22(float ah, float al, float bh, float bl) {
    vk_f2 p = vk_two_prod(ah, bh);
    precise float lo = p.lo + (ah * bl + al * bh);
    return vk_fast_two_sum(p.hi, lo);
}
// A value (hi + lo) * 2^k.
struct vk_a_f2k {
    float hi;
    float lo;
    int k;
};
// exp(xh + xl) = (hi + lo) * 2^k with hi + lo in [0.7, 1.42] (~2^-40 relative), for |xh| <= 180: the exponent is
// kept apart, so that e^-z^2 far below the fp32 range loses nothing.
VK_INLINE vk_a_f2k vk_a_exp_k(float xh, float xl) {
    vk_m_exp_red rd = vk_m_exp_reduce(xh, xl);
    vk_f2 e = vk_m_expm1_reduced(rd.rh, rd.rl);
    vk_f2 one = vk_fast_two_sum(1.0f, e.hi);
    precise float t = one.lo + e.lo;
    vk_a_f2k o;
    o.hi = one.hi;
    o.lo = t;
    o.k = rd.k;
    return o;
}
// expm1(x) as hi + lo for finite normal x < 0 (~2^-40 relative; |hi + lo| <= 1).
VK_INLINE vk_f2 vk_a_expm1_neg(float x) {
    vk_f2 o;
    if (x > -VK_A_TWO_M25) {          // x + x^2/2 (the x^3/6 is below 2^-51 relative)
        precise float h = (0.5f * x) * x;
        o.hi = x;
        o.lo = h;
        return o;
    }
    if (x >= -18.0f) return vk_m_expm1_hl(x, 0.0f);
    o.hi = -1.0f;                     // -1 + e^x with e^x < 2^-25.9 (0 below -104.5)
    o.lo = vk_m_exp_hl(x, 0.0f);
    return o;
}
// tanh(th + tl) as hi + lo for th in [2^-13, 10.5]: expm1(2t) / (expm1(2t) + 2), no cancellation anywhere.
VK_INLINE vk_f2 vk_a_tanh_pos(float th, float tl) {
    precise float t2h = 2.0f * th;
    precise float t2l = 2.0f * tl;
    vk_f2 e = vk_m_expm1_hl(t2h, t2l);   // in [2^-12, e^21]
    vk_f2 d = vk_two_sum(2.0f, e.hi);
    precise float dl = d.lo + e.lo;
    return vk_a_div22(e.hi, e.lo, d.hi, dl);
}
// sigmoid(th + tl) = 1 / (1 + e^-t) as hi + lo, for th in [-30, 24]: with u = e^-|t| in (e^-30, 1], 1/(1 + u) for
// t >= 0 and u/(1 + u) for t < 0 (no cancellation, tiny results keep their relative accuracy).
VK_INLINE vk_f2 vk_a_sigmoid_pair(float th, float tl) {
    bool pos = th >= 0.0f;
    vk_f2 u;
    if (pos) {
        u = vk_m_exp_pair(-th, -tl);
    } else {
        u = vk_m_exp_pair(th, tl);
    }
    vk_f2 d = vk_fast_two_sum(1.0f, u.hi);
    precise float dl = d.lo + u.lo;
    if (pos) return vk_a_div22(1.0f, 0.0f, d.hi, dl);
    return vk_a_div22(u.hi, u.lo, d.hi, dl);
}

// ---- tanh and sigmoid with a fused fma (VKDML_FUSED_FMA) ----------------------------------------------------------
// e^t = (1 + r + p2) * (1 + rl) * 2^k for t = th + tl, |th| <= ~200 (|tl| <= ulp(th)): k = round(th/ln2) by the
// 1.5*2^23 shifter, r = th - k*LN2_HI_F exact (one fma: k*LN2_HI_F has at most 32 bits and r is a multiple of
// 2^-25 below 0.35), e^r = 1 + r + p2 with p2 = r^2 (1/2 + r Q(r)).
struct vk_a_exp_parts {
    float r;
    float rl;
    float p2;
    float kf;
};
VK_INLINE vk_a_exp_parts vk_a_exp_fma(float th, float tl) {
    precise float kf = vk_fma(th, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float r = vk_fma(kf, -VK_A_LN2_HI_F, th);
    precise float rl = vk_fma(kf, -VK_A_LN2_LO_F, tl);
    precise float p2 = (r * r) * vk_fma(vk_m_expm1_q(r), r, 0.5f);
    vk_a_exp_parts o;
    o.r = r;
    o.rl = rl;
    o.p2 = p2;
    o.kf = kf;
    return o;
}
// 1 + e^t as dh + dl (~2^-40 relative) for t <= 31 (e = 2^k (1 + r + p2)(1 + rl)): no cancellation, the sum of
// 1 + 2^k is exact as a pair (Fast2Sum), dh - (1 + 2^k) by Sterbenz; 2^k clamped to 2^-126 where e^t < 2^-125.
struct vk_a_onep {
    float dh;
    float dl;
};
VK_INLINE vk_a_onep vk_a_one_plus_exp(vk_a_exp_parts e) {
    precise float sc = vk_m_pow2(max(int(e.kf), -126));
    precise float A = 1.0f + sc;
    precise float Al = sc - (A - 1.0f);            // 1 + sc - A: exact (Fast2Sum for sc <= 1, 0 for 2 <= sc <= 2^23)
    precise float pr = vk_fma(e.rl, e.r + e.p2, e.rl) + e.p2;   // (1 + r + p2)(1 + rl) = 1 + r + pr
    precise float rp = e.r + pr;
    precise float dh = vk_fma(sc, rp, A);
    precise float dl = vk_fma(sc, pr, vk_fma(sc, e.r, A - dh)) + Al;   // A - dh: Sterbenz; the inner sum is ~ -sc pr
    vk_a_onep o;
    o.dh = dh;
    o.dl = dl;
    return o;
}
// tanh(a + al) for a in [0, 10.5], |al| <= ulp(a): a + a s P(s) (s = a^2, relative error 2^-29.7) below 0.55, else
// 1 - y with y = 2/(1 + e^2a) in (0, 0.5] (one fma residual step; y's error reaches the result at most once).
VK_INLINE float vk_a_tanh_fma(float a, float al) {
    precise float s = a * a;
    precise float t = -0.00625996012f;
    t = vk_fma(t, s, 0.0210607927f);
    t = vk_fma(t, s, -0.0538494028f);
    t = vk_fma(t, s, 0.133325547f);
    t = vk_fma(t, s, -0.333333164f);
    precise float small = a + vk_fma(a * s, t, al);
    vk_a_exp_parts e = vk_a_exp_fma(2.0f * a, 2.0f * al);
    vk_a_onep d = vk_a_one_plus_exp(e);
    precise float y0 = 2.0f / d.dh;
    precise float y = vk_fma(0.5f * y0, vk_fma(-y0, d.dl, vk_fma(-y0, d.dh, 2.0f)), y0);
    precise float big = 1.0f - y;
    return (a < 0.55f) ? small : big;
}
// sigmoid(t) = 1/(1 + e^-|t|) for t >= 0, e^t/(1 + e^t) for t < 0, times X, as m * 2^k with m rounded once: for t in
// [-200, 31] and finite X (X = 2^j mant(X) keeps m in range; the caller scales).
struct vk_a_mk {
    float m;
    int k;
};
VK_INLINE vk_a_mk vk_a_sigmoid_times(float X, float th, float tl) {
    bool neg = th < 0.0f;
    vk_a_exp_parts e = vk_a_exp_fma(neg ? th : -th, neg ? tl : -tl);
    vk_a_onep d = vk_a_one_plus_exp(e);
    precise float y0 = 1.0f / d.dh;
    precise float yl = y0 * vk_fma(-y0, d.dl, vk_fma(-y0, d.dh, 1.0f));   // 1/(1 + e) = y0 + yl
    // t < 0: (y0 + yl)(1 + r + pr) 2^k; t >= 0: y0 + yl
    precise float pr = vk_fma(e.rl, e.r + e.p2, e.rl) + e.p2;
    precise float rr = neg ? e.r : 0.0f;
    precise float pp = neg ? pr : 0.0f;
    bool xn = vk_m_is_normal(X);
    precise float mx = xn ? vk_m_mant(X) : X;
    precise float mh = mx * y0;
    precise float ml = vk_fma(mx, yl, vk_fma(mx, y0, -mh));
    precise float m = mh + vk_fma(mh, rr, vk_fma(mh, pp, vk_fma(ml, rr, ml)));
    vk_a_mk o;
    o.m = m;
    o.k = (neg ? int(e.kf) : 0) + (xn ? vk_m_expo(X) : 0);
    return o;
}

// expm1(x) = hi + lo (~2^-40 relative) for x in [-25, 0]: 2^k (1 + r + pr) - 1 with 2^k - 1 exact (k >= -37 > -126),
// hi = fl(2^k r + (2^k - 1)) and its error exact (Sterbenz: hi is within a factor 2 of 2^k - 1 for k < 0; k = 0: hi = r).
VK_INLINE vk_f2 vk_a_expm1_fma(float x) {
    vk_a_exp_parts e = vk_a_exp_fma(x, 0.0f);
    precise float sc = vk_m_pow2(int(e.kf));
    precise float pr = vk_fma(e.rl, e.r + e.p2, e.rl) + e.p2;
    precise float s1 = sc - 1.0f;
    precise float hi = vk_fma(sc, e.r, s1);
    precise float lo = vk_fma(sc, pr, vk_fma(sc, e.r, s1 - hi));
    vk_f2 o;
    o.hi = hi;
    o.lo = lo;
    return o;
}

// ---- erf, erfc ------------------------------------------------------------------------------------------------------
// erf(yh + yl) as hi + lo for |yh| < 0.5: y * (2/sqrt(pi) + s*P(s)), s = y^2 (|s*P| <= 0.084 * 2/sqrt(pi), so the
// float Horner errors stay below 2^-27 relative). P: least-squares fit, relative error 2^-32 on [0, 0.25].
VK_INLINE float vk_a_erf_small_p(float s) {
    precise float q = -0.000709655636f;
    q = q * s + 0.00516722444f;
    q = q * s - 0.0268570594f;
    q = q * s + 0.112837337f;
    q = q * s - 0.376126379f;
    return q;
}
VK_INLINE vk_f2 vk_a_erf_small(float yh, float yl) {
    precise float s = yh * yh;
    precise float c = s * vk_a_erf_small_p(s);
    vk_f2 a = vk_fast_two_sum(1.12837923f, c);        // 2/sqrt(pi) = 1.12837923 - 5.86353828e-08
    precise float al = a.lo - 5.86353828e-08f;
    if (abs(yh) < 7.88860905e-31f) {                   // 2^-100: keep vk_two_prod in its exact range
        precise float r = yh * a.hi;
        vk_f2 o;
        o.hi = r;
        o.lo = 0.0f;
        return o;
    }
    return vk_a_mul22(yh, yl, a.hi, al);
}
struct vk_a_erfcx_fit {
    float m;
    float c0h;
    float c0l;
    float c1;
    float t0;
    float t1;
    float t2;
    float t3;
    float t4;
    float t5;
    float t6;
    float t7;
    float t8;
    float t9;
};
// The interval of z (its midpoint m) and the coefficients of erfcx there (see vk_a_erfc_k).
VK_INLINE vk_a_erfcx_fit vk_a_erfcx_fit_for(float zh) {
    vk_a_erfcx_fit f;
    if (zh < 1.125f) {  // z in [0.5, 1.125]
        f.m = 0.8125f; f.c0h = 0.484810829f; f.c0l = -6.00977434e-10f; f.c1 = -0.340561569f;
        f.t0 = -1.94755656e-09f; f.t1 = 0.208104551f; f.t2 = -0.114317745f; f.t3 = 0.0576108433f; f.t4 = -0.0270038042f;
        f.t5 = 0.0118854083f; f.t6 = -0.00495136669f; f.t7 = 0.00202242658f; f.t8 = -0.00077839545f; f.t9 = 4.05120118e-05f;
    } else if (zh < 2.0f) {  // z in [1.125, 2.0]
        f.m = 1.5625f; f.c0h = 0.311648607f; f.c0l = 1.39410172e-09f; f.c1 = -0.154477268f;
        f.t0 = 3.38437389e-09f; f.t1 = 0.0702778846f; f.t2 = -0.0297787152f; f.t3 = 0.0118741868f; f.t4 = -0.00449007796f;
        f.t5 = 0.00162162224f; f.t6 = -0.000559321023f; f.t7 = 0.000173247216f; f.t8 = -6.26896508e-05f; f.t9 = 4.67536593e-05f;
    } else if (zh < 3.5f) {  // z in [2, 3.5]
        f.m = 2.75f; f.c0h = 0.193662092f; f.c0l = 4.18941548e-09f; f.c1 = -0.0632376373f;
        f.t0 = -2.95093006e-10f; f.t1 = 0.0197585933f; f.t2 = -0.00593433669f; f.t3 = 0.00171957631f; f.t4 = -0.000482213189f;
        f.t5 = 0.00013121494f; f.t6 = -3.46053239e-05f; f.t7 = 8.85637201e-06f; f.t8 = -2.43939212e-06f; f.t9 = 6.42652822e-07f;
    } else if (zh < 6.0f) {  // z in [3.5, 6.0]
        f.m = 4.75f; f.c0h = 0.116302706f; f.c0l = 9.09035014e-10f; f.c1 = -0.0235034488f;
        f.t0 = 1.93693075e-10f; f.t1 = 0.0046613263f; f.t2 = -0.000908098184f; f.t3 = 0.000173928609f; f.t4 = -3.27794005e-05f;
        f.t5 = 6.08096889e-06f; f.t6 = -1.10517078e-06f; f.t7 = 1.99747547e-07f; f.t8 = -4.01551183e-08f; f.t9 = 6.88396096e-09f;
    } else {  // z in [6, 10.3]
        f.m = 8.125f; f.c0h = 0.0689243153f; f.c0l = -3.70436837e-09f; f.c1 = -0.00835910439f;
        f.t0 = 2.83160578e-10f; f.t1 = 0.00100659078f; f.t2 = -0.000120368946f; f.t3 = 1.42957933e-05f; f.t4 = -1.68684392e-06f;
        f.t5 = 1.97640432e-07f; f.t6 = -2.28068924e-08f; f.t7 = 2.65477107e-09f; f.t8 = -3.56559976e-10f; f.t9 = 3.91736643e-11f;
    }
    return f;
}
// T(d) of the fit, in float (Horner).
VK_INLINE float vk_a_erfcx_tail(vk_a_erfcx_fit f, float df) {
    precise float tt = f.t9;
    tt = tt * df + f.t8;
    tt = tt * df + f.t7;
    tt = tt * df + f.t6;
    tt = tt * df + f.t5;
    tt = tt * df + f.t4;
    tt = tt * df + f.t3;
    tt = tt * df + f.t2;
    tt = tt * df + f.t1;
    tt = tt * df + f.t0;
    return tt;
}
// erfc(zh + zl) = (hi + lo) * 2^k for zh in [0.5, 10.3], ~2^-27 relative: erfc(z) = erfcx(z) * e^-z^2, with
// erfcx(z) = e^(z^2) erfc(z) = C0 + C1*d + d*T(d) on five intervals (d = z - m exact; C0 carried as hi + lo, C1*d
// exact, the tail d*T(d) at most 7% of the value; T: degree-9 least-squares fits, relative error <= 2^-30.7) and
// z^2 carried exactly as a pair into the exponential.
VK_INLINE vk_a_f2k vk_a_erfc_k(float zh, float zl) {
    vk_a_erfcx_fit f = vk_a_erfcx_fit_for(zh);
    precise float dh = zh - f.m;   // exact (Sterbenz: zh within a factor 2 of m)
    precise float df = dh + zl;
    precise float tt = vk_a_erfcx_tail(f, df);
    vk_f2 p1 = vk_two_prod(f.c1, dh);
    vk_f2 r = vk_two_sum(f.c0h, p1.hi);
    precise float rl = r.lo + (((f.c0l + p1.lo) + f.c1 * zl) + df * tt);
    // e^-z^2: z^2 = zz.hi + zzl (the 2*zh*zl term carries the low part of z)
    vk_f2 zz = vk_two_prod(zh, zh);
    precise float zzl = zz.lo + (2.0f * zh) * zl;
    vk_a_f2k e = vk_a_exp_k(-zz.hi, -zzl);
    vk_f2 pr = vk_a_mul22(r.hi, rl, e.hi, e.lo);
    vk_a_f2k o;
    o.hi = pr.hi;
    o.lo = pr.lo;
    o.k = e.k;
    return o;
}

// ---- erfc, erf, GELU with a fused fma (VKDML_FUSED_FMA) --------------------------------------------------------------
// One branch-free form for every argument: erfc(a) = erfcx(a) * e^-a^2 for a = |z| in [0, 10.3] with relative accuracy
// (the other sign is 2 - erfc(a)). erfcx(a) = g(q) / (a + 1.5) with
// q = (a - 1.5)/(a + 1.5) in [-1, 0.746]; g: degree-11 fit, relative error 2^-28.4 (g(0) as hi + lo), Horner in float
// (2^-25.5). 1/(a + 1.5) and q are carried as pairs (one fma residual step), g and g * r as pairs; a^2 enters e^-a^2 as the
// exact pair sh + sl (an error in a^2 is multiplied by up to 106), reduced exactly by one fma (k*LN2 has at most 32
// bits and the result is a multiple of 2^-25 below 0.35).
// The parts: erfc(a) = (c + cl) * (1 + r + p2) * (1 + rl) * 2^k, k in [-153, 0] (r exact, |r| <= 0.3466).
struct vk_a_erfc_parts {
    float c;
    float cl;
    float r;
    float rl;
    float p2;
    int k;
};
VK_INLINE vk_a_erfc_parts vk_a_erfc_fma(float a, float al, float sh, float sl) {
    precise float d = a + 1.5f;
    precise float dl = (a - (d - 1.5f)) + al;     // a + 1.5 = d + dl exactly: d - 1.5 is exact (1.5 is a multiple of ulp(d))
    precise float r0 = 1.0f / d;
    precise float e = vk_fma(-r0, dl, vk_fma(-r0, d, 1.0f));
    precise float rl = r0 * e;                    // 1/(a + al + 1.5) = r0 + rl to ~2^-46
    precise float nh = a - 1.5f;
    precise float nl = (a - (nh + 1.5f)) + al;    // a - 1.5 = nh + nl exactly (nh + 1.5 is exact, as d - 1.5)
    precise float q = nh * r0;                    // (a - 1.5)/(a + 1.5) = q + ql to ~2^-46
    precise float ql = vk_fma(nh, rl, vk_fma(nl, r0, vk_fma(nh, r0, -q)));
    precise float t = -6.51807277e-05f;
    t = vk_fma(t, q, -0.000218525762f);
    t = vk_fma(t, q, -7.8884048e-05f);
    t = vk_fma(t, q, 0.0008524757f);
    t = vk_fma(t, q, 0.00177767675f);
    t = vk_fma(t, q, -0.000799932342f);
    t = vk_fma(t, q, -0.00946083944f);
    t = vk_fma(t, q, -0.00812125951f);
    t = vk_fma(t, q, 0.0477681048f);
    t = vk_fma(t, q, 0.0756218806f);
    t = vk_fma(t, q, -0.507849991f);
    precise float gh = vk_fma(t, q, 0.96475625f);
    precise float gl = vk_fma(t, q, 0.96475625f - gh) - 1.82868198e-09f;   // 0.96475625 - gh is exact
    gl = vk_fma(gh * -0.45f, ql, gl);            // g(q + ql) = g(q) + ql g'(q), g'/g in [-0.55, -0.35]
    precise float c = gh * r0;
    precise float cl = vk_fma(gh, rl, vk_fma(gl, r0, vk_fma(gh, r0, -c)));
    // e^-(sh + sl) = e^r (1 + rl) 2^k: k = round(-sh/ln2) by the 1.5*2^23 shifter, e^r = 1 + r + r^2 (1/2 + r Q(r))
    precise float kf = vk_fma(-sh, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float r = vk_fma(kf, -VK_A_LN2_HI_F, -sh);
    precise float rl2 = vk_fma(kf, -VK_A_LN2_LO_F, -sl);
    precise float p2 = (r * r) * vk_fma(vk_m_expm1_q(r), r, 0.5f);
    vk_a_erfc_parts o;
    o.c = c;
    o.cl = cl;
    o.r = r;
    o.rl = rl2;
    o.p2 = p2;
    o.k = int(kf);
    return o;
}
// X * erfc(a) rounded once (|X (c + cl)| normal or 0, k >= -160: 2^k in two exact halves, only the
// last product can underflow).
VK_INLINE float vk_a_erfc_times(float X, vk_a_erfc_parts E, int k) {
    precise float mh = X * E.c;
    precise float ml = vk_fma(X, E.cl, vk_fma(X, E.c, -mh));
    precise float pr = vk_fma(E.rl, E.r + E.p2, E.rl) + E.p2;   // (1 + r + p2)(1 + rl) = 1 + r + pr
    precise float m = mh + vk_fma(mh, E.r, vk_fma(mh, pr, vk_fma(ml, E.r, ml)));
    int k1 = k >> 1;
    precise float r = (m * vk_m_pow2(k1)) * vk_m_pow2(k - k1);
    return r;
}
// erf(x) for finite x with |x| < 4 (else any x: the caller replaces it): x + x*R(x^2) below 0.875 (R: degree 6, relative
// error 2^-30 in erf), +-(1 - e^P(|x|)) above, P(a) ~ log(erfc(a)) on [0.875, 4] (degree 6, error 2^-28.8 of erf):
// only erfc's absolute error counts there (erfc < 0.28 erf), so e^P needs no pairs; 1 - 2^k (1 + p) is rounded
// once (1 - 2^k exact, k in [-24, -1]).
VK_INLINE float vk_a_erf_fma(float xx) {
    precise float xc = (abs(xx) < 4.0f) ? xx : 0.0f;
    precise float a = abs(xc);
    precise float L = 0.000202595227f;
    L = vk_fma(L, a, -0.0031066325f);
    L = vk_fma(L, a, 0.0224724207f);
    L = vk_fma(L, a, -0.104426309f);
    L = vk_fma(L, a, -0.636634588f);
    L = vk_fma(L, a, -1.12799168f);
    L = vk_fma(L, a, -0.000121324265f);
    precise float kf = vk_fma(L, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float r = vk_fma(kf, -VK_A_LN2_LO_F, vk_fma(kf, -VK_A_LN2_HI_F, L));
    precise float p = vk_fma(r * r, vk_fma(vk_m_expm1_q(r), r, 0.5f), r);   // e^r - 1
    precise float sc = vk_m_pow2(int(kf));
    precise float big = vk_fma(-sc, p, 1.0f - sc);
    precise float s = a * a;
    precise float t = 8.446641e-05f;
    t = vk_fma(t, s, -0.000815497187f);
    t = vk_fma(t, s, 0.00520148547f);
    t = vk_fma(t, s, -0.0268592462f);
    t = vk_fma(t, s, 0.112836838f);
    t = vk_fma(t, s, -0.376126319f);
    t = vk_fma(t, s, 0.128379166f);
    precise float small = vk_fma(a, t, a);
    precise float rf = (a < 0.875f) ? small : big;
    return vk_m_signbit(xc) ? -rf : rf;
}

// erf where no arithmetic is needed (xx: x after vk_m_ftz): NaN, and |x| >= 4, where erfc(4) < 2^-25 rounds erf to
// +-1 (also +-inf).
VK_INLINE bool vk_a_erf_is_settled(float xx) { return vk_m_isnan(xx) || abs(xx) >= 4.0f; }
VK_INLINE float vk_a_erf_settled(float xx) { return vk_m_isnan(xx) ? vk_m_nan() : (vk_m_signbit(xx) ? -1.0f : 1.0f); }

// erf(x) within 1 ULP, from pairs (ELEMENT_WISE_ERF calls vk_erf_lean below).
VK_INLINE float vk_erf(float x) {
    float xx = vk_m_ftz(x);
#ifdef VKDML_FUSED_FMA
    float rf = vk_a_erf_fma(xx);
    return vk_a_erf_is_settled(xx) ? vk_a_erf_settled(xx) : rf;
#else
    if (vk_a_erf_is_settled(xx)) return vk_a_erf_settled(xx);
    bool neg = vk_m_signbit(xx);
    float ax = abs(xx);
    if (ax < 8.67361738e-19f) return vk_m_mul3(xx, 1.12837923f, -5.86353828e-08f, 0);   // 2^-60: x 2/sqrt(pi)
    if (ax < 0.5f) {
        vk_f2 e = vk_a_erf_small(xx, 0.0f);
        precise float r = e.hi + e.lo;
        return r;
    }
    vk_a_f2k c = vk_a_erfc_k(ax, 0.0f);
    precise float ch = vk_m_ldexp(c.hi, c.k);         // erfc(ax) >= 2^-26: exact scalings
    precise float cl = vk_m_ldexp(c.lo, c.k);
    vk_f2 g = vk_fast_two_sum(1.0f, -ch);
    precise float r = g.hi + (g.lo - cl);
    return neg ? -r : r;
#endif
}

// ERF for DirectML's element-wise operator: vk_erf's fits (GELU's too) in plain float arithmetic, erf(x) as
// x + x*(2/sqrt(pi) - 1 + s*P(s)) below 0.5 and 1 - erfcx(x)*e^-x^2 above. The one exact step left is x^2 as a
// pair, whose low part enters e^-x^2 as the factor 1 - lo (an error in x^2 would be multiplied by up to 16).
// Largest error 1.70 ULP over all 2^32 inputs (vk_erf: 0.59).
VK_INLINE float vk_erf_lean(float x) {
    float xx = vk_m_ftz(x);
#ifdef VKDML_FUSED_FMA
    float rf = vk_a_erf_fma(xx);
    return vk_a_erf_is_settled(xx) ? vk_a_erf_settled(xx) : rf;
#else
    if (vk_a_erf_is_settled(xx)) return vk_a_erf_settled(xx);
    bool neg = vk_m_signbit(xx);
    float ax = abs(xx);
    precise float r;
    if (ax < 8.67361738e-19f) {                      // 2^-60: x*(2/sqrt(pi) - 1) may be subnormal, and flushed
        r = ax * 1.12837923f;
    } else if (ax < 0.5f) {
        precise float s = ax * ax;
        r = ax + ax * (0.128379167f + s * vk_a_erf_small_p(s));   // 2/sqrt(pi) - 1 = 0.128379167...
    } else {
        vk_a_erfcx_fit f = vk_a_erfcx_fit_for(ax);
        precise float d = ax - f.m;
        precise float erfcx = f.c0h + (f.c1 * d + d * vk_a_erfcx_tail(f, d));
        vk_f2 zz = vk_two_prod(ax, ax);
        precise float e = vk_exp_lean(-zz.hi) * (1.0f - zz.lo);
        r = 1.0f - erfcx * e;
    }
    return neg ? -r : r;
#endif
}

// erfc(x) = 1 - erf(x).
VK_INLINE float vk_erfc(float x) {
    float xx = vk_m_ftz(x);
#ifdef VKDML_FUSED_FMA
    precise float xc = (xx >= -4.0f && xx <= 10.1f) ? xx : 0.0f;
    precise float a = abs(xc);
    precise float s = a * a;
    vk_a_erfc_parts E = vk_a_erfc_fma(a, 0.0f, s, vk_fma(a, a, -s));
    precise float v = vk_a_erfc_times(1.0f, E, E.k);   // one rounding, also into the subnormal range
    precise float r = (xc < 0.0f) ? 2.0f - v : v;       // 2 - erfc(-x), erfc(-x) in [2^-26, 1]
    r = (xx > 10.1f) ? 0.0f : r;                       // erfc(10.1) < 2^-150 (also +inf)
    r = (xx < -4.0f) ? 2.0f : r;                       // 2 - erfc(4), erfc(4) < 2^-23 (also -inf)
    return vk_m_isnan(xx) ? vk_m_nan() : r;
#else
    if (vk_m_isnan(xx)) return vk_m_nan();
    if (xx > 10.1f) return 0.0f;                       // erfc(10.1) < 2^-150 (also +inf)
    if (xx < -4.0f) return 2.0f;                       // 2 - erfc(4), erfc(4) < 2^-23 (also -inf)
    if (abs(xx) < 0.5f) {
        vk_f2 e = vk_a_erf_small(xx, 0.0f);
        vk_f2 g = vk_fast_two_sum(1.0f, -e.hi);
        precise float r = g.hi + (g.lo - e.lo);
        return r;
    }
    if (xx > 0.0f) {
        vk_a_f2k c = vk_a_erfc_k(xx, 0.0f);
        precise float r = c.hi + c.lo;
        return vk_m_ldexp(r, c.k);                     // one rounding, also into the subnormal range
    }
    vk_a_f2k c = vk_a_erfc_k(-xx, 0.0f);               // 2 - erfc(-x), erfc(-x) in [2^-23, 0.48]
    precise float ch = vk_m_ldexp(c.hi, c.k);
    precise float cl = vk_m_ldexp(c.lo, c.k);
    vk_f2 g = vk_fast_two_sum(2.0f, -ch);
    precise float r = g.hi + (g.lo - cl);
    return r;
#endif
}

// ---- piecewise-linear activations (correctly rounded) ---------------------------------------------------------------
// RELU: max(0, x).
VK_INLINE float vk_act_relu(float x) {
    float xx = vk_m_ftz(x);
    if (vk_m_isnan(xx)) return vk_m_nan();
    return (xx > 0.0f) ? xx : 0.0f;
}

// LEAKY_RELU: x if x >= 0, alpha * x otherwise.
VK_INLINE float vk_act_leaky_relu(float x, float alpha) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    if (vk_m_isnan(xx) || vk_m_isnan(a)) return vk_m_nan();
    if (xx >= 0.0f) return xx;
    if (vk_m_isinf(xx) || vk_m_isinf(a)) {
        if (a == 0.0f) return vk_m_nan();                  // 0 * -inf
        return vk_m_signed_inf(!vk_m_signbit(a));          // x < 0: the sign of -alpha
    }
    precise float r = a * xx;                               // one correct rounding
    return r;
}

// PARAMETERIZED_RELU: x if x >= 0, slope * x otherwise (slope from the slope tensor).
VK_INLINE float vk_act_prelu(float x, float slope) { return vk_act_leaky_relu(x, slope); }

// THRESHOLDED_RELU: x if x > alpha, 0 otherwise.
VK_INLINE float vk_act_thresholded_relu(float x, float alpha) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    if (vk_m_isnan(xx) || vk_m_isnan(a)) return vk_m_nan();
    return (xx > a) ? xx : 0.0f;
}

// u + v, correctly rounded, with the infinities decided from the bits (inf - inf = NaN).
VK_INLINE float vk_a_add(float u, float v) {
    if (vk_m_isinf(u) || vk_m_isinf(v)) {
        if (vk_m_isinf(u) && vk_m_isinf(v) && vk_m_signbit(u) != vk_m_signbit(v)) return vk_m_nan();
        return vk_m_isinf(u) ? u : v;
    }
    precise float r = u + v;
    return r;
}

// SHRINK: x - bias if x > threshold, x + bias if x < -threshold, 0 otherwise.
VK_INLINE float vk_act_shrink(float x, float bias, float threshold) {
    float xx = vk_m_ftz(x);
    float b = vk_m_ftz(bias);
    float t = vk_m_ftz(threshold);
    if (vk_m_isnan(xx) || vk_m_isnan(b) || vk_m_isnan(t)) return vk_m_nan();
    if (xx > t) return vk_a_add(xx, -b);
    if (xx < -t) return vk_a_add(xx, b);
    return 0.0f;
}

// ELEMENT_WISE_CLIP as GEMM's fused activation: min(Max, max(Min, x * scale + bias)), the scale and bias applied
// only where they change x; a NaN gives the bound, as the element-wise CLIP does (D3D's MIN and MAX: the non-NaN
// operand).
VK_INLINE float vk_act_clip(float x, float scale, float bias, float lo, float hi) {
    float v = vk_m_ftz(x);
    if (scale != 1.0f) {
        precise float p = v * scale;
        v = p;
    }
    if (bias != 0.0f) v = vk_a_add(v, bias);
    float m = (!vk_m_isnan(v) && v >= lo) ? v : lo;
    return (m <= hi) ? m : hi;
}

// HARD_SIGMOID: max(0, min(alpha * x + beta, 1)), alpha * x + beta as the fused value (vk_act_linear, 1 ULP).
VK_INLINE float vk_act_hard_sigmoid(float x, float alpha, float beta) {
    float h = vk_act_linear(x, alpha, beta);
    if (vk_m_isnan(h)) return vk_m_nan();
    if (h > 1.0f) return 1.0f;
    if (h < 0.0f) return 0.0f;
    return h;
}

// ---- exp/tanh/erf activations (hi + lo, one final rounding) -----------------------------------------------------------
// ELU: x if x >= 0, alpha * (exp(x) - 1) otherwise.
VK_INLINE float vk_act_elu(float x, float alpha) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    if (vk_m_isnan(xx) || vk_m_isnan(a)) return vk_m_nan();
    if (xx >= 0.0f) return xx;
    if (vk_m_isinf(xx)) return -a;                            // alpha * (0 - 1)
    if (vk_m_isinf(a)) return vk_m_signed_inf(!vk_m_signbit(a));   // +-inf * (e^x - 1 < 0)
    if (a == 0.0f) return vk_m_signed_zero(!vk_m_signbit(a));
#ifdef VKDML_FUSED_FMA
    // mant(alpha) * expm1(x) in +-[2^-126, 2) rounded once, then one scaling by 2^expo(alpha) (tiny products keep
    // their low part and their sign where the device flushes)
    vk_f2 ef = vk_a_expm1_fma(max(xx, -25.0f));              // below -25: alpha (-1 + e^x) rounds to -alpha anyway
    precise float ma = vk_m_mant(a);
    precise float rh = ma * ef.hi;
    precise float rf = rh + vk_fma(ma, ef.lo, vk_fma(ma, ef.hi, -rh));
    return vk_m_ldexp(rf, vk_m_expo(a));
#else
    vk_f2 e = vk_a_expm1_neg(xx);
    return vk_m_mul3(a, e.hi, e.lo, 0);
#endif
}

// SCALED_ELU: gamma * x if x > 0, gamma * (alpha * exp(x) - alpha) otherwise, computed as
// gamma * alpha * expm1(x) with gamma * alpha exact (significands) and one final rounding.
VK_INLINE float vk_act_scaled_elu(float x, float alpha, float gamma) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    float g = vk_m_ftz(gamma);
    if (vk_m_isnan(xx) || vk_m_isnan(a) || vk_m_isnan(g)) return vk_m_nan();
    if (xx > 0.0f) {
        if (vk_m_isinf(xx) || vk_m_isinf(g)) {
            if (g == 0.0f) return vk_m_nan();                 // 0 * inf
            return vk_m_signed_inf(vk_m_signbit(g));
        }
        precise float r = g * xx;
        return r;
    }
    // x <= 0: alpha * e^x - alpha is inf - inf (or inf * 0 - inf) for infinite alpha.
    if (vk_m_isinf(a)) return vk_m_nan();
    if (vk_m_isinf(xx)) {                                     // gamma * (alpha * 0 - alpha) = gamma * -alpha
        if (vk_m_isinf(g)) {
            if (a == 0.0f) return vk_m_nan();
            return vk_m_signed_inf(vk_m_signbit(g) == vk_m_signbit(a));
        }
        precise float r = g * (-a);
        return r;
    }
    // finite x <= 0: the inner value alpha * expm1(x) is 0 (x == 0 or alpha == 0) or has the sign of -alpha
    if (xx == 0.0f || a == 0.0f) {
        if (vk_m_isinf(g)) return vk_m_nan();
        return 0.0f;
    }
    if (vk_m_isinf(g)) return vk_m_signed_inf(vk_m_signbit(g) == vk_m_signbit(a));
    if (g == 0.0f) return 0.0f;
#ifdef VKDML_FUSED_FMA
    // gamma * alpha * expm1(x) = mant(g) mant(a) (eh + el) 2^(expo(g) + expo(a)): the significands' product exact,
    // expm1 in [x, 0) normal, the triple product in +-[2^-126, 4) rounded once, then one scaling.
    vk_f2 ef = vk_a_expm1_fma(max(xx, -25.0f));
    vk_f2 gaf = vk_two_prod(vk_m_mant(g), vk_m_mant(a));
    precise float ph = gaf.hi * ef.hi;
    precise float pf = ph + vk_fma(gaf.hi, ef.lo, vk_fma(gaf.lo, ef.hi, vk_fma(gaf.hi, ef.hi, -ph)));
    return vk_m_ldexp(pf, vk_m_expo(g) + vk_m_expo(a));
#else
    vk_f2 e = vk_a_expm1_neg(xx);                             // in [-1, 0), hi + lo
    vk_f2 en = vk_two_sum(e.hi, e.lo);
    vk_f2 ga = vk_two_prod(vk_m_mant(g), vk_m_mant(a));       // exact, in +-[1, 4)
    int ee = vk_m_expo(en.hi);
    precise float mel = vk_m_ldexp(en.lo, -ee);
    vk_f2 p = vk_a_mul22(ga.hi, ga.lo, vk_m_mant(en.hi), mel);   // in +-[1, 8)
    precise float r = p.hi + p.lo;
    return vk_m_ldexp(r, vk_m_expo(g) + vk_m_expo(a) + ee);
#endif
}

// TANH: tanh(x) = (1 - e^-2x) / (1 + e^-2x).
VK_INLINE float vk_act_tanh(float x) {
    float xx = vk_m_ftz(x);
    if (vk_m_isnan(xx)) return vk_m_nan();
#ifdef VKDML_FUSED_FMA
    float axf = abs(xx);
    precise float rf = vk_a_tanh_fma((axf < 10.5f) ? axf : 0.0f, 0.0f);
    rf = (axf >= 10.5f) ? 1.0f : rf;               // 1 - tanh(x) < 2^-29 (also +-inf)
    rf = vk_m_signbit(xx) ? -rf : rf;              // tanh(+-0) = +-0
    return vk_m_isnan(xx) ? vk_m_nan() : rf;
#else
    bool neg = vk_m_signbit(xx);
    float ax = abs(xx);
    if (ax >= 10.5f) return neg ? -1.0f : 1.0f;   // 1 - tanh(x) < 2^-29 (also +-inf)
    if (xx == 0.0f) return xx;                     // tanh(+-0) = +-0
    if (ax < VK_A_TWO_M13) {                       // x - x^3/3 (the next term is below 2^-53 relative)
        precise float c = ((xx * xx) * xx) * -0.333333343f;
        precise float r = xx + c;
        return r;
    }
    vk_f2 t = vk_a_tanh_pos(ax, 0.0f);
    precise float r = t.hi + t.lo;
    return neg ? -r : r;
#endif
}

// SCALED_TANH: alpha * tanh(beta * x), beta * x carried exactly as hi + lo.
VK_INLINE float vk_act_scaled_tanh(float x, float alpha, float beta) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    float b = vk_m_ftz(beta);
    if (vk_m_isnan(xx) || vk_m_isnan(a) || vk_m_isnan(b)) return vk_m_nan();
    bool tneg = vk_m_signbit(xx) != vk_m_signbit(b);   // the sign of t = beta * x
    if (vk_m_isinf(xx) || vk_m_isinf(b)) {
        if (xx == 0.0f || b == 0.0f) return vk_m_nan();   // t = inf * 0
        return tneg ? -a : a;                             // tanh(+-inf) = +-1
    }
    if (xx == 0.0f || b == 0.0f) {                        // tanh(+-0) = +-0
        if (vk_m_isinf(a)) return vk_m_nan();
        return 0.0f;
    }
    if (vk_m_isinf(a)) return vk_m_signed_inf(vk_m_signbit(a) != tneg);
    if (a == 0.0f) return 0.0f;
#ifdef VKDML_FUSED_FMA
    precise float th = b * xx;                            // t = th + tl (tl exact unless |t| < 2^-100)
    precise float tl = vk_fma(b, xx, -th);
    float atf = abs(th);
    if (atf < VK_A_TWO_M13) {                             // alpha * t * (1 - t^2/3), as below
        vk_f2 pf = vk_two_prod(vk_m_mant(b), vk_m_mant(xx));
        precise float cf = pf.hi * ((th * th) * -0.333333343f);
        precise float plf = pf.lo + cf;
        return vk_m_mul3(a, pf.hi, plf, vk_m_expo(b) + vk_m_expo(xx));
    }
    bool fbig = atf >= 10.5f;                             // also +-inf
    precise float tv = vk_a_tanh_fma(fbig ? 0.0f : atf, fbig ? 0.0f : (tneg ? -tl : tl));
    tv = fbig ? 1.0f : tv;
    precise float rf = a * (tneg ? -tv : tv);            // tanh rounded, then one product
    return rf;
#else
    vk_f2 t = vk_prod_hl(b, xx);                          // hi may be +-inf (|t| >= 10.5 anyway) or underflow
    float ath = abs(t.hi);
    if (ath >= 10.5f) return tneg ? -a : a;
    if (ath < VK_A_TWO_M13) {
        // alpha * t * (1 - t^2/3) as one scaled triple product (t itself may be far below the fp32 range)
        vk_f2 p = vk_two_prod(vk_m_mant(b), vk_m_mant(xx));
        precise float c = p.hi * ((t.hi * t.hi) * -0.333333343f);
        precise float pl = p.lo + c;
        return vk_m_mul3(a, p.hi, pl, vk_m_expo(b) + vk_m_expo(xx));
    }
    precise float tl = tneg ? -t.lo : t.lo;
    vk_f2 th = vk_a_tanh_pos(ath, tl);
    precise float rh = tneg ? -th.hi : th.hi;
    precise float rl = tneg ? -th.lo : th.lo;
    return vk_m_mul3(a, rh, rl, 0);
#endif
}

// SIGMOID: 1 / (1 + exp(-x)).
VK_INLINE float vk_act_sigmoid(float x) {
    float xx = vk_m_ftz(x);
#ifdef VKDML_FUSED_FMA
    bool mid = xx >= -104.5f && xx < 24.0f;
    vk_a_mk g = vk_a_sigmoid_times(1.0f, mid ? xx : 0.0f, 0.0f);
    int k1 = g.k >> 1;                              // k in [-151, 0]: two exact halves, one rounding
    precise float rf = (g.m * vk_m_pow2(k1)) * vk_m_pow2(g.k - k1);
    rf = (xx >= 24.0f) ? 1.0f : rf;                 // 1 - e^-x rounds to 1 from x = 17.33 on (also +inf)
    rf = (xx < -104.5f) ? 0.0f : rf;                // e^x < 2^-150 (also -inf)
    return vk_m_isnan(xx) ? vk_m_nan() : rf;
#else
    if (vk_m_isnan(xx)) return vk_m_nan();
    if (xx >= 24.0f) return 1.0f;                   // 1 - e^-x rounds to 1 from x = 17.33 on (also +inf)
    if (xx < -30.0f) return vk_m_exp_hl(xx, 0.0f); // e^x (1 - e^x + ...), e^x < 2^-43 (0 below -104.5, and -inf)
    vk_f2 s = vk_a_sigmoid_pair(xx, 0.0f);
    precise float r = s.hi + s.lo;
    return r;
#endif
}

// SOFTSIGN: x / (1 + |x|), +-1 at +-inf.
VK_INLINE float vk_act_softsign(float x) {
    float xx = vk_m_ftz(x);
    if (vk_m_isnan(xx)) return vk_m_nan();
    bool neg = vk_m_signbit(xx);
    float ax = abs(xx);
    if (ax >= 33554432.0f) return neg ? -1.0f : 1.0f;   // 2^25: 1 - 1/(1 + |x|) rounds to 1 (also +-inf)
    if (ax < VK_A_TWO_M25) return xx;                    // x (1 - |x| + ...) rounds to x (also +-0)
#ifdef VKDML_FUSED_FMA
    precise float dh = 1.0f + ax;                        // 1 + |x| = dh + dl exactly (Fast2Sum on max, min)
    precise float dl = min(ax, 1.0f) - (dh - max(ax, 1.0f));
    precise float q0 = ax * (1.0f / dh);
    precise float rf = vk_fma(vk_fma(-q0, dl, vk_fma(-q0, dh, ax)), 1.0f / dh, q0);   // one residual step
    return neg ? -rf : rf;
#else
    vk_f2 d = vk_two_sum(1.0f, ax);                      // 1 + |x| exactly
    vk_f2 q = vk_a_div22(ax, 0.0f, d.hi, d.lo);
    precise float r = q.hi + q.lo;
    return neg ? -r : r;
#endif
}

// GELU: 0.5 * x * (1 + erf(x / sqrt(2))); for x << 0 as 0.5 * x * erfc(-x / sqrt(2)) (tiny results keep their
// relative accuracy down to the subnormal range); x / sqrt(2) carried as hi + lo.
VK_INLINE float vk_act_gelu(float x) {
    float xx = vk_m_ftz(x);
#ifdef VKDML_FUSED_FMA
    // 0.5 x erfc(z), z = -x/sqrt(2): x < 0 as 0.5 x erfc(|z|) (the 0.5 in the exponent), x > 0 as x - 0.5 x erfc(|z|);
    // |z| = x/sqrt(2) as ah + al, z^2 = x^2/2 exactly.
    precise float xc = (xx >= -14.5f && xx < 5.6f) ? xx : 0.0f;
    precise float ax = abs(xc);
    precise float ah = ax * VK_A_INV_SQRT2_HI;
    precise float al = vk_fma(ax, VK_A_INV_SQRT2_LO, vk_fma(ax, VK_A_INV_SQRT2_HI, -ah));
    precise float x2 = xc * xc;
    precise float sh = 0.5f * x2;
    precise float sl = 0.5f * vk_fma(xc, xc, -x2);
    vk_a_erfc_parts E = vk_a_erfc_fma(ah, al, sh, sl);
    bool neg = xc < 0.0f;
    precise float v = vk_a_erfc_times(neg ? xc : 1.0f, E, neg ? E.k - 1 : E.k);
    precise float r = neg ? v : vk_fma(-0.5f * xc, v, xc);
    r = (abs(xx) < VK_A_TWO_M25) ? 0.5f * xx : r;       // 0.5 x (1 + 0.8x) rounds to 0.5 x (also +-0)
    r = (xx >= 5.6f) ? xx : r;                           // x (1 - erfc(3.96)/2), erfc(3.96) < 2^-24 (also +inf)
    r = (xx < -14.5f) ? (vk_m_isinf(xx) ? vk_m_nan() : vk_m_signed_zero(true)) : r;   // |result| < 2^-150; -inf * 0
    return vk_m_isnan(xx) ? vk_m_nan() : r;
#else
    if (vk_m_isnan(xx)) return vk_m_nan();
    if (xx >= 5.6f) return xx;                           // x (1 - erfc(3.96)/2), erfc(3.96) < 2^-24 (also +inf)
    if (xx < -14.5f) {                                   // |result| < 2^-150 (-inf: -inf * 0)
        if (vk_m_isinf(xx)) return vk_m_nan();
        return vk_m_signed_zero(true);
    }
    if (xx == 0.0f) return xx;
    vk_f2 yp = vk_two_prod(xx, VK_A_INV_SQRT2_HI);       // |x| >= 2^-126: inexact only where y does not matter
    precise float yl0 = yp.lo + xx * VK_A_INV_SQRT2_LO;
    vk_f2 y = vk_fast_two_sum(yp.hi, yl0);
    if (abs(y.hi) < 0.5f) {                              // 1 + erf(y) in [0.47, 1.53]
        vk_f2 e = vk_a_erf_small(y.hi, y.lo);
        vk_f2 g = vk_fast_two_sum(1.0f, e.hi);
        precise float gl = g.lo + e.lo;
        return vk_m_mul3(xx, g.hi, gl, -1);
    }
    if (xx < 0.0f) {                                     // 0.5 * x * erfc(|y|)
        vk_a_f2k c = vk_a_erfc_k(-y.hi, -y.lo);
        return vk_m_mul3(xx, c.hi, c.lo, c.k - 1);
    }
    vk_a_f2k c = vk_a_erfc_k(y.hi, y.lo);                // x * (1 - erfc(y)/2), erfc(y) >= 2^-25
    precise float ch = vk_m_ldexp(c.hi, c.k - 1);
    precise float cl = vk_m_ldexp(c.lo, c.k - 1);
    vk_f2 g = vk_fast_two_sum(1.0f, -ch);
    precise float gl = g.lo - cl;
    return vk_m_mul3(xx, g.hi, gl, 0);
#endif
}

// SWISH: x * sigmoid(scale * x), scale * x carried as hi + lo.
VK_INLINE float vk_act_swish(float x, float scale) {
    float xx = vk_m_ftz(x);
    float s = vk_m_ftz(scale);
    if (vk_m_isnan(xx) || vk_m_isnan(s)) return vk_m_nan();
    if (vk_m_isinf(xx) || vk_m_isinf(s)) {
        if (xx == 0.0f || s == 0.0f) return vk_m_nan();           // t = inf * 0
        if (vk_m_signbit(xx) == vk_m_signbit(s)) return xx;       // sigmoid(+inf) = 1
        if (vk_m_isinf(xx)) return vk_m_nan();                    // x * sigmoid(-inf) = inf * 0
        return vk_m_signed_zero(vk_m_signbit(xx));
    }
    if (xx == 0.0f) return xx;
    if (s == 0.0f) {
        precise float h = 0.5f * xx;                              // x * sigmoid(0)
        return h;
    }
#ifdef VKDML_FUSED_FMA
    precise float th = s * xx;                                    // t = th + tl (tl exact unless |t| < 2^-100)
    precise float tl = vk_fma(s, xx, -th);
    bool mid = th >= -200.0f && th < 24.0f;
    vk_a_mk g = vk_a_sigmoid_times(xx, mid ? th : 0.0f, mid ? tl : 0.0f);
    precise float v = vk_m_ldexp(g.m, g.k);
    if (th >= 24.0f) return xx;                                   // x (1 - e^-t), e^-t < 2^-34 (also +inf)
    return mid ? v : vk_m_signed_zero(vk_m_signbit(xx));          // |x| e^t < 2^128 e^-200 < 2^-160
#else
    vk_f2 t = vk_prod_hl(s, xx);                                  // hi may be +-inf or underflow to 0
    if (t.hi >= 24.0f) return xx;                                 // x (1 - e^-t), e^-t < 2^-34
    if (t.hi < -200.0f) return vk_m_signed_zero(vk_m_signbit(xx));   // |x| e^t < 2^128 e^-200 < 2^-160
    if (t.hi < -30.0f) return vk_m_scaled_exp(t.hi, t.lo, xx, false);  // x e^t (1 - e^t + ...)
    vk_f2 g = vk_a_sigmoid_pair(t.hi, t.lo);
    return vk_m_mul3(xx, g.hi, g.lo, 0);
#endif
}

// alpha * x + beta = (hi + lo) * 2^k, hi + lo normalized with ~2^-47 relative error (hi == 0 only for an exact 0),
// for finite normal alpha, x and finite beta (+-0 or normal): vk_act_linear's scaled core, unrounded.
VK_INLINE vk_a_f2k vk_a_linear_k(float xx, float a, float b) {
    int ep = vk_m_expo(a) + vk_m_expo(xx);
    vk_f2 p = vk_two_prod(vk_m_mant(a), vk_m_mant(xx));
    vk_a_f2k o;
    o.hi = p.hi;
    o.lo = p.lo;
    o.k = ep;
    if (b == 0.0f) return o;
    int eb = vk_m_expo(b);
    int e = max(ep, eb);
    if (eb - e < -60) return o;                    // |b| < 2^-59 |a*x|
    if (ep - e < -60) {                            // |a*x| < 2^-57 |b|
        o.hi = vk_m_mant(b);
        o.lo = 0.0f;
        o.k = eb;
        return o;
    }
    precise float sp = vk_m_pow2(ep - e);
    precise float ph = p.hi * sp;                  // exact scalings into [2^-60, 4)
    precise float pl = p.lo * sp;
    precise float bs = vk_m_mant(b) * vk_m_pow2(eb - e);
    vk_f2 s = vk_two_sum(ph, bs);
    precise float l = s.lo + pl;
    vk_f2 r = vk_two_sum(s.hi, l);
    o.hi = r.hi;
    o.lo = r.lo;
    o.k = e;
    return o;
}

// HARD_SWISH: x * max(0, min(alpha * x + beta, 1)), the product of x and the unrounded alpha * x + beta rounded once.
VK_INLINE float vk_act_hard_swish(float x, float alpha, float beta) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    float b = vk_m_ftz(beta);
    float h = vk_act_linear(xx, a, b);                   // NaN for inf * 0 and inf - inf
    if (vk_m_isnan(xx) || vk_m_isnan(h)) return vk_m_nan();
    if (h > 1.0f) return xx;                             // x * 1 (alpha * x + beta > 1: also the infinite cases)
    if (h < 0.0f || (h == 0.0f && vk_m_isinf(xx))) {     // x * 0
        if (vk_m_isinf(xx)) return vk_m_nan();
        return vk_m_signed_zero(vk_m_signbit(xx));
    }
    // here x, alpha, beta are finite and alpha * x + beta is in [0, 1] up to the rounding of h
    if (xx == 0.0f || a == 0.0f) {                       // h = beta exactly
        precise float r = xx * h;
        return r;
    }
#ifdef VKDML_FUSED_FMA
    if (vk_m_is_normal(h)) {                             // h = fl(alpha * x + beta), one fma: x * h within 1 ULP
        precise float rf = xx * h;
        return rf;
    }
#endif
    vk_a_f2k v = vk_a_linear_k(xx, a, b);
    if (v.hi <= 0.0f) return vk_m_signed_zero(vk_m_signbit(xx));
    float vh = vk_m_ldexp(v.hi, v.k);
    if (vh > 1.0f || (vh == 1.0f && v.lo >= 0.0f)) return xx;
    return vk_m_mul3(xx, v.hi, v.lo, v.k);
}

#endif // VKDML_ACTIVATIONS_GLSL
