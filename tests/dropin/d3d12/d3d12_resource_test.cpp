// Committed buffers in every heap type, CUSTOM heaps, heaps with placed buffers, Map/Unmap, GetDesc, heap
// properties, GPU virtual addresses and IVkdmlD3D12Resource; ID3D12Device10's enhanced-barrier creation forms.
#include <cstring>
#include <set>

#include "d3d12_test_support.h"

using d3d12test::bufferDesc;
using d3d12test::createBuffer;
using d3d12test::createDevice;
using d3d12test::heapProperties;

TEST_CASE("committed buffers: GetDesc by value, heap properties, unique GPU addresses, interop") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12Resource> upload = createBuffer(device.Get(), D3D12_HEAP_TYPE_UPLOAD, 1000);
    ComPtr<ID3D12Resource> gpu =
        createBuffer(device.Get(), D3D12_HEAP_TYPE_DEFAULT, 4096, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    ComPtr<ID3D12Resource> readback = createBuffer(device.Get(), D3D12_HEAP_TYPE_READBACK, 300);

    const D3D12_RESOURCE_DESC desc = gpu->GetDesc();
    CHECK(desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER);
    CHECK(desc.Width == 4096);
    CHECK(desc.Height == 1);
    CHECK(desc.Flags == D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    CHECK(upload->GetDesc().Width == 1000);

    D3D12_HEAP_PROPERTIES properties{};
    D3D12_HEAP_FLAGS flags = D3D12_HEAP_FLAG_DENY_BUFFERS;
    REQUIRE(readback->GetHeapProperties(&properties, &flags) == S_OK);
    CHECK(properties.Type == D3D12_HEAP_TYPE_READBACK);
    CHECK(flags == D3D12_HEAP_FLAG_NONE);

    std::set<D3D12_GPU_VIRTUAL_ADDRESS> addresses = {upload->GetGPUVirtualAddress(), gpu->GetGPUVirtualAddress(),
                                                     readback->GetGPUVirtualAddress()};
    CHECK(addresses.size() == 3);
    CHECK(*addresses.begin() != 0);
    CHECK(gpu->GetGPUVirtualAddress() == gpu->GetGPUVirtualAddress());
    CHECK(gpu->GetGPUVirtualAddress() % 65536 == 0);

    ComPtr<IVkdmlD3D12Resource> interop;
    REQUIRE(gpu.As(&interop) == S_OK);
    CHECK(interop->GetVkdmlBuffer() != nullptr);
    CHECK(interop->GetVulkanBuffer() != VK_NULL_HANDLE);
    CHECK(interop->GetOffsetInBuffer() == 0);
    CHECK(interop->GetSizeInBytes() == 4096);
    CHECK(interop->GetHeapType() == D3D12_HEAP_TYPE_DEFAULT);

    ComPtr<ID3D12Resource2> resource2;
    REQUIRE(gpu.As(&resource2) == S_OK);
    CHECK(resource2->GetDesc1().Width == 4096);
    ComPtr<ID3D12Pageable> pageable;
    CHECK(gpu.As(&pageable) == S_OK);
}

TEST_CASE("Map: upload and readback buffers map, DEFAULT ones do not; ranges are checked") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12Resource> upload = createBuffer(device.Get(), D3D12_HEAP_TYPE_UPLOAD, 256);
    ComPtr<ID3D12Resource> gpu = createBuffer(device.Get(), D3D12_HEAP_TYPE_DEFAULT, 256);
    void* data = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(gpu->Map(0, nullptr, &data) == E_INVALIDARG);
    CHECK(data == nullptr);
    REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
    CHECK(data != nullptr);
    void* again = nullptr;
    CHECK(upload->Map(0, nullptr, &again) == S_OK);  // nested maps give the same pointer
    CHECK(again == data);
    CHECK(upload->Map(0, nullptr, nullptr) == S_OK);
    upload->Unmap(0, nullptr);
    upload->Unmap(0, nullptr);
    upload->Unmap(0, nullptr);
    D3D12_RANGE outside{0, 257};
    data = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(upload->Map(0, &outside, &data) == E_INVALIDARG);
    CHECK(data == nullptr);
    CHECK(upload->Map(1, nullptr, &data) == E_INVALIDARG);
}

TEST_CASE("creation rules: textures, bad descriptions, initial states, the S_FALSE capability test") {
    ComPtr<ID3D12Device> device = createDevice();
    const D3D12_HEAP_PROPERTIES defaults = heapProperties(D3D12_HEAP_TYPE_DEFAULT);
    const D3D12_HEAP_PROPERTIES upload = heapProperties(D3D12_HEAP_TYPE_UPLOAD);
    D3D12_RESOURCE_DESC desc = bufferDesc(256);
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreateCommittedResource(&defaults, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                          nullptr, __uuidof(ID3D12Resource), nullptr) == S_FALSE);
    CHECK(device->CreateCommittedResource(&upload, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COPY_DEST,
                                          nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    desc.Width = 0;
    CHECK(device->CreateCommittedResource(&defaults, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                          nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    desc = bufferDesc(256);
    desc.Format = DXGI_FORMAT_R32_FLOAT;
    CHECK(device->CreateCommittedResource(&defaults, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                          nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    desc = bufferDesc(256);
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Height = 16;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    CHECK(device->CreateCommittedResource(&defaults, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                          nullptr, __uuidof(ID3D12Resource), &out) == E_NOTIMPL);
    CHECK(out == nullptr);
    desc = bufferDesc(256);
    CHECK(device->CreateCommittedResource(nullptr, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                          __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    CHECK(device->CreateCommittedResource(&defaults, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                          nullptr, __uuidof(ID3D12Fence), &out) == E_NOINTERFACE);
    CHECK(out == nullptr);
}

TEST_CASE("CUSTOM heaps map by CPU page property; invalid combinations are E_INVALIDARG") {
    ComPtr<ID3D12Device> device = createDevice();
    const D3D12_RESOURCE_DESC desc = bufferDesc(128);
    D3D12_HEAP_PROPERTIES custom{};
    custom.Type = D3D12_HEAP_TYPE_CUSTOM;
    custom.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    const struct {
        D3D12_CPU_PAGE_PROPERTY page;
        D3D12_HEAP_TYPE expected;
    } cases[] = {{D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_HEAP_TYPE_UPLOAD},
                 {D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_HEAP_TYPE_READBACK},
                 {D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_HEAP_TYPE_DEFAULT}};
    for (const auto& c : cases) {
        custom.CPUPageProperty = c.page;
        ComPtr<ID3D12Resource> buffer;
        REQUIRE(device->CreateCommittedResource(&custom, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                                nullptr, IID_PPV_ARGS(&buffer)) == S_OK);
        ComPtr<IVkdmlD3D12Resource> interop;
        REQUIRE(buffer.As(&interop) == S_OK);
        CHECK(interop->GetHeapType() == c.expected);
        void* data = nullptr;
        CHECK((buffer->Map(0, nullptr, &data) == S_OK) == (c.expected != D3D12_HEAP_TYPE_DEFAULT));
        if (data) {
            static_cast<uint8_t*>(data)[127] = 7;  // the whole width is writable
            buffer->Unmap(0, nullptr);
        }
        D3D12_HEAP_PROPERTIES back{};
        REQUIRE(buffer->GetHeapProperties(&back, nullptr) == S_OK);
        CHECK(back.Type == D3D12_HEAP_TYPE_CUSTOM);
        CHECK(back.CPUPageProperty == c.page);
    }
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    custom.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_UNKNOWN;
    CHECK(device->CreateCommittedResource(&custom, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                          __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    custom.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    custom.MemoryPoolPreference = D3D12_MEMORY_POOL_L1;
    CHECK(device->CreateCommittedResource(&custom, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                          __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    D3D12_HEAP_PROPERTIES upload = heapProperties(D3D12_HEAP_TYPE_UPLOAD);
    upload.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    CHECK(device->CreateCommittedResource(&upload, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_GENERIC_READ,
                                          nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
}

TEST_CASE("heaps and placed buffers: one heap buffer, placement offsets, shared memory, validation") {
    ComPtr<ID3D12Device> device = createDevice();
    D3D12_HEAP_DESC heapDesc{};
    heapDesc.SizeInBytes = 4 * 65536;
    heapDesc.Properties = heapProperties(D3D12_HEAP_TYPE_UPLOAD);
    heapDesc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;
    ComPtr<ID3D12Heap> heap;
    REQUIRE(device->CreateHeap(&heapDesc, IID_PPV_ARGS(&heap)) == S_OK);
    const D3D12_HEAP_DESC back = heap->GetDesc();
    CHECK(back.SizeInBytes == 4 * 65536);
    CHECK(back.Properties.Type == D3D12_HEAP_TYPE_UPLOAD);
    CHECK(back.Alignment == 65536);

    const D3D12_RESOURCE_DESC desc = bufferDesc(65536);
    ComPtr<ID3D12Resource> first, second, alias;
    REQUIRE(device->CreatePlacedResource(heap.Get(), 0, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                         IID_PPV_ARGS(&first)) == S_OK);
    REQUIRE(device->CreatePlacedResource(heap.Get(), 2 * 65536, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                         IID_PPV_ARGS(&second)) == S_OK);
    REQUIRE(device->CreatePlacedResource(heap.Get(), 2 * 65536, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                         IID_PPV_ARGS(&alias)) == S_OK);
    ComPtr<IVkdmlD3D12Resource> firstInterop, secondInterop;
    REQUIRE(first.As(&firstInterop) == S_OK);
    REQUIRE(second.As(&secondInterop) == S_OK);
    CHECK(firstInterop->GetVkdmlBuffer() == secondInterop->GetVkdmlBuffer());
    CHECK(firstInterop->GetOffsetInBuffer() == 0);
    CHECK(secondInterop->GetOffsetInBuffer() == 2 * 65536);
    CHECK(second->GetGPUVirtualAddress() - first->GetGPUVirtualAddress() == 2 * 65536);

    // Aliased placed buffers share memory.
    uint32_t* secondData = nullptr;
    uint32_t* aliasData = nullptr;
    REQUIRE(second->Map(0, nullptr, reinterpret_cast<void**>(&secondData)) == S_OK);
    REQUIRE(alias->Map(0, nullptr, reinterpret_cast<void**>(&aliasData)) == S_OK);
    secondData[3] = 0xabcdef01;
    CHECK(aliasData[3] == 0xabcdef01);
    second->Unmap(0, nullptr);
    alias->Unmap(0, nullptr);

    // The heap outlives our reference while a placed buffer holds it.
    heap.Reset();
    CHECK(first->GetDesc().Width == 65536);

    REQUIRE(device->CreateHeap(&heapDesc, IID_PPV_ARGS(&heap)) == S_OK);
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreatePlacedResource(heap.Get(), 100, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                       __uuidof(ID3D12Resource), &out) == E_INVALIDARG);  // unaligned offset
    CHECK(out == nullptr);
    CHECK(device->CreatePlacedResource(heap.Get(), 4 * 65536, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                       __uuidof(ID3D12Resource), &out) == E_INVALIDARG);  // past the end
    CHECK(device->CreatePlacedResource(nullptr, 0, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                       __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    heapDesc.SizeInBytes = 0;
    CHECK(device->CreateHeap(&heapDesc, __uuidof(ID3D12Heap), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
}

// ID3D12Device10: buffers have no barrier layout (InitialLayout UNDEFINED) and no castable formats, and no legacy
// initial state either, so an UPLOAD or READBACK buffer needs none.
TEST_CASE("ID3D12Device10: CreateCommittedResource3 and CreatePlacedResource2 make buffers; layouts are refused") {
    ComPtr<ID3D12Device> base = createDevice();
    ComPtr<ID3D12Device10> device;
    REQUIRE(base.As(&device) == S_OK);
    D3D12_RESOURCE_DESC1 desc{};
    const D3D12_RESOURCE_DESC legacy = bufferDesc(65536);
    std::memcpy(&desc, &legacy, sizeof(legacy));  // DESC1 begins with DESC's fields; SamplerFeedbackMipRegion zero
    for (D3D12_HEAP_TYPE type : {D3D12_HEAP_TYPE_DEFAULT, D3D12_HEAP_TYPE_UPLOAD, D3D12_HEAP_TYPE_READBACK}) {
        CAPTURE(type);
        const D3D12_HEAP_PROPERTIES properties = heapProperties(type);
        ComPtr<ID3D12Resource> buffer;
        REQUIRE(device->CreateCommittedResource3(&properties, D3D12_HEAP_FLAG_NONE, &desc,
                                                 D3D12_BARRIER_LAYOUT_UNDEFINED, nullptr, nullptr, 0, nullptr,
                                                 IID_PPV_ARGS(&buffer)) == S_OK);
        CHECK(buffer->GetDesc().Width == 65536);
        D3D12_HEAP_PROPERTIES back{};
        REQUIRE(buffer->GetHeapProperties(&back, nullptr) == S_OK);
        CHECK(back.Type == type);
    }
    const D3D12_HEAP_PROPERTIES upload = heapProperties(D3D12_HEAP_TYPE_UPLOAD);
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreateCommittedResource3(&upload, D3D12_HEAP_FLAG_NONE, &desc, D3D12_BARRIER_LAYOUT_COMMON, nullptr,
                                           nullptr, 0, nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    DXGI_FORMAT castable = DXGI_FORMAT_R32_FLOAT;
    CHECK(device->CreateCommittedResource3(&upload, D3D12_HEAP_FLAG_NONE, &desc, D3D12_BARRIER_LAYOUT_UNDEFINED,
                                           nullptr, nullptr, 1, &castable, __uuidof(ID3D12Resource),
                                           &out) == E_INVALIDARG);
    CHECK(device->CreateCommittedResource3(&upload, D3D12_HEAP_FLAG_NONE, nullptr, D3D12_BARRIER_LAYOUT_UNDEFINED,
                                           nullptr, nullptr, 0, nullptr, __uuidof(ID3D12Resource),
                                           &out) == E_INVALIDARG);

    D3D12_HEAP_DESC heapDesc{};
    heapDesc.SizeInBytes = 2 * 65536;
    heapDesc.Properties = heapProperties(D3D12_HEAP_TYPE_READBACK);
    ComPtr<ID3D12Heap> heap;
    REQUIRE(device->CreateHeap(&heapDesc, IID_PPV_ARGS(&heap)) == S_OK);
    ComPtr<ID3D12Resource> placed;
    REQUIRE(device->CreatePlacedResource2(heap.Get(), 65536, &desc, D3D12_BARRIER_LAYOUT_UNDEFINED, nullptr, 0,
                                          nullptr, IID_PPV_ARGS(&placed)) == S_OK);
    ComPtr<IVkdmlD3D12Resource> interop;
    REQUIRE(placed.As(&interop) == S_OK);
    CHECK(interop->GetOffsetInBuffer() == 65536);
    CHECK(device->CreatePlacedResource2(heap.Get(), 65536, &desc, D3D12_BARRIER_LAYOUT_GENERIC_READ, nullptr, 0,
                                        nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
    CHECK(device->CreatePlacedResource2(heap.Get(), 2 * 65536, &desc, D3D12_BARRIER_LAYOUT_UNDEFINED, nullptr, 0,
                                        nullptr, __uuidof(ID3D12Resource), &out) == E_INVALIDARG);  // past the end
    CHECK(out == nullptr);
    CHECK(device->CreateReservedResource2(&legacy, D3D12_BARRIER_LAYOUT_UNDEFINED, nullptr, nullptr, 0, nullptr,
                                          __uuidof(ID3D12Resource), &out) == E_NOTIMPL);
    CHECK(out == nullptr);
}
