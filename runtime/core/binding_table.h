// The object behind VkdmlBindingTable: the bindings of one dispatchable, checked as they are bound.
#pragma once

#include <atomic>

#include "core/dispatchable.h"

namespace vkdml {

class BindingTable final : public Object {
public:
    BindingTable(Device& device, Dispatchable* dispatchable)
        : Object(ObjectKind::BindingTable), device_(&device), dispatchable_(dispatchable) {}
    Device& owningDevice() override { return *device_; }

    void reset(Dispatchable* dispatchable);
    void bindInputs(UINT count, const DML_BINDING_DESC* bindings);
    void bindOutputs(UINT count, const DML_BINDING_DESC* bindings);
    void bindTemporary(const DML_BINDING_DESC* binding);
    void bindPersistent(const DML_BINDING_DESC* binding);

    Dispatchable* dispatchable() const { return dispatchable_.get(); }
    const TableBindings& bindings() const { return bindings_; }
    // Counts the changes (reset and every bind): a command list holding a volatile dispatch of this table records
    // it again before executing when the count moved since it was recorded.
    uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

private:
    Dispatchable& requireDispatchable(const char* call) const;
    BoundBuffer readResource(const DML_BINDING_DESC* binding, uint64_t requiredSize, const char* what) const;

    Ref<Device> device_;
    Ref<Dispatchable> dispatchable_;
    TableBindings bindings_;
    std::atomic<uint64_t> generation_{0};
};

}  // namespace vkdml
