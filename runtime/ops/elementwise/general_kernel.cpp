#include "ops/elementwise/general_kernel.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "core/buffer.h"
#include "core/device.h"
#include "core/error.h"
#include "ops/elementwise/chunk_dispatch.h"
#include "ops/elementwise/pipelines.h"
#include "ops/elementwise/kernel_params.h"
#include "kernel/general_generator.h"

namespace vkdml::elementwise {

namespace {

constexpr uint64_t kSplitElements = 65536;

using kernel::Access;
using kernel::Walk;

// Packed: the tensor's strides are the plan's packed strides (index = base + flat index); broadcast: all zero.
Access accessOf(const ElementwisePlan& plan, uint32_t t) {
    bool packed = true, broadcast = true;
    uint64_t packedStride = 1;
    for (uint32_t d = 0; d < plan.rank; ++d) {
        packed = packed && plan.strides[t][d] == packedStride;
        broadcast = broadcast && plan.strides[t][d] == 0;
        packedStride *= plan.sizes[d];
    }
    return broadcast ? Access::Broadcast : packed ? Access::Packed : Access::Strided;
}

// A strided tensor whose every quad of the quads walk lies on one vector: inner stride 1, the others multiples of 4
// (the base is checked per chunk, mainVariantFits).
bool readableByRows(const ElementwisePlan& plan, uint32_t t) {
    if (plan.strides[t][0] != 1) return false;
    for (uint32_t d = 1; d < plan.rank; ++d)
        if (plan.strides[t][d] % 4 != 0) return false;
    return true;
}

// A dimension some tensor is contiguous along instead of the output's innermost one (its smallest stride, a
// transposed or permuted tensor, or the output permuted against its inputs), else 0.
uint32_t tileDimension(const ElementwisePlan& plan) {
    for (uint32_t t = 0; t < plan.tensorCount; ++t) {
        if (plan.strides[t][0] == 0) continue;  // broadcast along the rows: read once per row anyway
        uint32_t best = 0;
        for (uint32_t d = 1; d < plan.rank; ++d)
            if (plan.strides[t][d] != 0 && plan.strides[t][d] < plan.strides[t][best]) best = d;
        if (best != 0) return best;
    }
    return 0;
}

// Dimension `d` becomes dimension 1, the ones between move out by one (Walk::Tiles walks dimensions 0 and 1).
void moveToSecond(ElementwisePlan& plan, uint32_t d) {
    std::rotate(plan.sizes + 1, plan.sizes + d, plan.sizes + d + 1);
    for (uint32_t t = 0; t < plan.tensorCount; ++t)
        std::rotate(plan.strides[t] + 1, plan.strides[t] + d, plan.strides[t] + d + 1);
}

// A tensor the tile quads walk reads as 4 x 4 blocks: stride 1 along dimension 1 (a multiple of 4), the others
// multiples of 4 (the base is checked per chunk), 8- to 32-bit elements.
bool readableByColumns(const ElementwisePlan& plan, uint32_t t) {
    if (plan.strides[t][1] != 1 || plan.sizes[1] % 4 != 0) return false;
    if (plan.tensorBits[t] < 8 || plan.tensorBits[t] > 32) return false;
    for (uint32_t d = 0; d < plan.rank; ++d)
        if (d != 1 && plan.strides[t][d] % 4 != 0) return false;
    return true;
}

}  // namespace

GeneralKernel::GeneralKernel(Device& device, const std::vector<dml::TensorLayout>& tensors,
                             kernel::ElementwiseProgram program, std::vector<uint32_t> attributes)
    : attributes_(std::move(attributes)), outputCount_(static_cast<uint32_t>(program.outputs.size())) {
    const vk::Context& ctx = device.context();
    const uint32_t tensorCount = static_cast<uint32_t>(tensors.size());
    if (tensorCount > bindingLimit(device))
        fail(E_NOTIMPL, program.label + ": " + std::to_string(tensorCount) + " tensors, but " +
                            ctx.caps().properties.deviceName + " lets a kernel bind " +
                            std::to_string(bindingLimit(device)) + " storage buffers");
    plan_ = planElementwise(tensors);
    for (const dml::TensorLayout& t : tensors) totals_.push_back(t.totalBytes);

    program.access.resize(tensorCount);
    bool anyStrided = false;
    for (uint32_t t = 0; t < tensorCount; ++t) {
        program.access[t] = accessOf(plan_, t);
        anyStrided = anyStrided || program.access[t] == Access::Strided;
    }
    // Only packed and broadcast tensors: one flat run of quads. Otherwise quads along the innermost dimension
    // when it allows them (strided tensors whose quads are whole vectors read by rows), else single elements.
    program.walk = !anyStrided ? Walk::Linear : plan_.sizes[0] % 4 == 0 ? Walk::Quads : Walk::Elements;
    // Tensors that disagree on the innermost dimension: tiles, where the push constants hold two dimensions.
    if (const uint32_t tileDim = anyStrided ? tileDimension(plan_) : 0) {
        kernel::ElementwiseProgram tiles = program;
        tiles.walk = plan_.sizes[0] % 4 == 0 ? Walk::TileQuads : Walk::Tiles;
        for (Access& a : tiles.access)
            if (a != Access::Broadcast) a = Access::Strided;
        if (kernel::generalParamsLayout(tiles).maxRank >= 2) {
            moveToSecond(plan_, tileDim);
            program = std::move(tiles);
        }
    }
    if (program.walk == Walk::Quads || program.walk == Walk::TileQuads)
        for (uint32_t t = 0; t < tensorCount; ++t)
            if (program.access[t] == Access::Strided && readableByRows(plan_, t)) program.access[t] = Access::Rows;
    if (program.walk == Walk::TileQuads)
        for (uint32_t t = outputCount_; t < tensorCount; ++t)
            if (program.access[t] == Access::Strided && readableByColumns(plan_, t)) program.access[t] = Access::Columns;
    main_.program = program;
    main_.program.wideWords = program.wideWords && kernel::movesAnyVectors(main_.program);
    main_.layout = kernel::generalParamsLayout(main_.program);
    fallback_.program = program;
    fallback_.program.walk = Walk::Elements;
    fallback_.program.wideWords = false;  // one element at a time: no vectors
    for (Access& a : fallback_.program.access)
        if (a == Access::Packed || a == Access::Rows || a == Access::Columns) a = Access::Strided;
    fallback_.layout = kernel::generalParamsLayout(fallback_.program);
    if (main_.layout.maxRank == 0 || fallback_.layout.maxRank == 0)
        fail(E_NOTIMPL, program.label + ": too many tensors for one kernel's push constants");

    ChunkLimits limits = deviceChunkLimits(device);
    limits.maxRank = std::min(main_.layout.maxRank, fallback_.layout.maxRank);
    const bool linear = main_.program.walk == Walk::Linear;
    if (linear) {
        // One invocation per quad: the grid must hold them all.
        plan_.contiguous = true;
        limits.maxElements = std::min(limits.maxElements, flatGridElements(device, 4, 1));
    }
    chunks_ = splitIntoChunks(plan_, limits);
    // Every chunk of a non-linear walk has this rank (outer dimensions beyond it are fixed per chunk).
    if (!linear) main_.program.rank = fallback_.program.rank = std::min(plan_.rank, limits.maxRank);
    if (linear)
        for (Chunk& c : chunks_)
            for (uint32_t t = 0; t < tensorCount; ++t)
                if (main_.program.access[t] == Access::Broadcast) c.firstElement[t] = 0, c.spanElements[t] = 1;

    // CPU devices run every branch under an execution mask, so large linear walks get whole quads and the tail as
    // two kernels; small ones are not worth a second pipeline.
    const bool split = ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU &&
                       plan_.elementCount >= kSplitElements;
    compile(device, main_, split);
    bool needFallback = false;
    for (const Chunk& c : chunks_) {
        useFallback_.push_back(!mainVariantFits(c));
        needFallback = needFallback || useFallback_.back();
    }
    if (needFallback) compile(device, fallback_, false);
    name_ = main_.program.name();
    requireChunksInside(chunks_, tensorCount, plan_.tensorBits, totals_.data(), program.label);
    requireGridFits(ctx);
}

// Invocations a dispatch of `count` elements of `chunk` runs.
uint64_t GeneralKernel::invocations(const Variant& variant, const Chunk& chunk, uint64_t count) const {
    const Walk walk = variant.program.walk;
    const uint64_t tileRows = kernel::kTileRows, tileBlocks = (chunk.sizes[1] + tileRows - 1) / tileRows;
    return walk == Walk::Linear      ? (count + 3) / 4
           : walk == Walk::Quads     ? count / 4
           : walk == Walk::Tiles     ? count / chunk.sizes[1] * tileBlocks
           : walk == Walk::TileQuads ? count / chunk.sizes[1] / 4 * tileBlocks
                                     : count;
}

// Every chunk's dispatch fits the device's grid (the tail of a split one runs fewer invocations).
void GeneralKernel::requireGridFits(const vk::Context& ctx) const {
    const uint64_t groupsPerRow = std::min<uint64_t>(ctx.limits().maxComputeWorkGroupCount[0], 65535);
    for (size_t i = 0; i < chunks_.size(); ++i) {
        const Variant& variant = useFallback_[i] ? fallback_ : main_;
        const uint64_t items = invocations(variant, chunks_[i], chunks_[i].count);
        const uint64_t groups = (items + variant.pipeline->workgroupSize - 1) / variant.pipeline->workgroupSize;
        const bool fits = variant.program.walk == Walk::Linear
                              ? groups <= ctx.limits().maxComputeWorkGroupCount[0]
                              : (groups + groupsPerRow - 1) / groupsPerRow <= ctx.limits().maxComputeWorkGroupCount[1];
        if (!fits)
            fail(E_FAIL, "internal: " + std::to_string(items) + " invocations exceed the grid (" + name_ + ")");
    }
}

void GeneralKernel::compile(Device& device, Variant& variant, bool split) {
    if (variant.program.walk == Walk::Linear && split) {
        // Only the pipelines some chunk runs: whole quads, the tail.
        bool quads = false, tail = false;
        for (const Chunk& c : chunks_) {
            quads = quads || c.count >= 4;
            tail = tail || c.count % 4 != 0;
        }
        variant.pipeline = pipelineFor(device, variant.program, quads ? 1 : 0);
        if (quads && tail) variant.tailPipeline = pipelineFor(device, variant.program, 2);
    } else {
        variant.pipeline = pipelineFor(device, variant.program);
    }
}

// A chunk the main kernel can walk: packed tensors see whole inner dimensions (index = base + flat index) and, for
// quads, start on a quad in every packed tensor.
bool GeneralKernel::mainVariantFits(const Chunk& chunk) const {
    if (main_.program.walk == Walk::Linear) return true;
    const bool quads = main_.program.walk == Walk::Quads || main_.program.walk == Walk::TileQuads;
    if (quads && chunk.sizes[0] % 4 != 0) return false;
    for (uint32_t t = 0; t < plan_.tensorCount; ++t) {
        if (main_.program.access[t] == Access::Rows && chunk.firstElement[t] % 4 != 0) return false;
        if (main_.program.access[t] == Access::Columns && (chunk.firstElement[t] % 4 != 0 || chunk.sizes[1] % 4 != 0))
            return false;
        if (main_.program.access[t] != Access::Packed) continue;
        if (quads && chunk.firstElement[t] % 4 != 0) return false;
        for (uint32_t d = 0; d + 1 < chunk.rank; ++d)
            if (chunk.sizes[d] != plan_.sizes[d]) return false;
    }
    return true;
}

void GeneralKernel::record(vk::Recording& recording, const ops::KernelBuffers& buffers) const {
    std::vector<const BoundBuffer*> bound = buffers.outputs;
    bound.insert(bound.end(), buffers.inputs.begin(), buffers.inputs.end());
    record(recording, bound.data());
}

void GeneralKernel::record(vk::Recording& recording, const BoundBuffer* const* bound) const {
    const vk::Context& ctx = recording.context();
    const uint64_t alignment = bindingAlignment(ctx);
    const uint64_t groupsPerRow = std::min<uint64_t>(ctx.limits().maxComputeWorkGroupCount[0], 65535);
    const uint32_t tensorCount = plan_.tensorCount;

    // One dispatch of `count` elements of `chunk`, starting `skip` elements in (the linear walk's tail).
    auto dispatch = [&](const Chunk& chunk, const Variant& variant, const vk::PipelineRef& pipeline, uint64_t skip,
                        uint64_t count) {
        const kernel::GeneralParamsLayout& layout = variant.layout;
        uint32_t words[kernel::kGeneralParamWords] = {};
        vk::BoundBuffer ranges[kMaxBindings];
        for (uint32_t t = 0; t < tensorCount; ++t) {
            const uint32_t bits = plan_.tensorBits[t];
            const bool broadcast = variant.program.access[t] == Access::Broadcast;
            const uint64_t first = chunk.firstElement[t] + (broadcast ? 0 : skip);
            const uint64_t span = broadcast || (skip == 0 && count == chunk.count) ? chunk.spanElements[t] : count;
            const ChunkBinding b = bindChunk(*bound[t], first, span, bits, bits, totals_[t], alignment, t < outputCount_);
            ranges[t] = b.binding;
            words[layout.bases + t] = b.base;
        }
        words[kernel::GeneralParamsLayout::kCount] = static_cast<uint32_t>(count);
        words[kernel::GeneralParamsLayout::kRank] = chunk.rank;
        for (uint32_t a = 0; a < attributes_.size(); ++a) words[layout.attributes + a] = attributes_[a];
        if (variant.program.walk != Walk::Linear) {
            for (uint32_t d = 0; d < chunk.rank; ++d) {
                words[layout.sizes + d] = chunk.sizes[d];
                if (d + 1 >= chunk.rank) continue;
                uint32_t magic, shift;
                divisionMagic(chunk.sizes[d], magic, shift);
                words[layout.magics + d] = magic;
                words[kernel::GeneralParamsLayout::kShifts] |= shift << (5 * d);
            }
            for (uint32_t t = 0; t < tensorCount; ++t)
                if (layout.strides[t] >= 0)
                    for (uint32_t d = 0; d < chunk.rank; ++d)
                        words[layout.strides[t] + d] = static_cast<uint32_t>(plan_.strides[t][d]);
        }
        const uint64_t items = invocations(variant, chunk, count);
        const uint64_t groups = std::max<uint64_t>(1, (items + pipeline->workgroupSize - 1) / pipeline->workgroupSize);
        vk::DispatchCommand command;
        command.pipeline = &pipeline;
        command.bindings = ranges;
        command.bindingCount = tensorCount;
        command.pushConstants = words;
        command.pushConstantBytes = sizeof(words);
        if (variant.program.walk == Walk::Linear) {
            command.groupCountX = static_cast<uint32_t>(groups);
        } else {  // one item per invocation, rows of groups
            command.groupCountX = static_cast<uint32_t>(std::min(groupsPerRow, groups));
            command.groupCountY = static_cast<uint32_t>((groups + command.groupCountX - 1) / command.groupCountX);
            assert(command.groupCountY <= ctx.limits().maxComputeWorkGroupCount[1]);  // requireGridFits
        }
        recording.dispatch(command);
    };

    for (size_t i = 0; i < chunks_.size(); ++i) {
        const Chunk& chunk = chunks_[i];
        const Variant& variant = useFallback_[i] ? fallback_ : main_;
        forEachPart(chunk.count, 4, variant.tailPipeline != nullptr, [&](uint64_t skip, uint64_t count, bool tail) {
            dispatch(chunk, variant, tail ? variant.tailPipeline : variant.pipeline, skip, count);
        });
    }
}

}  // namespace vkdml::elementwise
