#include "vk/vulkan.h"

#include "vk/error.h"
#include "vk/fault_injection.h"

namespace vkdml::vk {

const char* resultName(VkResult result) {
    switch (result) {
        case VK_SUCCESS: return "VK_SUCCESS";
        case VK_NOT_READY: return "VK_NOT_READY";
        case VK_TIMEOUT: return "VK_TIMEOUT";
        case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
        case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
        case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
        case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
        case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
        case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
        case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
        case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
        case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
        case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
        default: return "VkResult";
    }
}

VkResult injectableAllocation(VkResult) { return faultPoint(FaultSite::Allocation); }

Error::Kind errorKindOf(VkResult result) {
    switch (result) {
        case VK_ERROR_OUT_OF_HOST_MEMORY:
        case VK_ERROR_OUT_OF_DEVICE_MEMORY:
        case VK_ERROR_TOO_MANY_OBJECTS:
        case VK_ERROR_FRAGMENTED_POOL:
        case VK_ERROR_OUT_OF_POOL_MEMORY: return Error::Kind::OutOfMemory;
        case VK_ERROR_DEVICE_LOST: return Error::Kind::DeviceLost;
        case VK_ERROR_INCOMPATIBLE_DRIVER:
        case VK_ERROR_INITIALIZATION_FAILED:
        case VK_ERROR_EXTENSION_NOT_PRESENT:
        case VK_ERROR_FEATURE_NOT_PRESENT: return Error::Kind::Unsupported;
        default: return Error::Kind::Internal;
    }
}

void check(VkResult result, const char* what) {
    if (result == VK_SUCCESS) return;
    throw Error(errorKindOf(result),
                std::string(what) + " failed: " + resultName(result) + " (" + std::to_string(result) + ")", result);
}

}  // namespace vkdml::vk
