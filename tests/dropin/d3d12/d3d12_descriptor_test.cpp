// Descriptor heaps: CPU/GPU handles by value, buffer UAVs read back through IVkdmlD3D12DescriptorHeap, descriptor
// copies, VkdmlD3D12FindDescriptorHeap and wrong heap types.
#include "d3d12_test_support.h"

using d3d12test::createBuffer;
using d3d12test::createDevice;

namespace {

ComPtr<ID3D12DescriptorHeap> createHeap(ID3D12Device* device, UINT count, bool shaderVisible,
                                        D3D12_DESCRIPTOR_HEAP_TYPE type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{};
    desc.Type = type;
    desc.NumDescriptors = count;
    desc.Flags = shaderVisible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
    ComPtr<ID3D12DescriptorHeap> heap;
    REQUIRE(device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&heap)) == S_OK);
    return heap;
}

D3D12_UNORDERED_ACCESS_VIEW_DESC rawView(UINT64 firstElement, UINT numElements) {
    D3D12_UNORDERED_ACCESS_VIEW_DESC view{};
    view.Format = DXGI_FORMAT_R32_TYPELESS;
    view.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    view.Buffer.FirstElement = firstElement;
    view.Buffer.NumElements = numElements;
    view.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    return view;
}

D3D12_CPU_DESCRIPTOR_HANDLE offset(D3D12_CPU_DESCRIPTOR_HANDLE start, UINT index, UINT increment) {
    return {start.ptr + SIZE_T(index) * increment};
}

}  // namespace

TEST_CASE("descriptor heaps: handles by value, GetDesc, indices through IVkdmlD3D12DescriptorHeap") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12DescriptorHeap> visible = createHeap(device.Get(), 8, true);
    ComPtr<ID3D12DescriptorHeap> cpuOnly = createHeap(device.Get(), 8, false);
    const UINT increment = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    const D3D12_DESCRIPTOR_HEAP_DESC desc = visible->GetDesc();
    CHECK(desc.NumDescriptors == 8);
    CHECK(desc.Flags == D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE);
    const D3D12_CPU_DESCRIPTOR_HANDLE cpu = visible->GetCPUDescriptorHandleForHeapStart();
    const D3D12_GPU_DESCRIPTOR_HANDLE gpu = visible->GetGPUDescriptorHandleForHeapStart();
    CHECK(cpu.ptr != 0);
    CHECK(gpu.ptr != 0);
    CHECK(cpuOnly->GetGPUDescriptorHandleForHeapStart().ptr == 0);
    CHECK(cpuOnly->GetCPUDescriptorHandleForHeapStart().ptr != cpu.ptr);

    ComPtr<IVkdmlD3D12DescriptorHeap> interop;
    REQUIRE(visible.As(&interop) == S_OK);
    UINT index = 99;
    CHECK(interop->IndexOfCpuHandle(offset(cpu, 5, increment), &index) == S_OK);
    CHECK(index == 5);
    CHECK(interop->IndexOfGpuHandle(D3D12_GPU_DESCRIPTOR_HANDLE{gpu.ptr + 7 * increment}, &index) == S_OK);
    CHECK(index == 7);
    CHECK(interop->IndexOfCpuHandle(offset(cpu, 8, increment), &index) == E_INVALIDARG);
    CHECK(interop->IndexOfCpuHandle(cpuOnly->GetCPUDescriptorHandleForHeapStart(), &index) == E_INVALIDARG);
    CHECK(interop->IndexOfGpuHandle(D3D12_GPU_DESCRIPTOR_HANDLE{gpu.ptr + 1}, &index) == E_INVALIDARG);

    // The process-wide lookup finds the heap of any live handle.
    IVkdmlD3D12DescriptorHeap* found = nullptr;
    REQUIRE(VkdmlD3D12FindDescriptorHeap(offset(cpu, 3, increment), &found, &index) == S_OK);
    CHECK(index == 3);
    CHECK(found == interop.Get());
    found->Release();
    const SIZE_T deadHandle = cpuOnly->GetCPUDescriptorHandleForHeapStart().ptr;
    cpuOnly.Reset();
    found = reinterpret_cast<IVkdmlD3D12DescriptorHeap*>(uintptr_t(1));
    CHECK(VkdmlD3D12FindDescriptorHeap(D3D12_CPU_DESCRIPTOR_HANDLE{deadHandle}, &found, &index) == E_INVALIDARG);
    CHECK(found == nullptr);
}

TEST_CASE("unordered-access views of raw, structured and typed buffers read back as byte ranges") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12Resource> buffer =
        createBuffer(device.Get(), D3D12_HEAP_TYPE_DEFAULT, 4096, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    ComPtr<ID3D12DescriptorHeap> heap = createHeap(device.Get(), 6, false);
    ComPtr<IVkdmlD3D12DescriptorHeap> interop;
    REQUIRE(heap.As(&interop) == S_OK);
    const UINT increment = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    const D3D12_CPU_DESCRIPTOR_HANDLE start = heap->GetCPUDescriptorHandleForHeapStart();

    D3D12_UNORDERED_ACCESS_VIEW_DESC raw = rawView(16, 100);
    device->CreateUnorderedAccessView(buffer.Get(), nullptr, &raw, offset(start, 0, increment));
    D3D12_UNORDERED_ACCESS_VIEW_DESC structured{};
    structured.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    structured.Format = DXGI_FORMAT_UNKNOWN;
    structured.Buffer.FirstElement = 2;
    structured.Buffer.NumElements = 10;
    structured.Buffer.StructureByteStride = 24;
    device->CreateUnorderedAccessView(buffer.Get(), nullptr, &structured, offset(start, 1, increment));
    D3D12_UNORDERED_ACCESS_VIEW_DESC typed{};
    typed.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    typed.Format = DXGI_FORMAT_R16G16B16A16_FLOAT;
    typed.Buffer.FirstElement = 4;
    typed.Buffer.NumElements = 8;
    device->CreateUnorderedAccessView(buffer.Get(), nullptr, &typed, offset(start, 2, increment));
    device->CreateUnorderedAccessView(nullptr, nullptr, &raw, offset(start, 3, increment));  // a null view
    D3D12_UNORDERED_ACCESS_VIEW_DESC tooLong = rawView(1000, 100);
    device->CreateUnorderedAccessView(buffer.Get(), nullptr, &tooLong, offset(start, 4, increment));  // rejected

    const struct {
        UINT index;
        bool hasResource;
        UINT64 offset, size;
    } expected[] = {{0, true, 64, 400}, {1, true, 48, 240}, {2, true, 32, 64}, {3, false, 0, 0}, {4, false, 0, 0}};
    for (const auto& e : expected) {
        CAPTURE(e.index);
        VKDML_D3D12_UAV_DESCRIPTOR uav{};
        REQUIRE(interop->GetUavDescriptor(e.index, &uav) == S_OK);
        CHECK((uav.Resource == buffer.Get()) == e.hasResource);
        CHECK(uav.OffsetInBytes == e.offset);
        CHECK(uav.SizeInBytes == e.size);
    }
    VKDML_D3D12_UAV_DESCRIPTOR uav{};
    CHECK(interop->GetUavDescriptor(6, &uav) == E_INVALIDARG);

    // Copies: simple and ranged, into a shader-visible heap.
    ComPtr<ID3D12DescriptorHeap> visible = createHeap(device.Get(), 6, true);
    ComPtr<IVkdmlD3D12DescriptorHeap> visibleInterop;
    REQUIRE(visible.As(&visibleInterop) == S_OK);
    const D3D12_CPU_DESCRIPTOR_HANDLE visibleStart = visible->GetCPUDescriptorHandleForHeapStart();
    device->CopyDescriptorsSimple(3, offset(visibleStart, 1, increment), start,
                                  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    REQUIRE(visibleInterop->GetUavDescriptor(2, &uav) == S_OK);
    CHECK(uav.OffsetInBytes == 48);
    CHECK(uav.SizeInBytes == 240);
    const D3D12_CPU_DESCRIPTOR_HANDLE destinations[] = {offset(visibleStart, 5, increment)};
    const UINT destinationSizes[] = {1};
    const D3D12_CPU_DESCRIPTOR_HANDLE sources[] = {offset(start, 2, increment)};
    device->CopyDescriptors(1, destinations, destinationSizes, 1, sources, nullptr,
                            D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    REQUIRE(visibleInterop->GetUavDescriptor(5, &uav) == S_OK);
    CHECK(uav.OffsetInBytes == 32);

    // A released buffer is no longer reported.
    buffer.Reset();
    REQUIRE(interop->GetUavDescriptor(0, &uav) == S_OK);
    CHECK(uav.Resource == nullptr);
}

TEST_CASE("descriptor heap types: wrong heap types and invalid heaps never write or crash") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12Resource> buffer =
        createBuffer(device.Get(), D3D12_HEAP_TYPE_DEFAULT, 256, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    ComPtr<ID3D12DescriptorHeap> rtv = createHeap(device.Get(), 4, false, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    ComPtr<ID3D12DescriptorHeap> sampler = createHeap(device.Get(), 4, true, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    D3D12_UNORDERED_ACCESS_VIEW_DESC raw = rawView(0, 64);
    device->CreateUnorderedAccessView(buffer.Get(), nullptr, &raw, rtv->GetCPUDescriptorHandleForHeapStart());
    device->CreateUnorderedAccessView(buffer.Get(), nullptr, &raw, D3D12_CPU_DESCRIPTOR_HANDLE{12345});
    ComPtr<IVkdmlD3D12DescriptorHeap> interop;
    REQUIRE(rtv.As(&interop) == S_OK);
    VKDML_D3D12_UAV_DESCRIPTOR uav{};
    CHECK(interop->GetUavDescriptor(0, &uav) == E_INVALIDARG);  // an RTV heap holds no UAVs
    CHECK(uav.Resource == nullptr);

    D3D12_DESCRIPTOR_HEAP_DESC bad{};
    bad.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    bad.NumDescriptors = 4;
    bad.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreateDescriptorHeap(&bad, __uuidof(ID3D12DescriptorHeap), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    bad.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    bad.NumDescriptors = 0;
    CHECK(device->CreateDescriptorHeap(&bad, __uuidof(ID3D12DescriptorHeap), &out) == E_INVALIDARG);
    CHECK(device->CreateDescriptorHeap(nullptr, __uuidof(ID3D12DescriptorHeap), &out) == E_INVALIDARG);
}
