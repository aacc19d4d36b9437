// activations_host_test.cpp - host (CPU) tests of glsl/vkdml_activations.glsl (the element-wise activations beyond
// CELU/LINEAR/SOFTPLUS/PARAMETRIC_SOFTPLUS, and erf/erfc) compiled as C++ through tests/support/glsl_host_shim.h,
// measured in ULP against tests/support/reference_activations.h with reference.h's rules (a)-(d).
//
// Bounds (docs/ARCHITECTURE.md, "Numerics"): piecewise-linear activations (RELU, LEAKY_RELU, PRELU, THRESHOLDED_RELU,
// SHRINK, HARD_SIGMOID) <= 1 ULP fp32; the exp/tanh/erf ones (ELU, SCALED_ELU, SCALED_TANH, SIGMOID, SOFTSIGN, TANH,
// GELU, SWISH, HARD_SWISH, erf, erfc) <= 4 ULP fp32; fp16 tensors (computed in fp32, rounded once) <= 1 ULP fp16 on
// every one of the 65536 half inputs.
//
// Default (about 15 s on 2 cores at -O2): the typical parameters of each function on every 1024th fp32 bit
// pattern (2^22 inputs, low bits jittered), every 2^14-th (one-parameter functions) or 2^16-th (two-parameter
// functions, over a cross product of typical, tiny, huge, negative and zero values) pattern for the other
// parameters, dense samples of the region where each function is non-trivial, the special values, random
// parameter triples (adversarial cancellation for HARD_SWISH/HARD_SIGMOID), all 65536 halves for the fp16 bound,
// and a repeat with the host FPU flushing denormals (MXCSR FTZ+DAZ), like devices without
// shaderDenormPreserveFloat32. VKDML_EXHAUSTIVE=1: every fp32 pattern for the typical parameters and 2^24 for the
// others (long; uses every core).
// Must be compiled with -ffp-contract=off and without -ffast-math (the shim checks the latter).
#include <doctest/doctest.h>

#include "glsl_host_shim.h"
namespace vkglsl {
#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
#include "vkdml_activations.glsl"
} // namespace vkglsl

#include "reference.h"
#include "reference_activations.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "host_sweep.h"

namespace {

using namespace vkdml::hostsweep;


std::vector<float> special_inputs() {
    const float base[] = {0.0f, 1e-45f, 1.1754942e-38f, FLT_MIN, 2 * FLT_MIN, FLT_MAX, INFINITY, 1.0f, 2.0f, 0.5f,
                          0.25f, 0.125f, 1.125f, 3.5f, 6.0f, 10.3f, 10.1f, 4.0f, 5.6f, 14.5f, 0.70710677f,
                          0x1p-13f, 0x1p-25f, 0x1p-26f, 0x1p-24f, 0x1p25f, 10.5f, 24.0f, 30.0f, 18.0f, 17.33f,
                          150.0f, 104.5f, 88.7228317f, 87.33655f, 1e-4f, 1e-3f, 1e4f, 1e5f, 1e10f, 1e20f, 1e30f,
                          1e38f, 3.0f, 100.0f, 0x1p-126f, 0x1p-100f, 0x1p24f, 65504.0f, 65520.0f};
    std::vector<float> v;
    for (float b : base)
        for (float s : {1.0f, -1.0f}) {
            uint32_t u = bits_of_float(s * b);
            for (int d = -3; d <= 3; ++d) {
                uint32_t w = u + static_cast<uint32_t>(d);
                if (((u ^ w) & 0x80000000u) != 0) continue;   // do not wrap across the sign
                v.push_back(float_of_bits(w));
            }
        }
    for (uint32_t nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu, 0xff812345u}) v.push_back(float_of_bits(nan));
    return v;
}

void report(const UlpCheck& c) {
    MESSAGE(c.summary());
    REQUIRE(c.ok());
}

std::string fmt(const char* f, double a, double b = 0.0) {
    char buf[160];
    std::snprintf(buf, sizeof buf, f, a, b);
    return buf;
}

// The shaders treat subnormal parameters as zeros of the same sign; references for such parameters use this.
float flush(float f) { return is_subnormal_f32(f) ? std::copysign(0.0f, f) : f; }

// Dense samples of t over [lo, hi] (even i) and of tiny magnitudes +-2^-(0..60) (odd i).
double region_t(uint64_t i, uint64_t n, double lo, double hi) {
    double r = double(i / 2) / double(n / 2);
    if (i % 2 == 0) return lo + (hi - lo) * r;
    double tiny = std::exp2(-60.0 * r);
    return (i % 4 == 1) ? tiny : -tiny;
}

uint64_t dense_count() { return exhaustive() ? (uint64_t(1) << 32) : thinnedCount(uint64_t(1) << 22); }

// ---- the checked functions ------------------------------------------------------------------------------------------
// Every function is seen as f(x, p0, p1) (unused parameters ignored), with the region of x where it is non-trivial
// given as t in [lo, hi] mapped to x = t (map 0), t / p0 (map 1) or (t - p1) / p0 (map 2).
struct Fn {
    const char* name;
    uint64_t bound;   // fp32 ULP
    int nparams;
    float (*dev)(float, float, float);
    double (*ref)(double, double, double);
    double lo, hi;
    int map;
};

// clang-format off
const Fn kFns[] = {
    {"relu", 1, 0, [](float x, float, float) { return vkglsl::vk_act_relu(x); },
        [](double x, double, double) { return ref_relu(x); }, -2, 2, 0},
    {"leaky_relu", 1, 1, [](float x, float a, float) { return vkglsl::vk_act_leaky_relu(x, a); },
        [](double x, double a, double) { return ref_leaky_relu(x, a); }, -2, 2, 0},
    {"prelu", 1, 1, [](float x, float a, float) { return vkglsl::vk_act_prelu(x, a); },
        [](double x, double a, double) { return ref_prelu(x, a); }, -2, 2, 0},
    {"thresholded_relu", 1, 1, [](float x, float a, float) { return vkglsl::vk_act_thresholded_relu(x, a); },
        [](double x, double a, double) { return ref_thresholded_relu(x, a); }, -2, 2, 1},
    {"shrink", 1, 2, [](float x, float b, float t) { return vkglsl::vk_act_shrink(x, b, t); },
        [](double x, double b, double t) { return ref_shrink(x, b, t); }, -2, 2, 3},
    {"hard_sigmoid", 1, 2, [](float x, float a, float b) { return vkglsl::vk_act_hard_sigmoid(x, a, b); },
        [](double x, double a, double b) { return ref_hard_sigmoid(x, a, b); }, -0.5, 1.5, 2},
    {"elu", 4, 1, [](float x, float a, float) { return vkglsl::vk_act_elu(x, a); },
        [](double x, double a, double) { return ref_elu(x, a); }, -110, 1, 0},
    {"scaled_elu", 4, 2, [](float x, float a, float g) { return vkglsl::vk_act_scaled_elu(x, a, g); },
        [](double x, double a, double g) { return ref_scaled_elu(x, a, g); }, -110, 1, 0},
    {"scaled_tanh", 4, 2, [](float x, float a, float b) { return vkglsl::vk_act_scaled_tanh(x, a, b); },
        [](double x, double a, double b) { return ref_scaled_tanh(x, a, b); }, -12, 12, 4},
    {"sigmoid", 4, 0, [](float x, float, float) { return vkglsl::vk_act_sigmoid(x); },
        [](double x, double, double) { return ref_sigmoid(x); }, -110, 30, 0},
    {"softsign", 4, 0, [](float x, float, float) { return vkglsl::vk_act_softsign(x); },
        [](double x, double, double) { return ref_softsign(x); }, -40, 40, 0},
    {"tanh", 4, 0, [](float x, float, float) { return vkglsl::vk_act_tanh(x); },
        [](double x, double, double) { return ref_tanh(x); }, -12, 12, 0},
    {"gelu", 4, 0, [](float x, float, float) { return vkglsl::vk_act_gelu(x); },
        [](double x, double, double) { return ref_gelu(x); }, -15, 7, 0},
    {"swish", 4, 1, [](float x, float s, float) { return vkglsl::vk_act_swish(x, s); },
        [](double x, double s, double) { return ref_swish(x, s); }, -160, 30, 1},
    {"hard_swish", 4, 2, [](float x, float a, float b) { return vkglsl::vk_act_hard_swish(x, a, b); },
        [](double x, double a, double b) { return ref_hard_swish(x, a, b); }, -0.5, 1.5, 2},
    {"erf", 4, 0, [](float x, float, float) { return vkglsl::vk_erf(x); },
        [](double x, double, double) { return ref_erf(x); }, -5, 5, 0},
    {"erfc", 4, 0, [](float x, float, float) { return vkglsl::vk_erfc(x); },
        [](double x, double, double) { return ref_erfc(x); }, -5, 11, 0},
};
// clang-format on

// Typical parameters first (DirectML's documented defaults), then tiny, huge, negative and zero values.
std::vector<std::pair<float, float>> param_sets(const Fn& f) {
    std::vector<std::pair<float, float>> v;
    const std::string n = f.name;
    if (f.nparams == 0) return {{0.0f, 0.0f}};
    const float one[] = {1.0f, 0.5f, 2.0f, 0.01f, 1e-3f, 1e-10f, 1e-30f, 2e-38f, 1e3f, 1e10f, 1e30f, 3e38f, 7.0f,
                         0.0f, -0.0f, -1.0f, -0.5f, -2.0f, -0.01f, -1e-3f, -1e-30f, -1e3f, -1e30f, -7.0f, 1e-40f};
    if (f.nparams == 1) {
        float typical = n == "leaky_relu" ? 0.01f : 1.0f;
        v.push_back({typical, 0.0f});
        for (float a : one) v.push_back({a, 0.0f});
        return v;
    }
    std::pair<float, float> typical{1.0f, 1.0f};
    if (n == "shrink") typical = {0.0f, 0.5f};
    if (n == "hard_sigmoid") typical = {0.2f, 0.5f};
    if (n == "hard_swish") typical = {1.0f / 6.0f, 0.5f};
    if (n == "scaled_elu") typical = {1.67326319217681884765625f, 1.05070102214813232421875f};
    if (n == "scaled_tanh") typical = {1.0f, 0.5f};
    v.push_back(typical);
    const float p0[] = {1.0f, 0.2f, 1.6732632f, 1e-3f, 1e-30f, 1e3f, 1e30f, 3e38f, 0.0f, -1.0f, -1e-30f, -1e30f};
    const float p1[] = {0.5f, 1.0507010f, 1.0f, 1e-3f, 1e-30f, 1e3f, 1e30f, -3e38f, 0.0f, -0.5f, -1e-30f, -1e30f};
    for (float a : p0)
        for (float b : p1) v.push_back({a, b});
    return v;
}

// x for the region sample t under the function's parameter mapping.
float region_x(const Fn& f, double t, float p0, float p1) {
    switch (f.map) {
    case 1: return float(p0 == 0.0f ? t : t / double(p0));                          // t = p0 * x
    case 2: return float(p0 == 0.0f ? t : (t - double(p1)) / double(p0));           // t = p0 * x + p1
    case 3: return float(t * (p1 == 0.0f ? 1.0 : std::fabs(double(p1))));          // x around +-threshold
    case 4: return float(p1 == 0.0f ? t : t / double(p1));                          // t = p1 * x
    default: return float(t);
    }
}

UlpCheck check_fn_params(const Fn& f, float p0, float p1, uint32_t step, uint64_t n_region, bool ftz, const char* tag) {
    const float q0 = flush(p0), q1 = flush(p1);
    auto dev = [&f, p0, p1](float x) { return f.dev(x, p0, p1); };
    auto ref = [&f, q0, q1](double x) { return f.ref(x, q0, q1); };
    std::string name = std::string(f.name) + tag;
    if (f.nparams >= 1) name += fmt(" p0=%g", p0);
    if (f.nparams >= 2) name += fmt(" p1=%g", p1);
    const BitSweep bits{step};
    UlpCheck c = sweep(name, f.bound, bits.count(), bits, dev, ref, ftz);
    if (n_region) {
        c.merge(sweep(name, f.bound, n_region,
                      [&](uint64_t i) { return region_x(f, region_t(i, n_region, f.lo, f.hi), p0, p1); }, dev, ref, ftz));
        std::vector<float> sp = special_inputs();
        c.merge(sweep(name, f.bound, sp.size(), [&](uint64_t i) { return sp[i]; }, dev, ref, ftz));
    }
    return c;
}

// Per function: every parameter set merged (max ULP, max real ULP, sample counts) and the set holding the max.
struct Worst {
    UlpCheck all;
    UlpCheck set;
    void add(const UlpCheck& c) {
        bool first = all.count == 0;
        all.merge(c);
        if (first || c.max_ulp > set.max_ulp || (c.max_ulp == set.max_ulp && c.max_real_ulp > set.max_real_ulp)) set = c;
    }
    void report_all(size_t nsets) const {
        MESSAGE(all.name << ": " << nsets << " parameter sets, " << all.count << " samples: max " << all.max_ulp
                         << " ULP (bound " << all.bound << "; real " << all.max_real_ulp << "), " << all.failures
                         << " over bound; worst set " << set.summary());
        REQUIRE(all.ok());
    }
};

struct Rng {
    uint64_t s;
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return static_cast<uint32_t>(s >> 16);
    }
    float finite(int emin, int emax) {   // random sign and significand, exponent in [emin, emax]
        uint32_t r = next();
        int e = emin + int(next() % uint32_t(emax - emin + 1));
        return float_of_bits((r & 0x807fffffu) | (uint32_t(e + 127) << 23));
    }
};

} // namespace

TEST_CASE("activations: fp32 bounds over every parameter set") {
    const uint32_t typical_step = uint32_t((uint64_t(1) << 32) / dense_count());
    for (const Fn& f : kFns) {
        auto ps = param_sets(f);
        Worst w{UlpCheck(f.name, f.bound), UlpCheck()};
        for (size_t i = 0; i < ps.size(); ++i) {
            uint32_t step = i == 0 ? typical_step : (exhaustive() ? 256u : thinned(f.nparams == 2 ? 65536u : 16384u));
            uint64_t n_region = i == 0 ? (uint64_t(1) << 18) : (uint64_t(1) << 13);
            UlpCheck c = check_fn_params(f, ps[i].first, ps[i].second, step, n_region, false, "");
            if ((i == 0 && f.nparams > 0) || !c.ok()) MESSAGE(c.summary());   // the typical set; any failing one
            w.add(c);
        }
        w.report_all(ps.size());
    }
}

TEST_CASE("activations: random parameters and adversarial cancellation") {
    const uint64_t n = exhaustive() ? (uint64_t(1) << 26) : thinnedCount(uint64_t(1) << 18);
    for (const Fn& f : kFns) {
        if (f.nparams == 0) continue;
        std::vector<UlpCheck> parts(thread_count(), UlpCheck(std::string(f.name) + " random", f.bound));
        parallel_chunks(n, [&](uint64_t b, uint64_t e, unsigned t) {
            Rng rng{0x9e3779b97f4a7c15ull ^ (b * 0x2545f4914f6cdd1dull) ^ 7};
            for (uint64_t i = b; i < e; ++i) {
                float x, p0, p1;
                switch (i % 4) {
                case 0:   // any bit patterns
                    x = float_of_bits(rng.next());
                    p0 = float_of_bits(rng.next());
                    p1 = float_of_bits(rng.next());
                    break;
                case 1:   // moderate
                    x = rng.finite(-20, 8);
                    p0 = rng.finite(-20, 20);
                    p1 = rng.finite(-20, 20);
                    break;
                case 2: {   // p0 * x + p1 near 0 (HARD_SIGMOID/HARD_SWISH cancellation) and near 1
                    x = rng.finite(-60, 60);
                    p0 = rng.finite(-60, 60);
                    float p = p0 * x;
                    int d = int(rng.next() % 7) - 3;
                    p1 = float_of_bits(bits_of_float(-p) + uint32_t(d));
                    if (rng.next() & 1) p1 = float_of_bits(bits_of_float(1.0f - p) + uint32_t(d));
                    break;
                }
                default:   // extreme exponents
                    x = rng.finite(-126, 127);
                    p0 = rng.finite(-126, 127);
                    p1 = rng.finite(-126, 127);
                    break;
                }
                if (std::string(f.name) == "scaled_tanh" || std::string(f.name) == "swish") {
                    // keep the product p * x in the interesting range half the time
                    float s = f.map == 4 ? p1 : p0;
                    if ((i & 8) && std::isfinite(s) && s != 0.0f && std::isfinite(x)) {
                        float tt = float(region_t(rng.next() % 4096, 4096, f.lo, f.hi));
                        x = float(double(tt) / double(s));
                    }
                }
                float got = f.dev(x, p0, p1);
                const float q0 = flush(p0), q1 = flush(p1);
                auto ref = [&](double xv) { return f.ref(xv, q0, q1); };
                uint64_t err = ulp_error_f32_unary(x, got, ref, f.bound);
                const double exact = ref(x);
                parts[t].record(size_t(i), x, err, exact, got);
                if (got != 0.0f && !is_subnormal_f32(x)) parts[t].note_real(real_ulp_error_f32(got, exact));
                if (err > f.bound && parts[t].failures == 1)
                    std::fprintf(stderr, "%s: x=%a p0=%a p1=%a got=%a exact=%a\n", f.name, x, p0, p1, got, exact);
            }
        });
        UlpCheck all(std::string(f.name) + " random", f.bound);
        for (auto& p : parts) all.merge(p);
        report(all);
    }
}

TEST_CASE("activations: denormal flushing device (FTZ+DAZ), same bounds with rules (a), (b)") {
#if !VKDML_HAVE_MXCSR
    MESSAGE("no MXCSR on this host: skipped");
#else
    for (const Fn& f : kFns) {
        auto ps = param_sets(f);
        Worst w{UlpCheck(std::string(f.name) + " ftz", f.bound), UlpCheck()};
        size_t nsets = 0;
        for (size_t i = 0; i < ps.size(); i += (f.nparams == 2 ? 7 : 3), ++nsets) {
            UlpCheck c = check_fn_params(f, ps[i].first, ps[i].second, 65536u, 1 << 12, true, " ftz");
            if (!c.ok()) MESSAGE(c.summary());
            w.add(c);
        }
        w.report_all(nsets);
    }
#endif
}

TEST_CASE("activations on fp16 tensors: every half input, fp32 compute, one rounding, <= 1 ULP of fp16") {
    for (const Fn& f : kFns) {
        auto ps = param_sets(f);
        Worst w{UlpCheck(std::string(f.name) + " f16", 1), UlpCheck()};
        for (size_t i = 0; i < ps.size(); ++i) {
            const float p0 = ps[i].first, p1 = ps[i].second;
            const float q0 = flush(p0), q1 = flush(p1);
            UlpCheck c(std::string(f.name) + " f16" + (f.nparams >= 1 ? fmt(" p0=%g", p0) : "") +
                           (f.nparams >= 2 ? fmt(" p1=%g", p1) : ""), 1);
            for (uint32_t h = 0; h < 65536; ++h) {
                float y = f.dev(vkglsl::vk_float_from_half_bits(h), p0, p1);
                uint16_t got = uint16_t(vkglsl::vk_half_bits_from_float(y));
                c.f16(h, uint16_t(h), got, [&](double x) { return f.ref(x, q0, q1); });
            }
            if (!c.ok()) MESSAGE(c.summary());
            w.add(c);
        }
        w.report_all(ps.size());
    }
}

TEST_CASE("activations: special values") {
    using namespace vkglsl;
    const float inf = INFINITY, nan = NAN;
    CHECK(std::isnan(vk_act_relu(nan)));
    CHECK(vk_act_relu(-inf) == 0.0f);
    CHECK(vk_act_relu(inf) == inf);
    CHECK(std::isnan(vk_act_leaky_relu(-inf, 0.0f)));
    CHECK(vk_act_leaky_relu(-inf, 0.01f) == -inf);
    CHECK(vk_act_leaky_relu(-inf, -0.01f) == inf);
    CHECK(vk_act_leaky_relu(-2.0f, 0.5f) == -1.0f);
    CHECK(std::isnan(vk_act_thresholded_relu(1.0f, nan)));
    CHECK(vk_act_thresholded_relu(inf, 1.0f) == inf);
    CHECK(vk_act_thresholded_relu(1.0f, 1.0f) == 0.0f);
    CHECK(std::isnan(vk_act_shrink(inf, inf, 0.5f)));
    CHECK(vk_act_shrink(inf, 1.0f, inf) == 0.0f);
    CHECK(vk_act_shrink(-inf, 1.0f, 0.5f) == -inf);
    CHECK(vk_act_shrink(0.25f, 1.0f, 0.5f) == 0.0f);
    CHECK(vk_act_hard_sigmoid(inf, 0.2f, 0.5f) == 1.0f);
    CHECK(vk_act_hard_sigmoid(-inf, 0.2f, 0.5f) == 0.0f);
    CHECK(std::isnan(vk_act_hard_sigmoid(inf, 0.0f, 0.5f)));
    CHECK(vk_act_elu(-inf, 2.0f) == -2.0f);
    CHECK(vk_act_elu(inf, 2.0f) == inf);
    CHECK(vk_act_elu(-1.0f, inf) == -inf);
    CHECK(std::isnan(vk_act_scaled_elu(-1.0f, inf, 1.0f)));
    CHECK(std::isnan(vk_act_scaled_elu(0.0f, 1.0f, inf)));
    CHECK(vk_act_scaled_elu(-inf, 2.0f, 3.0f) == -6.0f);
    CHECK(vk_act_scaled_elu(-1e-30f, 1e30f, 1e30f) == float(ref_scaled_elu(-1e-30f, 1e30f, 1e30f)));
    CHECK(vk_act_tanh(inf) == 1.0f);
    CHECK(vk_act_tanh(-inf) == -1.0f);
    CHECK(bits_of_float(vk_act_tanh(-1e-30f)) == bits_of_float(-1e-30f));
    CHECK(vk_act_scaled_tanh(inf, 2.0f, -1.0f) == -2.0f);
    CHECK(std::isnan(vk_act_scaled_tanh(0.0f, inf, 1.0f)));
    CHECK(vk_act_scaled_tanh(1e-20f, 1e30f, 1e-30f) == float(ref_scaled_tanh(1e-20f, 1e30f, 1e-30f)));
    CHECK(vk_act_sigmoid(inf) == 1.0f);
    CHECK(vk_act_sigmoid(-inf) == 0.0f);
    CHECK(vk_act_sigmoid(0.0f) == 0.5f);
    CHECK(vk_act_sigmoid(-100.0f) == float(ref_sigmoid(-100.0)));
    CHECK(vk_act_softsign(inf) == 1.0f);
    CHECK(vk_act_softsign(-inf) == -1.0f);
    CHECK(vk_act_gelu(inf) == inf);
    CHECK(std::isnan(vk_act_gelu(-inf)));
    CHECK(vk_act_gelu(-10.0f) == float(ref_gelu(-10.0)));
    CHECK(vk_act_swish(inf, 1.0f) == inf);
    CHECK(std::isnan(vk_act_swish(-inf, 1.0f)));
    CHECK(vk_act_swish(-inf, -1.0f) == -inf);
    CHECK(std::isnan(vk_act_swish(1.0f, nan)));
    CHECK(vk_act_swish(-1e30f, 1e-28f) == float(ref_swish(-1e30f, 1e-28f)));   // x e^-100: normal
    CHECK(vk_act_hard_swish(inf, 1.0f / 6.0f, 0.5f) == inf);
    CHECK(std::isnan(vk_act_hard_swish(-inf, 1.0f / 6.0f, 0.5f)));
    CHECK(vk_erf(inf) == 1.0f);
    CHECK(vk_erf(-inf) == -1.0f);
    CHECK(vk_erfc(inf) == 0.0f);
    CHECK(vk_erfc(-inf) == 2.0f);
    for (float v : {nan, -nan}) {
        CHECK(std::isnan(vk_act_elu(v, 1.0f)));
        CHECK(std::isnan(vk_act_elu(1.0f, v)));
        CHECK(std::isnan(vk_act_scaled_elu(1.0f, 1.0f, v)));
        CHECK(std::isnan(vk_act_scaled_tanh(v, 1.0f, 1.0f)));
        CHECK(std::isnan(vk_act_sigmoid(v)));
        CHECK(std::isnan(vk_act_softsign(v)));
        CHECK(std::isnan(vk_act_tanh(v)));
        CHECK(std::isnan(vk_act_gelu(v)));
        CHECK(std::isnan(vk_act_hard_swish(1.0f, v, 0.5f)));
        CHECK(std::isnan(vk_act_hard_sigmoid(1.0f, 1.0f, v)));
        CHECK(std::isnan(vk_act_prelu(-1.0f, v)));
        CHECK(std::isnan(vk_erf(v)));
        CHECK(std::isnan(vk_erfc(v)));
    }
}
