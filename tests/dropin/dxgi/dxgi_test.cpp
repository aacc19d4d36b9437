// libdxgi.so as a DXGI program uses it: factories of every version, adapters enumerated in vkdml's order with their
// descriptions, by LUID and by GPU preference, misuse answered with DXGI's codes and NULL out-pointers.
#include <wsl/winadapter.h>
#include <wsl/wrladapter.h>
#include <directx/d3d12.h>
#include <dxgi1_6.h>
#include <dxguids/dxguids.h>
#include <vkdml_d3d12.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "adapter_test_support.h"
#include "dxgi/adapter_catalog.h"

using Microsoft::WRL::ComPtr;
using namespace vkdml::dropin::test;

// DXGI's layouts with DirectX-Headers' Linux types (WCHAR is wchar_t, SIZE_T 8 bytes): the descriptions grow by
// appending fields, and DESC3 is DESC2 with Flags typed.
static_assert(offsetof(DXGI_ADAPTER_DESC, VendorId) == 128 * sizeof(WCHAR));
static_assert(offsetof(DXGI_ADAPTER_DESC, DedicatedVideoMemory) == 128 * sizeof(WCHAR) + 16);
static_assert(offsetof(DXGI_ADAPTER_DESC, AdapterLuid) == 128 * sizeof(WCHAR) + 40);
static_assert(sizeof(DXGI_ADAPTER_DESC) == 128 * sizeof(WCHAR) + 48);
static_assert(offsetof(DXGI_ADAPTER_DESC1, Flags) == sizeof(DXGI_ADAPTER_DESC));
static_assert(offsetof(DXGI_ADAPTER_DESC2, GraphicsPreemptionGranularity) == sizeof(DXGI_ADAPTER_DESC) + 4);
static_assert(offsetof(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity) == sizeof(DXGI_ADAPTER_DESC) + 8);
static_assert(sizeof(DXGI_ADAPTER_DESC3) == sizeof(DXGI_ADAPTER_DESC2));
static_assert(offsetof(DXGI_ADAPTER_DESC3, ComputePreemptionGranularity) ==
              offsetof(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity));
static_assert(sizeof(DXGI_QUERY_VIDEO_MEMORY_INFO) == 32);
static_assert(sizeof(DXGI_ADAPTER_FLAG3) == 4 && sizeof(DXGI_GPU_PREFERENCE) == 4);

namespace {

void* const kGarbage = reinterpret_cast<void*>(0x1234);

ComPtr<IDXGIFactory6> makeFactory(UINT flags = 0) {
    ComPtr<IDXGIFactory6> factory;
    REQUIRE(CreateDXGIFactory2(flags, IID_PPV_ARGS(&factory)) == S_OK);
    REQUIRE(factory);
    return factory;
}

// DXGI's preference orders as documented for vkdml: kinds ranked, CPU devices last, ties in vkdml's order.
int highPerformanceRank(const VKDML_ADAPTER_INFO& info) {
    switch (info.DeviceType) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 4;
    default: return 3;
    }
}

int minimumPowerRank(const VKDML_ADAPTER_INFO& info) {
    switch (info.DeviceType) {
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 0;
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 1;
    default: return highPerformanceRank(info);
    }
}

std::vector<UINT> expectedOrder(const std::vector<VKDML_ADAPTER_INFO>& infos, int (*rank)(const VKDML_ADAPTER_INFO&)) {
    std::vector<UINT> order(infos.size());
    for (UINT i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](UINT a, UINT b) { return rank(infos[a]) < rank(infos[b]); });
    return order;
}

UINT vkdmlIndexOf(IUnknown* adapter) {
    ComPtr<IVkdmlAdapter> vkdml;
    REQUIRE(adapter->QueryInterface(IID_PPV_ARGS(&vkdml)) == S_OK);
    return vkdml->GetVkdmlAdapterIndex();
}

}  // namespace

TEST_CASE("CreateDXGIFactory, 1 and 2 make factories answering every IDXGIFactory version") {
    ComPtr<IDXGIFactory> plain;
    REQUIRE(CreateDXGIFactory(IID_PPV_ARGS(&plain)) == S_OK);
    ComPtr<IDXGIFactory1> one;
    REQUIRE(CreateDXGIFactory1(IID_PPV_ARGS(&one)) == S_OK);
    ComPtr<IDXGIFactory6> factory = makeFactory(DXGI_CREATE_FACTORY_DEBUG);
    CHECK(factory->GetCreationFlags() == DXGI_CREATE_FACTORY_DEBUG);
    CHECK(makeFactory()->GetCreationFlags() == 0u);

    ComPtr<IUnknown> identity;
    REQUIRE(factory->QueryInterface(IID_PPV_ARGS(&identity)) == S_OK);
    ComPtr<IDXGIObject> object;
    ComPtr<IDXGIFactory2> two;
    ComPtr<IDXGIFactory3> three;
    ComPtr<IDXGIFactory4> four;
    ComPtr<IDXGIFactory5> five;
    CHECK(factory->QueryInterface(IID_PPV_ARGS(&object)) == S_OK);
    CHECK(factory->QueryInterface(IID_PPV_ARGS(&two)) == S_OK);
    CHECK(factory->QueryInterface(IID_PPV_ARGS(&three)) == S_OK);
    CHECK(factory->QueryInterface(IID_PPV_ARGS(&four)) == S_OK);
    CHECK(factory->QueryInterface(IID_PPV_ARGS(&five)) == S_OK);
    ComPtr<IUnknown> identityThroughFour;
    REQUIRE(four->QueryInterface(IID_PPV_ARGS(&identityThroughFour)) == S_OK);
    CHECK(identityThroughFour.Get() == identity.Get());

    // The exported IID constants equal the header's __uuidof.
    CHECK(IID_IDXGIFactory6 == __uuidof(IDXGIFactory6));
    CHECK(IID_IDXGIAdapter1 == __uuidof(IDXGIAdapter1));
}

TEST_CASE("CreateDXGIFactory rejects bad arguments and leaves NULL behind") {
    void* out = kGarbage;
    CHECK(CreateDXGIFactory2(0x2, __uuidof(IDXGIFactory), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    out = kGarbage;
    CHECK(CreateDXGIFactory1(__uuidof(ID3D12Device), &out) == E_NOINTERFACE);
    CHECK(out == nullptr);
    CHECK(CreateDXGIFactory(__uuidof(IDXGIFactory), nullptr) == E_POINTER);
    ComPtr<IDXGIFactory6> factory = makeFactory();
    out = kGarbage;
    CHECK(factory->GetParent(__uuidof(IUnknown), &out) == E_NOINTERFACE);
    CHECK(out == nullptr);
}

TEST_CASE("EnumAdapters lists vkdml's adapters in vkdml's order with their descriptions") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    REQUIRE(!infos.empty());  // lavapipe at least
    ComPtr<IDXGIFactory6> factory = makeFactory();
    for (UINT i = 0; i < infos.size(); ++i) {
        CAPTURE(i);
        const VKDML_ADAPTER_INFO& info = infos[i];
        ComPtr<IDXGIAdapter1> adapter;
        REQUIRE(factory->EnumAdapters1(i, &adapter) == S_OK);
        DXGI_ADAPTER_DESC1 desc1{};
        REQUIRE(adapter->GetDesc1(&desc1) == S_OK);
        CHECK(std::wstring(desc1.Description) == wideName(info));
        CHECK(desc1.VendorId == info.VendorId);
        CHECK(desc1.DeviceId == info.DeviceId);
        CHECK(luidEquals(desc1.AdapterLuid, expectedLuid(info)));
        CHECK(desc1.Flags == (isCpu(info) ? DXGI_ADAPTER_FLAG_SOFTWARE : DXGI_ADAPTER_FLAG_NONE));
        if (isDiscrete(info)) {
            CHECK(desc1.DedicatedVideoMemory == info.DeviceLocalMemoryBytes);
        } else {
            CHECK(desc1.DedicatedVideoMemory == 0u);
            CHECK(desc1.SharedSystemMemory == info.DeviceLocalMemoryBytes);
        }
        CHECK(vkdmlIndexOf(adapter.Get()) == info.AdapterIndex);
        CHECK(info.AdapterIndex == i);

        ComPtr<IDXGIAdapter4> adapter4;
        REQUIRE(adapter.As(&adapter4) == S_OK);
        DXGI_ADAPTER_DESC desc{};
        DXGI_ADAPTER_DESC2 desc2{};
        DXGI_ADAPTER_DESC3 desc3{};
        REQUIRE(adapter4->GetDesc(&desc) == S_OK);
        REQUIRE(adapter4->GetDesc2(&desc2) == S_OK);
        REQUIRE(adapter4->GetDesc3(&desc3) == S_OK);
        CHECK(std::wstring(desc.Description) == wideName(info));
        CHECK(std::wstring(desc3.Description) == wideName(info));
        CHECK(luidEquals(desc.AdapterLuid, desc1.AdapterLuid));
        CHECK(luidEquals(desc2.AdapterLuid, desc1.AdapterLuid));
        CHECK(luidEquals(desc3.AdapterLuid, desc1.AdapterLuid));
        CHECK(desc2.Flags == desc1.Flags);
        CHECK(desc3.Flags == (isCpu(info) ? DXGI_ADAPTER_FLAG3_SOFTWARE : DXGI_ADAPTER_FLAG3_NONE));
        CHECK(desc3.SharedSystemMemory == desc1.SharedSystemMemory);
        CHECK(desc2.ComputePreemptionGranularity == DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY);

        // IDXGIFactory::EnumAdapters gives the same adapter as an IDXGIAdapter.
        ComPtr<IDXGIAdapter> plain;
        REQUIRE(factory->EnumAdapters(i, &plain) == S_OK);
        CHECK(vkdmlIndexOf(plain.Get()) == i);
    }
}

TEST_CASE("Enumeration past the end and NULL out-pointers") {
    const UINT count = static_cast<UINT>(vkdmlAdapters().size());
    ComPtr<IDXGIFactory6> factory = makeFactory();
    IDXGIAdapter1* adapter1 = reinterpret_cast<IDXGIAdapter1*>(kGarbage);
    CHECK(factory->EnumAdapters1(count, &adapter1) == DXGI_ERROR_NOT_FOUND);
    CHECK(adapter1 == nullptr);
    IDXGIAdapter* adapter = reinterpret_cast<IDXGIAdapter*>(kGarbage);
    CHECK(factory->EnumAdapters(count + 5, &adapter) == DXGI_ERROR_NOT_FOUND);
    CHECK(adapter == nullptr);
    CHECK(factory->EnumAdapters(0, nullptr) == DXGI_ERROR_INVALID_CALL);
    CHECK(factory->EnumAdapters1(0, nullptr) == DXGI_ERROR_INVALID_CALL);
    void* out = kGarbage;
    CHECK(factory->EnumAdapterByGpuPreference(count, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE, __uuidof(IDXGIAdapter),
                                              &out) == DXGI_ERROR_NOT_FOUND);
    CHECK(out == nullptr);
    out = kGarbage;
    CHECK(factory->EnumAdapterByGpuPreference(0, static_cast<DXGI_GPU_PREFERENCE>(7), __uuidof(IDXGIAdapter), &out) ==
          E_INVALIDARG);
    CHECK(out == nullptr);
    CHECK(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE_UNSPECIFIED, __uuidof(IDXGIAdapter), nullptr) ==
          E_INVALIDARG);
    out = kGarbage;
    CHECK(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE_UNSPECIFIED, __uuidof(ID3D12Device), &out) ==
          E_NOINTERFACE);
    CHECK(out == nullptr);

    ComPtr<IDXGIAdapter4> first;
    REQUIRE(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE_UNSPECIFIED, IID_PPV_ARGS(&first)) == S_OK);
    CHECK(first->GetDesc(nullptr) == E_INVALIDARG);
    CHECK(first->GetDesc1(nullptr) == E_INVALIDARG);
    CHECK(first->GetDesc2(nullptr) == E_INVALIDARG);
    CHECK(first->GetDesc3(nullptr) == E_INVALIDARG);
    IDXGIOutput* output = reinterpret_cast<IDXGIOutput*>(kGarbage);
    CHECK(first->EnumOutputs(0, &output) == DXGI_ERROR_NOT_FOUND);
    CHECK(output == nullptr);
    CHECK(first->GetParent(__uuidof(IDXGIFactory), nullptr) == E_POINTER);
}

TEST_CASE("EnumAdapterByLuid finds each adapter; LUIDs are stable across factories") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    ComPtr<IDXGIFactory6> factory = makeFactory();
    ComPtr<IDXGIFactory6> other = makeFactory();
    for (UINT i = 0; i < infos.size(); ++i) {
        CAPTURE(i);
        ComPtr<IDXGIAdapter1> fromFirst;
        ComPtr<IDXGIAdapter1> fromOther;
        REQUIRE(factory->EnumAdapters1(i, &fromFirst) == S_OK);
        REQUIRE(other->EnumAdapters1(i, &fromOther) == S_OK);
        DXGI_ADAPTER_DESC1 a{};
        DXGI_ADAPTER_DESC1 b{};
        REQUIRE(fromFirst->GetDesc1(&a) == S_OK);
        REQUIRE(fromOther->GetDesc1(&b) == S_OK);
        CHECK(luidEquals(a.AdapterLuid, b.AdapterLuid));

        ComPtr<IDXGIAdapter3> byLuid;
        REQUIRE(other->EnumAdapterByLuid(a.AdapterLuid, IID_PPV_ARGS(&byLuid)) == S_OK);
        CHECK(vkdmlIndexOf(byLuid.Get()) == i);
        for (UINT j = 0; j < i; ++j) {
            DXGI_ADAPTER_DESC1 earlier{};
            ComPtr<IDXGIAdapter1> adapter;
            REQUIRE(factory->EnumAdapters1(j, &adapter) == S_OK);
            REQUIRE(adapter->GetDesc1(&earlier) == S_OK);
            CHECK_FALSE(luidEquals(earlier.AdapterLuid, a.AdapterLuid));
        }
    }
    LUID unknown{0xdeadbeef, 0x1234};
    void* out = kGarbage;
    CHECK(factory->EnumAdapterByLuid(unknown, __uuidof(IDXGIAdapter), &out) == DXGI_ERROR_NOT_FOUND);
    CHECK(out == nullptr);
    CHECK(factory->EnumAdapterByLuid(unknown, __uuidof(IDXGIAdapter), nullptr) == E_INVALIDARG);
}

TEST_CASE("EnumAdapterByGpuPreference orders by kind; EnumWarpAdapter gives the CPU device") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    ComPtr<IDXGIFactory6> factory = makeFactory();
    struct Case {
        DXGI_GPU_PREFERENCE preference;
        std::vector<UINT> order;
    };
    std::vector<UINT> enumeration(infos.size());
    for (UINT i = 0; i < enumeration.size(); ++i) enumeration[i] = i;
    const Case cases[] = {{DXGI_GPU_PREFERENCE_UNSPECIFIED, enumeration},
                          {DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE, expectedOrder(infos, highPerformanceRank)},
                          {DXGI_GPU_PREFERENCE_MINIMUM_POWER, expectedOrder(infos, minimumPowerRank)}};
    for (const Case& c : cases) {
        CAPTURE(static_cast<int>(c.preference));
        for (UINT i = 0; i < c.order.size(); ++i) {
            ComPtr<IDXGIAdapter1> adapter;
            REQUIRE(factory->EnumAdapterByGpuPreference(i, c.preference, IID_PPV_ARGS(&adapter)) == S_OK);
            CHECK(vkdmlIndexOf(adapter.Get()) == c.order[i]);
        }
    }

    const auto cpu = std::find_if(infos.begin(), infos.end(), isCpu);
    ComPtr<IDXGIAdapter1> warp;
    const HRESULT hr = factory->EnumWarpAdapter(IID_PPV_ARGS(&warp));
    if (cpu == infos.end()) {
        CHECK(hr == DXGI_ERROR_NOT_FOUND);
        CHECK(warp == nullptr);
    } else {
        REQUIRE(hr == S_OK);
        CHECK(vkdmlIndexOf(warp.Get()) == cpu->AdapterIndex);
    }
}

TEST_CASE("Adapter order over every kind of device") {
    using namespace vkdml::dropin;
    const AdapterKind kinds[] = {AdapterKind::Cpu, AdapterKind::Integrated, AdapterKind::Discrete, AdapterKind::Other,
                                 AdapterKind::Discrete, AdapterKind::Virtual, AdapterKind::Integrated};
    std::vector<AdapterRecord> adapters;
    for (AdapterKind kind : kinds) {
        AdapterRecord record{};
        record.kind = kind;
        adapters.push_back(record);
    }
    CHECK(adapterOrder(adapters, AdapterOrder::Enumeration) == std::vector<size_t>{0, 1, 2, 3, 4, 5, 6});
    CHECK(adapterOrder(adapters, AdapterOrder::HighPerformance) == std::vector<size_t>{2, 4, 1, 6, 5, 3, 0});
    CHECK(adapterOrder(adapters, AdapterOrder::MinimumPower) == std::vector<size_t>{1, 6, 2, 4, 5, 3, 0});
}

TEST_CASE("Adapter parent, memory information, reservations, feature support, private data") {
    ComPtr<IDXGIFactory6> factory = makeFactory();
    ComPtr<IDXGIAdapter4> adapter;
    REQUIRE(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE_UNSPECIFIED, IID_PPV_ARGS(&adapter)) == S_OK);

    ComPtr<IDXGIFactory1> parent;
    REQUIRE(adapter->GetParent(IID_PPV_ARGS(&parent)) == S_OK);
    ComPtr<IUnknown> parentIdentity;
    ComPtr<IUnknown> factoryIdentity;
    REQUIRE(parent.As(&parentIdentity) == S_OK);
    REQUIRE(factory.As(&factoryIdentity) == S_OK);
    CHECK(parentIdentity.Get() == factoryIdentity.Get());

    const VKDML_ADAPTER_INFO info = vkdmlAdapters().at(0);
    DXGI_QUERY_VIDEO_MEMORY_INFO local{};
    DXGI_QUERY_VIDEO_MEMORY_INFO nonLocal{};
    REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local) == S_OK);
    REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, &nonLocal) == S_OK);
    CHECK(local.Budget == info.DeviceLocalMemoryBytes);  // the device-local heaps, wherever they live
    CHECK(local.CurrentReservation == 0u);
    CHECK(nonLocal.Budget == (isDiscrete(info) ? nonLocal.Budget : 0u));
    CHECK(adapter->QueryVideoMemoryInfo(1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local) == E_INVALIDARG);
    CHECK(adapter->QueryVideoMemoryInfo(0, static_cast<DXGI_MEMORY_SEGMENT_GROUP>(2), &local) == E_INVALIDARG);
    CHECK(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, nullptr) == E_INVALIDARG);

    REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local) == S_OK);
    const UINT64 reservation = local.AvailableForReservation / 4;
    CHECK(adapter->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, reservation) == S_OK);
    REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local) == S_OK);
    CHECK(local.CurrentReservation == reservation);
    CHECK(adapter->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, local.AvailableForReservation + 1) ==
          E_INVALIDARG);

    BOOL tearing = TRUE;
    CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, sizeof tearing) == S_OK);
    CHECK(tearing == FALSE);
    CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, 1) == E_INVALIDARG);
    CHECK(factory->CheckFeatureSupport(static_cast<DXGI_FEATURE>(5), &tearing, sizeof tearing) == E_INVALIDARG);
    CHECK(factory->IsCurrent() == TRUE);
    CHECK(factory->IsWindowedStereoEnabled() == FALSE);

    const GUID name = {0x1, 0x2, 0x3, {4, 5, 6, 7, 8, 9, 10, 11}};
    const UINT value = 0xabcdef;
    CHECK(adapter->SetPrivateData(name, sizeof value, &value) == S_OK);
    UINT size = 0;
    CHECK(adapter->GetPrivateData(name, &size, nullptr) == S_OK);
    CHECK(size == sizeof value);
    UINT readBack = 0;
    size = 2;
    CHECK(adapter->GetPrivateData(name, &size, &readBack) == DXGI_ERROR_MORE_DATA);
    CHECK(size == sizeof value);
    CHECK(adapter->GetPrivateData(name, &size, &readBack) == S_OK);
    CHECK(readBack == value);
    CHECK(adapter->SetPrivateData(name, 0, nullptr) == S_OK);
    CHECK(adapter->GetPrivateData(name, &size, &readBack) == DXGI_ERROR_NOT_FOUND);

    // What lies outside the subset answers E_NOTIMPL and clears its out-pointers.
    IDXGISwapChain* swapChain = reinterpret_cast<IDXGISwapChain*>(kGarbage);
    CHECK(factory->CreateSwapChain(nullptr, nullptr, &swapChain) == E_NOTIMPL);
    CHECK(swapChain == nullptr);
    DWORD cookie = 7;
    CHECK(adapter->RegisterVideoMemoryBudgetChangeNotificationEvent(nullptr, &cookie) == E_NOTIMPL);
    CHECK(cookie == 0u);
    LARGE_INTEGER umd;
    umd.QuadPart = 5;
    CHECK(adapter->CheckInterfaceSupport(__uuidof(ID3D12Device), &umd) == DXGI_ERROR_UNSUPPORTED);
}

TEST_CASE("The vtables have DXGI's slots") {
    ComPtr<IDXGIFactory6> factory = makeFactory(DXGI_CREATE_FACTORY_DEBUG);
    // IUnknown 0-2, IDXGIObject 3-6, IDXGIFactory 7-11, IDXGIFactory1 12-13, IDXGIFactory2 14-24, IDXGIFactory3 25,
    // IDXGIFactory4 26-27, IDXGIFactory5 28, IDXGIFactory6 29.
    using GetCreationFlags = UINT (*)(IDXGIFactory6*);
    using IsCurrent = BOOL (*)(IDXGIFactory6*);
    using ByPreference = HRESULT (*)(IDXGIFactory6*, UINT, DXGI_GPU_PREFERENCE, REFIID, void**);
    CHECK(vtableSlot<GetCreationFlags>(factory.Get(), 25)(factory.Get()) == DXGI_CREATE_FACTORY_DEBUG);
    CHECK(vtableSlot<IsCurrent>(factory.Get(), 13)(factory.Get()) == TRUE);
    ComPtr<IDXGIAdapter4> adapter;
    REQUIRE(vtableSlot<ByPreference>(factory.Get(), 29)(factory.Get(), 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
                                                        IID_PPV_ARGS(&adapter)) == S_OK);
    // IDXGIAdapter 7-9, IDXGIAdapter1 10, IDXGIAdapter2 11, IDXGIAdapter3 12-17, IDXGIAdapter4 18.
    using GetDesc3 = HRESULT (*)(IDXGIAdapter4*, DXGI_ADAPTER_DESC3*);
    using QueryMemory = HRESULT (*)(IDXGIAdapter4*, UINT, DXGI_MEMORY_SEGMENT_GROUP, DXGI_QUERY_VIDEO_MEMORY_INFO*);
    DXGI_ADAPTER_DESC3 viaSlot{};
    DXGI_ADAPTER_DESC3 named{};
    REQUIRE(vtableSlot<GetDesc3>(adapter.Get(), 18)(adapter.Get(), &viaSlot) == S_OK);
    REQUIRE(adapter->GetDesc3(&named) == S_OK);
    CHECK(std::wstring(viaSlot.Description) == std::wstring(named.Description));
    CHECK(luidEquals(viaSlot.AdapterLuid, named.AdapterLuid));
    DXGI_QUERY_VIDEO_MEMORY_INFO memory{};
    CHECK(vtableSlot<QueryMemory>(adapter.Get(), 14)(adapter.Get(), 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &memory) ==
          E_INVALIDARG);
}
