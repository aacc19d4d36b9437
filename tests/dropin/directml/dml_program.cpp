#include "dml_program.h"

#include <algorithm>
#include <cstring>

#include <doctest/doctest.h>

namespace dmltest {

D3D12Context::D3D12Context() {
    ComPtr<ID3D12Debug> debug;
    if (SUCCEEDED(D3D12GetDebugInterface(IID_PPV_ARGS(&debug)))) debug->EnableDebugLayer();
    REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)) == S_OK);
    D3D12_COMMAND_QUEUE_DESC queueDesc{};
    queueDesc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    REQUIRE(device->CreateCommandQueue(&queueDesc, IID_PPV_ARGS(&queue)) == S_OK);
    REQUIRE(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(&allocator)) == S_OK);
    REQUIRE(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator.Get(), nullptr,
                                      IID_PPV_ARGS(&list)) == S_OK);
    REQUIRE(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)) == S_OK);
    event = CreateEventA(nullptr, FALSE, FALSE, nullptr);
    REQUIRE(event != nullptr);
}

D3D12Context& D3D12Context::shared() {
    static D3D12Context context;
    return context;
}

ComPtr<ID3D12Resource> D3D12Context::buffer(D3D12_HEAP_TYPE heap, UINT64 size, D3D12_RESOURCE_STATES state,
                                            D3D12_RESOURCE_FLAGS flags) {
    D3D12_HEAP_PROPERTIES heapProperties{};
    heapProperties.Type = heap;
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_UNKNOWN;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = flags;
    ComPtr<ID3D12Resource> resource;
    REQUIRE(device->CreateCommittedResource(&heapProperties, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                            IID_PPV_ARGS(&resource)) == S_OK);
    return resource;
}

ComPtr<ID3D12Resource> D3D12Context::uploaded(const void* bytes, UINT64 size) {
    ComPtr<ID3D12Resource> upload = buffer(D3D12_HEAP_TYPE_UPLOAD, size, D3D12_RESOURCE_STATE_GENERIC_READ);
    void* mapped = nullptr;
    REQUIRE(upload->Map(0, nullptr, &mapped) == S_OK);
    std::memcpy(mapped, bytes, size);
    upload->Unmap(0, nullptr);
    ComPtr<ID3D12Resource> target = buffer(D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_STATE_COPY_DEST,
                                           D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    list->CopyBufferRegion(target.Get(), 0, upload.Get(), 0, size);
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = target.Get();
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_DEST;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    list->ResourceBarrier(1, &barrier);
    staging_.push_back(upload);
    return target;
}

ComPtr<ID3D12Resource> D3D12Context::readback(ID3D12Resource* source, UINT64 size) {
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = source;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    list->ResourceBarrier(1, &barrier);
    ComPtr<ID3D12Resource> target = buffer(D3D12_HEAP_TYPE_READBACK, size, D3D12_RESOURCE_STATE_COPY_DEST);
    list->CopyBufferRegion(target.Get(), 0, source, 0, size);
    return target;
}

void D3D12Context::executeAndWait() {
    REQUIRE(list->Close() == S_OK);
    ID3D12CommandList* lists[] = {list.Get()};
    queue->ExecuteCommandLists(1, lists);
    REQUIRE(queue->Signal(fence.Get(), ++fenceValue) == S_OK);
    if (fence->GetCompletedValue() < fenceValue) {
        REQUIRE(fence->SetEventOnCompletion(fenceValue, event) == S_OK);
        REQUIRE(WaitForSingleObject(event, 60000) == WAIT_OBJECT_0);
    }
    REQUIRE(fence->GetCompletedValue() >= fenceValue);
    staging_.clear();
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator.Get(), nullptr) == S_OK);
}

void D3D12Context::resetList() {
    list->Close();
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator.Get(), nullptr) == S_OK);
    staging_.clear();
}

std::vector<float> D3D12Context::floats(ID3D12Resource* readbackBuffer, size_t count) {
    std::vector<float> values(count);
    void* mapped = nullptr;
    D3D12_RANGE range{0, count * sizeof(float)};
    REQUIRE(readbackBuffer->Map(0, &range, &mapped) == S_OK);
    std::memcpy(values.data(), mapped, count * sizeof(float));
    D3D12_RANGE written{0, 0};
    readbackBuffer->Unmap(0, &written);
    return values;
}

DescriptorHeap::DescriptorHeap(ID3D12Device* device, UINT count, D3D12_DESCRIPTOR_HEAP_TYPE type,
                               D3D12_DESCRIPTOR_HEAP_FLAGS flags) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{};
    desc.Type = type;
    desc.NumDescriptors = count;
    desc.Flags = flags;
    REQUIRE(device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&heap)) == S_OK);
    increment = device->GetDescriptorHandleIncrementSize(type);
}

DML_BINDING_TABLE_DESC DescriptorHeap::tableDesc(IDMLDispatchable* dispatchable, UINT first, UINT count) const {
    DML_BINDING_TABLE_DESC desc{};
    desc.Dispatchable = dispatchable;
    desc.CPUDescriptorHandle = heap->GetCPUDescriptorHandleForHeapStart();
    desc.CPUDescriptorHandle.ptr += SIZE_T(first) * increment;
    if (heap->GetDesc().Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) {
        desc.GPUDescriptorHandle = heap->GetGPUDescriptorHandleForHeapStart();
        desc.GPUDescriptorHandle.ptr += UINT64(first) * increment;
    }
    desc.SizeInDescriptors = count;
    return desc;
}

ComPtr<IDMLDevice> createDmlDevice(ID3D12Device* device, DML_CREATE_DEVICE_FLAGS flags) {
    ComPtr<IDMLDevice> dml;
    REQUIRE(DMLCreateDevice(device, flags, IID_PPV_ARGS(&dml)) == S_OK);
    return dml;
}

namespace {
DML_BINDING_DESC bufferBinding(DML_BUFFER_BINDING& binding, ID3D12Resource* resource, UINT64 size) {
    binding = DML_BUFFER_BINDING{resource, 0, size};
    return DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &binding};
}
UINT64 roundUp(UINT64 size) { return std::max<UINT64>(16, (size + 15) / 16 * 16); }
}  // namespace

std::vector<std::vector<float>> runCompiled(IDMLDevice* dml, IDMLCompiledOperator* compiled, const RunInputs& inputs,
                                            const std::vector<size_t>& outputCounts) {
    D3D12Context& ctx = D3D12Context::shared();
    ComPtr<IDMLOperatorInitializer> initializer;
    IDMLCompiledOperator* targets[] = {compiled};
    if (inputs.initializerThroughReset) {
        REQUIRE(dml->CreateOperatorInitializer(0, nullptr, IID_PPV_ARGS(&initializer)) == S_OK);
        REQUIRE(initializer->Reset(1, targets) == S_OK);
    } else {
        REQUIRE(dml->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&initializer)) == S_OK);
    }
    const DML_BINDING_PROPERTIES initProps = initializer->GetBindingProperties();
    const DML_BINDING_PROPERTIES props = compiled->GetBindingProperties();

    const size_t inputCount = inputs.values.size();
    std::vector<ComPtr<ID3D12Resource>> inputBuffers(inputCount);
    std::vector<DML_BUFFER_BINDING> inputBindings(inputCount), ownedBindings(inputCount);
    std::vector<DML_BINDING_DESC> inputDescs(inputCount, DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr});
    bool anyOwned = false;
    for (size_t i = 0; i < inputCount; ++i) {
        if (inputs.values[i].empty()) continue;
        inputBuffers[i] = ctx.uploaded(inputs.values[i]);
        const UINT64 size = inputs.values[i].size() * sizeof(float);
        if (i < inputs.owned.size() && inputs.owned[i]) {
            ownedBindings[i] = DML_BUFFER_BINDING{inputBuffers[i].Get(), 0, size};
            anyOwned = true;
        } else {
            inputDescs[i] = bufferBinding(inputBindings[i], inputBuffers[i].Get(), size);
        }
    }
    std::vector<ComPtr<ID3D12Resource>> outputBuffers;
    std::vector<DML_BUFFER_BINDING> outputBindings(outputCounts.size());
    std::vector<DML_BINDING_DESC> outputDescs;
    for (size_t o = 0; o < outputCounts.size(); ++o) {
        outputBuffers.push_back(ctx.buffer(D3D12_HEAP_TYPE_DEFAULT, roundUp(outputCounts[o] * sizeof(float)),
                                           D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                                           D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS));
        outputDescs.push_back(bufferBinding(outputBindings[o], outputBuffers[o].Get(), outputCounts[o] * sizeof(float)));
    }
    const UINT64 temporarySize = std::max(initProps.TemporaryResourceSize, props.TemporaryResourceSize);
    ComPtr<ID3D12Resource> temporary, persistent;
    if (temporarySize)
        temporary = ctx.buffer(D3D12_HEAP_TYPE_DEFAULT, temporarySize, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                               D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    if (props.PersistentResourceSize)
        persistent = ctx.buffer(D3D12_HEAP_TYPE_DEFAULT, props.PersistentResourceSize,
                                D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);

    const UINT initDescriptors = std::max(1u, initProps.RequiredDescriptorCount);
    const UINT descriptors = std::max(1u, props.RequiredDescriptorCount);
    DescriptorHeap heap(ctx.device.Get(), initDescriptors + descriptors);
    ComPtr<IDMLBindingTable> initTable, table;
    DML_BINDING_TABLE_DESC initTableDesc = heap.tableDesc(initializer.Get(), 0, initDescriptors);
    REQUIRE(dml->CreateBindingTable(&initTableDesc, IID_PPV_ARGS(&initTable)) == S_OK);
    DML_BUFFER_ARRAY_BINDING ownedArray{static_cast<UINT>(ownedBindings.size()), ownedBindings.data()};
    DML_BINDING_DESC ownedDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &ownedArray};
    if (anyOwned) initTable->BindInputs(1, &ownedDesc);
    DML_BUFFER_BINDING temporaryBinding{}, persistentBinding{};
    DML_BINDING_DESC temporaryDesc{}, persistentDesc{};
    if (temporary) temporaryDesc = bufferBinding(temporaryBinding, temporary.Get(), temporarySize);
    if (persistent) persistentDesc = bufferBinding(persistentBinding, persistent.Get(), props.PersistentResourceSize);
    if (persistent) initTable->BindOutputs(1, &persistentDesc);
    if (temporary && initProps.TemporaryResourceSize) initTable->BindTemporaryResource(&temporaryDesc);

    // The operator's table made empty and pointed at its dispatchable with Reset, as programs reusing tables do.
    REQUIRE(dml->CreateBindingTable(nullptr, IID_PPV_ARGS(&table)) == S_OK);
    DML_BINDING_TABLE_DESC tableDesc = heap.tableDesc(compiled, initDescriptors, descriptors);
    REQUIRE(table->Reset(&tableDesc) == S_OK);
    table->BindInputs(static_cast<UINT>(inputDescs.size()), inputDescs.data());
    table->BindOutputs(static_cast<UINT>(outputDescs.size()), outputDescs.data());
    if (temporary && props.TemporaryResourceSize) table->BindTemporaryResource(&temporaryDesc);
    if (persistent) table->BindPersistentResource(&persistentDesc);

    ComPtr<IDMLCommandRecorder> recorder;
    REQUIRE(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)) == S_OK);
    ID3D12DescriptorHeap* heaps[] = {heap.heap.Get()};
    ctx.list->SetDescriptorHeaps(1, heaps);
    recorder->RecordDispatch(ctx.list.Get(), initializer.Get(), initTable.Get());
    D3D12_RESOURCE_BARRIER uavBarrier{};
    uavBarrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    ctx.list->ResourceBarrier(1, &uavBarrier);
    recorder->RecordDispatch(ctx.list.Get(), compiled, table.Get());
    ctx.list->ResourceBarrier(1, &uavBarrier);
    std::vector<ComPtr<ID3D12Resource>> readbacks;
    for (size_t o = 0; o < outputCounts.size(); ++o)
        readbacks.push_back(ctx.readback(outputBuffers[o].Get(), outputCounts[o] * sizeof(float)));
    REQUIRE(dml->GetDeviceRemovedReason() == S_OK);
    ctx.executeAndWait();

    std::vector<std::vector<float>> outputs;
    for (size_t o = 0; o < outputCounts.size(); ++o) outputs.push_back(D3D12Context::floats(readbacks[o].Get(), outputCounts[o]));
    return outputs;
}

FloatTensor::FloatTensor(std::vector<UINT> dims, DML_TENSOR_FLAGS flags) : sizes(std::move(dims)) {
    UINT64 count = 1;
    for (UINT size : sizes) count *= size;
    buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    buffer.Flags = flags;
    buffer.DimensionCount = static_cast<UINT>(sizes.size());
    buffer.Sizes = sizes.data();
    buffer.TotalTensorSizeInBytes = (count * sizeof(float) + 3) / 4 * 4;
    desc = DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &buffer};
}

std::vector<float> sequence(size_t count, float start, float step) {
    std::vector<float> values(count);
    for (size_t i = 0; i < count; ++i) values[i] = start + step * static_cast<float>(i % 23) - 0.01f * (i % 7);
    return values;
}

}  // namespace dmltest
