// libdxcore.so as DXCore programs use it: adapter lists by attribute, properties and the memory-budget state in
// agreement with vkdml's adapter list and with libdxgi.so (LUIDs), sorting, misuse answered with NULL out-pointers.
#include <wsl/winadapter.h>
#include <wsl/wrladapter.h>
#include <directx/d3d12.h>
#include <directx/dxcore.h>
#include <dxgi1_6.h>
#include <dxguids/dxguids.h>
#include <vkdml_d3d12.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../dxgi/adapter_test_support.h"
#include "dxcore/dxcore_adapter_list.h"

using Microsoft::WRL::ComPtr;
using namespace vkdml::dropin::test;

namespace {

void* const kGarbage = reinterpret_cast<void*>(0x1234);

// DXCore's attribute GUIDs, written out so the test does not depend on the DirectX-Headers version declaring them.
constexpr GUID kCoreCompute = {0x248e2800, 0xa793, 0x4724, {0xab, 0xaa, 0x23, 0xa6, 0xde, 0x1b, 0xe0, 0x90}};
constexpr GUID kGenericMl = {0xb71b0d41, 0x1088, 0x422f, {0xa2, 0x7c, 0x02, 0x50, 0xb7, 0xd3, 0xa9, 0x88}};
constexpr GUID kGraphics = {0x0c9ece4d, 0x2f6e, 0x4f01, {0x8c, 0x96, 0xe8, 0x9e, 0x33, 0x1b, 0x47, 0xb1}};
constexpr GUID kHardwareTypeGpu = {0xb69eb219, 0x3ded, 0x4464, {0x97, 0x9f, 0xa0, 0x0b, 0xd4, 0x68, 0x70, 0x06}};

ComPtr<IDXCoreAdapterFactory> makeFactory() {
    ComPtr<IDXCoreAdapterFactory> factory;
    REQUIRE(DXCoreCreateAdapterFactory(IID_PPV_ARGS(&factory)) == S_OK);
    REQUIRE(factory);
    return factory;
}

ComPtr<IDXCoreAdapterList> makeList(IDXCoreAdapterFactory* factory, const GUID& attribute) {
    ComPtr<IDXCoreAdapterList> list;
    REQUIRE(factory->CreateAdapterList(1, &attribute, IID_PPV_ARGS(&list)) == S_OK);
    REQUIRE(list);
    return list;
}

UINT vkdmlIndexOf(IUnknown* adapter) {
    ComPtr<IVkdmlAdapter> vkdml;
    REQUIRE(adapter->QueryInterface(IID_PPV_ARGS(&vkdml)) == S_OK);
    return vkdml->GetVkdmlAdapterIndex();
}

template <typename T>
T property(IDXCoreAdapter* adapter, DXCoreAdapterProperty which) {
    size_t size = 0;
    REQUIRE(adapter->GetPropertySize(which, &size) == S_OK);
    REQUIRE(size == sizeof(T));
    T value{};
    REQUIRE(adapter->GetProperty(which, &value) == S_OK);
    return value;
}

IUnknown* identityOf(IUnknown* object) {
    ComPtr<IUnknown> identity;
    REQUIRE(object->QueryInterface(IID_PPV_ARGS(&identity)) == S_OK);
    return identity.Get();  // the object keeps it alive
}

}  // namespace

TEST_CASE("DXCoreCreateAdapterFactory makes a factory; misuse leaves NULL") {
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    void* out = kGarbage;
    CHECK(DXCoreCreateAdapterFactory(__uuidof(IDXCoreAdapter), &out) == E_NOINTERFACE);
    CHECK(out == nullptr);
    CHECK(DXCoreCreateAdapterFactory(__uuidof(IDXCoreAdapterFactory), nullptr) == E_POINTER);
    out = kGarbage;
    CHECK(factory->CreateAdapterList(0, &kCoreCompute, __uuidof(IDXCoreAdapterList), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    out = kGarbage;
    CHECK(factory->CreateAdapterList(1, nullptr, __uuidof(IDXCoreAdapterList), &out) == E_POINTER);
    CHECK(out == nullptr);
    CHECK(factory->CreateAdapterList(1, &kCoreCompute, __uuidof(IDXCoreAdapterList), nullptr) == E_POINTER);
    CHECK_FALSE(factory->IsNotificationTypeSupported(DXCoreNotificationType::AdapterListStale));
    uint32_t cookie = 9;
    CHECK(factory->RegisterEventNotification(factory.Get(), DXCoreNotificationType::AdapterListStale, nullptr, nullptr,
                                             &cookie) == DXGI_ERROR_UNSUPPORTED);
    CHECK(cookie == 0u);
    CHECK(factory->UnregisterEventNotification(1) == E_INVALIDARG);
}

TEST_CASE("GENERIC_ML and CORE_COMPUTE list every vkdml adapter; D3D12_GRAPHICS lists none") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    REQUIRE(!infos.empty());
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    for (const GUID& attribute : {kGenericMl, kCoreCompute}) {
        ComPtr<IDXCoreAdapterList> list = makeList(factory.Get(), attribute);
        REQUIRE(list->GetAdapterCount() == infos.size());
        CHECK_FALSE(list->IsStale());
        for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
            ComPtr<IDXCoreAdapter> adapter;
            REQUIRE(list->GetAdapter(i, IID_PPV_ARGS(&adapter)) == S_OK);
            CHECK(vkdmlIndexOf(adapter.Get()) == infos[i].AdapterIndex);
            CHECK(adapter->IsValid());
            CHECK(adapter->IsAttributeSupported(kGenericMl));
            CHECK(adapter->IsAttributeSupported(kCoreCompute));
            CHECK_FALSE(adapter->IsAttributeSupported(kGraphics));
            CHECK(adapter->IsAttributeSupported(kHardwareTypeGpu) == !isCpu(infos[i]));
        }
        void* out = kGarbage;
        CHECK(list->GetAdapter(list->GetAdapterCount(), __uuidof(IDXCoreAdapter), &out) == E_INVALIDARG);
        CHECK(out == nullptr);
        CHECK(list->GetAdapter(0, __uuidof(IDXCoreAdapter), nullptr) == E_POINTER);
        out = kGarbage;
        CHECK(list->GetAdapter(0, __uuidof(IDXGIAdapter), &out) == E_NOINTERFACE);
        CHECK(out == nullptr);
    }
    CHECK(makeList(factory.Get(), kGraphics)->GetAdapterCount() == 0u);
    const GUID both[] = {kCoreCompute, kGraphics};
    ComPtr<IDXCoreAdapterList> computeAndGraphics;
    REQUIRE(factory->CreateAdapterList(2, both, IID_PPV_ARGS(&computeAndGraphics)) == S_OK);
    CHECK(computeAndGraphics->GetAdapterCount() == 0u);
}

TEST_CASE("Adapter properties match vkdml's adapter and DXGI's LUIDs") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    ComPtr<IDXCoreAdapterList> list = makeList(factory.Get(), kCoreCompute);
    ComPtr<IDXGIFactory6> dxgi;
    REQUIRE(CreateDXGIFactory2(0, IID_PPV_ARGS(&dxgi)) == S_OK);
    for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
        CAPTURE(i);
        const VKDML_ADAPTER_INFO& info = infos[i];
        ComPtr<IDXCoreAdapter> adapter;
        REQUIRE(list->GetAdapter(i, IID_PPV_ARGS(&adapter)) == S_OK);

        const LUID luid = property<LUID>(adapter.Get(), DXCoreAdapterProperty::InstanceLuid);
        CHECK(luidEquals(luid, expectedLuid(info)));
        ComPtr<IDXGIAdapter1> dxgiAdapter;
        REQUIRE(dxgi->EnumAdapterByLuid(luid, IID_PPV_ARGS(&dxgiAdapter)) == S_OK);
        DXGI_ADAPTER_DESC1 desc{};
        REQUIRE(dxgiAdapter->GetDesc1(&desc) == S_OK);
        CHECK(luidEquals(desc.AdapterLuid, luid));
        CHECK(vkdmlIndexOf(dxgiAdapter.Get()) == vkdmlIndexOf(adapter.Get()));

        size_t size = 0;
        REQUIRE(adapter->GetPropertySize(DXCoreAdapterProperty::DriverDescription, &size) == S_OK);
        CHECK(size == std::strlen(info.Name) + 1);
        std::string description(size, '?');
        REQUIRE(adapter->GetProperty(DXCoreAdapterProperty::DriverDescription, size, description.data()) == S_OK);
        CHECK(description == std::string(info.Name, size - 1) + '\0');
        CHECK(adapter->GetProperty(DXCoreAdapterProperty::DriverDescription, size - 1, description.data()) ==
              E_INVALIDARG);

        const DXCoreHardwareID hardwareId = property<DXCoreHardwareID>(adapter.Get(), DXCoreAdapterProperty::HardwareID);
        CHECK(hardwareId.vendorID == info.VendorId);
        CHECK(hardwareId.deviceID == info.DeviceId);
        const auto parts = property<DXCoreHardwareIDParts>(adapter.Get(), DXCoreAdapterProperty::HardwareIDParts);
        CHECK(parts.vendorID == info.VendorId);
        CHECK(parts.deviceID == info.DeviceId);
        CHECK(property<uint64_t>(adapter.Get(), DXCoreAdapterProperty::DriverVersion) == info.DriverVersion);
        CHECK(property<bool>(adapter.Get(), DXCoreAdapterProperty::IsHardware) == !isCpu(info));
        const bool integrated = info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU || isCpu(info);
        CHECK(property<bool>(adapter.Get(), DXCoreAdapterProperty::IsIntegrated) == integrated);
        CHECK_FALSE(property<bool>(adapter.Get(), DXCoreAdapterProperty::IsDetachable));
        CHECK_FALSE(property<bool>(adapter.Get(), DXCoreAdapterProperty::AcgCompatible));
        CHECK(property<uint64_t>(adapter.Get(), DXCoreAdapterProperty::DedicatedAdapterMemory) ==
              desc.DedicatedVideoMemory);
        CHECK(property<uint64_t>(adapter.Get(), DXCoreAdapterProperty::DedicatedSystemMemory) ==
              desc.DedicatedSystemMemory);
        CHECK(property<uint64_t>(adapter.Get(), DXCoreAdapterProperty::SharedSystemMemory) == desc.SharedSystemMemory);
        CHECK(property<uint16_t>(adapter.Get(), DXCoreAdapterProperty::ComputePreemptionGranularity) == 100u);

        CHECK_FALSE(adapter->IsPropertySupported(DXCoreAdapterProperty::KmdModelVersion));
        uint32_t kmd = 0;
        CHECK(adapter->GetProperty(DXCoreAdapterProperty::KmdModelVersion, sizeof kmd, &kmd) == DXGI_ERROR_INVALID_CALL);
        CHECK(adapter->GetPropertySize(DXCoreAdapterProperty::KmdModelVersion, &size) == DXGI_ERROR_INVALID_CALL);
        CHECK(size == 0u);
        CHECK(adapter->GetProperty(DXCoreAdapterProperty::InstanceLuid, sizeof(LUID), nullptr) == E_POINTER);
        CHECK(adapter->GetPropertySize(DXCoreAdapterProperty::InstanceLuid, nullptr) == E_POINTER);
    }
}

TEST_CASE("QueryState gives the memory budget; SetState is not implemented") {
    const VKDML_ADAPTER_INFO info = vkdmlAdapters().at(0);
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    ComPtr<IDXCoreAdapter> adapter;
    REQUIRE(makeList(factory.Get(), kGenericMl)->GetAdapter(0, IID_PPV_ARGS(&adapter)) == S_OK);
    REQUIRE(adapter->IsQueryStateSupported(DXCoreAdapterState::AdapterMemoryBudget));
    DXCoreAdapterMemoryBudgetNodeSegmentGroup query{0, DXCoreSegmentGroup::Local};
    DXCoreAdapterMemoryBudget budget{};
    REQUIRE(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, &query, &budget) == S_OK);
    CHECK(budget.budget == info.DeviceLocalMemoryBytes);
    CHECK(budget.currentUsage == 0u);
    query.segmentGroup = DXCoreSegmentGroup::NonLocal;
    REQUIRE(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, &query, &budget) == S_OK);
    if (!isDiscrete(info)) CHECK(budget.budget == 0u);
    query.nodeIndex = 1;
    CHECK(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, &query, &budget) == E_INVALIDARG);
    CHECK(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, sizeof query, &query, 4, &budget) ==
          E_INVALIDARG);
    CHECK(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, sizeof query, nullptr, sizeof budget,
                              &budget) == E_POINTER);
    bool updating = true;
    CHECK(adapter->QueryState(DXCoreAdapterState::IsDriverUpdateInProgress, &updating) == S_OK);
    CHECK_FALSE(updating);
    CHECK(adapter->QueryState(static_cast<DXCoreAdapterState>(9), 0, nullptr, sizeof budget, &budget) ==
          DXGI_ERROR_INVALID_CALL);
    CHECK_FALSE(adapter->IsSetStateSupported(DXCoreAdapterState::AdapterMemoryBudget));
    CHECK(adapter->SetState(DXCoreAdapterState::AdapterMemoryBudget, 0, nullptr, 0, nullptr) == E_NOTIMPL);
}

TEST_CASE("GetAdapterByLuid, GetFactory, LUIDs stable across factories") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    ComPtr<IDXCoreAdapterFactory> other = makeFactory();
    ComPtr<IDXCoreAdapterList> list = makeList(factory.Get(), kCoreCompute);
    ComPtr<IDXCoreAdapterList> otherList = makeList(other.Get(), kGenericMl);
    for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
        ComPtr<IDXCoreAdapter> adapter;
        ComPtr<IDXCoreAdapter> fromOther;
        REQUIRE(list->GetAdapter(i, IID_PPV_ARGS(&adapter)) == S_OK);
        REQUIRE(otherList->GetAdapter(i, IID_PPV_ARGS(&fromOther)) == S_OK);
        const LUID luid = property<LUID>(adapter.Get(), DXCoreAdapterProperty::InstanceLuid);
        CHECK(luidEquals(luid, property<LUID>(fromOther.Get(), DXCoreAdapterProperty::InstanceLuid)));
        ComPtr<IDXCoreAdapter> byLuid;
        REQUIRE(other->GetAdapterByLuid(luid, IID_PPV_ARGS(&byLuid)) == S_OK);
        CHECK(vkdmlIndexOf(byLuid.Get()) == infos[i].AdapterIndex);
        ComPtr<IDXCoreAdapterFactory> parent;
        REQUIRE(byLuid->GetFactory(IID_PPV_ARGS(&parent)) == S_OK);
        CHECK(identityOf(parent.Get()) == identityOf(other.Get()));
    }
    ComPtr<IDXCoreAdapterFactory> listParent;
    REQUIRE(list->GetFactory(IID_PPV_ARGS(&listParent)) == S_OK);
    CHECK(identityOf(listParent.Get()) == identityOf(factory.Get()));
    void* out = kGarbage;
    CHECK(factory->GetAdapterByLuid(LUID{0xdeadbeef, 7}, __uuidof(IDXCoreAdapter), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    CHECK(list->GetFactory(__uuidof(IDXCoreAdapterFactory), nullptr) == E_POINTER);
}

TEST_CASE("Sort on vkdml's adapters: hardware first, then by power preference") {
    const std::vector<VKDML_ADAPTER_INFO> infos = vkdmlAdapters();
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    ComPtr<IDXCoreAdapterList> list = makeList(factory.Get(), kGenericMl);
    for (auto preference : {DXCoreAdapterPreference::Hardware, DXCoreAdapterPreference::MinimumPower,
                            DXCoreAdapterPreference::HighPerformance})
        CHECK(list->IsAdapterPreferenceSupported(preference));
    CHECK_FALSE(list->IsAdapterPreferenceSupported(static_cast<DXCoreAdapterPreference>(3)));
    const DXCoreAdapterPreference bad[] = {DXCoreAdapterPreference::Hardware, static_cast<DXCoreAdapterPreference>(7)};
    CHECK(list->Sort(2, bad) == E_INVALIDARG);
    CHECK(list->Sort(1, nullptr) == E_POINTER);
    const DXCoreAdapterPreference preferences[] = {DXCoreAdapterPreference::Hardware,
                                                   DXCoreAdapterPreference::HighPerformance};
    REQUIRE(list->Sort(2, preferences) == S_OK);
    REQUIRE(list->GetAdapterCount() == infos.size());
    bool seenSoftware = false;
    for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
        ComPtr<IDXCoreAdapter> adapter;
        REQUIRE(list->GetAdapter(i, IID_PPV_ARGS(&adapter)) == S_OK);
        const bool hardware = property<bool>(adapter.Get(), DXCoreAdapterProperty::IsHardware);
        CHECK_FALSE((hardware && seenSoftware));
        seenSoftware = seenSoftware || !hardware;
    }
}

TEST_CASE("Sort over every kind of device: each preference breaks the ties of those before it") {
    using vkdml::dropin::AdapterKind;
    using vkdml::dropin::AdapterRecord;
    ComPtr<IDXCoreAdapterFactory> factory = makeFactory();
    const AdapterKind kinds[] = {AdapterKind::Cpu, AdapterKind::Integrated, AdapterKind::Discrete, AdapterKind::Other,
                                 AdapterKind::Discrete, AdapterKind::Integrated};
    std::vector<AdapterRecord> records;
    for (UINT i = 0; i < std::size(kinds); ++i) {
        AdapterRecord record{};
        record.kind = kinds[i];
        record.info.AdapterIndex = i;
        records.push_back(record);
    }
    auto sorted = [&](std::vector<DXCoreAdapterPreference> preferences) {
        ComPtr<vkdml::dropin::DxcoreAdapterList> list;
        list.Attach(new vkdml::dropin::DxcoreAdapterList(factory.Get(), records, records));
        REQUIRE(list->Sort(static_cast<uint32_t>(preferences.size()), preferences.data()) == S_OK);
        std::vector<UINT> order;
        for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
            ComPtr<IDXCoreAdapter> adapter;
            REQUIRE(list->GetAdapter(i, IID_PPV_ARGS(&adapter)) == S_OK);
            order.push_back(vkdmlIndexOf(adapter.Get()));
        }
        return order;
    };
    using P = DXCoreAdapterPreference;
    CHECK(sorted({P::Hardware}) == std::vector<UINT>{1, 2, 3, 4, 5, 0});
    CHECK(sorted({P::HighPerformance}) == std::vector<UINT>{2, 4, 1, 5, 3, 0});
    CHECK(sorted({P::MinimumPower}) == std::vector<UINT>{1, 5, 2, 4, 3, 0});
    CHECK(sorted({P::Hardware, P::MinimumPower}) == std::vector<UINT>{1, 5, 2, 4, 3, 0});
    CHECK(sorted({}) == std::vector<UINT>{0, 1, 2, 3, 4, 5});
}
