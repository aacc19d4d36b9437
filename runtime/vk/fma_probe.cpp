#include "vk/fma_probe.h"

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "vk/buffer.h"
#include "vk/recording.h"

namespace vkdml::vk {

namespace {

// Pairs (a, b) whose product is not a float: fma(a, b, -fl(a * b)) is the product's rounding error, which an
// unfused fma returns as 0. The first is the textbook case: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly.
constexpr uint32_t kPairs = 16;
constexpr uint32_t kWords = 3 * kPairs;  // a[i], b[i], then the kernel's result in place of nothing

const char* const kProbeGlsl = R"(#version 450
layout(local_size_x = 16) in;
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

std::vector<float> operands() {
    std::vector<float> a(kPairs), b(kPairs);
    a[0] = b[0] = 1.0f + std::ldexp(1.0f, -23);
    uint32_t state = 0x9e3779b9u;
    for (uint32_t i = 1; i < kPairs; ++i) {
        state = state * 1664525u + 1013904223u;
        a[i] = 1.0f + float(state >> 9) * std::ldexp(1.0f, -23);  // [1, 2), all 23 fraction bits random
        state = state * 1664525u + 1013904223u;
        b[i] = -(1.0f + float(state >> 9) * std::ldexp(1.0f, -23)) * std::ldexp(1.0f, int(i) - 8);
    }
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

bool runProbe(const Context& ctx, PipelineStore& pipelines, Queue& queue) {
    KernelSource source;
    source.key = 0x666d615f70726f62ull;  // "fma_prob"
    source.name = "fma_probe";
    source.layout = KernelLayout{1, 0};
    source.workgroupSize = 16;
    source.glsl = [] { return std::string(kProbeGlsl); };
    source.describe = [] { return std::string("the fused-fma probe"); };
    const PipelineRef pipeline = pipelines.get(source);

    const std::vector<float> in = operands();
    Buffer buffer(ctx, HeapRole::Readback, kWords * sizeof(uint32_t));
    auto* words = static_cast<uint32_t*>(buffer.map());
    std::memcpy(words, in.data(), 2 * kPairs * sizeof(uint32_t));
    std::memset(words + 2 * kPairs, 0xff, kPairs * sizeof(uint32_t));

    const VolkDeviceTable& fn = ctx.fn();
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = ctx.queueFamily();
    VkCommandPool pool = VK_NULL_HANDLE;
    check(fn.vkCreateCommandPool(ctx.device(), &poolInfo, nullptr, &pool), "vkCreateCommandPool");
    struct PoolGuard {
        const Context& ctx;
        VkCommandPool pool;
        ~PoolGuard() { ctx.fn().vkDestroyCommandPool(ctx.device(), pool, nullptr); }
    } guard{ctx, pool};
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    check(fn.vkAllocateCommandBuffers(ctx.device(), &alloc, &cmd), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(fn.vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    {
        Recording recording(ctx, pipelines.usesPushDescriptors(), cmd);
        recording.begin();
        const BoundBuffer binding{BufferRange{buffer.handle(), 0, buffer.size()}, true};
        DispatchCommand dispatch;
        dispatch.pipeline = &pipeline;
        dispatch.bindings = &binding;
        dispatch.bindingCount = 1;
        recording.dispatch(dispatch);
        recording.end();
        check(fn.vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
        const uint64_t done = queue.submit({cmd});
        while (!queue.wait(done, 1000000000ull)) {
        }
    }
    words = static_cast<uint32_t*>(buffer.map());
    for (uint32_t i = 0; i < kPairs; ++i) {
        const float p = in[i] * in[kPairs + i];
        const float expected = std::fma(in[i], in[kPairs + i], -p);
        uint32_t bits;
        std::memcpy(&bits, &expected, sizeof bits);
        if (words[2 * kPairs + i] != bits) return false;
    }
    return true;
}

}  // namespace

bool probeFusedFma(const Context& ctx, PipelineStore& pipelines, Queue& queue) {
    using Key = std::pair<std::vector<uint8_t>, uint32_t>;
    static std::mutex mutex;
    static std::map<Key, bool> known;
    const AdapterCaps& caps = ctx.caps();
    Key key{std::vector<uint8_t>(caps.uuid, caps.uuid + sizeof(caps.uuid)), caps.properties.driverVersion};
    {
        std::lock_guard<std::mutex> lock(mutex);
        auto found = known.find(key);
        if (found != known.end()) return found->second;
    }
    const bool fused = runProbe(ctx, pipelines, queue);
    std::lock_guard<std::mutex> lock(mutex);
    known[key] = fused;
    return fused;
}

}  // namespace vkdml::vk
