// Adapter discovery the way DirectML programs for Linux write it, built against an installed vkdml prefix: a DXGI
// adapter loop (IDXGIFactory1::EnumAdapters1 until DXGI_ERROR_NOT_FOUND, then by GPU preference and LUID), and DXCore
// adapter selection as DirectML's own tools do it (the GENERIC_ML list, sorted, the first hardware adapter else any).
// Exits 0 when DXGI and DXCore agree on every adapter.
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/dxcore.h>
#include <dxgi1_6.h>
#include <dxguids/dxguids.h>

#include <cstdio>
#include <cwchar>
#include <string>
#include <vector>

// DirectX-Headers releases before DXCore's GENERIC_ML attribute lack this declaration; libdxcore.so defines it.
EXTERN_C const GUID DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML;

namespace {

int failures = 0;

void expect(bool condition, const char* what) {
    if (condition) return;
    std::fprintf(stderr, "adapter_selection: FAILED: %s\n", what);
    ++failures;
}

template <typename T>
void release(T*& object) {
    if (object) object->Release();
    object = nullptr;
}

bool sameLuid(const LUID& a, const LUID& b) { return a.LowPart == b.LowPart && a.HighPart == b.HighPart; }

}  // namespace

int main() {
    // DXGI: every adapter, in the factory's order.
    IDXGIFactory6* factory = nullptr;
    if (FAILED(CreateDXGIFactory1(IID_PPV_ARGS(&factory)))) {
        std::fprintf(stderr, "adapter_selection: CreateDXGIFactory1 failed\n");
        return 1;
    }
    std::vector<DXGI_ADAPTER_DESC1> dxgiAdapters;
    IDXGIAdapter1* adapter = nullptr;
    for (UINT i = 0; factory->EnumAdapters1(i, &adapter) != DXGI_ERROR_NOT_FOUND; ++i) {
        DXGI_ADAPTER_DESC1 desc{};
        expect(SUCCEEDED(adapter->GetDesc1(&desc)), "IDXGIAdapter1::GetDesc1");
        std::printf("DXGI adapter %u: %ls (vendor 0x%04x, device 0x%04x, %s, LUID %08x:%08x)\n", i, desc.Description,
                    desc.VendorId, desc.DeviceId, (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) ? "software" : "hardware",
                    static_cast<unsigned>(desc.AdapterLuid.HighPart), static_cast<unsigned>(desc.AdapterLuid.LowPart));
        expect(std::wcslen(desc.Description) > 0, "the adapter has a description");
        dxgiAdapters.push_back(desc);
        release(adapter);
    }
    expect(!dxgiAdapters.empty(), "DXGI lists at least one adapter");

    IDXGIAdapter1* preferred = nullptr;
    expect(SUCCEEDED(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
                                                         IID_PPV_ARGS(&preferred))),
           "EnumAdapterByGpuPreference(0, HIGH_PERFORMANCE)");
    if (preferred) {
        DXGI_ADAPTER_DESC1 desc{};
        preferred->GetDesc1(&desc);
        std::printf("DXGI high-performance adapter: %ls\n", desc.Description);
        IDXGIAdapter* byLuid = nullptr;
        expect(SUCCEEDED(factory->EnumAdapterByLuid(desc.AdapterLuid, IID_PPV_ARGS(&byLuid))), "EnumAdapterByLuid");
        release(byLuid);
        release(preferred);
    }

    // DXCore: the GENERIC_ML adapters (CORE_COMPUTE ones when there are none), hardware first.
    IDXCoreAdapterFactory* dxcore = nullptr;
    if (FAILED(DXCoreCreateAdapterFactory(IID_PPV_ARGS(&dxcore)))) {
        std::fprintf(stderr, "adapter_selection: DXCoreCreateAdapterFactory failed\n");
        return 1;
    }
    IDXCoreAdapterList* list = nullptr;
    expect(SUCCEEDED(dxcore->CreateAdapterList(1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML, IID_PPV_ARGS(&list))),
           "CreateAdapterList(GENERIC_ML)");
    if (list && list->GetAdapterCount() == 0) {
        release(list);
        expect(SUCCEEDED(dxcore->CreateAdapterList(1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE,
                                                   IID_PPV_ARGS(&list))),
               "CreateAdapterList(CORE_COMPUTE)");
    }
    if (!list) return 1;
    expect(list->GetAdapterCount() == dxgiAdapters.size(), "DXCore lists as many ML adapters as DXGI lists adapters");
    const DXCoreAdapterPreference preferences[] = {DXCoreAdapterPreference::Hardware,
                                                   DXCoreAdapterPreference::HighPerformance};
    expect(SUCCEEDED(list->Sort(2, preferences)), "IDXCoreAdapterList::Sort");

    IDXCoreAdapter* chosen = nullptr;
    for (uint32_t i = 0; i < list->GetAdapterCount() && !chosen; ++i) {
        IDXCoreAdapter* candidate = nullptr;
        if (FAILED(list->GetAdapter(i, IID_PPV_ARGS(&candidate)))) continue;
        bool hardware = false;
        if (SUCCEEDED(candidate->GetProperty(DXCoreAdapterProperty::IsHardware, &hardware)) && hardware &&
            !candidate->IsAttributeSupported(DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS)) {
            chosen = candidate;
        } else {
            release(candidate);
        }
    }
    if (!chosen) expect(SUCCEEDED(list->GetAdapter(0, IID_PPV_ARGS(&chosen))), "GetAdapter(0)");
    if (chosen) {
        size_t size = 0;
        expect(SUCCEEDED(chosen->GetPropertySize(DXCoreAdapterProperty::DriverDescription, &size)), "GetPropertySize");
        std::vector<char> description(size + 1, 0);
        expect(SUCCEEDED(chosen->GetProperty(DXCoreAdapterProperty::DriverDescription, size, description.data())),
               "GetProperty(DriverDescription)");
        LUID luid{};
        expect(SUCCEEDED(chosen->GetProperty(DXCoreAdapterProperty::InstanceLuid, &luid)), "GetProperty(InstanceLuid)");
        std::printf("DXCore chose: %s (LUID %08x:%08x)\n", description.data(), static_cast<unsigned>(luid.HighPart),
                    static_cast<unsigned>(luid.LowPart));
        bool dxgiHasIt = false;
        for (const DXGI_ADAPTER_DESC1& desc : dxgiAdapters) {
            if (!sameLuid(desc.AdapterLuid, luid)) continue;
            dxgiHasIt = true;
            std::string narrow;  // device names are ASCII
            for (const WCHAR* c = desc.Description; *c; ++c) narrow.push_back(static_cast<char>(*c));
            expect(narrow == description.data(), "DXGI and DXCore give the adapter the same name");
        }
        expect(dxgiHasIt, "DXGI lists the adapter DXCore chose, with the same LUID");
        release(chosen);
    }
    release(list);
    release(dxcore);
    release(factory);
    if (failures == 0) std::printf("adapter_selection: DXGI and DXCore agree\n");
    return failures == 0 ? 0 : 1;
}
