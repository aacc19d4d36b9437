// vkdml_trig_hyperbolic_pow.glsl - fp32 sin, cos, tan, their inverses, the hyperbolic functions and pow, built on
// vkdml_math.glsl (same rules, bounds, special values and denormal treatment; that file's header explains them).
//
// Dual language like vkdml_math.glsl: compiles as C++17 after tests/support/glsl_host_shim.h and vkdml_math.glsl.
#ifndef VKDML_TRIG_HYPERBOLIC_POW_GLSL
#define VKDML_TRIG_HYPERBOLIC_POW_GLSL

// ---- sin, cos, tan ----------------------------------------------------------------------------------------------
// Argument reduction for every finite argument (Payne-Hanek): |x| = (q + f) * pi/2 with the integer q taken mod 4
// and f in [-1/2, 1/2] carried as hi + lo, from the exact integer product of x's 24-bit significand and a 160-bit
// window of the bits of 2/pi (the words below the window change f by less than 2^-103). No driver sin/cos/division
// is involved; |x| <= pi/4 is taken as is.
struct vk_m_trig_red {
    float rh;
    float rl;
    uint q;
};
const float VK_M_PIO2_HI = 1.57079637f;     // 0x3fc90fdb
const float VK_M_PIO2_LO = -4.37113883e-08f; // 0xb33bbd2e: pi/2 - PIO2_HI to 2^-49 relative
// Word i of the binary fraction of 2/pi (bits 32i+1 .. 32i+32 after the point); 0 beyond the window any float needs.
VK_INLINE uint vk_m_two_over_pi(int i) {
    switch (i) {
        case 0: return 0xa2f9836eu;
        case 1: return 0x4e441529u;
        case 2: return 0xfc2757d1u;
        case 3: return 0xf534ddc0u;
        case 4: return 0xdb629599u;
        case 5: return 0x3c439041u;
        case 6: return 0xfe5163abu;
        case 7: return 0xdebbc561u;
        case 8: return 0xb7246e3au;
        default: return 0x424dd2e0u;
    }
}
// Word s + i of 2/pi for a per-invocation s in [0, 3] (where every finite float's window starts) and a constant i.
VK_INLINE uint vk_m_two_over_pi_from(int s, int i) {
    uint w0 = vk_m_two_over_pi(i);
    uint w1 = vk_m_two_over_pi(i + 1);
    uint w2 = vk_m_two_over_pi(i + 2);
    uint w3 = vk_m_two_over_pi(i + 3);
    return (s == 0) ? w0 : (s == 1) ? w1 : (s == 2) ? w2 : w3;
}
// Bits [sh, sh + 32) of the 64-bit value hi:lo, sh in [0, 31].
VK_INLINE uint vk_m_funnel(uint lo, uint hi, uint sh) {
    return (lo >> sh) | ((sh != 0u) ? (hi << (32u - sh)) : 0u);
}
// ax finite, >= 0.
VK_INLINE vk_m_trig_red vk_m_rem_pio2(float ax) {
    vk_m_trig_red o;
    uint b = floatBitsToUint(ax);
    if (b <= 0x3f490fdbu) {   // |x| <= pi/4
        o.rh = ax;
        o.rl = 0.0f;
        o.q = 0u;
        return o;
    }
    int e = int(b >> 23) - 150;                 // ax = m * 2^e, e in [-24, 104]
    uint m = (b & 0x7fffffu) | 0x800000u;
    int s = (e >= 2) ? (e - 2) / 32 : 0;        // words before s only add multiples of 4 to x * 2/pi
    // p = m * (words s .. s+4 as one 160-bit integer), limbs p0 (least significant) .. p5; its binary point is at
    // bit pt. Written out without loops, and without a switch or an array index on a per-invocation value: CPU
    // drivers (llvmpipe) run every case of a divergent switch and index such arrays one scalar access per lane.
    uint h0, l0, h1, l1, h2, l2, h3, l3, h4, l4;
    umulExtended(m, vk_m_two_over_pi_from(s, 0), h0, l0);
    umulExtended(m, vk_m_two_over_pi_from(s, 1), h1, l1);
    umulExtended(m, vk_m_two_over_pi_from(s, 2), h2, l2);
    umulExtended(m, vk_m_two_over_pi_from(s, 3), h3, l3);
    umulExtended(m, vk_m_two_over_pi_from(s, 4), h4, l4);
    uint p0 = l4;
    uint p1 = l3 + h4;
    uint carry = h3 + ((p1 < l3) ? 1u : 0u);   // m < 2^24: every high word is below 2^24, no overflow
    uint p2 = l2 + carry;
    carry = h2 + ((p2 < l2) ? 1u : 0u);
    uint p3 = l1 + carry;
    carry = h1 + ((p3 < l1) ? 1u : 0u);
    uint p4 = l0 + carry;
    uint p5 = h0 + ((p4 < l0) ? 1u : 0u);
    int pt = 32 * (s + 5) - e;                  // in [127, 184]
    // w[0]: the bits from pt up (the quadrant in its two low bits); w[1..3]: the 96 fraction bits below pt, that is
    // limbs ip - 3 .. ip + 1 (p6 = 0) shifted by sh.
    int ip = pt >> 5;                           // in [3, 5]
    uint sh = uint(pt & 31);
    uint q0 = (ip == 3) ? p0 : (ip == 4) ? p1 : p2;
    uint q1 = (ip == 3) ? p1 : (ip == 4) ? p2 : p3;
    uint q2 = (ip == 3) ? p2 : (ip == 4) ? p3 : p4;
    uint q3 = (ip == 3) ? p3 : (ip == 4) ? p4 : p5;
    uint q4 = (ip == 3) ? p4 : (ip == 4) ? p5 : 0u;
    uint w[4];
    w[0] = vk_m_funnel(q3, q4, sh);
    w[1] = vk_m_funnel(q2, q3, sh);
    w[2] = vk_m_funnel(q1, q2, sh);
    w[3] = vk_m_funnel(q0, q1, sh);
    uint q = w[0] & 3u;
    bool neg = (w[1] & 0x80000000u) != 0u;      // f >= 1/2: round q up, f -= 1
    if (neg) {
        q = (q + 1u) & 3u;
        w[3] = ~w[3] + 1u;
        uint c3 = (w[3] == 0u) ? 1u : 0u;
        w[2] = ~w[2] + c3;
        uint c2 = (c3 == 1u && w[2] == 0u) ? 1u : 0u;
        w[1] = ~w[1] + c2;
    }
    // normalize the 96-bit magnitude so that bit 31 of w[1] is set (it is never 0: no float is a multiple of pi/2)
    int lz = 0;
    if (w[1] == 0u) {
        w[1] = w[2];
        w[2] = w[3];
        w[3] = 0u;
        lz = 32;
    }
    if (w[1] == 0u) {
        w[1] = w[2];
        w[2] = 0u;
        lz = 64;
    }
    uint n = uint(31 - findMSB(w[1]));
    if (n != 0u) {
        w[1] = (w[1] << n) | (w[2] >> (32u - n));
        w[2] = (w[2] << n) | (w[3] >> (32u - n));
    }
    lz = lz + int(n);
    // |f| = (top 24 bits + next 24 bits) * 2^-(32 + lz): both floats exact
    precise float fh = vk_m_ldexp(float(w[1] >> 8), -24 - lz);
    precise float fl = vk_m_ldexp(float(((w[1] & 0xffu) << 16) | (w[2] >> 16)), -48 - lz);
    vk_f2 r = vk_two_prod(fh, VK_M_PIO2_HI);
    precise float rl = r.lo + (fh * VK_M_PIO2_LO + fl * VK_M_PIO2_HI);
    vk_f2 rr = vk_fast_two_sum(r.hi, rl);
    o.rh = neg ? -rr.hi : rr.hi;
    o.rl = neg ? -rr.lo : rr.lo;
    o.q = q;
    return o;
}
// VKDML_FUSED_FMA: |x| <= 2^17 is reduced by Cody-Waite with fma, pi/2 = P1 + P2 + P3 (three floats) + d with
// |d| < 2^-76.3, k = round(x 2/pi) <= 83443 < 2^16.4. r1 = x - k P1 is exact (x and k P1 are multiples of
// min(ulp(x), 2^-23) and |r1| < 1); k P2 = ph + pl exactly; r1 - ph = rh + s exactly (TwoSum); rl = s - pl - k P3
// rounds twice, so |r - rh - rl| <= 2^-47 |r| + k 2^-71.5. Exhaustive search: every float x in [pi/4, 2^17] has
// |r| >= 2^-27.8 (x = 252.898209), and the per-binade minima with their k keep the error below 2^-29.3 |r| (the
// polynomials need 2^-28). Beyond 2^17 the minima shrink and k grows: Payne-Hanek, rarely taken.
const float VK_M_PIO2_P3 = -1.71512451e-15f;  // 0xa6f72ced: pi/2 - PIO2_HI - PIO2_LO rounded
VK_INLINE vk_m_trig_red vk_m_rem_pio2_fma(float ax) {
    if (ax > 131072.0f) return vk_m_rem_pio2(ax);
    precise float t = vk_fma(ax, 0.636619747f, 12582912.0f);   // 1.5 * 2^23 + k: k mod 4 in the low bits
    precise float kf = t - 12582912.0f;
    precise float r1 = vk_fma(-kf, VK_M_PIO2_HI, ax);          // exact
    precise float ph = kf * VK_M_PIO2_LO;
    precise float pl = vk_fma(kf, VK_M_PIO2_LO, -ph);          // exact
    vk_f2 s = vk_two_sum(r1, -ph);
    vk_m_trig_red o;
    o.rh = s.hi;
    o.rl = vk_fma(-kf, VK_M_PIO2_P3, s.lo - pl);
    o.q = floatBitsToUint(t) & 3u;
    return o;
}
// sin(rh + rl) as an unnormalized pair, |rh| <= ~pi/4: rh + (rh^3 S(rh^2) + rl), Taylor to r^9 (the r^11 term is
// below 2^-28 relative).
VK_INLINE vk_f2 vk_m_sin_pair(float rh, float rl) {
    precise float z = rh * rh;
    precise float sp = 2.75573192e-06f;
    vk_f2 o;
    o.hi = rh;
#ifdef VKDML_FUSED_FMA
    sp = vk_fma(sp, z, -0.000198412698f);
    sp = vk_fma(sp, z, 0.00833333377f);
    sp = vk_fma(sp, z, -0.166666672f);
    o.lo = vk_fma(rh * z, sp, rl);
#else
    sp = sp * z - 0.000198412698f;
    sp = sp * z + 0.00833333377f;
    sp = sp * z - 0.166666672f;
    o.lo = (rh * z) * sp + rl;
#endif
    return o;
}
// cos(rh + rl) as an unnormalized pair: 1 - rh^2/2 (exact via TwoProduct) + rh^4 C(rh^2) - rl*rh, Taylor to r^10.
VK_INLINE vk_f2 vk_m_cos_pair(float rh, float rl) {
#ifdef VKDML_FUSED_FMA
    precise float z = rh * rh;
    precise float zl = vk_fma(rh, rh, -z);             // exact
    precise float h = 0.5f * z;
    precise float th = 1.0f - h;                        // h <= 0.32: 1 - h = th + tl exactly (FastTwoSum)
    precise float tl = (1.0f - th) - h;
    precise float cp = -2.75573192e-07f;
    cp = vk_fma(cp, z, 2.48015873e-05f);
    cp = vk_fma(cp, z, -0.00138888892f);
    cp = vk_fma(cp, z, 0.0416666679f);
    vk_f2 o;
    o.hi = th;
    o.lo = tl + vk_fma(-rl, rh, vk_fma(z * z, cp, -0.5f * zl));
    return o;
#else
    vk_f2 sq = vk_two_prod(rh, rh);
    precise float h = 0.5f * sq.hi;
    precise float l = 0.5f * sq.lo;
    precise float z = sq.hi;
    precise float cp = -2.75573192e-07f;
    cp = cp * z + 2.48015873e-05f;
    cp = cp * z - 0.00138888892f;
    cp = cp * z + 0.0416666679f;
    vk_f2 t = vk_fast_two_sum(1.0f, -h);
    vk_f2 o;
    o.hi = t.hi;
    o.lo = t.lo + (((z * z) * cp - l) - rl * rh);
    return o;
#endif
}
// The fused forms' quotient (nh + nl) / (dh + dl) = q0 + res * rc: q0 = nh (1/dh) from one reciprocal rc, res the
// residual (nh + nl) - q0 (dh + dl) by fma (exact to 2^-24 of itself). Shared by vk_m_div_pair and vk_m_div2.
struct vk_m_div_step {
    float q0;
    float rc;
    float res;
};
VK_INLINE vk_m_div_step vk_m_div_residual(float nh, float nl, float dh, float dl) {
    precise float rc = 1.0f / dh;
    precise float q0 = nh * rc;
    precise float res0 = vk_fma(-q0, dh, nh);
    precise float res = vk_fma(-q0, dl, res0 + nl);
    vk_m_div_step o;
    o.q0 = q0;
    o.rc = rc;
    o.res = res;
    return o;
}
// (nh + nl) / (dh + dl) for normal dh with |dl| <= ulp(dh): (nh + nl)/dh refined, then times (1 - dl/dh).
VK_INLINE float vk_m_div_pair(float nh, float nl, float dh, float dl) {
#ifdef VKDML_FUSED_FMA
    // normal dh, |dh| <= 1 here. q0 = nh / dh to ~3 ULP from one reciprocal, then one residual step: the residual is
    // exact to 2^-24 of itself, its quotient by the reciprocal exact to 2^-21, so about 2^-44 before the last rounding.
    vk_m_div_step s = vk_m_div_residual(nh, nl, dh, dl);
    precise float r = vk_fma(s.res, s.rc, s.q0);
    return r;
#else
    vk_f2 q = vk_div_hl(nh, nl, dh);
    precise float r = q.hi + (q.lo - q.hi * (dl / dh));
    return r;
#endif
}

VK_INLINE float vk_sin(float x) {
    if (vk_m_isnan(x)) return x;
    if (vk_m_isinf(x)) return vk_m_nan();
    float ax = abs(x);
    if (ax < 0.000244140625f) return x;          // |x| < 2^-12: sin(x) = x (1 - x^2/6 ...) rounds to x; keeps -0
#ifdef VKDML_FUSED_FMA
    vk_m_trig_red rd = vk_m_rem_pio2_fma(ax);
#else
    vk_m_trig_red rd = vk_m_rem_pio2(ax);
#endif
    vk_f2 v = ((rd.q & 1u) == 0u) ? vk_m_sin_pair(rd.rh, rd.rl) : vk_m_cos_pair(rd.rh, rd.rl);
    precise float r = v.hi + v.lo;
    bool negate = ((rd.q & 2u) != 0u) != (x < 0.0f);
    return negate ? -r : r;
}

VK_INLINE float vk_cos(float x) {
    if (vk_m_isnan(x)) return x;
    if (vk_m_isinf(x)) return vk_m_nan();
    float ax = abs(x);
    if (ax < 0.000244140625f) {                  // |x| < 2^-12: 1 - x^2/2 (x^2/2 < 2^-25)
        precise float c = 1.0f - 0.5f * (ax * ax);
        return c;
    }
#ifdef VKDML_FUSED_FMA
    vk_m_trig_red rd = vk_m_rem_pio2_fma(ax);
#else
    vk_m_trig_red rd = vk_m_rem_pio2(ax);
#endif
    vk_f2 v = ((rd.q & 1u) == 0u) ? vk_m_cos_pair(rd.rh, rd.rl) : vk_m_sin_pair(rd.rh, rd.rl);
    precise float r = v.hi + v.lo;
    bool negate = rd.q == 1u || rd.q == 2u;
    return negate ? -r : r;
}

VK_INLINE float vk_tan(float x) {
    if (vk_m_isnan(x)) return x;
    if (vk_m_isinf(x)) return vk_m_nan();
    float ax = abs(x);
    if (ax < 0.000244140625f) return x;          // |x| < 2^-12: tan(x) = x (1 + x^2/3 ...) rounds to x; keeps -0
#ifdef VKDML_FUSED_FMA
    vk_m_trig_red rd = vk_m_rem_pio2_fma(ax);
    vk_f2 s = vk_m_sin_pair(rd.rh, rd.rl);
    vk_f2 c = vk_m_cos_pair(rd.rh, rd.rl);
    vk_f2 sn = vk_fast_two_sum(s.hi, s.lo);      // |lo| < |hi| in both pairs
    vk_f2 cn = vk_fast_two_sum(c.hi, c.lo);
#else
    vk_m_trig_red rd = vk_m_rem_pio2(ax);
    vk_f2 s = vk_m_sin_pair(rd.rh, rd.rl);
    vk_f2 c = vk_m_cos_pair(rd.rh, rd.rl);
    vk_f2 sn = vk_two_sum(s.hi, s.lo);
    vk_f2 cn = vk_two_sum(c.hi, c.lo);
#endif
    float r = ((rd.q & 1u) == 0u) ? vk_m_div_pair(sn.hi, sn.lo, cn.hi, cn.lo)
                                  : -vk_m_div_pair(cn.hi, cn.lo, sn.hi, sn.lo);
    return (x < 0.0f) ? -r : r;
}

// ---- inverse trigonometric functions ----------------------------------------------------------------------------
const float VK_M_PI_HI = 3.14159274f;         // 0x40490fdb
const float VK_M_PI_LO = -8.74227766e-08f;
const float VK_M_PIO4_HI = 0.785398185f;      // 0x3f490fdb
const float VK_M_PIO4_LO = -2.18556941e-08f;
const float VK_M_ATAN_HALF_HI = 0.463647604f; // atan(1/2)
const float VK_M_ATAN_HALF_LO = 5.01215869e-09f;
const float VK_M_LN2_F_HI = 0.693147182f;     // 0x3f317218: ln 2 rounded
const float VK_M_LN2_F_LO = -1.90465421e-09f;

// (nh + nl) / (dh + dl) as hi + lo, for finite pairs with normal dh, |dl| <= ulp(dh).
// VKDML_FUSED_FMA: only for |dh| in [2^-100, 2^100], nh = 0 or |nh| >= 2^-100 and a quotient in [2^-100, 2^100]
// (every caller's range; atan2 scales into it; the residual must stay normal): q0 = nh (1/dh) within ~3.5 ULP, the
// residual by fma (exact to 2^-24 of itself) and its quotient by the same reciprocal: about 2^-43 relative, as
// vk_div_hl's 2^-44.
VK_INLINE vk_f2 vk_m_div2(float nh, float nl, float dh, float dl) {
#ifdef VKDML_FUSED_FMA
    vk_m_div_step s = vk_m_div_residual(nh, nl, dh, dl);
    precise float lo = s.res * s.rc;
    return vk_fast_two_sum(s.q0, lo);
#else
    vk_f2 q = vk_div_hl(nh, nl, dh);
    precise float lo = q.lo - q.hi * (dl / dh);
    return vk_fast_two_sum(q.hi, lo);
#endif
}
// sqrt(ah + al) as hi + lo for ah in [2^-100, 2^100] or 0 (|al| <= ulp(ah)): the driver's square root refined by
// one Newton step on the exact residual, so only its rough value matters.
VK_INLINE vk_f2 vk_m_sqrt2(float ah, float al) {
    vk_f2 o;
    if (ah == 0.0f) {
        o.hi = 0.0f;
        o.lo = 0.0f;
        return o;
    }
    precise float s = sqrt(ah);
#ifdef VKDML_FUSED_FMA
    precise float res = vk_fma(-s, s, ah) + al;       // ah - s^2 to 2^-24 of itself
#else
    vk_f2 sq = vk_two_prod(s, s);
    precise float res = ((ah - sq.hi) - sq.lo) + al;
#endif
    precise float c = res / (2.0f * s);
    return vk_fast_two_sum(s, c);
}
// atan(th + tl) as hi + lo for a normalized pair in [0, 1]: atan(c) + atan((t - c) / (1 + t c)) with c = 0, 1/2 or
// 1, then the Taylor series to u^23 for |u| <= 7/16 (the next term is below 2^-30 relative).
VK_INLINE vk_f2 vk_m_atan01(float th, float tl) {
    // One reduction with c chosen, not one per c: CPU drivers (llvmpipe) run both sides of a per-invocation branch.
    bool one = th >= 0.6875f;
    bool reduce = th >= 0.4375f;
    float c = one ? 1.0f : 0.5f;
    precise float n = th - c;                          // exact (Sterbenz) where it is used
#ifdef VKDML_FUSED_FMA
    vk_f2 d = vk_fast_two_sum(1.0f, c * th);          // c * th exact, <= 1
#else
    vk_f2 d = vk_two_sum(1.0f, c * th);
#endif
    vk_f2 u = vk_m_div2(n, tl, d.hi, d.lo + c * tl);
    if (!reduce) {
        u.hi = th;
        u.lo = tl;
    }
    float ch = !reduce ? 0.0f : one ? VK_M_PIO4_HI : VK_M_ATAN_HALF_HI;
    float cl = !reduce ? 0.0f : one ? VK_M_PIO4_LO : VK_M_ATAN_HALF_LO;
    precise float z = u.hi * u.hi;
    precise float q = -0.0434782609f;
#ifdef VKDML_FUSED_FMA
    q = vk_fma(q, z, 0.0476190485f);
    q = vk_fma(q, z, -0.0526315793f);
    q = vk_fma(q, z, 0.0588235296f);
    q = vk_fma(q, z, -0.0666666701f);
    q = vk_fma(q, z, 0.0769230798f);
    q = vk_fma(q, z, -0.0909090936f);
    q = vk_fma(q, z, 0.111111112f);
    q = vk_fma(q, z, -0.142857149f);
    q = vk_fma(q, z, 0.200000003f);
    q = vk_fma(q, z, -0.333333343f);
    precise float tail = vk_fma(u.hi * z, q, u.lo);
    vk_f2 s = vk_fast_two_sum(ch, u.hi);               // |u| < ch, or ch = 0
#else
    q = q * z + 0.0476190485f;
    q = q * z - 0.0526315793f;
    q = q * z + 0.0588235296f;
    q = q * z - 0.0666666701f;
    q = q * z + 0.0769230798f;
    q = q * z - 0.0909090936f;
    q = q * z + 0.111111112f;
    q = q * z - 0.142857149f;
    q = q * z + 0.200000003f;
    q = q * z - 0.333333343f;
    precise float tail = (u.hi * z) * q + u.lo;
    vk_f2 s = vk_two_sum(ch, u.hi);
#endif
    precise float lo = s.lo + (cl + tail);
    return vk_fast_two_sum(s.hi, lo);
}
// atan2(y, x) as hi + lo in [0, pi/2] for non-negative finite pairs, not both zero, normal or zero his.
VK_INLINE vk_f2 vk_m_atan2_pos(float yh, float yl, float xh, float xl) {
    // One division and one atan01 for both octants (the reason is in vk_m_atan01).
    bool direct = yh <= xh;
    // VKDML_FUSED_FMA: vk_m_div2's range is the caller's (asin: quotient >= 2^-12, divisor in [2^-12, 1]; acos: a
    // quotient below 2^-100 is only subtracted from pi/2, its low part does not count; atan2 scales).
    vk_f2 t = vk_m_div2(direct ? yh : xh, direct ? yl : xl, direct ? xh : yh, direct ? xl : yl);
    vk_f2 a = vk_m_atan01(t.hi, t.lo);
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_fast_two_sum(VK_M_PIO2_HI, -a.hi);   // a <= pi/4
#else
    vk_f2 s = vk_two_sum(VK_M_PIO2_HI, -a.hi);
#endif
    precise float lo = s.lo + (VK_M_PIO2_LO - a.lo);
    vk_f2 complement = vk_fast_two_sum(s.hi, lo);
    return direct ? a : complement;
}
// pi - (ah + al) rounded to float.
VK_INLINE float vk_m_pi_minus(float ah, float al) {
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_fast_two_sum(VK_M_PI_HI, -ah);       // ah <= pi/2
#else
    vk_f2 s = vk_two_sum(VK_M_PI_HI, -ah);
#endif
    precise float r = s.hi + (s.lo + (VK_M_PI_LO - al));
    return r;
}

VK_INLINE float vk_atan(float x) {
    if (vk_m_isnan(x)) return x;
    float ax = abs(x);
    if (ax < 0.000244140625f) return x;          // atan(x) = x (1 - x^2/3 ...) rounds to x; keeps -0
    float r;
    if (ax >= 67108864.0f) {                     // 2^26 (and inf): pi/2 - 1/x rounds to pi/2
        r = VK_M_PIO2_HI;
    } else {
        // One atan01 for both ranges (atan(x) = pi/2 - atan(1/x) above 1), for the reason in vk_m_atan01.
        bool inverted = ax > 1.0f;
#ifdef VKDML_FUSED_FMA
        vk_f2 t = vk_m_div2(1.0f, 0.0f, ax, 0.0f);    // ax in [2^-12, 2^26]
        vk_f2 a = vk_m_atan01(inverted ? t.hi : ax, inverted ? t.lo : 0.0f);
        vk_f2 s = vk_fast_two_sum(VK_M_PIO2_HI, -a.hi);   // a <= pi/4
#else
        vk_f2 t = vk_div_hl(1.0f, 0.0f, ax);
        vk_f2 a = vk_m_atan01(inverted ? t.hi : ax, inverted ? t.lo : 0.0f);
        vk_f2 s = vk_two_sum(VK_M_PIO2_HI, -a.hi);
#endif
        precise float direct = a.hi + a.lo;
        precise float complement = s.hi + (s.lo + (VK_M_PIO2_LO - a.lo));
        r = inverted ? complement : direct;
    }
    return (x < 0.0f) ? -r : r;
}

// sqrt(1 - a^2) as hi + lo for a in [0, 1]: 1 - a^2 exactly as a pair ((1 - a)(1 + a) above 1/2).
VK_INLINE vk_f2 vk_m_cosine_of(float a) {
#ifdef VKDML_FUSED_FMA
    // B - v^2 with (v, B) = (a, 1), or (1 - a, 2 (1 - a)) above 1/2 (both exact): h by one fma, B - h exact
    // (Sterbenz: h in [B/2, B]), its residual to 2^-24 of itself, so h + l to 2^-48 relative.
    bool upper = a > 0.5f;
    precise float d = 1.0f - a;                   // exact
    float v = upper ? d : a;
    precise float b = upper ? 2.0f * d : 1.0f;
    precise float h = vk_fma(-v, v, b);
    precise float l = vk_fma(-v, v, b - h);
    return vk_m_sqrt2(h, l);
#else
    float h;
    float l;
    if (a > 0.5f) {
        precise float d = 1.0f - a;               // exact
        vk_f2 e = vk_two_sum(1.0f, a);
        vk_f2 p = vk_two_prod(d, e.hi);
        vk_f2 n = vk_fast_two_sum(p.hi, p.lo + d * e.lo);
        h = n.hi;
        l = n.lo;
    } else {
        vk_f2 sq = vk_two_prod(a, a);
        vk_f2 d = vk_two_sum(1.0f, -sq.hi);
        vk_f2 n = vk_fast_two_sum(d.hi, d.lo - sq.lo);
        h = n.hi;
        l = n.lo;
    }
    return vk_m_sqrt2(h, l);
#endif
}

VK_INLINE float vk_asin(float x) {
    if (vk_m_isnan(x)) return x;
    float ax = abs(x);
    if (ax > 1.0f) return vk_m_nan();
    if (ax < 0.000244140625f) return x;          // asin(x) = x (1 + x^2/6 ...) rounds to x; keeps -0
    float r;
    if (ax == 1.0f) {
        r = VK_M_PIO2_HI;
    } else {
        vk_f2 c = vk_m_cosine_of(ax);
        vk_f2 a = vk_m_atan2_pos(ax, 0.0f, c.hi, c.lo);
        precise float v = a.hi + a.lo;
        r = v;
    }
    return (x < 0.0f) ? -r : r;
}

VK_INLINE float vk_acos(float x) {
    if (vk_m_isnan(x)) return x;
    float ax = abs(x);
    if (ax > 1.0f) return vk_m_nan();
    float xx = vk_m_ftz(ax);
    vk_f2 c = vk_m_cosine_of(xx);
    vk_f2 a = vk_m_atan2_pos(c.hi, c.lo, xx, 0.0f);
    if (x < 0.0f) return vk_m_pi_minus(a.hi, a.lo);
    precise float v = a.hi + a.lo;
    return v;
}

// ATAN_YX's arguments where C's atan2 needs no quotient (special: NaN, zeros, infinities; r the result's magnitude,
// negated where yneg), and the others' magnitudes ay, ax (finite, nonzero) with x's sign.
struct vk_m_atan2_case {
    bool special;
    float r;
    float ay;
    float ax;
    bool xneg;
    bool yneg;
};
VK_INLINE vk_m_atan2_case vk_m_atan2_classify(float y, float x) {
    vk_m_atan2_case c;
    float yy = vk_m_ftz(y);
    float xx = vk_m_ftz(x);
    c.yneg = vk_m_signbit(yy);
    c.xneg = vk_m_signbit(xx);
    c.ay = abs(yy);
    c.ax = abs(xx);
    c.special = true;
    if (vk_m_isnan(x) || vk_m_isnan(y)) {
        c.r = vk_m_nan();
        c.yneg = false;
    } else if (c.ay == 0.0f) {
        c.r = c.xneg ? VK_M_PI_HI : 0.0f;
    } else if (vk_m_isinf(c.ay)) {
        c.r = vk_m_isinf(c.ax) ? (c.xneg ? 2.3561945f : VK_M_PIO4_HI) : VK_M_PIO2_HI;
    } else if (vk_m_isinf(c.ax)) {
        c.r = c.xneg ? VK_M_PI_HI : 0.0f;
    } else if (c.ax == 0.0f) {
        c.r = VK_M_PIO2_HI;
    } else {
        c.special = false;
        c.r = 0.0f;
    }
    return c;
}

// ATAN_YX: atan2(y, x) with C's special values (atan2(+-0, +0) = +-0, atan2(+-0, -0) = +-pi, ...).
VK_INLINE float vk_atan2(float y, float x) {
    vk_m_atan2_case c = vk_m_atan2_classify(y, x);
    float r = c.r;
    if (c.special) {
#ifdef VKDML_FUSED_FMA
    } else if (min(c.ay, c.ax) < 9.09494702e-13f * max(c.ay, c.ax)) {
        // min/max below 2^-40: atan2 rounds to y/x (possibly subnormal), pi or pi/2
        r = (c.ay > c.ax) ? VK_M_PIO2_HI : c.xneg ? VK_M_PI_HI : vk_m_div(c.ay, 0.0f, c.ax);
    } else {
        // vk_m_div2's range: max scaled (exactly) into [2^-30, 2^100], so min >= 2^-70
        float mx = max(c.ay, c.ax);
        precise float sc = (mx > 1.2676506e30f) ? 5.42101086e-20f : (mx < 9.31322575e-10f) ? 7.92281625e28f : 1.0f;
        vk_f2 a = vk_m_atan2_pos(c.ay * sc, 0.0f, c.ax * sc, 0.0f);
#else
    } else {
        vk_f2 a = vk_m_atan2_pos(c.ay, 0.0f, c.ax, 0.0f);
#endif
        if (c.xneg) {
            r = vk_m_pi_minus(a.hi, a.lo);
        } else {
            precise float v = a.hi + a.lo;
            r = v;
        }
    }
    return c.yneg ? -r : r;
}

// ---- hyperbolic functions ---------------------------------------------------------------------------------------
// e^a / 2 = exp(a - ln 2) for a in [20, 90] (overflow -> +inf).
VK_INLINE float vk_m_half_exp(float a) {
#ifdef VKDML_FUSED_FMA
    vk_f2 z = vk_fast_two_sum(a, -VK_M_LN2_F_HI);     // a >= 20
#else
    vk_f2 z = vk_two_sum(a, -VK_M_LN2_F_HI);
#endif
    return vk_m_exp_hl(z.hi, z.lo - VK_M_LN2_F_LO);
}

VK_INLINE float vk_sinh(float x) {
    if (vk_m_isnan(x)) return x;
    float ax = abs(x);
    if (ax < 0.000244140625f) return x;          // sinh(x) = x (1 + x^2/6 ...) rounds to x; keeps -0
    float r;
    if (ax >= 20.0f) {                           // e^-x / 2 is below 2^-57 relative
        r = vk_m_half_exp(min(ax, 90.0f));
    } else {
        // (E + E / (E + 1)) / 2 with E = expm1(|x|): no cancellation
        vk_f2 e = vk_m_expm1_hl(ax, 0.0f);
        vk_f2 d = vk_two_sum(1.0f, e.hi);
        vk_f2 q = vk_m_div2(e.hi, e.lo, d.hi, d.lo + e.lo);
        vk_f2 s = vk_two_sum(e.hi, q.hi);
        precise float v = 0.5f * (s.hi + (s.lo + (e.lo + q.lo)));
        r = v;
    }
    return (x < 0.0f) ? -r : r;
}

VK_INLINE float vk_cosh(float x) {
    if (vk_m_isnan(x)) return abs(x);
    float ax = abs(x);
    if (ax < 0.000244140625f) {
        precise float c = 1.0f + 0.5f * (ax * ax);
        return c;
    }
    if (ax >= 20.0f) return vk_m_half_exp(min(ax, 90.0f));
    // (e^x + e^-x) / 2 with e^x = 1 + expm1(|x|) as a pair
    vk_f2 e = vk_m_expm1_hl(ax, 0.0f);
    vk_f2 ex = vk_two_sum(1.0f, e.hi);
    vk_f2 en = vk_fast_two_sum(ex.hi, ex.lo + e.lo);
    vk_f2 inv = vk_m_div2(1.0f, 0.0f, en.hi, en.lo);
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_fast_two_sum(en.hi, inv.hi);        // e^x >= 1 >= e^-x
#else
    vk_f2 s = vk_two_sum(en.hi, inv.hi);
#endif
    precise float v = 0.5f * (s.hi + (s.lo + (en.lo + inv.lo)));
    return v;
}

// log(a) + ln 2 for a >= 2^12 (asinh and acosh of large arguments).
VK_INLINE float vk_m_log_twice(float a) {
    if (vk_m_isinf(a)) return a;
    vk_f2 l = vk_m_log_hl(a);
#ifdef VKDML_FUSED_FMA
    vk_f2 s = vk_fast_two_sum(l.hi, VK_M_LN2_F_HI);  // log(a) >= 8.3
#else
    vk_f2 s = vk_two_sum(l.hi, VK_M_LN2_F_HI);
#endif
    precise float v = s.hi + (s.lo + (l.lo + VK_M_LN2_F_LO));
    return v;
}

VK_INLINE float vk_asinh(float x) {
    if (vk_m_isnan(x)) return x;
    float ax = abs(x);
    if (ax < 0.000244140625f) return x;          // asinh(x) = x (1 - x^2/6 ...) rounds to x; keeps -0
    float r;
    if (ax >= 4096.0f) {                         // log(2|x|) + 1/(4x^2): the second term is below 2^-27 relative
        r = vk_m_log_twice(ax);
    } else {
        // log1p(|x| + x^2 / (1 + sqrt(1 + x^2)))
#ifdef VKDML_FUSED_FMA
        vk_f2 sq;
        sq.hi = ax * ax;
        sq.lo = vk_fma(ax, ax, -sq.hi);
        vk_f2 w = vk_two_sum(1.0f, sq.hi);
        vk_f2 wn = vk_fast_two_sum(w.hi, w.lo + sq.lo);
        vk_f2 sr = vk_m_sqrt2(wn.hi, wn.lo);
        vk_f2 d = vk_fast_two_sum(sr.hi, 1.0f);            // sqrt(1 + x^2) >= 1
        vk_f2 q = vk_m_div2(sq.hi, sq.lo, d.hi, d.lo + sr.lo);
        vk_f2 u = vk_fast_two_sum(ax, q.hi);               // the quotient is below |x|
#else
        vk_f2 sq = vk_two_prod(ax, ax);
        vk_f2 w = vk_two_sum(1.0f, sq.hi);
        vk_f2 wn = vk_fast_two_sum(w.hi, w.lo + sq.lo);
        vk_f2 sr = vk_m_sqrt2(wn.hi, wn.lo);
        vk_f2 d = vk_two_sum(1.0f, sr.hi);
        vk_f2 q = vk_m_div2(sq.hi, sq.lo, d.hi, d.lo + sr.lo);
        vk_f2 u = vk_two_sum(ax, q.hi);
#endif
        vk_f2 un = vk_fast_two_sum(u.hi, u.lo + q.lo);
        vk_f2 l = vk_m_log1p_hl(un.hi, un.lo);
        precise float v = l.hi + l.lo;
        r = v;
    }
    return (x < 0.0f) ? -r : r;
}

VK_INLINE float vk_acosh(float x) {
    if (vk_m_isnan(x)) return x;
    if (x < 1.0f) return vk_m_nan();
    if (x >= 4096.0f) return vk_m_log_twice(x);
    // log1p(t + sqrt(t (t + 2))) with t = x - 1 (exact)
    precise float t = x - 1.0f;
    if (t == 0.0f) return 0.0f;
    vk_f2 t2 = vk_two_sum(t, 2.0f);
#ifdef VKDML_FUSED_FMA
    precise float ph = t * t2.hi;
    vk_f2 pn = vk_fast_two_sum(ph, vk_fma(t, t2.hi, -ph) + t * t2.lo);
    vk_f2 sr = vk_m_sqrt2(pn.hi, pn.lo);
    vk_f2 u = vk_fast_two_sum(sr.hi, t);              // sqrt(t (t + 2)) > t
#else
    vk_f2 p = vk_two_prod(t, t2.hi);
    vk_f2 pn = vk_fast_two_sum(p.hi, p.lo + t * t2.lo);
    vk_f2 sr = vk_m_sqrt2(pn.hi, pn.lo);
    vk_f2 u = vk_two_sum(t, sr.hi);
#endif
    vk_f2 un = vk_fast_two_sum(u.hi, u.lo + sr.lo);
    vk_f2 l = vk_m_log1p_hl(un.hi, un.lo);
    precise float v = l.hi + l.lo;
    return v;
}

VK_INLINE float vk_atanh(float x) {
    if (vk_m_isnan(x)) return x;
    float ax = abs(x);
    if (ax > 1.0f) return vk_m_nan();
    if (ax == 1.0f) return vk_m_signed_inf(x < 0.0f);
    if (ax < 0.000244140625f) return x;          // atanh(x) = x (1 + x^2/3 ...) rounds to x; keeps -0
    // log1p(2|x| / (1 - |x|)) / 2
#ifdef VKDML_FUSED_FMA
    vk_f2 d = vk_fast_two_sum(1.0f, -ax);            // |x| < 1
#else
    vk_f2 d = vk_two_sum(1.0f, -ax);
#endif
    vk_f2 q = vk_m_div2(2.0f * ax, 0.0f, d.hi, d.lo);
    vk_f2 l = vk_m_log1p_hl(q.hi, q.lo);
    precise float v = 0.5f * (l.hi + l.lo);
    return (x < 0.0f) ? -v : v;
}

// ---- pow ---------------------------------------------------------------------------------------------------------
// 0: y is not an integer, 1: an odd integer, 2: an even integer (finite y).
VK_INLINE int vk_m_integer_kind(float y) {
    float ay = abs(y);
    if (ay >= 16777216.0f) return 2;
    if (floor(ay) != ay) return 0;
    return ((uint(ay) & 1u) != 0u) ? 1 : 2;
}
// log(a) as hi + lo to about 2^-44 relative, for finite a > 0 (subnormals decoded from the bits): pow multiplies
// it by up to ~2^8, so log_hl's 2^-30 is not enough. log(m) = 2 atanh(s) with s = (m - 1) / (m + 1) as a pair,
// |s| <= 0.1716: 2s + (2/3) s^3 (both as pairs) + s^5 Q(s^2) in float (below 2^-9 of the value).
VK_INLINE vk_f2 vk_m_log_accurate(float a) {
    vk_m_log_red rd = vk_m_log_reduce(a);
    float f = rd.f;
#ifdef VKDML_FUSED_FMA
    vk_f2 d = vk_fast_two_sum(2.0f, f);               // |f| < 2
#else
    vk_f2 d = vk_two_sum(2.0f, f);
#endif
    vk_f2 s = vk_m_div2(f, 0.0f, d.hi, d.lo);
    vk_f2 lm;
    if (s.hi == 0.0f) {
        lm.hi = 0.0f;
        lm.lo = 0.0f;
    } else {
#ifdef VKDML_FUSED_FMA
        // the same terms, exact products by fma
        precise float sqh = s.hi * s.hi;
        precise float sql = vk_fma(s.hi, s.hi, -sqh);
        precise float cubh = sqh * s.hi;
        precise float cubl = vk_fma(sqh, s.hi, -cubh) + vk_fma(sql, s.hi, 3.0f * sqh * s.lo);
        precise float thh = cubh * 0.666666687f;
        precise float thl = vk_fma(cubh, 0.666666687f, -thh) + vk_fma(cubh, -1.98682149e-08f, cubl * 0.666666687f);
        precise float z = sqh;
        precise float q = 0.153846154f;
        q = vk_fma(q, z, 0.181818187f);
        q = vk_fma(q, z, 0.222222224f);
        q = vk_fma(q, z, 0.285714298f);
        q = vk_fma(q, z, 0.400000006f);
        vk_f2 h = vk_fast_two_sum(2.0f * s.hi, thh);
        precise float lo = h.lo + (2.0f * s.lo + vk_fma(cubh * z, q, thl));
        lm = vk_fast_two_sum(h.hi, lo);
#else
        vk_f2 sq = vk_two_prod(s.hi, s.hi);
        vk_f2 cube = vk_two_prod(sq.hi, s.hi);
        precise float cubel = cube.lo + (sq.lo * s.hi + 3.0f * sq.hi * s.lo);
        // (2/3) s^3: 2/3 = 0.666666687 - 1.98682149e-08
        vk_f2 th = vk_two_prod(cube.hi, 0.666666687f);
        precise float thl = th.lo + (cube.hi * -1.98682149e-08f + cubel * 0.666666687f);
        precise float z = sq.hi;
        precise float q = 0.153846154f;
        q = q * z + 0.181818187f;
        q = q * z + 0.222222224f;
        q = q * z + 0.285714298f;
        q = q * z + 0.400000006f;
        precise float tail = (cube.hi * z) * q;
        vk_f2 h = vk_fast_two_sum(2.0f * s.hi, th.hi);
        precise float lo = h.lo + (2.0f * s.lo + (thl + tail));
        lm = vk_fast_two_sum(h.hi, lo);
#endif
    }
    precise float ef = float(rd.e);
    vk_f2 r = vk_two_sum(ef * VK_M_LN2_HI, lm.hi);     // e * LN2_HI exact
    precise float rl = r.lo + (lm.lo + ef * VK_M_LN2_LO);
    return vk_fast_two_sum(r.hi, rl);
}
// exp((yh + yl) log(ax)) for finite normal ax > 0, ax != 1, and finite y = yh + yl (|yl| small against |yh|):
// log as hi + lo (about 2^-40 relative), the product as hi + lo, overflow to +inf and underflow to 0 decided on
// the exponent.
VK_INLINE float vk_m_pow_pos(float ax, float yh0, float yl0) {
    vk_f2 y = vk_two_sum(yh0, yl0);   // normalize
    vk_f2 l = vk_m_log_accurate(ax);
#ifdef VKDML_FUSED_FMA
    // y l.hi = th + its fma residual exactly, unless |th| < 2^-100, where exp(t) rounds to 1 without it; |th| <= 89
    // below, so y l.lo and y.lo l.hi cannot overflow.
    precise float th = y.hi * l.hi;
    if (th > 89.0f) return vk_m_inf();
    if (th < -105.0f) return 0.0f;
    precise float tl = vk_fma(y.hi, l.hi, -th) + vk_fma(y.hi, l.lo, y.lo * l.hi);
    return vk_m_exp_hl(th, tl);
#else
    vk_f2 t = vk_prod_hl(y.hi, l.hi);
    if (t.hi > 89.0f) return vk_m_inf();
    if (t.hi < -105.0f) return 0.0f;
    precise float tl = t.lo + (y.hi * l.lo + y.lo * l.hi);
    return vk_m_exp_hl(t.hi, tl);
#endif
}
// C's pow (C99 F.9.4.4) where x or y decides the result alone: pow(x, +-0) = 1 and pow(1, y) = 1 even for NaN; a
// negative base takes integer exponents only (odd ones keep its sign); +-0 and +-inf bases and +-inf exponents by
// their limits. Elsewhere (special false) the result is |x|^y, negated where neg: |x| = ax is finite, normal and not 1.
struct vk_m_pow_case {
    bool special;
    float value;
    bool neg;
    float ax;
};
VK_INLINE vk_m_pow_case vk_m_pow_classify(float x, float y) {
    float xx = vk_m_ftz(x);
    float yy = vk_m_ftz(y);
    vk_m_pow_case c;
    c.special = true;
    c.neg = false;
    c.ax = abs(xx);
    c.value = 1.0f;
    if (yy == 0.0f || xx == 1.0f) return c;
    c.value = vk_m_nan();
    if (vk_m_isnan(xx) || vk_m_isnan(yy)) return c;
    if (vk_m_isinf(yy)) {
        if (c.ax == 1.0f) c.value = 1.0f;                 // pow(-1, +-inf)
        else c.value = ((c.ax < 1.0f) == (yy < 0.0f)) ? vk_m_inf() : 0.0f;
        return c;
    }
    int kind = vk_m_integer_kind(yy);
    c.neg = vk_m_signbit(xx) && kind == 1;                // the result takes the base's sign
    if (c.ax == 0.0f || vk_m_isinf(c.ax)) {
        bool big = (c.ax == 0.0f) == (yy < 0.0f);         // 0^-y, inf^y: inf; 0^y, inf^-y: 0
        c.value = big ? vk_m_signed_inf(c.neg) : vk_m_signed_zero(c.neg);
        return c;
    }
    if (xx < 0.0f && kind == 0) return c;                 // NaN
    c.special = false;
    return c;
}
// C's pow: the special cases above, |x|^y from vk_m_pow_pos elsewhere.
VK_INLINE float vk_pow(float x, float y) {
    vk_m_pow_case c = vk_m_pow_classify(x, y);
    if (c.special) return c.value;
    float r = vk_m_pow_pos(c.ax, vk_m_ftz(y), 0.0f);
    return c.neg ? -r : r;
}

#endif  // VKDML_TRIG_HYPERBOLIC_POW_GLSL
