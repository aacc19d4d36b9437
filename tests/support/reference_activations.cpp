// reference_activations.cpp - see reference_activations.h.
#include "reference_activations.h"

#include "reference.h"

#include <cmath>
#include <limits>

namespace {

typedef long double ld;

const double kNaN = std::numeric_limits<double>::quiet_NaN();

// 1 / (1 + e^-t) without overflow or cancellation; 1 at +inf, 0 at -inf.
ld sigmoid_ld(ld t) {
    if (t >= 0) return 1.0L / (1.0L + std::exp(-t));
    ld e = std::exp(t);
    return e / (1.0L + e);
}

ld clamp01(ld h) { return h > 1.0L ? 1.0L : (h < 0.0L ? 0.0L : h); }

bool any_nan(double a, double b = 0.0, double c = 0.0) { return std::isnan(a) || std::isnan(b) || std::isnan(c); }

} // namespace

double ref_elu(double x, double alpha) {
    if (any_nan(x, alpha)) return kNaN;
    if (x >= 0.0) return x;
    if (std::isinf(x)) return -alpha;                                    // alpha * (0 - 1)
    return static_cast<double>(static_cast<ld>(alpha) * std::expm1(static_cast<ld>(x)));   // inf * (<0) = -+inf
}

double ref_hard_sigmoid(double x, double alpha, double beta) {
    if (any_nan(x, alpha, beta)) return kNaN;
    double h = ref_linear(x, alpha, beta);   // exact, rounded to odd (NaN for inf * 0, inf - inf)
    if (std::isnan(h)) return kNaN;
    return h > 1.0 ? 1.0 : (h < 0.0 ? 0.0 : h);
}

double ref_leaky_relu(double x, double alpha) {
    if (any_nan(x, alpha)) return kNaN;
    if (x >= 0.0) return x;
    return alpha * x;   // exact for float arguments; 0 * -inf = NaN
}

double ref_prelu(double x, double slope) { return ref_leaky_relu(x, slope); }

double ref_relu(double x) {
    if (std::isnan(x)) return kNaN;
    return x > 0.0 ? x : 0.0;
}

double ref_scaled_elu(double x, double alpha, double gamma) {
    if (any_nan(x, alpha, gamma)) return kNaN;
    const ld g = gamma;
    if (x > 0.0) return static_cast<double>(g * static_cast<ld>(x));   // exact; 0 * inf = NaN
    // alpha e^x - alpha: inf - inf (finite x) or inf * 0 - inf (x = -inf) for infinite alpha
    if (std::isinf(alpha)) return kNaN;
    const ld a = alpha;
    ld inner = std::isinf(x) ? -a : a * std::expm1(static_cast<ld>(x));   // 0 at x = +-0 or alpha = 0
    return static_cast<double>(g * inner);                                 // inf * 0 = NaN
}

double ref_scaled_tanh(double x, double alpha, double beta) {
    if (any_nan(x, alpha, beta)) return kNaN;
    ld t = static_cast<ld>(beta) * static_cast<ld>(x);   // exact; inf * 0 = NaN
    if (std::isnan(t)) return kNaN;
    return static_cast<double>(static_cast<ld>(alpha) * std::tanh(t));   // tanh(+-inf) = +-1; inf * 0 = NaN
}

double ref_sigmoid(double x) {
    if (std::isnan(x)) return kNaN;
    return static_cast<double>(sigmoid_ld(x));
}

double ref_softsign(double x) {
    if (std::isnan(x)) return kNaN;
    if (std::isinf(x)) return x > 0 ? 1.0 : -1.0;
    const ld v = x;
    return static_cast<double>(v / (1.0L + std::fabs(v)));
}

double ref_tanh(double x) {
    if (std::isnan(x)) return kNaN;
    return static_cast<double>(std::tanh(static_cast<ld>(x)));
}

double ref_thresholded_relu(double x, double alpha) {
    if (any_nan(x, alpha)) return kNaN;
    return x > alpha ? x : 0.0;
}

double ref_shrink(double x, double bias, double threshold) {
    if (any_nan(x, bias, threshold)) return kNaN;
    if (x > threshold) return ref_linear(x, 1.0, -bias);   // x - bias, to odd (inf - inf = NaN)
    if (x < -threshold) return ref_linear(x, 1.0, bias);
    return 0.0;
}

double ref_gelu(double x) {
    if (std::isnan(x)) return kNaN;
    if (std::isinf(x)) return x > 0 ? x : kNaN;   // +inf * 1; -inf * (1 + erf(-inf)) = -inf * 0
    const ld v = x;
    const ld y = v * std::sqrt(0.5L);
    if (x >= 0.0) return static_cast<double>(0.5L * v * (1.0L + std::erf(y)));
    return static_cast<double>(0.5L * v * std::erfc(-y));   // 1 + erf(y) = erfc(-y): no cancellation
}

double ref_swish(double x, double scale) {
    if (any_nan(x, scale)) return kNaN;
    ld t = static_cast<ld>(scale) * static_cast<ld>(x);   // exact; inf * 0 = NaN
    if (std::isnan(t)) return kNaN;
    return static_cast<double>(static_cast<ld>(x) * sigmoid_ld(t));   // -inf * sigmoid(-inf) = NaN
}

double ref_hard_swish(double x, double alpha, double beta) {
    if (any_nan(x, alpha, beta)) return kNaN;
    // alpha * x is exact in long double; adding beta rounds once (relative 2^-64 even under cancellation).
    ld h = static_cast<ld>(alpha) * static_cast<ld>(x) + static_cast<ld>(beta);
    if (std::isnan(h)) return kNaN;
    return static_cast<double>(static_cast<ld>(x) * clamp01(h));   // inf * 0 = NaN
}

double ref_erf(double x) {
    if (std::isnan(x)) return kNaN;
    return static_cast<double>(std::erf(static_cast<ld>(x)));
}

double ref_erfc(double x) {
    if (std::isnan(x)) return kNaN;
    return static_cast<double>(std::erfc(static_cast<ld>(x)));
}
