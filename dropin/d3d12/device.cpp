#include "device.h"

#include "common/adapter_luid.h"
#include "debug_interface.h"
#include "device_singletons.h"
#include "fence_monitor.h"
#include "live_objects.h"

namespace vkdml::dropin {

ID3D12Device* deviceInterface(Device& device) { return &device; }

Device::Device(VkdmlDevice vkdml)
    : vkdml_(vkdml), fenceMonitor_(std::make_unique<FenceMonitor>(vkdml)), debugLayer_(debugLayerEnabled()) {
    vkdmlGetAdapterInfo(vkdml_, &adapter_);
    vkdmlGetVulkanObjects(vkdml_, &vulkan_);
    liveObjects<Device>().add(static_cast<ID3D12Device*>(this), this);
}

Device::~Device() {
    liveObjects<Device>().remove(static_cast<ID3D12Device*>(this));
    fenceMonitor_.reset();
    vkdmlWaitForCompletion(vkdml_, lastSubmitted_.load(), UINT64_MAX);
    for (const DeferredRelease& release : deferred_) vkdmlRelease(release.object);
    vkdmlRelease(vkdml_);
}

Device* Device::fromInterface(const void* device) { return liveObjects<Device>().find(device); }

ULONG Device::Release() {
    using Base = D3D12Object<ID3D12Device11, IVkdmlD3D12Device, ID3D12DebugDevice2>;
    if (!singleton_) return Base::Release();
    return releaseRegisteredDevice(*this, [this] { return Base::Release(); });
}

void* Device::findInterface(REFIID riid) {
    void* found = answer<ID3D12Device11, ID3D12Device10, ID3D12Device9, ID3D12Device8, ID3D12Device7, ID3D12Device6,
                         ID3D12Device5, ID3D12Device4, ID3D12Device3, ID3D12Device2, ID3D12Device1, ID3D12Device,
                         ID3D12Object, IVkdmlD3D12Device>(riid);
    if (!found && debugLayer_) found = answer<ID3D12DebugDevice2, ID3D12DebugDevice>(riid);
    return found;
}

void Device::nameChanged(const std::string& name) { vkdmlSetName(vkdml_, name.c_str()); }

void Device::noteSubmitted(uint64_t completionValue) {
    releaseCompleted();
    uint64_t last = lastSubmitted_.load();
    while (last < completionValue && !lastSubmitted_.compare_exchange_weak(last, completionValue)) {
    }
}

void Device::releaseWhenIdle(void* object) {
    releaseCompleted();
    const uint64_t last = lastSubmitted_.load();
    if (isComplete(last)) {
        vkdmlRelease(object);
        return;
    }
    std::lock_guard<std::mutex> lock(deferredMutex_);
    deferred_.push_back({object, last});
}

void Device::releaseCompleted() {
    std::vector<void*> done;
    {
        std::lock_guard<std::mutex> lock(deferredMutex_);
        for (size_t i = 0; i < deferred_.size();) {
            if (isComplete(deferred_[i].completionValue)) {
                done.push_back(deferred_[i].object);
                deferred_[i] = deferred_.back();
                deferred_.pop_back();
            } else {
                ++i;
            }
        }
    }
    for (void* object : done) vkdmlRelease(object);
}

bool Device::isComplete(uint64_t completionValue) const {
    return completionValue == 0 || vkdmlWaitForCompletion(vkdml_, completionValue, 0) == S_OK;
}

bool Device::removed() const { return removedByApplication_.load() || vkdmlGetDeviceRemovedReason(vkdml_) != S_OK; }

UINT Device::GetNodeCount() { return 1; }

HRESULT Device::GetDeviceRemovedReason() {
    if (removedByApplication_.load()) return DXGI_ERROR_DEVICE_REMOVED;
    return vkdmlGetDeviceRemovedReason(vkdml_);
}

void Device::RemoveDevice() {
    debugMessage("ID3D12Device5::RemoveDevice: the device is now removed; fences report UINT64_MAX");
    removedByApplication_.store(true);
}

LUID Device::GetAdapterLuid() { return luidOfDeviceUuid(adapter_.DeviceUUID); }

void Device::GetVulkanHandles(VKDML_D3D12_VULKAN_HANDLES* handles) {
    if (!handles) return;
    handles->Instance = vulkan_.Instance;
    handles->PhysicalDevice = vulkan_.PhysicalDevice;
    handles->Device = vulkan_.Device;
    handles->Queue = vulkan_.Queue;
    handles->QueueFamilyIndex = vulkan_.QueueFamilyIndex;
}

HRESULT Device::MakeResident(UINT, ID3D12Pageable* const*) { return S_OK; }  // everything stays resident

HRESULT Device::Evict(UINT, ID3D12Pageable* const*) { return S_OK; }

HRESULT Device::SetResidencyPriority(UINT, ID3D12Pageable* const*, const D3D12_RESIDENCY_PRIORITY*) { return S_OK; }

HRESULT Device::EnqueueMakeResident(D3D12_RESIDENCY_FLAGS, UINT, ID3D12Pageable* const*, ID3D12Fence* fenceToSignal,
                                    UINT64 fenceValueToSignal) {
    if (!fenceToSignal) {
        debugMessage("ID3D12Device3::EnqueueMakeResident: pFenceToSignal is NULL");
        return E_INVALIDARG;
    }
    return fenceToSignal->Signal(fenceValueToSignal);  // already resident: signal at once
}

D3D12_RESOURCE_DESC1 toDesc1(const D3D12_RESOURCE_DESC& desc) {
    D3D12_RESOURCE_DESC1 desc1{};
    desc1.Dimension = desc.Dimension;
    desc1.Alignment = desc.Alignment;
    desc1.Width = desc.Width;
    desc1.Height = desc.Height;
    desc1.DepthOrArraySize = desc.DepthOrArraySize;
    desc1.MipLevels = desc.MipLevels;
    desc1.Format = desc.Format;
    desc1.SampleDesc = desc.SampleDesc;
    desc1.Layout = desc.Layout;
    desc1.Flags = desc.Flags;
    return desc1;
}

}  // namespace vkdml::dropin
