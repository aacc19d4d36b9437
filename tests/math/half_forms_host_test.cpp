// half_forms_host_test.cpp - host (CPU) tests of glsl/vkdml_half_forms.glsl, the SIGMOID, SWISH, TANH, SCALED_TANH, GELU,
// ELU, CELU, SCALED_ELU, SOFTPLUS, PARAMETRIC_SOFTPLUS, EXP, LOG and ERF forms for FLOAT16 results, compiled as C++ through tests/support/glsl_host_shim.h: the fp32 value rounded
// once to fp16 within 1 ULP of fp16 of the double-precision reference (the operators' FLOAT16 bound), on every half
// input and on fp32 inputs (a fused graph or a ScaleBias hands a function any fp32 value), and the fp32 value itself
// within 2^-15 relative of the reference wherever that is a normal FLOAT16 number (the forms' stated budget is about
// 2^-16: this check fails first when a step loses accuracy, before the fp16 bound does; results that round to a
// half zero or infinity may be returned as that zero or infinity), for parameters across [2^-20, 2^20] (the range
// for which the host takes these forms); special values.
// Default: every 1024th fp32 bit pattern per parameter; VKDML_EXHAUSTIVE=1: every pattern for steepness 1.
// Must be compiled with -ffp-contract=off and without -ffast-math (the shim checks the latter).
#include <doctest/doctest.h>

#include "glsl_host_shim.h"
namespace vkglsl {
#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_half_forms.glsl"
} // namespace vkglsl

#include "half_form_sweep.h"
#include "host_sweep.h"
#include "reference.h"
#include "reference_activations.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace vkdml::test;
using namespace vkdml::test::halfsweep;
using vkdml::hostsweep::exhaustive;
using vkdml::hostsweep::thinned;

namespace {

const float kSteepness[] = {1.0f, 0.5f, 1.702f, 3.75f, 0x1p-20f, 0x1.8p-7f, 0x1p20f, 777.0f};

}  // namespace

TEST_CASE("SIGMOID for FLOAT16 results: within 1 ULP of fp16 on every half and across the fp32 inputs") {
    const uint64_t step = exhaustive() ? 1 : thinned(1024);
    report(sweep(step, [](float x) { return vkglsl::vk_act_sigmoid_half(x); }, [](double x) { return ref_sigmoid(x); }),
           "sigmoid_half");
}

TEST_CASE("SWISH for FLOAT16 results: within 1 ULP of fp16 for steepness across [2^-20, 2^20]") {
    for (const float s : kSteepness) {
        const uint64_t step = exhaustive() && s == 1.0f ? 1 : thinned(s == 1.0f ? 1024 : 4096);
        report(sweep(step, [s](float x) { return vkglsl::vk_act_swish_half(x, s); },
                     [s](double x) { return ref_swish(x, s); }),
               "swish_half steepness " + std::to_string(s));
    }
}

TEST_CASE("TANH for FLOAT16 results: within 1 ULP of fp16 on every half and across the fp32 inputs") {
    const uint64_t step = exhaustive() ? 1 : thinned(1024);
    report(sweep(step, [](float x) { return vkglsl::vk_act_tanh_half(x); }, [](double x) { return ref_tanh(x); }),
           "tanh_half");
}

TEST_CASE("GELU for FLOAT16 results: within 1 ULP of fp16 on every half and across the fp32 inputs") {
    const uint64_t step = exhaustive() ? 1 : thinned(1024);
    report(sweep(step, [](float x) { return vkglsl::vk_act_gelu_half(x); }, [](double x) { return ref_gelu(x); }),
           "gelu_half");
}

TEST_CASE("EXP, LOG and ERF for FLOAT16 results: within 1 ULP of fp16 on every half and across the fp32 inputs") {
    const uint64_t step = exhaustive() ? 1 : thinned(1024);
    report(sweep(step, [](float x) { return vkglsl::vk_exp_half(x); }, [](double x) { return std::exp(x); }),
           "exp_half");
    report(sweep(step, [](float x) { return vkglsl::vk_log_half(x); },
                 [](double x) { return x < 0.0 ? NAN : x == 0.0 ? -INFINITY : std::log(x); }),
           "log_half");
    report(sweep(step, [](float x) { return vkglsl::vk_erf_half(x); }, [](double x) { return ref_erf(x); }),
           "erf_half");
}

// Parameters across the range the host takes these forms for (vk_straight_param_ok).
const float kParams[] = {1.0f, 0.5f, 3.75f, 0x1p-20f, 0x1p20f};

template <class Dev, class Ref>
void sweepParams(const char* name, const Dev& dev, const Ref& ref) {
    for (const float p : kParams) {
        const uint64_t step = thinned(p == 1.0f ? 1024 : 4096);
        report(sweep(step, [&](float x) { return dev(x, p); }, [&](double x) { return ref(x, double(p)); }),
               std::string(name) + " parameter " + std::to_string(p));
    }
}

TEST_CASE("SCALED_TANH for FLOAT16 results: within 1 ULP of fp16 for |Alpha| and |Beta| across [2^-20, 2^20]") {
    sweepParams("scaled_tanh_half (alpha 1.7159, beta p)",
                [](float x, float b) { return vkglsl::vk_act_scaled_tanh_half(x, 1.71589994f, b); },
                [](double x, double b) { return ref_scaled_tanh(x, double(1.71589994f), b); });
    sweepParams("scaled_tanh_half (alpha -p, beta 0.6667)",
                [](float x, float a) { return vkglsl::vk_act_scaled_tanh_half(x, -a, 0.666666687f); },
                [](double x, double a) { return ref_scaled_tanh(x, -a, double(0.666666687f)); });
    using namespace vkglsl;
    CHECK(vk_act_scaled_tanh_half(INFINITY, 2.0f, 0.5f) == 2.0f);
    CHECK(vk_act_scaled_tanh_half(-INFINITY, 2.0f, 0.5f) == -2.0f);
    CHECK(std::isnan(vk_act_scaled_tanh_half(NAN, 2.0f, 0.5f)));
    CHECK(vk_act_scaled_tanh_half(0.0f, 2.0f, 0.5f) == 0.0f);
}

TEST_CASE("ELU, CELU and SCALED_ELU for FLOAT16 results: within 1 ULP of fp16 for parameters across [2^-20, 2^20]") {
    sweepParams("elu_half", [](float x, float a) { return vkglsl::vk_act_elu_half(x, a); },
                [](double x, double a) { return ref_elu(x, a); });
    sweepParams("celu_half", [](float x, float a) { return vkglsl::vk_act_celu_half(x, a); },
                [](double x, double a) { return ref_celu(x, a); });
    sweepParams("scaled_elu_half (alpha 1.6733, gamma p)",
                [](float x, float g) { return vkglsl::vk_act_scaled_elu_half(x, 1.67326319f, g); },
                [](double x, double g) { return ref_scaled_elu(x, double(1.67326319f), g); });
    sweepParams("scaled_elu_half (alpha p, gamma 1.0507)",
                [](float x, float a) { return vkglsl::vk_act_scaled_elu_half(x, a, 1.05070102f); },
                [](double x, double a) { return ref_scaled_elu(x, a, double(1.05070102f)); });
}

TEST_CASE("SOFTPLUS and PARAMETRIC_SOFTPLUS for FLOAT16 results: within 1 ULP of fp16 for parameters across [2^-20, 2^20]") {
    sweepParams("softplus_half", [](float x, float s) { return vkglsl::vk_act_softplus_half(x, s); },
                [](double x, double s) { return ref_softplus(x, s); });
    sweepParams("parametric_softplus_half (alpha -0.75, beta p)",
                [](float x, float b) { return vkglsl::vk_act_parametric_softplus_half(x, -0.75f, b); },
                [](double x, double b) { return ref_parametric_softplus(x, -0.75, b); });
    sweepParams("parametric_softplus_half (alpha p, beta 1.5)",
                [](float x, float a) { return vkglsl::vk_act_parametric_softplus_half(x, a, 1.5f); },
                [](double x, double a) { return ref_parametric_softplus(x, a, 1.5); });
}

TEST_CASE("ELU, CELU, SCALED_ELU, SOFTPLUS, PARAMETRIC_SOFTPLUS for FLOAT16 results: special values") {
    using namespace vkglsl;
    const float inf = INFINITY;
    CHECK(vk_act_elu_half(inf, 1.0f) == inf);
    CHECK(vk_act_elu_half(-inf, 2.0f) == -2.0f);
    CHECK(bits_of_float(vk_act_elu_half(-0.0f, 1.0f)) == 0x80000000u);
    CHECK(std::isnan(vk_act_elu_half(NAN, 1.0f)));
    CHECK(vk_act_celu_half(inf, 1.0f) == inf);
    CHECK(vk_act_celu_half(-inf, 0.5f) == -0.5f);
    CHECK(bits_of_float(vk_act_celu_half(-0.0f, 1.0f)) == 0x80000000u);
    CHECK(std::isnan(vk_act_celu_half(NAN, 1.0f)));
    CHECK(vk_act_scaled_elu_half(inf, 1.5f, 2.0f) == inf);
    CHECK(vk_act_scaled_elu_half(-inf, 1.5f, 2.0f) == -3.0f);
    CHECK(bits_of_float(vk_act_scaled_elu_half(-0.0f, 1.5f, 2.0f)) == 0x80000000u);
    CHECK(std::isnan(vk_act_scaled_elu_half(NAN, 1.5f, 2.0f)));
    CHECK(vk_act_softplus_half(inf, 1.0f) == inf);
    CHECK(vk_act_softplus_half(-inf, 1.0f) < 0x1p-100f);
    CHECK(std::isnan(vk_act_softplus_half(NAN, 1.0f)));
    CHECK(vk_act_parametric_softplus_half(inf, 2.0f, 1.0f) == inf);
    CHECK(vk_act_parametric_softplus_half(inf, -2.0f, 1.0f) == -inf);
    CHECK(std::isnan(vk_act_parametric_softplus_half(NAN, 1.0f, 1.0f)));
}

TEST_CASE("GELU, EXP, LOG and ERF for FLOAT16 results: special values as the FLOAT32 forms") {
    using namespace vkglsl;
    const float inf = INFINITY;
    CHECK(vk_act_gelu_half(inf) == inf);
    CHECK(std::isnan(vk_act_gelu_half(-inf)));
    CHECK(std::isnan(vk_act_gelu_half(NAN)));
    CHECK(bits_of_float(vk_act_gelu_half(-0.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_act_gelu_half(-7.0f)) == 0x80000000u);
    CHECK(vk_act_gelu_half(7.0f) == 7.0f);
    CHECK(vk_exp_half(inf) == inf);
    CHECK(vk_exp_half(-inf) == 0.0f);
    CHECK(vk_exp_half(0.0f) == 1.0f);
    CHECK(std::isnan(vk_exp_half(NAN)));
    CHECK(vk_log_half(1.0f) == 0.0f);
    CHECK(vk_log_half(0.0f) == -inf);
    CHECK(vk_log_half(-0.0f) == -inf);
    CHECK(vk_log_half(inf) == inf);
    CHECK(std::isnan(vk_log_half(-1.0f)));
    CHECK(std::isnan(vk_log_half(-inf)));
    CHECK(std::isnan(vk_log_half(NAN)));
    CHECK(vk_erf_half(inf) == 1.0f);
    CHECK(vk_erf_half(-inf) == -1.0f);
    CHECK(bits_of_float(vk_erf_half(-0.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_erf_half(float_of_bits(0x80000001u))) == 0x80000000u);
    CHECK(std::isnan(vk_erf_half(NAN)));
}

TEST_CASE("SIGMOID, SWISH and TANH for FLOAT16 results: special values as the FLOAT32 forms") {
    using namespace vkglsl;
    const float inf = INFINITY;
    CHECK(vk_act_sigmoid_half(inf) == 1.0f);
    CHECK(vk_act_sigmoid_half(-inf) == 0.0f);
    CHECK(vk_act_sigmoid_half(0.0f) == 0.5f);
    CHECK(vk_act_sigmoid_half(float_of_bits(0x80000001u)) == 0.5f);   // a subnormal input is a zero
    CHECK(std::isnan(vk_act_sigmoid_half(NAN)));
    CHECK(vk_act_swish_half(inf, 1.0f) == inf);
    CHECK(std::isnan(vk_act_swish_half(-inf, 1.0f)));
    CHECK(std::isnan(vk_act_swish_half(NAN, 1.0f)));
    CHECK(bits_of_float(vk_act_swish_half(-0.0f, 1.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_act_swish_half(-1000.0f, 1.0f)) == 0x80000000u);   // t < -150: a zero of x's sign
    CHECK(vk_act_swish_half(1000.0f, 1.0f) == 1000.0f);
    CHECK(bits_of_float(vk_act_swish_half(float_of_bits(0x80000001u), 1.0f)) == 0x80000000u);
    CHECK(vk_act_tanh_half(inf) == 1.0f);
    CHECK(vk_act_tanh_half(-inf) == -1.0f);
    CHECK(bits_of_float(vk_act_tanh_half(-0.0f)) == 0x80000000u);
    CHECK(bits_of_float(vk_act_tanh_half(float_of_bits(0x80000001u))) == 0x80000000u);
    CHECK(std::isnan(vk_act_tanh_half(NAN)));
}
