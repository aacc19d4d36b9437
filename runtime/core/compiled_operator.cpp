#include "core/compiled_operator.h"

#include <algorithm>

#include "core/error.h"
#include "core/raw_value.h"
#include "ops/registry.h"

namespace vkdml {

namespace {

std::string slotName(const char* what, UINT index, const char* name) {
    return std::string(what) + "[" + std::to_string(index) + "] (" + name + ")";
}

bool rangesOverlap(const BoundBuffer& a, uint64_t aSize, const BoundBuffer& b, uint64_t bSize) {
    return a.buffer == b.buffer && a.offset < b.offset + bSize && b.offset < a.offset + aSize;
}

}  // namespace

// ALLOW_HALF_PRECISION_COMPUTATION permits fp16 arithmetic but does not require it: vkdml computes fp16 tensors in
// fp32 either way (within 1 ULP). DISABLE_META_COMMANDS has nothing to disable. DESCRIPTORS_VOLATILE makes command
// lists read the bindings when they execute (CommandList).
CompiledOperator::CompiledOperator(Device& device, Operator& op, DML_EXECUTION_FLAGS flags)
    : CompiledDispatchable(device, flags), op_(&op) {
    const ops::Family* family = ops::familyOf(op.info().schema->type);
    kernel_ = family->compile(device, op.info(), flags);
    persistentBytes_ = alignUp(kernel_->persistentBytes(), kResourceAlignment);
    ownedOffsets_.assign(op.info().inputs.size(), 0);
    for (uint32_t i = 0; i < op.info().inputs.size(); ++i) {
        if (!owned(i)) continue;
        ownedOffsets_[i] = persistentBytes_;
        persistentBytes_ += alignUp(op.info().inputs[i].totalBytes, kResourceAlignment);
    }
}

CompiledOperator::~CompiledOperator() = default;

DML_BINDING_PROPERTIES CompiledOperator::bindingProperties() const {
    DML_BINDING_PROPERTIES props{};
    props.RequiredDescriptorCount = static_cast<UINT>(info().inputs.size() + info().outputs.size());
    props.TemporaryResourceSize = kernel_->temporaryBytes();
    props.PersistentResourceSize = persistentBytes_;
    return props;
}

uint64_t CompiledOperator::ownedInputBytes(uint32_t slot) const {
    const dml::TensorLayout* layout = info().slotInput(slot);
    return layout && (layout->flags & DML_TENSOR_FLAG_OWNED_BY_DML) ? layout->totalBytes : 0;
}

void CompiledOperator::recordInitialization(vk::Recording& recording, const std::vector<BoundBuffer>& owned,
                                            const BoundBuffer& persistent) {
    if (persistentBytes_ == 0) return;
    const dml::OperatorInfo& inf = info();
    for (uint32_t slot = 0; slot < inf.inputSlotCount(); ++slot) {
        const uint64_t bytes = ownedInputBytes(slot);
        if (bytes == 0) continue;
        const BoundBuffer& src = owned[slot];
        const uint64_t offset = persistent.offset + ownedOffsets_[static_cast<uint32_t>(inf.inputSlots.empty()
                                                                                          ? slot
                                                                                          : inf.inputSlots[slot])];
        recording.copy({src.buffer->handle(), src.offset, bytes}, {persistent.buffer->handle(), offset, bytes});
    }
    if (kernel_->persistentBytes() > 0)
        kernel_->recordInitialization(recording, {persistent.buffer, persistent.offset, kernel_->persistentBytes()});
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
        if (layouts[i].flags & DML_TENSOR_FLAG_OWNED_BY_DML) {  // bound to the initializer, read from the copy
            const bool empty = rawValue(desc.Type) == DML_BINDING_TYPE_NONE ||
                               (rawValue(desc.Type) == DML_BINDING_TYPE_BUFFER && desc.Desc &&
                                !static_cast<const DML_BUFFER_BINDING*>(desc.Desc)->Buffer);
            require(empty, where + ": the tensor is DML_TENSOR_FLAG_OWNED_BY_DML (bound at initialization); bind "
                                   "DML_BINDING_TYPE_NONE here");
            slots[i].buffers.push_back({});
            continue;
        }
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

void CompiledOperator::checkBindings(const TableBindings& bindings, const ops::KernelBuffers& buffers) const {
    const auto& inf = info();
    require(kernel_->temporaryBytes() == 0 || bindings.temporary.buffer != nullptr,
            "RecordDispatch: " + inf.name() + " needs a temporary resource of " +
                std::to_string(kernel_->temporaryBytes()) + " bytes (vkdmlBindTemporaryResource)");
    require(persistentBytes_ == 0 || bindings.persistent.buffer != nullptr,
            "RecordDispatch: " + inf.name() + " needs its persistent resource of " + std::to_string(persistentBytes_) +
                " bytes (vkdmlBindPersistentResource)");
    require(persistentBytes_ == 0 || initialized_,
            "RecordDispatch: " + inf.name() + " has a persistent resource; record its initializer first");
    for (size_t o = 0; o < inf.outputs.size(); ++o) {
        const BoundBuffer& out = *buffers.outputs[o];
        const uint64_t outBytes = inf.outputs[o].totalBytes;
        for (size_t p = o + 1; p < inf.outputs.size(); ++p)
            if (rangesOverlap(out, outBytes, *buffers.outputs[p], inf.outputs[p].totalBytes))
                invalidArg(std::string("outputs ") + inf.outputNames[o] + " and " + inf.outputNames[p] + " overlap");
        if ((kernel_->temporaryBytes() > 0 && rangesOverlap(out, outBytes, bindings.temporary, kernel_->temporaryBytes())) ||
            (persistentBytes_ > 0 && rangesOverlap(out, outBytes, bindings.persistent, persistentBytes_)))
            invalidArg(std::string("RecordDispatch: output ") + inf.outputNames[o] +
                       " overlaps the temporary or persistent resource");
        for (size_t i = 0; i < inf.inputs.size(); ++i) {
            if (owned(static_cast<uint32_t>(i))) continue;  // read from the persistent resource
            const BoundBuffer& in = *buffers.inputs[i];
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
    std::vector<BoundBuffer> ownedCopies(inf.inputs.size());
    ops::KernelBuffers buffers;
    for (size_t o = 0; o < inf.outputs.size(); ++o) buffers.outputs.push_back(&bindings.outputs[o].buffers[0]);
    for (uint32_t i = 0; i < inf.inputs.size(); ++i) {
        if (owned(i)) {
            ownedCopies[i] = {bindings.persistent.buffer, bindings.persistent.offset + ownedOffsets_[i],
                              inf.inputs[i].totalBytes};
            buffers.inputs.push_back(&ownedCopies[i]);
        } else {
            buffers.inputs.push_back(&bindings.inputs[i].buffers[0]);
        }
    }
    checkBindings(bindings, buffers);
    buffers.temporary = bindings.temporary;
    buffers.persistent = {bindings.persistent.buffer, bindings.persistent.offset, kernel_->persistentBytes()};
    kernel_->record(recording, buffers);
}

}  // namespace vkdml
