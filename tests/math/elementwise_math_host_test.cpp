// elementwise_math_host_test.cpp - host sweeps of the shader math behind DirectML's element-wise float functions
// (glsl/vkdml_math.glsl: exp log sin cos tan asin acos atan atan2 sinh cosh asinh acosh atanh pow;
// glsl/vkdml_activations.glsl: tanh, erf and the element-wise operator's lean erf) compiled as C++ through
// tests/support/glsl_host_shim.h, against long-double libm, in ULP.
//
// Per function: 2^20 fp32 bit patterns spread evenly over the whole range (both signs, every exponent, subnormals,
// infinities and NaNs), the shared special inputs, and for sin/cos/tan 2^18 more arguments with |x| >= 2^20 (up to
// FLT_MAX: the Payne-Hanek reduction), 2^18 in [-64, 64] (many periods) and 2^18 with |x| in [64, 2^20) (the
// VKDML_FUSED_FMA form's Cody-Waite range, up to 2^17, and the switch); then every FLOAT16 value computed in
// fp32 and rounded once. pow and atan2: sweeps of one argument with the other fixed over a set of values (integers,
// halves, specials, huge and tiny). VKDML_EXHAUSTIVE=1: all 2^32 patterns per unary function (minutes; every core).
// Bounds: fp32 4 ULP, fp16 1 ULP (docs/ARCHITECTURE.md, "Numerics"). The largest errors measured are printed.
#include <doctest/doctest.h>

#include "glsl_host_shim.h"
namespace vkglsl {
#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
#include "vkdml_activations.glsl"
} // namespace vkglsl

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "host_sweep.h"
#include "reference.h"

namespace {

using ld = long double;
using namespace vkdml::hostsweep;

struct Fn1 {
    const char* name;
    float (*dev)(float);
    double (*ref)(double);
};
const Fn1 kFns[] = {
    {"exp", [](float x) { return vkglsl::vk_exp_lean(x); }, [](double x) { return double(std::exp(ld(x))); }},
    {"log", [](float x) { return vkglsl::vk_log_lean(x); }, [](double x) { return double(std::log(ld(x))); }},
    {"sin", [](float x) { return vkglsl::vk_sin(x); }, [](double x) { return double(std::sin(ld(x))); }},
    {"cos", [](float x) { return vkglsl::vk_cos(x); }, [](double x) { return double(std::cos(ld(x))); }},
    {"tan", [](float x) { return vkglsl::vk_tan(x); }, [](double x) { return double(std::tan(ld(x))); }},
    {"asin", [](float x) { return vkglsl::vk_asin(x); }, [](double x) { return double(std::asin(ld(x))); }},
    {"acos", [](float x) { return vkglsl::vk_acos(x); }, [](double x) { return double(std::acos(ld(x))); }},
    {"atan", [](float x) { return vkglsl::vk_atan(x); }, [](double x) { return double(std::atan(ld(x))); }},
    {"sinh", [](float x) { return vkglsl::vk_sinh(x); }, [](double x) { return double(std::sinh(ld(x))); }},
    {"cosh", [](float x) { return vkglsl::vk_cosh(x); }, [](double x) { return double(std::cosh(ld(x))); }},
    {"tanh", [](float x) { return vkglsl::vk_act_tanh(x); }, [](double x) { return double(std::tanh(ld(x))); }},
    {"asinh", [](float x) { return vkglsl::vk_asinh(x); }, [](double x) { return double(std::asinh(ld(x))); }},
    {"acosh", [](float x) { return vkglsl::vk_acosh(x); }, [](double x) { return double(std::acosh(ld(x))); }},
    {"atanh", [](float x) { return vkglsl::vk_atanh(x); }, [](double x) { return double(std::atanh(ld(x))); }},
    {"erf", [](float x) { return vkglsl::vk_erf(x); }, [](double x) { return double(std::erf(ld(x))); }},
    {"erf (element-wise)", [](float x) { return vkglsl::vk_erf_lean(x); },
     [](double x) { return double(std::erf(ld(x))); }},
};

std::vector<float> specials() {
    const float base[] = {0.0f, 1e-45f, FLT_MIN, FLT_MAX, INFINITY, 1.0f, 0.5f, 2.0f, 0.4375f, 0.6875f, 0.78539819f,
                          1.5707964f, 3.1415927f, 4.712389f, 6.2831855f, 0x1p-12f, 0x1p-13f, 0x1p-26f, 20.0f, 4.0f,
                          2.5f, 4096.0f, 67108864.0f, 88.72f, 89.41f, 89.42f, 90.0f, 1e10f, 1e20f, 1e30f, 1.6263032e38f,
                          8.5474404e30f, 2.1545469e26f, 804211840.0f, 13176794.0f, 102940.40625f, 9.0f, 10.5f,
                          // sin/cos/tan: the fused Cody-Waite reduction's limit 2^17 and its closest approaches to
                          // multiples of pi/2 (binades 2^7, 2^15, 2^16)
                          131072.0f, 252.898209f, 52516.4336f, 105032.867f};
    std::vector<float> v;
    for (float b : base)
        for (float s : {1.0f, -1.0f}) {
            const uint32_t u = bits_of_float(s * b);
            for (int d = -3; d <= 3; ++d) {
                const uint32_t w = u + static_cast<uint32_t>(d);
                if (((u ^ w) & 0x80000000u) == 0) v.push_back(float_of_bits(w));
            }
        }
    for (uint32_t nan : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff812345u}) v.push_back(float_of_bits(nan));
    return v;
}

void report(const UlpCheck& c) {
    MESSAGE(c.summary());
    REQUIRE(c.ok());
}

UlpCheck fp32Sweeps(const std::string& name, float (*dev)(float), double (*ref)(double), bool trig) {
    const BitSweep bits{exhaustive() ? 1u : thinned(4096u)};  // 2^20 patterns
    UlpCheck c = sweep(name + " fp32", 4, bits.count(), bits, dev, ref);
    const std::vector<float> sp = specials();
    c.merge(sweep(name, 4, sp.size(), [&](uint64_t i) { return sp[i]; }, dev, ref));
    c.merge(sweep(name, 4, sp.size(), [&](uint64_t i) { return sp[i]; }, dev, ref, true));  // FTZ+DAZ device
    if (trig) {
        // |x| in [2^20, FLT_MAX]: exponents 147..254, every significand region; and [-64, 64] densely
        const uint64_t n = uint64_t(1) << 18;
        c.merge(sweep(name + " large", 4, n, [](uint64_t i) {
            const uint32_t h = static_cast<uint32_t>((i * 0x9e3779b97f4a7c15ull) >> 32);
            const uint32_t e = 147u + (h % 108u);
            return float_of_bits(((i & 1u) << 31) | (e << 23) | ((h >> 7) & 0x7fffffu));
        }, dev, ref));
        c.merge(sweep(name + " periods", 4, n, [n](uint64_t i) { return float(-64.0 + 128.0 * double(i) / double(n)); },
                      dev, ref));
        // |x| in [64, 2^20): the fused form's Cody-Waite range (up to 2^17) and the switch to Payne-Hanek
        c.merge(sweep(name + " medium", 4, n, [](uint64_t i) {
            const uint32_t h = static_cast<uint32_t>((i * 0x9e3779b97f4a7c15ull) >> 32);
            const uint32_t e = 133u + (h % 14u);
            return float_of_bits(((i & 1u) << 31) | (e << 23) | ((h >> 7) & 0x7fffffu));
        }, dev, ref));
    }
    c.name = name + " fp32";
    return c;
}

UlpCheck fp16All(const std::string& name, float (*dev)(float), double (*ref)(double)) {
    UlpCheck c(name + " fp16 (all 65536)", 1);
    for (uint32_t h = 0; h < 65536; ++h) {
        const uint16_t got = uint16_t(vkglsl::vk_half_bits_from_float(dev(vkglsl::vk_float_from_half_bits(h))));
        c.f16(h, uint16_t(h), got, ref);
    }
    return c;
}

// Exponents and bases the two-argument sweeps fix.
const float kFixed[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 3.0f, -3.0f, 0.5f, -0.5f, 2.5f, -2.5f, 10.0f, 127.0f,
                        -149.0f, 1e-3f, 1e10f, -1e10f, 1e-30f, 16777217.0f, 0.9999999f, 1.0000001f, 1e30f, INFINITY,
                        -INFINITY, NAN, 7.0f, -33.0f, 0.3f, 88.0f};

} // namespace

TEST_CASE("elementwise math: unary float functions <= 4 ULP (fp32, whole range) and <= 1 ULP (every fp16)") {
    for (const Fn1& f : kFns) {
        const std::string name = f.name;
        report(fp32Sweeps(name, f.dev, f.ref, name == "sin" || name == "cos" || name == "tan"));
        report(fp16All(f.name, f.dev, f.ref));
    }
}

TEST_CASE("elementwise math: pow(x, y) <= 4 ULP with y fixed and with x fixed; fp16 pairs <= 1 ULP") {
    const BitSweep bits{exhaustive() ? 256u : thinned(65536u)};  // 2^16 patterns per fixed value
    UlpCheck byX("pow(x, y fixed) fp32", 4), byY("pow(x fixed, y) fp32", 4);
    for (float v : kFixed) {
        byX.merge(sweep("pow", 4, bits.count(), bits, [v](float x) { return vkglsl::vk_pow(x, v); },
                        [v](double x) { return double(std::pow(ld(x), ld(v))); }));
        byY.merge(sweep("pow", 4, bits.count(), bits, [v](float y) { return vkglsl::vk_pow(v, y); },
                        [v](double y) { return double(std::pow(ld(v), ld(y))); }));
    }
    byX.name = "pow(x, y fixed) fp32";
    byY.name = "pow(x fixed, y) fp32";
    report(byX);
    report(byY);
    // fp16: every base against a set of fp16 exponents, and every exponent against a set of bases
    UlpCheck h16("pow fp16", 1);
    const uint16_t fixed16[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x3800, 0xb800, 0x4100, 0xc900,
                                0x7c00, 0xfc00, 0x7e00, 0x4b00, 0x3bff, 0x3c01, 0x0001, 0x7bff};
    for (uint16_t v : fixed16) {
        const float fv = vkglsl::vk_float_from_half_bits(v);
        for (uint32_t h = 0; h < 65536; ++h) {
            const float fh = vkglsl::vk_float_from_half_bits(h);
            h16.f16(h, uint16_t(h), uint16_t(vkglsl::vk_half_bits_from_float(vkglsl::vk_pow(fh, fv))),
                    [fv](double x) { return double(std::pow(ld(x), ld(fv))); });
            h16.f16(h, uint16_t(h), uint16_t(vkglsl::vk_half_bits_from_float(vkglsl::vk_pow(fv, fh))),
                    [fv](double y) { return double(std::pow(ld(fv), ld(y))); });
        }
    }
    report(h16);
}

TEST_CASE("elementwise math: atan2(y, x) <= 4 ULP, fp16 <= 1 ULP; C's special cases") {
    const BitSweep bits{exhaustive() ? 256u : thinned(65536u)};
    UlpCheck byY("atan2(y, x fixed) fp32", 4), byX("atan2(y fixed, x) fp32", 4);
    for (float v : kFixed) {
        byY.merge(sweep("atan2", 4, bits.count(), bits, [v](float y) { return vkglsl::vk_atan2(y, v); },
                        [v](double y) { return double(std::atan2(ld(y), ld(v))); }));
        byX.merge(sweep("atan2", 4, bits.count(), bits, [v](float x) { return vkglsl::vk_atan2(v, x); },
                        [v](double x) { return double(std::atan2(ld(v), ld(x))); }));
    }
    byY.name = "atan2(y, x fixed) fp32";
    byX.name = "atan2(y fixed, x) fp32";
    report(byY);
    report(byX);
    UlpCheck h16("atan2 fp16", 1);
    for (uint32_t a = 0; a < 65536; a += 97)
        for (uint32_t b = 0; b < 65536; b += 61) {
            const float y = vkglsl::vk_float_from_half_bits(a), x = vkglsl::vk_float_from_half_bits(b);
            h16.f16(a, uint16_t(a), uint16_t(vkglsl::vk_half_bits_from_float(vkglsl::vk_atan2(y, x))),
                    [x](double yy) { return double(std::atan2(ld(yy), ld(x))); });
        }
    report(h16);

    using namespace vkglsl;
    const float pi = float(M_PI), inf = INFINITY;
    CHECK(bits_of_float(vk_atan2(0.0f, 0.0f)) == 0u);
    CHECK(bits_of_float(vk_atan2(-0.0f, 0.0f)) == 0x80000000u);
    CHECK(vk_atan2(0.0f, -0.0f) == pi);
    CHECK(vk_atan2(-0.0f, -0.0f) == -pi);
    CHECK(vk_atan2(inf, -inf) == float(3 * M_PI / 4));
    CHECK(vk_atan2(-inf, inf) == float(-M_PI / 4));
    CHECK(vk_atan2(1.0f, 0.0f) == float(M_PI / 2));
    CHECK(std::isnan(vk_atan2(NAN, 1.0f)));
}

TEST_CASE("elementwise math: special values as C's libm") {
    using namespace vkglsl;
    const float inf = INFINITY, nan = NAN;
    for (float (*f)(float) : {+[](float x) { return vk_sin(x); }, +[](float x) { return vk_cos(x); },
                              +[](float x) { return vk_tan(x); }}) {
        CHECK(std::isnan(f(inf)));
        CHECK(std::isnan(f(-inf)));
        CHECK(std::isnan(f(nan)));
    }
    CHECK(bits_of_float(vk_sin(-0.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_tan(-0.0f)) == 0x80000000u);
    CHECK(vk_cos(-0.0f) == 1.0f);
    CHECK(std::isnan(vk_acos(2.0f)));
    CHECK(std::isnan(vk_asin(-1.0000001f)));
    CHECK(vk_acos(1.0f) == 0.0f);
    CHECK(vk_acos(-1.0f) == float(M_PI));
    CHECK(vk_asin(1.0f) == float(M_PI / 2));
    CHECK(vk_atan(inf) == float(M_PI / 2));
    CHECK(vk_atan(-inf) == float(-M_PI / 2));
    CHECK(vk_sinh(-inf) == -inf);
    CHECK(vk_cosh(-inf) == inf);
    CHECK(vk_sinh(89.5f) == inf);
    CHECK(vk_cosh(-89.5f) == inf);
    CHECK(vk_asinh(-inf) == -inf);
    CHECK(vk_acosh(inf) == inf);
    CHECK(std::isnan(vk_acosh(0.5f)));
    CHECK(std::isnan(vk_acosh(-inf)));
    CHECK(vk_acosh(1.0f) == 0.0f);
    CHECK(vk_atanh(1.0f) == inf);
    CHECK(vk_atanh(-1.0f) == -inf);
    CHECK(std::isnan(vk_atanh(1.5f)));
    CHECK(bits_of_float(vk_act_tanh(-0.0f)) == 0x80000000u);
    CHECK(vk_erf(-inf) == -1.0f);
    // pow: C99 F.9.4.4
    CHECK(vk_pow(nan, 0.0f) == 1.0f);
    CHECK(vk_pow(nan, -0.0f) == 1.0f);
    CHECK(vk_pow(1.0f, nan) == 1.0f);
    CHECK(vk_pow(-1.0f, inf) == 1.0f);
    CHECK(vk_pow(-1.0f, -inf) == 1.0f);
    CHECK(std::isnan(vk_pow(-2.0f, 0.5f)));
    CHECK(vk_pow(-8.0f, 3.0f) == -512.0f);
    CHECK(vk_pow(-8.0f, -3.0f) == float(-1.0 / 512));
    CHECK(vk_pow(-0.0f, -3.0f) == -inf);
    CHECK(vk_pow(-0.0f, -2.0f) == inf);
    CHECK(vk_pow(-0.0f, -0.5f) == inf);
    CHECK(bits_of_float(vk_pow(-0.0f, 3.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_pow(-0.0f, 2.0f)) == 0u);
    CHECK(vk_pow(0.5f, -inf) == inf);
    CHECK(vk_pow(2.0f, -inf) == 0.0f);
    CHECK(vk_pow(0.5f, inf) == 0.0f);
    CHECK(vk_pow(2.0f, inf) == inf);
    CHECK(bits_of_float(vk_pow(-inf, -3.0f)) == 0x80000000u);
    CHECK(vk_pow(-inf, 3.0f) == -inf);
    CHECK(vk_pow(-inf, 2.0f) == inf);
    CHECK(vk_pow(inf, -1.0f) == 0.0f);
    CHECK(vk_pow(-2.0f, 16777217.0f) == inf);  // even: 16777217 is not a float
    CHECK(vk_pow(2.0f, 128.0f) == inf);
    CHECK(vk_pow(2.0f, -149.0f) == 1e-45f);
}
