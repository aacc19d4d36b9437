// The one way runtime/vk includes Vulkan: through volk, without prototypes (every call goes through a loaded table).
#pragma once

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <volk.h>

#include <string>

namespace vkdml::vk {

// Throws vk::Error (vk/error.h) when `result` is not VK_SUCCESS, of the kind errorKindOf(result) gives; `what`
// names the Vulkan call.
void check(VkResult result, const char* what);

// Runs a Vulkan call that allocates, unless the fault-injection hook fails it first (vk/fault_injection.h).
VkResult injectableAllocation(VkResult injected);
template <class Call>
VkResult allocating(Call&& call) {
    VkResult injected = injectableAllocation(VK_SUCCESS);
    return injected != VK_SUCCESS ? injected : call();
}
const char* resultName(VkResult result);

}  // namespace vkdml::vk
