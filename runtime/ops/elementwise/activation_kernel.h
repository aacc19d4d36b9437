// The activations' own kernels (glsl/elementwise_{contiguous,rows,strided}.glsl): one or two tensors of one type,
// walked as flat 16-byte vectors, as rows of vectors, or element by element with a grid-stride loop, with the
// attributes and strides in the push constants of kernel_params.h. Operators the general kernels cannot run (the
// integer activations, PARAMETERIZED_RELU) and contiguous activations, which these kernels run faster on CPU
// devices, take this path.
#pragma once

#include <string>
#include <vector>

#include "ops/elementwise/kernel_params.h"
#include "ops/elementwise/lowering.h"
#include "ops/elementwise/plan.h"
#include "ops/family.h"

namespace vkdml::elementwise {

class ActivationKernel final : public ops::CompiledKernel {
public:
    // `tensors`: outputs first, then inputs; `plan` made from them. Throws E_NOTIMPL for a missing device capability.
    ActivationKernel(Device& device, const dml::OperatorInfo& info, const std::vector<dml::TensorLayout>& tensors,
                     const KernelTarget& target, ElementwisePlan plan);

    void record(vk::Recording& recording, const ops::KernelBuffers& buffers) const override;
    const std::string& shaderName() const override { return shaderName_; }

private:
    const vk::Context& context_;
    ElementwisePlan plan_;
    std::vector<Chunk> chunks_;
    uint64_t totals_[kMaxPlanTensors] = {};  // per tensor: TotalTensorSizeInBytes
    vk::PipelineRef pipeline_;
    vk::PipelineRef tailPipeline_;  // CPU devices: the flat kernel's tail on its own
    vk::PipelineRef rowsPipeline_;  // strided plans of whole-vector rows (glsl/elementwise_rows.glsl)
    bool rows_ = false;
    std::string shaderName_;
    uint32_t vectorElements_ = 1;  // elements one work item covers (the contiguous kernel moves 16 bytes)
    bool naive_ = false;           // the benchmark baseline kernel (VKDML_BENCH_NAIVE_KERNELS)
    KernelParams params_{};        // the push constants every dispatch shares (attributes, strides)
    KernelParams rowsParams_{};    // the same for the rows kernel, strides in vectors
};

}  // namespace vkdml::elementwise
