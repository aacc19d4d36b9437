// IDMLDevice's own state: feature queries, residency, removal, messages, the parent D3D12 device, IDMLDebugDevice.
#include "dml_device.h"

#include <cstdio>

#include "common/debug_message.h"
#include "hresult_text.h"

namespace vkdml::dropin {

DmlDevice::DmlDevice(ID3D12Device* d3d12Device, VkdmlDevice vkdmlDevice, DML_CREATE_DEVICE_FLAGS flags)
    : d3d12Device_(d3d12Device), vkdml_(vkdmlDevice), flags_(flags) {
    d3d12Device_->AddRef();
    vkdmlAddRef(vkdml_);
}

DmlDevice::~DmlDevice() {
    vkdmlRelease(vkdml_);
    d3d12Device_->Release();
}

void* DmlDevice::findInterface(REFIID riid) {
    void* found = answer<IDMLDevice1, IDMLDevice, IDMLObject, IVkdmlDmlImplementation, IVkdmlDmlDevice>(riid);
    if (!found && isDebug()) found = answer<IDMLDebugDevice>(riid);
    return found;
}

HRESULT DmlDevice::report(HRESULT hr, const std::string& message) {
    const std::string line = message + " (" + hresultText(hr) + ")";
    debugMessage(line);
    if (isDebug() && !muted_.load()) std::fprintf(stderr, "DirectML (vkdml): %s\n", line.c_str());
    return hr;
}

void DmlDevice::removeForMisuse(HRESULT reason, const std::string& message) {
    HRESULT expected = S_OK;
    removedReason_.compare_exchange_strong(expected, reason);
    report(reason, message + "; the IDMLDevice is now removed");
}

HRESULT DmlDevice::removedStatus() {
    return GetDeviceRemovedReason() == S_OK ? S_OK : DXGI_ERROR_DEVICE_REMOVED;
}

HRESULT STDMETHODCALLTYPE DmlDevice::GetDeviceRemovedReason() {
    const HRESULT own = removedReason_.load();
    return own != S_OK ? own : vkdmlGetDeviceRemovedReason(vkdml_);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CheckFeatureSupport(DML_FEATURE feature, UINT featureQueryDataSize,
                                                         const void* featureQueryData, UINT featureSupportDataSize,
                                                         void* featureSupportData) {
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    if (!featureSupportData)
        return report(E_INVALIDARG, "IDMLDevice::CheckFeatureSupport: featureSupportData is NULL");
    const HRESULT hr = vkdmlCheckFeatureSupport(vkdml_, feature, featureQueryDataSize, featureQueryData,
                                                featureSupportDataSize, featureSupportData);
    if (FAILED(hr))
        report(hr, "IDMLDevice::CheckFeatureSupport: feature " + std::to_string(static_cast<int>(feature)) +
                       " with the given sizes is not answered");
    return hr;
}

namespace {
// Evict and MakeResident: vkdml keeps everything resident; the arguments are checked as DirectML checks them.
HRESULT checkPageables(DmlDevice& device, const char* method, UINT count, IDMLPageable* const* objects) {
    if (FAILED(device.removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    if (count > 0 && !objects)
        return device.report(E_INVALIDARG, std::string(method) + ": ppObjects is NULL with count = " +
                                               std::to_string(count));
    for (UINT i = 0; i < count; ++i) {
        auto* child = implementationOf<DmlImplementation>(objects[i]);
        if (!child)
            return device.report(E_INVALIDARG, std::string(method) + ": ppObjects[" + std::to_string(i) +
                                                   "] is NULL or not a vkdml IDMLPageable");
    }
    return S_OK;
}
}  // namespace

HRESULT STDMETHODCALLTYPE DmlDevice::Evict(UINT count, IDMLPageable* const* ppObjects) {
    return checkPageables(*this, "IDMLDevice::Evict", count, ppObjects);
}

HRESULT STDMETHODCALLTYPE DmlDevice::MakeResident(UINT count, IDMLPageable* const* ppObjects) {
    return checkPageables(*this, "IDMLDevice::MakeResident", count, ppObjects);
}

HRESULT STDMETHODCALLTYPE DmlDevice::GetParentDevice(REFIID riid, void** ppv) {
    if (!ppv) return report(E_POINTER, "IDMLDevice::GetParentDevice: ppv is NULL");
    return d3d12Device_->QueryInterface(riid, ppv);
}

void STDMETHODCALLTYPE DmlDevice::SetMuteDebugOutput(BOOL mute) { muted_.store(mute != 0); }

}  // namespace vkdml::dropin
