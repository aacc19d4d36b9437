// The object behind VkdmlCommandList: a Vulkan command buffer being recorded or closed, with automatic barriers.
// A list may be reset while earlier recordings are still executing: each recording keeps its own command buffer
// (and descriptor pools) until the GPU is done with it.
// Each recording also keeps the list of what was recorded, so that a recording holding a dispatch compiled with
// DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE can be recorded again, with its binding table's bindings as they are when
// the list executes.
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
    // Before a submission: records the list again if a volatile dispatch's binding table changed since it was
    // recorded. Throws (and keeps the previous recording) when a rule fails for the new bindings.
    void refreshVolatileBindings();
    VkCommandBuffer closedCommandBuffer() const;
    void markSubmitted(uint64_t value);
    // vkdml-bench's GPU clock: from the next reset, each recording writes a timestamp before its first command and
    // after its last. DXGI_ERROR_UNSUPPORTED when the queue has no timestamps.
    void enableTimestamps();
    // The GPU seconds between those timestamps in the last execution, which must have completed.
    double gpuSeconds() const;

private:
    // One recorded command, enough to record it again. Buffers are the application's to keep alive until the list
    // has executed, as for the recording itself; the dispatch and its table are held. A volatile dispatch is
    // recorded again from its table; any other from the bindings it was recorded with.
    struct Command {
        enum class Kind { Dispatch, Copy, Fill, Timestamp } kind;
        Ref<Dispatchable> dispatchable;
        Ref<BindingTable> table;
        uint64_t tableGeneration = 0;                    // of `table` when recorded
        std::shared_ptr<const TableBindings> recorded;  // not volatile: the bindings when recorded
        Buffer* dst = nullptr;
        Buffer* src = nullptr;
        uint64_t dstOffset = 0, srcOffset = 0, bytes = 0;
        uint32_t value = 0;
    };
    struct Slot {
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        std::unique_ptr<vk::Recording> recording;
        uint64_t submittedValue = 0;  // the last submission that used it
        VkQueryPool timestamps = VK_NULL_HANDLE;
        bool timed = false;  // this recording writes them
        std::vector<Command> commands;
    };
    // Begins a recording in a slot the GPU is done with, other than `avoid`, and returns it (not yet current).
    size_t beginSlot(size_t avoid);
    void endSlot(Slot& slot);
    void replay(const Command& command);
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
