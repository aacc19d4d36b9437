#include "core/device_probes.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/device_checks.h"
#include "kernel/glsl_library.h"

namespace vkdml {

namespace {

// Runs `glsl` (one storage buffer at binding 0, no push constants) as `groups` workgroups of `workgroupSize` over
// `words`, which it reads and writes in place, and waits for it.
void runProbeKernel(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue, uint64_t key,
                    const char* name, const std::string& glsl, uint32_t workgroupSize, uint32_t groups,
                    std::vector<uint32_t>& words) {
    vk::KernelSource source;
    source.key = key;
    source.name = name;
    source.layout = vk::KernelLayout{1, 0};
    source.workgroupSize = workgroupSize;
    source.glsl = [glsl] { return glsl; };
    source.describe = [name] { return std::string(name); };
    const uint32_t grid[3] = {groups, 1, 1};
    runKernelOnce(ctx, pipelines, queue, source, words, {WordRange{0, words.size()}}, nullptr, 0, grid);
}

// ---- fma ------------------------------------------------------------------------------------------------------------
// Pairs (a, b) whose product is not a float: fma(a, b, -fl(a * b)) is the product's rounding error, which an
// unfused fma returns as 0. The first is the textbook case: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly.
constexpr uint32_t kFmaPairs = 16;

const char* const kFmaProbeGlsl = R"(#version 450
layout(local_size_x_id = 0) in;
layout(std430, set = 0, binding = 0) buffer Words { uint words[]; };
void main() {
    uint i = gl_LocalInvocationID.x;
    float a = uintBitsToFloat(words[i]);
    float b = uintBitsToFloat(words[16u + i]);
    precise float p = a * b;
    precise float e = fma(a, b, -p);
    words[32u + i] = floatBitsToUint(e);
}
)";

std::vector<float> fmaOperands() {
    std::vector<float> a(kFmaPairs), b(kFmaPairs);
    a[0] = b[0] = 1.0f + std::ldexp(1.0f, -23);
    uint32_t state = 0x9e3779b9u;
    for (uint32_t i = 1; i < kFmaPairs; ++i) {
        state = state * 1664525u + 1013904223u;
        a[i] = 1.0f + float(state >> 9) * std::ldexp(1.0f, -23);  // [1, 2), all 23 fraction bits random
        state = state * 1664525u + 1013904223u;
        b[i] = -(1.0f + float(state >> 9) * std::ldexp(1.0f, -23)) * std::ldexp(1.0f, int(i) - 8);
    }
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

bool fmaIsFused(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue) {
    const std::vector<float> in = fmaOperands();
    std::vector<uint32_t> words(3 * kFmaPairs, ~0u);
    std::memcpy(words.data(), in.data(), 2 * kFmaPairs * sizeof(uint32_t));
    runProbeKernel(ctx, pipelines, queue, 0x666d615f70726f62ull, "fused-fma probe", kFmaProbeGlsl, kFmaPairs, 1,
                   words);
    for (uint32_t i = 0; i < kFmaPairs; ++i) {
        const float p = in[i] * in[kFmaPairs + i];
        const float expected = std::fma(in[i], in[kFmaPairs + i], -p);
        uint32_t bits;
        std::memcpy(&bits, &expected, sizeof bits);
        if (words[2 * kFmaPairs + i] != bits) return false;
    }
    return true;
}

// ---- fp16 conversions -----------------------------------------------------------------------------------------------
// Invocation id: the half h = id & 0xffff (both signs), part = id >> 16. Part 0: h widened, h's own value narrowed,
// the halfway point above |h| and its two fp32 neighbours narrowed. Part 1: an fp32 subnormal and a value beyond
// 65520 (rounds to infinity) built from h narrowed. Mismatches are counted in words[0], the smallest failing id kept
// in words[1]. The reference is vkdml_half.glsl's integer form, compiled into the same kernel.
constexpr uint32_t kHalfProbeWorkgroup = 64;
constexpr uint32_t kHalfProbeInvocations = 2u << 16;

const char* const kHalfProbeMain = R"(
// Each conversion also in the high half of a pair, with the negated value (kernels convert two at a time): a
// mismatch there gives a value no reference has.
uint nativeNarrow(float f) {
    uint single = packHalf2x16(vec2(f, 0.0)) & 0xffffu;
    uint pair = packHalf2x16(vec2(f, -f));
    return (pair & 0xffffu) == single && (pair >> 16) == vk_half_bits_from_float(-f) ? single : 0x10000u;
}
float nativeWiden(uint h) {
    float single = unpackHalf2x16(h & 0xffffu).x;
    vec2 pair = unpackHalf2x16(h | ((h ^ 0x8000u) << 16));
    bool same = floatBitsToUint(pair.x) == floatBitsToUint(single) && floatBitsToUint(pair.y) == (floatBitsToUint(single) ^ 0x80000000u);
    return same ? single : uintBitsToFloat(0x7fc00001u);
}
void expect(bool same, uint id) {
    if (!same) {
        atomicAdd(words[0], 1u);
        atomicMin(words[1], id);
    }
}
void expectNarrow(float f, uint id) { expect(nativeNarrow(f) == vk_half_bits_from_float(f), id); }
void main() {
    uint id = gl_GlobalInvocationID.x;
    uint h = id & 0xffffu;
    uint e = (h >> 10) & 0x1fu;
    if ((id >> 16) == 0u) {
        if (e == 31u) return;   // infinities and NaNs: both forms build them from the bits
        float f = vk_float_from_half_bits(h);
        expect(floatBitsToUint(nativeWiden(h)) == floatBitsToUint(f), id);
        expectNarrow(f, id);
        precise float halfUlp = e == 0u ? 2.98023224e-08f : uintBitsToFloat((e + 101u) << 23);   // 2^(e-26)
        precise float mid = (h & 0x8000u) != 0u ? f - halfUlp : f + halfUlp;   // exact: 12 significant bits
        uint b = floatBitsToUint(mid);
        expectNarrow(mid, id);
        expectNarrow(uintBitsToFloat(b - 1u), id);
        expectNarrow(uintBitsToFloat(b + 1u), id);
    } else {
        uint sign = (h & 0x8000u) << 16;
        expectNarrow(uintBitsToFloat(sign | ((h & 0x7fffu) * 0xffu)), id);               // fp32 subnormals
        expectNarrow(uintBitsToFloat(sign | (0x477ff000u + (h & 0x7fffu) * 0x1000u)), id);   // >= 65520
    }
}
)";

bool halfConversionsMatch(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue) {
    const std::string glsl = "#version 450\nlayout(local_size_x_id = 0) in;\n"
                             "layout(std430, set = 0, binding = 0) buffer Words { uint words[]; };\n" +
                             std::string(kernel::glslSource("vkdml_half.glsl")) + kHalfProbeMain;
    std::vector<uint32_t> words{0u, ~0u};
    runProbeKernel(ctx, pipelines, queue, 0x68616c6632707262ull, "fp16 conversion probe", glsl, kHalfProbeWorkgroup,
                   kHalfProbeInvocations / kHalfProbeWorkgroup, words);
    return words[0] == 0;
}

}  // namespace

bool probeFusedFma(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue) {
    return rememberedPerDevice(ctx, "fma", [&] { return fmaIsFused(ctx, pipelines, queue); });
}

bool probeNativeHalf(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue) {
    return rememberedPerDevice(ctx, "half", [&] { return halfConversionsMatch(ctx, pipelines, queue); });
}

}  // namespace vkdml
