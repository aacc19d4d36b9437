#include "ops/elementwise/activation_kernel.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>

#include "core/buffer.h"
#include "core/device.h"
#include "core/error.h"
#include "ops/elementwise/chunk_dispatch.h"
#include "ops/elementwise/pipelines.h"

namespace vkdml::elementwise {

namespace {

// Every tensor's innermost dimension contiguous and a whole number of 16-byte vectors, every other stride too.
bool rowsAreVectors(const ElementwisePlan& plan) {
    const uint64_t vector = 16 / plan.elementBytes;
    if (plan.rank < 2 || plan.elementBytes > 4 || plan.sizes[0] % vector != 0) return false;
    for (uint32_t t = 0; t < plan.tensorCount; ++t) {
        if (plan.strides[t][0] != 1) return false;
        for (uint32_t d = 1; d < plan.rank; ++d)
            if (plan.strides[t][d] % vector != 0) return false;
    }
    return true;
}

}  // namespace

ActivationKernel::ActivationKernel(Device& device, const dml::OperatorInfo& info,
                                   const std::vector<dml::TensorLayout>& tensors, const KernelTarget& target,
                                   ElementwisePlan plan)
    : context_(device.context()), plan_(std::move(plan)) {
    const DML_TENSOR_DATA_TYPE dataType = info.inputs[0].dataType;
    const bool float32or16 = dataType == DML_TENSOR_DATA_TYPE_FLOAT32 || dataType == DML_TENSOR_DATA_TYPE_FLOAT16;
    // Two-input kernels and the 64-bit copies come in the strided form only.
    if (plan_.tensorCount > 2 || plan_.elementBytes == 8) plan_.contiguous = false;

    const bool half = dataType == DML_TENSOR_DATA_TYPE_FLOAT16;
    // vkdml-bench's baseline: the plain one-vec4-per-invocation kernel with the driver's math (packed fp32 only).
    naive_ = plan_.contiguous && !half && plan_.elementCount % 4 == 0 && device.options().benchNaiveKernels;

    const vk::Context& ctx = device.context();
    ChunkLimits limits = deviceChunkLimits(device);
    const uint64_t vector = 16 / plan_.elementBytes;
    // The flat kernels run one 16-byte vector per invocation (plus one for the tail): the grid must hold them all.
    if (plan_.contiguous) limits.maxElements = flatGridElements(device, vector, 1);
    // Strided plans whose rows are whole 16-byte vectors in every tensor run the rows kernel (one vector per
    // invocation, no grid-stride loop): the grid must hold every vector of a chunk too.
    rows_ = !plan_.contiguous && !naive_ && float32or16 && plan_.tensorCount == 2 && rowsAreVectors(plan_);
    if (rows_) limits.maxElements = std::min(limits.maxElements, flatGridElements(device, vector, 0));
    limits.contiguousGranule = static_cast<uint32_t>(vector);
    limits.maxRank = KernelParams::maxRank(plan_.tensorCount);
    chunks_ = splitIntoChunks(plan_, limits);

    if (naive_) vectorElements_ = 4;
    else if (plan_.contiguous) vectorElements_ = static_cast<uint32_t>(vector);
    const kernel::Walk walk = naive_ ? kernel::Walk::Naive : plan_.contiguous ? kernel::Walk::Flat : kernel::Walk::Strided;
    const LoweredKernel lowered = lowerElementwise(info, target, walk);
    // What every dispatch of this operator passes alike: attributes and strides (chunks add sizes and bases).
    std::memcpy(&params_.p0, &lowered.p0Bits, 4);
    std::memcpy(&params_.p1, &lowered.p1Bits, 4);
    params_.in2Base = lowered.in2Base;
    params_.flags = lowered.flags;
    const uint32_t tensorCount = plan_.tensorCount;
    for (uint32_t t = 0; t < tensorCount; ++t)
        for (uint32_t d = 0; d < std::min(plan_.rank, KernelParams::maxRank(tensorCount)); ++d)
            params_.stride(tensorCount, t, d) = static_cast<uint32_t>(plan_.strides[t][d]);
    shaderName_ = lowered.program.name();
    if (rows_) {
        // The rows kernel sees sizes, strides and bases in vectors; chunks that are not whole vectors (tiles of
        // huge rows) fall back to the strided kernel.
        rowsParams_ = params_;
        for (uint32_t t = 0; t < tensorCount; ++t)
            for (uint32_t d = 0; d < std::min(plan_.rank, KernelParams::maxRank(tensorCount)); ++d)
                rowsParams_.stride(tensorCount, t, d) = d == 0 ? 1u : static_cast<uint32_t>(plan_.strides[t][d] / vector);
        const LoweredKernel rows = lowerElementwise(info, target, kernel::Walk::Rows);
        rowsPipeline_ = pipelineFor(device, rows.program);
        shaderName_ = rows.program.name();
    }
    // CPU devices: the flat kernel split into a whole-vector and a tail pipeline (glsl/elementwise_contiguous.glsl).
    if (plan_.contiguous && !naive_ && ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
        pipeline_ = pipelineFor(device, lowered.program, 1);
        tailPipeline_ = pipelineFor(device, lowered.program, 2);
    } else {
        pipeline_ = pipelineFor(device, lowered.program);
    }
    // What recording relies on, proven here: every chunk lies inside each tensor (through the widest element).
    uint32_t bits[kMaxPlanTensors];
    for (uint32_t t = 0; t < tensorCount; ++t) bits[t] = plan_.elementBytes * 8, totals_[t] = tensors[t].totalBytes;
    requireChunksInside(chunks_, tensorCount, bits, totals_, info.name());
}

void ActivationKernel::record(vk::Recording& recording, const ops::KernelBuffers& buffers) const {
    const vk::Context& ctx = context_;
    const uint64_t alignment = bindingAlignment(ctx);
    const uint32_t bits = plan_.elementBytes * 8;
    const uint32_t workgroup = pipeline_->workgroupSize;
    const uint64_t groupCap = std::min<uint64_t>(
        ctx.limits().maxComputeWorkGroupCount[0],
        ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 64 : 65535);

    const BoundBuffer* tensors[kMaxPlanTensors] = {buffers.outputs[0]};
    for (size_t i = 0; i < buffers.inputs.size(); ++i) tensors[i + 1] = buffers.inputs[i];

    const uint32_t tensorCount = plan_.tensorCount;
    KernelParams params;
    vk::BoundBuffer bound[kMaxPlanTensors];
    const uint32_t vector = 16 / plan_.elementBytes;
    // One dispatch of `count` elements starting `skip` elements into the chunk (skip > 0 only in contiguous chunks);
    // the rows kernel counts in vectors.
    auto dispatchPart = [&](const Chunk& chunk, uint64_t skip, uint64_t count, const vk::PipelineRef& pipeline,
                            bool rows) {
        params = rows ? rowsParams_ : params_;
        const uint32_t unit = rows ? vector : 1;
        uint32_t bases[kMaxPlanTensors] = {};
        for (uint32_t t = 0; t < tensorCount; ++t) {
            const uint64_t span = skip == 0 && count == chunk.count ? chunk.spanElements[t] : count;
            const ChunkBinding b = bindChunk(*tensors[t], chunk.firstElement[t] + skip, span, bits, bits * unit,
                                             totals_[t], alignment, t == 0);
            bound[t] = b.binding;
            bases[t] = b.base;
        }
        params.count = static_cast<uint32_t>(count / unit);
        params.rank = chunk.rank;
        params.outBase = bases[0];
        params.inBase = bases[1];
        if (tensorCount > 2) params.in2Base = bases[2];
        for (uint32_t d = 0; d < chunk.rank; ++d) params.setSize(tensorCount, d, chunk.sizes[d] / (d == 0 ? unit : 1));

        // Flat kernels: one invocation per whole vector and one for the tail; rows: one per vector. Strided ones
        // loop over the grid.
        const bool gridCoversAll = plan_.contiguous || rows;
        const uint64_t items = plan_.contiguous ? count / vectorElements_ + 1 : count / unit;
        vk::DispatchCommand command;
        command.pipeline = &pipeline;
        command.bindings = bound;
        command.bindingCount = tensorCount;
        command.pushConstants = &params;
        command.pushConstantBytes = sizeof(params);
        const uint64_t groups = (items + workgroup - 1) / workgroup;
        command.groupCountX = static_cast<uint32_t>(std::max<uint64_t>(1, gridCoversAll ? groups : std::min(groupCap, groups)));
        recording.dispatch(command);
    };
    for (const Chunk& chunk : chunks_) {
        if (rows_) {
            bool whole = chunk.sizes[0] % vector == 0;
            for (uint32_t t = 0; t < tensorCount; ++t) whole = whole && chunk.firstElement[t] % vector == 0;
            dispatchPart(chunk, 0, chunk.count, whole ? rowsPipeline_ : pipeline_, whole);
            continue;
        }
        // CPU devices: the whole vectors, then the tail on its own, each kernel without the other's branch.
        forEachPart(chunk.count, vectorElements_, tailPipeline_ != nullptr, [&](uint64_t skip, uint64_t count, bool tail) {
            dispatchPart(chunk, skip, count, tail ? tailPipeline_ : pipeline_, false);
        });
    }
}

}  // namespace vkdml::elementwise
