#include "core/dispatchable.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/kernel_params.h"
#include "core/raw_value.h"
#include "core/general_kernel.h"
#include "dml/elementwise_lowering.h"
#include "dml/general_lowering.h"

namespace vkdml {

namespace {

std::string slotName(const char* what, UINT index, const char* name) {
    return std::string(what) + "[" + std::to_string(index) + "] (" + name + ")";
}

bool rangesOverlap(const BoundBuffer& a, uint64_t aSize, const BoundBuffer& b, uint64_t bSize) {
    return a.buffer == b.buffer && a.offset < b.offset + bSize && b.offset < a.offset + aSize;
}

uint64_t envBytes(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? std::strtoull(value, nullptr, 10) : 0;
}

}  // namespace

BoundBuffer readBufferBinding(Device& device, const DML_BUFFER_BINDING& binding, uint64_t alignment,
                              const std::string& where) {
    BoundBuffer bound;
    if (!binding.Buffer) return bound;
    auto* object = reinterpret_cast<Object*>(binding.Buffer);
    require(object->alive() && object->kind() == ObjectKind::Buffer, where + ".Buffer is not a live VkdmlBuffer");
    auto* buffer = static_cast<Buffer*>(object);
    require(&buffer->owningDevice() == &device, where + ".Buffer belongs to another device");
    require(buffer->heapType() == VKDML_HEAP_TYPE_DEFAULT,
            where + ".Buffer is in an " + (buffer->heapType() == VKDML_HEAP_TYPE_UPLOAD ? "UPLOAD" : "READBACK") +
                " heap; DirectML requires bound buffers in the DEFAULT heap");
    require(binding.Offset % alignment == 0,
            where + ".Offset = " + std::to_string(binding.Offset) + " is not a multiple of " + std::to_string(alignment));
    require(binding.Offset <= buffer->size() && binding.SizeInBytes <= buffer->size() - binding.Offset,
            where + ": Offset " + std::to_string(binding.Offset) + " + SizeInBytes " +
                std::to_string(binding.SizeInBytes) + " exceeds the buffer's " + std::to_string(buffer->size()) +
                " bytes");
    bound.buffer = buffer;
    bound.offset = binding.Offset;
    bound.size = binding.SizeInBytes;
    return bound;
}

namespace {
// Every tensor's innermost dimension contiguous and a whole number of 16-byte vectors, every other stride too.
bool rowsAreVectors(const dml::ElementwisePlan& plan) {
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

// --- CompiledOperator --------------------------------------------------------------------------------------------

// ALLOW_HALF_PRECISION_COMPUTATION permits fp16 arithmetic but does not require it: vkdml computes fp16 tensors in
// fp32 either way (within 1 ULP). DISABLE_META_COMMANDS has nothing to disable. DESCRIPTORS_VOLATILE is accepted,
// but bindings are still read when the dispatch is recorded (they must be complete by then).
dml::KernelTarget kernelTargetOf(const Device& device) {
    const vk::Context& context = const_cast<Device&>(device).context();
    dml::KernelTarget target;
    target.deviceName = context.caps().properties.deviceName;
    target.float64Math = context.caps().float64Math;
    target.int64 = context.caps().int64;
    target.float64 = context.caps().float64;
    target.storage16 = context.caps().storage16Bit;
    target.exactDivSqrt = context.caps().exactDivSqrt;
    target.nativeHalf = context.caps().nativeHalf;
    target.wideWords = context.caps().wideWords;
    return target;
}

CompiledOperator::CompiledOperator(Device& device, Operator& op, DML_EXECUTION_FLAGS)
    : CompiledDispatchable(device), op_(&op) {
    const dml::OperatorInfo& info = op.info();
    std::vector<dml::TensorLayout> tensors = info.outputs;
    tensors.insert(tensors.end(), info.inputs.begin(), info.inputs.end());
    const dml::KernelTarget target = kernelTargetOf(device);
    plan_ = dml::planElementwise(tensors);
    // Activations on strided layouts run as general kernels too (vectors along rows, any broadcast, no loop), unless
    // VKDML_ACTIVATION_OWN_KERNELS=1 keeps their own strided and rows kernels (benchmarks, tests).
    const bool general = dml::isGeneralOperator(info.schema->type) ||
                         (!plan_.contiguous && !vk::envFlag("VKDML_ACTIVATION_OWN_KERNELS"));
    if (std::optional<dml::GeneralLowering> lowered = general ? dml::lowerAsGeneral(info, target) : std::nullopt) {
        general_ = std::make_unique<GeneralKernel>(device, tensors, std::move(lowered->program),
                                                   std::move(lowered->attributes));
        shaderName_ = general_->name();
        return;
    }
    const DML_TENSOR_DATA_TYPE dataType = info.inputs[0].dataType;
    const bool float32or16 = dataType == DML_TENSOR_DATA_TYPE_FLOAT32 || dataType == DML_TENSOR_DATA_TYPE_FLOAT16;
    // Two-input kernels and the 64-bit copies come in the strided form only.
    if (plan_.tensorCount > 2 || plan_.elementBytes == 8) plan_.contiguous = false;

    const vk::Context& ctx = device.context();
    const uint64_t alignment = std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 16);
    uint64_t maxRange = std::min<uint64_t>(ctx.limits().maxStorageBufferRange, 0xFFFFFFF0ull);
    if (uint64_t forced = envBytes("VKDML_MAX_BINDING_BYTES")) maxRange = std::min(maxRange, forced);  // tests
    require(maxRange > 2 * alignment + 64, "internal: maxStorageBufferRange too small");
    const bool half = dataType == DML_TENSOR_DATA_TYPE_FLOAT16;
    // vkdml-bench's baseline: the plain one-vec4-per-invocation kernel with the driver's math (packed fp32 only).
    naive_ = plan_.contiguous && !half && plan_.elementCount % 4 == 0 && vk::envFlag("VKDML_BENCH_NAIVE_KERNELS");

    dml::ChunkLimits limits;
    limits.maxSpanBytes = (maxRange - alignment) & ~uint64_t(15);  // room to round a binding offset down
    limits.maxElements = uint64_t(1) << 31;
    // The flat kernels run one 16-byte vector per invocation (plus one for the tail): the grid must hold them all.
    if (plan_.contiguous)
        limits.maxElements = (uint64_t(ctx.limits().maxComputeWorkGroupCount[0]) * device.pipelines().workgroupSize() -
                              1) * (16 / plan_.elementBytes);
    // Strided plans whose rows are whole 16-byte vectors in every tensor run the rows kernel (one vector per
    // invocation, no grid-stride loop): the grid must hold every vector of a chunk too.
    rows_ = !plan_.contiguous && !naive_ && float32or16 && plan_.tensorCount == 2 && rowsAreVectors(plan_);
    if (rows_)
        limits.maxElements = std::min<uint64_t>(limits.maxElements, uint64_t(ctx.limits().maxComputeWorkGroupCount[0]) *
                                                                        device.pipelines().workgroupSize() *
                                                                        (16 / plan_.elementBytes));
    limits.contiguousGranule = 16 / plan_.elementBytes;
    limits.maxRank = KernelParams::maxRank(plan_.tensorCount);
    chunks_ = dml::splitIntoChunks(plan_, limits);

    if (naive_) vectorElements_ = 4;
    else if (plan_.contiguous) vectorElements_ = 16 / plan_.elementBytes;
    const kernel::Walk walk = naive_ ? kernel::Walk::Naive : plan_.contiguous ? kernel::Walk::Flat : kernel::Walk::Strided;
    const dml::LoweredKernel lowered = dml::lowerElementwise(info, target, walk);
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
        const uint32_t vector = 16 / plan_.elementBytes;
        for (uint32_t t = 0; t < tensorCount; ++t)
            for (uint32_t d = 0; d < std::min(plan_.rank, KernelParams::maxRank(tensorCount)); ++d)
                rowsParams_.stride(tensorCount, t, d) = d == 0 ? 1u : static_cast<uint32_t>(plan_.strides[t][d] / vector);
        const dml::LoweredKernel rows = dml::lowerElementwise(info, target, kernel::Walk::Rows);
        rowsPipeline_ = &device.pipelines().get(rows.program);
        shaderName_ = rows.program.name();
    }
    // CPU devices: the flat kernel split into a whole-vector and a tail pipeline (glsl/elementwise_contiguous.glsl).
    if (plan_.contiguous && !naive_ && ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
        pipeline_ = &device.pipelines().get(lowered.program, 1);
        tailPipeline_ = &device.pipelines().get(lowered.program, 2);
    } else {
        pipeline_ = &device.pipelines().get(lowered.program);
    }
    // What recording relies on, proven here: every chunk lies inside each tensor (through the widest element).
    uint32_t bits[dml::kMaxPlanTensors];
    uint64_t totals[dml::kMaxPlanTensors] = {info.outputs[0].totalBytes};
    for (uint32_t t = 0; t < tensorCount; ++t) bits[t] = plan_.elementBytes * 8;
    for (size_t i = 0; i < info.inputs.size(); ++i) totals[i + 1] = info.inputs[i].totalBytes;
    dml::requireChunksInside(chunks_, tensorCount, bits, totals, info.name());
}

CompiledOperator::~CompiledOperator() = default;

DML_BINDING_PROPERTIES CompiledOperator::bindingProperties() const {
    DML_BINDING_PROPERTIES props{};
    props.RequiredDescriptorCount = static_cast<UINT>(info().inputs.size() + info().outputs.size());
    return props;
}

std::vector<BindingSlot> CompiledOperator::readTensorBindings(UINT count, const DML_BINDING_DESC* bindings,
                                                              const std::vector<dml::TensorLayout>& layouts,
                                                              const std::vector<const char*>& names,
                                                              const char* what,
                                                              const std::vector<UINT>& slotIndex) const {
    require(count == layouts.size(), std::string(what) + ": bindingCount = " + std::to_string(count) + ", but " +
                                         info().name() + " has " + std::to_string(layouts.size()) + " " + what +
                                         " slot(s)");
    require(count == 0 || bindings != nullptr, std::string(what) + ": bindings is NULL");
    std::vector<BindingSlot> slots(count);
    for (UINT i = 0; i < count; ++i) {
        const std::string where = slotName(what, slotIndex.empty() ? i : slotIndex[i], names[i]);
        const DML_BINDING_DESC& desc = bindings[i];
        require(rawValue(desc.Type) == DML_BINDING_TYPE_BUFFER, where + ": Type = " + std::to_string(rawValue(desc.Type)) +
                                                                    ", this tensor needs DML_BINDING_TYPE_BUFFER");
        require(desc.Desc != nullptr, where + ": Desc is NULL");
        const auto& binding = *static_cast<const DML_BUFFER_BINDING*>(desc.Desc);
        const dml::TensorLayout& t = layouts[i];
        uint64_t alignment = std::max<uint64_t>(DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT, t.baseAlignment);
        BoundBuffer bound = readBufferBinding(*device_, binding, alignment, where);
        require(bound.buffer != nullptr, where + ".Buffer is NULL");
        require(binding.SizeInBytes >= t.totalBytes, where + ".SizeInBytes = " + std::to_string(binding.SizeInBytes) +
                                                         " is less than the tensor's TotalTensorSizeInBytes = " +
                                                         std::to_string(t.totalBytes));
        slots[i].type = DML_BINDING_TYPE_BUFFER;
        slots[i].buffers.push_back(bound);
    }
    return slots;
}

// Absent optional tensors (NULL in the desc) take DML_BINDING_TYPE_NONE in their slot; the present ones are read
// as usual and kept in `inputs` order.
std::vector<BindingSlot> CompiledOperator::readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const {
    const dml::OperatorInfo& inf = info();
    if (inf.inputSlots.size() == inf.inputs.size())
        return readTensorBindings(count, bindings, inf.inputs, inf.inputNames, "inputs");
    require(count == inf.inputSlots.size(), "inputs: bindingCount = " + std::to_string(count) + ", but " + inf.name() +
                                                " has " + std::to_string(inf.inputSlots.size()) + " inputs slot(s)");
    require(count == 0 || bindings != nullptr, "inputs: bindings is NULL");
    std::vector<DML_BINDING_DESC> present;
    std::vector<UINT> slots;
    for (UINT i = 0; i < count; ++i) {
        if (inf.inputSlots[i] >= 0) {
            present.push_back(bindings[i]);
            slots.push_back(i);
            continue;
        }
        require(rawValue(bindings[i].Type) == DML_BINDING_TYPE_NONE,
                slotName("inputs", i, inf.inputSlotNames[i]) + ": Type = " +
                    std::to_string(rawValue(bindings[i].Type)) +
                    ", but the desc has no such tensor (NULL): bind DML_BINDING_TYPE_NONE");
    }
    return readTensorBindings(static_cast<UINT>(present.size()), present.data(), inf.inputs, inf.inputNames,
                              "inputs", slots);
}

std::vector<BindingSlot> CompiledOperator::readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const {
    return readTensorBindings(count, bindings, info().outputs, info().outputNames, "outputs");
}

void CompiledOperator::checkAliasing(const TableBindings& bindings) const {
    const auto& inf = info();
    for (size_t o = 0; o < inf.outputs.size(); ++o) {
        const BoundBuffer& out = bindings.outputs[o].buffers[0];
        const uint64_t outBytes = inf.outputs[o].totalBytes;
        for (size_t p = o + 1; p < inf.outputs.size(); ++p)
            if (rangesOverlap(out, outBytes, bindings.outputs[p].buffers[0], inf.outputs[p].totalBytes))
                invalidArg(std::string("outputs ") + inf.outputNames[o] + " and " + inf.outputNames[p] + " overlap");
        for (size_t i = 0; i < inf.inputs.size(); ++i) {
            const BoundBuffer& in = bindings.inputs[i].buffers[0];
            if (!rangesOverlap(out, outBytes, in, inf.inputs[i].totalBytes)) continue;
            const bool inPlace = inf.schema->inPlace && in.offset == out.offset &&
                                 inf.inputs[i].sameMemoryLayout(inf.outputs[o]);
            if (!inPlace)
                invalidArg(std::string("output ") + inf.outputNames[o] + " [" + std::to_string(out.offset) + ", +" +
                                 std::to_string(outBytes) + ") overlaps input " + inf.inputNames[i] + " [" +
                                 std::to_string(in.offset) + ", +" + std::to_string(inf.inputs[i].totalBytes) +
                                 "): only in-place execution (same offset, Sizes, Strides and "
                                 "TotalTensorSizeInBytes) may alias");
        }
    }
}

void CompiledOperator::record(vk::Recording& recording, const TableBindings& bindings) {
    const auto& inf = info();
    if (!bindings.inputsBound || bindings.inputs.size() != inf.inputs.size())
        invalidArg("RecordDispatch: the binding table has no inputs bound for " + inf.name());
    if (!bindings.outputsBound || bindings.outputs.size() != inf.outputs.size())
        invalidArg("RecordDispatch: the binding table has no outputs bound for " + inf.name());
    checkAliasing(bindings);
    if (general_) {
        std::vector<const BoundBuffer*> tensors;
        for (size_t o = 0; o < inf.outputs.size(); ++o) tensors.push_back(&bindings.outputs[o].buffers[0]);
        for (size_t i = 0; i < inf.inputs.size(); ++i) tensors.push_back(&bindings.inputs[i].buffers[0]);
        general_->record(recording, tensors.data());
        return;
    }

    const vk::Context& ctx = device_->context();
    const uint64_t alignment = std::max<uint64_t>(ctx.limits().minStorageBufferOffsetAlignment, 4);
    const uint32_t eb = plan_.elementBytes;
    const uint32_t workgroup = pipeline_->workgroupSize;
    const uint64_t groupCap = std::min<uint64_t>(
        ctx.limits().maxComputeWorkGroupCount[0],
        ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 64 : 65535);

    const BoundBuffer* tensors[dml::kMaxPlanTensors] = {&bindings.outputs[0].buffers[0]};
    [[maybe_unused]] uint64_t totals[dml::kMaxPlanTensors] = {inf.outputs[0].totalBytes};
    for (size_t i = 0; i < inf.inputs.size(); ++i) {
        tensors[i + 1] = &bindings.inputs[i].buffers[0];
        totals[i + 1] = inf.inputs[i].totalBytes;
    }

    const uint32_t tensorCount = plan_.tensorCount;
    KernelParams params;
    vk::BoundBuffer bound[dml::kMaxPlanTensors];
    const uint32_t vector = 16 / eb;
    // One dispatch of `count` elements starting `skip` elements into the chunk (skip > 0 only in contiguous chunks);
    // the rows kernel counts in vectors.
    auto dispatchPart = [&](const dml::Chunk& chunk, uint64_t skip, uint64_t count, const vk::Pipeline& pipeline,
                            bool rows) {
        params = rows ? rowsParams_ : params_;
        const uint32_t unit = rows ? vector : 1;
        uint32_t bases[dml::kMaxPlanTensors] = {};
        for (uint32_t t = 0; t < tensorCount; ++t) {
            const BoundBuffer& b = *tensors[t];
            const uint64_t start = b.offset + (chunk.firstElement[t] + skip) * eb;
            const uint64_t span = skip == 0 && count == chunk.count ? chunk.spanElements[t] : count;
            // Kernels read and write elements narrower than 32 bits through the 32-bit words holding them, so the
            // range ends on a word boundary. That stays inside the tensor: the binding offset is 16-byte aligned and
            // DMLCalcBufferTensorSize rounds up to 4 bytes.
            const uint64_t end = (start + span * eb + 3) & ~uint64_t(3);
            const uint64_t aligned = start - start % alignment;
            // Proven at compile time (requireChunksInside): the chunk lies inside the tensor; and by the binding
            // table: the tensor inside its binding.
            assert(b.offset % 4 == 0 && end <= b.offset + totals[t] && b.offset + totals[t] <= b.buffer->size());
            bound[t].range = {b.buffer->handle(), aligned, end - aligned};
            bound[t].written = t == 0;
            bases[t] = static_cast<uint32_t>((start - aligned) / eb / unit);
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
    for (const dml::Chunk& chunk : chunks_) {
        if (rows_) {
            bool whole = chunk.sizes[0] % vector == 0;
            for (uint32_t t = 0; t < tensorCount; ++t) whole = whole && chunk.firstElement[t] % vector == 0;
            dispatchPart(chunk, 0, chunk.count, whole ? *rowsPipeline_ : *pipeline_, whole);
            continue;
        }
        const uint64_t tail = chunk.count % vectorElements_;
        if (!tailPipeline_ || tail == 0 || tail == chunk.count) {
            dispatchPart(chunk, 0, chunk.count, tail != 0 && tailPipeline_ ? *tailPipeline_ : *pipeline_, false);
            continue;
        }
        // CPU devices: the whole vectors, then the tail on its own, each kernel without the other's branch.
        dispatchPart(chunk, 0, chunk.count - tail, *pipeline_, false);
        dispatchPart(chunk, chunk.count - tail, tail, *tailPipeline_, false);
    }
}

// --- OperatorInitializer -----------------------------------------------------------------------------------------

DML_BINDING_PROPERTIES OperatorInitializer::bindingProperties() const {
    DML_BINDING_PROPERTIES props{};
    props.RequiredDescriptorCount = static_cast<UINT>(targets_.size());
    return props;
}

std::vector<BindingSlot> OperatorInitializer::readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const {
    // One BUFFER_ARRAY per target with an entry per target input (graph input), bound only for OWNED_BY_DML ones; or
    // no bindings at all when no target owns an input.
    require(count == 0 || count == targets_.size(),
            "initializer inputs: bindingCount = " + std::to_string(count) + ", expected 0 or one per target (" +
                std::to_string(targets_.size()) + ")");
    require(count == 0 || bindings != nullptr, "initializer inputs: bindings is NULL");
    std::vector<BindingSlot> slots(count);
    for (UINT i = 0; i < count; ++i) {
        const std::string where = "initializer inputs[" + std::to_string(i) + "]";
        const DML_BINDING_DESC& desc = bindings[i];
        const uint32_t type = rawValue(desc.Type);
        require(type == DML_BINDING_TYPE_BUFFER_ARRAY || type == DML_BINDING_TYPE_NONE,
                where + ": Type = " + std::to_string(type) + ", expected DML_BINDING_TYPE_BUFFER_ARRAY or NONE");
        slots[i].type = static_cast<DML_BINDING_TYPE>(type);
        const CompiledDispatchable& target = *targets_[i];
        const uint32_t inputs = target.initializerInputCount();
        slots[i].buffers.resize(inputs);
        const auto* array = type == DML_BINDING_TYPE_BUFFER_ARRAY
                                ? static_cast<const DML_BUFFER_ARRAY_BINDING*>(desc.Desc) : nullptr;
        const UINT entries = array ? array->BindingCount : 0;
        require(entries == 0 || entries == inputs, where + ".BindingCount = " + std::to_string(entries) +
                                                       ", expected 0 or " + std::to_string(inputs) + " (" +
                                                       target.displayName() + "'s inputs)");
        require(entries == 0 || array->Bindings != nullptr, where + ".Bindings is NULL");
        for (UINT k = 0; k < inputs; ++k) {
            const std::string entry = where + ".Bindings[" + std::to_string(k) + "] (" +
                                      target.initializerInputName(k) + ")";
            const uint64_t owned = target.ownedInputBytes(k);
            const bool bound = k < entries && array->Bindings[k].Buffer != nullptr;
            if (target.ownedInputUnread(k)) {  // checked if bound, never read
                if (bound) readBufferBinding(*device_, array->Bindings[k], DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT, entry);
                continue;
            }
            require(owned > 0 || !bound,
                    entry + ": not DML_TENSOR_FLAG_OWNED_BY_DML, so nothing is bound to it at initialization");
            require(owned == 0 || bound, entry + ": DML_TENSOR_FLAG_OWNED_BY_DML, so its data must be bound here");
            if (!bound) continue;
            BoundBuffer b = readBufferBinding(*device_, array->Bindings[k], DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT, entry);
            require(b.size >= owned, entry + ".SizeInBytes = " + std::to_string(b.size) + " is less than the " +
                                         std::to_string(owned) + " bytes the tensor reads");
            slots[i].buffers[k] = b;
        }
    }
    return slots;
}

std::vector<BindingSlot> OperatorInitializer::readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const {
    // One persistent resource per target: a buffer where its PersistentResourceSize > 0, else NONE.
    require(count == 0 || count == targets_.size(),
            "initializer outputs: bindingCount = " + std::to_string(count) + ", expected 0 or one per target (" +
                std::to_string(targets_.size()) + ")");
    require(count == 0 || bindings != nullptr, "initializer outputs: bindings is NULL");
    std::vector<BindingSlot> slots(count);
    for (UINT i = 0; i < count; ++i) {
        const std::string where = "initializer outputs[" + std::to_string(i) + "]";
        const DML_BINDING_DESC& desc = bindings[i];
        const uint32_t type = rawValue(desc.Type);
        const uint64_t needed = targets_[i]->bindingProperties().PersistentResourceSize;
        const bool empty = type == DML_BINDING_TYPE_NONE ||
                           (type == DML_BINDING_TYPE_BUFFER &&
                            (!desc.Desc || !static_cast<const DML_BUFFER_BINDING*>(desc.Desc)->Buffer));
        if (needed == 0) {
            require(empty, where + ": " + targets_[i]->displayName() +
                               " has no persistent resource (PersistentResourceSize 0); bind DML_BINDING_TYPE_NONE");
            slots[i].type = DML_BINDING_TYPE_NONE;
            continue;
        }
        require(!empty, where + ": " + targets_[i]->displayName() + " needs its persistent resource (" +
                            std::to_string(needed) + " bytes) bound here");
        require(type == DML_BINDING_TYPE_BUFFER, where + ": Type = " + std::to_string(type) +
                                                     ", expected DML_BINDING_TYPE_BUFFER");
        BoundBuffer b = readBufferBinding(*device_, *static_cast<const DML_BUFFER_BINDING*>(desc.Desc), 256, where);
        require(b.size >= needed, where + ".SizeInBytes = " + std::to_string(b.size) + " is less than the " +
                                      std::to_string(needed) + " bytes of the persistent resource");
        slots[i].type = DML_BINDING_TYPE_BUFFER;
        slots[i].buffers.push_back(b);
    }
    return slots;
}

void OperatorInitializer::record(vk::Recording& recording, const TableBindings& bindings) {
    // Checked for every target before anything is recorded.
    for (size_t i = 0; i < targets_.size(); ++i) {
        const CompiledDispatchable& target = *targets_[i];
        bool owns = false;
        for (uint32_t k = 0; k < target.initializerInputCount(); ++k) owns = owns || target.ownedInputBytes(k) > 0;
        require(!owns || (bindings.inputsBound && i < bindings.inputs.size() &&
                          bindings.inputs[i].type == DML_BINDING_TYPE_BUFFER_ARRAY),
                "RecordDispatch: " + target.displayName() +
                    " has OWNED_BY_DML inputs; bind them with vkdmlBindInputs on the initializer's binding table");
        require(target.bindingProperties().PersistentResourceSize == 0 ||
                    (bindings.outputsBound && i < bindings.outputs.size() && !bindings.outputs[i].buffers.empty()),
                "RecordDispatch: " + target.displayName() +
                    " has a persistent resource; bind it with vkdmlBindOutputs on the initializer's binding table");
    }
    for (size_t i = 0; i < targets_.size(); ++i) {
        const std::vector<BoundBuffer> none;
        const std::vector<BoundBuffer>& owned = bindings.inputsBound && i < bindings.inputs.size()
                                                    ? bindings.inputs[i].buffers : none;
        const BoundBuffer persistent = bindings.outputsBound && i < bindings.outputs.size() &&
                                               !bindings.outputs[i].buffers.empty()
                                           ? bindings.outputs[i].buffers[0] : BoundBuffer{};
        targets_[i]->recordInitialization(recording, owned, persistent);
        targets_[i]->markInitialized();
    }
}

}  // namespace vkdml
