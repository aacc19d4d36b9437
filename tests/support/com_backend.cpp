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

#include "d3d12_test_support.h"
#include "one_node_graph.h"
#include "runner_backend.h"

using Microsoft::WRL::ComPtr;

namespace vkdml::test {

using d3d12test::transition;
using d3d12test::uavBarrier;

// The D3D12 and DirectML objects a COM test device holds.
struct ComSession {
    ComPtr<ID3D12Device> d3d12;
    ComPtr<IDMLDevice1> dml;
    ComPtr<IVkdmlDmlDevice> interop;
    ComPtr<IDMLCommandRecorder> recorder;
    std::unique_ptr<d3d12test::Queue> queue;  // a direct queue, its allocator, an open list, a fence with an event
};

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
        Buffer b;
        b.size = image.size();
        b.resource = d3d12test::createBuffer(s_.d3d12.Get(), D3D12_HEAP_TYPE_DEFAULT, b.size,
                                  D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
        b.upload = d3d12test::createBuffer(s_.d3d12.Get(), D3D12_HEAP_TYPE_UPLOAD, b.size);
        void* mapped = nullptr;
        const D3D12_RANGE nothingRead{0, 0};
        REQUIRE(b.upload->Map(0, &nothingRead, &mapped) == S_OK);
        std::memcpy(mapped, image.data(), image.size());
        b.upload->Unmap(0, nullptr);
        buffers_.push_back(std::move(b));
        return buffers_.size() - 1;
    }

    HRESULT execute(const std::vector<RunnerRange>& inputs, const std::vector<RunnerRange>& outputs) override {
        const DML_BINDING_PROPERTIES initProps = initializerProperties(), props = properties();
        // One shader-visible heap: the initializer's descriptors, then the operator's.
        D3D12_DESCRIPTOR_HEAP_DESC heapDesc{};
        heapDesc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
        heapDesc.NumDescriptors = std::max<UINT>(1, initProps.RequiredDescriptorCount + props.RequiredDescriptorCount);
        heapDesc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
        ComPtr<ID3D12DescriptorHeap> heap;
        REQUIRE(s_.d3d12->CreateDescriptorHeap(&heapDesc, IID_PPV_ARGS(&heap)) == S_OK);
        const UINT increment = s_.d3d12->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
        auto tableDesc = [&](IDMLDispatchable* dispatchable, UINT first, UINT count) {
            DML_BINDING_TABLE_DESC desc{};
            desc.Dispatchable = dispatchable;
            desc.CPUDescriptorHandle = heap->GetCPUDescriptorHandleForHeapStart();
            desc.CPUDescriptorHandle.ptr += SIZE_T(first) * increment;
            desc.GPUDescriptorHandle = heap->GetGPUDescriptorHandleForHeapStart();
            desc.GPUDescriptorHandle.ptr += UINT64(first) * increment;
            desc.SizeInDescriptors = count;
            return desc;
        };
        HRESULT hr = S_OK;
        ComPtr<IDMLBindingTable> initTable, table;
        const DML_BINDING_TABLE_DESC initDesc = tableDesc(init_.Get(), 0, initProps.RequiredDescriptorCount);
        if ((hr = s_.dml->CreateBindingTable(&initDesc, IID_PPV_ARGS(&initTable))) != S_OK)
            return failed(hr, "IDMLDevice::CreateBindingTable(initializer)");
        const DML_BINDING_TABLE_DESC desc =
            tableDesc(compiled_.Get(), initProps.RequiredDescriptorCount, props.RequiredDescriptorCount);
        if ((hr = s_.dml->CreateBindingTable(&desc, IID_PPV_ARGS(&table))) != S_OK)
            return failed(hr, "IDMLDevice::CreateBindingTable");

        ComPtr<ID3D12Resource> initTemporary, temporary, persistent;
        DML_BUFFER_BINDING initTempBinding{}, tempBinding{}, persistentBinding{};
        DML_BINDING_DESC initTempDesc{DML_BINDING_TYPE_BUFFER, &initTempBinding};
        DML_BINDING_DESC tempDesc{DML_BINDING_TYPE_BUFFER, &tempBinding};
        DML_BINDING_DESC persistentDesc{DML_BINDING_TYPE_BUFFER, &persistentBinding};
        auto scratch = [&](UINT64 size, ComPtr<ID3D12Resource>& resource, DML_BUFFER_BINDING& binding) {
            resource = d3d12test::createBuffer(s_.d3d12.Get(), D3D12_HEAP_TYPE_DEFAULT, size,
                                    D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
            binding = {resource.Get(), 0, size};
        };
        if (initProps.TemporaryResourceSize) {
            scratch(initProps.TemporaryResourceSize, initTemporary, initTempBinding);
            initTable->BindTemporaryResource(&initTempDesc);
        }
        if (props.PersistentResourceSize) {
            scratch(props.PersistentResourceSize, persistent, persistentBinding);
            initTable->BindOutputs(1, &persistentDesc);
            table->BindPersistentResource(&persistentDesc);
        }
        if (props.TemporaryResourceSize) {
            scratch(props.TemporaryResourceSize, temporary, tempBinding);
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

        // Upload, initialize, execute, read back: one command list.
        std::vector<D3D12_RESOURCE_BARRIER> barriers;
        for (Buffer& b : buffers_)
            barriers.push_back(transition(b.resource.Get(), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST));
        s_.queue->list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
        barriers.clear();
        for (Buffer& b : buffers_) {
            s_.queue->list->CopyBufferRegion(b.resource.Get(), 0, b.upload.Get(), 0, b.size);
            barriers.push_back(transition(b.resource.Get(), D3D12_RESOURCE_STATE_COPY_DEST,
                                          D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
        }
        s_.queue->list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
        ID3D12DescriptorHeap* heaps[] = {heap.Get()};
        s_.queue->list->SetDescriptorHeaps(1, heaps);
        s_.recorder->RecordDispatch(s_.queue->list.Get(), init_.Get(), initTable.Get());
        const D3D12_RESOURCE_BARRIER uav = uavBarrier(nullptr);
        s_.queue->list->ResourceBarrier(1, &uav);
        s_.recorder->RecordDispatch(s_.queue->list.Get(), compiled_.Get(), table.Get());
        if (FAILED(hr = s_.dml->GetDeviceRemovedReason())) return failed(hr, "IDMLCommandRecorder::RecordDispatch");
        barriers.clear();
        for (Buffer& b : buffers_) {
            barriers.push_back(transition(b.resource.Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                                          D3D12_RESOURCE_STATE_COPY_SOURCE));
            b.readback = d3d12test::createBuffer(s_.d3d12.Get(), D3D12_HEAP_TYPE_READBACK, b.size);
        }
        s_.queue->list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
        for (Buffer& b : buffers_) s_.queue->list->CopyBufferRegion(b.readback.Get(), 0, b.resource.Get(), 0, b.size);
        s_.queue->executeAndWait();
        return S_OK;
    }

    std::vector<uint8_t> download(size_t buffer) override {
        Buffer& b = buffers_[buffer];
        REQUIRE(b.readback);
        void* mapped = nullptr;
        REQUIRE(b.readback->Map(0, nullptr, &mapped) == S_OK);
        std::vector<uint8_t> bytes(b.size);
        std::memcpy(bytes.data(), mapped, b.size);
        const D3D12_RANGE nothingWritten{0, 0};
        b.readback->Unmap(0, &nothingWritten);
        return bytes;
    }

private:
    struct Buffer {
        ComPtr<ID3D12Resource> resource, upload, readback;
        UINT64 size = 0;
    };

    ComSession& s_;
    ComPtr<IDMLCompiledOperator> compiled_;
    ComPtr<IDMLOperatorInitializer> init_;
    std::vector<Buffer> buffers_;
};

}  // namespace

std::unique_ptr<RunnerBackend> makeComRunnerBackend(TestDevice& device) {
    ComSession* session = device.comSession();
    return session ? std::make_unique<ComRunnerBackend>(*session) : nullptr;
}

}  // namespace vkdml::test
