#include "device_singletons.h"

#include <map>
#include <mutex>

namespace vkdml::dropin {

namespace {

struct Registry {
    std::mutex mutex;
    std::multimap<int, Device*> devices;  // adapter index (or the default's key) -> device; one device, two keys
};

Registry& registry() {
    static auto* devices = new Registry;
    return *devices;
}

Device* findLocked(Registry& r, int adapterIndex) {
    const auto found = r.devices.find(adapterIndex);
    return found == r.devices.end() ? nullptr : found->second;
}

}  // namespace

HRESULT findOrCreateDevice(int adapterIndex, const std::function<HRESULT(Device**)>& create, Device** device) {
    *device = nullptr;
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    Device* existing = findLocked(r, adapterIndex);
    if (!existing) {
        Device* created = nullptr;
        const HRESULT hr = create(&created);
        if (FAILED(hr)) return hr;
        const int actualIndex = int(created->adapter().AdapterIndex);
        existing = findLocked(r, actualIndex);
        if (!existing) {
            created->markSingleton();
            r.devices.emplace(actualIndex, created);
            if (adapterIndex != actualIndex) r.devices.emplace(adapterIndex, created);
            *device = created;
            return S_OK;
        }
        // The default adapter's device already exists under its own index: use it, drop the new one (not
        // registered, so its release does not take the registry's lock again).
        static_cast<ID3D12Device*>(created)->Release();
        r.devices.emplace(adapterIndex, existing);
    }
    if (existing->removed()) {
        debugMessage("D3D12CreateDevice: the adapter's existing device is removed; release it first");
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    static_cast<ID3D12Device*>(existing)->AddRef();
    *device = existing;
    return S_OK;
}

ULONG releaseRegisteredDevice(Device& device, const std::function<ULONG()>& release) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    Device* const self = &device;
    const ULONG left = release();  // may destroy the device
    if (left == 0) {
        for (auto it = r.devices.begin(); it != r.devices.end();) it = it->second == self ? r.devices.erase(it) : ++it;
    }
    return left;
}

}  // namespace vkdml::dropin
