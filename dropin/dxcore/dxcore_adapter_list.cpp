#include "dxcore_adapter_list.h"

#include <algorithm>
#include <dxguids/dxguids.h>

#include "dxcore_adapter.h"
#include "common/debug_message.h"

namespace vkdml::dropin {
namespace {

bool isKnownPreference(DXCoreAdapterPreference preference) {
    return preference == DXCoreAdapterPreference::Hardware || preference == DXCoreAdapterPreference::MinimumPower ||
           preference == DXCoreAdapterPreference::HighPerformance;
}

// 0 sorts first.
int rankFor(const AdapterRecord& adapter, DXCoreAdapterPreference preference) {
    switch (preference) {
    case DXCoreAdapterPreference::Hardware: return adapter.isSoftware() ? 1 : 0;
    case DXCoreAdapterPreference::MinimumPower: return preferenceRank(adapter, AdapterOrder::MinimumPower);
    case DXCoreAdapterPreference::HighPerformance: return preferenceRank(adapter, AdapterOrder::HighPerformance);
    }
    return 0;
}

}  // namespace

std::vector<std::vector<uint8_t>> deviceUuids(const std::vector<AdapterRecord>& adapters) {
    std::vector<std::vector<uint8_t>> uuids;
    for (const AdapterRecord& adapter : adapters)
        uuids.emplace_back(adapter.info.DeviceUUID, adapter.info.DeviceUUID + sizeof adapter.info.DeviceUUID);
    return uuids;
}

DxcoreAdapterList::DxcoreAdapterList(IDXCoreAdapterFactory* factory, const std::vector<AdapterRecord>& allAdapters,
                                     std::vector<AdapterRecord> listed)
    : factory_(factory), deviceUuidsAtCreation_(deviceUuids(allAdapters)), adapters_(std::move(listed)) {
    factory_->AddRef();
}

DxcoreAdapterList::~DxcoreAdapterList() { factory_->Release(); }

void* DxcoreAdapterList::findInterface(REFIID riid) { return answer<IDXCoreAdapterList>(riid); }

HRESULT DxcoreAdapterList::GetAdapter(uint32_t index, REFIID riid, void** adapter) {
    if (!adapter) {
        debugMessage("IDXCoreAdapterList::GetAdapter: ppvAdapter is NULL");
        return E_POINTER;
    }
    *adapter = nullptr;
    if (index >= adapters_.size()) {
        debugMessagef("IDXCoreAdapterList::GetAdapter: index %u with %zu adapters in the list", index,
                      adapters_.size());
        return E_INVALIDARG;
    }
    auto* object = new DxcoreAdapter(factory_, adapters_[index]);
    return returnObject(S_OK, static_cast<IDXCoreAdapter*>(object), riid, adapter);
}

uint32_t DxcoreAdapterList::GetAdapterCount() { return static_cast<uint32_t>(adapters_.size()); }

bool DxcoreAdapterList::IsStale() { return deviceUuids(enumerateAdapters()) != deviceUuidsAtCreation_; }

HRESULT DxcoreAdapterList::GetFactory(REFIID riid, void** factory) {
    if (!factory) {
        debugMessage("IDXCoreAdapterList::GetFactory: ppvFactory is NULL");
        return E_POINTER;
    }
    return factory_->QueryInterface(riid, factory);
}

HRESULT DxcoreAdapterList::Sort(uint32_t numPreferences, const DXCoreAdapterPreference* preferences) {
    if (numPreferences > 0 && !preferences) {
        debugMessage("IDXCoreAdapterList::Sort: preferences is NULL");
        return E_POINTER;
    }
    for (uint32_t i = 0; i < numPreferences; ++i) {
        if (!isKnownPreference(preferences[i])) {
            debugMessagef("IDXCoreAdapterList::Sort: preferences[%u] is %u, not a DXCoreAdapterPreference", i,
                          static_cast<unsigned>(preferences[i]));
            return E_INVALIDARG;
        }
    }
    // The first preference decides; each later one breaks the ties of those before it; vkdml's order breaks the rest.
    std::stable_sort(adapters_.begin(), adapters_.end(), [&](const AdapterRecord& a, const AdapterRecord& b) {
        for (uint32_t i = 0; i < numPreferences; ++i) {
            const int rankA = rankFor(a, preferences[i]);
            const int rankB = rankFor(b, preferences[i]);
            if (rankA != rankB) return rankA < rankB;
        }
        return a.info.AdapterIndex < b.info.AdapterIndex;
    });
    return S_OK;
}

bool DxcoreAdapterList::IsAdapterPreferenceSupported(DXCoreAdapterPreference preference) {
    return isKnownPreference(preference);
}

}  // namespace vkdml::dropin
