#include "dxcore_factory.h"

#include <dxguids/dxguids.h>

#include "dxcore_adapter.h"
#include "dxcore_adapter_list.h"
#include "dxcore_attributes.h"
#include "common/debug_message.h"

namespace vkdml::dropin {

void* DxcoreFactory::findInterface(REFIID riid) { return answer<IDXCoreAdapterFactory>(riid); }

HRESULT DxcoreFactory::CreateAdapterList(uint32_t numAttributes, const GUID* filterAttributes, REFIID riid,
                                         void** adapterList) {
    if (!adapterList) {
        debugMessage("IDXCoreAdapterFactory::CreateAdapterList: ppvAdapterList is NULL");
        return E_POINTER;
    }
    *adapterList = nullptr;
    if (numAttributes == 0) {
        debugMessage("IDXCoreAdapterFactory::CreateAdapterList: numAttributes is 0");
        return E_INVALIDARG;
    }
    if (!filterAttributes) {
        debugMessage("IDXCoreAdapterFactory::CreateAdapterList: filterAttributes is NULL");
        return E_POINTER;
    }
    const std::vector<AdapterRecord> all = enumerateAdapters();
    std::vector<AdapterRecord> listed;
    for (const AdapterRecord& adapter : all) {
        bool hasAll = true;
        for (uint32_t i = 0; i < numAttributes && hasAll; ++i) hasAll = adapterHasAttribute(adapter, filterAttributes[i]);
        if (hasAll) listed.push_back(adapter);
    }
    auto* list = new DxcoreAdapterList(this, all, std::move(listed));
    return returnObject(S_OK, static_cast<IDXCoreAdapterList*>(list), riid, adapterList);
}

HRESULT DxcoreFactory::GetAdapterByLuid(const LUID& adapterLUID, REFIID riid, void** adapter) {
    if (!adapter) {
        debugMessage("IDXCoreAdapterFactory::GetAdapterByLuid: ppvAdapter is NULL");
        return E_POINTER;
    }
    *adapter = nullptr;
    for (const AdapterRecord& record : enumerateAdapters()) {
        if (sameLuid(record.luid, adapterLUID)) {
            auto* object = new DxcoreAdapter(this, record);
            return returnObject(S_OK, static_cast<IDXCoreAdapter*>(object), riid, adapter);
        }
    }
    debugMessagef("IDXCoreAdapterFactory::GetAdapterByLuid: no adapter has the LUID %08x:%08x",
                  static_cast<unsigned>(adapterLUID.HighPart), static_cast<unsigned>(adapterLUID.LowPart));
    return E_INVALIDARG;
}

bool DxcoreFactory::IsNotificationTypeSupported(DXCoreNotificationType) { return false; }

HRESULT DxcoreFactory::RegisterEventNotification(IUnknown*, DXCoreNotificationType notificationType,
                                                 PFN_DXCORE_NOTIFICATION_CALLBACK, void*, uint32_t* eventCookie) {
    if (!eventCookie) {
        debugMessage("IDXCoreAdapterFactory::RegisterEventNotification: eventCookie is NULL");
        return E_POINTER;
    }
    *eventCookie = 0;
    debugMessagef("IDXCoreAdapterFactory::RegisterEventNotification: notification type %u is not supported",
                  static_cast<unsigned>(notificationType));
    return DXGI_ERROR_UNSUPPORTED;
}

HRESULT DxcoreFactory::UnregisterEventNotification(uint32_t eventCookie) {
    debugMessagef("IDXCoreAdapterFactory::UnregisterEventNotification: cookie %u was never registered", eventCookie);
    return E_INVALIDARG;
}

}  // namespace vkdml::dropin
