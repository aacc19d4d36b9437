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

// Where a D3D12_DEBUG_DEVICE_PARAMETER_TYPE's value is kept, its size and its name (nullptr for an unknown type).
struct DebugParameter {
    void* value;
    size_t size;
    const char* name;
};

DebugParameter debugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, D3D12_DEBUG_FEATURE& features,
                              D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS& gpuBasedValidation,
                              D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR& gpuSlowdown) {
    switch (type) {
        case D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS:
            return {&features, sizeof(features), "D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS"};
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS:
            return {&gpuBasedValidation, sizeof(gpuBasedValidation),
                    "D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS"};
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR:
            return {&gpuSlowdown, sizeof(gpuSlowdown), "D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR"};
    }
    return {nullptr, 0, nullptr};
}

// The checks SetDebugParameter and GetDebugParameter share: a known type, pData, and DataSize its value's size.
HRESULT checkDebugParameter(const char* method, D3D12_DEBUG_DEVICE_PARAMETER_TYPE type,
                            const DebugParameter& parameter, const void* data, UINT dataSize) {
    if (!parameter.name) {
        debugMessagef("%s: Type %d is not a D3D12_DEBUG_DEVICE_PARAMETER_TYPE", method, int(type));
        return E_INVALIDARG;
    }
    if (!data || dataSize != parameter.size) {
        debugMessagef("%s: %s needs pData and DataSize %zu (got %u)", method, parameter.name, parameter.size, dataSize);
        return E_INVALIDARG;
    }
    return S_OK;
}

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
    const DebugParameter parameter = debugParameter(type, debugFeatures_, gpuBasedValidation_, gpuSlowdown_);
    const HRESULT hr = checkDebugParameter("ID3D12DebugDevice2::SetDebugParameter", type, parameter, data, dataSize);
    if (FAILED(hr)) return hr;
    if (type == D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS) {
        D3D12_DEBUG_FEATURE mask{};
        std::memcpy(&mask, data, sizeof(mask));
        if (UINT(mask) & ~kDebugFeatures) {
            debugMessagef("ID3D12DebugDevice2::SetDebugParameter: feature flags 0x%x have bits outside "
                          "D3D12_DEBUG_FEATURE", UINT(mask));
            return E_INVALIDARG;
        }
    }
    std::memcpy(parameter.value, data, parameter.size);
    return S_OK;
}

HRESULT Device::GetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, void* data, UINT dataSize) {
    std::lock_guard<std::mutex> lock(debugMutex_);
    const DebugParameter parameter = debugParameter(type, debugFeatures_, gpuBasedValidation_, gpuSlowdown_);
    const HRESULT hr = checkDebugParameter("ID3D12DebugDevice2::GetDebugParameter", type, parameter, data, dataSize);
    if (FAILED(hr)) return hr;
    std::memcpy(data, parameter.value, parameter.size);
    return S_OK;
}

}  // namespace vkdml::dropin
