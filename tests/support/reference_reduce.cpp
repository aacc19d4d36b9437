#include "reference_reduce.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "activation_reference.h"
#include "raw_enum_calls.h"

namespace vkdml::test {

namespace {

constexpr double kU = kUnitRoundoff;
const double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isF16(DML_TENSOR_DATA_TYPE t) { return t == DML_TENSOR_DATA_TYPE_FLOAT16; }

// The final rounding of a FLOAT32 result, plus one FLOAT16 ULP when the output is FLOAT16.
double outputUlps(DML_TENSOR_DATA_TYPE out, double value, double f32Ulps) {
    return f32Ulps * ulpOf(DML_TENSOR_DATA_TYPE_FLOAT32, value) + (isF16(out) ? ulpOf(out, value) : 0.0);
}

// Neumaier's compensated sum in double: exact to a few 2^-53 of the result for any order and length here.
class ExactSum {
public:
    void add(double x) {
        plain_ += x;
        const double t = s_ + x;
        c_ += std::fabs(s_) >= std::fabs(x) ? (s_ - t) + x : (x - t) + s_;
        s_ = t;
    }
    double value() const { return std::isfinite(plain_) ? s_ + c_ : plain_; }

private:
    double s_ = 0, c_ = 0, plain_ = 0;
};

// A product kept as significand and exponent, so that no partial product overflows or underflows.
double exactProduct(const std::vector<double>& v) {
    double m = 1;
    long e = 0;
    for (double x : v) {
        m *= x;
        if (m == 0 || !std::isfinite(m)) continue;
        int k = 0;
        m = std::frexp(m, &k);
        e += k;
    }
    if (m == 0 || !std::isfinite(m)) return m;
    return std::ldexp(m, static_cast<int>(std::clamp<long>(e, -100000, 100000)));
}

// NaN-propagating max/min (-0 and +0 compare equal; the first of equal values is kept).
double extreme(const std::vector<double>& v, bool max) {
    double r = v[0];
    for (double x : v) {
        if (std::isnan(x)) return x;
        if (max ? x > r : x < r) r = x;
    }
    return r;
}

uint64_t argIndex(const std::vector<double>& v, bool max, bool last) {
    const uint64_t n = v.size();
    uint64_t best = last ? n - 1 : 0;
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t k = last ? n - 1 - i : i;
        if (std::isnan(v[k])) return k;
        if (max ? v[k] > v[best] : v[k] < v[best]) best = k;
    }
    return best;
}

double wrapped(DML_TENSOR_DATA_TYPE type, uint64_t bits) {
    return isSignedType(type) ? static_cast<double>(signedValue(type, bits))
                              : static_cast<double>(bits & typeMask(type));
}

Expected integerReduce(DML_REDUCE_FUNCTION f, DML_TENSOR_DATA_TYPE type, const std::vector<double>& v) {
    uint64_t acc = f == DML_REDUCE_FUNCTION_MULTIPLY ? 1 : 0;
    for (double x : v) {
        const uint64_t bits = static_cast<uint64_t>(static_cast<int64_t>(x));  // modulo 2^64
        switch (f) {
            case DML_REDUCE_FUNCTION_SUM: acc += bits; break;
            case DML_REDUCE_FUNCTION_MULTIPLY: acc *= bits; break;
            case DML_REDUCE_FUNCTION_L1: acc += x < 0 ? 0 - bits : bits; break;
            case DML_REDUCE_FUNCTION_SUM_SQUARE: acc += bits * bits; break;
            default: FAIL("REDUCE function " << int(f) << " has no integer reference");
        }
    }
    return {wrapped(type, acc), 0};
}

// REDUCE of the float members `v` (exact values of the input type) to an output of `out`.
Expected floatReduce(DML_REDUCE_FUNCTION f, DML_TENSOR_DATA_TYPE out, const std::vector<double>& v) {
    const double n = static_cast<double>(v.size());
    const double depth = ceilLog2(v.size());
    ExactSum sum, magnitude, squares;
    for (double x : v) sum.add(x), magnitude.add(std::fabs(x)), squares.add(x * x);
    const double s = sum.value(), S = magnitude.value(), q = squares.value();
    // The contract of the FLOAT32 accumulation: |computed sum - exact| <= (ceil(log2 N) + 2) u S.
    const double sumError = (depth + 2) * kU * S;
    switch (f) {
        case DML_REDUCE_FUNCTION_SUM:
            // The accumulation, then one rounding of the result.
            return {s, sumError + outputUlps(out, s, 1)};
        case DML_REDUCE_FUNCTION_L1:
            return {S, sumError + outputUlps(out, S, 1)};
        case DML_REDUCE_FUNCTION_AVERAGE: {
            // The sum's error divided by N; the sum's rounding, seen at s / N, is at most 1 ULP of the mean (the
            // mean's binade is at most a factor 2 below s's divided by N), the division (or a product with a
            // rounded 1/N) 1.5 more: 3 ULP.
            const double mean = s / n;
            return {mean, sumError / n + outputUlps(out, mean, 3)};
        }
        case DML_REDUCE_FUNCTION_SUM_SQUARE:
            // One more u for the rounding of each square: (ceil(log2 N) + 3) u Q.
            return {q, (depth + 3) * kU * q + outputUlps(out, q, 1)};
        case DML_REDUCE_FUNCTION_L2: {
            // sqrt halves the sum of squares' relative error ((ceil(log2 N) + 3) u, + 2u for its rounding); the
            // square root itself: 3 ULP (Vulkan's sqrt is inherited from inversesqrt, 2 ULP, plus a rounding).
            const double r = std::sqrt(q);
            return {r, (depth + 5) / 2 * kU * r + outputUlps(out, r, 3)};
        }
        case DML_REDUCE_FUNCTION_LOG_SUM: {
            if (!(s > 0)) return {std::log(s), 0};  // ln 0 = -inf, ln(negative) = NaN: test data sums exactly here
            // A relative error e of the sum is an absolute error e of its logarithm; ln's own error 2 ULP.
            const double r = std::log(s);
            const double relative = (sumError + ulpOf(DML_TENSOR_DATA_TYPE_FLOAT32, s)) / s;
            return {r, relative + outputUlps(out, r, 2)};
        }
        case DML_REDUCE_FUNCTION_LOG_SUM_EXP: {
            const double m = extreme(v, true);
            if (std::isnan(m) || std::isinf(m)) return {m, 0};  // NaN, +inf; all -inf: -inf
            ExactSum e;
            for (double x : v) e.add(std::exp(x - m));
            const double t = e.value(), r = m + std::log(t);
            // t = sum of exp(x - m) in [1, N]. Its relative error: the accumulation (ceil(log2 N) + 2) u and its
            // rounding 2u; each exp, 4u (2 ULP); each rounded x - m, u |x - m| relative in its term, whose
            // weighted mean over the terms is below ln N + 1. ln t adds 2 ULP of ln t (<= 4u ln t) and the sum
            // m + ln t 2 ULP of the result.
            const double relative = (depth + 2 + 2 + 4 + std::ceil(std::log(n)) + 1) * kU;
            return {r, relative + 4 * kU * std::log(t) + outputUlps(out, r, 2)};
        }
        case DML_REDUCE_FUNCTION_MAX: return {extreme(v, true), 0};
        case DML_REDUCE_FUNCTION_MIN: return {extreme(v, false), 0};
        case DML_REDUCE_FUNCTION_MULTIPLY: {
            // The contract: relative (ceil(log2 N) + 2) u, then one rounding.
            const double p = exactProduct(v);
            return {p, (depth + 2) * kU * std::fabs(p) + outputUlps(out, p, 1)};
        }
        default: FAIL("no float reference for REDUCE function " << int(f));
    }
    return {};
}

struct ActivationBound {
    double lipschitz;  // the largest slope: an error e of the input moves the output by at most lipschitz * e
    double ulps32, ulps16;
};

ActivationBound activationBound(DML_OPERATOR_TYPE type, double alpha) {
    for (const ActivationInfo& a : kAllActivations)
        if (a.type == type) {
            switch (type) {
                case DML_OPERATOR_ACTIVATION_RELU:
                case DML_OPERATOR_ACTIVATION_TANH: return {1.0, double(a.boundF32), double(a.boundF16)};
                case DML_OPERATOR_ACTIVATION_SIGMOID: return {0.25, double(a.boundF32), double(a.boundF16)};
                case DML_OPERATOR_ACTIVATION_LINEAR: return {std::fabs(alpha), double(a.boundF32), double(a.boundF16)};
                default: break;
            }
        }
    FAIL("no MVN reference for fused activation " << int(type));
    return {};
}

// The value of the broadcast tensor `t` (dimensions 1 or the input's) at the input's row-major element e.
double broadcastAt(const HostTensor& t, const std::vector<uint32_t>& sizes, uint64_t e) {
    uint64_t index = 0, stride = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
        const uint64_t coord = e % sizes[d];
        e /= sizes[d];
        if (t.sizes[d] != 1) index += coord * stride;
        stride *= t.sizes[d];
    }
    return t.values[index];
}

}  // namespace

// ---- ReductionGroups ------------------------------------------------------------------------------------------------

ReductionGroups::ReductionGroups(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes)
    : outputSizes_(sizes) {
    const size_t rank = sizes.size();
    std::vector<bool> reduced(rank, false);
    for (uint32_t a : axes) {
        REQUIRE_MESSAGE((a < rank && !reduced[a]), "axis " << a << " is out of range or repeated");
        reduced[a] = true;
        outputSizes_[a] = 1;
    }
    std::vector<uint64_t> stride(rank);
    for (size_t d = rank, s = 1; d-- > 0;) stride[d] = s, s *= sizes[d];
    // Row-major over the dimensions flagged `which`: the index contributions of every coordinate combination.
    auto combinations = [&](bool which) {
        std::vector<uint64_t> out{0};
        for (size_t d = 0; d < rank; ++d) {
            if (reduced[d] != which || sizes[d] == 1) continue;
            std::vector<uint64_t> next;
            next.reserve(out.size() * sizes[d]);
            for (uint64_t o : out)
                for (uint64_t c = 0; c < sizes[d]; ++c) next.push_back(o + c * stride[d]);
            out.swap(next);
        }
        return out;
    };
    base_ = combinations(false);
    offset_ = combinations(true);
}

std::vector<double> ReductionGroups::gather(const std::vector<double>& values, uint64_t g) const {
    std::vector<double> v(offset_.size());
    for (uint64_t k = 0; k < v.size(); ++k) v[k] = values[member(g, k)];
    return v;
}

// ---- references -----------------------------------------------------------------------------------------------------

uint32_t ceilLog2(uint64_t n) {
    uint32_t l = 0;
    while ((uint64_t(1) << l) < n) ++l;
    return l;
}

double ulpOf(DML_TENSOR_DATA_TYPE type, double x) {
    const int mantissa = isF16(type) ? 10 : 23, emin = isF16(type) ? -14 : -126;
    const double a = std::fabs(x);
    if (!(a > 0) || std::isinf(a)) return std::ldexp(1.0, emin - mantissa);
    int e = 0;
    std::frexp(a, &e);  // a in [2^(e-1), 2^e)
    return std::ldexp(1.0, std::max(e - 1, emin) - mantissa);
}

std::vector<Expected> expectReduce(DML_REDUCE_FUNCTION function, DML_TENSOR_DATA_TYPE inType,
                                   DML_TENSOR_DATA_TYPE outType, const HostTensor& x,
                                   const std::vector<uint32_t>& axes) {
    if (function == DML_REDUCE_FUNCTION_ARGMAX || function == DML_REDUCE_FUNCTION_ARGMIN)
        return expectArg(function == DML_REDUCE_FUNCTION_ARGMAX, DML_AXIS_DIRECTION_INCREASING, x, axes);
    const ReductionGroups groups(x.sizes, axes);
    std::vector<Expected> out(groups.groupCount());
    for (uint64_t g = 0; g < out.size(); ++g) {
        const std::vector<double> v = groups.gather(x.values, g);
        if (isFloatType(inType))
            out[g] = floatReduce(function, outType, v);
        else if (function == DML_REDUCE_FUNCTION_MAX || function == DML_REDUCE_FUNCTION_MIN)
            out[g] = {extreme(v, function == DML_REDUCE_FUNCTION_MAX), 0};
        else
            out[g] = integerReduce(function, inType, v);
    }
    return out;
}

std::vector<Expected> expectArg(bool max, DML_AXIS_DIRECTION direction, const HostTensor& x,
                                const std::vector<uint32_t>& axes) {
    const ReductionGroups groups(x.sizes, axes);
    std::vector<Expected> out(groups.groupCount());
    for (uint64_t g = 0; g < out.size(); ++g)
        out[g] = {double(argIndex(groups.gather(x.values, g), max, direction == DML_AXIS_DIRECTION_DECREASING)), 0};
    return out;
}

std::vector<Expected> expectSoftmax(SoftmaxKind kind, DML_TENSOR_DATA_TYPE type, const HostTensor& x,
                                    const std::vector<uint32_t>& axes) {
    const ReductionGroups groups(x.sizes, axes);
    std::vector<Expected> out(x.values.size());
    for (uint64_t g = 0; g < groups.groupCount(); ++g) {
        const std::vector<double> v = groups.gather(x.values, g);
        const uint64_t n = v.size();
        if (kind == SoftmaxKind::Hardmax) {
            const uint64_t one = argIndex(v, true, false);
            for (uint64_t k = 0; k < n; ++k) out[groups.member(g, k)] = {k == one ? 1.0 : 0.0, 0};
            continue;
        }
        const double m = extreme(v, true);
        if (!std::isfinite(m)) {  // NaN, a +inf (inf - inf) or only -inf (-inf - -inf): 0/0
            for (uint64_t k = 0; k < n; ++k) out[groups.member(g, k)] = {kNaN, 0};
            continue;
        }
        ExactSum sum;
        for (double xi : v) sum.add(std::exp(xi - m));
        const double t = sum.value(), lnT = std::log(t);
        for (uint64_t k = 0; k < n; ++k) {
            const double d = v[k] - m;
            Expected& e = out[groups.member(g, k)];
            if (kind == SoftmaxKind::Softmax) {
                // The contract: 4 ULP (FLOAT32), 1 ULP (FLOAT16) of the exact value, whatever the row's length. (It
                // needs x - max without rounding: rounded to FLOAT32 it is off by up to u |x - max|, which exp
                // turns into a relative error as large, up to 8 ULP for values spread over 16.)
                e.value = std::exp(d) / t;
                e.bound = isF16(type) ? ulpOf(type, e.value) : 4 * ulpOf(type, e.value);
            } else {
                // d - ln t cancels where x is the maximum of a row dominated by it: 4 ULP of the result (1 ULP for
                // FLOAT16), or 4u of the magnitudes that cancel (|d| + ln t), whichever is larger.
                e.value = d - lnT;
                const double cancel = 4 * kU * (std::fabs(d) + lnT);
                e.bound = std::max(isF16(type) ? ulpOf(type, e.value) : 4 * ulpOf(type, e.value), cancel);
            }
        }
    }
    return out;
}

std::vector<Expected> expectMvn(DML_TENSOR_DATA_TYPE type, const HostTensor& x, const MvnParams& p) {
    const ReductionGroups groups(x.sizes, p.axes);
    const double n = static_cast<double>(groups.groupSize()), depth = ceilLog2(groups.groupSize());
    const bool activation = p.activation != DML_OPERATOR_INVALID;
    const ActivationBound act = activation ? activationBound(p.activation, p.alpha) : ActivationBound{1, 1, 1};
    std::vector<Expected> out(x.values.size());
    for (uint64_t g = 0; g < groups.groupCount(); ++g) {
        const std::vector<double> v = groups.gather(x.values, g);
        ExactSum sum, magnitude;
        for (double xi : v) sum.add(xi), magnitude.add(std::fabs(xi));
        const double mean = p.useMean ? sum.value() / n : 0.0;
        // The FLOAT32 mean: the sum's contract (ceil(log2 N) + 2) u S, its rounding and the division's, each at
        // most u S: (ceil(log2 N) + 4) u mean|x|. Every centred value x - mean inherits it.
        const double meanError = p.useMean ? (depth + 4) * kU * magnitude.value() / n : 0.0;
        ExactSum centred;
        for (double xi : v) centred.add((xi - mean) * (xi - mean));
        const double variance = centred.value() / n;  // population variance (of x itself without the mean)
        const double varianceEps = variance + p.epsilon;
        const double deviation = std::sqrt(varianceEps);
        // Relative error of variance + epsilon: the sum of squares (ceil(log2 N) + 3) u, the rounding of every
        // centred value (2u in its square), the division by N (u), plus the square of the mean's error (the
        // first-order term sums to zero over the centred values); u for adding epsilon. The square root halves it
        // and adds 2u (a rounded sqrt or inversesqrt).
        const double varianceRelative = ((depth + 6) * kU * variance + meanError * meanError) / varianceEps + kU;
        const double deviationRelative = varianceRelative / 2 + 2 * kU;
        for (uint64_t k = 0; k < v.size(); ++k) {
            const uint64_t e = groups.member(g, k);
            const double c = v[k] - mean;
            double z, zError;
            if (p.useVariance) {
                z = c / deviation;
                // c's error over the deviation, and z's relative error: the deviation's, 2u for rounding c and
                // the division.
                zError = meanError / deviation + std::fabs(z) * (2 * kU + deviationRelative);
            } else {
                z = c;
                zError = meanError + kU * std::fabs(c);
            }
            const double a = p.scale ? broadcastAt(*p.scale, x.sizes, e) : 1.0;
            const double b = p.bias ? broadcastAt(*p.bias, x.sizes, e) : 0.0;
            const double f = p.addend ? p.addend->values[e] : 0.0;
            const double y = a * z + b + f;
            // z's error through the scale, twice over (the order of the operations is the implementation's), and
            // the rounding of the product and the sums.
            const double yError = 2 * std::fabs(a) * zError + 3 * kU * (std::fabs(a * z) + std::fabs(b) + std::fabs(f));
            Expected& r = out[e];
            if (!activation) {
                r = {y, yError + outputUlps(type, y, 1)};
                continue;
            }
            // The activation moves y's error by at most its slope and adds its own ULP bound.
            r.value = referenceActivation(p.activation, y, p.alpha, p.beta);
            r.bound = act.lipschitz * yError + act.ulps32 * ulpOf(DML_TENSOR_DATA_TYPE_FLOAT32, r.value) +
                      (isF16(type) ? act.ulps16 * ulpOf(type, r.value) : 0.0);
        }
    }
    return out;
}

void expectBatchNormStatistics(DML_TENSOR_DATA_TYPE type, const HostTensor& x, const std::vector<uint32_t>& axes,
                               std::vector<Expected>& mean, std::vector<Expected>& variance) {
    const ReductionGroups groups(x.sizes, axes);
    const double n = static_cast<double>(groups.groupSize()), depth = ceilLog2(groups.groupSize());
    mean.assign(groups.groupCount(), {});
    variance.assign(groups.groupCount(), {});
    for (uint64_t g = 0; g < groups.groupCount(); ++g) {
        const std::vector<double> v = groups.gather(x.values, g);
        ExactSum sum, magnitude;
        for (double xi : v) sum.add(xi), magnitude.add(std::fabs(xi));
        const double m = sum.value() / n;
        // As expectMvn: the mean within (ceil(log2 N) + 4) u mean|x|; the variance within (ceil(log2 N) + 6) u of
        // itself plus the square of the mean's error; then each rounded to the output.
        const double meanError = (depth + 4) * kU * magnitude.value() / n;
        ExactSum centred;
        for (double xi : v) centred.add((xi - m) * (xi - m));
        const double var = centred.value() / n;
        mean[g] = {m, meanError + outputUlps(type, m, 1)};
        variance[g] = {var, (depth + 6) * kU * var + meanError * meanError + outputUlps(type, var, 1)};
    }
}

std::vector<Expected> expectBatchNorm(DML_TENSOR_DATA_TYPE type, const HostTensor& x, const BatchNormParams& p) {
    REQUIRE((p.mean && p.variance && p.scale && p.bias));
    const bool activation = p.activation != DML_OPERATOR_INVALID;
    const ActivationBound act = activation ? activationBound(p.activation, p.alpha) : ActivationBound{1, 1, 1};
    std::vector<Expected> out(x.values.size());
    for (uint64_t e = 0; e < x.values.size(); ++e) {
        const double m = broadcastAt(*p.mean, x.sizes, e), v = broadcastAt(*p.variance, x.sizes, e);
        const double a = broadcastAt(*p.scale, x.sizes, e), b = broadcastAt(*p.bias, x.sizes, e);
        // FLOAT32 sums and square roots of FLOAT32 values: exact in double but for the square root (far below u).
        const double c = x.values[e] - m, deviation = std::sqrt(v + double(float(p.epsilon)));
        const double z = c / deviation;
        const double y = a * z + b;
        Expected& r = out[e];
        if (!std::isfinite(y)) {
            r = {y, 0};
            continue;
        }
        // x - mean and variance + epsilon are exact pairs, the square root and its reciprocal pairs (about 2^-44):
        // z within 2u of itself; then the product and the sum, u each.
        const double yError = 2 * kU * std::fabs(a * z) + 2 * kU * (std::fabs(a * z) + std::fabs(b));
        if (!activation) {
            r = {y, yError + outputUlps(type, y, 1)};
            continue;
        }
        r.value = referenceActivation(p.activation, y, p.alpha, p.beta);
        r.bound = act.lipschitz * yError + act.ulps32 * ulpOf(DML_TENSOR_DATA_TYPE_FLOAT32, r.value) +
                  (isF16(type) ? act.ulps16 * ulpOf(type, r.value) : 0.0);
    }
    return out;
}

std::vector<Expected> expectLrn(DML_TENSOR_DATA_TYPE type, const HostTensor& x, bool crossChannel, uint32_t localSize,
                                double alpha, double beta, double bias) {
    REQUIRE(x.sizes.size() == 4);
    const int64_t sizes[4] = {x.sizes[0], x.sizes[1], x.sizes[2], x.sizes[3]};
    const int64_t before = (localSize - 1) / 2, after = localSize / 2;
    // The device's Alpha / LocalSize is a FLOAT32 (one rounding).
    const double k = double(float(alpha / localSize));
    std::vector<Expected> out(x.values.size());
    auto at = [&](int64_t n, int64_t c, int64_t h, int64_t w) {
        return x.values[uint64_t(((n * sizes[1] + c) * sizes[2] + h) * sizes[3] + w)];
    };
    for (uint64_t e = 0; e < x.values.size(); ++e) {
        uint64_t q = e;
        const int64_t w = int64_t(q % sizes[3]);
        q /= sizes[3];
        const int64_t h = int64_t(q % sizes[2]);
        q /= sizes[2];
        const int64_t c = int64_t(q % sizes[1]), n = int64_t(q / sizes[1]);
        ExactSum sum;
        auto lo = [&](int64_t i) { return std::max<int64_t>(0, i - before); };
        auto hi = [&](int64_t i, int64_t size) { return std::min<int64_t>(size - 1, i + after); };
        if (crossChannel) {
            for (int64_t j = lo(c); j <= hi(c, sizes[1]); ++j) sum.add(at(n, j, h, w) * at(n, j, h, w));
        } else {
            for (int64_t i = lo(h); i <= hi(h, sizes[2]); ++i)
                for (int64_t j = lo(w); j <= hi(w, sizes[3]); ++j) sum.add(at(n, c, i, j) * at(n, c, i, j));
        }
        const double s = sum.value(), base = double(float(bias)) + k * s;
        const double y = x.values[e] / std::pow(base, beta);
        if (!std::isfinite(y) || !(base > 0)) {
            out[e] = {y, 0};
            continue;
        }
        // The base: each square rounded (u S), the compensated sum (u S), the product with k and the sum with
        // bias (u each): 5u (k S + |bias|) absolute. The power moves its relative error by |beta| and adds 2u
        // (C's pow within about 1 ULP), the division u/2.
        const double baseError = 5 * kU * (k * s + std::fabs(bias));
        const double relative = std::fabs(beta) * baseError / base + 3 * kU;
        out[e] = {y, relative * std::fabs(y) + outputUlps(type, y, 1)};
    }
    return out;
}

std::vector<Expected> expectLpNormalization(DML_TENSOR_DATA_TYPE type, const HostTensor& x, uint32_t axis,
                                            double epsilon, uint32_t p) {
    REQUIRE_MESSAGE((p == 1 || p == 2), "LP_NORMALIZATION reference for P = " << p);
    const ReductionGroups rows(x.sizes, {axis});
    const double depth = ceilLog2(rows.groupSize());
    std::vector<Expected> out(x.values.size());
    for (uint64_t g = 0; g < rows.groupCount(); ++g) {
        const std::vector<double> v = rows.gather(x.values, g);
        ExactSum sum;  // of |x| or x^2 (exact in double for FLOAT32 x); infinite or NaN when such a term is there
        for (double xi : v) sum.add(p == 1 ? std::fabs(xi) : xi * xi);
        const double norm = p == 1 ? sum.value() : std::sqrt(sum.value());
        // max(NaN, epsilon) stays NaN: the whole row is NaN.
        const double divisor = std::isnan(norm) ? norm : std::max(norm, epsilon);
        for (uint64_t k = 0; k < v.size(); ++k) {
            const double y = v[k] / divisor;
            Expected& e = out[rows.member(g, k)];
            if (!std::isfinite(divisor) || !std::isfinite(y)) {
                e = {y, 0};  // NaN; an infinite norm: +-0 for finite x, NaN for an infinite one
                continue;
            }
            // The norm's relative error: the accumulation contract (ceil(log2 N) + 2) u of a sum of non-negative
            // terms, u for each square's rounding (P = 2) and u for the sum's own rounding; the square root halves
            // that and adds at most 2u. The division (or a reciprocal and a product) 2u: (ceil(log2 N) + 6) u |y|,
            // then the rounding to the output (1 ULP; FLOAT16 1 more FLOAT16 ULP). Where epsilon wins the divisor
            // is exact and only the division's error is left; near the switch max() moves no more than the norm.
            e = {y, (depth + 6) * kU * std::fabs(y) + outputUlps(type, y, 1)};
        }
    }
    return out;
}

namespace {
// A running product as significand and exponent (double significand: 2^-53 per factor, nothing lost to the range).
class RunningProduct {
public:
    void multiply(double x) {
        m_ *= x;
        if (m_ == 0 || !std::isfinite(m_)) return;
        int k = 0;
        m_ = std::frexp(m_, &k);
        e_ += k;
    }
    double value() const {
        if (m_ == 0 || !std::isfinite(m_)) return m_;
        return std::ldexp(m_, static_cast<int>(std::clamp<long>(e_, -100000, 100000)));
    }

private:
    double m_ = 1;
    long e_ = 0;
};
}  // namespace

std::vector<Expected> expectCumulative(bool product, DML_TENSOR_DATA_TYPE type, const HostTensor& x, uint32_t axis,
                                       DML_AXIS_DIRECTION direction, bool exclusive) {
    const ReductionGroups rows(x.sizes, {axis});
    const uint64_t n = rows.groupSize();
    const bool decreasing = direction == DML_AXIS_DIRECTION_DECREASING;
    std::vector<Expected> out(x.values.size());
    for (uint64_t g = 0; g < rows.groupCount(); ++g) {
        uint64_t bits = product ? 1 : 0;  // integers: modulo 2^64, wrapped to the type when written
        ExactSum sum, magnitude;
        RunningProduct running;
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t k = decreasing ? n - 1 - i : i;
            const uint64_t e = rows.member(g, k);
            const double xk = x.values[e];
            auto include = [&] {
                if (!isFloatType(type)) {
                    const uint64_t b = static_cast<uint64_t>(static_cast<int64_t>(xk));
                    bits = product ? bits * b : bits + b;
                } else if (product) {
                    running.multiply(xk);
                } else {
                    sum.add(xk);
                    magnitude.add(std::fabs(xk));
                }
            };
            if (!exclusive) include();
            Expected& r = out[e];
            if (!isFloatType(type)) {
                r = {wrapped(type, bits), 0};
            } else if (product) {
                // The running product kept as a pair of FLOAT32 values (hi + lo, an exact two-product per step)
                // loses O(u^2) of the value per step: after at most 32768 steps far below 2u. Then the pair's
                // rounding to the output: 2u |P| + 1 ULP. Zero, infinite and NaN products are exact.
                const double pk = running.value();
                r = {pk, std::isfinite(pk) && pk != 0 ? 2 * kU * std::fabs(pk) + outputUlps(type, pk, 1) : 0.0};
            } else {
                // A compensated running sum (a pair of FLOAT32 values) is within 2u of the sum of the magnitudes
                // so far (Kahan's bound; its k u^2 term is negligible at these lengths), then rounded to the
                // output: 2u S + 1 ULP. A sum with an infinity or NaN in it is that infinity or NaN.
                const double sk = sum.value(), magnitudes = magnitude.value();
                r = {sk, std::isfinite(magnitudes) ? 2 * kU * magnitudes + outputUlps(type, sk, 1) : 0.0};
            }
            if (exclusive) include();
        }
    }
    return out;
}

bool flushSubnormals(const HostTensor& x, HostTensor& flushed) {
    flushed = x;
    bool any = false;
    for (double& v : flushed.values)
        if (v != 0 && std::fabs(v) < 0x1p-126) v = std::copysign(0.0, v), any = true;
    return any;
}

// ---- checking -------------------------------------------------------------------------------------------------------

bool accepts(DML_TENSOR_DATA_TYPE type, uint64_t bits, const Expected& e) {
    if (!isFloatType(type)) {
        if (bitWidth(type) == 64 && !isSignedType(type)) return double(bits) == e.value && bits < (uint64_t(1) << 53);
        // A bound (QUANTIZED_LINEAR_MATRIX_MULTIPLY near a tie) accepts the integers that close to the value.
        return static_cast<double>(signedValue(type, bits)) == e.value ||
               (!isSignedType(type) && static_cast<double>(bits & typeMask(type)) == e.value) ||
               (e.bound > 0 && std::fabs(wrapped(type, bits) - e.value) <= e.bound);
    }
    const double got = floatValue(type, bits);
    if (std::isinf(e.bound)) return true;
    if (std::isnan(e.value) || std::isnan(got)) return std::isnan(e.value) && std::isnan(got);
    if (std::isinf(e.value)) return got == e.value;
    const bool fp32 = type == DML_TENSOR_DATA_TYPE_FLOAT32;
    if (fp32 && std::fabs(e.value) < 0x1p-126 && std::fabs(got) <= 0x1p-126) return true;
    if (std::isinf(got)) {
        const double overflow = fp32 ? 0x1.ffffffp127 : 65520.0;  // the largest finite value + half its ULP
        return std::signbit(got) == std::signbit(e.value) && std::fabs(e.value) + e.bound >= overflow;
    }
    return std::fabs(got - e.value) <= e.bound;
}

OutputCheck checkOutput(const FamilyTensor& out, const std::vector<uint8_t>& bytes,
                        const std::vector<Expected>& expected, const std::vector<Expected>* alternative) {
    OutputCheck check;
    const auto& sizes = out.spec.sizes;
    const auto strides = stridesOf(out.spec);
    const uint64_t count = elementCount(sizes);
    REQUIRE(expected.size() == count);
    REQUIRE((!alternative || alternative->size() == count));
    for (uint64_t e = 0; e < count; ++e) {
        const uint64_t bits = readBits(bytes, elementIndex(sizes, strides, e), out.type);
        ++check.checked;
        const Expected& x = expected[e];
        if (accepts(out.type, bits, x) || (alternative && accepts(out.type, bits, (*alternative)[e]))) continue;
        if (check.wrong++ > 0) continue;
        std::ostringstream s;
        s << "element #" << e << " [";
        std::vector<uint64_t> coords(sizes.size());
        uint64_t rest = e;
        for (size_t d = sizes.size(); d-- > 0;) coords[d] = rest % sizes[d], rest /= sizes[d];
        for (size_t d = 0; d < coords.size(); ++d) s << (d ? "," : "") << coords[d];
        s.precision(17);
        s << "]: got " << typeName(out.type) << " " << formatValue(out.type, bits) << ", expected " << x.value;
        if (x.bound > 0) s << " +- " << x.bound;
        if (alternative) s << " (or " << (*alternative)[e].value << " +- " << (*alternative)[e].bound << ")";
        check.first = s.str();
    }
    return check;
}

HostTensor hostTensor(const FamilyTensor& t) {
    HostTensor h{t.spec.sizes, {}};
    const auto strides = stridesOf(t.spec);
    const uint64_t count = elementCount(t.spec.sizes);
    h.values.resize(count);
    for (uint64_t e = 0; e < count; ++e) {
        const uint64_t bits = readBits(t.memory, elementIndex(t.spec.sizes, strides, e), t.type);
        h.values[e] = isFloatType(t.type) ? floatValue(t.type, bits) : wrapped(t.type, bits);
    }
    return h;
}

bool runAndCheck(TestDevice& device, const FamilyCase& c, const std::string& label,
                 const std::vector<Expected>& expected, const std::vector<Expected>* alternative) {
    const FamilyRun run = runFamily(device, c);
    if (!run.ok()) {
        char hr[16];
        std::snprintf(hr, sizeof hr, "0x%08x", static_cast<unsigned>(run.hr));
        CHECK_MESSAGE(run.ok(), label << ": " << run.failedCall << " returned " << hr);
        return false;
    }
    CHECK_MESSAGE(run.canaryIntact, label << ": bytes outside the output tensor were written");
    const OutputCheck check = checkOutput(c.output, run.output, expected, alternative);
    CHECK_MESSAGE(check.wrong == 0, label << ": " << check.wrong << " of " << check.checked
                                          << " elements wrong; first: " << check.first);
    return true;
}

// ---- values ---------------------------------------------------------------------------------------------------------

ValueGen mixedFloats(DML_TENSOR_DATA_TYPE type, int minExp, int maxExp) {
    return [=](std::mt19937_64& rng) {
        if (rng() % 8 == 0) return floatBits(type, static_cast<double>(static_cast<int>(rng() % 9) - 4));
        const int mantissa = isF16(type) ? 10 : 23;
        const double m = 1.0 + std::ldexp(static_cast<double>(rng() & ((uint64_t(1) << mantissa) - 1)), -mantissa);
        const int e = minExp + static_cast<int>(rng() % uint64_t(maxExp - minExp));
        return floatBits(type, (rng() & 1 ? -1.0 : 1.0) * std::ldexp(m, e));
    };
}

ValueGen uniformFloats(DML_TENSOR_DATA_TYPE type, double lo, double hi, bool randomSign) {
    return [=](std::mt19937_64& rng) {
        const double v = lo + (hi - lo) * std::ldexp(static_cast<double>(rng() >> 11), -53);
        return floatBits(type, randomSign && (rng() & 1) ? -v : v);
    };
}

ValueGen smallIntegers(DML_TENSOR_DATA_TYPE type, int lo, int hi) {
    return [=](std::mt19937_64& rng) {
        const int v = lo + static_cast<int>(rng() % uint64_t(hi - lo + 1));
        return isFloatType(type) ? floatBits(type, v) : static_cast<uint64_t>(static_cast<int64_t>(v)) & typeMask(type);
    };
}

// ---- operator descs -------------------------------------------------------------------------------------------------

namespace {
template <class Desc>
HRESULT create(VkdmlDevice device, DML_OPERATOR_TYPE type, const Desc& desc, VkdmlOperator* op) {
    DML_OPERATOR_DESC d{type, &desc};
    return vkdmlCreateOperator(device, &d, op);
}
const UINT* axesPointer(const std::vector<uint32_t>& axes) { return axes.empty() ? nullptr : axes.data(); }
}  // namespace

FamilyCase reduceCase(DML_REDUCE_FUNCTION function, DML_TENSOR_DATA_TYPE in, DML_TENSOR_DATA_TYPE out,
                      const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes,
                      const std::vector<uint32_t>& inStrides, const std::vector<uint32_t>& outStrides) {
    FamilyCase c;
    c.op = DML_OPERATOR_REDUCE;
    c.inputs = {tensorOf(in, sizes, inStrides)};
    c.output = tensorOf(out, ReductionGroups(sizes, axes).outputSizes(), outStrides);
    c.build = reduceBuilder(function, axes);
    return c;
}

FamilyDescBuilder reduceBuilder(DML_REDUCE_FUNCTION function, std::vector<uint32_t> axes) {
    return [function, axes](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                            VkdmlOperator* op) {
        REQUIRE(t.size() == 2);
        return create(device, type,
                      DML_REDUCE_OPERATOR_DESC{function, t[0], t[1], UINT(axes.size()), axesPointer(axes)}, op);
    };
}

FamilyDescBuilder argBuilder(std::vector<uint32_t> axes, uint32_t direction) {
    return [axes, direction](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                             VkdmlOperator* op) {
        REQUIRE(t.size() == 2);
        if (type == DML_OPERATOR_ARGMIN) {
            DML_ARGMIN_OPERATOR_DESC desc{t[0], t[1], UINT(axes.size()), axesPointer(axes), DML_AXIS_DIRECTION_INCREASING};
            setRaw(desc.AxisDirection, direction);
            return create(device, type, desc, op);
        }
        DML_ARGMAX_OPERATOR_DESC desc{t[0], t[1], UINT(axes.size()), axesPointer(axes), DML_AXIS_DIRECTION_INCREASING};
        setRaw(desc.AxisDirection, direction);
        return create(device, type, desc, op);
    };
}

FamilyDescBuilder softmaxBuilder(std::vector<uint32_t> axes) {
    return [axes](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                  VkdmlOperator* op) {
        REQUIRE(t.size() == 2);
        switch (type) {
            case DML_OPERATOR_ACTIVATION_SOFTMAX:
            case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX:
            case DML_OPERATOR_ACTIVATION_HARDMAX:
                return create(device, type, DML_ACTIVATION_SOFTMAX_OPERATOR_DESC{t[0], t[1]}, op);
            default:  // the *1 descs share one layout
                return create(device, type,
                              DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC{t[0], t[1], UINT(axes.size()), axesPointer(axes)},
                              op);
        }
    };
}

FamilyDescBuilder mvnBuilder(MvnDesc m) {
    return [m](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
               VkdmlOperator* op) {
        REQUIRE(t.size() == 4);
        DML_ACTIVATION_LINEAR_OPERATOR_DESC linear{m.activationInput, nullptr, m.alpha, m.beta};
        DML_ACTIVATION_RELU_OPERATOR_DESC plain{m.activationInput, nullptr};  // RELU, SIGMOID, TANH, ... share it
        DML_OPERATOR_DESC fused{m.activation,
                                m.activation == DML_OPERATOR_ACTIVATION_LINEAR ? static_cast<const void*>(&linear)
                                                                               : static_cast<const void*>(&plain)};
        const DML_OPERATOR_DESC* activation = m.activation == DML_OPERATOR_INVALID ? nullptr : &fused;
        const UINT count = UINT(m.axes.size());
        switch (type) {
            case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION:
                return create(device, type,
                              DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC{t[0], t[1], t[2], t[3], m.crossChannel,
                                                                            m.normalizeVariance, m.epsilon, activation},
                              op);
            case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1:
                return create(device, type,
                              DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC{t[0], t[1], t[2], t[3], count,
                                                                             axesPointer(m.axes), m.normalizeVariance,
                                                                             m.epsilon, activation},
                              op);
            default:
                return create(device, type,
                              DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC{t[0], t[1], t[2], t[3], count,
                                                                             axesPointer(m.axes), m.useMean,
                                                                             m.useVariance, m.epsilon, activation},
                              op);
        }
    };
}

FamilyDescBuilder lpNormalizationBuilder(uint32_t axis, float epsilon, uint32_t p) {
    return [axis, epsilon, p](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                              VkdmlOperator* op) {
        REQUIRE(t.size() == 2);
        return create(device, type, DML_LP_NORMALIZATION_OPERATOR_DESC{t[0], t[1], axis, epsilon, p}, op);
    };
}

FamilyDescBuilder batchNormBuilder(BatchNormDesc m) {
    return [m](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
               VkdmlOperator* op) {
        REQUIRE(t.size() == 6);
        DML_ACTIVATION_LINEAR_OPERATOR_DESC linear{nullptr, nullptr, m.alpha, m.beta};
        DML_ACTIVATION_RELU_OPERATOR_DESC plain{nullptr, nullptr};
        DML_OPERATOR_DESC fused{m.activation,
                                m.activation == DML_OPERATOR_ACTIVATION_LINEAR ? static_cast<const void*>(&linear)
                                                                               : static_cast<const void*>(&plain)};
        const DML_OPERATOR_DESC* activation = m.activation == DML_OPERATOR_INVALID ? nullptr : &fused;
        return create(device, type,
                      DML_BATCH_NORMALIZATION_OPERATOR_DESC{t[0], t[1], t[2], t[3], t[4], t[5], m.spatial, m.epsilon,
                                                            activation},
                      op);
    };
}

FamilyDescBuilder lrnBuilder(BOOL crossChannel, uint32_t localSize, float alpha, float beta, float bias) {
    return [=](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        REQUIRE(t.size() == 2);
        return create(device, type,
                      DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC{t[0], t[1], crossChannel, localSize, alpha, beta,
                                                                     bias},
                      op);
    };
}

FamilyDescBuilder cumulativeBuilder(uint32_t axis, uint32_t direction, bool exclusive) {
    return [axis, direction, exclusive](VkdmlDevice device, DML_OPERATOR_TYPE type,
                                        std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        REQUIRE(t.size() == 2);
        const BOOL flag = exclusive ? 1 : 0;
        if (type == DML_OPERATOR_CUMULATIVE_PRODUCT) {
            DML_CUMULATIVE_PRODUCT_OPERATOR_DESC desc{t[0], t[1], axis, DML_AXIS_DIRECTION_INCREASING, flag};
            setRaw(desc.AxisDirection, direction);
            return create(device, type, desc, op);
        }
        DML_CUMULATIVE_SUMMATION_OPERATOR_DESC desc{t[0], t[1], axis, DML_AXIS_DIRECTION_INCREASING, flag};
        setRaw(desc.AxisDirection, direction);
        return create(device, type, desc, op);
    };
}

std::vector<uint32_t> randomSizes(uint32_t rank, std::mt19937_64& rng, uint64_t maxElements) {
    std::vector<uint32_t> sizes(rank);
    uint64_t total = 1;
    for (auto& s : sizes) {
        s = 1 + static_cast<uint32_t>(rng() % (rank <= 2 ? 40 : rank <= 4 ? 9 : 4));
        if (total * s > maxElements) s = 1;
        total *= s;
    }
    return sizes;
}

std::vector<uint64_t> logicalBits(const FamilyTensor& t, const std::vector<uint8_t>& memory) {
    const auto strides = stridesOf(t.spec);
    std::vector<uint64_t> bits(elementCount(t.spec.sizes));
    for (uint64_t n = 0; n < bits.size(); ++n) bits[n] = readBits(memory, elementIndex(t.spec.sizes, strides, n), t.type);
    return bits;
}

std::vector<uint64_t> expectReduce64(DML_REDUCE_FUNCTION function, bool isSigned, const std::vector<uint64_t>& x,
                                     const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes,
                                     bool lastOnTies) {
    const ReductionGroups groups(sizes, axes);
    auto less = [isSigned](uint64_t a, uint64_t b) { return isSigned ? int64_t(a) < int64_t(b) : a < b; };
    std::vector<uint64_t> out(groups.groupCount());
    for (uint64_t g = 0; g < out.size(); ++g) {
        const uint64_t n = groups.groupSize();
        uint64_t acc = function == DML_REDUCE_FUNCTION_MULTIPLY ? 1 : 0, best = 0;
        for (uint64_t k = 0; k < n; ++k) {
            const uint64_t v = x[groups.member(g, k)];
            switch (function) {
                case DML_REDUCE_FUNCTION_SUM: acc += v; break;
                case DML_REDUCE_FUNCTION_MULTIPLY: acc *= v; break;
                case DML_REDUCE_FUNCTION_L1: acc += isSigned && int64_t(v) < 0 ? 0 - v : v; break;
                case DML_REDUCE_FUNCTION_SUM_SQUARE: acc += v * v; break;
                case DML_REDUCE_FUNCTION_MAX:
                    if (k == 0 || less(acc, v)) acc = v;
                    break;
                case DML_REDUCE_FUNCTION_MIN:
                    if (k == 0 || less(v, acc)) acc = v;
                    break;
                case DML_REDUCE_FUNCTION_ARGMAX:
                case DML_REDUCE_FUNCTION_ARGMIN: {
                    const uint64_t b = x[groups.member(g, best)];
                    const bool better = function == DML_REDUCE_FUNCTION_ARGMAX ? less(b, v) : less(v, b);
                    if (better || (lastOnTies && v == b)) best = k;
                    acc = best;
                    break;
                }
                default: FAIL("no 64-bit integer reference for DML_REDUCE_FUNCTION " << int(function));
            }
        }
        out[g] = acc;
    }
    return out;
}

std::vector<uint64_t> expectCumulative64(bool product, const std::vector<uint64_t>& x,
                                         const std::vector<uint32_t>& sizes, uint32_t axis,
                                         DML_AXIS_DIRECTION direction, bool exclusive) {
    const ReductionGroups groups(sizes, {axis});
    std::vector<uint64_t> out(x.size());
    for (uint64_t g = 0; g < groups.groupCount(); ++g) {
        const uint64_t n = groups.groupSize();
        uint64_t acc = product ? 1 : 0;
        for (uint64_t step = 0; step < n; ++step) {
            const uint64_t k = direction == DML_AXIS_DIRECTION_DECREASING ? n - 1 - step : step;
            const uint64_t at = groups.member(g, k);
            if (exclusive) out[at] = acc;
            acc = product ? acc * x[at] : acc + x[at];
            if (!exclusive) out[at] = acc;
        }
    }
    return out;
}

void checkExact64(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& label, ValueGen gen,
                  const std::function<std::vector<uint64_t>(const std::vector<uint64_t>&)>& reference) {
    fillTensor(c.inputs[0], rng, {}, gen);
    const FamilyRun run = runFamily(device, c);
    INFO(label);
    REQUIRE(run.ok());
    CHECK(run.canaryIntact);
    const std::vector<uint64_t> expected = reference(logicalBits(c.inputs[0], c.inputs[0].memory));
    const std::vector<uint64_t> got = logicalBits(c.output, run.output);
    REQUIRE(got.size() == expected.size());
    uint64_t wrong = 0;
    for (uint64_t e = 0; e < got.size(); ++e)
        if (got[e] != expected[e] && wrong++ < 4)
            CHECK_MESSAGE(got[e] == expected[e], "element " << e << ": got " << got[e] << ", expected " << expected[e]);
    CHECK(wrong == 0);
}

ValueGen wrappingInt64s(bool forProducts) {
    return [forProducts](std::mt19937_64& rng) -> uint64_t {
        static const uint64_t kSpecial[] = {0, 1, ~uint64_t(0), uint64_t(1) << 63, ~(uint64_t(1) << 63),
                                            uint64_t(1) << 32, (uint64_t(1) << 32) - 1, 0 - (uint64_t(1) << 32)};
        const uint64_t pick = rng() % 8;
        if (pick == 0) return forProducts ? (rng() % 2 ? 1 : ~uint64_t(0)) : kSpecial[rng() % std::size(kSpecial)];
        if (pick <= 2) return uint64_t(int64_t(rng() % 11) - 5);
        return forProducts ? rng() | 1 : rng();
    };
}

}  // namespace vkdml::test
