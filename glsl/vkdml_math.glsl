// vkdml_math.glsl - driver-independent fp32 exp/expm1/log/log1p and the exp/log activations (docs/ARCHITECTURE.md,
// "Numerics").
//
// Why: Vulkan only promises exp/log to 3+2|x| ULP (and log to 2^-21 absolute near 1), OpFDiv to 2.5 ULP for
// divisors in [2^-126, 2^126], lets fma() be a separate multiply and add, and may flush fp32 denormals. It does
// promise correctly rounded OpFAdd/OpFSub/OpFMul, and `precise` forbids contraction and reassociation. So every
// function here is built from +, -, * (error-free transformations: TwoSum, Veltkamp/Dekker TwoProduct), integer
// bit manipulation, and divisions whose error is either refined away or lands in a negligible correction term.
// Results are the same on every conforming driver, with or without denormal support.
//
// Accuracy (fp32; tests/math/math_host_test.cpp: every 256th bit pattern, the specials, many parameter sets; also
// bit-identical on lavapipe): every function is within 1 ULP of the correctly rounded result (largest measured
// error 0.75 ULP as a real number; exp 0.75, expm1 0.55, log 0.61, log1p 0.64); vk_act_linear is within 1 ULP of
// the fused (singly rounded) alpha*x+beta. The project's bounds are 1 ULP (math functions, LINEAR) and 4 ULP.
// vk_div_cr and vk_sqrt_cr (DIVIDE, RECIP, SQRT) are correctly rounded, subnormal operands and results included
// (tests/math/correct_rounding_host_test.cpp, with the driver's estimate made wrong by up to 31 ULP).
// Denormals: fp32-subnormal *inputs* x and subnormal *parameters* of the activations are treated as zeros of the
// same sign (deterministically, from the bits), so results do not depend on the driver's denormal mode. Results
// that are fp32-subnormal are produced correctly where the device keeps denormals, and may become 0 where it
// flushes them. vk_exp/vk_expm1/vk_log/vk_log1p take subnormal arguments at their exact value.
// Special values: NaN in -> NaN out (made from the bits, never from arithmetic on inf/NaN), +-inf handled
// explicitly. For the activations, finite parameters give the mathematical value of the DirectML formula;
// non-finite parameters, +-inf inputs and division by a zero parameter follow the formula in IEEE extended-real
// arithmetic (e.g. CELU with alpha = +-inf is NaN, SOFTPLUS with steepness +-0 is +-inf); the exact rules are
// written out in tests/support/reference.cpp, which is the specification the tests check.
//
// VKDML_FUSED_FMA (devices whose fma() is fused): the same functions, bounds and special/denormal rules, with fused
// forms inside the bodies: TwoProduct as p = a*b, e = fma(a, b, -p); fma Horner and Cody-Waite; fma residuals in the
// divisions and in vk_div_cr/vk_sqrt_cr; power-of-two scaling by one multiply when 2^k is a normal float; the
// integer-scaled careful paths only where a value may leave the normal range (measured: exp 0.75, expm1 0.57,
// log 0.60, log1p 0.61; LINEAR is the fused value itself).
//
// Dual language: this file also compiles as C++17 after tests/support/glsl_host_shim.h (host tests). Only scalar
// float/int/uint/bool, the bit-cast built-ins, abs/min/max/clamp on matching types, `precise` locals and structs
// filled member by member are used. Names starting with vk_m_ are internal.
#ifndef VKDML_MATH_GLSL
#define VKDML_MATH_GLSL

#ifndef VK_INLINE
#define VK_INLINE
#endif

// A value carried as an unevaluated sum hi + lo (|lo| small against |hi|, not necessarily normalized).
struct vk_f2 {
    float hi;
    float lo;
};

// ---- constants --------------------------------------------------------------------------------------------------
const float VK_M_LN2_HI = 0.693145751953125f;        // 0x3f317200: 15 significant bits, k*LN2_HI exact for |k|<512
const float VK_M_LN2_LO = 1.42860677e-06f;           // ln2 - LN2_HI
const float VK_M_INV_LN2 = 1.44269502f;
const float VK_M_SQRT2 = 1.41421354f;                // 0x3fb504f3
const float VK_M_EXP_MAX = 88.7228317f;              // 0x42b17217: largest x with exp(x) finite
const float VK_M_TINY = 2.98023224e-08f;             // 2^-25: below this expm1(x) and log1p(x) round to x

// ---- bit-level helpers ------------------------------------------------------------------------------------------
VK_INLINE float vk_m_inf() { return uintBitsToFloat(0x7f800000u); }
VK_INLINE float vk_m_nan() { return uintBitsToFloat(0x7fc00000u); }
VK_INLINE bool vk_m_isnan(float a) { return (floatBitsToUint(a) & 0x7fffffffu) > 0x7f800000u; }
VK_INLINE bool vk_m_isinf(float a) { return (floatBitsToUint(a) & 0x7fffffffu) == 0x7f800000u; }
VK_INLINE bool vk_m_signbit(float a) { return (floatBitsToUint(a) & 0x80000000u) != 0u; }
// +-0 for subnormal a (same sign), a otherwise: decided from the bits, independent of the denormal mode.
VK_INLINE float vk_m_ftz(float a) {
    uint b = floatBitsToUint(a);
    return ((b & 0x7f800000u) == 0u) ? uintBitsToFloat(b & 0x80000000u) : a;
}
// +-inf / +-0, negative when `negative`.
VK_INLINE float vk_m_signed_inf(bool negative) { return uintBitsToFloat(negative ? 0xff800000u : 0x7f800000u); }
VK_INLINE float vk_m_signed_zero(bool negative) { return uintBitsToFloat(negative ? 0x80000000u : 0u); }
// 2^n for n in [-126, 127].
VK_INLINE float vk_m_pow2(int n) { return uintBitsToFloat(uint(n + 127) << 23); }
// Unbiased exponent and signed significand in +-[1, 2) of a normal float.
VK_INLINE int vk_m_expo(float a) { return int((floatBitsToUint(a) >> 23) & 0xffu) - 127; }
VK_INLINE float vk_m_mant(float a) { return uintBitsToFloat((floatBitsToUint(a) & 0x807fffffu) | 0x3f800000u); }
VK_INLINE bool vk_m_is_normal(float a) {
    uint e = floatBitsToUint(a) & 0x7f800000u;
    return e != 0u && e != 0x7f800000u;
}
// y * 2^k for k in [-378, 381] (clamped; every use here has |y| in about [2^-110, 8]). Three power-of-two steps of the
// same sign: exact while the result is normal, +-inf on overflow, a subnormal or 0 on underflow; never garbage
// from building 2^k out of range.
VK_INLINE float vk_m_ldexp(float y, int k) {
#ifdef VKDML_FUSED_FMA
    if (uint(k + 126) <= 253u) {   // k in [-126, 127]: 2^k is a normal float, one exact (or once rounded) product
        precise float r1 = y * vk_m_pow2(k);
        return r1;
    }
#endif
    int kk = clamp(k, -378, 381);
    int k1 = kk / 3;
    int k2 = (kk - k1) / 2;
    int k3 = kk - k1 - k2;
    precise float r = ((y * vk_m_pow2(k1)) * vk_m_pow2(k2)) * vk_m_pow2(k3);
    return r;
}

// ---- fused multiply-add ------------------------------------------------------------------------------------------
// a * b + c rounded once. Only the VKDML_FUSED_FMA forms call it: the host defines VKDML_FUSED_FMA for devices whose
// fma() was found fused on the device itself (runtime/vk/fma_probe.h). With VKDML_EMULATED_FMA (tests on a device
// whose fma() is a multiply and an add, such as lavapipe, with shaderFloat64) the fused result is computed in double:
// the product of two floats is exact in double, TwoSum gives the sum's error, and rounding that sum to odd (the last
// bit of an inexact result set, toward the exact value) keeps the final rounding to float correct (53 >= 2 * 24 + 2).
VK_INLINE float vk_fma(float a, float b, float c) {
#ifdef VKDML_EMULATED_FMA
    precise double p = double(a) * double(b);
    precise double dc = double(c);
    precise double s = p + dc;
    precise double bb = s - p;
    precise double err = (p - (s - bb)) + (dc - bb);
    uvec2 w = unpackDouble2x32(s);
    if (!isinf(s) && !isnan(s) && err != 0.0 && (w.x & 1u) == 0u) {   // finite s: err is exact and finite
        if ((err > 0.0) == (s > 0.0)) {
            w.x += 1u;   // away from zero: the last bit was 0, no carry
        } else if (w.x != 0u) {
            w.x -= 1u;
        } else {
            w.x = 0xffffffffu;
            w.y -= 1u;
        }
    }
    return float(packDouble2x32(w));
#else
    precise float r = fma(a, b, c);
    return r;
#endif
}

// ---- error-free transformations ---------------------------------------------------------------------------------
// a + b = hi + lo exactly (Knuth TwoSum; any magnitudes, no overflow).
VK_INLINE vk_f2 vk_two_sum(float a, float b) {
    precise float s = a + b;
    precise float bb = s - a;
    precise float err = (a - (s - bb)) + (b - bb);
    vk_f2 r;
    r.hi = s;
    r.lo = err;
    return r;
}
// a + b = hi + lo exactly, provided a == 0 or exponent(a) >= exponent(b) (Dekker FastTwoSum).
VK_INLINE vk_f2 vk_fast_two_sum(float a, float b) {
    precise float s = a + b;
    precise float err = b - (s - a);
    vk_f2 r;
    r.hi = s;
    r.lo = err;
    return r;
}
// Veltkamp split: a = hi + lo with hi, lo of <= 12 significant bits. Needs |a| < 2^115 (4097*a must not overflow).
VK_INLINE vk_f2 vk_split(float a) {
    precise float c = 4097.0f * a;
    precise float hi = c - (c - a);
    precise float lo = a - hi;
    vk_f2 r;
    r.hi = hi;
    r.lo = lo;
    return r;
}
// a * b = hi + lo exactly without fma (Dekker TwoProduct), provided |a|, |b| < 2^115, the product does not overflow
// and the partial products do not underflow (true when |a*b| >= 2^-100). Use vk_prod_hl for arbitrary operands.
VK_INLINE vk_f2 vk_two_prod(float a, float b) {
#ifdef VKDML_FUSED_FMA
    // a*b - p is exactly representable whenever it is not below the subnormal range (|a*b| >= 2^-100 is ample).
    precise float pf = a * b;
    vk_f2 rf;
    rf.hi = pf;
    rf.lo = vk_fma(a, b, -pf);
    return rf;
#else
    vk_f2 as = vk_split(a);
    vk_f2 bs = vk_split(b);
    precise float p = a * b;
    precise float err = (((as.hi * bs.hi - p) + as.hi * bs.lo) + as.lo * bs.hi) + as.lo * bs.lo;
    vk_f2 r;
    r.hi = p;
    r.lo = err;
    return r;
#endif
}
// a * b as hi + lo for any finite a, b: the product of the significands is exact, then both parts are scaled by the
// exponents (hi becomes +-inf on overflow, lo loses bits only where it is below 2^-126).
VK_INLINE vk_f2 vk_prod_hl(float a, float b) {
    vk_f2 r;
#ifdef VKDML_FUSED_FMA
    // One rounding of a*b (no double rounding into the subnormal range); the fma residual is exact unless it lies
    // below 2^-126. On overflow hi = +-inf and lo = -hi: callers test hi first.
    float af = vk_m_ftz(a);
    float bf = vk_m_ftz(b);
    precise float zf = af * bf;
    r.hi = zf;
    r.lo = vk_fma(af, bf, -zf);
    return r;
#else
    if (!vk_m_is_normal(a) || !vk_m_is_normal(b)) {
        precise float z = vk_m_ftz(a) * vk_m_ftz(b);
        r.hi = z;
        r.lo = 0.0f;
        return r;
    }
    vk_f2 p = vk_two_prod(vk_m_mant(a), vk_m_mant(b));
    int k = vk_m_expo(a) + vk_m_expo(b);
    r.hi = vk_m_ldexp(p.hi, k);
    r.lo = vk_m_ldexp(p.lo, k);
    return r;
#endif
}
// fl(a * (bh + bl) * 2^k), within ~0.5 ULP, for finite a and a finite pair (bh, bl); scaled internally
// so that no intermediate overflows or underflows (only the final result may).
VK_INLINE float vk_m_mul3(float a, float bh0, float bl0, int k) {
    vk_f2 b = vk_two_sum(bh0, bl0);   // normalize
    float bh = b.hi;
    float bl = b.lo;
#ifdef VKDML_FUSED_FMA
    // a*bh + fl(a*bl) rounded once (|a*bl| <= 2^-24 |a*bh|: its rounding, or its flushing below 2^-126, is under
    // 2^-44 relative), then an exact scaling, when a and bh are normal, the unscaled value is in [2^-80, max] and 2^k
    // a normal float; else the careful path.
    precise float pl = a * bl;
    precise float rf = vk_fma(a, bh, pl);
    if (uint(k + 126) <= 253u && abs(a) >= 1.17549435e-38f && abs(bh) >= 1.17549435e-38f &&
        abs(rf) >= 8.27180613e-25f && abs(rf) <= 3.40282347e+38f) {
        precise float rs = rf * vk_m_pow2(k);
        return rs;
    }
#endif
    if (!vk_m_is_normal(a) || !vk_m_is_normal(bh)) {
        precise float z = vk_m_ldexp(vk_m_ftz(a) * (vk_m_ftz(bh) + bl), k);
        return z;
    }
    int ea = vk_m_expo(a);
    int eb = vk_m_expo(bh);
    float ma = vk_m_mant(a);
    vk_f2 p = vk_two_prod(ma, vk_m_mant(bh));
    precise float mbl = vk_m_ldexp(bl, -eb);
    precise float r = p.hi + (p.lo + ma * mbl);
    return vk_m_ldexp(r, ea + eb + k);
}
// (nh + nl) / d = (q0 + q1) * 2^k for a finite pair (nh, nl) and finite normal d != 0, with q0 in +-(0.5, 2) and
// ~2^-44 relative error. The hardware division only sees significands in [1, 2) (well inside OpFDiv's specified
// domain) and its error (2.5 ULP allowed) is removed by one exact residual step. nh == 0 gives q0 = q1 = +-0.
struct vk_m_quot {
    float q0;
    float q1;
    int k;
};
VK_INLINE vk_m_quot vk_m_div_core(float nh0, float nl0, float d) {
    vk_f2 n = vk_two_sum(nh0, nl0);   // normalize
    vk_m_quot o;
    if (!vk_m_is_normal(n.hi)) {      // +-0 (or subnormal): a signed zero
        o.q0 = vk_m_signed_zero(vk_m_signbit(n.hi) != vk_m_signbit(d));
        o.q1 = 0.0f;
        o.k = 0;
        return o;
    }
    int en = vk_m_expo(n.hi);
    int ed = vk_m_expo(d);
    precise float mn = vk_m_mant(n.hi);
    precise float md = vk_m_mant(d);
    precise float mnl = vk_m_ldexp(n.lo, -en);
    precise float q0 = mn / md;
#ifdef VKDML_FUSED_FMA
    precise float res = vk_fma(-q0, md, mn) + mnl;   // the residual rounded to 2^-24 of ~2^-21 relative
#else
    vk_f2 p = vk_two_prod(q0, md);
    precise float res = ((mn - p.hi) - p.lo) + mnl;   // mn - p.hi is exact (Sterbenz)
#endif
    precise float q1 = res / md;                       // a correction of ~2^-22 relative: its own error is irrelevant
    o.q0 = q0;
    o.q1 = q1;
    o.k = en - ed;
    return o;
}
// Fused forms only: vk_m_div_core's quotient without the scaling, k = 0, where nothing leaves the normal range:
// |n| >= 2^-80, |d| <= 2^126 (OpFDiv's specified domain), |q0| in [2^-80, 2^126] (the residual, ~2^-22 |n|, and
// q1 stay far above 2^-126, so neither rounding nor flushing there costs more than 2^-44); k = 1 otherwise.
VK_INLINE vk_m_quot vk_m_div_fast(float nh0, float nl0, float d) {
    vk_f2 n = vk_two_sum(nh0, nl0);
    precise float q0 = n.hi / d;
    precise float res = vk_fma(-q0, d, n.hi) + n.lo;
    precise float q1 = res / d;
    float aq = abs(q0);
    vk_m_quot o;
    o.q0 = q0;
    o.q1 = q1;
    o.k = (abs(n.hi) >= 8.27180613e-25f && abs(d) <= 8.50705917e+37f && aq >= 8.27180613e-25f &&
           aq <= 8.50705917e+37f) ? 0 : 1;
    return o;
}
// (nh + nl) / d as hi + lo (hi may become +-inf or 0 when the quotient is out of range, lo may lose bits below 2^-126).
VK_INLINE vk_f2 vk_div_hl(float nh, float nl, float d) {
#ifdef VKDML_FUSED_FMA
    vk_m_quot f = vk_m_div_fast(nh, nl, d);
    if (f.k == 0) {
        vk_f2 rf;
        rf.hi = f.q0;
        rf.lo = f.q1;
        return rf;
    }
#endif
    vk_m_quot q = vk_m_div_core(nh, nl, d);
    vk_f2 r;
    r.hi = vk_m_ldexp(q.q0, q.k);
    r.lo = vk_m_ldexp(q.q1, q.k);
    return r;
}
// fl((nh + nl) / d) within ~0.5 ULP: one rounding of the significand, then an exact scaling (a result in the
// subnormal range is rounded once more, or flushed by the device).
VK_INLINE float vk_m_div(float nh, float nl, float d) {
#ifdef VKDML_FUSED_FMA
    vk_m_quot f = vk_m_div_fast(nh, nl, d);
    if (f.k == 0) {
        precise float rf = f.q0 + f.q1;
        return rf;
    }
#endif
    vk_m_quot q = vk_m_div_core(nh, nl, d);
    precise float r = q.q0 + q.q1;
    return vk_m_ldexp(r, q.k);
}

// ---- exp ----------------------------------------------------------------------------------------------------------
// Cody-Waite reduction: xh + xl = k*ln2 + (rh + rl), |rh| <= ~0.347, rh + rl accurate to ~2^-36 absolute.
struct vk_m_exp_red {
    float rh;
    float rl;
    int k;
};
VK_INLINE vk_m_exp_red vk_m_exp_reduce(float xh, float xl) {   // requires |xh| <= ~180
#ifdef VKDML_FUSED_FMA
    // k = round(xh/ln2) by the 1.5*2^23 shifter; xh - k*LN2_HI is exact as before, one fma each.
    precise float kff = vk_fma(xh, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float rhf = vk_fma(-kff, VK_M_LN2_HI, xh);
    precise float rcf = vk_fma(-kff, VK_M_LN2_LO, xl);
    vk_f2 rf = vk_two_sum(rhf, rcf);
    vk_m_exp_red of;
    of.rh = rf.hi;
    of.rl = rf.lo;
    of.k = int(kff);
    return of;
#else
    precise float kf0 = xh * VK_M_INV_LN2;
    int k = int(kf0 + ((kf0 >= 0.0f) ? 0.5f : -0.5f));
    precise float kf = float(k);
    precise float rh = xh - kf * VK_M_LN2_HI;   // exact: kf*LN2_HI is exact and within a factor 2 of xh
    precise float rc = xl - kf * VK_M_LN2_LO;
    vk_f2 r = vk_two_sum(rh, rc);
    vk_m_exp_red o;
    o.rh = r.hi;
    o.rl = r.lo;
    o.k = k;
    return o;
#endif
}
// Q: minimax fit (relative error 2^-30) of (expm1(r) - r - r^2/2)/r^3 on [-0.3467, 0.3467].
VK_INLINE float vk_m_expm1_q(float r) {
#ifdef VKDML_FUSED_FMA
    precise float qf = vk_fma(2.48264205e-05f, r, 0.000198909911f);
    qf = vk_fma(qf, r, 0.00138889044f);
    qf = vk_fma(qf, r, 0.00833331048f);
    qf = vk_fma(qf, r, 0.0416666679f);
    qf = vk_fma(qf, r, 0.166666672f);
    return qf;
#else
    precise float q = 2.48264205e-05f;
    q = q * r + 0.000198909911f;
    q = q * r + 0.00138889044f;
    q = q * r + 0.00833331048f;
    q = q * r + 0.0416666679f;
    q = q * r + 0.166666672f;
    return q;
#endif
}
// expm1(r + rl) = hi + lo for |r| <= 0.3467: r + r^2/2 (exact via TwoProduct) + r^3*Q(r) + rl*(1+r).
VK_INLINE vk_f2 vk_m_expm1_reduced(float r, float rl) {
    vk_f2 sq = vk_two_prod(r, r);
    precise float h = 0.5f * sq.hi;
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_fast_two_sum(r, h);
    precise float lo = s.lo + vk_fma(0.5f, sq.lo, vk_fma(sq.hi * r, vk_m_expm1_q(r), vk_fma(rl, r, rl)));
#else
    precise float l = 0.5f * sq.lo;
    precise float c = (sq.hi * r) * vk_m_expm1_q(r);
    vk_f2 s = vk_fast_two_sum(r, h);
    precise float lo = s.lo + (l + (c + (rl + rl * r)));
#endif
    return vk_fast_two_sum(s.hi, lo);   // normalized: |lo| <= ulp(hi)/2
}
// exp(xh + xl) as a float, for any finite xh (overflow -> +inf, underflow -> subnormal or 0).
VK_INLINE float vk_m_exp_hl(float xh, float xl) {
    if (xh > 89.0f) return vk_m_inf();
    if (xh < -104.5f) return 0.0f;
    vk_m_exp_red rd = vk_m_exp_reduce(xh, xl);
    vk_f2 e = vk_m_expm1_reduced(rd.rh, rd.rl);
    vk_f2 one = vk_fast_two_sum(1.0f, e.hi);
    precise float m = one.hi + (one.lo + e.lo);
    return vk_m_ldexp(m, rd.k);
}
// exp(xh + xl) as hi + lo, for xh in [-100, 0] (no overflow or underflow of the pair).
VK_INLINE vk_f2 vk_m_exp_pair(float xh, float xl) {
    vk_m_exp_red rd = vk_m_exp_reduce(xh, xl);
    vk_f2 e = vk_m_expm1_reduced(rd.rh, rd.rl);
    vk_f2 one = vk_fast_two_sum(1.0f, e.hi);
    precise float t = one.lo + e.lo;
    precise float sc = vk_m_pow2(rd.k);
    precise float hi = one.hi * sc;
    precise float lo = t * sc;
    vk_f2 o;
    o.hi = hi;
    o.lo = lo;
    return o;
}
// expm1(xh + xl) as hi + lo, for xh in [-18, 80].
VK_INLINE vk_f2 vk_m_expm1_hl(float xh, float xl) {
    vk_m_exp_red rd = vk_m_exp_reduce(xh, xl);
    vk_f2 e = vk_m_expm1_reduced(rd.rh, rd.rl);
    if (rd.k == 0) return e;
    // 2^k (1 + e) - 1: 1 + e = s + t exactly-ish, 2^k s exact, 2^k s - 1 exact as a TwoSum.
    vk_f2 one = vk_fast_two_sum(1.0f, e.hi);
    precise float t = one.lo + e.lo;
    precise float sc = vk_m_pow2(rd.k);
    vk_f2 d = vk_two_sum(one.hi * sc, -1.0f);
    precise float lo = d.lo + t * sc;
    vk_f2 o;
    o.hi = d.hi;
    o.lo = lo;
    return o;
}

VK_INLINE float vk_exp(float x) {
    if (vk_m_isnan(x)) return x;
    if (x > VK_M_EXP_MAX) return vk_m_inf();
    if (x < -104.0f) return 0.0f;   // exp(x) < 2^-150.5: rounds to 0 (also -inf)
    return vk_m_exp_hl(x, 0.0f);
}

VK_INLINE float vk_expm1(float x) {
    if (vk_m_isnan(x)) return x;
    if (x > VK_M_EXP_MAX) return vk_m_inf();
    if (x > 80.0f) return vk_exp(x);   // the -1 is 2^-115 relative
    if (x < -17.5f) return -1.0f;      // -1 + e^x with e^x < 2^-25.2 rounds to -1 (also -inf)
    if (abs(x) < VK_M_TINY) return x;  // +-0, subnormals, tiny: expm1(x) rounds to x
    vk_f2 e = vk_m_expm1_hl(x, 0.0f);
    precise float r = e.hi + e.lo;
    return r;
}

// 2^k (1 + expm1(r)) for |r| <= ~0.347: expm1(r) = r + (r^2/2 + r^3*Q(r)), then (1 + that) * 2^k in two exact steps
// (one rounding where it is subnormal). The tail of vk_exp_lean and vk_m_exp_lean_hl.
VK_INLINE float vk_m_exp_lean_finish(float r, int k) {
    precise float s = r * r;
#ifdef VKDML_FUSED_FMA
    precise float m = 1.0f + (r + vk_fma(0.5f, s, (s * r) * vk_m_expm1_q(r)));
#else
    precise float m = 1.0f + (r + (0.5f * s + (s * r) * vk_m_expm1_q(r)));
#endif
    int k1 = k >> 1;
    precise float y = (m * vk_m_pow2(k1)) * vk_m_pow2(k - k1);
    return y;
}

// EXP for DirectML's element-wise operator (the activations keep vk_exp): vk_exp's reduction and polynomial without
// the error-free transformations, which buy vk_exp its last 0.2 ULP. Largest error 0.93 ULP over all 2^32 inputs
// (vk_exp: 0.75). k = round(x/ln2) by the 1.5*2^23 shifter, r = x - k*ln2 in two steps (k*LN2_HI exact).
VK_INLINE float vk_exp_lean(float x) {
    if (vk_m_isnan(x)) return x;
    if (x > VK_M_EXP_MAX) return vk_m_inf();
    if (x < -104.0f) return 0.0f;
#ifdef VKDML_FUSED_FMA
    precise float kf = vk_fma(x, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float r = vk_fma(-kf, VK_M_LN2_LO, vk_fma(-kf, VK_M_LN2_HI, x));
#else
    precise float kf = (x * VK_M_INV_LN2 + 12582912.0f) - 12582912.0f;
    precise float r = (x - kf * VK_M_LN2_HI) - kf * VK_M_LN2_LO;
#endif
    return vk_m_exp_lean_finish(r, int(kf));
}

// e^(xh + xl) for xh in [-104, 88.7] and |xl| <= ulp(xh) (a pair from a TwoSum): vk_exp_lean's steps with xl added
// to the reduced argument, one rounding more (at most 2^-26 absolute in r, 0.25 ULP): within about 1.2 ULP. For the
// exponentials of a softmax, whose x - max is formed as such a pair.
VK_INLINE float vk_m_exp_lean_hl(float xh, float xl) {
#ifdef VKDML_FUSED_FMA
    precise float kf = vk_fma(xh, VK_M_INV_LN2, 12582912.0f) - 12582912.0f;
    precise float r = vk_fma(-kf, VK_M_LN2_LO, vk_fma(-kf, VK_M_LN2_HI, xh) + xl);
#else
    precise float kf = (xh * VK_M_INV_LN2 + 12582912.0f) - 12582912.0f;
    precise float r = ((xh - kf * VK_M_LN2_HI) + xl) - kf * VK_M_LN2_LO;
#endif
    return vk_m_exp_lean_finish(r, int(kf));
}

// ---- log ----------------------------------------------------------------------------------------------------------
// R: minimax fit (relative error 2^-29) of (log1p(f) - f + f^2/2)/f^3 on [-0.29289, 0.41422].
VK_INLINE float vk_m_log1p_r(float f) {
#ifdef VKDML_FUSED_FMA
    precise float qf = vk_fma(0.0561166108f, f, -0.0976440459f);
    qf = vk_fma(qf, f, 0.0979766473f);
    qf = vk_fma(qf, f, -0.0992417112f);
    qf = vk_fma(qf, f, 0.110482678f);
    qf = vk_fma(qf, f, -0.125004306f);
    qf = vk_fma(qf, f, 0.142879054f);
    qf = vk_fma(qf, f, -0.166667074f);
    qf = vk_fma(qf, f, 0.199999735f);
    qf = vk_fma(qf, f, -0.25f);
    qf = vk_fma(qf, f, 0.333333343f);
    return qf;
#else
    precise float q = 0.0561166108f;
    q = q * f - 0.0976440459f;
    q = q * f + 0.0979766473f;
    q = q * f - 0.0992417112f;
    q = q * f + 0.110482678f;
    q = q * f - 0.125004306f;
    q = q * f + 0.142879054f;
    q = q * f - 0.166667074f;
    q = q * f + 0.199999735f;
    q = q * f - 0.25f;
    q = q * f + 0.333333343f;
    return q;
#endif
}
// log1p(f) = hi + lo for f exact in [sqrt(1/2) - 1, sqrt(2) - 1]: f - f^2/2 (exact via TwoProduct) + f^3*R(f).
VK_INLINE vk_f2 vk_m_log1p_reduced(float f) {
    vk_f2 sq = vk_two_prod(f, f);
    precise float h = 0.5f * sq.hi;
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_fast_two_sum(f, -h);
    precise float lo = s.lo + vk_fma(sq.hi * f, vk_m_log1p_r(f), -0.5f * sq.lo);
#else
    precise float l = 0.5f * sq.lo;
    precise float c = (sq.hi * f) * vk_m_log1p_r(f);
    vk_f2 s = vk_fast_two_sum(f, -h);
    precise float lo = s.lo + (c - l);
#endif
    return vk_fast_two_sum(s.hi, lo);   // normalized: |lo| <= ulp(hi)/2
}
// a = (1 + f) * 2^e with f exact in [sqrt(1/2) - 1, sqrt(2) - 1], for finite a > 0, normal or subnormal (decoded
// from the bits, no denormal arithmetic).
struct vk_m_log_red {
    float f;
    int e;
};
VK_INLINE vk_m_log_red vk_m_log_reduce(float a) {
    uint b = floatBitsToUint(a);
    int e = int(b >> 23) - 127;
    uint mb = b & 0x7fffffu;
    if ((b >> 23) == 0u) {   // subnormal: a = mb * 2^-149 and float(mb) is exact and normal
        precise float fm = float(mb);
        uint bm = floatBitsToUint(fm);
        e = int(bm >> 23) - 127 - 149;
        mb = bm & 0x7fffffu;
    }
    precise float m = uintBitsToFloat(mb | 0x3f800000u);
    if (m > VK_M_SQRT2) {
        m = 0.5f * m;
        e = e + 1;
    }
    vk_m_log_red o;
    o.f = m - 1.0f;   // exact
    o.e = e;
    return o;
}
// log(a) = hi + lo for finite a > 0, normal or subnormal.
VK_INLINE vk_f2 vk_m_log_hl(float a) {
    vk_m_log_red rd = vk_m_log_reduce(a);
    vk_f2 l1 = vk_m_log1p_reduced(rd.f);
    precise float ef = float(rd.e);
    precise float eh = ef * VK_M_LN2_HI;   // exact
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_two_sum(eh, l1.hi);
    precise float lo = s.lo + vk_fma(ef, VK_M_LN2_LO, l1.lo);
#else
    precise float el = ef * VK_M_LN2_LO;
    vk_f2 s = vk_two_sum(eh, l1.hi);
    precise float lo = s.lo + (l1.lo + el);
#endif
    return vk_fast_two_sum(s.hi, lo);
}
// log1p(uh + ul) = hi + lo for finite uh > -1 (|ul| <= ulp(uh), 1 + uh + ul > 0).
VK_INLINE vk_f2 vk_m_log1p_hl(float uh, float ul) {
    if (uh >= 0.5f * VK_M_SQRT2 - 1.0f && uh <= VK_M_SQRT2 - 1.0f) {
        vk_f2 l1 = vk_m_log1p_reduced(uh);
        precise float lo = l1.lo + ul / (1.0f + uh);   // tiny correction: the division's error is irrelevant
        return vk_fast_two_sum(l1.hi, lo);
    }
    vk_f2 w = vk_two_sum(1.0f, uh);
    precise float wl = w.lo + ul;
    vk_f2 lw = vk_m_log_hl(w.hi);
    // log(w + wl) = log(w) + wl/w with |wl/w| <= 2^-24; beyond w = 2^24 that is below 2^-28 of log(w) (and w may
    // leave OpFDiv's specified divisor range), so it is dropped there.
    precise float lo = lw.lo + ((w.hi < 16777216.0f) ? wl / w.hi : 0.0f);
    return vk_fast_two_sum(lw.hi, lo);
}

// log of the arguments the reductions do not take: NaN, +-0 (-inf), negatives (NaN) and +inf.
VK_INLINE bool vk_m_log_is_special(float x) { return floatBitsToUint(x) - 1u >= 0x7f7fffffu; }
VK_INLINE float vk_m_log_special(float x) {
    uint b = floatBitsToUint(x);
    if (vk_m_isnan(x)) return x;
    if ((b & 0x7fffffffu) == 0u) return vk_m_signed_inf(true);
    if ((b & 0x80000000u) != 0u) return vk_m_nan();
    return x;
}

// LOG for DirectML's element-wise operator: vk_log's reduction and polynomial without the error-free
// transformations. Largest error 0.83 ULP over all 2^32 inputs (vk_log: 0.61):
// log(a) = e*LN2_HI + (f - (f^2/2 - (f^3*R(f) + e*LN2_LO))).
VK_INLINE float vk_log_lean(float x) {
    if (vk_m_log_is_special(x)) return vk_m_log_special(x);
    vk_m_log_red rd = vk_m_log_reduce(x);
    precise float f = rd.f;
    precise float ef = float(rd.e);
#ifdef VKDML_FUSED_FMA
    precise float tail = vk_fma((f * f) * f, vk_m_log1p_r(f), ef * VK_M_LN2_LO);
    precise float r = vk_fma(ef, VK_M_LN2_HI, f - vk_fma(0.5f * f, f, -tail));   // f^2/2 - tail rounded once
#else
    precise float tail = (f * f) * f * vk_m_log1p_r(f) + ef * VK_M_LN2_LO;
    precise float r = ef * VK_M_LN2_HI + (f - (0.5f * (f * f) - tail));
#endif
    return r;
}

VK_INLINE float vk_log(float x) {
    if (vk_m_log_is_special(x)) return vk_m_log_special(x);
    vk_f2 l = vk_m_log_hl(x);
    precise float r = l.hi + l.lo;
    return r;
}

VK_INLINE float vk_log1p(float x) {
    uint b = floatBitsToUint(x);
    if (vk_m_isnan(x)) return x;
    if (b == 0xbf800000u) return vk_m_signed_inf(true);            // -1
    if (b > 0xbf800000u) return vk_m_nan();                        // < -1, -inf
    if (b == 0x7f800000u) return x;                                // +inf
    if (abs(x) < VK_M_TINY) return x;                              // +-0, subnormals, tiny
    vk_f2 l = vk_m_log1p_hl(x, 0.0f);
    precise float r = l.hi + l.lo;
    return r;
}

// ---- activations -------------------------------------------------------------------------------------------------
// ln(1 + e^t) - max(t, 0) = log1p(e^-|t|) as hi + lo, for t = th + tl with |th| <= 20.
VK_INLINE vk_f2 vk_m_softplus_tail(float th, float tl) {
    bool pos = th >= 0.0f;
    vk_f2 u = vk_m_exp_pair(pos ? -th : th, pos ? -tl : tl);
    return vk_m_log1p_hl(u.hi, u.lo);
}
// sign(c) * e^t * |c|^(divide ? -1 : 1) = sign(c) * exp(th + tl +- log|c|), for finite normal c: the far tails,
// where e^t alone would underflow or overflow but the scaled value need not.
VK_INLINE float vk_m_scaled_exp(float th, float tl, float c, bool divide) {
    vk_f2 lc = vk_m_log_hl(abs(c));
    precise float lh = divide ? -lc.hi : lc.hi;
    precise float ll = divide ? -lc.lo : lc.lo;
    vk_f2 z = vk_two_sum(th, lh);
    precise float zl = z.lo + (tl + ll);
    precise float v = vk_m_exp_hl(z.hi, zl);
    return (c < 0.0f) ? -v : v;
}

// CELU: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
VK_INLINE float vk_act_celu(float x, float alpha) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    if (vk_m_isnan(xx) || vk_m_isnan(a)) return vk_m_nan();
    if (vk_m_isinf(a)) return vk_m_nan();   // x/alpha is +-0 or NaN: alpha * expm1(+-0) = inf * 0
    if (a == 0.0f) {                         // x/alpha is +-inf or NaN
        if (xx == 0.0f) return vk_m_nan();
        if ((xx < 0.0f) == vk_m_signbit(a)) return vk_m_nan();   // x/alpha = +inf: 0 * inf
        return (xx > 0.0f) ? xx : 0.0f;                            // x/alpha = -inf: alpha * -1 = -+0
    }
    if (xx >= 0.0f) return xx;               // the min() term is >= 0 (alpha*expm1(x/alpha) has the sign of x)
    if (vk_m_isinf(xx)) return (a > 0.0f) ? -a : xx;
    vk_f2 q = vk_div_hl(xx, 0.0f, a);        // x / alpha = q.hi + q.lo
    if (abs(q.hi) < 1.49011612e-08f) return xx;   // |q| < 2^-26: alpha*expm1(q) = x (1 + q/2 + ...) rounds to x
    if (a > 0.0f) {                          // q < 0: result in (-alpha, 0)
        if (q.hi < -17.5f) return -a;        // e^q < 2^-25.2
        vk_f2 e = vk_m_expm1_hl(q.hi, q.lo);
        return vk_m_mul3(a, e.hi, e.lo, 0);
    }
    // alpha < 0, q > 0: alpha * (e^q - 1), may overflow; for q > 20 the -1 is below 2^-28.8 relative.
    if (q.hi > 20.0f) return vk_m_scaled_exp(q.hi, q.lo, a, false);
    vk_f2 e = vk_m_expm1_hl(q.hi, q.lo);
    return vk_m_mul3(a, e.hi, e.lo, 0);
}

// LINEAR: alpha * x + beta, as the fused (singly rounded) value within 1 ULP, without relying on fma.
// With VKDML_FP64_MATH (variants for CPU devices with shaderFloat64): the product of two floats is exact in
// double, the sum is rounded once to double (relative error 2^-53) and then to float, within 0.5 ULP + 2^-29 ULP,
// with no intermediate overflow.
VK_INLINE float vk_act_linear(float x, float alpha, float beta) {
#ifdef VKDML_FUSED_FMA
    // Normal alpha and x, beta normal or +-0: no special rule applies (a nonzero product), the fused value itself.
    uint bbf = floatBitsToUint(beta);
    uint ebf = bbf & 0x7f800000u;
    if (vk_m_is_normal(x) && vk_m_is_normal(alpha) && ebf != 0x7f800000u && (ebf != 0u || (bbf & 0x7fffffffu) == 0u))
        return vk_fma(alpha, x, beta);
#endif
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    float b = vk_m_ftz(beta);
    // Special values and zero products from the bits, never from float arithmetic: a driver that sees alpha or
    // beta as constants (a fused graph) may fold 0.0 * x, x * 0.0 or x + 0.0 without regard to inf, NaN or -0.
    if (vk_m_isnan(xx) || vk_m_isnan(a) || vk_m_isnan(b)) return vk_m_nan();
    if (vk_m_isinf(xx) || vk_m_isinf(a)) {
        if (xx == 0.0f || a == 0.0f) return vk_m_nan();   // inf * 0
        bool neg = vk_m_signbit(xx) != vk_m_signbit(a);
        if (vk_m_isinf(b) && vk_m_signbit(b) != neg) return vk_m_nan();   // inf - inf
        return vk_m_signed_inf(neg);
    }
    if (vk_m_isinf(b)) return b;
    if (xx == 0.0f || a == 0.0f) {   // a signed zero product: the sum is b, or -0 when both terms are -0
        if (b != 0.0f) return b;
        return uintBitsToFloat((floatBitsToUint(a) ^ floatBitsToUint(xx)) & floatBitsToUint(b) & 0x80000000u);
    }
#if defined(VKDML_FUSED_FMA)
    return vk_fma(a, xx, b);   // normal a, x; b normal or +-0: the fused value itself
#elif defined(VKDML_FP64_MATH)
    precise double r = double(a) * double(xx) + double(b);   // a nonzero exact product: r == 0 only as +0
    return float(r);
#else
    int ep = vk_m_expo(a) + vk_m_expo(xx);   // |a*x| in [2^ep, 2^(ep+2))
    vk_f2 p = vk_two_prod(vk_m_mant(a), vk_m_mant(xx));
    if (b == 0.0f) return vk_m_ldexp(p.hi, ep);
    int eb = vk_m_expo(b);
    int e = max(ep, eb);
    if (ep - e < -60) return b;                    // |a*x| < 2^-57 |b|: the sum rounds to b
    if (eb - e < -60) return vk_m_ldexp(p.hi, ep); // |b| < 2^-59 |a*x|: the sum rounds to fl(a*x)
    precise float sp = vk_m_pow2(ep - e);
    precise float ph = p.hi * sp;                  // exact scalings into [2^-60, 4)
    precise float pl = p.lo * sp;
    precise float bs = vk_m_mant(b) * vk_m_pow2(eb - e);
    vk_f2 s = vk_two_sum(ph, bs);
    precise float r = s.hi + (s.lo + pl);
    return vk_m_ldexp(r, e);
#endif
}

// DML_SCALE_BIAS where one half is trivial: the singly rounded x*alpha + beta, bit for bit (NaN payloads aside;
// tests/math/math_host_test.cpp), as vk_act_linear gives it within 1 ULP, at a fraction of its cost. Subnormal x
// reads as zero like there. The lowering picks them only for parameters where this holds (general_lowering.cpp).
// vk_ew_scale: beta is +-0 and alpha a normal float, so the product is the fused value, and only a zero x (or a
// subnormal one, read as zero) decides the sign of the zero sum from the bits.
VK_INLINE float vk_ew_scale(float x, float alpha, float beta) {
    float xx = vk_m_ftz(x);
    if (xx == 0.0f)
        return uintBitsToFloat((floatBitsToUint(alpha) ^ floatBitsToUint(xx)) & floatBitsToUint(beta) & 0x80000000u);
    precise float r = xx * alpha;
    return r;
}
// vk_ew_shift: alpha is 1 (not passed) and beta a normal float: x * 1 is exact, so the fused value is the rounded sum.
VK_INLINE float vk_ew_shift(float x, float beta) {
    precise float r = vk_m_ftz(x) + beta;
    return r;
}

// SOFTPLUS: ln(1 + exp(steepness * x)) / steepness.
VK_INLINE float vk_act_softplus(float x, float steepness) {
    float xx = vk_m_ftz(x);
    float s = vk_m_ftz(steepness);
    if (vk_m_isnan(xx) || vk_m_isnan(s)) return vk_m_nan();
    bool sneg = vk_m_signbit(s);
    if (s == 0.0f) return vk_m_isinf(xx) ? vk_m_nan() : vk_m_signed_inf(sneg);   // ln2 / +-0; 0 * inf
    if (vk_m_isinf(s) || vk_m_isinf(xx)) {
        if (xx == 0.0f) return vk_m_nan();                       // inf * 0
        bool tpos = vk_m_signbit(xx) == sneg;                    // s*x = +inf or -inf
        if (!tpos) return vk_m_signed_zero(sneg);                // ln(1 + 0) / s
        return vk_m_isinf(s) ? vk_m_nan() : xx;                  // inf / s: inf/inf, or +-inf with the sign of x
    }
    vk_f2 t = vk_prod_hl(s, xx);
    if (t.hi >= 20.0f) return xx;   // (t + log1p(e^-t))/s = x (1 + e^-t/t), e^-t/t < 2^-32
    if (t.hi >= 0.0f) {             // (t + log1p(e^-t)) / s, one rounding (x + L/s could flush L/s on its own)
        vk_f2 l = vk_m_softplus_tail(t.hi, t.lo);
        vk_f2 n = vk_two_sum(t.hi, l.hi);
        precise float nl = n.lo + (t.lo + l.lo);
        return vk_m_div(n.hi, nl, s);
    }
    if (t.hi >= -20.0f) {
        vk_f2 l = vk_m_softplus_tail(t.hi, t.lo);
        return vk_m_div(l.hi, l.lo, s);
    }
    // t < -20: log1p(e^t)/s = e^t/s (1 - e^t/2 ...) = sign(s) exp(t - log|s|)
    return vk_m_scaled_exp(t.hi, t.lo, s, true);
}

// PARAMETRIC_SOFTPLUS: alpha * ln(1 + exp(beta * x)).
VK_INLINE float vk_act_parametric_softplus(float x, float alpha, float beta) {
    float xx = vk_m_ftz(x);
    float a = vk_m_ftz(alpha);
    float b = vk_m_ftz(beta);
    if (vk_m_isnan(xx) || vk_m_isnan(a) || vk_m_isnan(b)) return vk_m_nan();
    bool aneg = vk_m_signbit(a);
    if (vk_m_isinf(b) || vk_m_isinf(xx)) {
        if (b == 0.0f || xx == 0.0f) return vk_m_nan();         // t = inf * 0
        if (vk_m_signbit(b) == vk_m_signbit(xx)) {               // t = +inf: ln(1 + e^t) = inf
            return (a == 0.0f) ? vk_m_nan() : vk_m_signed_inf(aneg);
        }
        return vk_m_isinf(a) ? vk_m_nan() : vk_m_signed_zero(aneg);   // t = -inf: ln(1 + 0) = 0
    }
    // t finite: ln(1 + e^t) is finite and > 0
    if (vk_m_isinf(a) || a == 0.0f) return a;
    vk_f2 t = vk_prod_hl(b, xx);
    if (t.hi >= 20.0f) {   // alpha*(t + log1p(e^-t)) = alpha*beta*x (1 + e^-t/t): one scaled triple product
        vk_f2 p = vk_two_prod(vk_m_mant(b), vk_m_mant(xx));
        return vk_m_mul3(a, p.hi, p.lo, vk_m_expo(b) + vk_m_expo(xx));
    }
    if (t.hi >= 0.0f) {
        vk_f2 l = vk_m_softplus_tail(t.hi, t.lo);
        vk_f2 s = vk_two_sum(t.hi, l.hi);
        precise float sl = s.lo + (t.lo + l.lo);
        return vk_m_mul3(a, s.hi, sl, 0);
    }
    if (t.hi >= -20.0f) {
        vk_f2 l = vk_m_softplus_tail(t.hi, t.lo);
        return vk_m_mul3(a, l.hi, l.lo, 0);
    }
    return vk_m_scaled_exp(t.hi, t.lo, a, false);   // alpha e^t (1 - e^t/2 ...)
}

// ---- correctly rounded division and square root -----------------------------------------------------------------
// IEEE round to nearest even for every pair of floats, subnormal operands and results included, on every driver:
// the driver's quotient (or sqrt) of two integer significands is only an estimate (OpFDiv may be off by 2.5 ULP,
// sqrt more); the exact integer remainder of that estimate is formed in 32-bit integer arithmetic (it is small, so
// its value modulo 2^32 is its value), the estimate is corrected to the exact floor, and the rounding (ties to
// even) is decided on the remainder. The result is assembled from the bits, so neither the denormal mode nor
// constant folding can change it. Any estimate within 31 ULP gives the correctly rounded result: the host test
// (tests/math/correct_rounding_host_test.cpp) defines VK_M_HOST_ESTIMATES and its own, deliberately inexact ones.
// VKDML_EXACT_DIV_SQRT (drivers whose OpFDiv and sqrt are known to be correctly rounded, subnormals included:
// AdapterCaps::exactDivSqrt, runtime/vk/context.cpp) takes the driver's result as it is; only a NaN is made the one
// NaN the integer path returns, so that both forms give the same bits.
#ifndef VK_M_HOST_ESTIMATES
VK_INLINE float vk_m_div_estimate(float n, float d) { return n / d; }
VK_INLINE float vk_m_sqrt_estimate(float x) { return sqrt(x); }
#endif
// |x| = m * 2^e with m an integer in [2^23, 2^24), for the bits b of a finite non-zero |x| (subnormals normalized).
struct vk_m_sig {
    uint m;
    int e;
};
VK_INLINE vk_m_sig vk_m_unpack(uint b) {
    vk_m_sig r;
    uint be = b >> 23;
    if (be != 0u) {
        r.m = (b & 0x7fffffu) | 0x800000u;
        r.e = int(be) - 150;
    } else {
        int s = 23 - findMSB(b);
        r.m = b << uint(s);
        r.e = -149 - s;
    }
    return r;
}
// a / b correctly rounded (NaN operands, 0/0 and inf/inf give NaN; x/+-0 = +-inf by the signs).
VK_INLINE float vk_div_cr(float a, float b) {
#ifdef VKDML_EXACT_DIV_SQRT
    precise float q = a / b;
    return vk_m_isnan(q) ? vk_m_nan() : q;
#else
    uint ba = floatBitsToUint(a);
    uint bb = floatBitsToUint(b);
    uint sign = (ba ^ bb) & 0x80000000u;
    uint ua = ba & 0x7fffffffu;
    uint ub = bb & 0x7fffffffu;
    if (ua > 0x7f800000u || ub > 0x7f800000u) return vk_m_nan();
    if (ua == 0x7f800000u) return ub == 0x7f800000u ? vk_m_nan() : uintBitsToFloat(sign | 0x7f800000u);
    if (ub == 0x7f800000u) return uintBitsToFloat(sign);
    if (ub == 0u) return ua == 0u ? vk_m_nan() : uintBitsToFloat(sign | 0x7f800000u);
    if (ua == 0u) return uintBitsToFloat(sign);
    vk_m_sig na = vk_m_unpack(ua);
    vk_m_sig nb = vk_m_unpack(ub);
    uint n = na.m;
    uint d = nb.m;
    int k = na.e - nb.e;                          // |a/b| = (n/d) * 2^k
    if (n < d) {
        n = n << 1u;
        k = k - 1;
    }                                             // n/d in [1, 2): the result's exponent is k
    if (k > 127) return uintBitsToFloat(sign | 0x7f800000u);
    int p = (k >= -126) ? 23 : k + 149;           // the result is round(n/d * 2^p) units of 2^(k-p)
    if (p < -1) return uintBitsToFloat(sign);     // below half the smallest subnormal
#ifdef VKDML_FUSED_FMA
    // q = n/d in [1, 2): the estimate of 1/d (2^-18) gives q0, one fma residual step makes q1 within 0.5 ULP + 2^-35
    // of q. z = q1 * 2^p rounded to an integer is within 1 unit of q * 2^p, so R = n 2^p - z d is exact (a multiple
    // of 2^min(p, 0) below 2^24 in magnitude near the thresholds) and decides round(q * 2^p): z + 1 when R > d/2,
    // z - 1 when R < -d/2, ties (R = +-d/2) to even.
    precise float fn = float(n);                  // n < 2^25 is even when >= 2^24: exact
    precise float fd = float(d);
    precise float inv = vk_m_div_estimate(1.0f, fd);
    precise float q0 = fn * inv;
    precise float q1 = vk_fma(vk_fma(-q0, fd, fn), inv, q0);
    precise float sp = vk_m_pow2(p);
    precise float zf = q1 * sp;                   // exact: q1 in [1, 2], p in [-1, 23]
    precise float zr = (p >= 23) ? zf : (zf + 8388608.0f) - 8388608.0f;   // zf < 2^23: rounded to an integer
    precise float rr = vk_fma(-zr, fd, fn * sp);
    precise float hd = 0.5f * fd;
    uint zq = uint(zr);
    bool odd = (zq & 1u) != 0u;
    if (rr > hd || (rr == hd && odd)) zq = zq + 1u;
    else if (rr < -hd || (rr == -hd && odd)) zq = zq - 1u;
    uint bitsf = ((k >= -126) ? (uint(k + 126) << 23u) : 0u) + zq;   // zq = 2^24 (or 2^23 subnormal) carries
    return uintBitsToFloat(sign | bitsf);
#else
    // t = floor(n * 2^(p+1) / d) and rem = n * 2^(p+1) - t * d, from the estimate (a few units off).
    float q0 = vk_m_div_estimate(float(n), float(d));   // n < 2^25 is even when >= 2^24: both exact
    precise float ts = q0 * vk_m_pow2(p + 1);
    uint t = uint(ts);
    int rem = int((n << uint(p + 1)) - t * d);    // |rem| < 2^31: exact from the low 32 bits
    int c = int(floor(float(rem) / float(d)));    // the correction, within 1
    t = uint(int(t) + c);
    rem = rem - c * int(d);
    if (rem < 0) {
        t = t - 1u;
        rem = rem + int(d);
    } else if (rem >= int(d)) {
        t = t + 1u;
        rem = rem - int(d);
    }
    uint z = t >> 1u;                             // round half to even on the exact remainder
    if ((t & 1u) != 0u && (rem != 0 || (z & 1u) != 0u)) z = z + 1u;
    uint bits = ((k >= -126) ? (uint(k + 126) << 23u) : 0u) + z;   // z = 2^24 (or 2^23 subnormal) carries
    return uintBitsToFloat(sign | bits);
#endif
#endif
}
// sqrt(x) correctly rounded (sqrt(-0) = -0, negative x and NaN give NaN).
VK_INLINE float vk_sqrt_cr(float x) {
#ifdef VKDML_EXACT_DIV_SQRT
    precise float r = sqrt(x);
    return vk_m_isnan(r) ? vk_m_nan() : r;
#else
    uint b = floatBitsToUint(x);
    if ((b & 0x7fffffffu) == 0u || b == 0x7f800000u) return x;
    if (b > 0x7f800000u) return vk_m_nan();       // NaN or negative
    vk_m_sig s = vk_m_unpack(b);
    uint m = s.m;
    int e = s.e;
    if ((e & 1) != 0) {
        m = m << 1u;
        e = e - 1;
    }
    uint sh = (m < 0x1000000u) ? 24u : 22u;       // y = m * 2^sh in [2^46, 2^48): sqrt(y) in [2^23, 2^24)
#ifdef VKDML_FUSED_FMA
    // s0 = the estimate of sqrt(y) (a few units off), one Newton step with the fma residual y - s0^2 and the
    // estimate of 1/s0: s1 = sqrt(y) + O(2^-12), an integer z within 1 of sqrt(y). Then R = y - z^2 (exact near the
    // thresholds +-z, where |R| <= 2^24) rounds: up iff R > z, down iff R <= -z (sqrt(y) is never a midpoint).
    precise float yf = float(m) * vk_m_pow2(int(sh));   // exact: 24 significant bits
    precise float s0 = vk_m_sqrt_estimate(float(m)) * vk_m_pow2(int(sh >> 1u));
    precise float ri = vk_m_div_estimate(1.0f, s0);
    precise float s1 = vk_fma(vk_fma(-s0, s0, yf), 0.5f * ri, s0);
    precise float rs = vk_fma(-s1, s1, yf);
    uint zs = uint(s1);
    if (rs > s1) zs = zs + 1u;
    else if (rs <= -s1) zs = zs - 1u;
    int erz = 23 + (e - int(sh)) / 2;             // sqrt(x) = z * 2^(er - 23)
    return uintBitsToFloat((uint(erz + 126) << 23u) + zs);
#else
    // z = floor(sqrt(y)) and rem = y - z^2 from the estimate (a few units off), then the rounding: sqrt(y) is never
    // a midpoint, so round up iff rem > z.
    float r0 = vk_m_sqrt_estimate(float(m));
    precise float zs = r0 * vk_m_pow2(int(sh >> 1u));
    uint z = uint(zs);
    uint ylow = m << sh;
    int rem = int(ylow - z * z);                  // |rem| < 2^31: exact
    int c = int(floor(float(rem) / (2.0 * float(z))));
    z = uint(int(z) + c);
    rem = int(ylow - z * z);
    if (rem < 0) {
        z = z - 1u;
        rem = rem + int(2u * z + 1u);
    } else if (rem > int(2u * z)) {
        rem = rem - int(2u * z + 1u);
        z = z + 1u;
    }
    if (rem > int(z)) z = z + 1u;
    int er = 23 + (e - int(sh)) / 2;              // sqrt(x) = z * 2^(er - 23)
    return uintBitsToFloat((uint(er + 126) << 23u) + z);
#endif
#endif
}

#endif // VKDML_MATH_GLSL
