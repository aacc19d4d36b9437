// IDMLDevice's factory methods: operators, compiled operators and graphs, initializers, recorders, binding tables.
#include <string>

#include "dml_binding_table.h"
#include "dml_command_recorder.h"
#include "dml_device.h"
#include "dml_dispatchable.h"
#include "dml_operator.h"
#include "graph_translation.h"
#include "hresult_text.h"

namespace vkdml::dropin {

namespace {

// Hands `object` (created with one reference) to the caller as riid. ppv == nullptr: for DirectML's optional
// out-pointers (CreateOperator, CompileOperator, CompileGraph) the arguments were valid and S_FALSE says so, as D3D12
// does; for the others the caller checked ppv before creating anything.
template <class T>
HRESULT deliver(DmlDevice& device, const char* method, T* object, REFIID riid, void** ppv) {
    if (!ppv) {
        object->Release();
        return S_FALSE;
    }
    const HRESULT hr = returnObject(S_OK, object, riid, ppv);
    if (FAILED(hr)) device.report(hr, std::string(method) + ": the object created does not implement riid");
    return hr;
}

std::string refused(const char* method, const char* vkdmlFunction) {
    return std::string(method) + ": " + vkdmlFunction + " refused the arguments (its message names the field)";
}

}  // namespace

HRESULT STDMETHODCALLTYPE DmlDevice::CreateOperator(const DML_OPERATOR_DESC* desc, REFIID riid, void** ppv) {
    const char* method = "IDMLDevice::CreateOperator";
    if (ppv) *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    if (!desc) return report(E_INVALIDARG, std::string(method) + ": desc is NULL");
    VkdmlOperator op = nullptr;
    const HRESULT hr = vkdmlCreateOperator(vkdml_, desc, &op);
    if (FAILED(hr))
        return report(hr, refused(method, "vkdmlCreateOperator") + "; desc->Type = " +
                              std::to_string(static_cast<int>(desc->Type)));
    return deliver(*this, method, new DmlOperator(*this, op), riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CreateOperatorFromVkdml(VkdmlOperator op, REFIID riid, void** ppv) {
    const char* method = "IVkdmlDmlDevice::CreateOperatorFromVkdml";
    if (ppv) *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    if (!op) return report(E_INVALIDARG, std::string(method) + ": op is NULL");
    if (!ppv) return report(E_POINTER, std::string(method) + ": ppv is NULL");
    vkdmlAddRef(op);
    return deliver(*this, method, new DmlOperator(*this, op), riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::GetVkdmlDispatchable(IDMLDispatchable* dispatchable,
                                                          VkdmlDispatchable* vkdmlDispatchable) {
    const char* method = "IVkdmlDmlDevice::GetVkdmlDispatchable";
    if (vkdmlDispatchable) *vkdmlDispatchable = nullptr;
    if (!vkdmlDispatchable) return report(E_POINTER, std::string(method) + ": vkdmlDispatchable is NULL");
    auto* source = implementationOf<DmlDispatchableImplementation>(dispatchable);
    if (!source) return report(E_INVALIDARG, std::string(method) + ": dispatchable is NULL or not a vkdml one");
    if (&source->owningDevice() != this)
        return report(E_INVALIDARG, std::string(method) + ": dispatchable was created by another IDMLDevice");
    VkdmlDispatchable handle = source->vkdmlDispatchable();
    vkdmlAddRef(handle);
    *vkdmlDispatchable = handle;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE DmlDevice::CompileOperator(IDMLOperator* op, DML_EXECUTION_FLAGS flags, REFIID riid,
                                                     void** ppv) {
    const char* method = "IDMLDevice::CompileOperator";
    if (ppv) *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    auto* source = implementationOf<DmlOperator>(op);
    if (!source) return report(E_INVALIDARG, std::string(method) + ": op is NULL or not a vkdml IDMLOperator");
    if (&source->device() != this)
        return report(E_INVALIDARG, std::string(method) + ": op was created by another IDMLDevice");
    VkdmlDispatchable compiled = nullptr;
    const HRESULT hr = vkdmlCompileOperator(vkdml_, source->vkdmlOperator(), flags, &compiled);
    if (FAILED(hr)) return report(hr, refused(method, "vkdmlCompileOperator"));
    return deliver(*this, method, new DmlCompiledOperator(*this, compiled, op), riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CompileGraph(const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags,
                                                  REFIID riid, void** ppv) {
    const char* method = "IDMLDevice1::CompileGraph";
    if (ppv) *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    if (!desc) return report(E_INVALIDARG, std::string(method) + ": desc is NULL");
    TranslatedGraph graph;
    std::string error;
    HRESULT hr = graph.translate(*this, *desc, error);
    if (FAILED(hr)) return report(hr, std::string(method) + ": " + error);
    VkdmlDispatchable compiled = nullptr;
    hr = vkdmlCompileGraph(vkdml_, &graph.desc(), flags, &compiled);
    if (FAILED(hr)) return report(hr, refused(method, "vkdmlCompileGraph"));
    return deliver(*this, method, new DmlCompiledOperator(*this, compiled, nullptr), riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CreateOperatorInitializer(UINT operatorCount,
                                                               IDMLCompiledOperator* const* operators, REFIID riid,
                                                               void** ppv) {
    const char* method = "IDMLDevice::CreateOperatorInitializer";
    if (!ppv) return report(E_POINTER, std::string(method) + ": ppv is NULL");
    *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    VkdmlDispatchable initializer = nullptr;
    const HRESULT hr = createVkdmlInitializer(*this, method, operatorCount, operators, &initializer);
    if (FAILED(hr)) return hr;
    return deliver(*this, method, new DmlOperatorInitializer(*this, initializer), riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CreateCommandRecorder(REFIID riid, void** ppv) {
    const char* method = "IDMLDevice::CreateCommandRecorder";
    if (!ppv) return report(E_POINTER, std::string(method) + ": ppv is NULL");
    *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    return deliver(*this, method, new DmlCommandRecorder(*this), riid, ppv);
}

HRESULT STDMETHODCALLTYPE DmlDevice::CreateBindingTable(const DML_BINDING_TABLE_DESC* desc, REFIID riid,
                                                        void** ppv) {
    const char* method = "IDMLDevice::CreateBindingTable";
    if (!ppv) return report(E_POINTER, std::string(method) + ": ppv is NULL");
    *ppv = nullptr;
    if (FAILED(removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    DmlBindingTable* table = nullptr;
    const HRESULT hr = DmlBindingTable::create(*this, method, desc, &table);
    if (FAILED(hr)) return hr;
    return deliver(*this, method, table, riid, ppv);
}

}  // namespace vkdml::dropin
