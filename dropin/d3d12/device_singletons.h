// D3D12CreateDevice's rule that a device is a singleton per adapter: while a device of an adapter lives (and is not
// removed), creating one again returns it. Devices over an application's Vulkan device are not registered.
#pragma once

#include <functional>

#include "device.h"

namespace vkdml::dropin {

// The live device registered for `adapterIndex` (VKDML_ADAPTER_INDEX_DEFAULT: the one D3D12CreateDevice made for a
// NULL adapter), AddRef'd; else `create` runs and its device is marked a singleton and registered under
// `adapterIndex` and its real adapter index. E_* from `create`; DXGI_ERROR_DEVICE_REMOVED when the registered device is removed.
HRESULT findOrCreateDevice(int adapterIndex, const std::function<HRESULT(Device**)>& create, Device** device);

// Device::Release: the last release and the registry's lookup cannot interleave.
ULONG releaseRegisteredDevice(Device& device, const std::function<ULONG()>& release);

}  // namespace vkdml::dropin
