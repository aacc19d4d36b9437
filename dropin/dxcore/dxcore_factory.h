// IDXCoreAdapterFactory over vkdml's adapters: lists by attribute, lookup by LUID. Change notifications are not
// supported (IsNotificationTypeSupported says so; RegisterEventNotification answers DXGI_ERROR_UNSUPPORTED).
#pragma once

#include <wsl/winadapter.h>
#include <directx/dxcore.h>

#include "common/com_object.h"

namespace vkdml::dropin {

class DxcoreFactory final : public ComObject<IDXCoreAdapterFactory> {
public:
    HRESULT STDMETHODCALLTYPE CreateAdapterList(uint32_t numAttributes, const GUID* filterAttributes, REFIID riid,
                                                void** adapterList) override;
    HRESULT STDMETHODCALLTYPE GetAdapterByLuid(const LUID& adapterLUID, REFIID riid, void** adapter) override;
    bool STDMETHODCALLTYPE IsNotificationTypeSupported(DXCoreNotificationType notificationType) override;
    HRESULT STDMETHODCALLTYPE RegisterEventNotification(IUnknown* dxCoreObject, DXCoreNotificationType notificationType,
                                                        PFN_DXCORE_NOTIFICATION_CALLBACK callbackFunction,
                                                        void* callbackContext, uint32_t* eventCookie) override;
    HRESULT STDMETHODCALLTYPE UnregisterEventNotification(uint32_t eventCookie) override;

protected:
    void* findInterface(REFIID riid) override;
};

}  // namespace vkdml::dropin
