// straight_host_test.cpp - host (CPU) tests of glsl/vkdml_straight.glsl, the branch-free CELU, ELU, SCALED_ELU,
// SIGMOID, SWISH, SOFTPLUS and PARAMETRIC_SOFTPLUS used for parameters in [2^-20, 2^20], compiled as C++ through tests/support/glsl_host_shim.h: the same bounds as the
// general functions (<= 4 ULP fp32, <= 1 ULP on fp16 tensors) against the double-precision reference, with and
// without the host FPU flushing denormals, and the same special values as the general functions.
//
// Default: for each of 14 parameters across the range (both ends included), every 4096th fp32 bit pattern (every
// 256th for the typical 1 and 1.5), a dense sweep of the non-trivial region and the special values; all 65536 halves.
// VKDML_EXHAUSTIVE=1: every fp32 pattern for the typical parameters.
// Must be compiled with -ffp-contract=off and without -ffast-math (the shim checks the latter).
#include <doctest/doctest.h>

#include "glsl_host_shim.h"
namespace vkglsl {
#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
#include "vkdml_activations.glsl"
#include "vkdml_straight.glsl"
} // namespace vkglsl

#include "reference.h"
#include "reference_activations.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "host_sweep.h"

namespace {

using namespace vkdml::hostsweep;

const float kParams[] = {1.0f, 1.5f, 0.5f, 2.0f, 0.1f, 7.0f, 0.3f, 3.7f, 1e-3f, 1e3f, 0x1p-20f, 0x1p20f, 1.1e-6f, 9e5f};

std::vector<float> special_inputs() {
    const float base[] = {0.0f, 1e-45f, 1.1754942e-38f, FLT_MIN, FLT_MAX, INFINITY, 1.0f, 0.5f, 0.3465736f, 0.3467f,
                          0.6931472f, 16.6f, 17.33f, 17.5f, 20.0f, 88.0f, 104.0f, 120.0f, 0x1p-24f, 0x1p-26f,
                          0x1p-27f, 1e-4f, 0.41421354f, 0.29289323f, 1e4f, 1e10f, 1e30f, 1e38f, 0x1p-126f, 0x1p-100f};
    std::vector<float> v;
    for (float b : base)
        for (float sign : {1.0f, -1.0f})
            for (float scale : kParams) {
                const float center = sign * b * scale;
                const uint32_t u = bits_of_float(center);
                for (int d = -2; d <= 2; ++d) {
                    const uint32_t w = u + static_cast<uint32_t>(d);
                    if (((u ^ w) & 0x80000000u) == 0) v.push_back(float_of_bits(w));
                }
            }
    for (uint32_t nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u}) v.push_back(float_of_bits(nan));
    return v;
}

std::string fmt(const char* f, double a) {
    char buf[128];
    std::snprintf(buf, sizeof buf, f, a);
    return buf;
}

// Dense samples of t over [lo, hi] (even i) and tiny magnitudes +-2^-(0..60) (odd i).
double region_t(uint64_t i, uint64_t n, double lo, double hi) {
    const double r = double(i / 2) / double(n / 2);
    if (i % 2 == 0) return lo + (hi - lo) * r;
    const double tiny = std::exp2(-60.0 * r);
    return (i % 4 == 1) ? tiny : -tiny;
}

enum RegionMap { kTimesP, kOverP, kOver1_5, kPlain };   // x = t * p, t / p, t / 1.5, t

struct Fn {
    const char* name;
    float (*dev)(float, float);
    double (*ref)(double, double);
    double lo, hi;   // the non-trivial region of t
    RegionMap map;
};
const Fn kFns[] = {
    {"celu_straight", [](float x, float a) { return vkglsl::vk_act_celu_straight(x, a); },
     [](double x, double a) { return ref_celu(x, a); }, -20.0, 2.0, kTimesP},
    {"elu_straight", [](float x, float a) { return vkglsl::vk_act_elu_straight(x, a); },
     [](double x, double a) { return ref_elu(x, a); }, -20.0, 2.0, kPlain},
    {"scaled_elu_straight alpha=p gamma=1.0507",
     [](float x, float a) { return vkglsl::vk_act_scaled_elu_straight(x, a, 1.0507f); },
     [](double x, double a) { return ref_scaled_elu(x, a, double(1.0507f)); }, -20.0, 2.0, kPlain},
    {"scaled_elu_straight alpha=1.6733 gamma=p",
     [](float x, float g) { return vkglsl::vk_act_scaled_elu_straight(x, 1.6733f, g); },
     [](double x, double g) { return ref_scaled_elu(x, double(1.6733f), g); }, -20.0, 2.0, kPlain},
    {"sigmoid_straight (p unused)", [](float x, float) { return vkglsl::vk_act_sigmoid_straight(x); },
     [](double x, double) { return ref_sigmoid(x); }, -110.0, 30.0, kPlain},
    {"swish_straight", [](float x, float s) { return vkglsl::vk_act_swish_straight(x, s); },
     [](double x, double s) { return ref_swish(x, s); }, -160.0, 30.0, kOverP},
    {"softplus_straight", [](float x, float s) { return vkglsl::vk_act_softplus_straight(x, s); },
     [](double x, double s) { return ref_softplus(x, s); }, -130.0, 40.0, kOverP},
    {"parametric_softplus_straight alpha=p beta=1.5",
     [](float x, float a) { return vkglsl::vk_act_parametric_softplus_straight(x, a, 1.5f); },
     [](double x, double a) { return ref_parametric_softplus(x, a, 1.5); }, -130.0, 40.0, kOver1_5},
    {"parametric_softplus_straight alpha=-0.75 beta=p",
     [](float x, float b) { return vkglsl::vk_act_parametric_softplus_straight(x, -0.75f, b); },
     [](double x, double b) { return ref_parametric_softplus(x, -0.75, b); }, -130.0, 40.0, kOverP},
};

UlpCheck check(const Fn& f, float p, bool ftz, uint32_t step) {
    auto dev = [&](float x) { return f.dev(x, p); };
    auto ref = [&](double x) { return f.ref(x, p); };
    const std::string name = fmt((std::string(f.name) + (ftz ? " ftz" : "") + " p=%g").c_str(), p);
    const BitSweep bits{step};
    UlpCheck c = sweep(name, 4, bits.count(), bits, dev, ref, ftz);
    const uint64_t n = uint64_t(1) << 18;
    c.merge(sweep(name, 4, n, [&](uint64_t i) {
        const double t = region_t(i, n, f.lo, f.hi);
        switch (f.map) {
            case kTimesP: return float(t * p);
            case kOverP: return float(t / p);
            case kOver1_5: return float(t / 1.5);
            default: return float(t);
        }
    }, dev, ref, ftz));
    const std::vector<float> sp = special_inputs();
    c.merge(sweep(name, 4, sp.size(), [&](uint64_t i) { return sp[i]; }, dev, ref, ftz));
    return c;
}

}  // namespace

TEST_CASE("straight CELU and SOFTPLUS: <= 4 ULP fp32 over the parameter range") {
    for (const Fn& f : kFns)
        for (float p : kParams) {
            REQUIRE(vkglsl::vk_straight_param_ok(p));
            const uint32_t step = (p == 1.0f || p == 1.5f) ? (exhaustive() ? 1u : thinned(256u)) : thinned(4096u);
            UlpCheck c = check(f, p, false, step);
            MESSAGE(c.summary());
            CHECK(c.ok());
        }
}

TEST_CASE("straight CELU and SOFTPLUS: denormal flushing device (FTZ+DAZ)") {
#if !VKDML_HAVE_MXCSR
    MESSAGE("no MXCSR on this host: skipped");
#else
    for (const Fn& f : kFns)
        for (float p : {1.0f, 0x1p-20f, 0x1p20f, 1e-3f}) {
            UlpCheck c = check(f, p, true, 4096u);
            MESSAGE(c.summary());
            CHECK(c.ok());
        }
#endif
}

TEST_CASE("straight CELU and SOFTPLUS on fp16 tensors: every half input, <= 1 ULP of fp16") {
    for (const Fn& f : kFns)
        for (float p : {1.0f, 1.5f, 0.5f, 2.0f, 1e-3f, 1e3f, 0x1p-20f}) {
            UlpCheck c(fmt((std::string(f.name) + " f16 p=%g").c_str(), p), 1);
            for (uint32_t h = 0; h < 65536; ++h) {
                const float x = vkglsl::vk_float_from_half_bits(h);
                const uint16_t got = uint16_t(vkglsl::vk_half_bits_from_float(f.dev(x, p)));
                c.f16(h, uint16_t(h), got, [&](double v) { return f.ref(v, p); });
            }
            MESSAGE(c.summary());
            CHECK(c.ok());
        }
}

TEST_CASE("straight CELU and SOFTPLUS: special values as the general functions") {
    using namespace vkglsl;
    const float inf = INFINITY;
    for (float p : kParams) {
        CHECK(vk_act_celu_straight(-inf, p) == -p);
        CHECK(vk_act_celu_straight(inf, p) == inf);
        CHECK(std::isnan(vk_act_celu_straight(NAN, p)));
        CHECK(bits_of_float(vk_act_celu_straight(-0.0f, p)) == 0x80000000u);
        CHECK(bits_of_float(vk_act_celu_straight(-1e-45f, p)) == 0x80000000u);   // subnormal: a zero of its sign
        CHECK(vk_act_softplus_straight(inf, p) == inf);
        CHECK(bits_of_float(vk_act_softplus_straight(-inf, p)) == 0u);
        CHECK(std::isnan(vk_act_softplus_straight(NAN, p)));
        CHECK(vk_act_softplus_straight(3e38f, p) == 3e38f);
        CHECK(vk_act_elu_straight(-inf, p) == -p);
        CHECK(vk_act_elu_straight(inf, p) == inf);
        CHECK(std::isnan(vk_act_elu_straight(NAN, p)));
        CHECK(bits_of_float(vk_act_elu_straight(-0.0f, p)) == 0x80000000u);
        CHECK(vk_act_scaled_elu_straight(inf, p, 2.0f) == inf);
        CHECK(vk_act_scaled_elu_straight(-inf, p, 2.0f) == float(-2.0 * double(p)));
        CHECK(std::isnan(vk_act_scaled_elu_straight(NAN, p, p)));
        CHECK(vk_act_sigmoid_straight(inf) == 1.0f);
        CHECK(vk_act_sigmoid_straight(-inf) == 0.0f);
        CHECK(std::isnan(vk_act_sigmoid_straight(NAN)));
        CHECK(vk_act_swish_straight(inf, p) == inf);
        CHECK(std::isnan(vk_act_swish_straight(-inf, p)));
        CHECK(std::isnan(vk_act_swish_straight(NAN, p)));
        CHECK(bits_of_float(vk_act_swish_straight(-1e38f, p)) == 0x80000000u);
        CHECK(vk_act_parametric_softplus_straight(inf, p, 1.0f) == inf);
        CHECK(vk_act_parametric_softplus_straight(inf, -p, 1.0f) == -inf);
        CHECK(bits_of_float(vk_act_parametric_softplus_straight(-inf, -p, p)) == 0x80000000u);
        CHECK(std::isnan(vk_act_parametric_softplus_straight(NAN, p, p)));
    }
    CHECK_FALSE(vk_straight_param_ok(0.0f));
    CHECK_FALSE(vk_straight_param_ok(-1.0f));
    CHECK_FALSE(vk_straight_param_ok(NAN));
    CHECK_FALSE(vk_straight_param_ok(inf));
    CHECK_FALSE(vk_straight_param_ok(0x1p-21f));
    CHECK_FALSE(vk_straight_param_ok(0x1p21f));
}

TEST_CASE("straight and general kernels agree within 4 ULP of each other on every 65536th pattern") {
    using namespace vkglsl;
    for (float p : kParams) {
        int far = 0;
        for (uint64_t i = 0; i < (uint64_t(1) << 16); ++i) {
            const float x = float_of_bits(static_cast<uint32_t>(i << 16) | 0x1234u);
            const float a = vk_act_celu_straight(x, p), b = vk_act_celu(x, p);
            const float c = vk_act_softplus_straight(x, p), d = vk_act_softplus(x, p);
            const float g = vk_act_parametric_softplus_straight(x, -p, 1.0f / p);
            const float h = vk_act_parametric_softplus(x, -p, 1.0f / p);
            const float e1 = vk_act_elu_straight(x, p), e2 = vk_act_elu(x, p);
            const float w1 = vk_act_swish_straight(x, p), w2 = vk_act_swish(x, p);
            const float g1 = vk_act_sigmoid_straight(x), g2 = vk_act_sigmoid(x);
            const float s1 = vk_act_scaled_elu_straight(x, p, 1.0f / p), s2 = vk_act_scaled_elu(x, p, 1.0f / p);
            auto apart = [](float u, float v) {
                if (std::isnan(u) || std::isnan(v)) return std::isnan(u) != std::isnan(v);
                const int64_t iu = int32_t(bits_of_float(u)), iv = int32_t(bits_of_float(v));
                const int64_t ou = iu < 0 ? int64_t(INT32_MIN) - iu : iu, ov = iv < 0 ? int64_t(INT32_MIN) - iv : iv;
                return (ou > ov ? ou - ov : ov - ou) > 4;
            };
            far += apart(a, b) + apart(c, d) + apart(g, h) + apart(e1, e2) + apart(s1, s2) + apart(w1, w2) + apart(g1, g2);
        }
        CHECK_MESSAGE(far == 0, "p = " << p);
    }
}
