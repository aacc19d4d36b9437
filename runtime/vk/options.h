// The Vulkan layer's settings. core/options.h fills them once, from VKDML_* environment variables, when a device is
// created; the README lists every variable. Nothing in runtime/vk reads the environment itself.
#pragma once

#include <cstdint>
#include <string>

namespace vkdml::vk {

struct Options {
    std::string adapter;          // VKDML_ADAPTER: an adapter index, or part of an adapter's name
    bool syncValidation = true;   // VKDML_SYNC_VALIDATION=0: no synchronization validation on debug devices
    uint32_t workgroupSize = 0;   // VKDML_WORKGROUP_SIZE: 0 means the device's default
    int spirvOptimization = -1;   // VKDML_SPIRV_OPT: -1 background -O, 0 none, 1-3 a level at compile time
    bool diskCaches = true;       // VKDML_PIPELINE_CACHE=0: neither the SPIR-V nor the pipeline cache file
    std::string cacheDirectory;   // VKDML_PIPELINE_CACHE_DIR, else $XDG_CACHE_HOME/vkdml, else ~/.cache/vkdml
    std::string dumpKernels;      // VKDML_DUMP_KERNELS: a directory that receives every generated GLSL source
    // VKDML_PIPELINE_STATISTICS=1: where the device has VK_KHR_pipeline_executable_properties, each pipeline's
    // statistics from its driver (registers, shared memory, instructions: whatever the driver reports) go to
    // <hash>.stats beside <hash>.comp in the VKDML_DUMP_KERNELS directory, or to the debug messages without one.
    bool pipelineStatistics = false;

    // Test-only switches: behave as a device without a feature, or without a driver-specific exact form.
    bool disablePushDescriptors = false;  // VKDML_DISABLE_PUSH_DESCRIPTORS
    bool disable16BitStorage = false;     // VKDML_DISABLE_16BIT_STORAGE
    bool disableTimeline = false;         // VKDML_DISABLE_TIMELINE
    bool disableFloat64 = false;          // VKDML_DISABLE_FLOAT64
    bool disableFloatControls = false;    // VKDML_DISABLE_FLOAT_CONTROLS
    bool disableCooperativeMatrix = false;  // VKDML_DISABLE_COOPERATIVE_MATRIX
    bool forceCorrectDivSqrt = false;     // VKDML_FORCE_CR_DIVSQRT
    bool forceIntegerHalf = false;        // VKDML_FORCE_INTEGER_HALF
    bool force32BitWords = false;         // VKDML_FORCE_32BIT_WORDS
    bool defaultHeapNotMappable = false;  // VKDML_DEFAULT_HEAP_NOT_MAPPABLE
    // VKDML_FUSED_FMA: -1 (unset) asks the device whether its fma() is fused; 0 takes the math library's forms for
    // an unfused fma, 1 the fused ones (on a device whose fma() is not fused, results are then wrong: tests only).
    int fusedFma = -1;
};

}  // namespace vkdml::vk
