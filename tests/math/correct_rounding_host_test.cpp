// correct_rounding_host_test.cpp - glsl/vkdml_math.glsl's vk_div_cr and vk_sqrt_cr (DIVIDE, RECIP, SQRT) compiled as
// C++, with the driver's estimate made inexact on purpose: on the host n / d and sqrt(x) are already correctly
// rounded, so the estimate functions are replaced by ones that move the estimate by -3..+3 ULP (Vulkan allows 2.5 ULP for
// OpFDiv). Every result must equal the host's IEEE float a / b, 1 / b and sqrt(x) bit for bit (any NaN for NaN):
// 2^20 random bit-pattern pairs (every exponent, subnormals, specials), 2^18 pairs with nearby exponents, 2^18
// with subnormal quotients (ties to even there: 3 * 2^-149 / 2), 2^16 exact quotients, 2^16 dividends next to
// b * (q + ulp/2), the special values against each other; sqrt of every 2039th bit pattern and of 2^18 values in
// [1, 4). FLOAT16 (computed in fp32, rounded once to half): every half divided by 64 random halves, RECIP and SQRT
// of every half, equal to the exact result rounded once to half (no double-rounding error: 24 >= 2 * 11 + 2); an
// fp32 input that is not a half, whose two roundings meet at a halfway point (1 ULP off).
// The functions are included in their own namespace so that the perturbed copy does not clash with the
// unperturbed one math_host_test.cpp and elementwise_math_host_test.cpp compile.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "glsl_host_shim.h"
#include "reference.h"

namespace vkglsl {
namespace perturbed {
// The estimate's error in ULP (the estimates are of positive normal values, so moving the bits moves the value).
static int g_shift = 0;
inline float vk_test_shifted(float q) { return uintBitsToFloat(floatBitsToUint(q) + uint(g_shift)); }
inline float vk_m_div_estimate(float n, float d) { return vk_test_shifted(n / d); }
inline float vk_m_sqrt_estimate(float x) { return vk_test_shifted(std::sqrt(x)); }
#define VK_M_HOST_ESTIMATES
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
#undef VK_M_HOST_ESTIMATES
} // namespace perturbed
} // namespace vkglsl

namespace {

namespace p = vkglsl::perturbed;

uint32_t bitsOf(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
float floatOf(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}
bool sameResult(float got, float want) {
    if (std::isnan(want)) return std::isnan(got);
    return bitsOf(got) == bitsOf(want);
}

constexpr int kShifts[] = {-31, -8, -3, -2, -1, 0, 1, 2, 3, 8, 31};

struct Tally {
    uint64_t checked = 0;
    uint64_t failed = 0;
    std::string first;
};

void checkDiv(Tally& t, float a, float b) {
    volatile float va = a, vb = b;  // the host's IEEE quotient, not folded
    const float want = va / vb;
    for (int s : kShifts) {
        p::g_shift = s;
        const float got = p::vk_div_cr(a, b);
        ++t.checked;
        if (!sameResult(got, want) && t.failed++ == 0)
            t.first = "div " + std::to_string(bitsOf(a)) + " / " + std::to_string(bitsOf(b)) + " shift " +
                      std::to_string(s) + ": got " + std::to_string(bitsOf(got)) + " want " +
                      std::to_string(bitsOf(want));
    }
}

void checkSqrt(Tally& t, float x) {
    volatile float vx = x;
    const float want = std::sqrt(static_cast<float>(vx));
    for (int s : kShifts) {
        p::g_shift = s;
        const float got = p::vk_sqrt_cr(x);
        ++t.checked;
        if (!sameResult(got, want) && t.failed++ == 0)
            t.first = "sqrt " + std::to_string(bitsOf(x)) + " shift " + std::to_string(s) + ": got " +
                      std::to_string(bitsOf(got)) + " want " + std::to_string(bitsOf(want));
    }
}

void report(const char* what, const Tally& t) {
    MESSAGE(std::string(what) << ": " << t.checked << " results (11 estimate errors each), " << t.failed << " wrong");
    INFO(t.first);
    CHECK(t.failed == 0);
}

} // namespace

TEST_CASE("correct rounding: DIVIDE and RECIP equal IEEE a / b with the estimate off by up to 3 ULP") {
    std::mt19937_64 rng(12);
    Tally t;
    const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
                                 0x00000001u, 0x80000001u, 0x007fffffu, 0x00400000u, 0x00800000u, 0x7f7fffffu,
                                 0xff7fffffu, 0x3f800000u, 0xbf800000u, 0x3f800001u, 0x3f7fffffu, 0x40000000u,
                                 0x34000000u, 0x4b000000u, 0x0d800000u, 0x72800000u};
    for (uint32_t a : specials)
        for (uint32_t b : specials) checkDiv(t, floatOf(a), floatOf(b));
    // Any bit patterns: every exponent difference (overflow, underflow, subnormal operands and results).
    for (int i = 0; i < (1 << 20); ++i) {
        const uint64_t r = rng();
        checkDiv(t, floatOf(uint32_t(r)), floatOf(uint32_t(r >> 32)));
    }
    // Nearby exponents (normal quotients), and RECIP (1 / b) of random patterns.
    std::uniform_int_distribution<uint32_t> mant(0, 0x7fffff);
    std::uniform_int_distribution<int> expo(1, 254), near(-3, 3), sub(-40, 0);
    for (int i = 0; i < (1 << 18); ++i) {
        const int ea = expo(rng);
        const int eb = std::min(254, std::max(1, ea + near(rng)));
        const uint32_t sa = uint32_t(rng() & 1) << 31, sb = uint32_t(rng() & 1) << 31;
        checkDiv(t, floatOf(sa | uint32_t(ea) << 23 | mant(rng)), floatOf(sb | uint32_t(eb) << 23 | mant(rng)));
        checkDiv(t, 1.0f, floatOf(uint32_t(rng())));
    }
    // Subnormal quotients: b a power of two or a short value, a small; includes exact ties (odd multiples of
    // 2^-149 / 2 round to even).
    for (int i = 0; i < (1 << 18); ++i) {
        const int eb = 127 + 1 + int(rng() % 24);  // 2^1 .. 2^24
        const uint32_t bm = (i & 1) ? 0u : (mant(rng) & 0x7f0000u);
        const int ea = std::max(0, 1 + sub(rng));
        const uint32_t abits = ea == 0 ? (mant(rng) >> (rng() % 23)) : (uint32_t(ea) << 23 | mant(rng));
        checkDiv(t, floatOf(abits | uint32_t(rng() & 1) << 31), floatOf(uint32_t(eb) << 23 | bm));
    }
    // Exact quotients: a = q * b with q and b of 12 significant bits (the product is exact).
    for (int i = 0; i < (1 << 16); ++i) {
        const float q = std::ldexp(float(2048 + rng() % 2048), int(rng() % 60) - 30 - 11);
        const float b = std::ldexp(float(2048 + rng() % 2048), int(rng() % 60) - 30 - 11);
        checkDiv(t, q * b, b);
    }
    // Dividends next to b * (q + ulp/2): the quotient is just above or below a midpoint (within ~2^-24 ULP).
    for (int i = 0; i < (1 << 16); ++i) {
        const float b = floatOf(uint32_t(127 + near(rng)) << 23 | mant(rng));
        const double q = double(floatOf(uint32_t(127 + near(rng)) << 23 | mant(rng)));
        const double mid = q + std::ldexp(1.0, std::ilogb(q) - 24);
        const float a = float(double(b) * mid);
        for (int d = -1; d <= 1; ++d) checkDiv(t, floatOf(bitsOf(a) + uint32_t(d)), b);
    }
    report("vk_div_cr", t);
}

TEST_CASE("correct rounding: SQRT equals IEEE sqrt with the estimate off by up to 3 ULP") {
    Tally t;
    const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
                                 0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0x3f800000u,
                                 0xbf800000u, 0x40800000u, 0x3f800001u, 0x3f7fffffu};
    for (uint32_t x : specials) checkSqrt(t, floatOf(x));
    for (uint64_t u = 0; u < (uint64_t(1) << 32); u += 2039) checkSqrt(t, floatOf(uint32_t(u)));
    std::mt19937 rng(13);
    for (int i = 0; i < (1 << 18); ++i) checkSqrt(t, floatOf((0x3f800000u + (rng() & 0xffffffu))));  // [1, 4)
    // Squares of 12-bit values (exact roots) and their neighbours.
    for (uint32_t r = 2048; r < 4096; ++r) {
        const float s = float(r) * float(r);
        for (int d = -1; d <= 1; ++d) checkSqrt(t, floatOf(bitsOf(s) + uint32_t(d)));
    }
    report("vk_sqrt_cr", t);
}

TEST_CASE("correct rounding: FLOAT16 DIVIDE, RECIP, SQRT through fp32: halves give the exact result rounded once") {
    p::g_shift = 0;
    std::mt19937 rng(14);
    uint64_t checked = 0, failed = 0;
    std::string first;
    auto check = [&](const char* op, uint16_t a, uint16_t b, float got32, double exact) {
        const uint16_t got = half_from_double(double(got32)), want = half_from_double(exact);
        ++checked;
        const bool ok = (want & 0x7fff) > 0x7c00 ? (got & 0x7fff) > 0x7c00 : got == want;
        if (!ok && failed++ == 0)
            first = std::string(op) + " " + std::to_string(a) + " " + std::to_string(b) + ": got " +
                    std::to_string(got) + " want " + std::to_string(want);
    };
    for (uint32_t a = 0; a < 65536; ++a) {
        const double da = double_from_half(uint16_t(a));
        check("recip", uint16_t(a), 0, p::vk_div_cr(1.0f, float(da)), 1.0 / da);
        check("sqrt", uint16_t(a), 0, p::vk_sqrt_cr(float(da)), std::sqrt(da));
        for (int i = 0; i < 64; ++i) {
            const uint16_t b = uint16_t(rng());
            const double db = double_from_half(b);
            check("div", uint16_t(a), b, p::vk_div_cr(float(da), float(db)), da / db);
        }
    }
    MESSAGE("FLOAT16: " << checked << " results, " << failed << " wrong");
    INFO(first);
    CHECK(failed == 0);
    // An fp32 input that is not a half (a ScaleBias makes them): the FLOAT32 result rounded to half may sit on a
    // halfway point the exact result is not on; then it is 1 ULP from the exact result rounded once (SEMANTICS.md).
    const float x = floatOf(0xb8c552c3u);   // -9.409107588e-05: 1 / x = -10628.0005; FLOAT32 -10628, halfway between halves
    CHECK(p::vk_div_cr(1.0f, x) == -10628.0f);
    CHECK(half_from_double(double(p::vk_div_cr(1.0f, x))) == half_from_double(-10624.0));
    CHECK(half_from_double(1.0 / double(x)) == half_from_double(-10632.0));
}
