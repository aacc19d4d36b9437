#include "core/device_probes.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "kernel/glsl_library.h"
#include "vk/buffer.h"
#include "vk/recording.h"

namespace vkdml {

namespace {

// The answer of probe `which` for this device and driver version, computed once per process.
bool remembered(const vk::Context& ctx, const char* which, const std::function<bool()>& probe) {
    using Key = std::tuple<std::string, std::vector<uint8_t>, uint32_t>;
    static std::mutex mutex;
    static std::map<Key, bool> known;
    const vk::AdapterCaps& caps = ctx.caps();
    const Key key{which, std::vector<uint8_t>(caps.uuid, caps.uuid + sizeof(caps.uuid)),
                  caps.properties.driverVersion};
    {
        std::lock_guard<std::mutex> lock(mutex);
        auto found = known.find(key);
        if (found != known.end()) return found->second;
    }
    const bool answer = probe();
    std::lock_guard<std::mutex> lock(mutex);
    known[key] = answer;
    return answer;
}

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
    const vk::PipelineRef pipeline = pipelines.get(source);

    const uint64_t bytes = words.size() * sizeof(uint32_t);
    vk::Buffer buffer(ctx, vk::HeapRole::Readback, bytes);
    std::memcpy(buffer.map(), words.data(), bytes);

    const VolkDeviceTable& fn = ctx.fn();
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = ctx.queueFamily();
    VkCommandPool pool = VK_NULL_HANDLE;
    vk::check(fn.vkCreateCommandPool(ctx.device(), &poolInfo, nullptr, &pool), "vkCreateCommandPool");
    struct PoolGuard {
        const vk::Context& ctx;
        VkCommandPool pool;
        ~PoolGuard() { ctx.fn().vkDestroyCommandPool(ctx.device(), pool, nullptr); }
    } guard{ctx, pool};
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    vk::check(fn.vkAllocateCommandBuffers(ctx.device(), &alloc, &cmd), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vk::check(fn.vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    {
        vk::Recording recording(ctx, pipelines.usesPushDescriptors(), cmd);
        recording.begin();
        const vk::BoundBuffer binding{vk::BufferRange{buffer.handle(), 0, bytes}, true};
        vk::DispatchCommand dispatch;
        dispatch.pipeline = &pipeline;
        dispatch.bindings = &binding;
        dispatch.bindingCount = 1;
        dispatch.groupCountX = groups;
        recording.dispatch(dispatch);
        recording.end();
        vk::check(fn.vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
        const uint64_t done = queue.submit({cmd});
        while (!queue.wait(done, 1000000000ull)) {
        }
    }
    std::memcpy(words.data(), buffer.map(), bytes);
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
    return remembered(ctx, "fma", [&] { return fmaIsFused(ctx, pipelines, queue); });
}

bool probeNativeHalf(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue) {
    return remembered(ctx, "half", [&] { return halfConversionsMatch(ctx, pipelines, queue); });
}

}  // namespace vkdml
