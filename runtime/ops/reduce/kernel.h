// One reduction-family operator compiled for a device: its plan, the pipeline generated from it, the grid, and the
// recording of its single dispatch.
#pragma once

#include <string>

#include "ops/family.h"
#include "ops/reduce/plan.h"

namespace vkdml::reduce {

class ReductionKernel final : public ops::CompiledKernel {
public:
    // Throws E_NOTIMPL naming what the device or vkdml lacks for this operator. `neighbours`: element-wise programs
    // fused around it (accepted by the family), or nullptr.
    ReductionKernel(Device& device, const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours = nullptr);

    void record(vk::Recording& recording, const ops::KernelBuffers& buffers) const override;
    const std::string& shaderName() const override { return name_; }

private:
    Plan plan_;
    vk::PipelineRef pipeline_;
    uint32_t groupsX_ = 1, groupsY_ = 1;
    uint64_t totals_[kMaxSlots] = {};        // TotalTensorSizeInBytes per present slot
    uint32_t elementBytes_[kMaxSlots] = {};  // 0 for 16- and 8-bit elements' word-granular ranges: see record
    std::string name_;
};

}  // namespace vkdml::reduce
