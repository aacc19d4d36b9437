// ID3D12DebugDevice and ID3D12DebugDevice2 on the device: D3D12's debug-layer controls. vkdml's debug layer is the
// Vulkan validation the device was created with; these settings are checked, kept and read back.
#include <cstring>

#include "device.h"

namespace vkdml::dropin {

namespace {

constexpr UINT kDebugFeatures = D3D12_DEBUG_FEATURE_ALLOW_BEHAVIOR_CHANGING_DEBUG_AIDS |
                                D3D12_DEBUG_FEATURE_CONSERVATIVE_RESOURCE_STATE_TRACKING |
                                D3D12_DEBUG_FEATURE_DISABLE_VIRTUALIZED_BUNDLES_VALIDATION |
                                D3D12_DEBUG_FEATURE_EMULATE_WINDOWS7;
constexpr UINT kLiveObjectFlags = D3D12_RLDO_SUMMARY | D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL;

}  // namespace

HRESULT Device::SetFeatureMask(D3D12_DEBUG_FEATURE mask) {
    if (UINT(mask) & ~kDebugFeatures) {
        debugMessagef("ID3D12DebugDevice::SetFeatureMask: Mask 0x%x has bits outside D3D12_DEBUG_FEATURE", UINT(mask));
        return E_INVALIDARG;
    }
    std::lock_guard<std::mutex> lock(debugMutex_);
    debugFeatures_ = mask;
    return S_OK;
}

D3D12_DEBUG_FEATURE Device::GetFeatureMask() {
    std::lock_guard<std::mutex> lock(debugMutex_);
    return debugFeatures_;
}

HRESULT Device::ReportLiveDeviceObjects(D3D12_RLDO_FLAGS flags) {
    if (UINT(flags) & ~kLiveObjectFlags) {
        debugMessagef("ID3D12DebugDevice::ReportLiveDeviceObjects: Flags 0x%x has bits outside D3D12_RLDO_FLAGS",
                      UINT(flags));
        return E_INVALIDARG;
    }
    debugMessagef("ID3D12DebugDevice::ReportLiveDeviceObjects: live ID3D12Device at %p, %u references (its children "
                  "are not listed)",
                  static_cast<void*>(static_cast<ID3D12Device*>(this)), unsigned(referenceCount()));
    return S_OK;
}

HRESULT Device::SetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, const void* data, UINT dataSize) {
    std::lock_guard<std::mutex> lock(debugMutex_);
    auto store = [&](auto& value, const char* what) {
        if (!data || dataSize != sizeof(value)) {
            debugMessagef("ID3D12DebugDevice2::SetDebugParameter: %s needs pData and DataSize %zu (got %u)", what,
                          sizeof(value), dataSize);
            return E_INVALIDARG;
        }
        std::memcpy(&value, data, sizeof(value));
        return S_OK;
    };
    switch (type) {
        case D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS: {
            D3D12_DEBUG_FEATURE mask{};
            const HRESULT hr = store(mask, "D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS");
            if (FAILED(hr)) return hr;
            if (UINT(mask) & ~kDebugFeatures) return E_INVALIDARG;
            debugFeatures_ = mask;
            return S_OK;
        }
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS:
            return store(gpuBasedValidation_, "D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS");
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR:
            return store(gpuSlowdown_, "D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR");
    }
    debugMessagef("ID3D12DebugDevice2::SetDebugParameter: Type %d is not a D3D12_DEBUG_DEVICE_PARAMETER_TYPE", int(type));
    return E_INVALIDARG;
}

HRESULT Device::GetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, void* data, UINT dataSize) {
    std::lock_guard<std::mutex> lock(debugMutex_);
    auto load = [&](const auto& value, const char* what) {
        if (!data || dataSize != sizeof(value)) {
            debugMessagef("ID3D12DebugDevice2::GetDebugParameter: %s needs pData and DataSize %zu (got %u)", what,
                          sizeof(value), dataSize);
            return E_INVALIDARG;
        }
        std::memcpy(data, &value, sizeof(value));
        return S_OK;
    };
    switch (type) {
        case D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS:
            return load(debugFeatures_, "D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS");
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS:
            return load(gpuBasedValidation_, "D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS");
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR:
            return load(gpuSlowdown_, "D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR");
    }
    debugMessagef("ID3D12DebugDevice2::GetDebugParameter: Type %d is not a D3D12_DEBUG_DEVICE_PARAMETER_TYPE", int(type));
    return E_INVALIDARG;
}

}  // namespace vkdml::dropin
