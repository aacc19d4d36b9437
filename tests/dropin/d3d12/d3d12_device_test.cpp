// D3D12CreateDevice, the device's interfaces, feature queries and the struct-returning methods called from C++.
#include "d3d12_test_support.h"  // first: DirectX-Headers before vkdml.h

#include <vkdml/vkdml.h>

#include "common/adapter_luid.h"
#include "common/com_object.h"

using d3d12test::bufferDesc;
using d3d12test::createDevice;

namespace {
// An adapter as libdxgi.so and libdxcore.so hand them out: it names a vkdml adapter.
class FakeAdapter final : public vkdml::dropin::ComObject<IVkdmlAdapter> {
public:
    explicit FakeAdapter(UINT index) : index_(index) {}
    UINT STDMETHODCALLTYPE GetVkdmlAdapterIndex() override { return index_; }

protected:
    void* findInterface(REFIID riid) override { return answer<IVkdmlAdapter>(riid); }

private:
    UINT index_;
};
}  // namespace

TEST_CASE("D3D12CreateDevice: feature levels, the capability query, NULL adapter") {
    ComPtr<ID3D12Device> device;
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), nullptr) == S_FALSE);
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_1_0_CORE, IID_PPV_ARGS(&device)) == S_OK);
    CHECK(device != nullptr);
    device.Reset();
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL(0x100), IID_PPV_ARGS(&device)) == S_OK);  // 1_0_GENERIC
    device.Reset();
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_12_2, __uuidof(ID3D12Device), &out) == DXGI_ERROR_UNSUPPORTED);
    CHECK(out == nullptr);
    out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_9_1, __uuidof(ID3D12Device), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL(0x1234), __uuidof(ID3D12Device), &out) == E_INVALIDARG);
    // An adapter that is not one of vkdml's.
    ComPtr<ID3D12Debug> notAnAdapter;
    REQUIRE(D3D12GetDebugInterface(IID_PPV_ARGS(&notAnAdapter)) == S_OK);
    CHECK(D3D12CreateDevice(notAnAdapter.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), &out) ==
          E_INVALIDARG);
}

TEST_CASE("the device answers every ID3D12Device version, ID3D12Object and IVkdmlD3D12Device with one identity") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12Device9> device9;
    REQUIRE(device.As(&device9) == S_OK);
    ComPtr<ID3D12Device11> device11;
    REQUIRE(device.As(&device11) == S_OK);
    ComPtr<ID3D12Device10> device10;
    REQUIRE(device11.As(&device10) == S_OK);
    CHECK(static_cast<ID3D12Device*>(device10.Get()) == static_cast<ID3D12Device*>(device9.Get()));
    ComPtr<ID3D12Device5> device5;
    REQUIRE(device.As(&device5) == S_OK);
    ComPtr<ID3D12Object> object;
    REQUIRE(device.As(&object) == S_OK);
    ComPtr<IUnknown> unknownA, unknownB;
    REQUIRE(device9.As(&unknownA) == S_OK);
    REQUIRE(device5.As(&unknownB) == S_OK);
    CHECK(unknownA.Get() == unknownB.Get());
    ComPtr<ID3D12Resource> notADevice;
    CHECK(device.As(&notADevice) == E_NOINTERFACE);
    CHECK(notADevice == nullptr);

    ComPtr<IVkdmlD3D12Device> interop;
    REQUIRE(device.As(&interop) == S_OK);
    VkdmlDevice vkdml = interop->GetVkdmlDevice();
    REQUIRE(vkdml != nullptr);
    VKDML_D3D12_VULKAN_HANDLES handles{};
    interop->GetVulkanHandles(&handles);
    CHECK(handles.Instance != VK_NULL_HANDLE);
    CHECK(handles.PhysicalDevice != VK_NULL_HANDLE);
    CHECK(handles.Device != VK_NULL_HANDLE);
    CHECK(handles.Queue != VK_NULL_HANDLE);

    // GetAdapterLuid (returned by value) is the LUID of the Vulkan device's UUID.
    VKDML_ADAPTER_INFO info{};
    REQUIRE(vkdmlGetAdapterInfo(vkdml, &info) == S_OK);
    const LUID expected = vkdml::dropin::luidOfDeviceUuid(info.DeviceUUID);
    const LUID luid = device->GetAdapterLuid();
    CHECK(luid.LowPart == expected.LowPart);
    CHECK(luid.HighPart == expected.HighPart);
    CHECK((luid.LowPart | DWORD(luid.HighPart)) != 0);
    CHECK(device->GetNodeCount() == 1);
    CHECK(device->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("ID3D12DebugDevice and ID3D12DebugDevice2 on a device created with the debug layer on") {
    ComPtr<ID3D12Device> device = createDevice();  // enables the debug layer first
    ComPtr<ID3D12DebugDevice> debug;
    REQUIRE(device.As(&debug) == S_OK);
    ComPtr<IUnknown> fromDevice, fromDebug;
    REQUIRE(device.As(&fromDevice) == S_OK);
    REQUIRE(debug.As(&fromDebug) == S_OK);
    CHECK(fromDevice.Get() == fromDebug.Get());
    ComPtr<ID3D12Device> back;
    REQUIRE(debug.As(&back) == S_OK);

    CHECK(debug->GetFeatureMask() == D3D12_DEBUG_FEATURE_NONE);
    CHECK(debug->SetFeatureMask(D3D12_DEBUG_FEATURE_CONSERVATIVE_RESOURCE_STATE_TRACKING) == S_OK);
    CHECK(debug->GetFeatureMask() == D3D12_DEBUG_FEATURE_CONSERVATIVE_RESOURCE_STATE_TRACKING);
    CHECK(debug->SetFeatureMask(D3D12_DEBUG_FEATURE(0x100)) == E_INVALIDARG);
    CHECK(debug->GetFeatureMask() == D3D12_DEBUG_FEATURE_CONSERVATIVE_RESOURCE_STATE_TRACKING);
    CHECK(debug->ReportLiveDeviceObjects(D3D12_RLDO_FLAGS(D3D12_RLDO_SUMMARY | D3D12_RLDO_DETAIL)) == S_OK);
    CHECK(debug->ReportLiveDeviceObjects(D3D12_RLDO_FLAGS(0x10)) == E_INVALIDARG);

    ComPtr<ID3D12DebugDevice2> debug2;
    REQUIRE(device.As(&debug2) == S_OK);
    D3D12_DEBUG_FEATURE features{};
    CHECK(debug2->GetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, &features, sizeof(features)) == S_OK);
    CHECK(features == D3D12_DEBUG_FEATURE_CONSERVATIVE_RESOURCE_STATE_TRACKING);
    D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR slowdown{2.5f};
    CHECK(debug2->SetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, &slowdown,
                                    sizeof(slowdown)) == S_OK);
    D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR read{};
    CHECK(debug2->GetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, &read,
                                    sizeof(read)) == S_OK);
    CHECK(read.SlowdownFactor == 2.5f);
    CHECK(debug2->SetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, &slowdown, 1) ==
          E_INVALIDARG);
    CHECK(debug2->GetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, nullptr, sizeof(features)) ==
          E_INVALIDARG);
    CHECK(debug2->SetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE(7), &features, sizeof(features)) == E_INVALIDARG);
    debug2->SetFeatureMask(D3D12_DEBUG_FEATURE_NONE);  // the device is the process's singleton: leave it as found
    slowdown.SlowdownFactor = 0.0f;
    debug2->SetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, &slowdown, sizeof(slowdown));
}

TEST_CASE("CheckFeatureSupport: the queries DirectML programs make, E_INVALIDARG for wrong sizes") {
    ComPtr<ID3D12Device> device = createDevice();
    const D3D_FEATURE_LEVEL requested[] = {D3D_FEATURE_LEVEL_1_0_CORE, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_0,
                                           D3D_FEATURE_LEVEL_12_1};
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels{ARRAYSIZE(requested), requested, D3D_FEATURE_LEVEL(0)};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)) == S_OK);
    CHECK(levels.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_12_0);
    const D3D_FEATURE_LEVEL onlyHigh[] = {D3D_FEATURE_LEVEL_12_2};
    levels = {1, onlyHigh, D3D_FEATURE_LEVEL(0)};
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)) ==
          DXGI_ERROR_UNSUPPORTED);
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels) - 1) == E_INVALIDARG);

    ComPtr<IVkdmlD3D12Device> interop;
    REQUIRE(device.As(&interop) == S_OK);
    VKDML_ADAPTER_INFO info{};
    REQUIRE(vkdmlGetAdapterInfo(interop->GetVkdmlDevice(), &info) == S_OK);
    const bool uma = info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ||
                     info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;

    D3D12_FEATURE_DATA_ARCHITECTURE1 architecture{};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_ARCHITECTURE1, &architecture, sizeof(architecture)) == S_OK);
    CHECK(bool(architecture.UMA) == uma);
    CHECK(bool(architecture.CacheCoherentUMA) == uma);
    CHECK(architecture.TileBasedRenderer == FALSE);
    D3D12_FEATURE_DATA_ARCHITECTURE architecture0{};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_ARCHITECTURE, &architecture0, sizeof(architecture0)) == S_OK);
    CHECK(bool(architecture0.UMA) == uma);
    architecture.NodeIndex = 1;
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_ARCHITECTURE1, &architecture, sizeof(architecture)) ==
          E_INVALIDARG);
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_ARCHITECTURE1, &architecture, sizeof(architecture0)) ==
          E_INVALIDARG);

    D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)) == S_OK);
    CHECK(bool(options.DoublePrecisionFloatShaderOps) == bool(info.SupportsFloat64));
    CHECK(options.ResourceBindingTier == D3D12_RESOURCE_BINDING_TIER_2);
    CHECK(options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED);
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, nullptr, sizeof(options)) == E_INVALIDARG);
    D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1{};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS1, &options1, sizeof(options1)) == S_OK);
    CHECK(options1.WaveLaneCountMin == std::max(info.SubgroupSize, 1u));
    CHECK(bool(options1.Int64ShaderOps) == bool(info.SupportsInt64));
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS1, &options1, sizeof(options)) == E_INVALIDARG);

    D3D12_FEATURE_DATA_SHADER_MODEL model{D3D_SHADER_MODEL_6_5};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model)) == S_OK);
    CHECK(model.HighestShaderModel >= D3D_SHADER_MODEL_6_0);
    CHECK(model.HighestShaderModel <= D3D_SHADER_MODEL_6_2);
    model.HighestShaderModel = D3D_SHADER_MODEL_5_1;
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model)) == S_OK);
    CHECK(model.HighestShaderModel == D3D_SHADER_MODEL_5_1);
    model.HighestShaderModel = D3D_SHADER_MODEL(0x99);
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model)) == E_INVALIDARG);

    D3D12_FEATURE_DATA_D3D12_OPTIONS5 outside{};
    CHECK(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS5, &outside, sizeof(outside)) == E_NOTIMPL);
}

TEST_CASE("struct-returning methods from C++: allocation info, copyable footprints, custom heap properties") {
    ComPtr<ID3D12Device> device = createDevice();
    const D3D12_RESOURCE_DESC descs[] = {bufferDesc(100), bufferDesc(65536), bufferDesc(65537)};
    const D3D12_RESOURCE_ALLOCATION_INFO one = device->GetResourceAllocationInfo(0, 1, descs);
    CHECK(one.SizeInBytes == 65536);
    CHECK(one.Alignment == 65536);
    const D3D12_RESOURCE_ALLOCATION_INFO three = device->GetResourceAllocationInfo(0, 3, descs);
    CHECK(three.SizeInBytes == 65536 + 65536 + 131072);
    D3D12_RESOURCE_DESC texture = bufferDesc(64);
    texture.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    CHECK(device->GetResourceAllocationInfo(0, 1, &texture).SizeInBytes == UINT64_MAX);

    ComPtr<ID3D12Device4> device4;
    REQUIRE(device.As(&device4) == S_OK);
    D3D12_RESOURCE_ALLOCATION_INFO1 each[3] = {};
    const D3D12_RESOURCE_ALLOCATION_INFO all = device4->GetResourceAllocationInfo1(0, 3, descs, each);
    CHECK(all.SizeInBytes == 262144);
    CHECK(each[1].Offset == 65536);
    CHECK(each[2].Offset == 131072);
    CHECK(each[2].SizeInBytes == 131072);

    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout{};
    UINT rows = 0;
    UINT64 rowBytes = 0, total = 0;
    const D3D12_RESOURCE_DESC buffer = bufferDesc(1000);
    device->GetCopyableFootprints(&buffer, 0, 1, 512, &layout, &rows, &rowBytes, &total);
    CHECK(layout.Offset == 512);
    CHECK(layout.Footprint.Width == 1000);
    CHECK(layout.Footprint.Height == 1);
    CHECK(layout.Footprint.RowPitch == 1024);
    CHECK(rows == 1);
    CHECK(rowBytes == 1000);
    CHECK(total == 1000);
    device->GetCopyableFootprints(&buffer, 1, 1, 0, &layout, &rows, &rowBytes, &total);
    CHECK(total == UINT64_MAX);

    const D3D12_HEAP_PROPERTIES upload = device->GetCustomHeapProperties(0, D3D12_HEAP_TYPE_UPLOAD);
    CHECK(upload.Type == D3D12_HEAP_TYPE_CUSTOM);
    CHECK(upload.CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE);
    const D3D12_HEAP_PROPERTIES readback = device->GetCustomHeapProperties(0, D3D12_HEAP_TYPE_READBACK);
    CHECK(readback.CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
    const D3D12_HEAP_PROPERTIES defaults = device->GetCustomHeapProperties(0, D3D12_HEAP_TYPE_DEFAULT);
    CHECK(defaults.CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE);

    CHECK(device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV) > 0);
    CHECK(device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV) > 0);
}

TEST_CASE("ID3D12Object: private data, interfaces and names") {
    ComPtr<ID3D12Device> device = createDevice();
    const GUID key = {0x12345678, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
    const uint32_t stored = 0xfeedbeef;
    REQUIRE(device->SetPrivateData(key, sizeof(stored), &stored) == S_OK);
    UINT size = 0;
    CHECK(device->GetPrivateData(key, &size, nullptr) == S_OK);
    CHECK(size == 4);
    uint32_t read = 0;
    size = 2;
    CHECK(device->GetPrivateData(key, &size, &read) == DXGI_ERROR_MORE_DATA);
    size = 4;
    CHECK(device->GetPrivateData(key, &size, &read) == S_OK);
    CHECK(read == 0xfeedbeef);
    const GUID other = {0x87654321, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
    CHECK(device->GetPrivateData(other, &size, &read) == DXGI_ERROR_NOT_FOUND);
    CHECK(device->GetPrivateData(key, nullptr, &read) == E_INVALIDARG);

    ComPtr<ID3D12Fence> fence;
    REQUIRE(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)) == S_OK);
    REQUIRE(device->SetPrivateDataInterface(other, fence.Get()) == S_OK);
    IUnknown* back = nullptr;
    size = sizeof(back);
    REQUIRE(device->GetPrivateData(other, &size, &back) == S_OK);
    CHECK(back == fence.Get());
    back->Release();
    REQUIRE(device->SetPrivateDataInterface(other, nullptr) == S_OK);  // else device and fence hold each other

    CHECK(device->SetName(L"vkdml test device") == S_OK);
    const GUID nameKey = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
    size = 0;
    REQUIRE(device->GetPrivateData(nameKey, &size, nullptr) == S_OK);
    CHECK(size == (wcslen(L"vkdml test device") + 1) * sizeof(WCHAR));

    // A child reports its device.
    ComPtr<ID3D12Device> parent;
    REQUIRE(fence->GetDevice(IID_PPV_ARGS(&parent)) == S_OK);
    CHECK(parent.Get() == device.Get());
}

TEST_CASE("methods outside the subset return E_NOTIMPL with out-pointers NULL") {
    ComPtr<ID3D12Device> device = createDevice();
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    D3D12_COMPUTE_PIPELINE_STATE_DESC pipeline{};
    CHECK(device->CreateComputePipelineState(&pipeline, __uuidof(ID3D12PipelineState), &out) == E_NOTIMPL);
    CHECK(out == nullptr);
    out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreateRootSignature(0, "x", 1, __uuidof(ID3D12RootSignature), &out) == E_NOTIMPL);
    CHECK(out == nullptr);
    const D3D12_RESOURCE_DESC desc = bufferDesc(256);
    out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreateReservedResource(&desc, D3D12_RESOURCE_STATE_COMMON, nullptr, __uuidof(ID3D12Resource),
                                         &out) == E_NOTIMPL);
    CHECK(out == nullptr);
    ComPtr<ID3D12Device5> device5;
    REQUIRE(device.As(&device5) == S_OK);
    UINT count = 7;
    CHECK(device5->EnumerateMetaCommands(&count, nullptr) == E_NOTIMPL);
    // A void graphics method does nothing and returns.
    D3D12_SAMPLER_DESC sampler{};
    device->CreateSampler(&sampler, D3D12_CPU_DESCRIPTOR_HANDLE{0});
}

TEST_CASE("a device is a singleton of its adapter until released; a removed one is not handed out") {
    ComPtr<ID3D12Device> first = createDevice();
    ComPtr<ID3D12Device> second;
    REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&second)) == S_OK);
    CHECK(second.Get() == first.Get());
    ComPtr<ID3D12Fence> fence;
    REQUIRE(first->CreateFence(5, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)) == S_OK);
    second.Reset();

    ComPtr<ID3D12Device5> device5;
    REQUIRE(first.As(&device5) == S_OK);
    device5->RemoveDevice();
    CHECK(first->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(fence->GetCompletedValue() == UINT64_MAX);
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), &out) ==
          DXGI_ERROR_DEVICE_REMOVED);
    CHECK(out == nullptr);
    const ID3D12Device* removed = first.Get();
    device5.Reset();
    first.Reset();
    fence.Reset();  // the last reference: the removed device goes

    ComPtr<ID3D12Device> fresh;
    REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&fresh)) == S_OK);
    CHECK(fresh->GetDeviceRemovedReason() == S_OK);
    (void)removed;
}

TEST_CASE("D3D12CreateDevice on an IVkdmlAdapter: that vkdml adapter, one device per adapter") {
    ComPtr<ID3D12Device> byDefault = createDevice();
    ComPtr<IVkdmlD3D12Device> interop;
    REQUIRE(byDefault.As(&interop) == S_OK);
    VKDML_ADAPTER_INFO info{};
    REQUIRE(vkdmlGetAdapterInfo(interop->GetVkdmlDevice(), &info) == S_OK);

    ComPtr<FakeAdapter> adapter;
    adapter.Attach(new FakeAdapter(info.AdapterIndex));
    ComPtr<ID3D12Device> byAdapter;
    REQUIRE(D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&byAdapter)) == S_OK);
    CHECK(byAdapter.Get() == byDefault.Get());  // the default adapter's device, found by its index
    CHECK(D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), nullptr) == S_FALSE);

    ComPtr<FakeAdapter> missing;
    missing.Attach(new FakeAdapter(1000));
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(D3D12CreateDevice(missing.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), &out) ==
          DXGI_ERROR_UNSUPPORTED);
    CHECK(out == nullptr);
}
