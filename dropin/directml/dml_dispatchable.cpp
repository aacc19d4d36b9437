#include "dml_dispatchable.h"

#include <string>
#include <vector>

namespace vkdml::dropin {

DmlCompiledOperator::DmlCompiledOperator(DmlDevice& device, VkdmlDispatchable compiled, IDMLOperator* source)
    : DmlDeviceChild(device), compiled_(compiled), source_(source) {
    if (source_) source_->AddRef();
}

DmlCompiledOperator::~DmlCompiledOperator() {
    vkdmlRelease(compiled_);
    if (source_) source_->Release();
}

DML_BINDING_PROPERTIES STDMETHODCALLTYPE DmlCompiledOperator::GetBindingProperties() {
    return vkdmlGetBindingProperties(compiled_);
}

void* DmlCompiledOperator::findInterface(REFIID riid) {
    return answer<IDMLCompiledOperator, IDMLDispatchable, IDMLPageable, IDMLDeviceChild, IDMLObject,
                  IVkdmlDmlImplementation>(riid);
}

DmlOperatorInitializer::DmlOperatorInitializer(DmlDevice& device, VkdmlDispatchable initializer)
    : DmlDeviceChild(device), initializer_(initializer) {}

DmlOperatorInitializer::~DmlOperatorInitializer() { vkdmlRelease(initializer_); }

VkdmlDispatchable DmlOperatorInitializer::vkdmlDispatchable() {
    std::lock_guard<std::mutex> lock(mutex_);
    return initializer_;
}

DML_BINDING_PROPERTIES STDMETHODCALLTYPE DmlOperatorInitializer::GetBindingProperties() {
    return vkdmlGetBindingProperties(vkdmlDispatchable());
}

// vkdml has no reset for an initializer: a new one replaces it (binding tables made for the old one must be reset,
// as DirectML requires after IDMLOperatorInitializer::Reset).
HRESULT STDMETHODCALLTYPE DmlOperatorInitializer::Reset(UINT operatorCount, IDMLCompiledOperator* const* operators) {
    if (FAILED(device().removedStatus())) return DXGI_ERROR_DEVICE_REMOVED;
    VkdmlDispatchable replacement = nullptr;
    const HRESULT hr =
        createVkdmlInitializer(device(), "IDMLOperatorInitializer::Reset", operatorCount, operators, &replacement);
    if (FAILED(hr)) return hr;
    VkdmlDispatchable old;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        old = initializer_;
        initializer_ = replacement;
    }
    vkdmlRelease(old);
    const std::string currentName = name();
    if (!currentName.empty()) vkdmlSetName(replacement, currentName.c_str());
    return S_OK;
}

void* DmlOperatorInitializer::findInterface(REFIID riid) {
    return answer<IDMLOperatorInitializer, IDMLDispatchable, IDMLPageable, IDMLDeviceChild, IDMLObject,
                  IVkdmlDmlImplementation>(riid);
}

HRESULT createVkdmlInitializer(DmlDevice& device, const char* method, UINT operatorCount,
                               IDMLCompiledOperator* const* operators, VkdmlDispatchable* initializer) {
    *initializer = nullptr;
    if (operatorCount > 0 && !operators)
        return device.report(E_INVALIDARG, std::string(method) + ": operators is NULL with operatorCount = " +
                                               std::to_string(operatorCount));
    std::vector<VkdmlDispatchable> targets;
    for (UINT i = 0; i < operatorCount; ++i) {
        auto* compiled = implementationOf<DmlCompiledOperator>(operators[i]);
        const std::string entry = std::string(method) + ": operators[" + std::to_string(i) + "]";
        if (!compiled) return device.report(E_INVALIDARG, entry + " is NULL or not a vkdml IDMLCompiledOperator");
        if (&compiled->device() != &device)
            return device.report(E_INVALIDARG, entry + " was created by another IDMLDevice");
        targets.push_back(compiled->vkdmlDispatchable());
    }
    const HRESULT hr = vkdmlCreateOperatorInitializer(device.vkdml(), operatorCount,
                                                      targets.empty() ? nullptr : targets.data(), initializer);
    if (FAILED(hr)) return device.report(hr, std::string(method) + ": vkdmlCreateOperatorInitializer failed");
    return hr;
}

}  // namespace vkdml::dropin
