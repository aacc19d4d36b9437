#include "range_tables.h"

#include <map>
#include <mutex>
#include <utility>

#include "../common/com_object.h"

namespace vkdml::dropin {
namespace {

constexpr GUID kRangeTablesGuid = {0x6d1c3a52, 0x8f0e, 0x4b7a, {0x9c, 0x41, 0x2e, 0x5b, 0x77, 0x13, 0xd0, 0x8a}};

// The heap's tables, by vkdml device and first descriptor.
class RangeTables final : public ComObject<IUnknown> {
public:
    ~RangeTables() override {
        for (auto& entry : tables_) vkdmlRelease(entry.second);
    }
    VkdmlBindingTable& slot(VkdmlDevice device, UINT firstIndex) { return tables_[{device, firstIndex}]; }

protected:
    void* findInterface(REFIID) override { return nullptr; }

private:
    std::map<std::pair<VkdmlDevice, UINT>, VkdmlBindingTable> tables_;
};

std::mutex& registryMutex() {
    static std::mutex mutex;
    return mutex;
}

HRESULT resetOrCreate(VkdmlDevice device, VkdmlDispatchable dispatchable, VkdmlBindingTable& table) {
    if (!table) return vkdmlCreateBindingTable(device, dispatchable, &table);
    return vkdmlResetBindingTable(table, dispatchable);
}

}  // namespace

HRESULT acquireRangeTable(VkdmlDevice device, const DescriptorRange& range, VkdmlDispatchable dispatchable,
                          VkdmlBindingTable* table) {
    *table = nullptr;
    ComPtr<ID3D12Object> heap;
    if (!range.heap || FAILED(range.heap.As(&heap))) return vkdmlCreateBindingTable(device, dispatchable, table);

    std::lock_guard<std::mutex> lock(registryMutex());
    ComPtr<IUnknown> stored;
    UINT size = sizeof(IUnknown*);
    if (FAILED(heap->GetPrivateData(kRangeTablesGuid, &size, stored.GetAddressOf())) || !stored) {
        ComPtr<IUnknown> created;
        created.Attach(new RangeTables);
        const HRESULT hr = heap->SetPrivateDataInterface(kRangeTablesGuid, created.Get());
        if (FAILED(hr)) return hr;
        stored = created;
    }
    VkdmlBindingTable& shared = static_cast<RangeTables*>(stored.Get())->slot(device, range.firstIndex);
    const HRESULT hr = resetOrCreate(device, dispatchable, shared);
    if (FAILED(hr)) return hr;
    vkdmlAddRef(shared);
    *table = shared;
    return S_OK;
}

}  // namespace vkdml::dropin
