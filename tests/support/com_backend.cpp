// The runners' COM backend (runner_backend.h), written the way a DirectML program is: DirectX-Headers, the COM
// DirectML.h, ComPtr, a D3D12 device with the debug layer, a queue with an allocator, a list, and a fence with an
// event.
#include <windows.h>

#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>
#include <wrl/client.h>

#include <DirectML.h>
#include <vkdml_directml_iids.h>
#include <vkdml_directml.h>
#include <vkdml_d3d12.h>
#include <vkdml/vkdml.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "com_session.h"
#include "one_node_graph.h"
#include "runner_backend.h"

using Microsoft::WRL::ComPtr;

namespace vkdml::test {


// D3D12CreateDevice, with the debug layer on for DEBUG test devices (Vulkan validation), then the test device's message
// callback on the vkdml device under it (vkdmlSetMessageCallback), so errors() and the validation check work as
// for C API devices.
VkdmlDevice createComTestDevice(const VKDML_DEVICE_DESC& testDesc, std::shared_ptr<ComSession>& session) {
    session = std::make_shared<ComSession>();
    ComSession& s = *session;
    const bool debug = (testDesc.Flags & DML_CREATE_DEVICE_FLAG_DEBUG) != 0;
    if (debug) {
        ComPtr<ID3D12Debug> debugLayer;
        REQUIRE(D3D12GetDebugInterface(IID_PPV_ARGS(&debugLayer)) == S_OK);
        debugLayer->EnableDebugLayer();
    }
    REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&s.d3d12)) == S_OK);
    ComPtr<IVkdmlD3D12Device> d3d12Interop;
    REQUIRE(s.d3d12.As(&d3d12Interop) == S_OK);
    REQUIRE(vkdmlSetMessageCallback(d3d12Interop->GetVkdmlDevice(), testDesc.MessageCallback, testDesc.MessageUserData) ==
            S_OK);
    REQUIRE(DMLCreateDevice(s.d3d12.Get(), debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE,
                            IID_PPV_ARGS(&s.dml)) == S_OK);
    REQUIRE(s.dml.As(&s.interop) == S_OK);
    s.queue = std::make_unique<d3d12test::Queue>(s.d3d12);
    REQUIRE(s.dml->CreateCommandRecorder(IID_PPV_ARGS(&s.recorder)) == S_OK);
    VkdmlDevice vkdml = s.interop->GetVkdmlDevice();
    vkdmlAddRef(vkdml);
    s.registerFor(vkdml);
    return vkdml;
}

namespace {

class ComRunnerBackend final : public RunnerBackend {
public:
    explicit ComRunnerBackend(ComSession& session) : s_(session) {}

    HRESULT compile(VkdmlOperator op, DML_EXECUTION_FLAGS flags, const std::vector<bool>& present,
                    uint32_t outputs) override {
        ComPtr<IDMLOperator> dmlOp;
        HRESULT hr = s_.interop->CreateOperatorFromVkdml(op, IID_PPV_ARGS(&dmlOp));
        if (hr != S_OK) return failed(hr, "IVkdmlDmlDevice::CreateOperatorFromVkdml");
        if (!throughGraph()) {
            hr = s_.dml->CompileOperator(dmlOp.Get(), flags, IID_PPV_ARGS(&compiled_));
            if (hr != S_OK) return failed(hr, "IDMLDevice::CompileOperator");
        } else {
            const OneNodeGraph graph(dmlOp.Get(), present, outputs);
            hr = s_.dml->CompileGraph(&graph.desc, flags, IID_PPV_ARGS(&compiled_));
            if (hr != S_OK) return failed(hr, "IDMLDevice1::CompileGraph");
        }
        IDMLCompiledOperator* targets[] = {compiled_.Get()};
        hr = s_.dml->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&init_));
        return failed(hr, "IDMLDevice::CreateOperatorInitializer");
    }
    bool graph() const override { return throughGraph(); }
    DML_BINDING_PROPERTIES properties() const override { return compiled_->GetBindingProperties(); }
    DML_BINDING_PROPERTIES initializerProperties() const override { return init_->GetBindingProperties(); }

    size_t createBuffer(const std::vector<uint8_t>& image) override {
        buffers_.emplace_back(s_.d3d12.Get(), image);
        return buffers_.size() - 1;
    }

    HRESULT execute(const std::vector<RunnerRange>& inputs, const std::vector<RunnerRange>& outputs) override {
        const DML_BINDING_PROPERTIES initProps = initializerProperties(), props = properties();
        // One shader-visible heap: the initializer's descriptors, then the operator's.
        const ComDescriptorHeap heap(s_.d3d12.Get(), initProps.RequiredDescriptorCount + props.RequiredDescriptorCount);
        HRESULT hr = S_OK;
        ComPtr<IDMLBindingTable> initTable, table;
        const DML_BINDING_TABLE_DESC initDesc = heap.table(init_.Get(), 0, initProps.RequiredDescriptorCount);
        if ((hr = s_.dml->CreateBindingTable(&initDesc, IID_PPV_ARGS(&initTable))) != S_OK)
            return failed(hr, "IDMLDevice::CreateBindingTable(initializer)");
        const DML_BINDING_TABLE_DESC desc =
            heap.table(compiled_.Get(), initProps.RequiredDescriptorCount, props.RequiredDescriptorCount);
        if ((hr = s_.dml->CreateBindingTable(&desc, IID_PPV_ARGS(&table))) != S_OK)
            return failed(hr, "IDMLDevice::CreateBindingTable");

        ComPtr<ID3D12Resource> initTemporary, temporary, persistent;
        DML_BUFFER_BINDING initTempBinding{}, tempBinding{}, persistentBinding{};
        DML_BINDING_DESC initTempDesc{DML_BINDING_TYPE_BUFFER, &initTempBinding};
        DML_BINDING_DESC tempDesc{DML_BINDING_TYPE_BUFFER, &tempBinding};
        DML_BINDING_DESC persistentDesc{DML_BINDING_TYPE_BUFFER, &persistentBinding};
        if (initProps.TemporaryResourceSize) {
            initTempBinding = scratchBuffer(s_.d3d12.Get(), initProps.TemporaryResourceSize, initTemporary);
            initTable->BindTemporaryResource(&initTempDesc);
        }
        if (props.PersistentResourceSize) {
            persistentBinding = scratchBuffer(s_.d3d12.Get(), props.PersistentResourceSize, persistent);
            initTable->BindOutputs(1, &persistentDesc);
            table->BindPersistentResource(&persistentDesc);
        }
        if (props.TemporaryResourceSize) {
            tempBinding = scratchBuffer(s_.d3d12.Get(), props.TemporaryResourceSize, temporary);
            table->BindTemporaryResource(&tempDesc);
        }
        std::vector<DML_BUFFER_BINDING> inBindings, outBindings(outputs.size());
        std::vector<DML_BINDING_DESC> inDescs, outDescs(outputs.size());
        inBindings.reserve(inputs.size());
        for (const RunnerRange& r : inputs) {
            if (throughGraph() && !r.present) continue;  // a graph's inputs are the present slots
            inBindings.push_back({buffers_[r.buffer].resource.Get(), r.offset, r.bytes});
            inDescs.push_back(r.present ? DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &inBindings.back()}
                                        : DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr});
        }
        for (size_t o = 0; o < outputs.size(); ++o) {
            outBindings[o] = {buffers_[outputs[o].buffer].resource.Get(), outputs[o].offset, outputs[o].bytes};
            outDescs[o] = {DML_BINDING_TYPE_BUFFER, &outBindings[o]};
        }
        table->BindInputs(static_cast<UINT>(inDescs.size()), inDescs.empty() ? nullptr : inDescs.data());
        table->BindOutputs(static_cast<UINT>(outDescs.size()), outDescs.data());
        if (FAILED(hr = s_.dml->GetDeviceRemovedReason())) return failed(hr, "IDMLBindingTable::Bind*");
        const char* failedCall = "";
        hr = recordUploadRunDownload(s_, buffers_, heap, init_.Get(), initTable.Get(), compiled_.Get(), table.Get(),
                                     failedCall);
        return failed(hr, failedCall);
    }

    std::vector<uint8_t> download(size_t buffer) override { return buffers_[buffer].download(); }

private:
    ComSession& s_;
    ComPtr<IDMLCompiledOperator> compiled_;
    ComPtr<IDMLOperatorInitializer> init_;
    std::vector<ComBuffer> buffers_;
};

}  // namespace

std::unique_ptr<RunnerBackend> makeComRunnerBackend(TestDevice& device) {
    ComSession* session = device.comSession();
    return session ? std::make_unique<ComRunnerBackend>(*session) : nullptr;
}

}  // namespace vkdml::test
