#include "core/binding_table.h"

#include "core/error.h"
#include "core/raw_value.h"

namespace vkdml {

void BindingTable::reset(Dispatchable* dispatchable) {
    dispatchable_ = Ref<Dispatchable>(dispatchable);
    bindings_ = TableBindings{};
    generation_.fetch_add(1, std::memory_order_acq_rel);
}

Dispatchable& BindingTable::requireDispatchable(const char* call) const {
    require(dispatchable_.get() != nullptr,
            std::string(call) + ": the binding table has no dispatchable (create or reset it with one)");
    return *dispatchable_;
}

void BindingTable::bindInputs(UINT count, const DML_BINDING_DESC* bindings) {
    auto slots = requireDispatchable("vkdmlBindInputs").readInputBindings(count, bindings);
    bindings_.inputs = std::move(slots);
    bindings_.inputsBound = true;
    generation_.fetch_add(1, std::memory_order_acq_rel);
}

void BindingTable::bindOutputs(UINT count, const DML_BINDING_DESC* bindings) {
    auto slots = requireDispatchable("vkdmlBindOutputs").readOutputBindings(count, bindings);
    bindings_.outputs = std::move(slots);
    bindings_.outputsBound = true;
    generation_.fetch_add(1, std::memory_order_acq_rel);
}

BoundBuffer BindingTable::readResource(const DML_BINDING_DESC* binding, uint64_t requiredSize,
                                       const char* what) const {
    const uint32_t type = binding ? rawValue(binding->Type) : uint32_t(DML_BINDING_TYPE_NONE);
    if (type == DML_BINDING_TYPE_NONE) {
        require(requiredSize == 0, std::string(what) + ": the dispatchable needs " + std::to_string(requiredSize) +
                                       " bytes; a binding of DML_BINDING_TYPE_BUFFER is required");
        return {};
    }
    require(type == DML_BINDING_TYPE_BUFFER,
            std::string(what) + ": Type = " + std::to_string(type) + ", expected DML_BINDING_TYPE_BUFFER");
    require(binding->Desc != nullptr, std::string(what) + ": Desc is NULL");
    const auto& buffer = *static_cast<const DML_BUFFER_BINDING*>(binding->Desc);
    BoundBuffer bound = readBufferBinding(*device_, buffer, kResourceAlignment, what);
    require(bound.buffer != nullptr || requiredSize == 0, std::string(what) + ".Buffer is NULL");
    require(bound.size >= requiredSize, std::string(what) + ".SizeInBytes = " + std::to_string(bound.size) +
                                            " is less than the required " + std::to_string(requiredSize));
    return bound;
}

void BindingTable::bindTemporary(const DML_BINDING_DESC* binding) {
    auto props = requireDispatchable("vkdmlBindTemporaryResource").bindingProperties();
    bindings_.temporary = readResource(binding, props.TemporaryResourceSize, "temporary resource");
    generation_.fetch_add(1, std::memory_order_acq_rel);
}

void BindingTable::bindPersistent(const DML_BINDING_DESC* binding) {
    auto props = requireDispatchable("vkdmlBindPersistentResource").bindingProperties();
    bindings_.persistent = readResource(binding, props.PersistentResourceSize, "persistent resource");
    generation_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace vkdml
