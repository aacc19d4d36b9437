// The element-wise kernels' interface to the pipeline store: one layout for all of them (up to kMaxBindings tensors
// and kPushConstantBytes of parameters) and the pipeline of one program, its GLSL generated on a miss.
#pragma once

#include <cstdint>

#include "kernel/program.h"
#include "vk/pipelines.h"

namespace vkdml {
class Device;
}

namespace vkdml::elementwise {

// Nine: ELEMENT_WISE_QUANTIZED_LINEAR_ADD binds A, B, three scales, three zero points and the output. A device that
// allows fewer storage buffers per stage (Vulkan's minimum is 4) refuses the kernels that need more.
constexpr uint32_t kMaxBindings = 9;
constexpr uint32_t kPushConstantBytes = 128;

// Tensors one element-wise kernel may bind on `device`: kMaxBindings, or fewer where the device allows fewer.
uint32_t bindingLimit(Device& device);

// The pipeline running `program`. flatMode is the flat kernels' specialization constant 1
// (glsl/elementwise_contiguous.glsl; other kernels ignore it).
vk::PipelineRef pipelineFor(Device& device, const kernel::ElementwiseProgram& program, uint32_t flatMode = 0);

}  // namespace vkdml::elementwise
