// What the entry points of vkdml_testing.h reach: the Vulkan layer's fault sites (vk/fault_injection.h), named by
// the C enum, and options changed on a live device.
#pragma once

#include <cstdint>

#include <vkdml/vkdml_testing.h>

namespace vkdml {

// The `nth` call of `site` from now fails (1 = the next); 0 disarms. Resets the site's counter.
void injectFault(VKDML_FAULT_SITE site, uint64_t nth);
// Calls made to `site` since it was last armed.
uint64_t faultSiteCalls(VKDML_FAULT_SITE site);

// Changes one of `device`'s options for what it compiles next; throws E_INVALIDARG for an unknown option.
class Device;
void setTestOption(Device& device, VKDML_TEST_OPTION option, uint64_t value);
// The compute pipelines `device` holds, in use or idle.
uint64_t pipelineCount(Device& device);

}  // namespace vkdml
