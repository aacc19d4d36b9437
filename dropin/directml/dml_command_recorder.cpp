#include "dml_command_recorder.h"

#include "dml_binding_table.h"
#include "dml_dispatchable.h"

namespace vkdml::dropin {

HRESULT DmlCommandRecorder::record(ID3D12CommandList* commandList, IDMLDispatchable* dispatchable,
                                   IDMLBindingTable* bindings, std::string& error) {
    if (!commandList || !dispatchable || !bindings) {
        error = std::string(!commandList ? "commandList" : !dispatchable ? "dispatchable" : "bindings") + " is NULL";
        return E_INVALIDARG;
    }
    ComPtr<IVkdmlD3D12CommandList> list;
    if (FAILED(commandList->QueryInterface(__uuidof(IVkdmlD3D12CommandList), &list)) || !list) {
        error = "commandList is not a command list of vkdml's libd3d12";
        return E_INVALIDARG;
    }
    auto* target = implementationOf<DmlDispatchableImplementation>(dispatchable);
    if (!target || &target->owningDevice() != &device()) {
        error = "dispatchable is not a vkdml IDMLDispatchable of this recorder's IDMLDevice";
        return E_INVALIDARG;
    }
    auto* table = implementationOf<DmlBindingTable>(bindings);
    if (!table || &table->device() != &device()) {
        error = "bindings is not a vkdml IDMLBindingTable of this recorder's IDMLDevice";
        return E_INVALIDARG;
    }
    if (!list->IsOpen()) {
        error = "commandList is closed (Close was called and Reset was not)";
        return E_INVALIDARG;
    }
    const ComPtr<IUnknown> tableHeap = table->descriptorHeap();
    if (tableHeap && identityOf(list->GetCurrentCbvSrvUavHeap()).Get() != tableHeap.Get()) {
        error = "the binding table's descriptor heap is not the command list's current CBV_SRV_UAV heap "
                "(call SetDescriptorHeaps with it first)";
        return E_INVALIDARG;
    }
    const HRESULT hr =
        vkdmlRecordDispatch(list->GetVkdmlCommandList(), target->vkdmlDispatchable(), table->vkdmlBindingTable());
    if (FAILED(hr)) error = "vkdmlRecordDispatch refused the dispatch (its message names the cause)";
    return hr;
}

void STDMETHODCALLTYPE DmlCommandRecorder::RecordDispatch(ID3D12CommandList* commandList,
                                                          IDMLDispatchable* dispatchable,
                                                          IDMLBindingTable* bindings) {
    if (FAILED(device().removedStatus())) return;
    std::string error;
    const HRESULT hr = record(commandList, dispatchable, bindings, error);
    if (FAILED(hr)) device().removeForMisuse(hr, "IDMLCommandRecorder::RecordDispatch: " + error);
}

}  // namespace vkdml::dropin
