// What every D3D12 object of libd3d12 shares: ID3D12Object (private data, SetName) and, for device children,
// GetDevice and a reference on the device that made it (D3D12 children keep their device alive).
#pragma once

#include <string>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include "common/com_object.h"
#include "common/debug_message.h"
#include "common/private_data.h"

namespace vkdml::dropin {

class Device;
ID3D12Device* deviceInterface(Device& device);

// `Primary` derives from ID3D12Object.
template <class Primary, class... Others>
class D3D12Object : public ComObject<Primary, Others...> {
public:
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* dataSize, void* data) override {
        return privateData_.get("ID3D12Object::GetPrivateData", guid, dataSize, data);
    }
    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT dataSize, const void* data) override {
        return privateData_.set("ID3D12Object::SetPrivateData", guid, dataSize, data);
    }
    HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* data) override {
        return privateData_.setInterface("ID3D12Object::SetPrivateDataInterface", guid, data);
    }
    HRESULT STDMETHODCALLTYPE SetName(LPCWSTR name) override {
        std::string utf8;
        const HRESULT hr = privateData_.setName("ID3D12Object::SetName", name, &utf8);
        if (SUCCEEDED(hr)) nameChanged(utf8);
        return hr;
    }

protected:
    // Objects over a vkdml object pass the name on (vkdmlSetName), so vkdml's messages name it.
    virtual void nameChanged(const std::string&) {}

private:
    PrivateData privateData_;
};

// `Primary` derives from ID3D12DeviceChild.
template <class Primary, class... Others>
class DeviceChild : public D3D12Object<Primary, Others...> {
public:
    explicit DeviceChild(Device& device) : device_(device) { deviceInterface(device_)->AddRef(); }
    ~DeviceChild() override { deviceInterface(device_)->Release(); }

    HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** device) override {
        if (!device) {
            debugMessage("ID3D12DeviceChild::GetDevice: ppvDevice is NULL");
            return E_POINTER;
        }
        return deviceInterface(device_)->QueryInterface(riid, device);
    }

    Device& device() const { return device_; }

private:
    Device& device_;
};

}  // namespace vkdml::dropin
