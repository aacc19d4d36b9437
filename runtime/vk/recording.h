// Records copies and dispatches into a VkCommandBuffer and inserts the barriers they need: a command that reads or
// writes bytes an earlier command of the same recording wrote (or writes bytes it read) waits for it.
#pragma once

#include <cstdint>
#include <vector>

#include "vk/pipelines.h"

namespace vkdml::vk {

struct BufferRange {
    VkBuffer buffer = VK_NULL_HANDLE;
    uint64_t offset = 0;
    uint64_t size = 0;
};

struct BoundBuffer {
    BufferRange range;
    bool written = false;
};

struct DispatchCommand {
    const PipelineRef* pipeline = nullptr;
    const BoundBuffer* bindings = nullptr;  // binding i of set 0; at most the pipeline's storageBuffers
    uint32_t bindingCount = 0;
    const void* pushConstants = nullptr;
    uint32_t pushConstantBytes = 0;  // at most the pipeline's pushConstantBytes
    uint32_t groupCountX = 1;
    uint32_t groupCountY = 1;
    uint32_t groupCountZ = 1;
};

class Recording {
public:
    // In an application's command buffer the application owns the barriers between its commands: call
    // forgetHazards() before each operator so vkdml only orders the dispatches it splits one operator into.
    // The recording holds every pipeline it dispatches until it is destroyed.
    Recording(const Context& ctx, bool pushDescriptors, VkCommandBuffer cmd);
    ~Recording();
    Recording(const Recording&) = delete;
    Recording& operator=(const Recording&) = delete;

    // For vkdml's own command lists: begin with a barrier against earlier submissions, end with one that makes
    // writes visible to the host.
    void begin();
    void end();
    void copy(const BufferRange& src, const BufferRange& dst);
    // Writes dst.size bytes (a multiple of 4, at a 4-byte aligned offset) from host memory, copied into the command
    // buffer now (vkCmdUpdateBuffer).
    void write(const BufferRange& dst, const void* data);
    // Fills dst (offset and size multiples of 4) with a repeated 32-bit value (vkCmdFillBuffer).
    void fill(const BufferRange& dst, uint32_t value);
    // Writes the timestamp taken once every earlier command has completed as a uint64_t at dst.offset (a query of
    // the recording's own pools, copied with vkCmdCopyQueryPoolResults). The queue must have timestamps.
    void writeTimestamp(const BufferRange& dst);
    void dispatch(const DispatchCommand& command);
    // Drops the hazard history (the next command starts a new operator in an application's command buffer).
    void forgetHazards() { accesses_.clear(); }
    VkCommandBuffer commandBuffer() const { return cmd_; }
    const Context& context() const { return ctx_; }

private:
    struct Access {
        BufferRange range;
        bool write;
    };
    void orderAfterEarlier(const Access* accesses, size_t count);
    VkDescriptorSet allocateSet(const Pipeline& pipeline);

    const Context& ctx_;
    bool pushDescriptors_;
    VkCommandBuffer cmd_;
    std::vector<PipelineRef> held_;
    std::vector<Access> dispatchAccesses_;  // one dispatch's bindings
    std::vector<VkDescriptorBufferInfo> infos_;
    std::vector<VkWriteDescriptorSet> writes_;
    std::vector<Access> accesses_;  // since the last barrier
    std::vector<VkDescriptorPool> pools_;  // descriptor sets when push descriptors are unavailable
    uint32_t setsLeftInPool_ = 0;
    uint32_t descriptorsLeftInPool_ = 0;
    std::vector<VkQueryPool> queryPools_;  // writeTimestamp's queries
    uint32_t queriesLeftInPool_ = 0;
};

}  // namespace vkdml::vk
