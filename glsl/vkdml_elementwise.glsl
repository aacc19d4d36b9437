// DirectML's arithmetic, comparison, logical, bitwise, selection and conversion operators as scalar functions for
// the general kernels (runtime/kernel/general_generator.cpp). Overloads per computed type: float (FLOAT32 and
// FLOAT16), int (INT8/16/32, sign-extended) and uint (UINT8/16/32, zero-extended); 64-bit forms have their own names
// so that a kernel includes them only when it has the capabilities. Results narrower than 32 bits keep their low
// bits when stored, so integer ADD/SUBTRACT/MULTIPLY wrap in every width. Rules DirectML leaves open:
// docs/ARCHITECTURE.md ("Numerics") and docs/SEMANTICS.md.

// `precise`: no contraction into fma with a neighbouring operation (DirectML's formulas have none).
// A zero result is checked on the bits: where a kernel knows an operand (a fused graph's attribute, one value used
// twice) lavapipe folds x + 0.0 to x, x - x and 0.0 * x to 0.0 without regard to inf, NaN or the sign of zero (even
// under SignedZeroInfNanPreserve), so the IEEE result is rebuilt: NaN when an operand is inf or NaN (the only way
// to a folded zero from them), else a zero whose sign IEEE gives (-0 + -0 is the only negative zero sum).
bool vk_ew_inf_or_nan(float a) { return (floatBitsToUint(a) & 0x7f800000u) == 0x7f800000u; }
float vk_ew_zero_sum(float a, float b) {
    if (vk_ew_inf_or_nan(a) || vk_ew_inf_or_nan(b)) return uintBitsToFloat(0x7fc00000u);
    return uintBitsToFloat(floatBitsToUint(a) & floatBitsToUint(b) & 0x80000000u);
}
float vk_ew_add(float a, float b) {
    precise float r = a + b;
    return r != 0.0 ? r : vk_ew_zero_sum(a, b);
}
int vk_ew_add(int a, int b) { return a + b; }
uint vk_ew_add(uint a, uint b) { return a + b; }
float vk_ew_sub(float a, float b) {
    precise float r = a - b;
    return r != 0.0 ? r : vk_ew_zero_sum(a, -b);
}
int vk_ew_sub(int a, int b) { return a - b; }
uint vk_ew_sub(uint a, uint b) { return a - b; }
float vk_ew_mul(float a, float b) {
    precise float r = a * b;
    if (r != 0.0) return r;
    if (vk_ew_inf_or_nan(a) || vk_ew_inf_or_nan(b)) return uintBitsToFloat(0x7fc00000u);  // 0 * inf
    return uintBitsToFloat((floatBitsToUint(a) ^ floatBitsToUint(b)) & 0x80000000u);
}
int vk_ew_mul(int a, int b) { return a * b; }
uint vk_ew_mul(uint a, uint b) { return a * b; }
// ADD, SUBTRACT and MULTIPLY of two values loaded from two different tensors: the compiler knows neither operand, so
// nothing folds and the IEEE result needs no rebuilding (the general generator picks these, float only).
float vk_ew_add_loaded(float a, float b) {
    precise float r = a + b;
    return r;
}
float vk_ew_sub_loaded(float a, float b) {
    precise float r = a - b;
    return r;
}
float vk_ew_mul_loaded(float a, float b) {
    precise float r = a * b;
    return r;
}
// Correctly rounded on every driver (vk_div_cr: OpFDiv alone is only within 2.5 ULP).
float vk_ew_div(float a, float b) { return vk_div_cr(a, b); }
// Truncates toward zero; x / 0 has every bit set (-1), INT_MIN / -1 wraps to INT_MIN.
int vk_ew_div(int a, int b) {
    if (b == 0) return -1;
    if (b == -1) return -a;
    return a / b;
}
uint vk_ew_div(uint a, uint b) { return b == 0u ? 0xffffffffu : a / b; }

// A NaN operand yields the other one (D3D's rule); +0 is larger than -0.
float vk_ew_max(float a, float b) {
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return uintBitsToFloat(floatBitsToUint(a) & floatBitsToUint(b));
    return a > b ? a : b;
}
int vk_ew_max(int a, int b) { return max(a, b); }
uint vk_ew_max(uint a, uint b) { return max(a, b); }
float vk_ew_min(float a, float b) {
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return uintBitsToFloat(floatBitsToUint(a) | floatBitsToUint(b));
    return a < b ? a : b;
}
int vk_ew_min(int a, int b) { return min(a, b); }
uint vk_ew_min(uint a, uint b) { return min(a, b); }

// (a + b) / 2: halving is exact for normal sums; a sum that overflows is formed from the halves instead.
float vk_ew_mean(float a, float b) {
    precise float s = a + b;
    if (isinf(s) && !isinf(a) && !isinf(b)) {
        precise float h = a * 0.5 + b * 0.5;
        return h;
    }
    precise float r = s * 0.5;
    return r;
}
// The exact (a + b) / 2 truncated toward zero, without overflow.
int vk_ew_mean(int a, int b) {
    const int floorMean = (a >> 1) + (b >> 1) + (a & b & 1);
    return floorMean + ((floorMean < 0 && ((a ^ b) & 1) != 0) ? 1 : 0);
}
uint vk_ew_mean(uint a, uint b) { return (a >> 1) + (b >> 1) + (a & b & 1u); }

// (a - b)^2 from the exact difference and the exact square of its high part: within 1 ULP (rounding a - b first
// would double its error).
float vk_ew_difference_square(float a, float b) {
    if (vk_ew_inf_or_nan(a) || vk_ew_inf_or_nan(b)) {  // from the bits: x - x may be folded to 0 (see vk_ew_add)
        const bool nan = isnan(a) || isnan(b) || (a == b);  // inf - inf
        return uintBitsToFloat(nan ? 0x7fc00000u : 0x7f800000u);
    }
    const vk_f2 d = vk_two_sum(a, -b);
    if (isinf(d.hi) || isnan(d.hi)) {
        precise float r = d.hi * d.hi;
        return r;
    }
    const vk_f2 p = vk_prod_hl(d.hi, d.hi);
    if (isinf(p.hi)) return p.hi;
    precise float r = p.hi + (p.lo + 2.0 * d.hi * d.lo);
    return r;
}
int vk_ew_difference_square(int a, int b) { return (a - b) * (a - b); }
uint vk_ew_difference_square(uint a, uint b) { return (a - b) * (a - b); }

// Comparisons: 1 or 0; ordered, so false when an operand is NaN.
uint vk_ew_equals(float a, float b) { return a == b ? 1u : 0u; }
uint vk_ew_equals(int a, int b) { return a == b ? 1u : 0u; }
uint vk_ew_equals(uint a, uint b) { return a == b ? 1u : 0u; }
uint vk_ew_greater(float a, float b) { return a > b ? 1u : 0u; }
uint vk_ew_greater(int a, int b) { return a > b ? 1u : 0u; }
uint vk_ew_greater(uint a, uint b) { return a > b ? 1u : 0u; }
uint vk_ew_less(float a, float b) { return a < b ? 1u : 0u; }
uint vk_ew_less(int a, int b) { return a < b ? 1u : 0u; }
uint vk_ew_less(uint a, uint b) { return a < b ? 1u : 0u; }
uint vk_ew_greater_equal(float a, float b) { return a >= b ? 1u : 0u; }
uint vk_ew_greater_equal(int a, int b) { return a >= b ? 1u : 0u; }
uint vk_ew_greater_equal(uint a, uint b) { return a >= b ? 1u : 0u; }
uint vk_ew_less_equal(float a, float b) { return a <= b ? 1u : 0u; }
uint vk_ew_less_equal(int a, int b) { return a <= b ? 1u : 0u; }
uint vk_ew_less_equal(uint a, uint b) { return a <= b ? 1u : 0u; }

// Logical operators: any non-zero value is true.
uint vk_ew_logical_and(uint a, uint b) { return (a != 0u && b != 0u) ? 1u : 0u; }
uint vk_ew_logical_or(uint a, uint b) { return (a != 0u || b != 0u) ? 1u : 0u; }
uint vk_ew_logical_xor(uint a, uint b) { return ((a != 0u) != (b != 0u)) ? 1u : 0u; }
uint vk_ew_logical_not(uint a) { return a == 0u ? 1u : 0u; }

// Bitwise operators on the raw encoding (tensors of any type are read as unsigned of their width). Shift counts at
// or beyond 32 give 0; narrower types drop the bits shifted past their width when stored.
uint vk_ew_bit_and(uint a, uint b) { return a & b; }
uint vk_ew_bit_or(uint a, uint b) { return a | b; }
uint vk_ew_bit_xor(uint a, uint b) { return a ^ b; }
uint vk_ew_bit_not(uint a) { return ~a; }
uint vk_ew_shift_left(uint a, uint b) { return b >= 32u ? 0u : a << b; }
uint vk_ew_shift_right(uint a, uint b) { return b >= 32u ? 0u : a >> b; }
uint vk_ew_bit_count(uint a) { return uint(bitCount(a)); }

// ELEMENT_WISE_IF: a where the condition is non-zero, else b.
float vk_ew_select(uint c, float a, float b) { return c != 0u ? a : b; }
int vk_ew_select(uint c, int a, int b) { return c != 0u ? a : b; }
uint vk_ew_select(uint c, uint a, uint b) { return c != 0u ? a : b; }

// Float -> integer: truncation toward zero, saturated to [lo, hi], NaN -> 0.
int vk_cast_float_to_int(float x, int lo, int hi) {
    if (isnan(x)) return 0;
    if (x >= float(hi)) return hi;
    if (x <= float(lo)) return lo;
    return int(x);
}
uint vk_cast_float_to_uint(float x, uint hi) {
    if (!(x > 0.0)) return 0u;
    if (x >= float(hi)) return hi;
    return uint(x);
}

// Unary operators. ABS and NEGATE of the most negative integer wrap to itself; SIGN is 0 for +-0 and NaN.
float vk_ew_abs(float x) { return abs(x); }
int vk_ew_abs(int x) { return x < 0 ? -x : x; }
float vk_ew_negate(float x) { return -x; }
int vk_ew_negate(int x) { return -x; }
// From the bits: llvmpipe turned the float comparisons and selects into its fsign, which gave -0 for +0 and NaN.
float vk_ew_sign(float x) {
    const uint b = floatBitsToUint(x);
    const uint magnitude = b & 0x7fffffffu;
    return uintBitsToFloat(magnitude == 0u || magnitude > 0x7f800000u ? 0u : (b & 0x80000000u) | 0x3f800000u);
}
int vk_ew_sign(int x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
uint vk_ew_sign(uint x) { return x != 0u ? 1u : 0u; }
float vk_ew_ceil(float x) { return ceil(x); }
float vk_ew_floor(float x) { return floor(x); }
float vk_ew_recip(float x) { return vk_div_cr(1.0, x); }
float vk_ew_sqrt(float x) { return vk_sqrt_cr(x); }
// ROUND: 0 halves to nearest even, 1 toward zero, 2 halves away from zero (DML_ROUNDING_MODE).
float vk_ew_round(float x, uint mode) {
    if (mode == 0u) return roundEven(x);
    const float t = trunc(x);
    if (mode == 1u) return t;
    precise float fraction = abs(x - t);  // exact
    return fraction >= 0.5 ? t + sign(x) : t;
}
// POW with an integer ExponentTensor and a float base: C's pow with the parity taken from the integer itself (a
// float would lose it beyond 2^24).
// The exponent enters as the exact pair (n >> 8) * 256 + (n & 255).
float vk_m_pow_n(float x, float nf, float nh, float nl, bool odd) {
    const float ax = abs(vk_m_ftz(x));
    float r;
    if (vk_m_isnan(x) || ax == 0.0 || vk_m_isinf(ax) || ax == 1.0 || nf == 0.0)
        r = vk_pow(ax, nf);  // the special cases depend on the sign of n only
    else
        r = vk_m_pow_pos(ax, nh, nl);
    return (vk_m_signbit(x) && odd) ? -r : r;
}
float vk_ew_pow_n(float x, int n) {
    return vk_m_pow_n(x, float(n), float(n >> 8) * 256.0, float(n & 255), (n & 1) != 0);
}
float vk_ew_pow_n(float x, uint n) {
    return vk_m_pow_n(x, float(n), float(n >> 8u) * 256.0, float(n & 255u), (n & 1u) != 0u);
}
// Integer POW: exact, wrapping (two's complement) like MULTIPLY; by squaring. A negative exponent gives the
// truncated 1 / b^-n: 1 for b = 1, +-1 for b = -1, 0 for |b| > 1, and for b = 0 every bit set (-1 / the type's
// maximum), DIVIDE's integer x / 0.
int vk_m_ipow(int b, uint n) {
    int r = 1;
    int p = b;
    for (uint k = n; k != 0u; k >>= 1) {
        if ((k & 1u) != 0u) r *= p;
        p *= p;
    }
    return r;
}
int vk_ew_ipow(int b, int n) {
    if (n >= 0) return vk_m_ipow(b, uint(n));
    if (b == 0) return -1;
    if (b == 1) return 1;
    if (b == -1) return (n & 1) != 0 ? -1 : 1;
    return 0;
}
int vk_ew_ipow(int b, uint n) { return vk_m_ipow(b, n); }
uint vk_ew_ipow(uint b, uint n) { return uint(vk_m_ipow(int(b), n)); }
uint vk_ew_ipow(uint b, int n) {
    if (n >= 0) return uint(vk_m_ipow(int(b), uint(n)));
    if (b == 0u) return 0xffffffffu;
    return b == 1u ? 1u : 0u;
}
uint vk_ew_is_nan(float x) { return isnan(x) ? 1u : 0u; }
// IS_INFINITY: 0 either sign, 1 positive only, 2 negative only (DML_IS_INFINITY_MODE).
uint vk_ew_is_infinity(float x, uint mode) {
    if (!isinf(x)) return 0u;
    if (mode == 0u) return 1u;
    return (mode == 1u) == (x > 0.0) ? 1u : 0u;
}

// ---- quantization -------------------------------------------------------------------------------------------------
// a * 2^d for a 64-bit (hi, lo) and 0 <= d < 64 (the caller ensures no bits are lost).
uvec2 vk_q_shift_left(uvec2 v, int d) {
    if (d == 0) return v;
    if (d >= 32) return uvec2(0u, v.x << uint(d - 32));
    return uvec2(v.x << uint(d), (v.y << uint(d)) | (v.x >> uint(32 - d)));
}
// Exactly: -1, 0 or +1 as a * 2^ea is below, equal to or above (k / 2) * m * 2^em, for integers a >= 1, odd k
// < 2^13 and a normal float's significand m in [2^23, 2^24). (x = (lo, hi) words of a 64-bit value.)
int vk_q_compare_half(uint a, int ea, uint k, uint m, int em) {
    uint kmHi;
    uint kmLo;
    umulExtended(k, m, kmHi, kmLo);  // k * m < 2^37
    uvec2 left = uvec2(a, 0u);
    uvec2 right = uvec2(kmLo, kmHi);
    const int d = ea + 1 - em;       // compare a * 2^d with k * m
    if (d > 0) {
        if (findMSB(a) + d >= 37) return 1;
        left = vk_q_shift_left(left, d);
    } else if (d < 0) {
        if (findMSB(k) + findMSB(m) + (-d) >= 32) return -1;  // k * m * 2^-d >= 2^32 > a
        right = vk_q_shift_left(right, -d);
    }
    if (left.y != right.y) return left.y < right.y ? -1 : 1;
    if (left.x != right.x) return left.x < right.x ? -1 : 1;
    return 0;
}
// round(x / s) + zp for x = nh + nl = (+-) a * 2^ea (a an integer >= 1 unless x is 0): the quotient rounded to the
// nearest integer, ties to even, decided exactly (never from a rounded quotient). NaN quotients (0/0, inf/inf) give
// zp; infinite ones and quotients beyond +-2048 give zp +- 4096, which the caller saturates to the output type.
int vk_m_quantize(float nh, float nl, uint a, int ea, float s, int zp) {
    if (vk_m_isnan(nh) || vk_m_isnan(s)) return zp;
    const bool xZero = nh == 0.0 && nl == 0.0;
    const bool negative = (nh < 0.0 || (nh == 0.0 && nl < 0.0)) != vk_m_signbit(s);
    const int saturated = negative ? zp - 4096 : zp + 4096;
    if (s == 0.0) return xZero ? zp : saturated;
    if (vk_m_isinf(s)) return zp;
    if (vk_m_isinf(nh)) return saturated;
    if (xZero) return zp;
    const vk_f2 q = vk_div_hl(nh, nl, s);  // within 2^-44 relative of x / s
    if (abs(q.hi) > 2048.0) return saturated;
    float n = roundEven(q.hi);
    precise float f = (q.hi - n) + q.lo;   // q.hi - n is exact
    if (abs(abs(f) - 0.5) < 1.52587890625e-05) {
        // Near a half: decide against the half-integer m exactly.
        const float m = n + (f < 0.0 ? -0.5 : 0.5);
        const float below = abs(m) - 0.5;
        const uint sm = (floatBitsToUint(s) & 0x7fffffu) | 0x800000u;
        const int c = vk_q_compare_half(a, ea, uint(abs(m) * 2.0), sm, vk_m_expo(s) - 23);
        const bool up = c > 0 || (c == 0 && (int(below) & 1) != 0);
        n = m < 0.0 ? -(below + (up ? 1.0 : 0.0)) : below + (up ? 1.0 : 0.0);
    }
    return int(n) + zp;
}
// QUANTIZE_LINEAR on FLOAT32/FLOAT16 input: fp32-subnormal x and s are read as zeros of their sign.
int vk_ew_quantize(float x, float s, int zp) {
    const float xf = vk_m_ftz(x);
    const float sf = vk_m_ftz(s);
    const uint a = (floatBitsToUint(xf) & 0x7fffffu) | 0x800000u;
    return vk_m_quantize(xf, 0.0, a, vk_m_expo(xf) - 23, sf, zp);
}
// QUANTIZE_LINEAR on INT32 input: x = (x - low byte) + low byte, both exact floats.
int vk_ew_quantize(int x, float s, int zp) {
    const int low = x & 255;
    const uint a = x < 0 ? uint(-(x + 1)) + 1u : uint(x);
    return vk_m_quantize(float(x - low), float(low), a, 0, vk_m_ftz(s), zp);
}
// DEQUANTIZE_LINEAR: (x - zp) * s. The difference is formed exactly from 16-bit halves and rounded once to fp32
// (exact below 2^24, so 8- and 16-bit inputs give the correctly rounded product); IEEE rules otherwise (0 * inf is
// NaN).
// A zero difference gives a zero with the sign of s (NaN for an infinite or NaN s) from the bits: when a fused kernel
// reads x and zp from the same value, the driver can prove d == 0 and drivers may fold 0 * s to +0 (signed zeros
// are only kept under SignedZeroInfNanPreserve), so the plain product would differ from the unfused kernel's.
float vk_m_dequantize(int high, int low, float s) {
    if (high == 0 && low == 0) {
        const uint bits = floatBitsToUint(s);
        return (bits & 0x7f800000u) == 0x7f800000u ? uintBitsToFloat(0x7fc00000u) : uintBitsToFloat(bits & 0x80000000u);
    }
    precise float d = float(high) * 65536.0 + float(low);
    precise float r = d * s;
    return r;
}
float vk_ew_dequantize(int x, int zp, float s) {
    return vk_m_dequantize((x >> 16) - (zp >> 16), (x & 0xffff) - (zp & 0xffff), s);
}
float vk_ew_dequantize(uint x, uint zp, float s) {
    return vk_m_dequantize(int(x >> 16) - int(zp >> 16), int(x & 0xffffu) - int(zp & 0xffffu), s);
}
// MODULUS_TRUNCATE and MODULUS_FLOOR on floats, exact (the remainder is always representable): computed on the
// encodings, so huge quotients (1e38 mod 1e-38), subnormals and a device that flushes them in float arithmetic all
// give the exact remainder. Specials as C fmod: x mod 0, inf mod y and NaN operands give NaN; x mod inf is x.
// The remainder of |a| by |b| for finite a, b with |a| >= |b| > 0: r < mb with |a| mod |b| = r * 2^(eb - 150),
// mb the significand of |b| and eb its biased exponent (1 for subnormals).
uint vk_fmod_units(uint ua, uint ub, out uint mb, out int eb) {
    int ea = int(ua >> 23u);
    uint ma = ua & 0x7fffffu;
    eb = int(ub >> 23u);
    mb = ub & 0x7fffffu;
    if (ea == 0) ea = 1; else ma |= 0x800000u;
    if (eb == 0) eb = 1; else mb |= 0x800000u;
    uint r = ma % mb;
    // a = ma * 2^(ea-eb) units: shift in up to 8 bits at a time (r < 2^24, so r << 8 fits in 32 bits).
    for (int d = ea - eb; d > 0; d -= 8) {
        const int k = min(d, 8);
        r = (r << uint(k)) % mb;
    }
    return r;
}
// The float m * 2^(e - 150) with sign bit s, for m < 2^24 (exact: no bits are lost).
float vk_float_from_units(uint s, uint m, int e) {
    if (m == 0u) return uintBitsToFloat(s);
    const int shift = 23 - findMSB(m);
    if (e - shift >= 1) return uintBitsToFloat(s | (uint(e - shift) << 23u) | ((m << uint(shift)) & 0x7fffffu));
    return uintBitsToFloat(s | (m << uint(e - 1)));  // subnormal
}
float vk_ew_mod_trunc(float a, float b) {
    const uint ua = floatBitsToUint(a) & 0x7fffffffu, ub = floatBitsToUint(b) & 0x7fffffffu;
    if (ua >= 0x7f800000u || ub > 0x7f800000u || ub == 0u) return uintBitsToFloat(0x7fc00000u);
    if (ua < ub) return a;  // also b = +-inf
    uint mb;
    int eb;
    const uint r = vk_fmod_units(ua, ub, mb, eb);
    return vk_float_from_units(floatBitsToUint(a) & 0x80000000u, r, eb);
}
// The float with bits `x` times 2^24, exactly, without reading a subnormal x as a float (a flushing device reads it as
// zero): a subnormal's significand as an integer, times 2^-125.
float vk_times_2_24(uint x) {
    const uint magnitude = x & 0x7fffffffu;
    precise float r = magnitude < 0x00800000u ? float(magnitude) * 2.350988701644575e-38 /* 2^-125 */
                                              : uintBitsToFloat(magnitude) * 16777216.0;
    return (x & 0x80000000u) != 0u ? -r : r;
}
// Python's %: the sign of b; a zero remainder is a zero of b's sign. Where a and b differ in sign the result is
// b + fmod(a, b): exact when |a| >= |b| (both are multiples of b's units); for |a| < |b| it is the sum a + b, rounded
// once. FLOAT16 operands: their FLOAT32 sum rounded to half equals their exact sum rounded to half (a's 11 bits lie
// wholly below the half result's rounding position whenever the FLOAT32 sum is inexact; checked over every pair).
float vk_ew_mod_floor(float a, float b) {
    const uint sa = floatBitsToUint(a) & 0x80000000u, sb = floatBitsToUint(b) & 0x80000000u;
    const uint ua = floatBitsToUint(a) & 0x7fffffffu, ub = floatBitsToUint(b) & 0x7fffffffu;
    if (ua >= 0x7f800000u || ub > 0x7f800000u || ub == 0u) return uintBitsToFloat(0x7fc00000u);
    if (ua == 0u) return uintBitsToFloat(sb);
    if (ua < ub) {
        if (sa == sb) return a;
        // Below |b| = 2^-101 the sum is taken 2^24 times larger, where a subnormal a is normal (scaled from its bits:
        // a device that flushes subnormal operands, NVIDIA's, would read a * 2^24 as 0 and return b itself). From
        // 2^-101 up, a subnormal a is below half an ULP of b, so b is the rounded sum whether a is flushed or not.
        if (ub < 0x0d000000u) {
            precise float scaled = vk_times_2_24(floatBitsToUint(a)) + vk_times_2_24(floatBitsToUint(b));
            precise float s = scaled * (1.0 / 16777216.0);
            return s;
        }
        precise float s = a + b;
        return s;
    }
    uint mb;
    int eb;
    const uint r = vk_fmod_units(ua, ub, mb, eb);
    if (r == 0u) return uintBitsToFloat(sb);
    return sa == sb ? vk_float_from_units(sa, r, eb) : vk_float_from_units(sb, mb - r, eb);
}
// Integers: a - b * trunc(a / b) (floor: plus b where the remainder and b differ in sign). x mod 0 = x (the
// remainder that DIVIDE's x / 0 = -1 leaves: x = 0 * q + x); INT_MIN mod -1 = 0.
int vk_ew_mod_trunc(int a, int b) {
    if (b == 0) return a;
    if (b == -1) return 0;
    return a - b * (a / b);
}
uint vk_ew_mod_trunc(uint a, uint b) { return b == 0u ? a : a % b; }
int vk_ew_mod_floor(int a, int b) {
    const int r = vk_ew_mod_trunc(a, b);
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;
}
uint vk_ew_mod_floor(uint a, uint b) { return vk_ew_mod_trunc(a, b); }

// CLIP_GRAD / CLIP_GRAD1: 1 where the gradient passes. Floats: DirectML's rule with the FLOAT bounds themselves,
// 0 where x <= Min or x >= Max (a NaN x passes: both comparisons are false). Integers: the host turns the bounds
// into the inclusive range of integers strictly between them, lo..hi (empty: lo > hi).
uint vk_ew_clip_grad_pass(float x, float minimum, float maximum) { return (x <= minimum || x >= maximum) ? 0u : 1u; }
uint vk_ew_clip_grad_pass(int x, int lo, int hi) { return (x >= lo && x <= hi) ? 1u : 0u; }
uint vk_ew_clip_grad_pass(uint x, uint lo, uint hi) { return (x >= lo && x <= hi) ? 1u : 0u; }
