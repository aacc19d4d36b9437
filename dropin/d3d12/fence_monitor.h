// One thread per device that applies queue Signals to fences once their submissions complete, so events set with
// SetEventOnCompletion and queues blocked in Wait are released without the program polling. It holds no reference
// on the fences it watches (a fence leaves the watch as it is destroyed), so the last Release of a program that
// waited for its work destroys the fence and the device on the program's thread, never on this one after the
// program has moved on (to exit, say).
#pragma once

#include <memory>
#include <thread>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then takes the D3D12 and Windows types from it
#include <vkdml/vkdml.h>

namespace vkdml::dropin {

class Fence;

class FenceMonitor {
public:
    explicit FenceMonitor(VkdmlDevice device);
    ~FenceMonitor();
    FenceMonitor(const FenceMonitor&) = delete;
    FenceMonitor& operator=(const FenceMonitor&) = delete;

    // Watches `fence` until it has no pending queue signal or is destroyed.
    void watch(Fence* fence);
    // From the fence's destructor: once this returns, the monitor no longer uses `fence`.
    void unwatch(Fence* fence);

private:
    struct State;
    static void run(std::shared_ptr<State> state);

    std::shared_ptr<State> state_;
    std::thread thread_;
};

}  // namespace vkdml::dropin
