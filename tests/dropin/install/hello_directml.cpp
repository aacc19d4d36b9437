// A HelloDirectML-style program built against an installed vkdml prefix, written the way DirectML programs for Linux
// are: DirectX-Headers' winadapter, d3d12.h and dxguids.h, DirectML.h, the IDML* IIDs defined by the program with
// WINADAPTER_IID. It picks an adapter through DXCore (checking that DXGI and D3D12 report its LUID), creates a D3D12
// device, queue, allocator and list, a DirectML device, compiles and initializes ELEMENT_WISE_ADD, binds it through a
// descriptor heap and a binding table, uploads the inputs, runs it with barriers, reads the result back (fence +
// event) and checks it against a double reference.
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/dxcore.h>
#include <dxgi1_6.h>
#include <dxguids/dxguids.h>
#include <windows.h>
#include <DirectML.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

WINADAPTER_IID(IDMLObject, 0xc8263aac, 0x9e0c, 0x4a2d, 0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31, 0x7c);
WINADAPTER_IID(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f);
WINADAPTER_IID(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d);
WINADAPTER_IID(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4);
WINADAPTER_IID(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13);
WINADAPTER_IID(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc);
WINADAPTER_IID(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53);

EXTERN_C const GUID DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML;  // absent from older DirectX-Headers

#define CHECK_HR(call)                                                                                           \
    do {                                                                                                         \
        const HRESULT hr_ = (call);                                                                              \
        if (FAILED(hr_)) {                                                                                       \
            std::fprintf(stderr, "hello_directml: %s failed: 0x%08x (line %d)\n", #call, static_cast<unsigned>(hr_), \
                         __LINE__);                                                                              \
            return 1;                                                                                            \
        }                                                                                                        \
    } while (0)

namespace {

constexpr UINT kSizes[4] = {1, 2, 3, 5};
constexpr UINT kElementCount = 1 * 2 * 3 * 5;
constexpr UINT64 kBufferBytes = (kElementCount * sizeof(float) + 3) & ~3ull;

template <typename T>
struct Com {  // the smallest owning pointer: programs for Linux often use wrladapter's ComPtr instead
    T* p = nullptr;
    Com() = default;
    Com(const Com&) = delete;
    Com& operator=(const Com&) = delete;
    ~Com() {
        if (p) p->Release();
    }
    T* operator->() const { return p; }
    T** put() { return &p; }
    T* get() const { return p; }
};

D3D12_RESOURCE_DESC bufferDesc(UINT64 bytes, D3D12_RESOURCE_FLAGS flags) {
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = bytes;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = flags;
    return desc;
}

HRESULT createBuffer(ID3D12Device* device, D3D12_HEAP_TYPE heapType, UINT64 bytes, D3D12_RESOURCE_STATES state,
                     ID3D12Resource** buffer) {
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = heapType;
    const D3D12_RESOURCE_DESC desc = bufferDesc(
        bytes, heapType == D3D12_HEAP_TYPE_DEFAULT ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS : D3D12_RESOURCE_FLAG_NONE);
    return device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr, IID_PPV_ARGS(buffer));
}

D3D12_RESOURCE_BARRIER transition(ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                                  D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    return barrier;
}

D3D12_RESOURCE_BARRIER uavBarrier() {
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.UAV.pResource = nullptr;
    return barrier;
}

// Closes the list, runs it and waits for it through a fence and an event; then resets allocator and list.
HRESULT runAndWait(ID3D12CommandQueue* queue, ID3D12CommandAllocator* allocator, ID3D12GraphicsCommandList* list,
                   ID3D12Fence* fence, UINT64& fenceValue) {
    HRESULT hr = list->Close();
    if (FAILED(hr)) return hr;
    ID3D12CommandList* lists[] = {list};
    queue->ExecuteCommandLists(1, lists);
    hr = queue->Signal(fence, ++fenceValue);
    if (FAILED(hr)) return hr;
    HANDLE event = CreateEventA(nullptr, FALSE, FALSE, nullptr);
    if (!event) return E_FAIL;
    hr = fence->SetEventOnCompletion(fenceValue, event);
    if (SUCCEEDED(hr) && WaitForSingleObject(event, 60000) != WAIT_OBJECT_0) hr = E_FAIL;
    CloseHandle(event);
    if (FAILED(hr)) return hr;
    if (fence->GetCompletedValue() < fenceValue) return E_FAIL;
    hr = allocator->Reset();
    return SUCCEEDED(hr) ? list->Reset(allocator, nullptr) : hr;
}

}  // namespace

int main() {
    // The adapter, as DirectML's tools pick it: the first hardware GENERIC_ML adapter, else any.
    Com<IDXCoreAdapterFactory> dxcore;
    CHECK_HR(DXCoreCreateAdapterFactory(IID_PPV_ARGS(dxcore.put())));
    Com<IDXCoreAdapterList> adapters;
    CHECK_HR(dxcore->CreateAdapterList(1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML, IID_PPV_ARGS(adapters.put())));
    const DXCoreAdapterPreference preferences[] = {DXCoreAdapterPreference::Hardware,
                                                   DXCoreAdapterPreference::HighPerformance};
    CHECK_HR(adapters->Sort(2, preferences));
    if (adapters->GetAdapterCount() == 0) {
        std::fprintf(stderr, "hello_directml: no GENERIC_ML adapter\n");
        return 1;
    }
    Com<IDXCoreAdapter> adapter;
    CHECK_HR(adapters->GetAdapter(0, IID_PPV_ARGS(adapter.put())));

    Com<ID3D12Device> device;
    CHECK_HR(D3D12CreateDevice(adapter.get(), D3D_FEATURE_LEVEL_1_0_CORE, IID_PPV_ARGS(device.put())));

    // DXCore, DXGI and D3D12 name the adapter by the same LUID; a device made from DXGI's adapter lands on it too.
    LUID adapterLuid{};
    CHECK_HR(adapter->GetProperty(DXCoreAdapterProperty::InstanceLuid, &adapterLuid));
    const LUID deviceLuid = device->GetAdapterLuid();
    Com<IDXGIFactory4> dxgi;
    CHECK_HR(CreateDXGIFactory2(0, IID_PPV_ARGS(dxgi.put())));
    Com<IDXGIAdapter1> dxgiAdapter;
    CHECK_HR(dxgi->EnumAdapterByLuid(adapterLuid, IID_PPV_ARGS(dxgiAdapter.put())));
    Com<ID3D12Device> dxgiDevice;
    CHECK_HR(D3D12CreateDevice(dxgiAdapter.get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(dxgiDevice.put())));
    const LUID dxgiDeviceLuid = dxgiDevice->GetAdapterLuid();
    if (deviceLuid.LowPart != adapterLuid.LowPart || deviceLuid.HighPart != adapterLuid.HighPart ||
        dxgiDeviceLuid.LowPart != adapterLuid.LowPart || dxgiDeviceLuid.HighPart != adapterLuid.HighPart) {
        std::fprintf(stderr, "hello_directml: LUIDs differ: DXCore %08x:%08x, its device %08x:%08x, DXGI's device "
                     "%08x:%08x\n", static_cast<unsigned>(adapterLuid.HighPart), adapterLuid.LowPart,
                     static_cast<unsigned>(deviceLuid.HighPart), deviceLuid.LowPart,
                     static_cast<unsigned>(dxgiDeviceLuid.HighPart), dxgiDeviceLuid.LowPart);
        return 1;
    }
    D3D12_COMMAND_QUEUE_DESC queueDesc{};
    queueDesc.Type = D3D12_COMMAND_LIST_TYPE_COMPUTE;
    Com<ID3D12CommandQueue> queue;
    CHECK_HR(device->CreateCommandQueue(&queueDesc, IID_PPV_ARGS(queue.put())));
    Com<ID3D12CommandAllocator> allocator;
    CHECK_HR(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE, IID_PPV_ARGS(allocator.put())));
    Com<ID3D12GraphicsCommandList> list;
    CHECK_HR(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator.get(), nullptr,
                                       IID_PPV_ARGS(list.put())));
    Com<ID3D12Fence> fence;
    CHECK_HR(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(fence.put())));
    UINT64 fenceValue = 0;

    Com<IDMLDevice> dml;
    CHECK_HR(DMLCreateDevice(device.get(), DML_CREATE_DEVICE_FLAG_NONE, IID_PPV_ARGS(dml.put())));

    // ELEMENT_WISE_ADD over three float32 tensors of the same shape.
    DML_BUFFER_TENSOR_DESC bufferTensor{};
    bufferTensor.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    bufferTensor.DimensionCount = 4;
    bufferTensor.Sizes = kSizes;
    bufferTensor.TotalTensorSizeInBytes = kBufferBytes;
    const DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &bufferTensor};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC addDesc{};
    addDesc.ATensor = &tensor;
    addDesc.BTensor = &tensor;
    addDesc.OutputTensor = &tensor;
    const DML_OPERATOR_DESC operatorDesc{DML_OPERATOR_ELEMENT_WISE_ADD, &addDesc};
    Com<IDMLOperator> op;
    CHECK_HR(dml->CreateOperator(&operatorDesc, IID_PPV_ARGS(op.put())));
    Com<IDMLCompiledOperator> compiled;
    CHECK_HR(dml->CompileOperator(op.get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(compiled.put())));
    IDMLCompiledOperator* toInitialize[] = {compiled.get()};
    Com<IDMLOperatorInitializer> initializer;
    CHECK_HR(dml->CreateOperatorInitializer(1, toInitialize, IID_PPV_ARGS(initializer.put())));

    const DML_BINDING_PROPERTIES executeProperties = compiled->GetBindingProperties();
    const DML_BINDING_PROPERTIES initializeProperties = initializer->GetBindingProperties();
    const UINT descriptorCount =
        std::max(executeProperties.RequiredDescriptorCount, initializeProperties.RequiredDescriptorCount);
    D3D12_DESCRIPTOR_HEAP_DESC heapDesc{};
    heapDesc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    heapDesc.NumDescriptors = descriptorCount;
    heapDesc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    Com<ID3D12DescriptorHeap> descriptorHeap;
    CHECK_HR(device->CreateDescriptorHeap(&heapDesc, IID_PPV_ARGS(descriptorHeap.put())));
    ID3D12DescriptorHeap* heaps[] = {descriptorHeap.get()};
    list->SetDescriptorHeaps(1, heaps);

    DML_BINDING_TABLE_DESC tableDesc{};
    tableDesc.Dispatchable = initializer.get();
    tableDesc.CPUDescriptorHandle = descriptorHeap->GetCPUDescriptorHandleForHeapStart();
    tableDesc.GPUDescriptorHandle = descriptorHeap->GetGPUDescriptorHandleForHeapStart();
    tableDesc.SizeInDescriptors = descriptorCount;
    Com<IDMLBindingTable> table;
    CHECK_HR(dml->CreateBindingTable(&tableDesc, IID_PPV_ARGS(table.put())));

    const UINT64 temporaryBytes =
        std::max(initializeProperties.TemporaryResourceSize, executeProperties.TemporaryResourceSize);
    const UINT64 persistentBytes = executeProperties.PersistentResourceSize;
    Com<ID3D12Resource> temporary;
    Com<ID3D12Resource> persistent;
    if (temporaryBytes > 0)
        CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_DEFAULT, temporaryBytes,
                              D3D12_RESOURCE_STATE_UNORDERED_ACCESS, temporary.put()));
    if (persistentBytes > 0)
        CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_DEFAULT, persistentBytes,
                              D3D12_RESOURCE_STATE_UNORDERED_ACCESS, persistent.put()));
    const DML_BUFFER_BINDING temporaryBuffer{temporary.get(), 0, temporaryBytes};
    const DML_BINDING_DESC temporaryBinding{DML_BINDING_TYPE_BUFFER, &temporaryBuffer};
    const DML_BUFFER_BINDING persistentBuffer{persistent.get(), 0, persistentBytes};
    const DML_BINDING_DESC persistentBinding{DML_BINDING_TYPE_BUFFER, &persistentBuffer};
    if (initializeProperties.TemporaryResourceSize > 0) table->BindTemporaryResource(&temporaryBinding);
    if (persistentBytes > 0) table->BindOutputs(1, &persistentBinding);

    Com<IDMLCommandRecorder> recorder;
    CHECK_HR(dml->CreateCommandRecorder(IID_PPV_ARGS(recorder.put())));
    recorder->RecordDispatch(list.get(), initializer.get(), table.get());
    CHECK_HR(runAndWait(queue.get(), allocator.get(), list.get(), fence.get(), fenceValue));

    // The inputs: uploaded, copied into DEFAULT buffers, made unordered-access for the dispatch.
    std::vector<float> a(kElementCount);
    std::vector<float> b(kElementCount);
    for (UINT i = 0; i < kElementCount; ++i) {
        a[i] = 0.25f * static_cast<float>(i) - 3.0f;
        b[i] = std::sin(static_cast<float>(i)) * 10.0f;
    }
    Com<ID3D12Resource> upload;
    CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_UPLOAD, 2 * kBufferBytes, D3D12_RESOURCE_STATE_GENERIC_READ,
                          upload.put()));
    void* mapped = nullptr;
    CHECK_HR(upload->Map(0, nullptr, &mapped));
    std::memcpy(mapped, a.data(), kElementCount * sizeof(float));
    std::memcpy(static_cast<char*>(mapped) + kBufferBytes, b.data(), kElementCount * sizeof(float));
    upload->Unmap(0, nullptr);

    Com<ID3D12Resource> inputA;
    Com<ID3D12Resource> inputB;
    Com<ID3D12Resource> output;
    Com<ID3D12Resource> readback;
    CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_DEFAULT, kBufferBytes, D3D12_RESOURCE_STATE_COPY_DEST,
                          inputA.put()));
    CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_DEFAULT, kBufferBytes, D3D12_RESOURCE_STATE_COPY_DEST,
                          inputB.put()));
    CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_DEFAULT, kBufferBytes, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                          output.put()));
    CHECK_HR(createBuffer(device.get(), D3D12_HEAP_TYPE_READBACK, kBufferBytes, D3D12_RESOURCE_STATE_COPY_DEST,
                          readback.put()));
    list->CopyBufferRegion(inputA.get(), 0, upload.get(), 0, kBufferBytes);
    list->CopyBufferRegion(inputB.get(), 0, upload.get(), kBufferBytes, kBufferBytes);
    const D3D12_RESOURCE_BARRIER toUav[] = {
        transition(inputA.get(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS),
        transition(inputB.get(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)};
    list->ResourceBarrier(2, toUav);

    // The dispatch: the table reset for the compiled operator over the same descriptors.
    tableDesc.Dispatchable = compiled.get();
    CHECK_HR(table->Reset(&tableDesc));
    if (executeProperties.TemporaryResourceSize > 0) table->BindTemporaryResource(&temporaryBinding);
    if (persistentBytes > 0) table->BindPersistentResource(&persistentBinding);
    const DML_BUFFER_BINDING inputBuffers[] = {{inputA.get(), 0, kBufferBytes}, {inputB.get(), 0, kBufferBytes}};
    const DML_BINDING_DESC inputBindings[] = {{DML_BINDING_TYPE_BUFFER, &inputBuffers[0]},
                                              {DML_BINDING_TYPE_BUFFER, &inputBuffers[1]}};
    table->BindInputs(2, inputBindings);
    const DML_BUFFER_BINDING outputBuffer{output.get(), 0, kBufferBytes};
    const DML_BINDING_DESC outputBinding{DML_BINDING_TYPE_BUFFER, &outputBuffer};
    table->BindOutputs(1, &outputBinding);
    list->SetDescriptorHeaps(1, heaps);
    recorder->RecordDispatch(list.get(), compiled.get(), table.get());

    const D3D12_RESOURCE_BARRIER afterDispatch[] = {
        uavBarrier(),
        transition(output.get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE)};
    list->ResourceBarrier(2, afterDispatch);
    list->CopyResource(readback.get(), output.get());
    CHECK_HR(runAndWait(queue.get(), allocator.get(), list.get(), fence.get(), fenceValue));

    const D3D12_RANGE readRange{0, static_cast<SIZE_T>(kBufferBytes)};
    CHECK_HR(readback->Map(0, &readRange, &mapped));
    std::vector<float> result(kElementCount);
    std::memcpy(result.data(), mapped, kElementCount * sizeof(float));
    const D3D12_RANGE nothingWritten{0, 0};
    readback->Unmap(0, &nothingWritten);

    int mismatches = 0;
    for (UINT i = 0; i < kElementCount; ++i) {
        const double expected = static_cast<double>(a[i]) + static_cast<double>(b[i]);
        if (std::fabs(result[i] - expected) > 1e-6 * std::max(1.0, std::fabs(expected))) {
            if (mismatches++ < 5) std::fprintf(stderr, "hello_directml: [%u] = %g, expected %g\n", i, result[i], expected);
        }
    }
    if (mismatches > 0) {
        std::fprintf(stderr, "hello_directml: %d of %u values wrong\n", mismatches, kElementCount);
        return 1;
    }
    std::printf("hello_directml: ELEMENT_WISE_ADD of %u values matches the double reference\n", kElementCount);
    return 0;
}
