// C entry points of vkdml_testing.h: the fault-injection hook, which kernel an operator was compiled to, options
// changed on a live device, and the command-list timestamps vkdml-bench times the GPU with.
#include <vkdml/vkdml_testing.h>

#include "entry.h"
#include "core/command_list.h"
#include "core/compiled_operator.h"
#include "core/testing_hooks.h"
#include "graph/compiled_graph.h"

extern "C" {

VKDML_API void vkdmlTestInjectFault(VKDML_FAULT_SITE site, UINT64 nth) { vkdml::injectFault(site, nth); }

VKDML_API UINT64 vkdmlTestFaultSiteCalls(VKDML_FAULT_SITE site) { return vkdml::faultSiteCalls(site); }

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

VKDML_API HRESULT vkdmlTestSetOption(VkdmlDevice device, VKDML_TEST_OPTION option, UINT64 value) {
    auto* d = vkdml::api::as<vkdml::Device>(device);
    if (!d) return E_INVALIDARG;
    return vkdml::api::guarded(d, "vkdmlTestSetOption", [&] { vkdml::setTestOption(*d, option, value); });
}

VKDML_API HRESULT vkdmlTestPipelineCount(VkdmlDevice device, UINT64* count) {
    auto* d = vkdml::api::as<vkdml::Device>(device);
    if (!d || !count) return E_INVALIDARG;
    return vkdml::api::guarded(d, "vkdmlTestPipelineCount", [&] { *count = vkdml::pipelineCount(*d); });
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
