/* vkdml test hooks: not part of DirectML's contract, for vkdml's own failure-path tests. */
#ifndef VKDML_VKDML_TESTING_H_
#define VKDML_VKDML_TESTING_H_

#include "vkdml.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum VKDML_FAULT_SITE {
    VKDML_FAULT_SITE_ALLOCATION = 0, /* Vulkan memory, buffers, pools, pipelines, fences, devices: E_OUTOFMEMORY */
    VKDML_FAULT_SITE_SUBMIT = 1,     /* vkQueueSubmit: device lost -> DXGI_ERROR_DEVICE_REMOVED */
    VKDML_FAULT_SITE_SHADER_COMPILE = 2 /* run-time GLSL -> SPIR-V compilation (glslang, spirv-opt, spirv-val):
                                           E_FAIL or E_OUTOFMEMORY */
} VKDML_FAULT_SITE;

/* The `nth` call of `site` from now fails (1 = the next one); 0 disarms. Process-wide. Also resets the site's count. */
VKDML_API void vkdmlTestInjectFault(VKDML_FAULT_SITE site, UINT64 nth);
/* Calls made to `site` since it was last armed. */
VKDML_API UINT64 vkdmlTestFaultSiteCalls(VKDML_FAULT_SITE site);

/* The name of the embedded kernel a compiled operator dispatches ("linear_f32_contig_d", "relu_i8_strided"), or
   NULL for anything else (an initializer, an invalid handle). Valid while the compiled operator lives. */
VKDML_API const char* vkdmlTestShaderName(VkdmlDispatchable compiledOperator);
/* A compiled graph's kernels: *steps = dispatch groups run in order, *fused = those that fuse two nodes or more.
 * Returns 0 (and sets nothing) when the dispatchable is not a compiled graph. */
VKDML_API int vkdmlTestGraphSteps(VkdmlDispatchable compiledGraph, UINT* steps, UINT* fused);

/* Options a device read from the environment when it was created, changed on the live device for the operators
   compiled after the call (tools and tests that compare both settings on one device). */
typedef enum VKDML_TEST_OPTION {
    VKDML_TEST_OPTION_FUSION = 0,             /* graphs fuse element-wise runs (1, default) or not (0) */
    VKDML_TEST_OPTION_BENCH_NAIVE_KERNELS = 1, /* packed fp32 activations run vkdml-bench's naive baseline kernels */
    VKDML_TEST_OPTION_IDLE_PIPELINE_LIMIT = 2, /* pipelines no compiled operator or recording holds that the device
                                                  keeps for reuse (default 256); the least recently used beyond it
                                                  are destroyed */
    VKDML_TEST_OPTION_MAX_BINDING_BYTES = 3, /* the most bytes one storage-buffer binding of what the device compiles
                                                next may span (0: the device's limit), as VKDML_MAX_BINDING_BYTES */
    VKDML_TEST_OPTION_REDUCTION_SEGMENTS = 4 /* parts each row of a reduction is split into where it can be (0:
                                                vkdml's choice, 1: none), as VKDML_REDUCTION_SEGMENTS */
} VKDML_TEST_OPTION;
/* E_INVALIDARG for an unknown option or a bad device. */
VKDML_API HRESULT vkdmlTestSetOption(VkdmlDevice device, VKDML_TEST_OPTION option, UINT64 value);
/* The compute pipelines the device holds now: those compiled operators and recordings use, and the idle ones. */
VKDML_API HRESULT vkdmlTestPipelineCount(VkdmlDevice device, UINT64* count);

/* GPU timestamps, for vkdml-bench: from the next vkdmlResetCommandList, each recording of the list writes a timestamp
   before its first command and after its last. DXGI_ERROR_UNSUPPORTED when the device's queue has no timestamps. */
VKDML_API HRESULT vkdmlTestEnableTimestamps(VkdmlCommandList commandList);
/* The GPU time between those two timestamps in the list's last execution, which must have completed
   (vkdmlWaitForCompletion); E_INVALIDARG when the recording has no timestamps or has not completed. */
VKDML_API HRESULT vkdmlTestGpuSeconds(VkdmlCommandList commandList, double* seconds);

#ifdef __cplusplus
}
#endif

#endif /* VKDML_VKDML_TESTING_H_ */
