// IDMLBindingTable over the VkdmlBindingTable of its descriptor range (range_tables.h): bindings translated from
// D3D12 resources to vkdml buffers, and the descriptor range of its DML_BINDING_TABLE_DESC checked (RecordDispatch
// checks it against the command list's descriptor heap).
#pragma once

#include <mutex>

#include "descriptor_range.h"
#include "dml_device_child.h"

namespace vkdml::dropin {

class DmlBindingTable final : public DmlDeviceChild<IDMLBindingTable> {
public:
    // E_INVALIDARG (with a message naming `method`) when `desc` is invalid; desc == nullptr gives an empty table.
    static HRESULT create(DmlDevice& device, const char* method, const DML_BINDING_TABLE_DESC* desc,
                          DmlBindingTable** table);
    ~DmlBindingTable() override;

    void STDMETHODCALLTYPE BindInputs(UINT bindingCount, const DML_BINDING_DESC* bindings) override;
    void STDMETHODCALLTYPE BindOutputs(UINT bindingCount, const DML_BINDING_DESC* bindings) override;
    void STDMETHODCALLTYPE BindTemporaryResource(const DML_BINDING_DESC* binding) override;
    void STDMETHODCALLTYPE BindPersistentResource(const DML_BINDING_DESC* binding) override;
    HRESULT STDMETHODCALLTYPE Reset(const DML_BINDING_TABLE_DESC* desc) override;

    VkdmlBindingTable vkdmlBindingTable() const { return table_; }
    // The heap identity of the table's descriptor range (nullptr when it has none).
    ComPtr<IUnknown> descriptorHeap();

protected:
    void* findInterface(REFIID riid) override {
        return answer<IDMLBindingTable, IDMLDeviceChild, IDMLObject, IVkdmlDmlImplementation>(riid);
    }
    void* vkdmlObject() override { return table_; }

private:
    struct Target {
        ComPtr<IDMLDispatchable> dispatchable;
        VkdmlDispatchable vkdmlDispatchable = nullptr;
        DescriptorRange range;
    };
    DmlBindingTable(DmlDevice& device, VkdmlBindingTable table, Target target);
    static HRESULT readDesc(DmlDevice& device, const char* method, const DML_BINDING_TABLE_DESC* desc, Target& target);
    // Translates and binds with `bind`; a failure removes the device (these methods return no HRESULT).
    template <class Bind>
    void bind(const char* method, const char* what, UINT count, const DML_BINDING_DESC* bindings, Bind&& bindTo);

    VkdmlBindingTable table_;
    std::mutex mutex_;
    Target target_;
};

}  // namespace vkdml::dropin
