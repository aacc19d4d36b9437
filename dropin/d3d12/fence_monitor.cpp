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

// Shared with the thread: when the device's last reference goes on the monitor thread itself (a queue Wait it
// released let go of the last queue), the thread is detached and finishes with this state alone.
struct FenceMonitor::State {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<Fence*> watched;     // each once; taken whole by the thread for each round
    std::vector<Fence*> processing;  // the thread's current round, less the fences destroyed since
    Fence* inUse = nullptr;          // the fence the thread is applying signals to; unwatch waits for it
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
    {
        std::lock_guard<std::mutex> lock(state_->mutex);
        auto& watched = state_->watched;
        if (std::find(watched.begin(), watched.end(), fence) == watched.end()) watched.push_back(fence);
    }
    state_->changed.notify_all();
}

void FenceMonitor::unwatch(Fence* fence) {
    std::unique_lock<std::mutex> lock(state_->mutex);
    state_->changed.wait(lock, [&] { return state_->inUse != fence; });
    for (std::vector<Fence*>* list : {&state_->watched, &state_->processing})
        list->erase(std::remove(list->begin(), list->end(), fence), list->end());
}

void FenceMonitor::run(std::shared_ptr<State> state) {
    for (;;) {
        std::vector<Fence*> fences;
        {
            std::unique_lock<std::mutex> lock(state->mutex);
            state->changed.wait(lock, [&] { return state->stop || !state->watched.empty(); });
            if (state->watched.empty()) break;  // stopping, and every watched fence is done or destroyed
            // A fence given a new signal while this round looks at it is watched again, for the next round.
            state->processing.swap(state->watched);
            fences = state->processing;
        }
        uint64_t next = UINT64_MAX;
        bool anyPending = false;
        for (Fence* fence : fences) {
            {
                std::lock_guard<std::mutex> lock(state->mutex);
                const auto& processing = state->processing;
                if (std::find(processing.begin(), processing.end(), fence) == processing.end()) continue;  // destroyed
                state->inUse = fence;
            }
            std::vector<Fence::Waiter> released;
            uint64_t fenceNext = 0;
            const bool pending = fence->takeCompletedSignals(&fenceNext, released);
            {
                std::lock_guard<std::mutex> lock(state->mutex);
                state->inUse = nullptr;
                auto& watched = state->watched;
                if (pending && std::find(watched.begin(), watched.end(), fence) == watched.end())
                    watched.push_back(fence);
            }
            state->changed.notify_all();
            // Only now may the program see the new value through an event and release the fence.
            Fence::releaseWaiters(released);
            if (pending) {
                anyPending = true;
                next = std::min(next, fenceNext);
            }
        }
        {
            std::lock_guard<std::mutex> lock(state->mutex);
            state->processing.clear();
        }
        if (anyPending) vkdmlWaitForCompletion(state->device, next, kPollNs);
    }
    vkdmlRelease(state->device);
}

}  // namespace vkdml::dropin
