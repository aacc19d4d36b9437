// ID3D12Fence1: a value set from the CPU (Signal) or by a queue once the work submitted before its Signal has
// completed, with waiters (events, and queues blocked in Wait) released when the value reaches theirs.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

#include "object_base.h"

namespace vkdml::dropin {

class Fence final : public DeviceChild<ID3D12Fence1> {
public:
    Fence(Device& device, UINT64 initialValue, D3D12_FENCE_FLAGS flags);
    ~Fence() override;
    static Fence* fromInterface(const void* fence);

    UINT64 STDMETHODCALLTYPE GetCompletedValue() override;
    HRESULT STDMETHODCALLTYPE SetEventOnCompletion(UINT64 value, HANDLE event) override;
    HRESULT STDMETHODCALLTYPE Signal(UINT64 value) override;
    D3D12_FENCE_FLAGS STDMETHODCALLTYPE GetCreationFlags() override { return flags_; }

    // A queue's Signal: the fence takes `value` once vkdml's submission `completionValue` has completed.
    void signalAfter(uint64_t completionValue, uint64_t value);
    // Runs `callback` (no lock held, on whichever thread moves the fence there) once the value reaches `value`;
    // at once when it already has.
    void whenReached(uint64_t value, std::function<void()> callback);
    // Applies the queue signals whose submissions have completed; true while some are still pending, with the
    // completion value the next one waits for.
    bool applyCompletedSignals(uint64_t* nextCompletionValue);

    // An event to set or a callback to run once the value has reached `value`.
    struct Waiter {
        uint64_t value;
        HANDLE event;  // or
        std::function<void()> callback;
    };
    // applyCompletedSignals in two steps, for the fence monitor: the value moves on and the waiters it releases
    // are handed out, to be released (releaseWaiters) once the monitor no longer uses this fence.
    bool takeCompletedSignals(uint64_t* nextCompletionValue, std::vector<Waiter>& released);
    static void releaseWaiters(std::vector<Waiter>& released);

protected:
    void* findInterface(REFIID riid) override;

private:
    struct PendingSignal {
        uint64_t completionValue;
        uint64_t value;
    };
    // Sets the value (mutex_ held) and moves the waiters it releases into `released`.
    void setValueLocked(uint64_t value, std::vector<Waiter>& released);
    uint64_t currentValueLocked() const;

    const D3D12_FENCE_FLAGS flags_;
    std::mutex mutex_;
    uint64_t value_;
    std::deque<PendingSignal> pending_;
    std::vector<Waiter> waiters_;
};

}  // namespace vkdml::dropin
