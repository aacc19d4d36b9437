// Operator families: each kind of DirectML operator (element-wise, reductions, GEMM) lives in one folder under
// runtime/ops and implements this interface. The rest of the runtime (compiled operators, initializers, graphs)
// only talks to it: the family validates its operators' shapes, compiles them for a device, reports the memory they
// need, records their initialization and execution, and says what a graph can fuse.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/binding.h"
#include "dml/operator_desc.h"
#include "kernel/program.h"
#include "ops/fused_neighbours.h"
#include "vk/recording.h"

namespace vkdml {
class Device;
}

namespace vkdml::ops {

// The buffers one execution of a compiled operator uses, each already checked against the operator's layouts.
struct KernelBuffers {
    std::vector<const BoundBuffer*> outputs;  // per output, in `OperatorInfo::outputs` order
    std::vector<const BoundBuffer*> inputs;   // per present input, in `OperatorInfo::inputs` order
    BoundBuffer temporary;                    // the kernel's share of the temporary resource (temporaryBytes)
    BoundBuffer persistent;                   // the kernel's share of the persistent resource (persistentBytes)
};

// One operator compiled for one device: what vkdmlCompileOperator returns, less the generic binding rules.
class CompiledKernel {
public:
    virtual ~CompiledKernel() = default;
    virtual uint64_t temporaryBytes() const { return 0; }
    virtual uint64_t persistentBytes() const { return 0; }
    // Fills the kernel's persistent share (persistentBytes > 0) once, before the first execution.
    virtual void recordInitialization(vk::Recording&, const BoundBuffer& /*persistent*/) const {}
    // Records the execution. Nothing may fail here: everything that can was checked at compile time.
    virtual void record(vk::Recording& recording, const KernelBuffers& buffers) const = 0;
    // The kernel it dispatches, for tests and tools ("celu_f32_contig").
    virtual const std::string& shaderName() const = 0;
};

class Family {
public:
    virtual ~Family() = default;
    virtual const char* name() const = 0;  // "element-wise"
    // The schema row of `type`, or nullptr when the family does not run it.
    virtual const dml::OperatorSchema* schema(DML_OPERATOR_TYPE type) const = 0;
    // The family's own rule for its operators' tensor shapes (dml::SchemaSource::checkShapes), run when the desc is
    // read: throws E_INVALIDARG naming the field, E_NOTIMPL for valid combinations vkdml does not run.
    virtual void checkShapes(dml::OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) const = 0;
    // Throws E_NOTIMPL naming what the device lacks for this operator, E_INVALIDARG for what the schema could not
    // check; everything else that can fail for the operator fails here, not when it is recorded.
    virtual std::unique_ptr<CompiledKernel> compile(Device& device, const dml::OperatorInfo& info,
                                                    DML_EXECUTION_FLAGS flags) const = 0;

    // Graph fusion. An operator the family can express as an element-wise program (attributes folded into
    // constants) may join a fused run of element-wise nodes; nullopt when it cannot.
    virtual std::optional<kernel::ElementwiseProgram> fusableProgram(Device&, const dml::OperatorInfo&) const {
        return std::nullopt;
    }
    // An operator whose kernel can run element-wise neighbours (FusedNeighbours) takes them when this says yes
    // (the programs' tensor types, how many tensors, the operator's own form); compileWithNeighbours then compiles
    // it so. The bindings of such a kernel: outputs {the epilogue's output, or the operator's}; inputs: the
    // operator's present inputs (the prologue's input 0 in InputTensor's place), then the prologue's other inputs,
    // then the epilogue's.
    virtual bool acceptsNeighbours(const dml::OperatorInfo&, const FusedNeighbours&) const { return false; }
    virtual std::unique_ptr<CompiledKernel> compileWithNeighbours(Device&, const dml::OperatorInfo&,
                                                                  const FusedNeighbours&) const {
        return nullptr;
    }
};

}  // namespace vkdml::ops
