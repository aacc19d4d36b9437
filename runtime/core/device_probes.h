// What vkdml finds out on the device itself when it is created, because Vulkan leaves it to the driver: whether
// fma() is fused (one rounding of a * b + c) and whether the driver's fp16 <-> fp32 conversions give the same bits as
// vkdml's integer conversions. Each answer picks a faster form of the kernels' math (VKDML_FUSED_FMA,
// VKDML_NATIVE_HALF) and is remembered per device and driver version for the rest of the process.
#pragma once

#include "vk/pipelines.h"
#include "vk/queue.h"

namespace vkdml {

// One kernel whose fma residuals are exact only when fma() is fused, compared with the host's std::fma (always
// fused). Throws vk::Error as a dispatch would (out of memory, device lost).
bool probeFusedFma(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue);

// One kernel comparing the driver's packHalf2x16 / unpackHalf2x16 (what glsl/vkdml_half.glsl's VKDML_NATIVE_HALF
// forms call) with the integer forms on every finite half, on every fp32 value that rounds exactly to a half, on
// each halfway point between consecutive halves and on the fp32 neighbours of each halfway point (where a rounding
// other than to nearest even, or a flushed subnormal, shows), and on fp32 subnormals. NaNs and infinities are
// built from the bits by both forms. Throws vk::Error as a dispatch would.
bool probeNativeHalf(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue);

}  // namespace vkdml
