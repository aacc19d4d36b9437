// math_host_test.cpp - host (CPU) tests of the shader math: glsl/vkdml_math.glsl and glsl/vkdml_half.glsl compiled
// as C++ through tests/support/glsl_host_shim.h, measured in ULP against tests/support/reference.h.
//
// Default: every 256th fp32 bit pattern (2^24 inputs) for exp/expm1/log/log1p and for the typical parameter of
// each activation, sparser sweeps (every 2^12-th / 2^14-th pattern) for the other parameter sets, dense sweeps of
// the region where each activation is non-trivial, the special values, random and adversarial LINEAR triples, all
// 65536 halves and 2^24 sampled + all rounding-boundary fp32 -> fp16 conversions. Then a repeat of part of it with
// the host FPU flushing denormals (MXCSR FTZ+DAZ on x86), like lavapipe and other devices without
// shaderDenormPreserveFloat32.
// VKDML_EXHAUSTIVE=1: all 2^32 patterns for the math functions, the typical activation parameters and the
// fp32 -> fp16 conversion (minutes to hours; uses every core).
// Must be compiled with -ffp-contract=off and without -ffast-math (the shim checks the latter).
#include <doctest/doctest.h>

#include "glsl_host_shim.h"
namespace vkglsl {
#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
} // namespace vkglsl

#include "reference.h"

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "host_sweep.h"

namespace {

using ld = long double;

using namespace vkdml::hostsweep;


std::vector<float> special_inputs() {
    const float base[] = {0.0f, 1e-45f, 1.1754942e-38f, FLT_MIN, 2 * FLT_MIN, FLT_MAX, INFINITY, 1.0f, 2.0f, 0.5f,
                          0.6931472f, 0.3465736f, 0.3467f, 88.7228317f, 88.7228394f, 88.0f, 80.0f, 89.0f, 87.33655f,
                          103.972f, 104.0f, 104.5f, 17.328680f, 17.5f, 16.6f, 20.0f, 0x1p-25f, 0x1p-26f, 0x1p-24f,
                          1e-4f, 1e-3f, 0.29289323f, 0.41421354f, 0.70710677f, 1.41421354f, 1e4f, 1e5f, 1e10f,
                          1e20f, 1e30f, 1e38f, 3.0f, 10.0f, 100.0f, 1000.0f, 0x1p-126f, 0x1p-100f, 0x1p24f,
                          16777215.0f, 65504.0f, 65520.0f};
    std::vector<float> v;
    for (float b : base)
        for (float s : {1.0f, -1.0f}) {
            float x = s * b;
            uint32_t u = bits_of_float(x);
            for (int d = -3; d <= 3; ++d) {
                uint32_t w = u + static_cast<uint32_t>(d);
                if (((u ^ w) & 0x80000000u) != 0) continue;   // do not wrap across the sign
                v.push_back(float_of_bits(w));
            }
        }
    for (uint32_t nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu, 0xff812345u}) v.push_back(float_of_bits(nan));
    return v;
}

template <class Dev, class Ref>
UlpCheck sweep_specials(const std::string& name, uint64_t bound, Dev dev, Ref ref, bool ftz = false) {
    std::vector<float> sp = special_inputs();
    return sweep(name, bound, sp.size(), [&](uint64_t i) { return sp[i]; }, dev, ref, ftz);
}

// Report and require.
void report(const UlpCheck& c) {
    MESSAGE(c.summary());
    REQUIRE(c.ok());
}

std::string fmt(const char* f, double a, double b = 0.0) {
    char buf[128];
    std::snprintf(buf, sizeof buf, f, a, b);
    return buf;
}
std::string fmtu(const char* f, unsigned a) {
    char buf[128];
    std::snprintf(buf, sizeof buf, f, a);
    return buf;
}

// ---- the four math functions ----------------------------------------------------------------------------------------
struct MathFn {
    const char* name;
    float (*dev)(float);
    double (*ref)(double);
};
const MathFn kMathFns[] = {
    {"vk_exp", [](float x) { return vkglsl::vk_exp(x); }, [](double x) { return double(std::exp(ld(x))); }},
    {"vk_expm1", [](float x) { return vkglsl::vk_expm1(x); }, [](double x) { return double(std::expm1(ld(x))); }},
    {"vk_log", [](float x) { return vkglsl::vk_log(x); }, [](double x) { return double(std::log(ld(x))); }},
    {"vk_log1p", [](float x) { return vkglsl::vk_log1p(x); }, [](double x) { return double(std::log1p(ld(x))); }},
};

// ---- parameter sets -------------------------------------------------------------------------------------------------
const float kScales[] = {1.0f, 0.5f, 2.0f, 1e-3f, 1e-10f, 1e-30f, 1e3f, 1e10f, 1e30f, 3e38f, 2e-38f, 0.1f, 7.0f,
                         -1.0f, -0.5f, -2.0f, -1e-3f, -1e-30f, -1e3f, -1e30f, -7.0f};

// Dense samples of the region where the activation is non-trivial: t = (scaled input) over [lo, hi] plus tiny
// magnitudes; the caller maps t to x.
float region_t(uint64_t i, uint64_t n, float lo, float hi) {
    double r = double(i / 2) / double(n / 2);
    if (i % 2 == 0) return float(lo + (hi - lo) * r);
    double tiny = std::exp2(-60.0 * r);
    return float((i % 4 == 1) ? tiny : -tiny);
}

uint64_t dense_count() { return exhaustive() ? (uint64_t(1) << 32) : thinnedCount(uint64_t(1) << 24); }

// The shaders treat subnormal parameters as zeros of the same sign; references for such parameters use this.
float flush(float f) { return is_subnormal_f32(f) ? std::copysign(0.0f, f) : f; }

} // namespace

TEST_CASE("math: exp, expm1, log, log1p <= 1 ULP") {
    const BitSweep bits{exhaustive() ? 1u : thinned(256u)};
    for (const MathFn& f : kMathFns) {
        UlpCheck c = sweep(std::string(f.name) + " (sweep)", 1, bits.count(), bits, f.dev, f.ref);
        c.merge(sweep_specials(f.name, 1, f.dev, f.ref));
        c.name = f.name;
        report(c);
    }
}

TEST_CASE("math: special values") {
    using namespace vkglsl;
    const float inf = INFINITY, nan = NAN;
    CHECK(std::isnan(vk_exp(nan)));
    CHECK(vk_exp(inf) == inf);
    CHECK(vk_exp(-inf) == 0.0f);
    CHECK(vk_exp(89.0f) == inf);
    CHECK(vk_exp(0.0f) == 1.0f);
    CHECK(vk_exp(-0.0f) == 1.0f);
    CHECK(std::isnan(vk_expm1(nan)));
    CHECK(vk_expm1(inf) == inf);
    CHECK(vk_expm1(-inf) == -1.0f);
    CHECK(bits_of_float(vk_expm1(-0.0f)) == 0x80000000u);
    CHECK(std::isnan(vk_log(nan)));
    CHECK(std::isnan(vk_log(-1.0f)));
    CHECK(std::isnan(vk_log(-inf)));
    CHECK(vk_log(0.0f) == -inf);
    CHECK(vk_log(-0.0f) == -inf);
    CHECK(vk_log(inf) == inf);
    CHECK(vk_log(1.0f) == 0.0f);
    CHECK(vk_log(1e-45f) == float(std::log(double(1e-45f))));   // subnormal input decoded from the bits
    CHECK(std::isnan(vk_log1p(nan)));
    CHECK(std::isnan(vk_log1p(-2.0f)));
    CHECK(std::isnan(vk_log1p(-inf)));
    CHECK(vk_log1p(-1.0f) == -inf);
    CHECK(vk_log1p(inf) == inf);
    CHECK(bits_of_float(vk_log1p(-0.0f)) == 0x80000000u);
    CHECK(vk_act_softplus(1e38f, 10.0f) == 1e38f);
    CHECK(vk_act_softplus(-1e38f, -10.0f) == -1e38f);
    CHECK(vk_act_softplus(-1e38f, 10.0f) == 0.0f);
    CHECK(vk_act_parametric_softplus(5.0f, 3.0f, 0.0f) == float(3.0 * std::log(2.0)));
    CHECK(std::isnan(vk_act_celu(1.0f, inf)));
    CHECK(vk_act_celu(-inf, 2.0f) == -2.0f);
    CHECK(vk_act_celu(-inf, -2.0f) == -inf);
    CHECK(vk_act_celu(-1e30f, -1.0f) == -inf);
    CHECK(vk_act_celu(-1e-28f, -1e-30f) == float(ref_celu(-1e-28f, -1e-30f)));   // -1e-30 (e^100 - 1), finite
}

TEST_CASE("activations: CELU <= 4 ULP") {
    const uint64_t n_dense = dense_count();
    for (size_t pi = 0; pi < sizeof kScales / sizeof kScales[0]; ++pi) {
        const float alpha = kScales[pi];
        auto dev = [alpha](float x) { return vkglsl::vk_act_celu(x, alpha); };
        auto ref = [alpha](double x) { return ref_celu(x, alpha); };
        std::string name = fmt("celu alpha=%g", alpha);
        const BitSweep bits{pi == 0 ? uint32_t((uint64_t(1) << 32) / n_dense) : 4096u};
        UlpCheck c = sweep(name, 4, bits.count(), bits, dev, ref);
        const uint64_t nr = 1 << 16;
        // x = -|alpha| * u: x/alpha = -u for alpha > 0 (down to the -1 plateau), +u for alpha < 0 (to overflow).
        c.merge(sweep(name, 4, nr, [&](uint64_t i) { return float(-std::fabs(double(alpha)) * region_t(i, nr, 0.0f, 110.0f)); }, dev, ref));
        c.merge(sweep_specials(name, 4, dev, ref));
        report(c);
    }
}

TEST_CASE("activations: SOFTPLUS <= 4 ULP") {
    const uint64_t n_dense = dense_count();
    for (size_t pi = 0; pi < sizeof kScales / sizeof kScales[0]; ++pi) {
        const float s = kScales[pi];
        auto dev = [s](float x) { return vkglsl::vk_act_softplus(x, s); };
        auto ref = [s](double x) { return ref_softplus(x, s); };
        std::string name = fmt("softplus steepness=%g", s);
        const BitSweep bits{pi == 0 ? uint32_t((uint64_t(1) << 32) / n_dense) : 4096u};
        UlpCheck c = sweep(name, 4, bits.count(), bits, dev, ref);
        const uint64_t nr = 1 << 16;
        c.merge(sweep(name, 4, nr, [&](uint64_t i) { return float(double(region_t(i, nr, -130.0f, 40.0f)) / s); }, dev, ref));
        c.merge(sweep_specials(name, 4, dev, ref));
        report(c);
    }
}

TEST_CASE("activations: PARAMETRIC_SOFTPLUS <= 4 ULP") {
    const float alphas[] = {1.0f, 0.5f, 2.0f, -1.0f, 1e-30f, 1e30f, -1e30f, 3e38f, 0.0f};
    const float betas[] = {1.0f, 0.5f, 2.0f, -1.0f, 0.0f, 1e-3f, 1e-30f, 1e30f, -1e30f, 10.0f, -3e38f};
    const uint64_t n_dense = dense_count();
    bool first = true;
    for (float alpha : alphas)
        for (float beta : betas) {
            auto dev = [alpha, beta](float x) { return vkglsl::vk_act_parametric_softplus(x, alpha, beta); };
            auto ref = [alpha, beta](double x) { return ref_parametric_softplus(x, alpha, beta); };
            std::string name = fmt("parametric_softplus alpha=%g beta=%g", alpha, beta);
            const BitSweep bits{first ? uint32_t((uint64_t(1) << 32) / n_dense) : 16384u};
            first = false;
            UlpCheck c = sweep(name, 4, bits.count(), bits, dev, ref);
            const uint64_t nr = 1 << 15;
            const double b = beta == 0.0f ? 1.0 : double(beta);
            c.merge(sweep(name, 4, nr, [&](uint64_t i) { return float(double(region_t(i, nr, -130.0f, 40.0f)) / b); }, dev, ref));
            c.merge(sweep_specials(name, 4, dev, ref));
            report(c);
        }
}

namespace {
struct Rng {
    uint64_t s;
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return static_cast<uint32_t>(s >> 16);
    }
    // A finite float with a random sign, a random significand and an exponent in [emin, emax].
    float finite(int emin, int emax) {
        uint32_t r = next();
        int e = emin + int(next() % uint32_t(emax - emin + 1));
        return float_of_bits((r & 0x807fffffu) | (uint32_t(e + 127) << 23));
    }
};
} // namespace

TEST_CASE("activations: LINEAR <= 1 ULP of the fused result") {
    const float params[] = {1.0f, 0.5f, 2.0f, -1.0f, 0.0f, 1e-3f, 1e-30f, 1e30f, -1e30f, 3e38f, 2e-38f, 0.1f, -7.0f};
    const uint64_t n_dense = dense_count();
    bool first = true;
    for (float alpha : params)
        for (float beta : {1.0f, 0.0f, -0.1f, 1e-30f, 1e30f, -3e38f, 2e-38f}) {
            auto dev = [alpha, beta](float x) { return vkglsl::vk_act_linear(x, alpha, beta); };
            auto ref = [alpha, beta](double x) { return ref_linear(x, alpha, beta); };
            std::string name = fmt("linear alpha=%g beta=%g", alpha, beta);
            const BitSweep bits{first ? uint32_t((uint64_t(1) << 32) / n_dense) : 16384u};
            first = false;
            UlpCheck c = sweep(name, 1, bits.count(), bits, dev, ref);
            c.merge(sweep_specials(name, 1, dev, ref));
            report(c);
        }

    // Random triples, and adversarial ones: beta close to -fl(alpha*x), where the fused result is the product's
    // rounding error (massive cancellation), and a beta a few ULP away.
    const uint64_t n = exhaustive() ? (uint64_t(1) << 28) : thinnedCount(uint64_t(1) << 22);
    std::vector<UlpCheck> parts(thread_count(), UlpCheck("linear random triples", 1));
    parallel_chunks(n, [&](uint64_t b, uint64_t e, unsigned t) {
        Rng rng{0x9e3779b97f4a7c15ull ^ (b * 0x2545f4914f6cdd1dull) ^ 1};
        for (uint64_t i = b; i < e; ++i) {
            float a, x, c;
            switch (i % 4) {
            case 0:   // any bit patterns (inf/NaN included)
                a = float_of_bits(rng.next());
                x = float_of_bits(rng.next());
                c = float_of_bits(rng.next());
                break;
            case 1:   // moderate exponents, comparable magnitudes
                a = rng.finite(-20, 20);
                x = rng.finite(-20, 20);
                c = rng.finite(-40, 40);
                break;
            case 2: {   // cancellation: c = -fl(a*x) +- a few ULP
                a = rng.finite(-60, 60);
                x = rng.finite(-60, 60);
                float p = a * x;
                int d = int(rng.next() % 7) - 3;
                c = float_of_bits(bits_of_float(-p) + uint32_t(d));
                break;
            }
            default: {   // extreme exponents: products near overflow / underflow, cancellation there
                a = rng.finite(-126, 127);
                x = rng.finite(-126, 127);
                double p = double(a) * double(x);
                c = (rng.next() & 1) ? float(-p) : rng.finite(-126, 127);
                break;
            }
            }
            float got = vkglsl::vk_act_linear(x, a, c);
            // Subnormal parameters are treated as zeros of the same sign (glsl/vkdml_math.glsl).
            const float af = flush(a), cf = flush(c);
            uint64_t err = ulp_error_f32_unary(x, got, [&](double xv) { return ref_linear(xv, af, cf); }, 1);
            const double exact = ref_linear(x, af, cf);
            parts[t].record(size_t(i), x, err, exact, got);
            if (got != 0.0f && !is_subnormal_f32(x)) parts[t].note_real(real_ulp_error_f32(got, exact));
            if (err > 1 && parts[t].failures == 1)
                std::fprintf(stderr, "linear: x=%a alpha=%a beta=%a got=%a exact=%a\n", x, a, c, got, ref_linear(x, af, cf));
        }
    });
    UlpCheck all("linear random triples", 1);
    for (auto& p : parts) all.merge(p);
    report(all);
}

// The lowering's cheap DML_SCALE_BIAS forms (scale only with a normal scale and a zero bias, bias only with scale 1
// and a normal bias) against fmaf, the singly rounded x*alpha+beta, on the flushed x: the same bits (any NaN for a
// NaN), 2^20 patterns (VKDML_EXHAUSTIVE=1: all) plus the specials. vk_act_linear is within 1 ULP of the same value.
TEST_CASE("element-wise ScaleBias: vk_ew_scale and vk_ew_shift are the fused value, bit for bit") {
    const float scales[] = {0.5f, -0.5f, 2.0f, 3.0f, -7.0f, 1e-30f, 1e30f, 3e38f, FLT_MIN, -1.0000001f};
    const float shifts[] = {8.0f, -8.0f, 1.0f, 0.1f, -1e-30f, 1e30f, -3e38f, FLT_MIN, 0.75f};
    auto check = [](const std::string& name, auto dev, float alpha, float beta) {
        auto fused = [&](float x) {  // dev(x) is fma(x, alpha, beta), bit for bit (any NaN for a NaN)
            const float want = std::fmaf(flush(x), alpha, beta), got = dev(x, alpha, beta);
            return std::isnan(want) ? std::isnan(got) : bits_of_float(want) == bits_of_float(got);
        };
        std::vector<uint64_t> wrong(thread_count(), 0);
        std::vector<float> sample(thread_count(), 0.0f);
        const BitSweep bits{exhaustive() ? 1u : thinned(4096u)};
        parallel_chunks(bits.count(), [&](uint64_t b, uint64_t e, unsigned t) {
            for (uint64_t i = b; i < e; ++i) {
                const float x = bits(i);
                if (!fused(x) && wrong[t]++ == 0) sample[t] = x;
            }
        });
        uint64_t total = 0;
        float first = 0.0f;
        for (size_t t = 0; t < wrong.size(); ++t) {
            if (wrong[t] != 0 && total == 0) first = sample[t];
            total += wrong[t];
        }
        for (float x : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, FLT_MAX, -FLT_MAX})
            if (!fused(x) && total++ == 0) first = x;
        INFO(name << " alpha=" << alpha << " beta=" << beta << ": first wrong x=" << first);
        CHECK(total == 0);
    };
    for (float alpha : scales)
        for (float beta : {0.0f, -0.0f})
            check("vk_ew_scale", [](float x, float a, float b) { return vkglsl::vk_ew_scale(x, a, b); }, alpha, beta);
    for (float beta : shifts)
        check("vk_ew_shift", [](float x, float, float b) { return vkglsl::vk_ew_shift(x, b); }, 1.0f, beta);
}

TEST_CASE("denormal flushing device (FTZ+DAZ): same bounds with rules (a), (b)") {
#if !VKDML_HAVE_MXCSR
    MESSAGE("no MXCSR on this host: skipped");
#else
    const BitSweep bits{4096u};
    for (const MathFn& f : kMathFns) {
        UlpCheck c = sweep(std::string(f.name) + " ftz", 1, bits.count(), bits, f.dev, f.ref, true);
        c.merge(sweep_specials(std::string(f.name) + " ftz", 1, f.dev, f.ref, true));
        report(c);
    }
    for (float p : {1.0f, 1e-30f, -1e-30f, 1e30f, -2.0f, 2e-38f, 3e38f}) {
        auto celu = [p](float x) { return vkglsl::vk_act_celu(x, p); };
        auto sp = [p](float x) { return vkglsl::vk_act_softplus(x, p); };
        auto psp = [p](float x) { return vkglsl::vk_act_parametric_softplus(x, p, 1.0f / p); };
        auto psp2 = [p](float x) { return vkglsl::vk_act_parametric_softplus(x, p, 1.0f); };
        auto lin = [p](float x) { return vkglsl::vk_act_linear(x, p, 1e-37f); };
        report(sweep(fmt("celu ftz alpha=%g", p), 4, bits.count(), bits, celu, [p](double x) { return ref_celu(x, p); }, true));
        report(sweep(fmt("softplus ftz s=%g", p), 4, bits.count(), bits, sp, [p](double x) { return ref_softplus(x, p); }, true));
        report(sweep(fmt("parametric_softplus ftz alpha=%g beta=%g", p, 1.0 / p), 4, bits.count(), bits, psp,
                     [p](double x) { return ref_parametric_softplus(x, p, flush(1.0f / p)); }, true));
        report(sweep(fmt("parametric_softplus ftz alpha=%g beta=1", p), 4, bits.count(), bits, psp2,
                     [p](double x) { return ref_parametric_softplus(x, p, 1.0); }, true));
        report(sweep(fmt("linear ftz alpha=%g beta=1e-37", p), 1, bits.count(), bits, lin,
                     [p](double x) { return ref_linear(x, p, 1e-37f); }, true));
    }
#endif
}

TEST_CASE("activations on fp16 tensors: every half input, fp32 compute, one rounding, <= 1 ULP of fp16") {
    auto run = [](const std::string& name, auto dev, auto ref) {
        UlpCheck c(name, 1);
        for (uint32_t h = 0; h < 65536; ++h) {
            uint16_t got = uint16_t(vkglsl::vk_half_bits_from_float(dev(vkglsl::vk_float_from_half_bits(h))));
            c.f16(h, uint16_t(h), got, ref);
        }
        report(c);
    };
    for (float p : {1.0f, 0.5f, 2.0f, 1e-3f, 1e3f, -1.0f, -0.25f, 1e-6f}) {
        run(fmt("celu f16 alpha=%g", p), [p](float x) { return vkglsl::vk_act_celu(x, p); },
            [p](double x) { return ref_celu(x, p); });
        run(fmt("softplus f16 steepness=%g", p), [p](float x) { return vkglsl::vk_act_softplus(x, p); },
            [p](double x) { return ref_softplus(x, p); });
        for (float q : {1.0f, -0.5f, 0.0f, 1e-4f})
            run(fmt("parametric_softplus f16 alpha=%g beta=%g", p, q),
                [p, q](float x) { return vkglsl::vk_act_parametric_softplus(x, p, q); },
                [p, q](double x) { return ref_parametric_softplus(x, p, q); });
        for (float q : {0.0f, 1.0f, -3.0f, 1e-5f})
            run(fmt("linear f16 alpha=%g beta=%g", p, q), [p, q](float x) { return vkglsl::vk_act_linear(x, p, q); },
                [p, q](double x) { return ref_linear(x, p, q); });
    }
}

// ---- fp16 conversions -----------------------------------------------------------------------------------------------
TEST_CASE("half: all 65536 patterns convert exactly and round-trip") {
    size_t bad = 0;
    for (uint32_t h = 0; h < 65536; ++h) {
        float f = vkglsl::vk_float_from_half_bits(h);
        uint32_t back = vkglsl::vk_half_bits_from_float(f);
        bool is_nan = (h & 0x7fffu) > 0x7c00u;
        bool ok;
        if (is_nan) {
            ok = std::isnan(f) && std::signbit(f) == ((h & 0x8000u) != 0) && back == (h | 0x0200u);
        } else {
            double want = double_from_half(uint16_t(h));
            ok = double(f) == want && std::signbit(f) == std::signbit(want) && back == h;
        }
        if (!ok && bad++ < 5) MESSAGE(fmtu("half 0x%04x failed", h));
    }
    MESSAGE("half -> float -> half: 65536 patterns, " << bad << " mismatches");
    REQUIRE(bad == 0);
}

namespace {
bool half_matches(float f, uint32_t got) {
    uint16_t want = half_from_double(double(f));
    if (std::isnan(f)) return (got & 0x7fffu) > 0x7c00u && (got & 0x0200u) && ((got & 0x8000u) != 0) == std::signbit(f) && got < 0x10000u;
    return got == want;
}
} // namespace

TEST_CASE("half: fp32 -> fp16 round to nearest even") {
    // Every boundary: for each pair of adjacent finite halves (and past 65504), the float midpoint and its
    // neighbours, plus the zero/subnormal/overflow edges.
    std::vector<float> edge;
    for (uint32_t h = 0; h < 0x7c00u; ++h) {
        double lo = double_from_half(uint16_t(h));
        double hi = (h == 0x7bffu) ? 65536.0 : double_from_half(uint16_t(h + 1));
        float mid = float((lo + hi) / 2);   // exact: 12 significant bits
        uint32_t mb = bits_of_float(mid);
        for (int d = -2; d <= 2; ++d)
            for (float s : {1.0f, -1.0f}) edge.push_back(s * float_of_bits(mb + uint32_t(d)));
        edge.push_back(float(lo));
        edge.push_back(-float(lo));
    }
    for (uint32_t b : {0x33000000u, 0x33000001u, 0x32ffffffu, 0x477fe000u, 0x477fefffu, 0x477ff000u, 0x47800000u,
                       0x7f800000u, 0x7f7fffffu, 0x00000001u, 0x007fffffu, 0x00800000u, 0x7fc00000u, 0x7f800001u,
                       0x7fbfffffu})
        for (uint32_t s : {0u, 0x80000000u}) edge.push_back(float_of_bits(b | s));
    size_t bad = 0;
    for (float f : edge)
        if (!half_matches(f, vkglsl::vk_half_bits_from_float(f)) && bad++ < 5)
            MESSAGE(fmt("float %a -> half mismatch", double(f)));
    MESSAGE("float -> half: " << edge.size() << " boundary cases, " << bad << " mismatches");
    REQUIRE(bad == 0);

    const uint64_t step = exhaustive() ? 1 : thinned(256u);
    const uint64_t n = (uint64_t(1) << 32) / step;
    std::vector<size_t> bad_parts(thread_count(), 0);
    std::vector<uint32_t> first_bad(thread_count(), 0);
    parallel_chunks(n, [&](uint64_t b, uint64_t e, unsigned t) {
        for (uint64_t i = b; i < e; ++i) {
            uint32_t bits = uint32_t(i * step) + (step > 1 ? uint32_t((i * 2654435761u) >> 9) % uint32_t(step) : 0u);
            float f = float_of_bits(bits);
            if (!half_matches(f, vkglsl::vk_half_bits_from_float(f))) {
                if (bad_parts[t]++ == 0) first_bad[t] = bits;
            }
        }
    });
    size_t total = 0;
    for (unsigned t = 0; t < bad_parts.size(); ++t) {
        if (bad_parts[t]) MESSAGE(fmtu("float bits 0x%08x -> half mismatch", first_bad[t]));
        total += bad_parts[t];
    }
    MESSAGE("float -> half: " << n << " sampled patterns (step " << step << "), " << total << " mismatches");
    REQUIRE(total == 0);
}
