// The object vkdmlCompileOperator returns: one operator compiled by its family (runtime/ops), with DirectML's
// binding rules, which are the same for every family: one BUFFER binding per present tensor, NONE for absent
// optional ones and for OWNED_BY_DML inputs (bound to the initializer, kept in the persistent resource), sizes and
// alignment checked when bound, aliasing only in place.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/dispatchable.h"
#include "ops/family.h"

namespace vkdml {

class CompiledOperator final : public CompiledDispatchable {
public:
    CompiledOperator(Device& device, Operator& op, DML_EXECUTION_FLAGS flags);
    ~CompiledOperator() override;

    DML_BINDING_PROPERTIES bindingProperties() const override;
    std::vector<BindingSlot> readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const override;
    std::vector<BindingSlot> readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const override;
    void record(vk::Recording& recording, const TableBindings& bindings) override;

    const dml::OperatorInfo& info() const { return op_->info(); }
    std::string displayName() const override { return info().name(); }
    // The input binding slots, absent optional tensors (NULL in the desc) included.
    uint32_t initializerInputCount() const override { return info().inputSlotCount(); }
    std::string initializerInputName(uint32_t input) const override { return info().inputSlotName(input); }
    uint64_t ownedInputBytes(uint32_t slot) const override;
    void recordInitialization(vk::Recording& recording, const std::vector<BoundBuffer>& owned,
                              const BoundBuffer& persistent) override;
    const std::string& shaderName() const { return kernel_->shaderName(); }  // "celu_f32_contig"

private:
    bool owned(uint32_t input) const { return (info().inputs[input].flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0; }
    std::vector<BindingSlot> readTensorBindings(UINT count, const DML_BINDING_DESC* bindings,
                                                const std::vector<dml::TensorLayout>& layouts,
                                                const std::vector<const char*>& names, const char* what,
                                                const std::vector<UINT>& slotIndex = {}) const;
    void checkBindings(const TableBindings& bindings, const ops::KernelBuffers& buffers) const;

    Ref<Operator> op_;
    std::unique_ptr<ops::CompiledKernel> kernel_;
    // The persistent resource: the kernel's own share first, then a copy of each OWNED_BY_DML input.
    std::vector<uint64_t> ownedOffsets_;  // per input (`info().inputs` order); owned ones only
    uint64_t persistentBytes_ = 0;
};

}  // namespace vkdml
