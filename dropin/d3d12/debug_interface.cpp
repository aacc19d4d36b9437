#include "debug_interface.h"

#include <atomic>

#include "common/debug_message.h"

namespace vkdml::dropin {

namespace {
std::atomic<bool> debugLayer{false};
}

bool debugLayerEnabled() { return debugLayer.load(); }

void DebugInterface::EnableDebugLayer() {
    debugMessage("ID3D12Debug::EnableDebugLayer: devices created from now on run with Vulkan validation");
    debugLayer.store(true);
}

void* DebugInterface::findInterface(REFIID riid) {
    return answer<ID3D12Debug3, ID3D12Debug, ID3D12Debug1, ID3D12Debug2>(riid);
}

}  // namespace vkdml::dropin
