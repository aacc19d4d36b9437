// half_trig_pow_host_test.cpp - host (CPU) tests of glsl/vkdml_half_trig_pow.glsl, the SIN, COS, TAN, ATAN, ATAN_YX,
// POW and CONSTANT_POW forms for FLOAT16 results, compiled as C++ through tests/support/glsl_host_shim.h, with the same two
// checks as half_forms_host_test: the fp32 value rounded once to fp16 within 1 ULP of fp16 of the double-precision
// reference, and the fp32 value within 2^-15 relative of it wherever that is a normal FLOAT16 number; on every half
// input and across the fp32 inputs (a ScaleBias or a fused graph hands a function any fp32 value); special values.
// Default: every 1024th fp32 bit pattern; VKDML_EXHAUSTIVE=1: every pattern.
// Must be compiled with -ffp-contract=off and without -ffast-math (the shim checks the latter).
#include <doctest/doctest.h>

#include "glsl_host_shim.h"
namespace vkglsl {
#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
#include "vkdml_half_forms.glsl"
#include "vkdml_half_trig_pow.glsl"
} // namespace vkglsl

#include "half_form_sweep.h"
#include "host_sweep.h"
#include "reference.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using namespace vkdml::test;
using namespace vkdml::test::halfsweep;
using vkdml::hostsweep::exhaustive;
using vkdml::hostsweep::thinned;

namespace {

double ftz(float v) { return static_cast<double>(vkglsl::vk_m_ftz(v)); }

}  // namespace

TEST_CASE("SIN, COS and TAN for FLOAT16 results: within 1 ULP of fp16 on every half and across the fp32 inputs") {
    const uint64_t step = exhaustive() ? 1 : thinned(1024);
    report(sweep(step, [](float x) { return vkglsl::vk_sin_half(x); }, [](double x) { return std::sin(x); }),
           "sin_half");
    report(sweep(step, [](float x) { return vkglsl::vk_cos_half(x); }, [](double x) { return std::cos(x); }),
           "cos_half");
    report(sweep(step, [](float x) { return vkglsl::vk_tan_half(x); }, [](double x) { return std::tan(x); }),
           "tan_half");
}

TEST_CASE("SIN, COS and TAN for FLOAT16 results: special values") {
    using namespace vkglsl;
    for (const float special : {INFINITY, -INFINITY, NAN}) {
        CHECK(std::isnan(vk_sin_half(special)));
        CHECK(std::isnan(vk_cos_half(special)));
        CHECK(std::isnan(vk_tan_half(special)));
    }
    CHECK(bits_of_float(vk_sin_half(-0.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_tan_half(-0.0f)) == 0x80000000u);
    CHECK(vk_cos_half(-0.0f) == 1.0f);
    CHECK(vk_sin_half(0x1p-13f) == 0x1p-13f);
}

// POW over the bases for fixed exponents, and over the exponents for fixed bases (negative ones included: odd and
// even integer exponents keep or drop the sign).
TEST_CASE("POW for FLOAT16 results: within 1 ULP of fp16 across bases and exponents") {
    const float exponents[] = {2.0f, 3.0f, -1.0f, 0.5f, -2.5f, 1.0f / 3.0f, 7.25f, 0x1p-10f, 1000.0f, -17.0f};
    for (const float y : exponents) {
        const uint64_t step = thinned(4096);
        report(sweep(step, [y](float x) { return vkglsl::vk_pow_half(x, y); },
                     [y](double x) { return std::pow(x, ftz(y)); }),
               "pow_half(x, " + std::to_string(y) + ")");
    }
    const float bases[] = {2.0f, 10.0f, 0.5f, 1.0009765625f, 0.9990234375f, -3.0f, 65504.0f, 0x1p-24f, 2.718281828f};
    for (const float x : bases) {
        const uint64_t step = thinned(4096);
        report(sweep(step, [x](float y) { return vkglsl::vk_pow_half(x, y); },
                     [x](double y) { return std::pow(ftz(x), y); }),
               "pow_half(" + std::to_string(x) + ", y)");
    }
}

TEST_CASE("POW for FLOAT16 results: C's special cases, as the FLOAT32 form") {
    using namespace vkglsl;
    const float values[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 0.5f, -0.5f, 3.0f, -3.0f, 2.5f, -2.5f,
                            INFINITY, -INFINITY, NAN, 0x1p-140f, -0x1p-140f, 65504.0f, 0x1p30f, -0x1p30f};
    for (const float x : values) {
        for (const float y : values) {
            const float half = vk_pow_half(x, y);
            const float full = vk_pow(x, y);
            const uint16_t hh = half_from_double(double(half)), hf = half_from_double(double(full));
            INFO("pow(" << x << ", " << y << ") = " << half << ", FLOAT32 form " << full);
            if (std::isnan(full)) {
                CHECK(std::isnan(half));
            } else {
                CHECK(ulp_error_f16(hh, double(full)) <= 1);
                CHECK((hh & 0x8000u) == (hf & 0x8000u));
            }
        }
    }
}

TEST_CASE("ATAN and ATAN_YX for FLOAT16 results: within 1 ULP of fp16 across the fp32 inputs") {
    const uint64_t step = exhaustive() ? 1 : thinned(1024);
    report(sweep(step, [](float x) { return vkglsl::vk_atan_half(x); }, [](double x) { return std::atan(x); }),
           "atan_half");
    const float others[] = {1.0f, -1.0f, 0.5f, -3.0f, 1e-3f, -65504.0f, 0x1p-20f, 7.25f, 0x1p100f, -0x1p120f};
    for (const float o : others) {
        report(sweep(thinned(4096), [o](float y) { return vkglsl::vk_atan2_half(y, o); },
                     [o](double y) { return std::atan2(y, ftz(o)); }),
               "atan2_half(y, " + std::to_string(o) + ")");
        report(sweep(thinned(4096), [o](float x) { return vkglsl::vk_atan2_half(o, x); },
                     [o](double x) { return std::atan2(ftz(o), x); }),
               "atan2_half(" + std::to_string(o) + ", x)");
    }
}

TEST_CASE("ATAN and ATAN_YX for FLOAT16 results: C's special values, as the FLOAT32 forms") {
    using namespace vkglsl;
    const float values[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.5f, -2.5f, INFINITY, -INFINITY, NAN, 0x1p-140f, 65504.0f,
                            -0x1p126f};
    for (const float y : values) {
        const float a = vk_atan_half(y), af = vk_atan(y);
        INFO("atan(" << y << ") = " << a << ", FLOAT32 form " << af);
        CHECK((std::isnan(af) ? std::isnan(a) : ulp_error_f16(half_from_double(double(a)), double(af)) <= 1));
        CHECK(std::signbit(a) == std::signbit(af));
        for (const float x : values) {
            const float h = vk_atan2_half(y, x), f = vk_atan2(y, x);
            INFO("atan2(" << y << ", " << x << ") = " << h << ", FLOAT32 form " << f);
            if (std::isnan(f)) {
                CHECK(std::isnan(h));
            } else {
                CHECK(ulp_error_f16(half_from_double(double(h)), double(f)) <= 1);
                CHECK(std::signbit(h) == std::signbit(f));
            }
        }
    }
}
