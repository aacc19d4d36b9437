#include "fence.h"

#include <condition_variable>
#include <memory>

#include <windows.h>

#include "device.h"
#include "fence_monitor.h"
#include "live_objects.h"

namespace vkdml::dropin {

Fence::Fence(Device& device, UINT64 initialValue, D3D12_FENCE_FLAGS flags)
    : DeviceChild(device), flags_(flags), value_(initialValue) {
    liveObjects<Fence>().add(static_cast<ID3D12Fence*>(this), this);
}

// The fence monitor holds no reference (so a program's last Release, not the monitor thread, destroys the fence and
// then the device): a fence released with queue signals still pending waits for them here, so the events and queue
// Waits set on it are still released, as they would be had it lived on.
Fence::~Fence() {
    liveObjects<Fence>().remove(static_cast<ID3D12Fence*>(this));
    device().fenceMonitor().unwatch(this);
    uint64_t lastPending = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!pending_.empty()) lastPending = pending_.back().completionValue;
    }
    if (lastPending != 0) {
        vkdmlWaitForCompletion(device().vkdml(), lastPending, UINT64_MAX);
        applyCompletedSignals(nullptr);
    }
}

Fence* Fence::fromInterface(const void* fence) { return liveObjects<Fence>().find(fence); }

void* Fence::findInterface(REFIID riid) {
    return answer<ID3D12Fence1, ID3D12Fence, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object>(riid);
}

uint64_t Fence::currentValueLocked() const { return device().removed() ? UINT64_MAX : value_; }

void Fence::setValueLocked(uint64_t value, std::vector<Waiter>& released) {
    value_ = value;
    const uint64_t current = currentValueLocked();
    for (size_t i = 0; i < waiters_.size();) {
        if (waiters_[i].value <= current) {
            released.push_back(std::move(waiters_[i]));
            waiters_[i] = std::move(waiters_.back());
            waiters_.pop_back();
        } else {
            ++i;
        }
    }
}

void Fence::releaseWaiters(std::vector<Waiter>& released) {
    for (Waiter& waiter : released) {
        if (waiter.callback)
            waiter.callback();
        else if (!SetEvent(waiter.event))
            debugMessage("ID3D12Fence::SetEventOnCompletion: the event was closed before the fence reached its value");
    }
}

bool Fence::takeCompletedSignals(uint64_t* nextCompletionValue, std::vector<Waiter>& released) {
    std::lock_guard<std::mutex> lock(mutex_);
    while (!pending_.empty() && (device().removed() || device().isComplete(pending_.front().completionValue))) {
        setValueLocked(pending_.front().value, released);
        pending_.pop_front();
    }
    if (!pending_.empty() && nextCompletionValue) *nextCompletionValue = pending_.front().completionValue;
    return !pending_.empty();
}

bool Fence::applyCompletedSignals(uint64_t* nextCompletionValue) {
    std::vector<Waiter> released;
    const bool morePending = takeCompletedSignals(nextCompletionValue, released);
    releaseWaiters(released);
    return morePending;
}

UINT64 Fence::GetCompletedValue() {
    applyCompletedSignals(nullptr);
    std::lock_guard<std::mutex> lock(mutex_);
    return currentValueLocked();
}

HRESULT Fence::Signal(UINT64 value) {
    std::vector<Waiter> released;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        setValueLocked(value, released);
    }
    releaseWaiters(released);
    return S_OK;
}

void Fence::signalAfter(uint64_t completionValue, uint64_t value) {
    std::vector<Waiter> released;
    bool watch = false;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (pending_.empty() && device().isComplete(completionValue)) {  // else after the earlier ones, in order
            setValueLocked(value, released);
        } else {
            pending_.push_back({completionValue, value});
            watch = true;
        }
    }
    releaseWaiters(released);
    if (watch) device().fenceMonitor().watch(this);
}

void Fence::whenReached(uint64_t value, std::function<void()> callback) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (currentValueLocked() < value) {
            waiters_.push_back({value, nullptr, std::move(callback)});
            return;
        }
    }
    callback();
}

HRESULT Fence::SetEventOnCompletion(UINT64 value, HANDLE event) {
    applyCompletedSignals(nullptr);
    if (event) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (currentValueLocked() < value) {
                waiters_.push_back({value, event, nullptr});
                return S_OK;
            }
        }
        if (SetEvent(event)) return S_OK;
        debugMessage("ID3D12Fence::SetEventOnCompletion: hEvent is not a live event handle");
        return E_INVALIDARG;
    }
    // No event: block until the value is reached (as D3D12 does; a value never signalled blocks for ever).
    struct Wait {
        std::mutex mutex;
        std::condition_variable reached;
        bool done = false;
    };
    auto wait = std::make_shared<Wait>();
    whenReached(value, [wait] {
        std::lock_guard<std::mutex> lock(wait->mutex);
        wait->done = true;
        wait->reached.notify_all();
    });
    std::unique_lock<std::mutex> lock(wait->mutex);
    wait->reached.wait(lock, [&] { return wait->done; });
    return S_OK;
}

}  // namespace vkdml::dropin
