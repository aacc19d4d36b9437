// The sweep the FLOAT16 forms' host tests share (half_forms_host_test, half_trig_pow_host_test): a form's fp32 value
// rounded once to fp16 must be within 1 ULP of fp16 of the double-precision reference, and the fp32 value itself
// within 2^-15 relative of it wherever that is a normal FLOAT16 number (the forms' budget is about 2^-16: this check
// fails first when a step loses accuracy), over fp32 bit patterns and every half. Include after the GLSL library
// (namespace vkglsl, for vk_m_ftz: the reference sees the input as the forms do).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "host_sweep.h"
#include "reference.h"

namespace vkdml::test::halfsweep {

struct Measured {
    uint64_t worstHalfUlp = 0;     // fp16 ULP distance of the rounded result
    double worstRelative = 0.0;    // |fp32 value - exact| / |exact| where the exact value is a normal half
    double worstRelativeAt = 0.0;
    uint64_t count = 0;
    void merge(const Measured& o) {
        worstHalfUlp = std::max(worstHalfUlp, o.worstHalfUlp);
        if (o.worstRelative > worstRelative) worstRelative = o.worstRelative, worstRelativeAt = o.worstRelativeAt;
        count += o.count;
    }
};

template <class Dev, class Ref>
void measure(Measured& m, float x, const Dev& dev, const Ref& ref) {
    const float got = dev(x);
    const double exact = ref(static_cast<double>(vkglsl::vk_m_ftz(x)));
    ++m.count;
    m.worstHalfUlp = std::max(m.worstHalfUlp, ulp_error_f16(half_from_double(static_cast<double>(got)), exact));
    if (std::isfinite(exact) && std::fabs(exact) >= 0x1p-14 && std::fabs(exact) <= 65504.0) {
        const double rel = std::fabs((static_cast<double>(got) - exact) / exact);
        if (rel > m.worstRelative) m.worstRelative = rel, m.worstRelativeAt = x;
    }
}

// Every `step`-th fp32 bit pattern (low bits jittered) and every half, through dev against ref.
template <class Dev, class Ref>
Measured sweep(uint64_t step, const Dev& dev, const Ref& ref) {
    const uint64_t n = (uint64_t(1) << 32) / step;
    std::vector<Measured> parts(vkdml::hostsweep::thread_count());
    vkdml::hostsweep::parallel_chunks(n, [&](uint64_t b, uint64_t e, unsigned t) {
        for (uint64_t i = b; i < e; ++i) measure(parts[t], float_of_bits(uint32_t(i * step + (i % step))), dev, ref);
    });
    Measured all;
    for (const Measured& p : parts) all.merge(p);
    for (uint32_t h = 0; h < 65536; ++h) measure(all, static_cast<float>(double_from_half(uint16_t(h))), dev, ref);
    return all;
}

inline void report(const Measured& m, const std::string& name) {
    MESSAGE(name << ": " << m.count << " inputs, worst " << m.worstHalfUlp << " ULP of fp16, fp32 value within "
                 << m.worstRelative << " (2^" << std::log2(std::max(m.worstRelative, 1e-300)) << ") relative, at x = "
                 << m.worstRelativeAt);
    CHECK(m.worstHalfUlp <= 1);
    CHECK(m.worstRelative <= 0x1p-15);
}

}  // namespace vkdml::test::halfsweep
