// The objects behind VkdmlDispatchable: what compiled operators and graphs share, and operator initializers. Each
// knows how its bindings must look (checked when they are bound and again, for the rules that span several
// bindings, when recorded) and how to record itself.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/binding.h"
#include "core/buffer.h"
#include "core/operator.h"
#include "vk/recording.h"

namespace vkdml {

class Dispatchable : public Object {
public:
    explicit Dispatchable(Device& device) : Object(ObjectKind::Dispatchable), device_(&device) {}
    Device& owningDevice() override { return *device_; }

    virtual DML_BINDING_PROPERTIES bindingProperties() const = 0;
    // Check and copy bindings; throw E_INVALIDARG naming the slot and the rule.
    virtual std::vector<BindingSlot> readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const = 0;
    virtual std::vector<BindingSlot> readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const = 0;
    // Checks the rules that span bindings (all bound, no forbidden overlap), then records. Throws before recording
    // anything when a rule fails.
    virtual void record(vk::Recording& recording, const TableBindings& bindings) = 0;
    // DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE: its bindings are read when the command list executes, not when the
    // dispatch is recorded (CommandList records it again when its binding table changed in between).
    virtual bool descriptorsVolatile() const { return false; }

protected:
    Ref<Device> device_;
};

// A compiled operator or graph: what an initializer needs from each of its targets.
class CompiledDispatchable : public Dispatchable {
public:
    CompiledDispatchable(Device& device, DML_EXECUTION_FLAGS flags)
        : Dispatchable(device), descriptorsVolatile_((flags & DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE) != 0) {}
    bool descriptorsVolatile() const override { return descriptorsVolatile_; }
    virtual std::string displayName() const = 0;  // "ACTIVATION_RELU", "graph of 3 nodes"
    // The entries of the target's DML_BUFFER_ARRAY_BINDING at initialization: one per input (operator) or per graph
    // input. ownedInputBytes: the bytes an OWNED_BY_DML input's entry must hold; 0 for the others (left empty).
    virtual uint32_t initializerInputCount() const = 0;
    virtual std::string initializerInputName(uint32_t input) const = 0;
    virtual uint64_t ownedInputBytes(uint32_t) const { return 0; }
    // An OWNED_BY_DML input nothing that runs reads (a graph input feeding only dead nodes): its entry may be bound
    // or left empty, and is not read.
    virtual bool ownedInputUnread(uint32_t) const { return false; }
    // Fills the persistent resource (PersistentResourceSize > 0): owned inputs and constants.
    virtual void recordInitialization(vk::Recording&, const std::vector<BoundBuffer>& /*owned*/,
                                      const BoundBuffer& /*persistent*/) {}
    void markInitialized() { initialized_ = true; }

protected:
    std::atomic<bool> initialized_{false};

private:
    const bool descriptorsVolatile_;
};

class OperatorInitializer final : public Dispatchable {
public:
    OperatorInitializer(Device& device, std::vector<Ref<CompiledDispatchable>> targets)
        : Dispatchable(device), targets_(std::move(targets)) {}

    DML_BINDING_PROPERTIES bindingProperties() const override;
    std::vector<BindingSlot> readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const override;
    std::vector<BindingSlot> readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const override;
    void record(vk::Recording& recording, const TableBindings& bindings) override;

private:
    std::vector<Ref<CompiledDispatchable>> targets_;
};

}  // namespace vkdml
