#include "ops/elementwise/pipelines.h"

#include <algorithm>

#include "core/device.h"
#include "kernel/glsl_generator.h"

namespace vkdml::elementwise {

uint32_t bindingLimit(Device& device) { return std::min(kMaxBindings, device.pipelines().storageBufferLimit()); }

vk::PipelineRef pipelineFor(Device& device, const kernel::ElementwiseProgram& program, uint32_t flatMode) {
    vk::KernelSource source;
    source.key = program.hash();
    source.name = program.name();
    source.layout = {bindingLimit(device), kPushConstantBytes};
    source.constants = {flatMode};
    source.glsl = [&program] { return kernel::generateGlsl(program); };
    source.describe = [&program] { return "element-wise program: " + program.describe(); };
    return device.pipelines().get(source);
}

}  // namespace vkdml::elementwise
