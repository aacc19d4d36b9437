#include "vk/fault_injection.h"

#include <atomic>
#include <cstdlib>
#include <mutex>

namespace vkdml::vk {

namespace {

struct Site {
    std::atomic<uint64_t> calls{0};
    std::atomic<uint64_t> failAt{0};
};

Site& site(FaultSite which) {
    static Site sites[3];
    static std::once_flag fromEnvironment;
    std::call_once(fromEnvironment, [] {
        if (const char* n = std::getenv("VKDML_FAULT_ALLOC")) sites[0].failAt = std::strtoull(n, nullptr, 10);
        if (const char* n = std::getenv("VKDML_FAULT_SUBMIT")) sites[1].failAt = std::strtoull(n, nullptr, 10);
        if (const char* n = std::getenv("VKDML_FAULT_COMPILE")) sites[2].failAt = std::strtoull(n, nullptr, 10);
    });
    return sites[static_cast<int>(which)];
}

}  // namespace

void armFault(FaultSite which, uint64_t nth) {
    Site& s = site(which);
    s.calls = 0;
    s.failAt = nth;
}

uint64_t faultSiteCalls(FaultSite which) { return site(which).calls.load(); }

VkResult faultPoint(FaultSite which) {
    Site& s = site(which);
    const uint64_t call = s.calls.fetch_add(1) + 1;
    if (call != s.failAt.load()) return VK_SUCCESS;
    switch (which) {
        case FaultSite::Allocation: return VK_ERROR_OUT_OF_DEVICE_MEMORY;
        case FaultSite::Submit: return VK_ERROR_DEVICE_LOST;
        case FaultSite::ShaderCompile: break;
    }
    return VK_ERROR_UNKNOWN;
}

}  // namespace vkdml::vk
