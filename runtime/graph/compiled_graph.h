// The object vkdmlCompileGraph returns: a compiled operator whose bindings follow the graph's inputs and outputs.
// It runs its steps (graph/fusion.h) in order: fused element-wise programs compiled by the element-wise family,
// other nodes by their own compiled operators. Values that cross steps live in the temporary resource (placed by
// lifetime, reused when lifetimes do not overlap); OWNED_BY_DML graph inputs and constant nodes live in the
// persistent resource, which the initializer fills.
#pragma once

#include <memory>
#include <vector>

#include "core/dispatchable.h"
#include "graph/fusion.h"
#include "ops/family.h"

namespace vkdml {

class CompiledGraph final : public CompiledDispatchable {
public:
    CompiledGraph(Device& device, graph::GraphInfo graph, DML_EXECUTION_FLAGS flags);
    ~CompiledGraph() override;

    DML_BINDING_PROPERTIES bindingProperties() const override;
    std::vector<BindingSlot> readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const override;
    std::vector<BindingSlot> readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const override;
    void record(vk::Recording& recording, const TableBindings& bindings) override;

    std::string displayName() const override;
    uint32_t initializerInputCount() const override { return graph_.inputCount; }
    std::string initializerInputName(uint32_t input) const override { return "graph input " + std::to_string(input); }
    uint64_t ownedInputBytes(uint32_t input) const override;
    bool ownedInputUnread(uint32_t input) const override;
    void recordInitialization(vk::Recording& recording, const std::vector<BoundBuffer>& owned,
                              const BoundBuffer& persistent) override;

    // For tests and tools: how many steps (dispatch groups) and how many of them fuse several nodes.
    size_t stepCount() const { return steps_.size(); }
    size_t fusedStepCount() const;

private:
    // Where a value lives while the graph runs.
    struct Home {
        enum class Where : uint8_t { None, GraphInput, GraphOutput, Temporary, Persistent } where = Where::None;
        uint32_t index = 0;   // graph input or output
        uint64_t offset = 0;  // temporary or persistent
        uint64_t bytes = 0;
    };
    struct Copy {
        Home from, to;
        uint64_t bytes;
    };
    struct StepRun {
        graph::Step step;
        std::unique_ptr<ops::CompiledKernel> kernel;  // compiled by the node's family, or the fused program
        bool fused = false;
        // Where each tensor the step binds lives, fixed at compile time. Fused: the program's outputs, then its
        // inputs. Single: the node's present inputs in slot order, then every output slot.
        std::vector<Home> tensors;
        uint32_t singleInputs = 0;
        std::vector<Copy> copies;  // single: its value copied to the graph outputs beyond the first it feeds
        Home scratch;              // the kernel's own share of the temporary resource (temporaryBytes), if any
    };

    void placeValues();
    void planStepTensors();
    Home homeOf(const graph::ValueRef& value) const;
    BoundBuffer resolve(const Home& home, const TableBindings& bindings) const;
    void checkBindings(const TableBindings& bindings) const;

    graph::GraphInfo graph_;
    std::vector<StepRun> steps_;
    std::vector<Home> valueHomes_;  // per value (graph::GraphInfo::valueId): operator and constant node outputs
    std::vector<Home> inputHomes_;  // per graph input
    std::vector<uint32_t> inputAlignment_;
    uint64_t temporaryBytes_ = 0, persistentBytes_ = 0;
};

}  // namespace vkdml
