// Every setting vkdml takes from the environment, in one object: read once, when a device is created
// (Options::fromEnvironment), and kept by the device. The README's table lists each VKDML_* variable. The one
// exception is fault injection (VKDML_FAULT_*, tests only), which is process-wide and read when first armed.
#pragma once

#include <cstdint>

#include "vk/options.h"

namespace vkdml {

struct Options {
    vk::Options vulkan;  // adapter choice, caches, compilation, and the Vulkan layer's test switches
    bool fusion = true;  // VKDML_DISABLE_FUSION=1: graphs run one kernel per node

    // Test and benchmark switches.
    bool activationOwnKernels = false;  // VKDML_ACTIVATION_OWN_KERNELS: strided activations keep their own kernels
    bool reductionGpuShapes = false;    // VKDML_TEST_REDUCTION_GPU_SHAPES: CPU devices run the GPU reduction shapes
    bool gemmGpuShapes = false;         // VKDML_TEST_GEMM_GPU_SHAPES: CPU devices run the GPU GEMM kernel (tiles staged in shared memory)
    // VKDML_TEST_GEMM_COOPERATIVE_STAND_IN: any device behaves as one with cooperative matrices, and the GPU GEMM
    // kernel stands in for the cooperative-matrix kernel (1), or that kernel made wrong on purpose (2), so that the
    // check a device runs before its first cooperative-matrix GEMM is itself tested without such a device.
    uint32_t gemmCooperativeStandIn = 0;
    // VKDML_TEST_GEMM_COOPERATIVE_EMULATED: any device runs the cooperative-matrix GEMM kernel itself, its matrix
    // operations emulated in plain GLSL (ops/gemm/cooperative_emulation.h), so that the kernel's own logic is tested
    // without such a device.
    bool gemmCooperativeEmulated = false;
    bool benchNaiveKernels = false;     // vkdmlTestSetOption only: vkdml-bench's naive baseline kernels
    uint64_t maxBindingBytes = 0;       // VKDML_MAX_BINDING_BYTES: cap one binding's bytes (0: the device's limit)
    uint32_t reductionRowShare = 0;     // VKDML_REDUCTION_ROW_SHARE: a GPU reduction invocation's least share of a
                                        // row, in elements (a power of two up to 1024; 0: vkdml's choice)
    // VKDML_REDUCTION_SUBGROUP_FOLDS=1: a reduction row's invocations fold by subgroup shuffles where the device
    // has them (the same bits as the shared-memory tree; which is faster is measured per device).
    bool reductionSubgroupFolds = false;
    // VKDML_REDUCTION_KEPT_ROWS=1: the softmax family and the normalizations keep an invocation's share of its row
    // in registers between their walks where it is at most four 16-byte vectors (the same bits; measured per device).
    bool reductionKeptRows = false;
    uint32_t reductionSegments = 0;     // VKDML_REDUCTION_SEGMENTS: split every splittable row into this many parts
                                        // (1: never split; 0: vkdml's choice, by the rows and their length)

    static Options fromEnvironment();
};

}  // namespace vkdml
