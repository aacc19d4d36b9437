#include "ops/reduce/kernel.h"

#include <algorithm>

#include "core/buffer.h"
#include "core/device.h"
#include "core/error.h"
#include "ops/reduce/generator.h"
#include "ops/reduce/row_windows.h"
#include "ops/whole_tensor.h"

namespace vkdml::reduce {

namespace {

// A GPU invocation's least share of its row. Measured on an NVIDIA H200 (docs/BENCHMARKS.md, 2026-11-28): REDUCE over
// rows of 64 and 1024 ran 2.2-2.7x faster with 16 elements per invocation than with 4 (fewer, fuller invocations
// and shorter trees); the kernels that walk their rows two or three times gained up to 1.4x with 16 on rows of 1024
// and lost up to 1.2x on rows of 64, so they keep 4 below rows of 1024.
uint32_t gpuRowShare(Kind kind, uint64_t rowLength) {
    return kind == Kind::Reduce || rowLength >= 1024 ? 16 : 4;
}

uint32_t powerOfTwoAtMost(uint32_t v) {
    uint32_t p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
}

// Rows split into parts across workgroups where there are too few rows to fill the device: parts of at least
// `least` elements until the rows have `wanted` parts in all (a GPU: a few workgroups for each of a large GPU's
// multiprocessors; a CPU: several workgroups per thread), at most 1024 per row; `forced` (VKDML_REDUCTION_SEGMENTS)
// instead. Parts are whole 16-byte vectors of any element type (8 elements), so vector walks stay aligned. A scan,
// which walks each part in one invocation, takes parts of at most `longestScan` elements (0: any), forced or not.
PartSplit splitRows(const Plan& plan, bool cpuShapes, uint32_t forced, uint64_t longestScan) {
    if (!splittable(plan)) return {};
    uint64_t s = 1;
    if (forced > 0) {
        s = forced;
    } else {
        const uint64_t wanted = cpuShapes ? 64 : 1024, least = cpuShapes ? 16384 : 8192;
        while (s < 1024 && plan.rows * s < wanted && plan.rowLength / (2 * s) >= least) s *= 2;
    }
    if (plan.kind == Kind::Scan && longestScan)
        s = std::max<uint64_t>(s, (plan.rowLength + longestScan - 8 - 1) / (longestScan - 8));
    const uint64_t length = ((plan.rowLength + s - 1) / s + 7) / 8 * 8;
    const uint64_t segments = (plan.rowLength + length - 1) / length;
    if (segments <= 1 || plan.rows * segments >= (uint64_t(1) << 31)) return {};
    return {static_cast<uint32_t>(segments), length};
}

// Rows whose elements do not fit one binding: parts that do, from `start` (splitRows' choice, forced or not),
// halved until each part fits; parts stay whole 16-byte vectors where the kernel walks by vectors. Fails, saying
// why in `why`, where no such parts exist (a part of one vector still spans more than a binding), where the parts
// would be more than kMaxWindowParts per row or one row's kept statistics more than one binding (the windows then
// bind the statistics of their own rows only).
constexpr uint64_t kMaxWindowParts = kMaxLoopIterations;

bool windowSplit(const Plan& plan, const uint32_t (&elementBits)[kMaxSlots], const ChunkLimits& limits,
                 const PartSplit& start, PartSplit& out, std::string& why) {
    const uint64_t granule =
        inputVectorWidth(plan) || outputVectorWidth(plan) || plan.operandVectorWidth ? 8 : 1;
    if (plan.kind == Kind::Lrn) {  // its windows run along C, H and W: cut along N only (chunkRows)
        why = "vkdml's LOCAL_RESPONSE_NORMALIZATION binds one coordinate of N of each tensor";
        return false;
    }
    PartSplit parts{start.segments, start.segments > 1 ? start.length : plan.rowLength};
    while (!partsFit(plan, elementBits, limits, parts)) {
        if (!splittable(plan)) {
            why = "vkdml does not split this operator's rows";
            return false;
        }
        if (parts.length <= granule) {
            why = "even a part of " + std::to_string(granule) + " of a row's elements spans more than that";
            return false;
        }
        parts.length = ((parts.length + 1) / 2 + granule - 1) / granule * granule;
        parts.segments = static_cast<uint32_t>(std::min<uint64_t>(
            (plan.rowLength + parts.length - 1) / parts.length, kMaxWindowParts + 1));
        if (parts.segments > kMaxWindowParts) {
            why = "vkdml's reduction kernels split a row into at most " + std::to_string(kMaxWindowParts) +
                  " parts of a binding each";
            return false;
        }
    }
    if (parts.segments > 1 && bindingBytes(uint64_t(parts.segments) * 4, 32, limits.alignment) > limits.maxBindingBytes) {
        why = "the statistics of one row's " + std::to_string(parts.segments) + " parts take more than one binding";
        return false;
    }
    out = {parts.segments, parts.segments > 1 ? parts.length : 0};
    return true;
}

}  // namespace

ReductionKernel::ReductionKernel(Device& device, const dml::OperatorInfo& info,
                                 const ops::FusedNeighbours* neighbours)
    : plan_(planReduction(info, neighbours)) {
    const vk::Context& ctx = device.context();
    const auto& limits = ctx.limits();
    name_ = std::string(neighbours && neighbours->prologue ? "fused_" : "") + info.schema->kernel +
            (neighbours && neighbours->epilogue ? "_fused" : "") + "_" + dml::dataTypeName(plan_.types[kInput]);

    const dml::TensorLayout* layouts[kMaxSlots] = {};
    slotLayouts(info, neighbours, layouts);
    uint32_t elementBits[kMaxSlots] = {};
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        if (!plan_.sources[s].present) continue;
        const dml::TensorLayout& layout = *layouts[s];
        totals_[s] = layout.totalBytes;
        elementBits[s] = dml::elementSizeInBits(layout.dataType);
        elementBytes_[s] = std::max<uint32_t>(1, elementBits[s] / 8);
    }
    if (plan_.rows >= (uint64_t(1) << 31))
        fail(E_NOTIMPL, info.name() + ": " + std::to_string(plan_.rows) + " rows; vkdml's reduction kernels count rows "
                            "in 32 bits");

    KernelShape shape;
    const uint32_t largest =
        powerOfTwoAtMost(std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]));
    // Enough invocations per row (or part) that none loops more than kMaxLoopIterations times.
    auto neededFor = [&](uint64_t length) {
        uint32_t needed = 1;
        while (needed < largest && length > uint64_t(needed) * kUnroll * kMaxLoopIterations) needed *= 2;
        return needed;
    };
    uint32_t needed = neededFor(plan_.rowLength);
    // CPU devices run their own shapes (below), unless a test asks for the GPU's.
    const bool cpu = ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    const bool cpuShapes = cpu && !device.options().reductionGpuShapes;
    if (plan_.kind == Kind::Lrn) {
        // One invocation per element walks its whole window (clipped to the tensor): llvmpipe's loop guard bounds it.
        const LrnWindow& w = plan_.lrn;
        const uint64_t window = w.crossChannel ? std::min<uint64_t>(w.localSize, w.sizes[1])
                                               : std::min<uint64_t>(w.localSize, w.sizes[2]) *
                                                     std::min<uint64_t>(w.localSize, w.sizes[3]);
        if (cpu && window > uint64_t(kUnroll) * kMaxLoopIterations)
            fail(E_NOTIMPL, info.name() + ": a window of " + std::to_string(window) + " elements; on " +
                                ctx.caps().properties.deviceName + " vkdml's LOCAL_RESPONSE_NORMALIZATION sums at most " +
                                std::to_string(uint64_t(kUnroll) * kMaxLoopIterations) + " per element");
    }
    if (plan_.kind == Kind::Scan) needed = 1;  // a scan runs its row in order, in one invocation
    const uint32_t share = device.options().reductionRowShare ? device.options().reductionRowShare
                                                              : gpuRowShare(plan_.kind, plan_.rowLength);
    const uint32_t subgroup = ctx.caps().subgroupSize;
    const bool foldsBySubgroups =
        device.options().reductionSubgroupFolds && ctx.caps().subgroupShuffles && (subgroup & (subgroup - 1)) == 0;
    // The invocations per row of `length` elements, and the workgroup size that goes with them.
    auto shapeFor = [&](KernelShape& s, uint64_t length, uint32_t minimumShare) {
        const uint32_t least = plan_.kind == Kind::Scan ? 1 : neededFor(length);
        if (cpuShapes) {
            // A CPU runs a workgroup's invocations as one thread's SIMD lanes, and every barrier switches between
            // its lane groups: as few invocations per row as the loop limit allows, workgroups of one SIMD width
            // (so that the threads share even a few rows).
            s.threadsPerRow = least;
            s.workgroupSize =
                std::min(largest, std::max(least, powerOfTwoAtMost(std::max(ctx.caps().subgroupSize, 4u))));
        } else {
            s.workgroupSize = std::min<uint32_t>(256, largest);
            s.threadsPerRow = plan_.kind == Kind::Scan
                                  ? 1
                                  : std::max(least, threadsPerRowFor(length, s.workgroupSize, minimumShare));
        }
        s.subgroupSize = foldsBySubgroups && s.workgroupSize % subgroup == 0 ? subgroup : 0;
        s.keptRows = device.options().reductionKeptRows;
    };
    shapeFor(shape, plan_.rowLength, share);
    shape.nativeHalf = ctx.caps().nativeHalf;
    shape.exactDivSqrt = ctx.caps().exactDivSqrt;
    shape.fusedFma = ctx.caps().fusedFma;
    shape.emulatedFma = ctx.caps().emulatedFma;

    const uint32_t rowsPerGroup = shape.workgroupSize / shape.threadsPerRow;
    const uint64_t maxX = std::min<uint32_t>(limits.maxComputeWorkGroupCount[0], 65535);
    ChunkLimits chunkLimits;
    chunkLimits.maxBindingBytes = device.maxBindingBytes();
    chunkLimits.alignment = ops::partAlignment(ctx);
    chunkLimits.maxRows = maxX * limits.maxComputeWorkGroupCount[1] * rowsPerGroup;
    std::string whyNot;
    const std::vector<RowChunk> chunks = chunkRows(plan_, elementBits, chunkLimits, whyNot);
    const uint32_t forced = device.options().reductionSegments;
    // Split rows: few long rows where every tensor fits one binding; rows whose elements do not fit one (or too
    // many rows along one coordinate for a grid) in parts that fit, dispatched by windows (row_windows.h).
    // A scan walks each part in one invocation: on a CPU, llvmpipe's loop limit bounds the parts.
    const uint64_t longestScan = cpu ? uint64_t(kUnroll) * kMaxLoopIterations : 0;
    PartSplit split = chunks.size() == 1 ? splitRows(plan_, cpuShapes, forced, longestScan) : PartSplit{};
    // A scan too long for one invocation over a tensor of several runs of rows: by windows of parts too.
    const bool longScan = plan_.kind == Kind::Scan && longestScan && plan_.rowLength > longestScan;
    const bool windowed = chunks.empty() || (chunks.size() > 1 && longScan);
    if (windowed) {
        if (whyNot.empty()) whyNot = "rows of " + std::to_string(plan_.rowLength) + " elements in several runs";
        std::string why;
        if (!windowSplit(plan_, elementBits, chunkLimits, splitRows(plan_, cpuShapes, forced, longestScan), split, why))
            fail(E_NOTIMPL, info.name() + ": " + whyNot + "; " + ctx.caps().properties.deviceName + " binds at most " +
                                std::to_string(chunkLimits.maxBindingBytes) + " bytes, and " + why);
    }
    const uint64_t walked = split.segments > 1 ? split.length : plan_.rowLength;
    const uint64_t walkers = plan_.kind == Kind::Scan ? 1 : split.segments > 1 ? neededFor(walked) : needed;
    if (cpu && walked > walkers * kUnroll * kMaxLoopIterations)
        fail(E_NOTIMPL, info.name() + ": rows of " + std::to_string(plan_.rowLength) + " elements" +
                            (split.segments > 1 ? " in parts of " + std::to_string(walked) : std::string()) +
                            "; vkdml's reduction kernels walk at most " +
                            std::to_string(walkers * kUnroll * kMaxLoopIterations) + " elements of a row on " +
                            ctx.caps().properties.deviceName);
    auto grid = [&](Dispatch& d, uint64_t rowSlots, uint32_t perGroup) {
        const uint64_t blocks = (rowSlots + perGroup - 1) / perGroup;
        d.groupsX = static_cast<uint32_t>(std::min<uint64_t>(blocks, maxX));
        d.groupsY = static_cast<uint32_t>((blocks + d.groupsX - 1) / d.groupsX);
    };

    // Dispatches over `units` (parts, or rows) of a kernel of shape s: the one chunk where everything fits,
    // else windows.
    std::vector<size_t> pipelineOf;
    auto dispatchUnits = [&](const KernelShape& s, bool perRow, uint64_t units) {
        const uint32_t perGroup = s.workgroupSize / s.threadsPerRow;
        std::vector<RowChunk> runs;
        if (windowed) {
            ChunkLimits l = chunkLimits;
            l.maxRows = maxX * limits.maxComputeWorkGroupCount[1] * perGroup;
            runs = partWindows(plan_, elementBits, l, split, perRow);
        } else {
            runs = {chunks[0]};
            runs[0].firstRow = 0;
            runs[0].rowEnd = units;
            runs[0].firstScratch = 0;
            runs[0].endScratch = plan_.rows * split.segments * 4;
        }
        for (const RowChunk& run : runs) {
            Dispatch d;
            d.rows = run;
            d.rowEnd = static_cast<uint32_t>(run.rowEnd);
            grid(d, run.rowEnd - run.firstRow, perGroup);
            dispatches_.push_back(d);
            pipelineOf.push_back(pipelines_.size() - 1);
        }
    };
    if (split.segments > 1) {
        segments_ = split.segments;
        scratchBytes_ = plan_.rows * split.segments * 16;
        const uint32_t phases = rowPhases(plan_);
        pipelines_.reserve(phases);
        for (uint32_t p = 0; p < phases; ++p) {
            KernelShape s = shape;
            s.segments = split.segments;
            s.segmentLength = split.length;
            s.phase = p;
            const bool perRow = lastPhasePerRow(plan_) && p + 1 == phases;
            if (perRow) shapeFor(s, split.segments, 1);
            else shapeFor(s, split.length, share);
            pipelines_.push_back(pipeline(device, s));
            dispatchUnits(s, perRow, perRow ? plan_.rows : plan_.rows * split.segments);
        }
        for (size_t i = 0; i < dispatches_.size(); ++i) dispatches_[i].pipeline = &pipelines_[pipelineOf[i]];
        return;
    }
    pipelines_.push_back(pipeline(device, shape));
    if (windowed) {
        dispatchUnits(shape, true, plan_.rows);
        for (Dispatch& d : dispatches_) d.pipeline = &pipelines_[0];
        return;
    }
    for (const RowChunk& chunk : chunks) {
        Dispatch d;
        d.pipeline = &pipelines_[0];
        d.rows = chunk;
        d.rowEnd = static_cast<uint32_t>(chunk.rowEnd);
        grid(d, chunk.rowEnd - chunk.firstRow, rowsPerGroup);
        dispatches_.push_back(d);
    }
}

vk::PipelineRef ReductionKernel::pipeline(Device& device, const KernelShape& shape) const {
    uint32_t buffers = shape.segments > 1 ? 1 : 0;  // the scratch buffer
    for (uint32_t s = 0; s < kMaxSlots; ++s) buffers += plan_.present(Slot(s)) ? 1 : 0;
    vk::KernelSource source;
    source.key = plan_.hash() ^ (uint64_t(shape.threadsPerRow) << 48) ^ (uint64_t(shape.nativeHalf) << 60) ^
                 (uint64_t(shape.exactDivSqrt) << 61) ^ (uint64_t(shape.fusedFma) << 59) ^
                 (uint64_t(shape.emulatedFma) << 58) ^ (uint64_t(shape.segments) * 0x9e3779b97f4a7c15ull) ^
                 (shape.segmentLength * 0xc2b2ae3d27d4eb4full) ^ (uint64_t(shape.phase) << 40) ^
                 (uint64_t(shape.subgroupSize) * 0x165667b19e3779f9ull) ^ (uint64_t(shape.keptRows) << 57);
    source.name = name_;
    source.layout = {buffers, sizeof(PushConstants)};
    source.workgroupSize = shape.workgroupSize;
    const Plan& plan = plan_;
    source.glsl = [&plan, shape] {
        return plan.kind == Kind::Lrn ? generateLrnGlsl(plan, shape) : generateReductionGlsl(plan, shape);
    };
    source.describe = [&plan] { return "reduction: " + plan.describe(); };
    return device.pipelines().get(source);
}

void ReductionKernel::record(vk::Recording& recording, const ops::KernelBuffers& buffers) const {
    const BoundBuffer* bound[kMaxSlots] = {};
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        const SlotSource& source = plan_.sources[s];
        if (source.present) bound[s] = source.output ? buffers.outputs[source.index] : buffers.inputs[source.index];
    }
    for (const Dispatch& d : dispatches_) {
        vk::BoundBuffer ranges[kMaxSlots + 1];
        PushConstants constants;
        constants.firstRow = static_cast<uint32_t>(d.rows.firstRow);
        constants.rowEnd = d.rowEnd;
        uint32_t count = 0;
        for (uint32_t s = 0; s < kMaxSlots; ++s)
            if (plan_.present(Slot(s)))
                ranges[count++] = ops::tensorPartRange(recording.context(), *bound[s], totals_[s], elementBytes_[s],
                                                       d.rows.firstElement[s], d.rows.endElement[s],
                                                       plan_.written(Slot(s)), constants.base[s]);
        if (scratchBytes_ > 0)
            ranges[count++] = ops::tensorPartRange(recording.context(), buffers.temporary, scratchBytes_, 4,
                                                   d.rows.firstScratch, d.rows.endScratch, true, constants.scratchBase);
        vk::DispatchCommand command;
        command.pipeline = d.pipeline;
        command.bindings = ranges;
        command.bindingCount = count;
        command.pushConstants = &constants;
        command.pushConstantBytes = sizeof(constants);
        command.groupCountX = d.groupsX;
        command.groupCountY = d.groupsY;
        recording.dispatch(command);
    }
}

}  // namespace vkdml::reduce
