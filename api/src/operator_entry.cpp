// C entry points: operators, compilation, initializers, binding tables.
#include <vector>

#include "entry.h"
#include "core/compiled_operator.h"
#include "graph/compiled_graph.h"

using namespace vkdml;
using namespace vkdml::api;

namespace {
constexpr uint32_t kKnownExecutionFlags = DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                                          DML_EXECUTION_FLAG_DISABLE_META_COMMANDS |
                                          DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
}  // namespace

extern "C" {

VKDML_API HRESULT vkdmlCreateOperator(VkdmlDevice device, const DML_OPERATOR_DESC* desc, VkdmlOperator* op) {
    if (!op) return E_POINTER;
    *op = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCreateOperator", [&] {
        auto* created = Operator::create(*d, desc);
        *op = toHandle<VkdmlOperator>(created);
    });
}

VKDML_API HRESULT vkdmlCompileOperator(VkdmlDevice device, VkdmlOperator op, DML_EXECUTION_FLAGS flags,
                                       VkdmlCompiledOperator* compiled) {
    if (!compiled) return E_POINTER;
    *compiled = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCompileOperator", [&] {
        Operator& o = need<Operator>(op, "op");
        require(&o.owningDevice() == d, "op belongs to another device");
        require((rawValue(flags) & ~uint32_t(kKnownExecutionFlags)) == 0,
                "flags = " + std::to_string(rawValue(flags)) + " has unknown DML_EXECUTION_FLAGS bits");
        auto* created = new CompiledOperator(*d, o, flags);
        *compiled = toHandle<VkdmlCompiledOperator>(created);
    });
}

VKDML_API HRESULT vkdmlCompileGraph(VkdmlDevice device, const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags,
                                    VkdmlCompiledOperator* compiled) {
    if (!compiled) return E_POINTER;
    *compiled = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCompileGraph", [&] {
        require((rawValue(flags) & ~uint32_t(kKnownExecutionFlags)) == 0,
                "flags = " + std::to_string(rawValue(flags)) + " has unknown DML_EXECUTION_FLAGS bits");
        auto* created = new CompiledGraph(*d, graph::readGraphDesc(*d, desc), flags);
        *compiled = toHandle<VkdmlCompiledOperator>(created);
    });
}

VKDML_API HRESULT vkdmlCreateOperatorInitializer(VkdmlDevice device, UINT operatorCount,
                                                 const VkdmlCompiledOperator* operators,
                                                 VkdmlOperatorInitializer* initializer) {
    if (!initializer) return E_POINTER;
    *initializer = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCreateOperatorInitializer", [&] {
        require(operatorCount == 0 || operators != nullptr, "operators is NULL with operatorCount > 0");
        std::vector<Ref<CompiledDispatchable>> targets;
        for (UINT i = 0; i < operatorCount; ++i) {
            auto* target = dynamic_cast<CompiledDispatchable*>(
                &need<Dispatchable>(operators[i], ("operators[" + std::to_string(i) + "]").c_str()));
            require(target != nullptr,
                    "operators[" + std::to_string(i) + "] is an initializer, not a compiled operator");
            require(&target->owningDevice() == d, "operators[" + std::to_string(i) + "] belongs to another device");
            targets.emplace_back(target);
        }
        auto* created = new OperatorInitializer(*d, std::move(targets));
        *initializer = toHandle<VkdmlOperatorInitializer>(created);
    });
}

VKDML_API DML_BINDING_PROPERTIES vkdmlGetBindingProperties(VkdmlDispatchable dispatchable) {
    Dispatchable* d = as<Dispatchable>(dispatchable);
    return d ? d->bindingProperties() : DML_BINDING_PROPERTIES{};
}

VKDML_API HRESULT vkdmlCreateBindingTable(VkdmlDevice device, VkdmlDispatchable dispatchable,
                                          VkdmlBindingTable* table) {
    if (!table) return E_POINTER;
    *table = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCreateBindingTable", [&] {
        Dispatchable* target = dispatchable ? &need<Dispatchable>(dispatchable, "dispatchable") : nullptr;
        require(!target || &target->owningDevice() == d, "dispatchable belongs to another device");
        *table = toHandle<VkdmlBindingTable>(new BindingTable(*d, target));
    });
}

VKDML_API HRESULT vkdmlResetBindingTable(VkdmlBindingTable table, VkdmlDispatchable dispatchable) {
    BindingTable* t = as<BindingTable>(table);
    if (!t) return E_INVALIDARG;
    return guarded(&t->owningDevice(), "vkdmlResetBindingTable", [&] {
        Dispatchable* target = dispatchable ? &need<Dispatchable>(dispatchable, "dispatchable") : nullptr;
        require(!target || &target->owningDevice() == &t->owningDevice(), "dispatchable belongs to another device");
        t->reset(target);
    });
}

VKDML_API HRESULT vkdmlBindInputs(VkdmlBindingTable table, UINT bindingCount, const DML_BINDING_DESC* bindings) {
    BindingTable* t = as<BindingTable>(table);
    if (!t) return E_INVALIDARG;
    return guarded(&t->owningDevice(), "vkdmlBindInputs", [&] { t->bindInputs(bindingCount, bindings); });
}

VKDML_API HRESULT vkdmlBindOutputs(VkdmlBindingTable table, UINT bindingCount, const DML_BINDING_DESC* bindings) {
    BindingTable* t = as<BindingTable>(table);
    if (!t) return E_INVALIDARG;
    return guarded(&t->owningDevice(), "vkdmlBindOutputs", [&] { t->bindOutputs(bindingCount, bindings); });
}

VKDML_API HRESULT vkdmlBindTemporaryResource(VkdmlBindingTable table, const DML_BINDING_DESC* binding) {
    BindingTable* t = as<BindingTable>(table);
    if (!t) return E_INVALIDARG;
    return guarded(&t->owningDevice(), "vkdmlBindTemporaryResource", [&] { t->bindTemporary(binding); });
}

VKDML_API HRESULT vkdmlBindPersistentResource(VkdmlBindingTable table, const DML_BINDING_DESC* binding) {
    BindingTable* t = as<BindingTable>(table);
    if (!t) return E_INVALIDARG;
    return guarded(&t->owningDevice(), "vkdmlBindPersistentResource", [&] { t->bindPersistent(binding); });
}

}  // extern "C"
