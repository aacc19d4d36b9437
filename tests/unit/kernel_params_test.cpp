// KernelParams: the strided kernel's division by multiply-high and shift must equal integer division for every
// index below 2^31 and every size, and the push-constant words must not overlap.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "ops/elementwise/kernel_params.h"

using vkdml::elementwise::KernelParams;

namespace {

uint32_t divideLikeTheKernel(const KernelParams& p, uint32_t tensorCount, uint32_t d, uint32_t n) {
    const uint32_t magic = p.dims[KernelParams::maxRank(tensorCount) + d];
    if (magic == 0) return n;
    const uint32_t shifts = tensorCount > 2 ? p.flags : p.dims[23];
    const uint32_t high = static_cast<uint32_t>((uint64_t(n) * magic) >> 32);
    return high >> ((shifts >> (5 * d)) & 31u);
}

void checkDivisor(uint32_t divisor, std::mt19937& rng) {
    for (uint32_t tensorCount : {2u, 3u}) {
        KernelParams p{};
        const uint32_t d = KernelParams::maxRank(tensorCount) - 2;  // the last dimension that is divided by
        p.setSize(tensorCount, 0, 7);                                // neighbours keep their shifts
        p.setSize(tensorCount, d, divisor);
        CHECK(p.dims[d] == divisor);
        std::vector<uint32_t> ns = {0, 1, divisor - 1, divisor, 0x7fffffffu, 0x7ffffffeu};
        for (uint32_t k = 1; k < 8; ++k) {
            const uint64_t multiple = uint64_t(divisor) * (0x7fffffffu / divisor / k);
            for (int64_t delta = -1; delta <= 1; ++delta)
                if (multiple + delta < 0x80000000u) ns.push_back(static_cast<uint32_t>(multiple + delta));
        }
        for (int k = 0; k < 64; ++k) ns.push_back(rng() & 0x7fffffffu);
        for (uint32_t n : ns) {
            if (divideLikeTheKernel(p, tensorCount, d, n) != n / divisor) {
                FAIL_CHECK("size " << divisor << " n " << n << " tensors " << tensorCount);
                return;
            }
        }
        CHECK(divideLikeTheKernel(p, tensorCount, 0, 100) == 14);
    }
}

}  // namespace

TEST_CASE("multiply-high division equals n / size for every n < 2^31") {
    std::mt19937 rng(5);
    for (uint32_t divisor = 1; divisor <= 70000; ++divisor) checkDivisor(divisor, rng);
    for (uint32_t l = 17; l <= 31; ++l)
        for (int64_t delta : {-1, 0, 1}) checkDivisor(static_cast<uint32_t>((int64_t(1) << l) + delta), rng);
    for (int k = 0; k < 20000; ++k) checkDivisor(2 + rng() % 0x7ffffffeu, rng);
}

TEST_CASE("the dimension words of one- and two-input kernels do not overlap") {
    for (uint32_t tensorCount : {2u, 3u}) {
        const uint32_t rank = KernelParams::maxRank(tensorCount);
        std::set<uint32_t> used;
        KernelParams p{};
        auto index = [&](uint32_t* word) { return static_cast<uint32_t>(word - p.dims); };
        for (uint32_t d = 0; d < rank; ++d) used.insert(index(&p.size(d)));
        for (uint32_t d = 0; d + 1 < rank; ++d) used.insert(rank + d);  // magic numbers
        for (uint32_t t = 0; t < tensorCount; ++t)
            for (uint32_t d = 0; d < rank; ++d) used.insert(index(&p.stride(tensorCount, t, d)));
        if (tensorCount == 2) used.insert(23);  // shifts
        CHECK(used.size() == 24u);  // every word used once
        CHECK(*used.rbegin() == 23u);
    }
}
