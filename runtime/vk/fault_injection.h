// Test hook: makes the Nth Vulkan allocation (memory, buffers, pools, pipelines, fences, devices) fail with
// VK_ERROR_OUT_OF_DEVICE_MEMORY, the Nth vkQueueSubmit fail with VK_ERROR_DEVICE_LOST, or the Nth stage of a run-time
// shader compilation (glslang, spirv-opt, spirv-val) fail with VK_ERROR_UNKNOWN, so that every failure path can be
// swept. Process-wide; off unless armed by vkdmlTestInjectFault or VKDML_FAULT_ALLOC / VKDML_FAULT_SUBMIT /
// VKDML_FAULT_COMPILE.
#pragma once

#include <cstdint>

#include "vk/vulkan.h"

namespace vkdml::vk {

enum class FaultSite { Allocation, Submit, ShaderCompile };

// Arms a site: the `nth` call from now (1 = the next) fails; 0 disarms. Also resets the site's counter.
void armFault(FaultSite site, uint64_t nth);
// Calls made to a site since it was last armed (to size a sweep).
uint64_t faultSiteCalls(FaultSite site);
// Returns the injected failure for this call of `site`, or VK_SUCCESS.
VkResult faultPoint(FaultSite site);

}  // namespace vkdml::vk
