// The fma that tests on lavapipe run the fused-fma forms with (vk_fma with VKDML_EMULATED_FMA, glsl/vkdml_math.glsl):
// computed in double and rounded to odd before the rounding to float, it must equal a fused fma bit for bit, ties and
// subnormal results included. Host code, so that the emulation itself is proven before it checks anything on a device.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "glsl_host_shim.h"
#include "reference.h"
#define VKDML_EMULATED_FMA
namespace vkglsl {
#include "vkdml_math.glsl"
}  // namespace vkglsl

namespace {

// Compares vk_fma with std::fma; NaNs compare as NaNs (either payload).
bool same(float a, float b, float c) {
    const float want = std::fma(a, b, c), got = vkglsl::vk_fma(a, b, c);
    if (std::isnan(want)) return std::isnan(got);
    return bits_of_float(want) == bits_of_float(got);
}

}  // namespace

TEST_CASE("emulated fma: a fused fma bit for bit on products' rounding errors, ties, cancellation and subnormals") {
    std::mt19937 rng(20261127);
    uint64_t mismatches = 0, cases = 0;
    auto check = [&](float a, float b, float c) {
        ++cases;
        if (!same(a, b, c)) {
            if (++mismatches <= 5)
                MESSAGE("vk_fma(" << a << ", " << b << ", " << c << ") = " << vkglsl::vk_fma(a, b, c) << ", fused "
                                  << std::fma(a, b, c));
        }
    };
    // The textbook case: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46.
    const float one = 1.0f + std::ldexp(1.0f, -23);
    check(one, one, -(1.0f + std::ldexp(1.0f, -22)));
    for (int i = 0; i < 1000000; ++i) {
        // Random significands and exponents over the whole range, so products overflow, cancel and go subnormal.
        const float a = float_of_bits(rng()), b = float_of_bits(rng());
        check(a, b, float_of_bits(rng()));
        // c = -fl(a*b) plus a few ULP: the sum cancels down to the product's rounding error.
        const float p = a * b;
        check(a, b, -p);
        check(a, b, std::nextafter(-p, 0.0f));
        // Near-ties: a*b exact in 48 bits plus c that places the sum half an ULP from a float.
        const float a1 = 1.0f + float(rng() >> 9) * std::ldexp(1.0f, -23);
        const float b1 = 1.0f + float(rng() >> 9) * std::ldexp(1.0f, -23);
        const float p1 = a1 * b1;
        const float half = std::ldexp(1.0f, std::ilogb(p1) - 24);
        check(a1, b1, half);
        check(a1, b1, -half);
        check(a1, b1, std::ldexp(p1, -25));
        // Products that are exact ties between two floats (25 significant bits), moved off the tie by a c far
        // below double's precision: rounding to double first would land back on the tie (double rounding).
        const float a2 = 1.0f + float(rng() % 4095 + 1) * std::ldexp(1.0f, -12);
        const float b2 = 1.0f + float(rng() % 4095 + 1) * std::ldexp(1.0f, -12);
        const float tiny = std::ldexp((rng() & 1) ? 1.0f : -1.0f, -40 - int(rng() % 60));
        check(a2, b2, tiny);
        check(-a2, b2, tiny);
        // Tiny operands: products and sums in the subnormal range.
        check(float_of_bits((rng() & 0x807fffffu) | 0x0c000000u), float_of_bits((rng() & 0x807fffffu) | 0x33000000u),
              float_of_bits(rng() & 0x80ffffffu));
    }
    MESSAGE(cases << " fma cases, " << mismatches << " mismatches");
    CHECK(mismatches == 0);
}
