#include "ops/reduce/kernel.h"

#include <algorithm>
#include <cassert>

#include "core/buffer.h"
#include "core/device.h"
#include "core/error.h"
#include "ops/reduce/generator.h"

namespace vkdml::reduce {

namespace {

uint32_t powerOfTwoAtMost(uint32_t v) {
    uint32_t p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
}

}  // namespace

ReductionKernel::ReductionKernel(Device& device, const dml::OperatorInfo& info) : plan_(planReduction(info)) {
    const vk::Context& ctx = device.context();
    const auto& limits = ctx.limits();
    name_ = std::string(info.schema->kernel) + "_" + dml::dataTypeName(plan_.types[kInput]);

    // Every tensor is bound whole: its range must fit one binding, and element indices fit 32 bits.
    uint64_t maxRange = std::min<uint64_t>(limits.maxStorageBufferRange, 0xFFFFFFF0ull);
    if (uint64_t forced = device.options().maxBindingBytes) maxRange = std::min(maxRange, forced);
    const uint64_t alignment = std::max<uint64_t>(limits.minStorageBufferOffsetAlignment, 4);
    const dml::TensorLayout* layouts[kMaxSlots] = {&info.inputs[0], &info.outputs[0], nullptr, nullptr};
    if (plan_.kind == Kind::Normalize) layouts[kScale] = info.slotInput(1), layouts[kBias] = info.slotInput(2);
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        if (!layouts[s]) continue;
        totals_[s] = layouts[s]->totalBytes;
        elementBytes_[s] = std::max<uint32_t>(1, dml::elementSizeInBits(layouts[s]->dataType) / 8);
        if (totals_[s] + alignment > maxRange)
            fail(E_NOTIMPL, info.name() + ": a " + std::to_string(totals_[s]) + "-byte tensor; vkdml's reductions bind "
                                "each tensor whole and " + ctx.caps().properties.deviceName + " binds at most " +
                                std::to_string(maxRange) + " bytes");
    }

    KernelShape shape;
    const uint32_t largest =
        powerOfTwoAtMost(std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]));
    // Enough invocations per row that none loops more than kMaxLoopIterations times.
    uint32_t needed = 1;
    while (needed < largest && plan_.rowLength > uint64_t(needed) * kUnroll * kMaxLoopIterations) needed *= 2;
    // CPU devices run their own shapes (below), unless a test asks for the GPU's.
    const bool cpu = ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    const bool cpuShapes = cpu && !device.options().reductionGpuShapes;
    if (plan_.kind == Kind::Scan && needed > 1 && cpu)
        fail(E_NOTIMPL, info.name() + ": a scan along " + std::to_string(plan_.rowLength) + " elements; on " +
                            ctx.caps().properties.deviceName + " vkdml scans rows of at most " +
                            std::to_string(uint64_t(kUnroll) * kMaxLoopIterations) + " elements");
    if (plan_.kind == Kind::Scan) needed = 1;  // a scan runs its row in order, in one invocation
    if (plan_.rowLength > uint64_t(needed) * kUnroll * kMaxLoopIterations && cpu)
        fail(E_NOTIMPL, info.name() + ": rows of " + std::to_string(plan_.rowLength) + " elements; vkdml's reduction "
                            "kernels run rows of at most " + std::to_string(uint64_t(needed) * kUnroll * kMaxLoopIterations) +
                            " on " + ctx.caps().properties.deviceName);
    if (cpuShapes) {
        // A CPU runs a workgroup's invocations as one thread's SIMD lanes, and every barrier switches between its
        // lane groups: as few invocations per row as the loop limit allows, workgroups of one SIMD width (so that
        // the threads share even a few rows).
        shape.threadsPerRow = needed;
        shape.workgroupSize = std::min(largest, std::max(needed, powerOfTwoAtMost(std::max(ctx.caps().subgroupSize, 4u))));
    } else {
        shape.workgroupSize = std::min<uint32_t>(256, largest);
        shape.threadsPerRow =
            plan_.kind == Kind::Scan ? 1 : std::max(needed, threadsPerRowFor(plan_.rowLength, shape.workgroupSize));
    }
    shape.nativeHalf = ctx.caps().nativeHalf;
    shape.exactDivSqrt = ctx.caps().exactDivSqrt;

    const uint32_t rowsPerGroup = shape.workgroupSize / shape.threadsPerRow;
    const uint64_t blocks = (plan_.rows + rowsPerGroup - 1) / rowsPerGroup;
    const uint64_t maxX = std::min<uint32_t>(limits.maxComputeWorkGroupCount[0], 65535);
    groupsX_ = static_cast<uint32_t>(std::min<uint64_t>(blocks, maxX));
    groupsY_ = static_cast<uint32_t>((blocks + groupsX_ - 1) / groupsX_);
    if (groupsY_ > limits.maxComputeWorkGroupCount[1])
        fail(E_NOTIMPL, info.name() + ": " + std::to_string(plan_.rows) + " rows need " + std::to_string(blocks) +
                            " workgroups, more than " + ctx.caps().properties.deviceName + "'s grid holds");

    uint32_t buffers = 0;
    for (uint32_t s = 0; s < kMaxSlots; ++s) buffers += plan_.present(Slot(s)) ? 1 : 0;
    vk::KernelSource source;
    source.key = plan_.hash() ^ (uint64_t(shape.threadsPerRow) << 48) ^ (uint64_t(shape.nativeHalf) << 60) ^
                 (uint64_t(shape.exactDivSqrt) << 61);
    source.name = name_;
    source.layout = {buffers, 4 * sizeof(uint32_t)};
    source.workgroupSize = shape.workgroupSize;
    const Plan& plan = plan_;
    source.glsl = [&plan, shape] { return generateReductionGlsl(plan, shape); };
    source.describe = [&plan] { return "reduction: " + plan.describe(); };
    pipeline_ = device.pipelines().get(source);
}

void ReductionKernel::record(vk::Recording& recording, const ops::KernelBuffers& buffers) const {
    const vk::Context& ctx = recording.context();
    const uint64_t alignment = std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 4);
    const BoundBuffer* bound[kMaxSlots] = {buffers.inputs[0], buffers.outputs[0], nullptr, nullptr};
    size_t next = 1;
    for (uint32_t s = kScale; s <= kBias; ++s)
        if (plan_.present(Slot(s))) bound[s] = buffers.inputs[next++];

    vk::BoundBuffer ranges[kMaxSlots];
    uint32_t bases[kMaxSlots] = {};
    uint32_t count = 0;
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        if (!plan_.present(Slot(s))) continue;
        const BoundBuffer& b = *bound[s];
        // The binding table proved the tensor inside its buffer; DMLCalcBufferTensorSize is whole words.
        assert(b.offset % 16 == 0 && b.offset + totals_[s] <= b.buffer->size());
        const uint64_t aligned = b.offset - b.offset % alignment;
        const uint64_t end = b.offset + (totals_[s] & ~uint64_t(3));  // covers every element's word
        ranges[count].range = {b.buffer->handle(), aligned, end - aligned};
        ranges[count].written = s == kOutput;
        bases[s] = static_cast<uint32_t>((b.offset - aligned) / elementBytes_[s]);
        ++count;
    }
    vk::DispatchCommand command;
    command.pipeline = &pipeline_;
    command.bindings = ranges;
    command.bindingCount = count;
    command.pushConstants = bases;
    command.pushConstantBytes = sizeof(bases);
    command.groupCountX = groupsX_;
    command.groupCountY = groupsY_;
    recording.dispatch(command);
}

}  // namespace vkdml::reduce
