// IDXCoreAdapterList: the adapters that had every requested attribute when the list was made, sortable by DXCore's
// preferences. Stale once Vulkan lists other devices than it did then.
#pragma once

#include <vector>

#include <wsl/winadapter.h>
#include <directx/dxcore.h>

#include "common/com_object.h"
#include "dxgi/adapter_catalog.h"

namespace vkdml::dropin {

class DxcoreAdapterList final : public ComObject<IDXCoreAdapterList> {
public:
    // Holds a reference to `factory`. `allAdapters`: every adapter at creation (for IsStale); `listed`: those kept.
    DxcoreAdapterList(IDXCoreAdapterFactory* factory, const std::vector<AdapterRecord>& allAdapters,
                      std::vector<AdapterRecord> listed);
    ~DxcoreAdapterList() override;

    HRESULT STDMETHODCALLTYPE GetAdapter(uint32_t index, REFIID riid, void** adapter) override;
    uint32_t STDMETHODCALLTYPE GetAdapterCount() override;
    bool STDMETHODCALLTYPE IsStale() override;
    HRESULT STDMETHODCALLTYPE GetFactory(REFIID riid, void** factory) override;
    HRESULT STDMETHODCALLTYPE Sort(uint32_t numPreferences, const DXCoreAdapterPreference* preferences) override;
    bool STDMETHODCALLTYPE IsAdapterPreferenceSupported(DXCoreAdapterPreference preference) override;

protected:
    void* findInterface(REFIID riid) override;

private:
    IDXCoreAdapterFactory* factory_;
    std::vector<std::vector<uint8_t>> deviceUuidsAtCreation_;
    std::vector<AdapterRecord> adapters_;
};

// The device UUIDs of `adapters`, in order: what IsStale compares.
std::vector<std::vector<uint8_t>> deviceUuids(const std::vector<AdapterRecord>& adapters);

}  // namespace vkdml::dropin
