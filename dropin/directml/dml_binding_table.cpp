#include "dml_binding_table.h"

#include "binding_translation.h"
#include "dml_dispatchable.h"
#include "range_tables.h"

namespace vkdml::dropin {

DmlBindingTable::DmlBindingTable(DmlDevice& device, VkdmlBindingTable table, Target target)
    : DmlDeviceChild(device), table_(table), target_(std::move(target)) {}

DmlBindingTable::~DmlBindingTable() { vkdmlRelease(table_); }

HRESULT DmlBindingTable::readDesc(DmlDevice& device, const char* method, const DML_BINDING_TABLE_DESC* desc,
                                  Target& target) {
    target = Target{};
    if (!desc) return S_OK;
    auto* dispatchable = implementationOf<DmlDispatchableImplementation>(desc->Dispatchable);
    if (!dispatchable)
        return device.report(E_INVALIDARG,
                             std::string(method) + ": desc->Dispatchable is NULL or not a vkdml IDMLDispatchable");
    if (&dispatchable->owningDevice() != &device)
        return device.report(E_INVALIDARG, std::string(method) + ": desc->Dispatchable belongs to another IDMLDevice");
    target.dispatchable = desc->Dispatchable;
    target.vkdmlDispatchable = dispatchable->vkdmlDispatchable();
    const UINT required = vkdmlGetBindingProperties(target.vkdmlDispatchable).RequiredDescriptorCount;
    std::string error;
    if (FAILED(findDescriptorRange(*desc, required, target.range, error))) {
        target = Target{};
        return device.report(E_INVALIDARG, std::string(method) + ": " + error);
    }
    return S_OK;
}

HRESULT DmlBindingTable::create(DmlDevice& device, const char* method, const DML_BINDING_TABLE_DESC* desc,
                                DmlBindingTable** table) {
    *table = nullptr;
    Target target;
    HRESULT hr = readDesc(device, method, desc, target);
    if (FAILED(hr)) return hr;
    VkdmlBindingTable created = nullptr;
    hr = acquireRangeTable(device.vkdml(), target.range, target.vkdmlDispatchable, &created);
    if (FAILED(hr)) return device.report(hr, std::string(method) + ": vkdml could not make the range's binding table");
    *table = new DmlBindingTable(device, created, std::move(target));
    return S_OK;
}

HRESULT STDMETHODCALLTYPE DmlBindingTable::Reset(const DML_BINDING_TABLE_DESC* desc) {
    if (FAILED(device().removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    Target target;
    HRESULT hr = readDesc(device(), "IDMLBindingTable::Reset", desc, target);
    if (FAILED(hr)) return hr;
    VkdmlBindingTable table = nullptr;
    hr = acquireRangeTable(device().vkdml(), target.range, target.vkdmlDispatchable, &table);
    if (FAILED(hr)) return device().report(hr, "IDMLBindingTable::Reset: vkdml could not make the range's binding table");
    std::lock_guard<std::mutex> lock(mutex_);
    vkdmlRelease(table_);
    table_ = table;
    target_ = std::move(target);
    return S_OK;
}

ComPtr<IUnknown> DmlBindingTable::descriptorHeap() {
    std::lock_guard<std::mutex> lock(mutex_);
    return target_.range.heap;
}

template <class Bind>
void DmlBindingTable::bind(const char* method, const char* what, UINT count, const DML_BINDING_DESC* bindings,
                           Bind&& bindTo) {
    if (FAILED(device().removedStatus())) return;
    TranslatedBindings translated;
    std::string error;
    if (FAILED(translated.translate(what, count, bindings, error))) {
        device().removeForMisuse(E_INVALIDARG, std::string(method) + ": " + error);
        return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    const HRESULT hr = bindTo(translated);
    if (FAILED(hr)) device().removeForMisuse(hr, std::string(method) + ": vkdml refused the bindings");
}

void STDMETHODCALLTYPE DmlBindingTable::BindInputs(UINT bindingCount, const DML_BINDING_DESC* bindings) {
    bind("IDMLBindingTable::BindInputs", "bindings", bindingCount, bindings, [&](const TranslatedBindings& t) {
        return vkdmlBindInputs(table_, t.count(), t.data());
    });
}

void STDMETHODCALLTYPE DmlBindingTable::BindOutputs(UINT bindingCount, const DML_BINDING_DESC* bindings) {
    bind("IDMLBindingTable::BindOutputs", "bindings", bindingCount, bindings, [&](const TranslatedBindings& t) {
        return vkdmlBindOutputs(table_, t.count(), t.data());
    });
}

void STDMETHODCALLTYPE DmlBindingTable::BindTemporaryResource(const DML_BINDING_DESC* binding) {
    bind("IDMLBindingTable::BindTemporaryResource", "binding", binding ? 1 : 0, binding,
         [&](const TranslatedBindings& t) { return vkdmlBindTemporaryResource(table_, t.data()); });
}

void STDMETHODCALLTYPE DmlBindingTable::BindPersistentResource(const DML_BINDING_DESC* binding) {
    bind("IDMLBindingTable::BindPersistentResource", "binding", binding ? 1 : 0, binding,
         [&](const TranslatedBindings& t) { return vkdmlBindPersistentResource(table_, t.data()); });
}

}  // namespace vkdml::dropin
