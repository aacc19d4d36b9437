// Runs one general element-wise program (runtime/kernel/general_generator.cpp) over an operator's tensors: picks
// each tensor's access (packed, broadcast, strided) and the walk from the layouts, cuts the work into chunks that fit
// the device's binding and grid limits, compiles the pipelines, and records the dispatches with their push
// constants (runtime/kernel/general_params.h).
#pragma once

#include <string>
#include <vector>

#include "kernel/general_params.h"
#include "ops/elementwise/plan.h"
#include "ops/family.h"

namespace vkdml::elementwise {

class GeneralKernel final : public ops::CompiledKernel {
public:
    // `tensors`: outputs first, then inputs (the program's tensor order). `program` has types and operations; its
    // walk and access are chosen here. Throws E_NOTIMPL when the device cannot bind that many tensors.
    GeneralKernel(Device& device, const std::vector<dml::TensorLayout>& tensors, kernel::ElementwiseProgram program,
                  std::vector<uint32_t> attributes);

    // `bound[t]` per tensor in the same order, each at least the layout's TotalTensorSizeInBytes (the binding
    // table's checks). Nothing can fail here: the chunks were proven inside their tensors and the grid's limits at
    // construction.
    void record(vk::Recording& recording, const BoundBuffer* const* bound) const;
    void record(vk::Recording& recording, const ops::KernelBuffers& buffers) const override;
    const std::string& shaderName() const override { return name_; }

private:
    struct Variant {
        kernel::ElementwiseProgram program;
        kernel::GeneralParamsLayout layout;
        vk::PipelineRef pipeline;
        vk::PipelineRef tailPipeline;  // CPU devices, linear walk: the last partial quad
    };
    void compile(Device& device, Variant& variant, bool split);
    bool mainVariantFits(const Chunk& chunk) const;
    uint64_t invocations(const Variant& variant, const Chunk& chunk, uint64_t count) const;
    void requireGridFits(const vk::Context& ctx) const;

    ElementwisePlan plan_;
    std::vector<Chunk> chunks_;
    std::vector<bool> useFallback_;  // per chunk
    Variant main_, fallback_;        // fallback: one element per step, packed tensors read as strided
    std::vector<uint64_t> totals_;   // per tensor: TotalTensorSizeInBytes
    std::vector<uint32_t> attributes_;
    uint32_t outputCount_ = 1;
    std::string name_;
};

}  // namespace vkdml::elementwise
