// The 64-bit forms of glsl/vkdml_elementwise.glsl (INT64, UINT64 and FLOAT64 tensors), with their own names so that
// only kernels over 64-bit tensors need shaderInt64 / shaderFloat64. Same rules as the 32-bit forms.
int64_t vk_ew_add64(int64_t a, int64_t b) { return a + b; }
uint64_t vk_ew_add64(uint64_t a, uint64_t b) { return a + b; }
int64_t vk_ew_sub64(int64_t a, int64_t b) { return a - b; }
uint64_t vk_ew_sub64(uint64_t a, uint64_t b) { return a - b; }
int64_t vk_ew_mul64(int64_t a, int64_t b) { return a * b; }
uint64_t vk_ew_mul64(uint64_t a, uint64_t b) { return a * b; }
int64_t vk_ew_div64(int64_t a, int64_t b) {
    if (b == 0l) return -1l;
    if (b == -1l) return -a;
    return a / b;
}
uint64_t vk_ew_div64(uint64_t a, uint64_t b) { return b == 0ul ? ~0ul : a / b; }
int64_t vk_ew_max64(int64_t a, int64_t b) { return a > b ? a : b; }
uint64_t vk_ew_max64(uint64_t a, uint64_t b) { return a > b ? a : b; }
int64_t vk_ew_min64(int64_t a, int64_t b) { return a < b ? a : b; }
uint64_t vk_ew_min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

uint vk_ew_equals64(int64_t a, int64_t b) { return a == b ? 1u : 0u; }
uint vk_ew_equals64(uint64_t a, uint64_t b) { return a == b ? 1u : 0u; }
uint vk_ew_greater64(int64_t a, int64_t b) { return a > b ? 1u : 0u; }
uint vk_ew_greater64(uint64_t a, uint64_t b) { return a > b ? 1u : 0u; }
uint vk_ew_less64(int64_t a, int64_t b) { return a < b ? 1u : 0u; }
uint vk_ew_less64(uint64_t a, uint64_t b) { return a < b ? 1u : 0u; }
uint vk_ew_greater_equal64(int64_t a, int64_t b) { return a >= b ? 1u : 0u; }
uint vk_ew_greater_equal64(uint64_t a, uint64_t b) { return a >= b ? 1u : 0u; }
uint vk_ew_less_equal64(int64_t a, int64_t b) { return a <= b ? 1u : 0u; }
uint vk_ew_less_equal64(uint64_t a, uint64_t b) { return a <= b ? 1u : 0u; }

uint64_t vk_ew_bit_and64(uint64_t a, uint64_t b) { return a & b; }
uint64_t vk_ew_bit_or64(uint64_t a, uint64_t b) { return a | b; }
uint64_t vk_ew_bit_xor64(uint64_t a, uint64_t b) { return a ^ b; }
uint64_t vk_ew_bit_not64(uint64_t a) { return ~a; }
uint64_t vk_ew_shift_left64(uint64_t a, uint64_t b) { return b >= 64ul ? 0ul : a << b; }
uint64_t vk_ew_shift_right64(uint64_t a, uint64_t b) { return b >= 64ul ? 0ul : a >> b; }
uint vk_ew_bit_count64(uint64_t a) { return uint(bitCount(uint(a & 0xfffffffful)) + bitCount(uint(a >> 32))); }
uint64_t vk_ew_select64(uint c, uint64_t a, uint64_t b) { return c != 0u ? a : b; }
int64_t vk_ew_select64(uint c, int64_t a, int64_t b) { return c != 0u ? a : b; }

// Conversions into and out of 64-bit types: truncation toward zero, saturation, NaN -> 0.
int64_t vk_cast_to_int64(double x) {
    if (isnan(x)) return 0l;
    if (x >= 9223372036854775808.0lf) return 0x7fffffffffffffffl;
    if (x <= -9223372036854775808.0lf) return -0x7fffffffffffffffl - 1l;
    return int64_t(x);
}
uint64_t vk_cast_to_uint64(double x) {
    if (!(x > 0.0lf)) return 0ul;
    if (x >= 18446744073709551616.0lf) return ~0ul;
    return uint64_t(x);
}
// From float directly (no double: devices without shaderFloat64 run these too).
int64_t vk_cast_float_to_int64(float x) {
    if (isnan(x)) return 0l;
    if (x >= 9223372036854775808.0) return 0x7fffffffffffffffl;
    if (x <= -9223372036854775808.0) return -0x7fffffffffffffffl - 1l;
    return int64_t(x);
}
uint64_t vk_cast_float_to_uint64(float x) {
    if (!(x > 0.0)) return 0ul;
    if (x >= 18446744073709551616.0) return ~0ul;
    // Two exact 32-bit halves: NVIDIA's driver (580) converted 2^32 straight to uint64 as 2^33 - 1.
    const float high = floor(x * (1.0 / 4294967296.0));
    return (uint64_t(uint(high)) << 32) | uint64_t(uint(x - high * 4294967296.0));
}
int vk_cast_double_to_int(double x, int lo, int hi) {
    if (isnan(x)) return 0;
    if (x >= double(hi)) return hi;
    if (x <= double(lo)) return lo;
    return int(x);
}
uint vk_cast_double_to_uint(double x, uint hi) {
    if (!(x > 0.0lf)) return 0u;
    if (x >= double(hi)) return hi;
    return uint(x);
}
// 64-bit integers into float: the conversion rounds once (to nearest even).
float vk_cast_int64_to_float(int64_t x) { return float(x); }
float vk_cast_int64_to_float(uint64_t x) { return float(x); }
// double -> float rounded to odd: an fp16 rounding of the result then equals the fp16 rounding of the double.
float vk_cast_double_to_float_odd(double x) {
    float f = float(x);
    if (isinf(f) || isnan(f) || double(f) == x || (floatBitsToUint(f) & 1u) != 0u) return f;
    const bool away = abs(double(f)) > abs(x);
    return uintBitsToFloat(away ? floatBitsToUint(f) - 1u : floatBitsToUint(f) + 1u);
}

int64_t vk_ew_abs64(int64_t x) { return x < 0l ? -x : x; }
int64_t vk_ew_negate64(int64_t x) { return -x; }
int64_t vk_ew_sign64(int64_t x) { return x > 0l ? 1l : (x < 0l ? -1l : 0l); }
uint64_t vk_ew_sign64(uint64_t x) { return x != 0ul ? 1ul : 0ul; }

// MODULUS_TRUNCATE / MODULUS_FLOOR (the rules of glsl/vkdml_elementwise.glsl's integer forms).
int64_t vk_ew_mod_trunc64(int64_t a, int64_t b) {
    if (b == 0l) return a;
    if (b == -1l) return 0l;
    return a - b * (a / b);
}
uint64_t vk_ew_mod_trunc64(uint64_t a, uint64_t b) { return b == 0ul ? a : a % b; }
int64_t vk_ew_mod_floor64(int64_t a, int64_t b) {
    const int64_t r = vk_ew_mod_trunc64(a, b);
    return (r != 0l && (r < 0l) != (b < 0l)) ? r + b : r;
}
uint64_t vk_ew_mod_floor64(uint64_t a, uint64_t b) { return vk_ew_mod_trunc64(a, b); }

// A 64-bit attribute from its two 32-bit words (push constants are 32-bit words).
int64_t vk_pack_int64(uint lo, uint hi) { return int64_t((uint64_t(hi) << 32ul) | uint64_t(lo)); }
uint64_t vk_pack_uint64(uint lo, uint hi) { return (uint64_t(hi) << 32ul) | uint64_t(lo); }
uint vk_ew_clip_grad_pass64(int64_t x, int64_t lo, int64_t hi) { return (x >= lo && x <= hi) ? 1u : 0u; }
uint vk_ew_clip_grad_pass64(uint64_t x, uint64_t lo, uint64_t hi) { return (x >= lo && x <= hi) ? 1u : 0u; }
