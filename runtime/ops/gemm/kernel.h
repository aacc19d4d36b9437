// One matrix multiply compiled for a device: its plan, the pipeline generated from it, the grid, and the recording of its
// single dispatch.
#pragma once

#include <string>

#include "ops/family.h"
#include "ops/gemm/plan.h"

namespace vkdml::gemm {

class GemmKernel final : public ops::CompiledKernel {
public:
    // Throws E_NOTIMPL naming what the device or vkdml lacks for this operator. `neighbours`: a graph's epilogue
    // the family accepted (its bindings: the operator's inputs, then the epilogue's; the epilogue's output).
    GemmKernel(Device& device, const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours = nullptr);

    void record(vk::Recording& recording, const ops::KernelBuffers& buffers) const override;
    const std::string& shaderName() const override { return name_; }

private:
    Plan plan_;
    vk::PipelineRef pipeline_;
    uint32_t groups_[3] = {1, 1, 1};
    uint64_t totals_[kSlots] = {};        // TotalTensorSizeInBytes per bound slot
    uint32_t elementBytes_[kSlots] = {};  // 1 for 8-bit elements (their ranges are word-granular: see record)
    std::string name_;
};

}  // namespace vkdml::gemm
