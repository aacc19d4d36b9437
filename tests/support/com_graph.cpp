// The graph suites' COM path (runner_backend.h: compileComGraph, runComGraph), written the way a DirectML program
// compiles and runs a graph: IDMLDevice1::CompileGraph, an initializer binding the OWNED_BY_DML inputs as one
// BUFFER_ARRAY, binding tables over a shader-visible descriptor heap, committed D3D12 buffers uploaded and read back
// with CopyBufferRegion, IDMLCommandRecorder on a D3D12 command list, a fence with an event.
#include <windows.h>

#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <DirectML.h>
#include <vkdml_directml_iids.h>
#include <vkdml/vkdml.h>

#include <cstring>
#include <deque>

#include "com_session.h"
#include "runner_backend.h"

using Microsoft::WRL::ComPtr;

namespace vkdml::test {

namespace {

// Graphs the test released already: only the session's IDMLCompiledOperator still references their dispatchable.
void dropReleasedGraphs(ComSession& s) {
    for (auto it = s.graphs.begin(); it != s.graphs.end();) {
        vkdmlAddRef(it->first);
        it = vkdmlRelease(it->first) == 1 ? s.graphs.erase(it) : std::next(it);
    }
}

}  // namespace

HRESULT compileComGraph(VkdmlDevice device, const void* graphDesc, DML_EXECUTION_FLAGS flags,
                        VkdmlDispatchable* compiled) {
    *compiled = nullptr;
    ComSession* s = ComSession::of(device);
    REQUIRE_MESSAGE(s, "compileComGraph: the device is no COM test device");
    dropReleasedGraphs(*s);
    // vkdml.h's DML_GRAPH_DESC and the COM header's share their layout; operator nodes hold VkdmlOperators, which
    // become IDMLOperators of the session's device.
    const DML_GRAPH_DESC& desc = *static_cast<const DML_GRAPH_DESC*>(graphDesc);
    std::vector<ComPtr<IDMLOperator>> operators;
    std::deque<DML_OPERATOR_GRAPH_NODE_DESC> operatorNodes;
    std::vector<DML_GRAPH_NODE_DESC> nodes(desc.Nodes, desc.Nodes + (desc.Nodes ? desc.NodeCount : 0));
    for (DML_GRAPH_NODE_DESC& node : nodes) {
        uint32_t type = 0;  // read as a number: validation tests pass values outside the enum
        std::memcpy(&type, &node.Type, sizeof(type));
        if (type != DML_GRAPH_NODE_TYPE_OPERATOR || !node.Desc) continue;
        const auto& source = *static_cast<const DML_OPERATOR_GRAPH_NODE_DESC*>(node.Desc);
        ComPtr<IDMLOperator> op;
        if (source.Operator) {
            const HRESULT hr =
                s->interop->CreateOperatorFromVkdml(reinterpret_cast<VkdmlOperator>(source.Operator), IID_PPV_ARGS(&op));
            if (FAILED(hr)) return hr;
        }
        operatorNodes.push_back({op.Get(), source.Name});
        operators.push_back(op);
        node.Desc = &operatorNodes.back();
    }
    DML_GRAPH_DESC copy = desc;
    copy.Nodes = nodes.empty() ? desc.Nodes : nodes.data();
    ComPtr<IDMLCompiledOperator> graph;
    HRESULT hr = s->dml->CompileGraph(&copy, flags, IID_PPV_ARGS(&graph));
    if (FAILED(hr)) return hr;
    hr = s->interop->GetVkdmlDispatchable(graph.Get(), compiled);
    if (SUCCEEDED(hr)) s->graphs[*compiled] = graph;
    return hr;
}

ComGraphRun runComGraph(TestDevice& device, VkdmlDispatchable compiled, const std::vector<std::vector<uint8_t>>& inputs,
                        const std::vector<bool>& owned, const std::vector<uint64_t>& outputBytes, uint64_t canaryBytes,
                        uint8_t canary) {
    ComGraphRun run;
    auto failed = [&run](HRESULT hr, const char* call) {
        if (hr == S_OK) return false;
        run.hr = hr;
        run.failedCall = call;
        return true;
    };
    ComSession* s = device.comSession();
    REQUIRE(s);
    const auto found = s->graphs.find(compiled);
    REQUIRE_MESSAGE(found != s->graphs.end(), "runComGraph: not a graph compileComGraph made");
    IDMLCompiledOperator* graph = found->second.Get();
    IDMLCompiledOperator* targets[] = {graph};
    ComPtr<IDMLOperatorInitializer> init;
    if (failed(s->dml->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&init)),
               "IDMLDevice::CreateOperatorInitializer"))
        return run;
    const DML_BINDING_PROPERTIES initProps = init->GetBindingProperties(), props = graph->GetBindingProperties();

    // Inputs: data then canary bytes; OWNED_BY_DML ones go to the initializer's BUFFER_ARRAY, the others to the
    // graph's table; empty ones are not bound. Outputs: canary bytes past their end.
    std::vector<ComBuffer> buffers;
    auto buffer = [&](const std::vector<uint8_t>& image) {
        buffers.emplace_back(s->d3d12.Get(), image);
        return buffers.back().resource.Get();
    };
    std::vector<DML_BUFFER_BINDING> inputBindings(inputs.size()), ownedBindings(inputs.size());
    std::vector<DML_BINDING_DESC> inputDescs(inputs.size(), DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr});
    std::vector<int> inputBuffer(inputs.size(), -1);
    bool anyOwned = false;
    for (size_t g = 0; g < inputs.size(); ++g) {
        if (inputs[g].empty()) continue;
        std::vector<uint8_t> image = inputs[g];
        image.resize(image.size() + canaryBytes, canary);
        inputBuffer[g] = int(buffers.size());
        const DML_BUFFER_BINDING binding{buffer(image), 0, image.size()};
        if (g < owned.size() && owned[g]) {
            ownedBindings[g] = binding;
            anyOwned = true;
        } else {
            inputBindings[g] = binding;
            inputDescs[g] = {DML_BINDING_TYPE_BUFFER, &inputBindings[g]};
        }
    }
    std::vector<DML_BUFFER_BINDING> outputBindings(outputBytes.size());
    std::vector<DML_BINDING_DESC> outputDescs(outputBytes.size());
    const size_t firstOutput = buffers.size();
    for (size_t o = 0; o < outputBytes.size(); ++o) {
        outputBindings[o] = {buffer(std::vector<uint8_t>(outputBytes[o] + canaryBytes, canary)), 0, outputBytes[o]};
        outputDescs[o] = {DML_BINDING_TYPE_BUFFER, &outputBindings[o]};
    }

    const ComDescriptorHeap heap(s->d3d12.Get(), initProps.RequiredDescriptorCount + props.RequiredDescriptorCount);
    ComPtr<IDMLBindingTable> initTable, table;
    const DML_BINDING_TABLE_DESC initDesc = heap.table(init.Get(), 0, initProps.RequiredDescriptorCount);
    const DML_BINDING_TABLE_DESC graphDesc =
        heap.table(graph, initProps.RequiredDescriptorCount, props.RequiredDescriptorCount);
    if (failed(s->dml->CreateBindingTable(&initDesc, IID_PPV_ARGS(&initTable)), "IDMLDevice::CreateBindingTable(init)") ||
        failed(s->dml->CreateBindingTable(&graphDesc, IID_PPV_ARGS(&table)), "IDMLDevice::CreateBindingTable"))
        return run;
    ComPtr<ID3D12Resource> temporary, initTemporary, persistent;
    DML_BUFFER_BINDING initTemporaryBinding{}, temporaryBinding{}, persistentBinding{};
    DML_BINDING_DESC initTemporaryDesc{DML_BINDING_TYPE_BUFFER, &initTemporaryBinding};
    DML_BINDING_DESC temporaryDesc{DML_BINDING_TYPE_BUFFER, &temporaryBinding};
    DML_BINDING_DESC persistentDesc{DML_BINDING_TYPE_BUFFER, &persistentBinding};
    DML_BUFFER_ARRAY_BINDING ownedArray{UINT(ownedBindings.size()), ownedBindings.data()};
    DML_BINDING_DESC ownedDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &ownedArray};
    if (anyOwned) initTable->BindInputs(1, &ownedDesc);
    if (initProps.TemporaryResourceSize) {
        initTemporaryBinding = scratchBuffer(s->d3d12.Get(), initProps.TemporaryResourceSize, initTemporary);
        initTable->BindTemporaryResource(&initTemporaryDesc);
    }
    if (props.PersistentResourceSize) {
        persistentBinding = scratchBuffer(s->d3d12.Get(), props.PersistentResourceSize, persistent);
        initTable->BindOutputs(1, &persistentDesc);
        table->BindPersistentResource(&persistentDesc);
    }
    if (props.TemporaryResourceSize) {
        temporaryBinding = scratchBuffer(s->d3d12.Get(), props.TemporaryResourceSize, temporary);
        table->BindTemporaryResource(&temporaryDesc);
    }
    table->BindInputs(UINT(inputDescs.size()), inputDescs.empty() ? nullptr : inputDescs.data());
    table->BindOutputs(UINT(outputDescs.size()), outputDescs.empty() ? nullptr : outputDescs.data());
    if (failed(s->dml->GetDeviceRemovedReason(), "IDMLBindingTable::Bind*")) return run;
    const char* failedCall = "";
    const HRESULT hr = recordUploadRunDownload(*s, buffers, heap, init.Get(), initTable.Get(), graph, table.Get(),
                                               failedCall);
    if (failed(hr, failedCall)) return run;
    for (size_t o = 0; o < outputBytes.size(); ++o) run.outputs.push_back(buffers[firstOutput + o].download());
    for (size_t g = 0; g < inputs.size(); ++g)
        run.inputs.push_back(inputBuffer[g] < 0 ? std::vector<uint8_t>{} : buffers[size_t(inputBuffer[g])].download());
    return run;
}

}  // namespace vkdml::test
