#include <windows.h>

#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <DirectML.h>
#include <vkdml_directml_iids.h>
#include <vkdml/vkdml.h>

#include <algorithm>
#include <cstring>
#include <mutex>

#include "com_session.h"

namespace vkdml::test {

namespace {

std::mutex registryMutex;
std::map<VkdmlDevice, ComSession*>& registry() {
    static std::map<VkdmlDevice, ComSession*> sessions;
    return sessions;
}

}  // namespace

ComSession::~ComSession() {
    std::lock_guard<std::mutex> lock(registryMutex);
    if (registered_) registry().erase(registered_);
}

void ComSession::registerFor(VkdmlDevice device) {
    std::lock_guard<std::mutex> lock(registryMutex);
    registered_ = device;
    registry()[device] = this;
}

ComSession* ComSession::of(VkdmlDevice device) {
    std::lock_guard<std::mutex> lock(registryMutex);
    const auto it = registry().find(device);
    return it == registry().end() ? nullptr : it->second;
}

ComBuffer::ComBuffer(ID3D12Device* device, const std::vector<uint8_t>& image) : size(image.size()) {
    resource = d3d12test::createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    upload = d3d12test::createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, size);
    readback = d3d12test::createBuffer(device, D3D12_HEAP_TYPE_READBACK, size);
    void* mapped = nullptr;
    const D3D12_RANGE nothingRead{0, 0};
    REQUIRE(upload->Map(0, &nothingRead, &mapped) == S_OK);
    std::memcpy(mapped, image.data(), image.size());
    upload->Unmap(0, nullptr);
}

std::vector<uint8_t> ComBuffer::download() const {
    void* mapped = nullptr;
    REQUIRE(readback->Map(0, nullptr, &mapped) == S_OK);
    std::vector<uint8_t> bytes(size);
    std::memcpy(bytes.data(), mapped, size);
    const D3D12_RANGE nothingWritten{0, 0};
    readback->Unmap(0, &nothingWritten);
    return bytes;
}

DML_BUFFER_BINDING scratchBuffer(ID3D12Device* device, UINT64 size, Microsoft::WRL::ComPtr<ID3D12Resource>& resource) {
    resource = d3d12test::createBuffer(device, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    return {resource.Get(), 0, size};
}

ComDescriptorHeap::ComDescriptorHeap(ID3D12Device* device, UINT descriptors) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{};
    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    desc.NumDescriptors = std::max<UINT>(1, descriptors);
    desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    REQUIRE(device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&heap)) == S_OK);
    increment = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
}

DML_BINDING_TABLE_DESC ComDescriptorHeap::table(IDMLDispatchable* dispatchable, UINT first, UINT count) const {
    DML_BINDING_TABLE_DESC desc{dispatchable, heap->GetCPUDescriptorHandleForHeapStart(),
                                heap->GetGPUDescriptorHandleForHeapStart(), count};
    desc.CPUDescriptorHandle.ptr += SIZE_T(first) * increment;
    desc.GPUDescriptorHandle.ptr += UINT64(first) * increment;
    return desc;
}

HRESULT recordUploadRunDownload(ComSession& s, std::vector<ComBuffer>& buffers, const ComDescriptorHeap& heap,
                                IDMLOperatorInitializer* init, IDMLBindingTable* initTable,
                                IDMLDispatchable* dispatchable, IDMLBindingTable* table, const char*& failedCall) {
    ID3D12GraphicsCommandList* list = s.queue->list.Get();
    std::vector<D3D12_RESOURCE_BARRIER> barriers;
    auto transitionAll = [&](D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to) {
        barriers.clear();
        for (ComBuffer& b : buffers) barriers.push_back(d3d12test::transition(b.resource.Get(), from, to));
        if (!barriers.empty()) list->ResourceBarrier(UINT(barriers.size()), barriers.data());
    };
    transitionAll(D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    for (ComBuffer& b : buffers) list->CopyBufferRegion(b.resource.Get(), 0, b.upload.Get(), 0, b.size);
    transitionAll(D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    ID3D12DescriptorHeap* heaps[] = {heap.heap.Get()};
    list->SetDescriptorHeaps(1, heaps);
    s.recorder->RecordDispatch(list, init, initTable);
    const D3D12_RESOURCE_BARRIER uav = d3d12test::uavBarrier(nullptr);
    list->ResourceBarrier(1, &uav);
    s.recorder->RecordDispatch(list, dispatchable, table);
    if (const HRESULT hr = s.dml->GetDeviceRemovedReason(); FAILED(hr)) {
        failedCall = "IDMLCommandRecorder::RecordDispatch";
        return hr;
    }
    transitionAll(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    for (ComBuffer& b : buffers) list->CopyBufferRegion(b.readback.Get(), 0, b.resource.Get(), 0, b.size);
    s.queue->executeAndWait();
    return S_OK;
}

}  // namespace vkdml::test
