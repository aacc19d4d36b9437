// One reduction-family operator compiled for a device: its plan, the pipeline generated from it, and the recording
// of its dispatches (one per run of rows whose tensor parts fit a binding each: row_chunks.h).
#pragma once

#include <string>
#include <vector>

#include "ops/family.h"
#include "ops/reduce/generator.h"
#include "ops/reduce/plan.h"
#include "ops/reduce/row_chunks.h"

namespace vkdml::reduce {

class ReductionKernel final : public ops::CompiledKernel {
public:
    // Throws E_NOTIMPL naming what the device or vkdml lacks for this operator. `neighbours`: element-wise programs
    // fused around it (accepted by the family), or nullptr.
    ReductionKernel(Device& device, const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours = nullptr);

    uint64_t temporaryBytes() const override { return scratchBytes_; }
    void record(vk::Recording& recording, const ops::KernelBuffers& buffers) const override;
    const std::string& shaderName() const override { return name_; }
    // Parts per row (1: rows unsplit), for tests.
    uint32_t segments() const { return segments_; }

private:
    vk::PipelineRef pipeline(Device& device, const KernelShape& shape) const;

    Plan plan_;
    struct Dispatch {
        const vk::PipelineRef* pipeline = nullptr;
        RowChunk rows;
        uint32_t rowEnd = 0;  // the push constant: rows or, for split rows, parts
        uint32_t groupsX = 1, groupsY = 1;
    };
    // Unsplit: one pipeline, a dispatch per run of rows. Split rows: one run of rows, a pipeline and a dispatch per
    // phase, the parts' statistics in the scratch buffer (the temporary resource).
    std::vector<vk::PipelineRef> pipelines_;
    std::vector<Dispatch> dispatches_;
    uint32_t segments_ = 1;
    uint64_t scratchBytes_ = 0;
    uint64_t totals_[kMaxSlots] = {};        // TotalTensorSizeInBytes per present slot
    uint32_t elementBytes_[kMaxSlots] = {};
    std::string name_;
};

}  // namespace vkdml::reduce
