// Whether the device's fma() is one fused operation (a single rounding of a * b + c), found out on the device: Vulkan
// lets fma() be a multiply and an add rounded separately, and the math library has faster forms for a fused fma
// (VKDML_FUSED_FMA in glsl/vkdml_math.glsl) that are wrong without one.
#pragma once

#include "vk/pipelines.h"
#include "vk/queue.h"

namespace vkdml::vk {

// Runs one small kernel whose fma residuals are exact only when fma() is fused, and compares them with the host's
// (std::fma, always fused). The answer is remembered per device and driver version for the rest of the process.
// Throws vk::Error as a dispatch would (out of memory, device lost).
bool probeFusedFma(const Context& ctx, PipelineStore& pipelines, Queue& queue);

}  // namespace vkdml::vk
