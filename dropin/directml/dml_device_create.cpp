// DMLCreateDevice and DMLCreateDevice1, the two functions libdirectml.so exports.
#include <iterator>
#include <string>

#include "common/debug_message.h"
#include "dml_device.h"
#include "hresult_text.h"

using namespace vkdml::dropin;

namespace {

constexpr DML_FEATURE_LEVEL kFeatureLevels[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_3_1,
    DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0, DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2,
    DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1, DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4,
};

HRESULT fail(HRESULT hr, const std::string& message) {
    debugMessage(message + " (" + hresultText(hr) + ")");
    return hr;
}

// The highest feature level the vkdml device answers for.
DML_FEATURE_LEVEL highestFeatureLevel(VkdmlDevice device) {
    DML_FEATURE_QUERY_FEATURE_LEVELS query{static_cast<UINT>(std::size(kFeatureLevels)), kFeatureLevels};
    DML_FEATURE_DATA_FEATURE_LEVELS data{DML_FEATURE_LEVEL_1_0};
    if (FAILED(vkdmlCheckFeatureSupport(device, DML_FEATURE_FEATURE_LEVELS, sizeof query, &query, sizeof data, &data)))
        return DML_FEATURE_LEVEL_1_0;
    return data.MaxSupportedFeatureLevel;
}

bool isFeatureLevel(DML_FEATURE_LEVEL level) {
    for (DML_FEATURE_LEVEL known : kFeatureLevels)
        if (known == level) return true;
    return false;
}

HRESULT createDevice(const char* function, ID3D12Device* d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                     DML_FEATURE_LEVEL minimumFeatureLevel, REFIID riid, void** ppv) {
    if (ppv) *ppv = nullptr;
    const std::string name = function;
    if (!d3d12Device) return fail(E_INVALIDARG, name + ": d3d12Device is NULL");
    if (static_cast<UINT>(flags) & ~UINT(DML_CREATE_DEVICE_FLAG_DEBUG))
        return fail(E_INVALIDARG, name + ": flags = " + std::to_string(static_cast<UINT>(flags)) +
                                      " has bits other than DML_CREATE_DEVICE_FLAG_DEBUG");
    ComPtr<IVkdmlD3D12Device> interop;
    if (FAILED(d3d12Device->QueryInterface(__uuidof(IVkdmlD3D12Device), &interop)) || !interop ||
        !interop->GetVkdmlDevice())
        return fail(E_INVALIDARG, name + ": d3d12Device is not a device of vkdml's libd3d12");
    const VkdmlDevice vkdml = interop->GetVkdmlDevice();
    if (FAILED(vkdmlGetDeviceRemovedReason(vkdml)))
        return fail(DXGI_ERROR_DEVICE_REMOVED, name + ": d3d12Device is removed");

    const DML_FEATURE_LEVEL highest = highestFeatureLevel(vkdml);
    if (static_cast<UINT>(minimumFeatureLevel) > static_cast<UINT>(highest))
        return fail(DXGI_ERROR_UNSUPPORTED, name + ": minimumFeatureLevel " + hresultText(minimumFeatureLevel) +
                                                " is above the highest level vkdml supports, " + hresultText(highest));
    if (!isFeatureLevel(minimumFeatureLevel))
        return fail(E_INVALIDARG, name + ": minimumFeatureLevel " + hresultText(minimumFeatureLevel) +
                                      " is not a DML_FEATURE_LEVEL");

    auto* device = new DmlDevice(d3d12Device, vkdml, flags);
    if (device->isDebug()) {
        // DirectML's debug layer sits on D3D12's; vkdml's Vulkan validation comes with the D3D12 debug layer.
        ComPtr<ID3D12DebugDevice> d3d12Debug;
        if (FAILED(d3d12Device->QueryInterface(__uuidof(ID3D12DebugDevice), &d3d12Debug)))
            device->report(S_OK, name + ": DML_CREATE_DEVICE_FLAG_DEBUG, but d3d12Device answers no "
                                        "ID3D12DebugDevice (no D3D12 debug layer): DirectML's argument checks report "
                                        "here; Vulkan validation needs ID3D12Debug::EnableDebugLayer before "
                                        "D3D12CreateDevice");
    }
    if (!ppv) {
        device->Release();
        return S_FALSE;
    }
    const HRESULT hr = returnObject(S_OK, device, riid, ppv);
    if (FAILED(hr)) return fail(hr, name + ": the DML device does not implement riid");
    return hr;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) HRESULT DMLCreateDevice(ID3D12Device* d3d12Device,
                                                                         DML_CREATE_DEVICE_FLAGS flags, REFIID riid,
                                                                         void** ppv) {
    return createDevice("DMLCreateDevice", d3d12Device, flags, DML_FEATURE_LEVEL_1_0, riid, ppv);
}

extern "C" __attribute__((visibility("default"))) HRESULT DMLCreateDevice1(ID3D12Device* d3d12Device,
                                                                          DML_CREATE_DEVICE_FLAGS flags,
                                                                          DML_FEATURE_LEVEL minimumFeatureLevel,
                                                                          REFIID riid, void** ppv) {
    return createDevice("DMLCreateDevice1", d3d12Device, flags, minimumFeatureLevel, riid, ppv);
}
