// Builds DML_GRAPH_DESCs from element-wise operators and runs compiled graphs through the whole C API: binding
// properties, initializer (OWNED_BY_DML inputs, persistent resource), temporary resource, execution, read back, with
// canaries after every output.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "family_runner.h"

namespace vkdml::test {

// One tensor desc with storage that stays put while the graph desc points at it.
struct GraphTensorDesc {
    DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32;
    std::vector<uint32_t> sizes, strides;  // strides empty: packed
    DML_TENSOR_FLAGS flags = DML_TENSOR_FLAG_NONE;
    bool absent = false;  // an optional tensor left out: NULL in the operator desc
    uint64_t bytes() const;
};

class GraphBuilder {
public:
    explicit GraphBuilder(VkdmlDevice device) : device_(device) {}
    ~GraphBuilder();
    GraphBuilder(const GraphBuilder&) = delete;
    GraphBuilder& operator=(const GraphBuilder&) = delete;

    // An operator node: `inputs` in the desc's field order. Activations take attr0/attr1 like tryCreateActivation.
    // REQUIREs that the operator is created.
    uint32_t addOperator(DML_OPERATOR_TYPE type, const std::vector<GraphTensorDesc>& operands,
                         const GraphTensorDesc& output, float attr0 = 0.0f, float attr1 = 0.0f);
    // An operator node created by `create` from the tensor descs (inputs in field order, absent ones left out, then
    // the output). REQUIREs that it is created.
    using OperatorFactory = std::function<HRESULT(const std::vector<const DML_TENSOR_DESC*>&, VkdmlOperator*)>;
    uint32_t addOperator(const std::vector<GraphTensorDesc>& operands, const GraphTensorDesc& output,
                         const OperatorFactory& create);
    // Whether `create` accepts these tensors (the operator is released; nothing is added).
    bool accepts(const std::vector<GraphTensorDesc>& operands, const GraphTensorDesc& output,
                 const OperatorFactory& create) const;
    uint32_t addConstant(std::vector<uint8_t> data);
    void inputEdge(uint32_t graphInput, uint32_t node, uint32_t slot);
    void edge(uint32_t from, uint32_t to, uint32_t slot, uint32_t fromSlot = 0);
    void outputEdge(uint32_t node, uint32_t graphOutput, uint32_t fromSlot = 0);

    // The desc over what was added; InputCount/OutputCount default to one past the highest index used.
    DML_GRAPH_DESC desc();
    HRESULT compile(VkdmlCompiledOperator* compiled, DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE);

    // Raw access for validation tests (edit, then call desc() again).
    std::vector<DML_GRAPH_NODE_DESC> nodes;
    std::vector<DML_INPUT_GRAPH_EDGE_DESC> inputs;
    std::vector<DML_INTERMEDIATE_GRAPH_EDGE_DESC> intermediates;
    std::vector<DML_OUTPUT_GRAPH_EDGE_DESC> outputs;
    uint32_t inputCount = 0, outputCount = 0;  // 0: one past the highest index used

private:
    VkdmlDevice device_;
    std::vector<VkdmlOperator> operators_;
    std::deque<DML_OPERATOR_GRAPH_NODE_DESC> operatorNodes_;
    std::deque<DML_CONSTANT_DATA_GRAPH_NODE_DESC> constantNodes_;
    std::deque<std::vector<uint8_t>> constantData_;
    std::vector<DML_GRAPH_EDGE_DESC> inputEdges_, intermediateEdges_, outputEdges_;
};

struct GraphIO {
    std::vector<std::vector<uint8_t>> inputs;  // per graph input; empty: not bound (DML_BINDING_TYPE_NONE)
    std::vector<bool> owned;                   // per graph input: OWNED_BY_DML (bound to the initializer instead)
    std::vector<uint64_t> outputBytes;         // per graph output
    uint64_t inputOffset = 0;                  // bytes before each input in its buffer (a multiple of 16; not on the COM path)
};

struct GraphRun {
    HRESULT hr = S_OK;
    std::string failedCall;
    std::vector<std::vector<uint8_t>> outputs;
    bool canaryIntact = true;
    DML_BINDING_PROPERTIES properties{};
    bool ok() const { return hr == S_OK; }
};

GraphRun runGraph(TestDevice& device, VkdmlCompiledOperator compiled, const GraphIO& io);

// Sets VKDML_DISABLE_FUSION for its lifetime (compile with it set to get one kernel per node).
class FusionDisabled {
public:
    explicit FusionDisabled(VkdmlDevice device);
    ~FusionDisabled();

private:
    VkdmlDevice device_;
};

// Compiles the graph `build` adds to a new builder: with fusion, it must run as one fused kernel; with
// VKDML_DISABLE_FUSION set (fuse false), as one kernel per node (`nodes`). REQUIREs both.
Owned<VkdmlDispatchable> compileGraph(VkdmlDevice device, bool fuse, uint32_t nodes,
                                      const std::function<void(GraphBuilder&)>& build);
// The same with the kernel counts a fused compilation must give: `steps` kernels, `fusedSteps` of them fusing nodes.
Owned<VkdmlDispatchable> compileGraph(VkdmlDevice device, bool fuse, uint32_t nodes, uint32_t steps,
                                      uint32_t fusedSteps, const std::function<void(GraphBuilder&)>& build);

}  // namespace vkdml::test
