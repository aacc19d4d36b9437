// The object behind VkdmlCommandList: a Vulkan command buffer being recorded or closed, with automatic barriers.
// A list may be reset while earlier recordings are still executing: each recording keeps its own command buffer
// (and descriptor pools) until the GPU is done with it.
#pragma once

#include <memory>
#include <vector>

#include "core/binding_table.h"

namespace vkdml {

class CommandList final : public Object {
public:
    explicit CommandList(Device& device);
    ~CommandList() override;
    Device& owningDevice() override { return *device_; }

    void close();
    void reset();
    void recordDispatch(Dispatchable& dispatchable, BindingTable& table);
    void recordCopy(Buffer& dst, uint64_t dstOffset, Buffer& src, uint64_t srcOffset, uint64_t bytes);
    void recordFill(Buffer& dst, uint64_t dstOffset, uint64_t bytes, uint32_t value);
    void recordTimestamp(Buffer& dst, uint64_t dstOffset);
    // For vkdmlExecuteCommandLists: E_INVALIDARG unless closed; the closed command buffer, then the completion value
    // it was submitted with (Device::execute).
    void requireClosed() const;
    VkCommandBuffer closedCommandBuffer() const;
    void markSubmitted(uint64_t value);
    // vkdml-bench's GPU clock: from the next reset, each recording writes a timestamp before its first command and
    // after its last. DXGI_ERROR_UNSUPPORTED when the queue has no timestamps.
    void enableTimestamps();
    // The GPU seconds between those timestamps in the last execution, which must have completed.
    double gpuSeconds() const;

private:
    struct Slot {
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        std::unique_ptr<vk::Recording> recording;
        uint64_t submittedValue = 0;  // the last submission that used it
        VkQueryPool timestamps = VK_NULL_HANDLE;
        bool timed = false;  // this recording writes them
    };
    void writeStartTimestamp(Slot& slot);
    void requireRecording(const char* call) const;

    Ref<Device> device_;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    std::vector<Slot> slots_;
    size_t current_ = 0;
    bool closed_ = false;
    bool timestamps_ = false;
};

}  // namespace vkdml
