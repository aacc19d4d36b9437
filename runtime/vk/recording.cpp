#include "vk/recording.h"

#include <algorithm>
#include <cstring>

namespace vkdml::vk {

namespace {

constexpr VkPipelineStageFlags kWorkStages = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
constexpr VkAccessFlags kWorkAccess = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                      VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
constexpr VkAccessFlags kWorkWrites = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
constexpr uint32_t kSetsPerPool = 64;
constexpr uint32_t kDescriptorsPerSet = 9;  // a pool's share per set; a kernel binding more takes more
constexpr uint32_t kQueriesPerPool = 64;

bool overlaps(const BufferRange& a, const BufferRange& b) {
    return a.buffer == b.buffer && a.offset < b.offset + b.size && b.offset < a.offset + a.size;
}

void memoryBarrier(const VolkDeviceTable& fn, VkCommandBuffer cmd, VkPipelineStageFlags srcStages,
                   VkAccessFlags srcAccess, VkPipelineStageFlags dstStages, VkAccessFlags dstAccess) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = srcAccess;
    barrier.dstAccessMask = dstAccess;
    fn.vkCmdPipelineBarrier(cmd, srcStages, dstStages, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

}  // namespace

Recording::Recording(const Context& ctx, bool pushDescriptors, VkCommandBuffer cmd)
    : ctx_(ctx), pushDescriptors_(pushDescriptors), cmd_(cmd) {}

Recording::~Recording() {
    for (VkDescriptorPool pool : pools_) ctx_.fn().vkDestroyDescriptorPool(ctx_.device(), pool, nullptr);
    for (VkQueryPool pool : queryPools_) ctx_.fn().vkDestroyQueryPool(ctx_.device(), pool, nullptr);
}

void Recording::begin() {
    // Orders this command buffer after everything submitted earlier to the queue (including host writes made
    // visible by vkQueueSubmit).
    memoryBarrier(ctx_.fn(), cmd_, kWorkStages | VK_PIPELINE_STAGE_HOST_BIT, kWorkWrites | VK_ACCESS_HOST_WRITE_BIT,
                  kWorkStages, kWorkAccess);
}

void Recording::end() {
    memoryBarrier(ctx_.fn(), cmd_, kWorkStages, kWorkWrites, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    accesses_.clear();
}

void Recording::orderAfterEarlier(const Access* accesses, size_t count) {
    bool hazard = false;
    for (size_t i = 0; i < count && !hazard; ++i) {
        for (const Access& earlier : accesses_) {
            if ((earlier.write || accesses[i].write) && overlaps(earlier.range, accesses[i].range)) {
                hazard = true;
                break;
            }
        }
    }
    if (hazard) {
        memoryBarrier(ctx_.fn(), cmd_, kWorkStages, kWorkWrites, kWorkStages, kWorkAccess);
        accesses_.clear();
    }
    accesses_.insert(accesses_.end(), accesses, accesses + count);
}

void Recording::copy(const BufferRange& src, const BufferRange& dst) {
    Access accesses[2] = {{src, false}, {dst, true}};
    orderAfterEarlier(accesses, 2);
    VkBufferCopy region{src.offset, dst.offset, src.size};
    ctx_.fn().vkCmdCopyBuffer(cmd_, src.buffer, dst.buffer, 1, &region);
}

void Recording::write(const BufferRange& dst, const void* data) {
    const Access access{dst, true};
    orderAfterEarlier(&access, 1);
    constexpr uint64_t kMaxUpdateBytes = 65536;  // vkCmdUpdateBuffer's limit per command
    const auto* bytes = static_cast<const uint8_t*>(data);
    for (uint64_t done = 0; done < dst.size; done += kMaxUpdateBytes) {
        const uint64_t piece = std::min(kMaxUpdateBytes, dst.size - done);
        ctx_.fn().vkCmdUpdateBuffer(cmd_, dst.buffer, dst.offset + done, piece, bytes + done);
    }
}

void Recording::fill(const BufferRange& dst, uint32_t value) {
    const Access access{dst, true};
    orderAfterEarlier(&access, 1);
    ctx_.fn().vkCmdFillBuffer(cmd_, dst.buffer, dst.offset, dst.size, value);
}

void Recording::writeTimestamp(const BufferRange& dst) {
    const auto& fn = ctx_.fn();
    if (queriesLeftInPool_ == 0) {
        VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        info.queryCount = kQueriesPerPool;
        VkQueryPool pool = VK_NULL_HANDLE;
        check(allocating([&] { return fn.vkCreateQueryPool(ctx_.device(), &info, nullptr, &pool); }),
              "vkCreateQueryPool");
        queryPools_.push_back(pool);
        queriesLeftInPool_ = kQueriesPerPool;
    }
    const uint32_t query = kQueriesPerPool - queriesLeftInPool_--;
    const Access access{{dst.buffer, dst.offset, sizeof(uint64_t)}, true};
    orderAfterEarlier(&access, 1);
    fn.vkCmdResetQueryPool(cmd_, queryPools_.back(), query, 1);
    fn.vkCmdWriteTimestamp(cmd_, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queryPools_.back(), query);
    fn.vkCmdCopyQueryPoolResults(cmd_, queryPools_.back(), query, 1, dst.buffer, dst.offset, sizeof(uint64_t),
                                 VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
}

VkDescriptorSet Recording::allocateSet(const Pipeline& pipeline) {
    const auto& fn = ctx_.fn();
    const uint32_t needed = pipeline.kernelLayout.storageBuffers;
    if (setsLeftInPool_ == 0 || descriptorsLeftInPool_ < needed) {
        const uint32_t descriptors = std::max(kSetsPerPool * kDescriptorsPerSet, needed);
        VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptors};
        VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        info.maxSets = kSetsPerPool;
        info.poolSizeCount = 1;
        info.pPoolSizes = &size;
        VkDescriptorPool pool = VK_NULL_HANDLE;
        check(allocating([&] { return fn.vkCreateDescriptorPool(ctx_.device(), &info, nullptr, &pool); }),
              "vkCreateDescriptorPool");
        pools_.push_back(pool);
        setsLeftInPool_ = kSetsPerPool;
        descriptorsLeftInPool_ = descriptors;
    }
    VkDescriptorSetLayout layout = pipeline.setLayout;
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = pools_.back();
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    check(fn.vkAllocateDescriptorSets(ctx_.device(), &alloc, &set), "vkAllocateDescriptorSets");
    --setsLeftInPool_;
    descriptorsLeftInPool_ -= needed;
    return set;
}

void Recording::dispatch(const DispatchCommand& command) {
    const auto& fn = ctx_.fn();
    const Pipeline& pipeline = **command.pipeline;
    if (held_.empty() || held_.back() != *command.pipeline) held_.push_back(*command.pipeline);
    const uint32_t count = std::min(command.bindingCount, pipeline.kernelLayout.storageBuffers);
    dispatchAccesses_.resize(count);
    infos_.resize(count);
    writes_.resize(count);
    Access* accesses = dispatchAccesses_.data();
    VkDescriptorBufferInfo* infos = infos_.data();
    VkWriteDescriptorSet* writes = writes_.data();
    for (uint32_t i = 0; i < count; ++i) {
        const BoundBuffer& bound = command.bindings[i];
        accesses[i] = {bound.range, bound.written};
        infos[i] = {bound.range.buffer, bound.range.offset, bound.range.size};
        writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[i].dstBinding = i;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[i].pBufferInfo = &infos[i];
    }
    orderAfterEarlier(accesses, count);

    fn.vkCmdBindPipeline(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.handle);
    if (pushDescriptors_) {
        fn.vkCmdPushDescriptorSetKHR(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, count, writes);
    } else {
        VkDescriptorSet set = allocateSet(pipeline);
        for (uint32_t i = 0; i < count; ++i) writes[i].dstSet = set;
        fn.vkUpdateDescriptorSets(ctx_.device(), count, writes, 0, nullptr);
        fn.vkCmdBindDescriptorSets(cmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, 1, &set, 0, nullptr);
    }
    const uint32_t pushBytes = std::min(command.pushConstantBytes, pipeline.kernelLayout.pushConstantBytes);
    if (pushBytes)
        fn.vkCmdPushConstants(cmd_, pipeline.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, command.pushConstants);
    fn.vkCmdDispatch(cmd_, command.groupCountX, command.groupCountY, command.groupCountZ);
}

}  // namespace vkdml::vk
