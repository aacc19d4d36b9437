// One thread per device that applies queue Signals to fences once their submissions complete, so events set with
// SetEventOnCompletion and queues blocked in Wait are released without the program polling.
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

    // Watches `fence` (holding a reference) until it has no pending queue signal.
    void watch(Fence* fence);

private:
    struct State;
    static void run(std::shared_ptr<State> state);

    std::shared_ptr<State> state_;
    std::thread thread_;
};

}  // namespace vkdml::dropin
