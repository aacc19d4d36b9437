// C entry points: devices, objects, feature queries, adapters.
#include <algorithm>
#include <cstring>
#include <vector>

#include "entry.h"

using namespace vkdml;
using namespace vkdml::api;

extern "C" {

VKDML_API HRESULT vkdmlCreateDevice(const VKDML_DEVICE_DESC* desc, VkdmlDevice* device) {
    if (!device) return E_POINTER;
    *device = nullptr;
    Device* created = nullptr;
    std::string message;
    const HRESULT hr = catchingErrors([&] { created = Device::create(desc); }, message);
    if (FAILED(hr)) {
        // No device exists yet: the message goes to the desc's callback.
        if (desc && desc->MessageCallback)
            desc->MessageCallback(VKDML_MESSAGE_SEVERITY_ERROR, hr, ("vkdmlCreateDevice: " + message).c_str(),
                                  desc->MessageUserData);
        return hr;
    }
    *device = toHandle<VkdmlDevice>(created);
    return S_OK;
}

VKDML_API uint32_t vkdmlAddRef(void* object) {
    Object* o = objectOf(object);
    return o ? o->addRef() : 0;
}

VKDML_API uint32_t vkdmlRelease(void* object) {
    Object* o = objectOf(object);
    return o ? o->release() : 0;
}

VKDML_API HRESULT vkdmlSetName(void* object, const char* name) {
    Object* o = objectOf(object);
    if (!o) return E_INVALIDARG;
    return guarded(&o->owningDevice(), "vkdmlSetName", [&] { o->setName(name ? name : ""); });
}

VKDML_API HRESULT vkdmlCheckFeatureSupport(VkdmlDevice device, DML_FEATURE feature, UINT featureQueryDataSize,
                                           const void* featureQueryData, UINT featureSupportDataSize,
                                           void* featureSupportData) {
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCheckFeatureSupport", [&] {
        d->checkFeatureSupport(rawValue(feature), featureQueryDataSize, featureQueryData, featureSupportDataSize,
                               featureSupportData);
    });
}

VKDML_API HRESULT vkdmlGetDeviceRemovedReason(VkdmlDevice device) {
    Device* d = as<Device>(device);
    return d ? d->removedReason() : E_INVALIDARG;
}

VKDML_API HRESULT vkdmlSetMessageCallback(VkdmlDevice device, VKDML_MESSAGE_CALLBACK callback, void* userData) {
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    d->setMessageCallback(callback, userData);
    return S_OK;
}

VKDML_API HRESULT vkdmlGetAdapterInfo(VkdmlDevice device, VKDML_ADAPTER_INFO* info) {
    if (!info) return E_POINTER;
    *info = {};
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    d->adapterInfo(info);
    return S_OK;
}

VKDML_API HRESULT vkdmlEnumerateAdapters(UINT* count, VKDML_ADAPTER_INFO* infos) {
    if (!count) return E_POINTER;
    std::string message;  // no device to send it to
    return catchingErrors(
        [&] {
            const std::vector<VKDML_ADAPTER_INFO> adapters = enumerateAdapters();
            const UINT available = static_cast<UINT>(adapters.size());
            const UINT written = infos ? std::min(*count, available) : 0;
            for (UINT i = 0; i < written; ++i) infos[i] = adapters[i];
            *count = infos ? written : available;
        },
        message);
}

}  // extern "C"
