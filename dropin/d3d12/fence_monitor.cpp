#include "fence_monitor.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "fence.h"

namespace vkdml::dropin {

namespace {
constexpr UINT64 kPollNs = 2'000'000;  // how long one GPU wait lasts before newly watched fences are looked at
}

// Shared with the thread: when the device's last reference goes on the monitor thread itself (it released the
// last fence), the thread is detached and finishes with this state alone.
struct FenceMonitor::State {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<Fence*> watched;
    bool stop = false;
    VkdmlDevice device = nullptr;  // a reference of the thread's own
};

FenceMonitor::FenceMonitor(VkdmlDevice device) : state_(std::make_shared<State>()) {
    vkdmlAddRef(device);
    state_->device = device;
    thread_ = std::thread(run, state_);
}

FenceMonitor::~FenceMonitor() {
    {
        std::lock_guard<std::mutex> lock(state_->mutex);
        state_->stop = true;
    }
    state_->changed.notify_all();
    if (thread_.get_id() == std::this_thread::get_id())
        thread_.detach();
    else
        thread_.join();
}

void FenceMonitor::watch(Fence* fence) {
    fence->AddRef();
    {
        std::lock_guard<std::mutex> lock(state_->mutex);
        state_->watched.push_back(fence);
    }
    state_->changed.notify_all();
}

void FenceMonitor::run(std::shared_ptr<State> state) {
    for (;;) {
        std::vector<Fence*> fences;
        {
            std::unique_lock<std::mutex> lock(state->mutex);
            state->changed.wait(lock, [&] { return state->stop || !state->watched.empty(); });
            if (state->watched.empty()) break;  // stopping, and every fence's signals have been applied
            fences.swap(state->watched);
        }
        // A fence watched twice holds two references: keep one.
        std::sort(fences.begin(), fences.end());
        for (size_t i = 1; i < fences.size(); ++i)
            if (fences[i] == fences[i - 1]) fences[i]->Release();
        fences.erase(std::unique(fences.begin(), fences.end()), fences.end());
        std::vector<Fence*> pending, done;
        uint64_t next = UINT64_MAX;
        for (Fence* fence : fences) {
            uint64_t fenceNext = 0;
            if (fence->applyCompletedSignals(&fenceNext)) {
                pending.push_back(fence);
                next = std::min(next, fenceNext);
            } else {
                done.push_back(fence);
            }
        }
        if (!pending.empty()) {
            std::lock_guard<std::mutex> lock(state->mutex);
            state->watched.insert(state->watched.end(), pending.begin(), pending.end());
        }
        for (Fence* fence : done) fence->Release();
        if (!pending.empty()) vkdmlWaitForCompletion(state->device, next, kPollNs);
    }
    vkdmlRelease(state->device);
}

}  // namespace vkdml::dropin
