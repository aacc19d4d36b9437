// Shared by the host sweeps of the shader math (math_host_test.cpp, activations_host_test.cpp): parallel sweeps of
// fp32 inputs through a GLSL function compiled as C++, optionally with the FPU flushing denormals the way a device
// without shaderDenormPreserveFloat32 runs the shader, checked with reference.h's UlpCheck.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "op_runner.h"
#include "reference.h"

#if defined(__SSE2__) || defined(_M_X64)
#include <xmmintrin.h>
#define VKDML_HAVE_MXCSR 1
#else
#define VKDML_HAVE_MXCSR 0
#endif

namespace vkdml::hostsweep {

inline bool exhaustive() {
    const char* e = std::getenv("VKDML_EXHAUSTIVE");
    return e != nullptr && std::strcmp(e, "1") == 0;
}

// A default sweep's step: `step`, times denseStride() in sanitizer builds (Debug + ASan/UBSan run the host sweeps
// about ten times slower); VKDML_EXHAUSTIVE=1 sets its own steps and is never thinned.
inline uint32_t thinned(uint32_t step) { return step * vkdml::test::denseStride(); }
inline uint64_t thinnedCount(uint64_t count) { return count / vkdml::test::denseStride(); }

inline unsigned thread_count() {
    unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : std::min(n, 64u);
}

// Runs body(begin, end, part) over [0, n) split into contiguous chunks, one per thread.
template <class Body>
void parallel_chunks(uint64_t n, Body body) {
    unsigned nt = thread_count();
    if (n < 4096) nt = 1;
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < nt; ++t) {
        uint64_t b = n * t / nt, e = n * (t + 1) / nt;
        threads.emplace_back([=, &body] { body(b, e, t); });
    }
    for (auto& th : threads) th.join();
}

// Evaluates dev over xs[0..n) into ys, optionally with the FPU flushing denormals (inputs and outputs), the way a
// device without denormal support runs the shader. noinline + barriers keep the work inside the FTZ region.
template <class Dev>
__attribute__((noinline)) void device_batch(const float* xs, float* ys, size_t n, const Dev& dev, bool ftz) {
#if VKDML_HAVE_MXCSR
    unsigned saved = _mm_getcsr();
    if (ftz) _mm_setcsr(saved | 0x8040u);   // FTZ (bit 15) | DAZ (bit 6)
    __asm__ __volatile__("" ::: "memory");
#else
    (void)ftz;
#endif
    for (size_t i = 0; i < n; ++i) ys[i] = dev(xs[i]);
#if VKDML_HAVE_MXCSR
    __asm__ __volatile__("" ::: "memory");
    _mm_setcsr(saved);
#endif
}

// Sweep of n inputs gen(i) through dev, checked against ref (rules (a), (b) of reference.h).
template <class Gen, class Dev, class Ref>
UlpCheck sweep(const std::string& name, uint64_t bound, uint64_t n, Gen gen, Dev dev, Ref ref, bool ftz = false) {
    std::vector<UlpCheck> parts(thread_count(), UlpCheck(name, bound));
    parallel_chunks(n, [&](uint64_t b, uint64_t e, unsigned t) {
        const size_t kBatch = 1024;
        float xs[kBatch], ys[kBatch];
        for (uint64_t i = b; i < e; i += kBatch) {
            size_t cnt = static_cast<size_t>(std::min<uint64_t>(kBatch, e - i));
            for (size_t j = 0; j < cnt; ++j) xs[j] = gen(i + j);
            device_batch(xs, ys, cnt, dev, ftz);
            for (size_t j = 0; j < cnt; ++j) parts[t].f32(static_cast<size_t>(i + j), xs[j], ys[j], ref);
        }
    });
    UlpCheck all(name, bound);
    for (auto& p : parts) all.merge(p);
    return all;
}

// fp32 bit patterns: sample i of a sweep with the given step (low bits varied so that not only round numbers
// are hit); step 1 is every pattern.
struct BitSweep {
    uint32_t step;
    float operator()(uint64_t i) const {
        uint32_t base = static_cast<uint32_t>(i * step);
        uint32_t jitter = step > 1 ? static_cast<uint32_t>((i * 2654435761u) >> 7) % step : 0u;
        return float_of_bits(base + jitter);
    }
    uint64_t count() const { return (uint64_t(1) << 32) / step; }
};

}  // namespace vkdml::hostsweep
