// The driver's statistics of a compiled pipeline (VK_KHR_pipeline_executable_properties), as text: one line per
// executable and statistic, "executable: statistic = value". What a driver reports differs (NVIDIA: registers and
// code size; Mesa's drivers: instructions, spills, shared memory), so the text is for people comparing kernels.
#pragma once

#include <string>

#include "vk/vulkan.h"

namespace vkdml::vk {

class Context;

// Empty where the device reports nothing for this pipeline (or the extension is not enabled).
std::string pipelineStatisticsText(const Context& ctx, VkPipeline pipeline);

}  // namespace vkdml::vk
