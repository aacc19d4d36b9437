// One reduction-family operator compiled for a device: its plan, the pipeline generated from it, and the recording
// of its dispatches (one per run of rows whose tensor parts fit a binding each: row_chunks.h).
#pragma once

#include <string>
#include <vector>

#include "ops/family.h"
#include "ops/reduce/plan.h"
#include "ops/reduce/row_chunks.h"

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
    struct Dispatch {
        RowChunk rows;
        uint32_t groupsX = 1, groupsY = 1;
    };
    std::vector<Dispatch> dispatches_;
    uint64_t totals_[kMaxSlots] = {};        // TotalTensorSizeInBytes per present slot
    uint32_t elementBytes_[kMaxSlots] = {};
    std::string name_;
};

}  // namespace vkdml::reduce
