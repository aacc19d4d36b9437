#include "dxgi_factory.h"

#include <cstring>

#include "common/debug_message.h"
#include "dxgi_adapter.h"

namespace vkdml::dropin {
namespace {

template <typename T>
void clear(T* out) {
    if (out) *out = T{};
}

bool sameDevices(const std::vector<AdapterRecord>& a, const std::vector<AdapterRecord>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::memcmp(a[i].info.DeviceUUID, b[i].info.DeviceUUID, sizeof a[i].info.DeviceUUID) != 0) return false;
    return true;
}

}  // namespace

DxgiFactory::DxgiFactory(UINT creationFlags) : creationFlags_(creationFlags), adapters_(enumerateAdapters()) {}

void* DxgiFactory::findInterface(REFIID riid) {
    return answer<IDXGIFactory6, IDXGIFactory5, IDXGIFactory4, IDXGIFactory3, IDXGIFactory2, IDXGIFactory1,
                  IDXGIFactory, IDXGIObject>(riid);
}

HRESULT DxgiFactory::returnAdapter(size_t position, REFIID riid, void** out) {
    auto* adapter = new DxgiAdapter(this, adapters_[position]);
    return returnObject(S_OK, static_cast<IDXGIAdapter4*>(adapter), riid, out);
}

HRESULT DxgiFactory::SetPrivateData(REFGUID name, UINT dataSize, const void* data) {
    return privateData_.set("IDXGIFactory::SetPrivateData", name, dataSize, data);
}

HRESULT DxgiFactory::SetPrivateDataInterface(REFGUID name, const IUnknown* unknown) {
    return privateData_.setInterface("IDXGIFactory::SetPrivateDataInterface", name, unknown);
}

HRESULT DxgiFactory::GetPrivateData(REFGUID name, UINT* dataSize, void* data) {
    return privateData_.get("IDXGIFactory::GetPrivateData", name, dataSize, data);
}

HRESULT DxgiFactory::GetParent(REFIID, void** parent) {
    if (!parent) return E_POINTER;
    *parent = nullptr;
    debugMessage("IDXGIFactory::GetParent: a factory has no parent");
    return E_NOINTERFACE;
}

HRESULT DxgiFactory::EnumAdapters(UINT adapter, IDXGIAdapter** result) {
    if (!result) {
        debugMessage("IDXGIFactory::EnumAdapters: ppAdapter is NULL");
        return DXGI_ERROR_INVALID_CALL;
    }
    *result = nullptr;
    if (adapter >= adapters_.size()) return DXGI_ERROR_NOT_FOUND;
    return returnAdapter(adapter, __uuidof(IDXGIAdapter), reinterpret_cast<void**>(result));
}

HRESULT DxgiFactory::EnumAdapters1(UINT adapter, IDXGIAdapter1** result) {
    if (!result) {
        debugMessage("IDXGIFactory1::EnumAdapters1: ppAdapter is NULL");
        return DXGI_ERROR_INVALID_CALL;
    }
    *result = nullptr;
    if (adapter >= adapters_.size()) return DXGI_ERROR_NOT_FOUND;
    return returnAdapter(adapter, __uuidof(IDXGIAdapter1), reinterpret_cast<void**>(result));
}

BOOL DxgiFactory::IsCurrent() { return sameDevices(adapters_, enumerateAdapters()) ? TRUE : FALSE; }

HRESULT DxgiFactory::MakeWindowAssociation(HWND, UINT) { return notImplemented("IDXGIFactory::MakeWindowAssociation"); }

HRESULT DxgiFactory::GetWindowAssociation(HWND* window) {
    clear(window);
    return notImplemented("IDXGIFactory::GetWindowAssociation");
}

HRESULT DxgiFactory::CreateSwapChain(IUnknown*, DXGI_SWAP_CHAIN_DESC*, IDXGISwapChain** swapChain) {
    clear(swapChain);
    return notImplemented("IDXGIFactory::CreateSwapChain");
}

HRESULT DxgiFactory::CreateSoftwareAdapter(HMODULE, IDXGIAdapter** result) {
    clear(result);
    return notImplemented("IDXGIFactory::CreateSoftwareAdapter");
}

BOOL DxgiFactory::IsWindowedStereoEnabled() { return FALSE; }

HRESULT DxgiFactory::CreateSwapChainForHwnd(IUnknown*, HWND, const DXGI_SWAP_CHAIN_DESC1*,
                                            const DXGI_SWAP_CHAIN_FULLSCREEN_DESC*, IDXGIOutput*,
                                            IDXGISwapChain1** swapChain) {
    clear(swapChain);
    return notImplemented("IDXGIFactory2::CreateSwapChainForHwnd");
}

HRESULT DxgiFactory::CreateSwapChainForCoreWindow(IUnknown*, IUnknown*, const DXGI_SWAP_CHAIN_DESC1*, IDXGIOutput*,
                                                  IDXGISwapChain1** swapChain) {
    clear(swapChain);
    return notImplemented("IDXGIFactory2::CreateSwapChainForCoreWindow");
}

HRESULT DxgiFactory::GetSharedResourceAdapterLuid(HANDLE, LUID* luid) {
    clear(luid);
    return notImplemented("IDXGIFactory2::GetSharedResourceAdapterLuid");
}

HRESULT DxgiFactory::RegisterStereoStatusWindow(HWND, UINT, DWORD* cookie) {
    clear(cookie);
    return notImplemented("IDXGIFactory2::RegisterStereoStatusWindow");
}

HRESULT DxgiFactory::RegisterStereoStatusEvent(HANDLE, DWORD* cookie) {
    clear(cookie);
    return notImplemented("IDXGIFactory2::RegisterStereoStatusEvent");
}

void DxgiFactory::UnregisterStereoStatus(DWORD) { notImplemented("IDXGIFactory2::UnregisterStereoStatus"); }

HRESULT DxgiFactory::RegisterOcclusionStatusWindow(HWND, UINT, DWORD* cookie) {
    clear(cookie);
    return notImplemented("IDXGIFactory2::RegisterOcclusionStatusWindow");
}

HRESULT DxgiFactory::RegisterOcclusionStatusEvent(HANDLE, DWORD* cookie) {
    clear(cookie);
    return notImplemented("IDXGIFactory2::RegisterOcclusionStatusEvent");
}

void DxgiFactory::UnregisterOcclusionStatus(DWORD) { notImplemented("IDXGIFactory2::UnregisterOcclusionStatus"); }

HRESULT DxgiFactory::CreateSwapChainForComposition(IUnknown*, const DXGI_SWAP_CHAIN_DESC1*, IDXGIOutput*,
                                                   IDXGISwapChain1** swapChain) {
    clear(swapChain);
    return notImplemented("IDXGIFactory2::CreateSwapChainForComposition");
}

UINT DxgiFactory::GetCreationFlags() { return creationFlags_; }

HRESULT DxgiFactory::EnumAdapterByLuid(LUID adapterLuid, REFIID riid, void** adapter) {
    if (!adapter) {
        debugMessage("IDXGIFactory4::EnumAdapterByLuid: ppvAdapter is NULL");
        return E_INVALIDARG;
    }
    *adapter = nullptr;
    for (size_t i = 0; i < adapters_.size(); ++i)
        if (sameLuid(adapters_[i].luid, adapterLuid)) return returnAdapter(i, riid, adapter);
    debugMessagef("IDXGIFactory4::EnumAdapterByLuid: no adapter has the LUID %08x:%08x",
                  static_cast<unsigned>(adapterLuid.HighPart), static_cast<unsigned>(adapterLuid.LowPart));
    return DXGI_ERROR_NOT_FOUND;
}

// vkdml's WARP: the first CPU device Vulkan lists (lavapipe), if any.
HRESULT DxgiFactory::EnumWarpAdapter(REFIID riid, void** adapter) {
    if (!adapter) {
        debugMessage("IDXGIFactory4::EnumWarpAdapter: ppvAdapter is NULL");
        return E_INVALIDARG;
    }
    *adapter = nullptr;
    for (size_t i = 0; i < adapters_.size(); ++i)
        if (adapters_[i].isSoftware()) return returnAdapter(i, riid, adapter);
    debugMessage("IDXGIFactory4::EnumWarpAdapter: Vulkan lists no CPU device");
    return DXGI_ERROR_NOT_FOUND;
}

HRESULT DxgiFactory::CheckFeatureSupport(DXGI_FEATURE feature, void* featureSupportData,
                                         UINT featureSupportDataSize) {
    if (feature != DXGI_FEATURE_PRESENT_ALLOW_TEARING) {
        debugMessagef("IDXGIFactory5::CheckFeatureSupport: Feature %d is not a DXGI_FEATURE", static_cast<int>(feature));
        return E_INVALIDARG;
    }
    if (!featureSupportData || featureSupportDataSize != sizeof(BOOL)) {
        debugMessagef("IDXGIFactory5::CheckFeatureSupport: PRESENT_ALLOW_TEARING takes a BOOL (pFeatureSupportData %s, "
                      "FeatureSupportDataSize %u)",
                      featureSupportData ? "set" : "NULL", featureSupportDataSize);
        return E_INVALIDARG;
    }
    *static_cast<BOOL*>(featureSupportData) = FALSE;  // nothing is presented
    return S_OK;
}

HRESULT DxgiFactory::EnumAdapterByGpuPreference(UINT adapter, DXGI_GPU_PREFERENCE preference, REFIID riid,
                                                void** result) {
    if (!result) {
        debugMessage("IDXGIFactory6::EnumAdapterByGpuPreference: ppvAdapter is NULL");
        return E_INVALIDARG;
    }
    *result = nullptr;
    AdapterOrder order;
    switch (preference) {
    case DXGI_GPU_PREFERENCE_UNSPECIFIED: order = AdapterOrder::Enumeration; break;
    case DXGI_GPU_PREFERENCE_MINIMUM_POWER: order = AdapterOrder::MinimumPower; break;
    case DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE: order = AdapterOrder::HighPerformance; break;
    default:
        debugMessagef("IDXGIFactory6::EnumAdapterByGpuPreference: GpuPreference %d", static_cast<int>(preference));
        return E_INVALIDARG;
    }
    if (adapter >= adapters_.size()) return DXGI_ERROR_NOT_FOUND;
    return returnAdapter(adapterOrder(adapters_, order)[adapter], riid, result);
}

}  // namespace vkdml::dropin
