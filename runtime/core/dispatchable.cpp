#include "core/dispatchable.h"

#include "core/error.h"
#include "core/raw_value.h"

namespace vkdml {

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
        BoundBuffer b = readBufferBinding(*device_, *static_cast<const DML_BUFFER_BINDING*>(desc.Desc),
                                          kResourceAlignment, where);
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
