#include "core/device_checks.h"

#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

#include "vk/buffer.h"
#include "vk/recording.h"

namespace vkdml {

bool rememberedPerDevice(const vk::Context& ctx, const std::string& which, const std::function<bool()>& check) {
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
    const bool answer = check();
    std::lock_guard<std::mutex> lock(mutex);
    known[key] = answer;
    return answer;
}

uint64_t alignmentOf(const vk::Context& ctx) {
    return std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 16);
}

void runKernelOnce(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue, const vk::KernelSource& source,
                   std::vector<uint32_t>& words, const std::vector<WordRange>& ranges, const void* pushConstants,
                   uint32_t pushConstantBytes, const uint32_t (&groups)[3]) {
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
        std::vector<vk::BoundBuffer> bindings;
        for (const WordRange& r : ranges)
            bindings.push_back(vk::BoundBuffer{
                vk::BufferRange{buffer.handle(), r.firstWord * sizeof(uint32_t), r.words * sizeof(uint32_t)}, true});
        vk::DispatchCommand dispatch;
        dispatch.pipeline = &pipeline;
        dispatch.bindings = bindings.data();
        dispatch.bindingCount = static_cast<uint32_t>(bindings.size());
        dispatch.pushConstants = pushConstants;
        dispatch.pushConstantBytes = pushConstantBytes;
        dispatch.groupCountX = groups[0];
        dispatch.groupCountY = groups[1];
        dispatch.groupCountZ = groups[2];
        recording.dispatch(dispatch);
        recording.end();
        vk::check(fn.vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
        const uint64_t done = queue.submit({cmd});
        while (!queue.wait(done, 1000000000ull)) {
        }
    }
    std::memcpy(words.data(), buffer.map(), bytes);
}

}  // namespace vkdml
