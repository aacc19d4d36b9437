// C entry points of vkdml_testing.h: the fault-injection hook, which kernel an operator was compiled to, and the
// command-list timestamps vkdml-bench times the GPU with.
#include <vkdml/vkdml_testing.h>

#include "entry.h"
#include "core/command_list.h"
#include "core/dispatchable.h"
#include "graph/compiled_graph.h"
#include "vk/fault_injection.h"

namespace {
vkdml::vk::FaultSite siteOf(VKDML_FAULT_SITE site) {
    switch (site) {
        case VKDML_FAULT_SITE_SUBMIT: return vkdml::vk::FaultSite::Submit;
        case VKDML_FAULT_SITE_SHADER_COMPILE: return vkdml::vk::FaultSite::ShaderCompile;
        default: return vkdml::vk::FaultSite::Allocation;
    }
}
}  // namespace

extern "C" {

VKDML_API void vkdmlTestInjectFault(VKDML_FAULT_SITE site, UINT64 nth) { vkdml::vk::armFault(siteOf(site), nth); }

VKDML_API UINT64 vkdmlTestFaultSiteCalls(VKDML_FAULT_SITE site) { return vkdml::vk::faultSiteCalls(siteOf(site)); }

VKDML_API const char* vkdmlTestShaderName(VkdmlDispatchable compiledOperator) {
    auto* dispatchable = vkdml::api::as<vkdml::Dispatchable>(compiledOperator);
    auto* compiled = dynamic_cast<vkdml::CompiledOperator*>(dispatchable);
    return compiled ? compiled->shaderName().c_str() : nullptr;
}

VKDML_API int vkdmlTestGraphSteps(VkdmlDispatchable compiledGraph, UINT* steps, UINT* fused) {
    auto* graph = dynamic_cast<vkdml::CompiledGraph*>(vkdml::api::as<vkdml::Dispatchable>(compiledGraph));
    if (!graph || !steps || !fused) return 0;
    *steps = static_cast<UINT>(graph->stepCount());
    *fused = static_cast<UINT>(graph->fusedStepCount());
    return 1;
}

VKDML_API HRESULT vkdmlTestEnableTimestamps(VkdmlCommandList commandList) {
    auto* list = vkdml::api::as<vkdml::CommandList>(commandList);
    if (!list) return E_INVALIDARG;
    return vkdml::api::guarded(&list->owningDevice(), "vkdmlTestEnableTimestamps", [&] { list->enableTimestamps(); });
}

VKDML_API HRESULT vkdmlTestGpuSeconds(VkdmlCommandList commandList, double* seconds) {
    auto* list = vkdml::api::as<vkdml::CommandList>(commandList);
    if (!list || !seconds) return E_INVALIDARG;
    return vkdml::api::guarded(&list->owningDevice(), "vkdmlTestGpuSeconds", [&] { *seconds = list->gpuSeconds(); });
}

}  // extern "C"
