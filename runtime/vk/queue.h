// Submission to the device's queue with a monotonically increasing completion value per submission, as D3D12 does
// with a fence signalled after ExecuteCommandLists: a timeline semaphore where the device has one (Vulkan 1.2),
// else one VkFence per submission.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "vk/context.h"

namespace vkdml::vk {

class Queue {
public:
    explicit Queue(Context& ctx);
    ~Queue();
    Queue(const Queue&) = delete;
    Queue& operator=(const Queue&) = delete;

    // Submits in order; returns the value that completes when they all have.
    uint64_t submit(const std::vector<VkCommandBuffer>& commandBuffers);
    // true when done, false on timeout. Throws vk::Error of kind DeviceLost on device loss.
    bool wait(uint64_t value, uint64_t timeoutNs);
    bool isComplete(uint64_t value);
    uint64_t lastSubmitted() const;
    void waitIdle();

private:
    struct InFlight {
        uint64_t value;
        VkFence fence;
    };
    void retireCompleted();  // fence path, with mutex_ held
    uint64_t timelineValue() const;

    Context& ctx_;
    mutable std::mutex mutex_;
    VkSemaphore timeline_ = VK_NULL_HANDLE;
    std::deque<InFlight> inFlight_;
    std::vector<VkFence> freeFences_;
    uint64_t submitted_ = 0;
    uint64_t completed_ = 0;
};

}  // namespace vkdml::vk
