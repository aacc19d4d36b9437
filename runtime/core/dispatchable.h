// The objects behind VkdmlDispatchable: compiled operators and operator initializers. Each knows how its bindings
// must look (checked when they are bound and again, for the rules that span several bindings, when recorded) and
// how to record itself.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/buffer.h"
#include "core/kernel_params.h"
#include "core/operator.h"
#include "dml/elementwise_lowering.h"
#include "dml/elementwise_plan.h"
#include "vk/recording.h"

namespace vkdml {

class GeneralKernel;

// One buffer binding as the binding table keeps it (buffer == nullptr: nothing bound).
struct BoundBuffer {
    Buffer* buffer = nullptr;
    uint64_t offset = 0;
    uint64_t size = 0;
};

// One input or output slot: a BUFFER binding has one entry, a BUFFER_ARRAY binding one per array element.
struct BindingSlot {
    DML_BINDING_TYPE type = DML_BINDING_TYPE_NONE;
    std::vector<BoundBuffer> buffers;
};

struct TableBindings {
    std::vector<BindingSlot> inputs, outputs;
    bool inputsBound = false, outputsBound = false;
    BoundBuffer temporary, persistent;
};

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

protected:
    Ref<Device> device_;
};

// A compiled operator or graph: what an initializer needs from each of its targets.
class CompiledDispatchable : public Dispatchable {
public:
    using Dispatchable::Dispatchable;
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
};

// The element-wise plan's device target: the capabilities lowering looks at.
dml::KernelTarget kernelTargetOf(const Device& device);

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
    const std::string& shaderName() const { return shaderName_; }  // the kernel it dispatches ("celu_f32_contig")

private:
    std::vector<BindingSlot> readTensorBindings(UINT count, const DML_BINDING_DESC* bindings,
                                                const std::vector<dml::TensorLayout>& layouts,
                                                const std::vector<const char*>& names, const char* what,
                                                const std::vector<UINT>& slotIndex = {}) const;
    void checkAliasing(const TableBindings& bindings) const;

    Ref<Operator> op_;
    std::unique_ptr<GeneralKernel> general_;  // operators lowered into general kernels (dml/general_lowering.h)
    dml::ElementwisePlan plan_;
    std::vector<dml::Chunk> chunks_;
    const vk::Pipeline* pipeline_ = nullptr;
    const vk::Pipeline* tailPipeline_ = nullptr;  // CPU devices: the flat kernel's tail on its own
    const vk::Pipeline* rowsPipeline_ = nullptr;  // strided plans of whole-vector rows (glsl/elementwise_rows.glsl)
    bool rows_ = false;
    std::string shaderName_;
    uint32_t vectorElements_ = 1;  // elements one work item covers (the contiguous kernel moves 16 bytes)
    bool naive_ = false;           // the benchmark baseline kernel (VKDML_BENCH_NAIVE_KERNELS)
    KernelParams params_{};  // the push constants every dispatch shares (attributes, strides)
    KernelParams rowsParams_{};  // the same for the rows kernel, strides in vectors
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

// Reads one DML_BUFFER_BINDING (named `where`) and checks it lies inside its buffer, on `device`, in a DEFAULT heap,
// with `alignment`-aligned offset. buffer == nullptr is returned as-is for the caller to judge.
BoundBuffer readBufferBinding(Device& device, const DML_BUFFER_BINDING& binding, uint64_t alignment,
                              const std::string& where);

}  // namespace vkdml
