// reference.h - reference formulas and ULP comparison utilities shared by every vkdml test (docs/ARCHITECTURE.md,
// "Numerics").
//
// Numerics contract checked by the tests. A device result is compared with the operator's exact value (computed
// here in long double from the exact inputs, see reference.cpp), rounded once to the output type. Error is the
// distance in ULP of the output type via the ordered-integer mapping of the bit patterns (+-0 equal, +-inf one
// step beyond +-max, NaN must match NaN). Exceptions, applied by the check functions below:
//  (a) fp32 outputs: if the exact result is fp32-subnormal (|exact| below 2^-126, widened by `bound` subnormal
//      steps so that a result computed a few ULP below 2^-126 may flush too), a zero of the same sign as the exact
//      value is accepted (the device may flush denormals); otherwise the ULP rule applies (a subnormal result
//      within the bound is fine). fp16 outputs get no such exception: they are computed in fp32, where half
//      subnormals are normal numbers, and must round correctly within the bound.
//  (b) fp32 inputs that are subnormal: the result may be computed from the input or from +-0 (the device may
//      flush inputs); the smallest error over those is taken.
//  (c) results whose exact value overflows the output type round to +-inf (the ordinary rounding of the exact
//      value); (d) see the distance definition above.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

// ---- reference formulas (exact inputs in, exact value out as a double) ---------------------------------------------
// For finite inputs and finite parameters these return the mathematical value of DirectML's formula, rounded to
// double. Where an input is +-inf, a parameter is +-inf, or a formula divides by a zero parameter (CELU's x/alpha,
// SOFTPLUS's /steepness), the formula is evaluated in extended-real IEEE arithmetic with exact intermediate values
// (0 * inf = NaN, inf - inf = NaN, n / +-0 = +-inf, e^-inf = 0, ln(1 + inf) = inf); NaN anywhere gives NaN.
// The vkdml shaders follow the same rules (glsl/vkdml_math.glsl); subnormal parameters are treated as +-0 there.

// CELU: max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
double ref_celu(double x, double alpha);
// LINEAR: alpha * x + beta, exact. For float arguments the returned double is the exact value rounded to 53 bits
// *to odd*, so that a further rounding to float or half (float_from_double, half_from_double) is the correctly
// rounded (fused) result with no double-rounding error.
double ref_linear(double x, double alpha, double beta);
// SOFTPLUS: ln(1 + exp(steepness * x)) / steepness
double ref_softplus(double x, double steepness);
// PARAMETRIC_SOFTPLUS: alpha * ln(1 + exp(beta * x))
double ref_parametric_softplus(double x, double alpha, double beta);

// ---- conversions ----------------------------------------------------------------------------------------------------
// Round to nearest even directly from the double (no intermediate float): subnormal halves kept, +-inf past 65504,
// NaN -> quiet NaN 0x7e00 with the sign.
uint16_t half_from_double(double d);
double double_from_half(uint16_t h);   // exact
float float_from_double(double d);     // round to nearest even
// Bit casts.
uint32_t bits_of_float(float f);
float float_of_bits(uint32_t u);
bool is_subnormal_f32(float f);

// ---- ULP distances --------------------------------------------------------------------------------------------------
// +-0 equal; NaN vs NaN = 0; NaN vs non-NaN = UINT64_MAX; otherwise |ord(got) - ord(expected)| where ord maps the
// bit patterns to integers monotonically (so +-inf is one step beyond +-max, and -min_subnormal, +-0,
// +min_subnormal are consecutive).
uint64_t ulp_distance_f32(float got, float expected);
uint64_t ulp_distance_f16(uint16_t got, uint16_t expected);

// Error in ULP of an fp32 output `got` against the exact value, with rule (a) (needs the bound for its margin).
uint64_t ulp_error_f32(float got, double exact, uint64_t bound);
// Error in ULP of an fp16 output `got` (bits) against the exact value (no flush exception).
uint64_t ulp_error_f16(uint16_t got, double exact);

// The error as a real number of ULPs, |got - exact| / ulp, where ulp is the spacing of the output type at |exact|
// (its binade; 2^-149 / 2^-24 below the normal range). -1 when not meaningful (NaN/inf on either side, or |exact|
// beyond the largest finite value). Informational: the bounds are checked on the integer distances above.
double real_ulp_error_f32(float got, double exact);
double real_ulp_error_f16(uint16_t got, double exact);

// Error of a unary fp32 op at fp32 input x with rules (a) and (b): ref is callable as double(double).
template <class Ref>
uint64_t ulp_error_f32_unary(float x, float got, Ref&& ref, uint64_t bound) {
    uint64_t e = ulp_error_f32(got, ref(static_cast<double>(x)), bound);
    if (e != 0 && is_subnormal_f32(x)) {
        uint64_t z0 = ulp_error_f32(got, ref(0.0), bound);
        uint64_t z1 = ulp_error_f32(got, ref(-0.0), bound);
        e = e < z0 ? e : z0;
        e = e < z1 ? e : z1;
    }
    return e;
}
// Error of a binary fp32 op at fp32 inputs (a, b) with rules (a) and (b) (each subnormal input may be +-0).
template <class Ref>
uint64_t ulp_error_f32_binary(float a, float b, float got, Ref&& ref, uint64_t bound) {
    uint64_t best = ulp_error_f32(got, ref(static_cast<double>(a), static_cast<double>(b)), bound);
    if (best == 0 || (!is_subnormal_f32(a) && !is_subnormal_f32(b))) return best;
    const double as[3] = {static_cast<double>(a), 0.0, -0.0};
    const double bs[3] = {static_cast<double>(b), 0.0, -0.0};
    for (int i = 0; i < (is_subnormal_f32(a) ? 3 : 1); ++i)
        for (int j = 0; j < (is_subnormal_f32(b) ? 3 : 1); ++j) {
            uint64_t e = ulp_error_f32(got, ref(as[i], bs[j]), bound);
            best = e < best ? e : best;
        }
    return best;
}
// Error of a unary op with fp16 input and fp16 output (bits), device computing in fp32 and rounding once.
template <class Ref>
uint64_t ulp_error_f16_unary(uint16_t x, uint16_t got, Ref&& ref) {
    return ulp_error_f16(got, ref(double_from_half(x)));
}

// ---- accumulating checker -------------------------------------------------------------------------------------------
// One per (function, parameters, output type). Feed it every sample; merge() combines per-thread checkers.
//     UlpCheck chk("celu alpha=1 f32", 4);
//     for (i...) chk.f32(i, x[i], y[i], [&](double v) { return ref_celu(v, 1.0); });
//     INFO(chk.summary()); CHECK(chk.ok());
struct UlpCheck {
    std::string name;
    uint64_t bound = 0;
    uint64_t max_ulp = 0;          // UINT64_MAX: a NaN where a number was expected (or the reverse)
    size_t count = 0;              // samples seen
    size_t failures = 0;           // samples over the bound
    size_t worst_index = 0;        // index (caller's numbering) of the first sample with the largest error
    double worst_input = 0.0;      // its input value
    double worst_expected = 0.0;   // the exact value there
    double worst_got = 0.0;        // the device value there
    double max_real_ulp = 0.0;     // largest real_ulp_error_* seen (informational; finer than max_ulp)

    UlpCheck() = default;
    UlpCheck(std::string n, uint64_t b) : name(std::move(n)), bound(b) {}

    // Records one sample whose error was computed elsewhere (input/expected/got are only kept for a new worst).
    void record(size_t index, double input, uint64_t ulp, double expected, double got);
    // Unary fp32 op (rules a, b).
    template <class Ref>
    uint64_t f32(size_t index, float x, float got, Ref&& ref) {
        const double exact = ref(static_cast<double>(x));
        uint64_t e = ulp_error_f32(got, exact, bound);
        if (e != 0 && is_subnormal_f32(x)) e = ulp_error_f32_unary(x, got, ref, bound);
        else if (got != 0.0f || exact == 0.0) note_real(real_ulp_error_f32(got, exact));   // not a rule-(a) flush
        record(index, x, e, exact, got);
        return e;
    }
    // Unary fp16 op (input and output as half bits).
    template <class Ref>
    uint64_t f16(size_t index, uint16_t x, uint16_t got, Ref&& ref) {
        const double exact = ref(double_from_half(x));
        uint64_t e = ulp_error_f16(got, exact);
        note_real(real_ulp_error_f16(got, exact));
        record(index, double_from_half(x), e, exact, double_from_half(got));
        return e;
    }
    void note_real(double r) {
        if (r > max_real_ulp) max_real_ulp = r;
    }
    void merge(const UlpCheck& other);
    bool ok() const { return max_ulp <= bound; }
    // One line: "<name>: max <u> ULP (bound <b>; real <r>) at x=<input> [#index]: got <g> expected <e>; <n> samples,
    // <f> over bound".
    std::string summary() const;
};
