// IDMLCompiledOperator and IDMLOperatorInitializer (both IDMLDispatchable, IDMLPageable) over a vkdml dispatchable.
#pragma once

#include <mutex>

#include "dml_device_child.h"

namespace vkdml::dropin {

// What RecordDispatch and binding tables need of either kind.
class DmlDispatchableImplementation {
public:
    virtual ~DmlDispatchableImplementation() = default;
    virtual VkdmlDispatchable vkdmlDispatchable() = 0;
    virtual DmlDevice& owningDevice() = 0;
};

class DmlCompiledOperator final : public DmlDeviceChild<IDMLCompiledOperator>, public DmlDispatchableImplementation {
public:
    // Takes over the reference `compiled` holds; `source` (the operator compiled, nullptr for a graph) is referenced,
    // as DirectML's compiled operators reference theirs.
    DmlCompiledOperator(DmlDevice& device, VkdmlDispatchable compiled, IDMLOperator* source);
    ~DmlCompiledOperator() override;

    DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() override;
    VkdmlDispatchable vkdmlDispatchable() override { return compiled_; }
    DmlDevice& owningDevice() override { return device(); }

protected:
    void* findInterface(REFIID riid) override;
    void* vkdmlObject() override { return compiled_; }

private:
    VkdmlDispatchable compiled_;
    IDMLOperator* source_;
};

class DmlOperatorInitializer final : public DmlDeviceChild<IDMLOperatorInitializer>,
                                     public DmlDispatchableImplementation {
public:
    DmlOperatorInitializer(DmlDevice& device, VkdmlDispatchable initializer);
    ~DmlOperatorInitializer() override;

    DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() override;
    HRESULT STDMETHODCALLTYPE Reset(UINT operatorCount, IDMLCompiledOperator* const* operators) override;
    VkdmlDispatchable vkdmlDispatchable() override;
    DmlDevice& owningDevice() override { return device(); }

protected:
    void* findInterface(REFIID riid) override;
    void* vkdmlObject() override { return vkdmlDispatchable(); }

private:
    std::mutex mutex_;
    VkdmlDispatchable initializer_;
};

// A vkdml operator initializer for `operators` (each one of this library's compiled operators of `device`).
// E_INVALIDARG with a message naming `method` and the entry otherwise.
HRESULT createVkdmlInitializer(DmlDevice& device, const char* method, UINT operatorCount,
                               IDMLCompiledOperator* const* operators, VkdmlDispatchable* initializer);

}  // namespace vkdml::dropin
