#include "graph_runner.h"

#include "runner_backend.h"
#include "vkdml/vkdml_testing.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace vkdml::test {

namespace {

bool isActivation(DML_OPERATOR_TYPE type) {
    return (type >= DML_OPERATOR_ACTIVATION_ELU && type <= DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU &&
            type != DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU) ||
           type == DML_OPERATOR_ACTIVATION_CELU || type == DML_OPERATOR_ACTIVATION_GELU ||
           type == DML_OPERATOR_ACTIVATION_HARD_SWISH || type == DML_OPERATOR_ACTIVATION_SWISH ||
           type == DML_OPERATOR_ELEMENT_WISE_IDENTITY;
}

bool hasScaleBias(DML_OPERATOR_TYPE type) {
    switch (type) {
        case DML_OPERATOR_ELEMENT_WISE_ABS:
        case DML_OPERATOR_ELEMENT_WISE_CEIL:
        case DML_OPERATOR_ELEMENT_WISE_FLOOR:
        case DML_OPERATOR_ELEMENT_WISE_RECIP:
        case DML_OPERATOR_ELEMENT_WISE_SQRT:
        case DML_OPERATOR_ELEMENT_WISE_EXP:
        case DML_OPERATOR_ELEMENT_WISE_LOG: return true;
        default: return false;
    }
}

struct DescStorage {
    std::vector<uint32_t> strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    explicit DescStorage(const GraphTensorDesc& t) : strides(t.strides) {
        buffer.DataType = t.type;
        buffer.Flags = t.flags;
        buffer.DimensionCount = static_cast<UINT>(t.sizes.size());
        buffer.Sizes = t.sizes.data();
        buffer.Strides = strides.empty() ? nullptr : strides.data();
        buffer.TotalTensorSizeInBytes = t.bytes();
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

}  // namespace

uint64_t GraphTensorDesc::bytes() const {
    TensorSpec spec;
    spec.sizes = sizes;
    spec.strides = strides;
    return tensorBytes(spec, type);
}

GraphBuilder::~GraphBuilder() {
    for (VkdmlOperator op : operators_) vkdmlRelease(op);
}

namespace {

HRESULT createOver(const std::vector<GraphTensorDesc>& operands, const GraphTensorDesc& output,
                   const GraphBuilder::OperatorFactory& create, VkdmlOperator* op) {
    std::deque<DescStorage> storage;
    std::vector<const DML_TENSOR_DESC*> tensors;
    for (const GraphTensorDesc& t : operands) tensors.push_back(t.absent ? nullptr : &storage.emplace_back(t).tensor);
    tensors.push_back(&storage.emplace_back(output).tensor);
    return create(tensors, op);
}

}  // namespace

uint32_t GraphBuilder::addOperator(DML_OPERATOR_TYPE type, const std::vector<GraphTensorDesc>& operands,
                                   const GraphTensorDesc& output, float attr0, float attr1) {
    return addOperator(operands, output, [&](const std::vector<const DML_TENSOR_DESC*>& tensors, VkdmlOperator* op) {
        if (type == DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU) {
            DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC desc{tensors[0], tensors[1], tensors[2]};
            DML_OPERATOR_DESC opDesc{type, &desc};
            return vkdmlCreateOperator(device_, &opDesc, op);
        }
        if (hasScaleBias(type)) {  // {InputTensor, OutputTensor, ScaleBias = NULL}
            DML_ELEMENT_WISE_ABS_OPERATOR_DESC desc{tensors[0], tensors[1], nullptr};
            DML_OPERATOR_DESC opDesc{type, &desc};
            return vkdmlCreateOperator(device_, &opDesc, op);
        }
        if (type == DML_OPERATOR_ELEMENT_WISE_NEGATE || type == DML_OPERATOR_ELEMENT_WISE_SIGN) {
            DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC desc{tensors[0], tensors[1]};
            DML_OPERATOR_DESC opDesc{type, &desc};
            return vkdmlCreateOperator(device_, &opDesc, op);
        }
        if (isActivation(type)) return tryCreateActivation(device_, type, tensors[0], tensors[1], attr0, attr1, op);
        return createElementwiseOperator(device_, type, tensors, op);
    });
}

uint32_t GraphBuilder::addOperator(const std::vector<GraphTensorDesc>& operands, const GraphTensorDesc& output,
                                   const OperatorFactory& create) {
    VkdmlOperator op = nullptr;
    const HRESULT hr = createOver(operands, output, create, &op);
    REQUIRE_MESSAGE(hr == S_OK, "creating an operator node");
    operators_.push_back(op);
    operatorNodes_.push_back({op, nullptr});
    nodes.push_back({DML_GRAPH_NODE_TYPE_OPERATOR, &operatorNodes_.back()});
    return static_cast<uint32_t>(nodes.size() - 1);
}

bool GraphBuilder::accepts(const std::vector<GraphTensorDesc>& operands, const GraphTensorDesc& output,
                           const OperatorFactory& create) const {
    VkdmlOperator op = nullptr;
    const HRESULT hr = createOver(operands, output, create, &op);
    if (op) vkdmlRelease(op);
    return hr == S_OK;
}

uint32_t GraphBuilder::addConstant(std::vector<uint8_t> data) {
    constantData_.push_back(std::move(data));
    constantNodes_.push_back({constantData_.back().data(), constantData_.back().size(), nullptr});
    nodes.push_back({DML_GRAPH_NODE_TYPE_CONSTANT, &constantNodes_.back()});
    return static_cast<uint32_t>(nodes.size() - 1);
}

void GraphBuilder::inputEdge(uint32_t graphInput, uint32_t node, uint32_t slot) {
    inputs.push_back({graphInput, node, slot, nullptr});
}

void GraphBuilder::edge(uint32_t from, uint32_t to, uint32_t slot, uint32_t fromSlot) {
    intermediates.push_back({from, fromSlot, to, slot, nullptr});
}

void GraphBuilder::outputEdge(uint32_t node, uint32_t graphOutput, uint32_t fromSlot) {
    outputs.push_back({node, fromSlot, graphOutput, nullptr});
}

DML_GRAPH_DESC GraphBuilder::desc() {
    inputEdges_.clear();
    intermediateEdges_.clear();
    outputEdges_.clear();
    uint32_t inCount = 0, outCount = 0;
    for (const auto& e : inputs) {
        inputEdges_.push_back({DML_GRAPH_EDGE_TYPE_INPUT, &e});
        inCount = std::max(inCount, e.GraphInputIndex + 1);
    }
    for (const auto& e : intermediates) intermediateEdges_.push_back({DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &e});
    for (const auto& e : outputs) {
        outputEdges_.push_back({DML_GRAPH_EDGE_TYPE_OUTPUT, &e});
        outCount = std::max(outCount, e.GraphOutputIndex + 1);
    }
    DML_GRAPH_DESC d{};
    d.InputCount = inputCount ? inputCount : inCount;
    d.OutputCount = outputCount ? outputCount : outCount;
    d.NodeCount = static_cast<UINT>(nodes.size());
    d.Nodes = nodes.data();
    d.InputEdgeCount = static_cast<UINT>(inputEdges_.size());
    d.InputEdges = inputEdges_.empty() ? nullptr : inputEdges_.data();
    d.OutputEdgeCount = static_cast<UINT>(outputEdges_.size());
    d.OutputEdges = outputEdges_.empty() ? nullptr : outputEdges_.data();
    d.IntermediateEdgeCount = static_cast<UINT>(intermediateEdges_.size());
    d.IntermediateEdges = intermediateEdges_.empty() ? nullptr : intermediateEdges_.data();
    return d;
}

HRESULT GraphBuilder::compile(VkdmlCompiledOperator* compiled, DML_EXECUTION_FLAGS flags) {
    const DML_GRAPH_DESC d = desc();
    if (throughCom()) return compileComGraph(device_, &d, flags, compiled);
    return vkdmlCompileGraph(device_, &d, flags, compiled);
}

namespace {

constexpr uint64_t kCanaryBytes = 256;

// Each output's bytes with its canary bytes after them, and each bound input as read back: the outputs without their
// canaries, and whether every canary and every input's bytes are intact.
void takeResults(GraphRun& run, const GraphIO& io, std::vector<std::vector<uint8_t>> outputs,
                 const std::vector<std::vector<uint8_t>>& inputs) {
    for (size_t o = 0; o < io.outputBytes.size(); ++o) {
        std::vector<uint8_t>& bytes = outputs[o];
        run.canaryIntact = run.canaryIntact &&
                           std::all_of(bytes.begin() + io.outputBytes[o], bytes.end(), [](uint8_t b) { return b == kCanary; });
        bytes.resize(io.outputBytes[o]);
        run.outputs.push_back(std::move(bytes));
    }
    for (size_t g = 0; g < io.inputs.size(); ++g)
        if (!io.inputs[g].empty())
            run.canaryIntact = run.canaryIntact && inputs[g].size() >= io.inputs[g].size() &&
                               std::equal(io.inputs[g].begin(), io.inputs[g].end(), inputs[g].begin());
}

// The same run through DirectML's COM API (runner_backend.h).
GraphRun runGraphThroughCom(TestDevice& device, VkdmlCompiledOperator compiled, const GraphIO& io) {
    GraphRun run;
    run.properties = vkdmlGetBindingProperties(compiled);
    ComGraphRun com = runComGraph(device, compiled, io.inputs, io.owned, io.outputBytes, kCanaryBytes, kCanary);
    run.hr = com.hr;
    run.failedCall = com.failedCall;
    if (run.ok()) takeResults(run, io, std::move(com.outputs), com.inputs);
    return run;
}

}  // namespace

GraphRun runGraph(TestDevice& device, VkdmlCompiledOperator compiled, const GraphIO& io) {
    if (throughCom()) return runGraphThroughCom(device, compiled, io);
    GraphRun run;
    auto failed = [&](HRESULT hr, const char* call) {
        if (hr == S_OK || !run.ok()) return hr != S_OK;
        run.hr = hr;
        run.failedCall = call;
        return true;
    };
    run.properties = vkdmlGetBindingProperties(compiled);
    const DML_BINDING_PROPERTIES& props = run.properties;

    std::vector<Owned<VkdmlBuffer>> inputBuffers, outputBuffers;
    std::vector<DML_BUFFER_BINDING> inputBindings(io.inputs.size()), ownedBindings(io.inputs.size());
    std::vector<DML_BINDING_DESC> inputDescs(io.inputs.size());
    bool anyOwned = false;
    for (size_t g = 0; g < io.inputs.size(); ++g) {
        const std::vector<uint8_t>& data = io.inputs[g];
        const uint64_t offset = io.inputOffset;
        inputBuffers.emplace_back(data.empty() ? nullptr
                                               : device.createDefaultBuffer(offset + data.size() + kCanaryBytes, kCanary));
        if (!data.empty()) device.upload(inputBuffers.back(), offset, data.data(), data.size());
        const bool owned = g < io.owned.size() && io.owned[g];
        anyOwned = anyOwned || owned;
        if (!data.empty())
            (owned ? ownedBindings : inputBindings)[g] = {inputBuffers.back(), offset, data.size() + kCanaryBytes};
        inputDescs[g] = data.empty() || owned ? DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr}
                                              : DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &inputBindings[g]};
    }
    std::vector<DML_BUFFER_BINDING> outputBindings(io.outputBytes.size());
    std::vector<DML_BINDING_DESC> outputDescs(io.outputBytes.size());
    for (size_t o = 0; o < io.outputBytes.size(); ++o) {
        outputBuffers.emplace_back(device.createDefaultBuffer(io.outputBytes[o] + kCanaryBytes, kCanary));
        outputBindings[o] = {outputBuffers.back(), 0, io.outputBytes[o]};
        outputDescs[o] = {DML_BINDING_TYPE_BUFFER, &outputBindings[o]};
    }
    Owned<VkdmlBuffer> temporary(props.TemporaryResourceSize ? device.createDefaultBuffer(props.TemporaryResourceSize, kCanary) : nullptr);
    Owned<VkdmlBuffer> persistent(props.PersistentResourceSize ? device.createDefaultBuffer(props.PersistentResourceSize) : nullptr);
    DML_BUFFER_BINDING temporaryBinding{temporary, 0, props.TemporaryResourceSize};
    DML_BUFFER_BINDING persistentBinding{persistent, 0, props.PersistentResourceSize};
    DML_BINDING_DESC temporaryDesc{DML_BINDING_TYPE_BUFFER, &temporaryBinding};
    DML_BINDING_DESC persistentDesc{DML_BINDING_TYPE_BUFFER, &persistentBinding};

    Owned<VkdmlDispatchable> init;
    Owned<VkdmlBindingTable> initTable, table;
    if (failed(vkdmlCreateOperatorInitializer(device, 1, &compiled, init.put()), "vkdmlCreateOperatorInitializer") ||
        failed(vkdmlCreateBindingTable(device, init, initTable.put()), "vkdmlCreateBindingTable(initializer)"))
        return run;
    DML_BUFFER_ARRAY_BINDING ownedArray{static_cast<UINT>(ownedBindings.size()), ownedBindings.data()};
    DML_BINDING_DESC ownedDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &ownedArray};
    if (anyOwned && failed(vkdmlBindInputs(initTable, 1, &ownedDesc), "vkdmlBindInputs(initializer)")) return run;
    if (props.PersistentResourceSize &&
        failed(vkdmlBindOutputs(initTable, 1, &persistentDesc), "vkdmlBindOutputs(initializer)"))
        return run;
    if (failed(vkdmlCreateBindingTable(device, compiled, table.put()), "vkdmlCreateBindingTable") ||
        failed(vkdmlBindInputs(table, static_cast<UINT>(inputDescs.size()), inputDescs.data()), "vkdmlBindInputs") ||
        failed(vkdmlBindOutputs(table, static_cast<UINT>(outputDescs.size()), outputDescs.data()), "vkdmlBindOutputs"))
        return run;
    if (props.TemporaryResourceSize && failed(vkdmlBindTemporaryResource(table, &temporaryDesc), "vkdmlBindTemporaryResource"))
        return run;
    if (props.PersistentResourceSize && failed(vkdmlBindPersistentResource(table, &persistentDesc), "vkdmlBindPersistentResource"))
        return run;
    HRESULT recordHr = S_OK;
    device.run([&](VkdmlCommandList list) {
        recordHr = vkdmlRecordDispatch(list, init, initTable);
        if (recordHr == S_OK) recordHr = vkdmlRecordDispatch(list, compiled, table);
    });
    if (failed(recordHr, "vkdmlRecordDispatch")) return run;
    std::vector<std::vector<uint8_t>> outputs, inputs(io.inputs.size());
    for (size_t o = 0; o < io.outputBytes.size(); ++o)
        outputs.push_back(device.download(outputBuffers[o], 0, io.outputBytes[o] + kCanaryBytes));
    for (size_t g = 0; g < io.inputs.size(); ++g)
        if (!io.inputs[g].empty()) inputs[g] = device.download(inputBuffers[g], io.inputOffset, io.inputs[g].size());
    takeResults(run, io, std::move(outputs), inputs);
    return run;
}

FusionDisabled::FusionDisabled(VkdmlDevice device) : device_(device) {
    REQUIRE(vkdmlTestSetOption(device_, VKDML_TEST_OPTION_FUSION, 0) == S_OK);
}
FusionDisabled::~FusionDisabled() { vkdmlTestSetOption(device_, VKDML_TEST_OPTION_FUSION, 1); }

Owned<VkdmlDispatchable> compileGraph(VkdmlDevice device, bool fuse, uint32_t nodes,
                                      const std::function<void(GraphBuilder&)>& build) {
    return compileGraph(device, fuse, nodes, 1, 1, build);
}

Owned<VkdmlDispatchable> compileGraph(VkdmlDevice device, bool fuse, uint32_t nodes, uint32_t steps,
                                      uint32_t fusedSteps, const std::function<void(GraphBuilder&)>& build) {
    std::unique_ptr<FusionDisabled> unfused(fuse ? nullptr : new FusionDisabled(device));
    GraphBuilder builder(device);
    build(builder);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(builder.compile(compiled.put()) == S_OK);
    UINT gotSteps = 0, gotFused = 0;
    REQUIRE(vkdmlTestGraphSteps(compiled, &gotSteps, &gotFused));
    REQUIRE(gotSteps == (fuse ? steps : nodes));
    REQUIRE(gotFused == (fuse ? fusedSteps : 0u));
    return compiled;
}

}  // namespace vkdml::test
