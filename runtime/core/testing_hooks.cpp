#include "core/testing_hooks.h"

#include "core/device.h"
#include "core/error.h"
#include "core/raw_value.h"
#include "vk/fault_injection.h"

namespace vkdml {

namespace {

vk::FaultSite siteOf(VKDML_FAULT_SITE site) {
    switch (site) {
        case VKDML_FAULT_SITE_SUBMIT: return vk::FaultSite::Submit;
        case VKDML_FAULT_SITE_SHADER_COMPILE: return vk::FaultSite::ShaderCompile;
        default: return vk::FaultSite::Allocation;
    }
}

}  // namespace

void injectFault(VKDML_FAULT_SITE site, uint64_t nth) { vk::armFault(siteOf(site), nth); }

uint64_t faultSiteCalls(VKDML_FAULT_SITE site) { return vk::faultSiteCalls(siteOf(site)); }

void setTestOption(Device& device, VKDML_TEST_OPTION option, uint64_t value) {
    switch (rawValue(option)) {
        case VKDML_TEST_OPTION_FUSION: device.options().fusion = value != 0; return;
        case VKDML_TEST_OPTION_BENCH_NAIVE_KERNELS: device.options().benchNaiveKernels = value != 0; return;
        case VKDML_TEST_OPTION_IDLE_PIPELINE_LIMIT: device.pipelines().setIdleLimit(value); return;
        case VKDML_TEST_OPTION_MAX_BINDING_BYTES: device.options().maxBindingBytes = value; return;
        case VKDML_TEST_OPTION_REDUCTION_SEGMENTS:
            if (value > 4096) invalidArg("value = " + std::to_string(value) + ": at most 4096 segments");
            device.options().reductionSegments = static_cast<uint32_t>(value);
            return;
        default: invalidArg("option = " + std::to_string(rawValue(option)) + " is not a VKDML_TEST_OPTION");
    }
}

uint64_t pipelineCount(Device& device) { return device.pipelines().pipelineCount(); }

}  // namespace vkdml
