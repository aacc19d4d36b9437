#include "vk/queue.h"

#include "vk/error.h"
#include "vk/fault_injection.h"

namespace vkdml::vk {

Queue::Queue(Context& ctx) : ctx_(ctx) {
    if (!ctx.caps().timelineSemaphores) return;
    VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
    type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    info.pNext = &type;
    check(allocating([&] { return ctx.fn().vkCreateSemaphore(ctx.device(), &info, nullptr, &timeline_); }),
          "vkCreateSemaphore");
}

Queue::~Queue() {
    try {
        waitIdle();
    } catch (const Error&) {
    }
    const auto& fn = ctx_.fn();
    for (const auto& entry : inFlight_) fn.vkDestroyFence(ctx_.device(), entry.fence, nullptr);
    for (VkFence fence : freeFences_) fn.vkDestroyFence(ctx_.device(), fence, nullptr);
    if (timeline_) fn.vkDestroySemaphore(ctx_.device(), timeline_, nullptr);
}

uint64_t Queue::submit(const std::vector<VkCommandBuffer>& commandBuffers) {
    const auto& fn = ctx_.fn();
    std::lock_guard<std::mutex> lock(mutex_);
    const uint64_t value = submitted_ + 1;
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = static_cast<uint32_t>(commandBuffers.size());
    submit.pCommandBuffers = commandBuffers.data();
    VkTimelineSemaphoreSubmitInfo timelineInfo{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
    VkFence fence = VK_NULL_HANDLE;
    if (timeline_) {
        timelineInfo.signalSemaphoreValueCount = 1;
        timelineInfo.pSignalSemaphoreValues = &value;
        submit.pNext = &timelineInfo;
        submit.signalSemaphoreCount = 1;
        submit.pSignalSemaphores = &timeline_;
    } else {
        retireCompleted();
        if (!freeFences_.empty()) {
            fence = freeFences_.back();
            freeFences_.pop_back();
        } else {
            VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
            check(allocating([&] { return fn.vkCreateFence(ctx_.device(), &info, nullptr, &fence); }), "vkCreateFence");
        }
    }
    VkResult result = faultPoint(FaultSite::Submit);
    if (result == VK_SUCCESS) {
        std::lock_guard<std::mutex> queueLock(ctx_.queueMutex());
        result = fn.vkQueueSubmit(ctx_.queue(), 1, &submit, fence);
    }
    if (result != VK_SUCCESS) {
        if (fence) freeFences_.push_back(fence);
        check(result, "vkQueueSubmit");
    }
    submitted_ = value;
    if (fence) inFlight_.push_back({value, fence});
    return value;
}

uint64_t Queue::timelineValue() const {
    uint64_t value = 0;
    check(ctx_.fn().vkGetSemaphoreCounterValue(ctx_.device(), timeline_, &value), "vkGetSemaphoreCounterValue");
    return value;
}

void Queue::retireCompleted() {
    const auto& fn = ctx_.fn();
    while (!inFlight_.empty()) {
        VkResult status = fn.vkGetFenceStatus(ctx_.device(), inFlight_.front().fence);
        if (status == VK_NOT_READY) break;
        check(status, "vkGetFenceStatus");
        check(fn.vkResetFences(ctx_.device(), 1, &inFlight_.front().fence), "vkResetFences");
        freeFences_.push_back(inFlight_.front().fence);
        completed_ = inFlight_.front().value;
        inFlight_.pop_front();
    }
}

bool Queue::isComplete(uint64_t value) {
    if (timeline_) return value <= timelineValue();
    std::lock_guard<std::mutex> lock(mutex_);
    retireCompleted();
    return value <= completed_;
}

uint64_t Queue::lastSubmitted() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return submitted_;
}

bool Queue::wait(uint64_t value, uint64_t timeoutNs) {
    const auto& fn = ctx_.fn();
    value = std::min(value, lastSubmitted());  // a value never submitted has nothing to wait for
    if (value == 0) return true;
    if (timeline_) {
        VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
        info.semaphoreCount = 1;
        info.pSemaphores = &timeline_;
        info.pValues = &value;
        VkResult result = fn.vkWaitSemaphores(ctx_.device(), &info, timeoutNs);
        if (result == VK_TIMEOUT) return false;
        check(result, "vkWaitSemaphores");
        return true;
    }
    // Fence path: wait with the lock held, so no other thread resets a fence while it is being waited on.
    std::lock_guard<std::mutex> lock(mutex_);
    retireCompleted();
    if (value <= completed_) return true;
    VkFence fence = VK_NULL_HANDLE;
    for (const auto& entry : inFlight_)
        if (entry.value >= value) {
            fence = entry.fence;
            break;
        }
    VkResult result = fn.vkWaitForFences(ctx_.device(), 1, &fence, VK_TRUE, timeoutNs);
    if (result == VK_TIMEOUT) return false;
    check(result, "vkWaitForFences");
    retireCompleted();
    return true;
}

void Queue::waitIdle() {
    uint64_t last = lastSubmitted();
    if (last) wait(last, UINT64_MAX);
}

}  // namespace vkdml::vk
