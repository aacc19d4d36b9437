// Errors of the Vulkan layer, in Vulkan's terms: what kind of failure, the VkResult behind it and a message naming
// the call or the limit. runtime/vk throws nothing else (but std::bad_alloc); what a caller of vkdml sees is decided
// by the layers above, from the kind.
#pragma once

#include <stdexcept>
#include <string>

#include "vk/vulkan.h"

namespace vkdml::vk {

class Error : public std::runtime_error {
public:
    enum class Kind {
        OutOfMemory,      // host or device memory, pools, object counts, allocation limits
        DeviceLost,       // VK_ERROR_DEVICE_LOST: nothing more runs on the device
        Unsupported,      // no loader, driver, adapter, extension or feature for what vkdml needs
        InvalidArgument,  // a caller's choice the layer cannot honour (an adapter index, interop handles)
        Internal,         // any other failed call; a generated shader that does not compile (a vkdml bug)
    };

    // `result`: the VkResult of the failed call, VK_ERROR_UNKNOWN where no Vulkan call failed.
    Error(Kind kind, std::string message, VkResult result = VK_ERROR_UNKNOWN)
        : std::runtime_error(std::move(message)), kind_(kind), result_(result) {}
    Kind kind() const { return kind_; }
    VkResult result() const { return result_; }

private:
    Kind kind_;
    VkResult result_;
};

[[noreturn]] inline void fail(Error::Kind kind, std::string message) { throw Error(kind, std::move(message)); }

// The kind of error a failed VkResult is (check() in vk/vulkan.h throws it).
Error::Kind errorKindOf(VkResult result);

}  // namespace vkdml::vk
