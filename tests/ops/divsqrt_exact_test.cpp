// FLOAT32 DIVIDE, RECIP and SQRT bit for bit against the correctly rounded result on lavapipe, subnormal operands
// and results included, and every NaN the one NaN 0x7fc00000: stricter than family_test, whose rules (a) and (b)
// let a device flush fp32 subnormals. Whichever form the device runs: llvmpipe's own division and square root
// (AdapterCaps::exactDivSqrt, runtime/vk/context.cpp) by default, or vk_div_cr/vk_sqrt_cr (glsl/vkdml_math.glsl)
// with VKDML_FORCE_CR_DIVSQRT=1 (the divsqrt_exact_cr_test entry). Other drivers: skipped (their OpFDiv and sqrt
// are not known to be exact, and they may flush a subnormal result when they store it).
//
// Reference: the quotient, reciprocal or square root in double rounded once to float (double rounding is innocuous
// here: 53 >= 2 * 24 + 2 bits, also for subnormal results, whose midpoints double represents).
//
// VKDML_DIVSQRT_SWEEP=full, without validation layers (minutes: the measurement behind exactDivSqrt): SQRT and RECIP
// on every bit pattern of the binades where their rounding, subnormals or overflow are decided (biased exponents
// 0, 1, 2, 126, 127, 128, 252, 253, 254, positive and negative) and every 61st pattern elsewhere; DIVIDE every
// 1021st dividend against 64 divisors and 64M random pairs. Default: a dense sample (a few seconds; denseStride()
// thins it in sanitizer builds).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "family_runner.h"

using namespace vkdml::test;

namespace {

constexpr UINT kDriverIdLlvmpipe = 13;  // VK_DRIVER_ID_MESA_LLVMPIPE
constexpr uint32_t kNaN = 0x7fc00000u;

bool fullSweep() {
    const char* v = std::getenv("VKDML_DIVSQRT_SWEEP");
    return v && std::strcmp(v, "full") == 0;
}

bool onLlvmpipe(TestDevice& device) {
    VKDML_ADAPTER_INFO info{};
    REQUIRE(vkdmlGetAdapterInfo(device, &info) == S_OK);
    if (info.DriverId == kDriverIdLlvmpipe) return true;
    MESSAGE("skipped: not llvmpipe (" << info.Name << ")");
    return false;
}

double asFloat(uint32_t b) { return floatValue(DML_TENSOR_DATA_TYPE_FLOAT32, b); }
uint32_t rounded(double exact) {
    return std::isnan(exact) ? kNaN : static_cast<uint32_t>(floatBits(DML_TENSOR_DATA_TYPE_FLOAT32, exact));
}

// Distance in units in the last place between two non-NaN floats (the bit patterns as an ordered integer line).
int64_t ulps(uint32_t a, uint32_t b) {
    auto line = [](uint32_t x) { return (x & 0x80000000u) ? -int64_t(x & 0x7fffffffu) : int64_t(x); };
    return std::llabs(line(a) - line(b));
}

uint64_t mix(uint64_t x) {  // splitmix64: a deterministic random value per index
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

struct Tally {
    uint64_t checked = 0, wrong = 0;
    int64_t maxUlps = 0;
    std::string first;
};

HRESULT buildUnary(VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                   VkdmlOperator* op) {
    DML_ELEMENT_WISE_SQRT_OPERATOR_DESC desc{t[0], t[1], nullptr};  // RECIP's desc has the same layout
    DML_OPERATOR_DESC opDesc{type, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

// Runs `op` on `total` elements, chunk by chunk: input(i, k) gives input k's bits of element i, want(a, b) the
// expected output bits for the element's inputs.
template <class Input, class Want>
Tally sweep(TestDevice& device, DML_OPERATOR_TYPE op, uint32_t arity, uint64_t total, Input input, Want want) {
    const uint32_t chunk = fullSweep() ? (1u << 24) : (1u << 22);
    Tally t;
    for (uint64_t start = 0; start < total; start += chunk) {
        const uint32_t count = static_cast<uint32_t>(std::min<uint64_t>(chunk, total - start));
        FamilyCase c;
        c.op = op;
        std::vector<std::vector<uint32_t>> in(arity, std::vector<uint32_t>(count));
        for (uint32_t k = 0; k < arity; ++k) {
            for (uint32_t i = 0; i < count; ++i) in[k][i] = input(start + i, k);
            FamilyTensor tensor = tensorOf(DML_TENSOR_DATA_TYPE_FLOAT32, {count});
            tensor.memory.resize(tensor.bytes());
            std::memcpy(tensor.memory.data(), in[k].data(), size_t(count) * 4);
            c.inputs.push_back(std::move(tensor));
        }
        c.output = tensorOf(DML_TENSOR_DATA_TYPE_FLOAT32, {count});
        c.separateBuffers = true;
        if (arity == 1) c.build = buildUnary;
        const FamilyRun r = runFamily(device, c);
        REQUIRE(r.ok());
        REQUIRE(r.output.size() >= size_t(count) * 4);
        const uint32_t* got = reinterpret_cast<const uint32_t*>(r.output.data());
        for (uint32_t i = 0; i < count; ++i) {
            const uint32_t a = in[0][i], b = arity > 1 ? in[1][i] : 0u;
            const uint32_t w = want(a, b);
            ++t.checked;
            if (got[i] == w) continue;
            ++t.wrong;
            if (w != kNaN && (got[i] & 0x7fffffffu) <= 0x7f800000u) t.maxUlps = std::max(t.maxUlps, ulps(got[i], w));
            if (t.first.empty()) {
                char text[160];
                std::snprintf(text, sizeof(text), "inputs 0x%08x 0x%08x: got 0x%08x, want 0x%08x", a, b, got[i], w);
                t.first = text;
            }
        }
    }
    return t;
}

void report(const std::string& name, const Tally& t) {
    MESSAGE(name << ": " << t.checked << " results, " << t.wrong << " differ (max " << t.maxUlps << " ULP)");
    CHECK_MESSAGE(t.wrong == 0, name << ": " << t.wrong << " of " << t.checked << " results differ from the correctly "
                                     << "rounded one, max " << t.maxUlps << " ULP; first " << t.first);
}

// 64 divisors: specials, the subnormal and normal extremes, powers of two across the range, values near 1, small
// integers and decimals, then random bit patterns.
std::vector<uint32_t> divisors() {
    std::vector<uint32_t> d = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x80000001,
                               0x007fffff, 0x00400000, 0x00000003, 0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff,
                               0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x40400000, 0x3dcccccd, 0x3eaaaaab,
                               0x3fc00000, 0x40490fdb, 0x402df854, 0x40e00000, 0x41200000, 0x0b800000, 0x1f800000,
                               0x34000000, 0x49800000, 0x5f800000, 0x7e800000, 0x7f000000, 0xc0400000};
    for (uint64_t i = 0; d.size() < 64; ++i) d.push_back(static_cast<uint32_t>(mix(0xd1u + i)));
    return d;
}

// Random pair i: odd i arbitrary bit patterns, even i with exponents chosen so that the quotient lands near or in
// the subnormal range (2^-155 .. 2^-120), where a flushing or twice-rounding division goes wrong; one dividend in
// eight of those is subnormal itself.
uint32_t randomPair(uint64_t i, uint32_t k) {
    const uint64_t r = mix(i);
    uint32_t x = static_cast<uint32_t>(r), y = static_cast<uint32_t>(r >> 32);
    if (i & 1) return k == 0 ? x : y;
    const uint64_t s = mix(~i);
    const int ex = int(s % 254) + 1;                     // biased exponent of the dividend, normal
    const int target = -155 + int((s >> 8) % 36);        // the quotient's exponent
    const int ey = std::clamp(ex - target, 1, 254);
    x = (x & 0x807fffffu) | (uint32_t(ex) << 23);
    if (((s >> 16) & 7) == 0) x &= 0x807fffffu;
    y = (y & 0x807fffffu) | (uint32_t(ey) << 23);
    return k == 0 ? x : y;
}

}  // namespace

TEST_CASE("FLOAT32 SQRT and RECIP bit-exact on lavapipe, subnormals and specials included") {
    const bool full = fullSweep();
    TestDevice device(static_cast<DML_FEATURE_LEVEL>(0), !full);
    if (!onLlvmpipe(device)) return;
    // Every step-th bit pattern (offset 17, so that both signs and every exponent come up), the full binades, then
    // the specials.
    const uint64_t step = full ? 61 : uint64_t(4093) * denseStride(), first = full ? 0 : 17;
    const uint64_t dense = ((1ull << 32) - first + step - 1) / step;
    std::vector<uint32_t> binades;  // sign and biased exponent, as the pattern's top 9 bits
    if (full)
        for (uint32_t e : {0, 1, 2, 126, 127, 128, 252, 253, 254}) binades.push_back(e), binades.push_back(e | 0x100);
    const uint64_t exhaustive = dense + binades.size() * (1ull << 23);
    const std::vector<uint64_t> specials = specialValues(DML_TENSOR_DATA_TYPE_FLOAT32);
    auto input = [&](uint64_t i, uint32_t) {
        if (i < dense) return static_cast<uint32_t>(first + i * step);
        if (i < exhaustive) return binades[(i - dense) >> 23] << 23 | static_cast<uint32_t>((i - dense) & 0x7fffff);
        return static_cast<uint32_t>(specials[i - exhaustive]);
    };
    const uint64_t total = exhaustive + specials.size();
    report("SQRT", sweep(device, DML_OPERATOR_ELEMENT_WISE_SQRT, 1, total, input,
                         [](uint32_t x, uint32_t) { return rounded(std::sqrt(asFloat(x))); }));
    report("RECIP", sweep(device, DML_OPERATOR_ELEMENT_WISE_RECIP, 1, total, input,
                          [](uint32_t x, uint32_t) { return rounded(1.0 / asFloat(x)); }));
}

TEST_CASE("FLOAT32 DIVIDE bit-exact on lavapipe, subnormal quotients and specials included") {
    const bool full = fullSweep();
    TestDevice device(static_cast<DML_FEATURE_LEVEL>(0), !full);
    if (!onLlvmpipe(device)) return;
    // Every step-th dividend against each of the 64 divisors, every pair of specials, then random pairs.
    const uint64_t step = full ? 1021 : uint64_t(65521) * denseStride(), first = full ? 0 : 5;
    const uint64_t dividends = ((1ull << 32) - first + step - 1) / step;
    const std::vector<uint32_t> d = divisors();
    std::vector<uint64_t> sa, sb;
    specialPairs(DML_TENSOR_DATA_TYPE_FLOAT32, sa, sb);
    const uint64_t grid = dividends * d.size(), pairs = grid + sa.size();
    const uint64_t total = pairs + (full ? (1ull << 26) : (1ull << 20) / denseStride());
    auto input = [&](uint64_t i, uint32_t k) -> uint32_t {
        if (i < grid) return k == 0 ? static_cast<uint32_t>(first + (i % dividends) * step) : d[i / dividends];
        if (i < pairs) return static_cast<uint32_t>(k == 0 ? sa[i - grid] : sb[i - grid]);
        return randomPair(i - pairs, k);
    };
    report("DIVIDE", sweep(device, DML_OPERATOR_ELEMENT_WISE_DIVIDE, 2, total, input, [](uint32_t a, uint32_t b) {
        return rounded(asFloat(a) / asFloat(b));
    }));
}
