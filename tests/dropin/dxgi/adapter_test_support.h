// What the DXGI and DXCore tests compare against: vkdml's own adapter list, and calls through raw vtable slots.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <vkdml/vkdml.h>

#include "common/adapter_luid.h"

namespace vkdml::dropin::test {

inline std::vector<VKDML_ADAPTER_INFO> vkdmlAdapters() {
    UINT count = 0;
    if (FAILED(vkdmlEnumerateAdapters(&count, nullptr))) return {};
    std::vector<VKDML_ADAPTER_INFO> infos(count);
    if (count > 0 && FAILED(vkdmlEnumerateAdapters(&count, infos.data()))) return {};
    infos.resize(count);
    return infos;
}

inline bool isCpu(const VKDML_ADAPTER_INFO& info) { return info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_CPU; }
inline bool isDiscrete(const VKDML_ADAPTER_INFO& info) {
    return info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
}

// Device names are ASCII on every driver vkdml has met; the widening is then one WCHAR per byte.
inline std::wstring wideName(const VKDML_ADAPTER_INFO& info) {
    return std::wstring(info.Name, info.Name + std::strlen(info.Name));
}

inline bool luidEquals(const LUID& a, const LUID& b) { return a.LowPart == b.LowPart && a.HighPart == b.HighPart; }

inline LUID expectedLuid(const VKDML_ADAPTER_INFO& info) { return luidOfDeviceUuid(info.DeviceUUID); }

// The function in vtable slot `index` of a COM object (slots count IUnknown's three methods).
template <typename Function>
Function vtableSlot(void* object, size_t index) {
    void** vtable = *static_cast<void***>(object);
    return reinterpret_cast<Function>(vtable[index]);
}

}  // namespace vkdml::dropin::test
