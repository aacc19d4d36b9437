// reference.cpp - see reference.h. The formulas are evaluated in long double (x86: 64-bit significand) from the
// exact inputs, with the numerically stable forms, so that their own error (a few 2^-64) is far below the
// tolerances; LINEAR is exact (error-free transformations in double, rounded to odd).
#include "reference.h"

#include <cfloat>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace {

typedef long double ld;

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// ln(1 + e^t) for any t (stable form); +inf -> +inf, -inf -> 0. Positive for every finite t (it may underflow to 0
// in long double only below t = -11355, far below anything representable after scaling into fp32).
ld softplus_ld(ld t) {
    if (std::isinf(t)) return t > 0 ? t : 0.0L;
    return (t > 0 ? t : 0.0L) + std::log1p(std::exp(-std::fabs(t)));
}

} // namespace

double ref_celu(double x, double alpha) {
    if (std::isnan(x) || std::isnan(alpha)) return kNaN;
    // x / alpha = +-0 (finite x) or NaN: alpha * expm1(+-0) = inf * 0.
    if (std::isinf(alpha)) return kNaN;
    if (alpha == 0.0) {
        if (x == 0.0) return kNaN;                                         // 0 / 0
        bool q_pos = std::signbit(x) == std::signbit(alpha);               // x / alpha = +inf or -inf
        if (q_pos) return kNaN;                                            // 0 * expm1(+inf) = 0 * inf
        return x > 0.0 ? x : 0.0;                                          // max(0, x) + min(0, 0 * -1)
    }
    // From here alpha is finite and non-zero, so alpha * expm1(x / alpha) has the sign of x (or is 0).
    if (x >= 0.0) return x;                      // +inf included: min(0, positive or +inf) = 0
    if (std::isinf(x)) return alpha > 0.0 ? -alpha : x;   // x/alpha = -inf: alpha*(-1); = +inf: alpha*inf = -inf
    ld q = static_cast<ld>(x) / static_cast<ld>(alpha);
    return static_cast<double>(static_cast<ld>(alpha) * std::expm1(q));
}

double ref_linear(double x, double alpha, double beta) {
    double p = alpha * x;   // exact for float arguments (48-bit product, no overflow in double)
    double s = p + beta;
    if (!std::isfinite(s) || !std::isfinite(p) || !std::isfinite(beta)) return s;
    double bb = s - p;
    double e = (p - (s - bb)) + (beta - bb);   // s + e = p + beta exactly (TwoSum)
    if (e != 0.0) {
        uint64_t u;
        std::memcpy(&u, &s, sizeof u);
        if ((u & 1u) == 0) s = std::nextafter(s, e > 0.0 ? kInf : -kInf);   // round to odd
    }
    return s;
}

double ref_softplus(double x, double steepness) {
    if (std::isnan(x) || std::isnan(steepness)) return kNaN;
    const ld s = steepness;
    if (steepness == 0.0 || std::isinf(steepness) || std::isinf(x)) {
        // Extended-real evaluation; every intermediate here is exact: t = s*x is 0, +-inf or NaN.
        ld t = s * static_cast<ld>(x);
        if (std::isnan(t)) return kNaN;
        ld g = softplus_ld(t);   // ln2, +inf or 0
        return static_cast<double>(g / s);   // ln2/+-0 = +-inf, inf/+-inf = NaN, 0/+-inf = +-0, inf/s, 0/s
    }
    ld t = s * static_cast<ld>(x);   // exact for float arguments
    return static_cast<double>(softplus_ld(t) / s);
}

double ref_parametric_softplus(double x, double alpha, double beta) {
    if (std::isnan(x) || std::isnan(alpha) || std::isnan(beta)) return kNaN;
    ld t = static_cast<ld>(beta) * static_cast<ld>(x);   // exact for float arguments; inf*0 = NaN
    if (std::isnan(t)) return kNaN;
    // g = ln(1 + e^t): +inf for t = +inf, 0 for t = -inf, finite and > 0 otherwise.
    if (std::isinf(alpha)) return t == -std::numeric_limits<ld>::infinity() ? kNaN : alpha;
    if (alpha == 0.0) return t == std::numeric_limits<ld>::infinity() ? kNaN : alpha;
    return static_cast<double>(static_cast<ld>(alpha) * softplus_ld(t));
}

uint16_t half_from_double(double d) {
    uint16_t sign = std::signbit(d) ? 0x8000u : 0u;
    if (std::isnan(d)) return static_cast<uint16_t>(sign | 0x7e00u);
    double a = std::fabs(d);
    if (a >= 65520.0) return static_cast<uint16_t>(sign | 0x7c00u);   // 65520 = 65504 + half a step: ties to inf
    if (a < 0x1p-14) {
        // Subnormal (or zero): an integer number of 2^-24 steps; the scaling is exact, nearbyint rounds to even.
        double q = std::nearbyint(a * 0x1p24);   // 0..1024 (1024 = smallest normal)
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(q));
    }
    int e;
    double m = std::frexp(a, &e);                // a = m * 2^e, m in [0.5, 1)
    double q = std::nearbyint(std::ldexp(m, 11));   // 11 significant bits: 1024..2048
    if (q == 2048.0) {
        q = 1024.0;
        ++e;
    }
    int biased = e + 14;                         // value = q * 2^(e-11), q in [1024, 2048): exponent e-1, bias 15
    if (biased >= 31) return static_cast<uint16_t>(sign | 0x7c00u);
    return static_cast<uint16_t>(sign | (biased << 10) | (static_cast<int>(q) - 1024));
}

double double_from_half(uint16_t h) {
    double sign = (h & 0x8000u) ? -1.0 : 1.0;
    int e = (h >> 10) & 0x1f;
    int m = h & 0x3ff;
    if (e == 31) return m ? kNaN : sign * kInf;
    if (e == 0) return sign * std::ldexp(static_cast<double>(m), -24);
    return sign * std::ldexp(static_cast<double>(m + 1024), e - 25);
}

float float_from_double(double d) { return static_cast<float>(d); }

uint32_t bits_of_float(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

float float_of_bits(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

bool is_subnormal_f32(float f) {
    uint32_t u = bits_of_float(f);
    return (u & 0x7f800000u) == 0 && (u & 0x7fffffu) != 0;
}

uint64_t ulp_distance_f32(float got, float expected) {
    bool gn = std::isnan(got), en = std::isnan(expected);
    if (gn || en) return (gn && en) ? 0 : UINT64_MAX;
    auto ord = [](float f) -> int64_t {
        uint32_t u = bits_of_float(f);
        return (u & 0x80000000u) ? -static_cast<int64_t>(u & 0x7fffffffu) : static_cast<int64_t>(u);
    };
    int64_t d = ord(got) - ord(expected);
    return static_cast<uint64_t>(d < 0 ? -d : d);
}

uint64_t ulp_distance_f16(uint16_t got, uint16_t expected) {
    bool gn = (got & 0x7fffu) > 0x7c00u, en = (expected & 0x7fffu) > 0x7c00u;
    if (gn || en) return (gn && en) ? 0 : UINT64_MAX;
    auto ord = [](uint16_t h) -> int64_t {
        return (h & 0x8000u) ? -static_cast<int64_t>(h & 0x7fffu) : static_cast<int64_t>(h);
    };
    int64_t d = ord(got) - ord(expected);
    return static_cast<uint64_t>(d < 0 ? -d : d);
}

uint64_t ulp_error_f32(float got, double exact, uint64_t bound) {
    uint64_t d = ulp_distance_f32(got, float_from_double(exact));
    if (d != 0 && got == 0.0f && !std::isnan(exact)) {
        // Rule (a): the exact value is subnormal (or within `bound` subnormal steps of 2^-126) and the device
        // flushed it to a zero of the right sign.
        double limit = static_cast<double>(FLT_MIN) + static_cast<double>(bound) * 0x1p-149;
        if (std::fabs(exact) < limit && std::signbit(got) == std::signbit(exact)) d = 0;
    }
    return d;
}

uint64_t ulp_error_f16(uint16_t got, double exact) { return ulp_distance_f16(got, half_from_double(exact)); }

namespace {
// |got - exact| / ulp for a format with `mant_bits` stored significand bits and minimum normal exponent emin.
double real_ulp_error(double got, double exact, int mant_bits, int emin, double max_finite) {
    if (std::isnan(got) || std::isnan(exact) || std::isinf(got) || std::fabs(exact) > max_finite) return -1.0;
    double a = std::fabs(exact);
    int e = emin;
    if (a >= std::ldexp(1.0, emin)) e = std::ilogb(a);
    return std::fabs(got - exact) / std::ldexp(1.0, e - mant_bits);
}
} // namespace

double real_ulp_error_f32(float got, double exact) { return real_ulp_error(got, exact, 23, -126, FLT_MAX); }
double real_ulp_error_f16(uint16_t got, double exact) {
    return real_ulp_error(double_from_half(got), exact, 10, -14, 65504.0);
}

void UlpCheck::record(size_t index, double input, uint64_t ulp, double expected, double got) {
    if (count == 0 || ulp > max_ulp) {
        max_ulp = ulp;
        worst_index = index;
        worst_input = input;
        worst_expected = expected;
        worst_got = got;
    }
    ++count;
    if (ulp > bound) ++failures;
}

void UlpCheck::merge(const UlpCheck& other) {
    if (other.count == 0) return;
    if (count == 0 || other.max_ulp > max_ulp ||
        (other.max_ulp == max_ulp && other.worst_index < worst_index)) {
        max_ulp = other.max_ulp;
        worst_index = other.worst_index;
        worst_input = other.worst_input;
        worst_expected = other.worst_expected;
        worst_got = other.worst_got;
    }
    count += other.count;
    failures += other.failures;
    if (other.max_real_ulp > max_real_ulp) max_real_ulp = other.max_real_ulp;
}

std::string UlpCheck::summary() const {
    char buf[512];
    if (max_ulp == UINT64_MAX)
        std::snprintf(buf, sizeof buf, "%s: NaN mismatch at x=%.9g [#%zu]: got %.9g expected %.17g; %zu samples, %zu over bound %" PRIu64,
                      name.c_str(), worst_input, worst_index, worst_got, worst_expected, count, failures, bound);
    else
        std::snprintf(buf, sizeof buf, "%s: max %" PRIu64 " ULP (bound %" PRIu64 "; real %.3f) at x=%.9g [#%zu]: got %.9g expected %.17g; %zu samples, %zu over bound",
                      name.c_str(), max_ulp, bound, max_real_ulp, worst_input, worst_index, worst_got, worst_expected, count, failures);
    return buf;
}
