// The objects themselves: creation arguments, feature levels, QueryInterface chains, parents and children, lifetime,
// private data, names, residency, feature support.
#include <cstring>

#include <doctest/doctest.h>

#include "dml_program.h"

#include <vkdml/vkdml.h>
#include <vkdml_directml.h>

using namespace dmltest;

namespace {

ComPtr<IDMLOperator> identityOperator(IDMLDevice* dml) {
    static FloatTensor tensor({1, 1, 1, 8});
    static DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&tensor.desc, &tensor.desc, nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    ComPtr<IDMLOperator> op;
    REQUIRE(dml->CreateOperator(&desc, IID_PPV_ARGS(&op)) == S_OK);
    return op;
}

ULONG referenceCount(IUnknown* object) {
    object->AddRef();
    return object->Release();
}

}  // namespace

TEST_CASE("DMLCreateDevice and DMLCreateDevice1: arguments, feature levels, out-pointers") {
    D3D12Context& ctx = D3D12Context::shared();
    void* out = reinterpret_cast<void*>(0x1);
    CHECK(DMLCreateDevice(nullptr, DML_CREATE_DEVICE_FLAG_NONE, __uuidof(IDMLDevice), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    out = reinterpret_cast<void*>(0x1);
    CHECK(DMLCreateDevice(ctx.device.Get(), static_cast<DML_CREATE_DEVICE_FLAGS>(0x10), __uuidof(IDMLDevice), &out) ==
          E_INVALIDARG);
    CHECK(out == nullptr);
    out = reinterpret_cast<void*>(0x1);
    CHECK(DMLCreateDevice(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, __uuidof(ID3D12Device), &out) ==
          E_NOINTERFACE);
    CHECK(out == nullptr);
    // ppv == nullptr: the arguments are checked, no device is returned (S_FALSE, as D3D12's optional out-pointers).
    CHECK(DMLCreateDevice(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, __uuidof(IDMLDevice), nullptr) == S_FALSE);

    ComPtr<IDMLDevice1> dml1;
    CHECK(DMLCreateDevice1(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_5_0,
                           IID_PPV_ARGS(&dml1)) == S_OK);
    REQUIRE(dml1.Get() != nullptr);
    out = reinterpret_cast<void*>(0x1);
    CHECK(DMLCreateDevice1(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, static_cast<DML_FEATURE_LEVEL>(0x7000),
                           __uuidof(IDMLDevice), &out) == DXGI_ERROR_UNSUPPORTED);
    CHECK(out == nullptr);

    // The highest level the device reports, and that level accepted as a minimum.
    const DML_FEATURE_LEVEL levels[] = {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_6_4, DML_FEATURE_LEVEL_5_0};
    DML_FEATURE_QUERY_FEATURE_LEVELS query{3, levels};
    DML_FEATURE_DATA_FEATURE_LEVELS data{};
    REQUIRE(dml1->CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS, sizeof query, &query, sizeof data, &data) == S_OK);
    CHECK(data.MaxSupportedFeatureLevel >= DML_FEATURE_LEVEL_5_0);
    ComPtr<IDMLDevice> atMax;
    CHECK(DMLCreateDevice1(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_NONE, data.MaxSupportedFeatureLevel,
                           IID_PPV_ARGS(&atMax)) == S_OK);
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT typeQuery{DML_TENSOR_DATA_TYPE_FLOAT32};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT typeData{FALSE};
    CHECK(dml1->CheckFeatureSupport(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof typeQuery, &typeQuery,
                                    sizeof typeData, &typeData) == S_OK);
    CHECK(typeData.IsSupported);
    CHECK(dml1->CheckFeatureSupport(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof typeQuery, &typeQuery,
                                    sizeof typeData, nullptr) == E_INVALIDARG);
}

TEST_CASE("QueryInterface chains, GetParentDevice, GetDevice, IDMLDebugDevice") {
    D3D12Context& ctx = D3D12Context::shared();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    ComPtr<IDMLDevice1> dml1;
    ComPtr<IDMLObject> object;
    CHECK(dml.As(&dml1) == S_OK);
    CHECK(dml.As(&object) == S_OK);
    ComPtr<IDMLDebugDevice> debug;
    CHECK(dml.As(&debug) == E_NOINTERFACE);  // answered by DEBUG devices only
    ComPtr<IDMLDevice> debugDml = createDmlDevice(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_DEBUG);
    REQUIRE(debugDml.As(&debug) == S_OK);
    debug->SetMuteDebugOutput(TRUE);

    ComPtr<ID3D12Device> parent;
    REQUIRE(dml->GetParentDevice(IID_PPV_ARGS(&parent)) == S_OK);
    CHECK(parent.Get() == ctx.device.Get());
    CHECK(dml->GetParentDevice(__uuidof(ID3D12Device), nullptr) == E_POINTER);

    ComPtr<IDMLOperator> op = identityOperator(dml.Get());
    ComPtr<IDMLCompiledOperator> compiled;
    REQUIRE(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == S_OK);
    ComPtr<IDMLDispatchable> dispatchable;
    ComPtr<IDMLPageable> pageable;
    ComPtr<IDMLDeviceChild> child;
    ComPtr<IDMLOperatorInitializer> notInitializer;
    CHECK(compiled.As(&dispatchable) == S_OK);
    CHECK(compiled.As(&pageable) == S_OK);
    CHECK(compiled.As(&child) == S_OK);
    CHECK(compiled.As(&notInitializer) == E_NOINTERFACE);
    CHECK(notInitializer.Get() == nullptr);
    ComPtr<IDMLDevice> owner;
    REQUIRE(child->GetDevice(IID_PPV_ARGS(&owner)) == S_OK);
    CHECK(owner.Get() == dml.Get());
    // Identity: every interface of one object answers the same IUnknown.
    ComPtr<IUnknown> fromCompiled, fromPageable;
    compiled.As(&fromCompiled);
    pageable.As(&fromPageable);
    CHECK(fromCompiled.Get() == fromPageable.Get());
}

TEST_CASE("children keep their device (and the device its D3D12 device) alive") {
    D3D12Context& ctx = D3D12Context::shared();
    const ULONG d3d12Before = referenceCount(ctx.device.Get());
    ComPtr<IDMLOperator> op;
    ComPtr<IDMLCompiledOperator> compiled;
    {
        ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
        CHECK(referenceCount(ctx.device.Get()) == d3d12Before + 1);
        op = identityOperator(dml.Get());
        REQUIRE(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == S_OK);
    }  // the program's device reference is gone
    op.Reset();  // the compiled operator holds its operator
    ComPtr<IDMLDevice> owner;
    REQUIRE(compiled->GetDevice(IID_PPV_ARGS(&owner)) == S_OK);
    // Still usable: compile another operator on the device reached through the child.
    ComPtr<IDMLOperator> again = identityOperator(owner.Get());
    ComPtr<IDMLOperatorInitializer> initializer;
    IDMLCompiledOperator* targets[] = {compiled.Get()};
    CHECK(owner->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&initializer)) == S_OK);
    CHECK(initializer->GetBindingProperties().RequiredDescriptorCount == 1);
    CHECK(initializer->Reset(0, nullptr) == S_OK);
    CHECK(initializer->GetBindingProperties().RequiredDescriptorCount == 0);
    owner.Reset();
    again.Reset();
    initializer.Reset();
    compiled.Reset();
    CHECK(referenceCount(ctx.device.Get()) == d3d12Before);
}

TEST_CASE("private data, names, residency") {
    D3D12Context& ctx = D3D12Context::shared();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    const GUID key = {0x12345678, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
    const char blob[] = "vkdml";
    UINT size = 0;
    CHECK(dml->GetPrivateData(key, &size, nullptr) == DXGI_ERROR_NOT_FOUND);
    CHECK(dml->SetPrivateData(key, sizeof blob, blob) == S_OK);
    CHECK(dml->GetPrivateData(key, &size, nullptr) == S_OK);
    CHECK(size == sizeof blob);
    char read[sizeof blob] = {};
    size = 2;
    CHECK(dml->GetPrivateData(key, &size, read) == DXGI_ERROR_MORE_DATA);
    size = sizeof read;
    CHECK(dml->GetPrivateData(key, &size, read) == S_OK);
    CHECK(std::strcmp(read, blob) == 0);
    CHECK(dml->GetPrivateData(key, nullptr, read) == E_INVALIDARG);  // as ID3D12Object (common/private_data)

    ComPtr<IDMLOperator> op = identityOperator(dml.Get());
    CHECK(dml->SetPrivateDataInterface(key, op.Get()) == S_OK);
    const ULONG held = referenceCount(op.Get());
    IUnknown* stored = nullptr;
    size = sizeof stored;
    CHECK(dml->GetPrivateData(key, &size, &stored) == S_OK);
    CHECK(stored == op.Get());
    stored->Release();
    CHECK(dml->SetPrivateData(key, 0, nullptr) == S_OK);  // removes it, releasing the interface
    CHECK(referenceCount(op.Get()) == held - 1);

    CHECK(op->SetName(L"identity \u00e9") == S_OK);
    CHECK(dml->SetName(L"device") == S_OK);
    CHECK(dml->SetName(nullptr) == S_OK);

    IDMLPageable* pageables[] = {nullptr};
    ComPtr<IDMLCompiledOperator> compiled;
    REQUIRE(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == S_OK);
    ComPtr<IDMLPageable> pageable;
    REQUIRE(compiled.As(&pageable) == S_OK);
    pageables[0] = pageable.Get();
    CHECK(dml->Evict(1, pageables) == S_OK);
    CHECK(dml->MakeResident(1, pageables) == S_OK);
    CHECK(dml->MakeResident(1, nullptr) == E_INVALIDARG);
    pageables[0] = nullptr;
    CHECK(dml->Evict(1, pageables) == E_INVALIDARG);
}

TEST_CASE("IVkdmlDmlDevice: the vkdml device, an IDMLOperator over a C API operator, the dispatchable behind one") {
    D3D12Context& ctx = D3D12Context::shared();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    ComPtr<IVkdmlDmlDevice> interop;
    REQUIRE(dml.As(&interop) == S_OK);
    VkdmlDevice vkdml = interop->GetVkdmlDevice();
    REQUIRE(vkdml != nullptr);

    FloatTensor tensor({1, 1, 1, 8});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&tensor.desc, &tensor.desc, nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    VkdmlOperator op = nullptr;
    REQUIRE(vkdmlCreateOperator(vkdml, &desc, &op) == S_OK);
    ComPtr<IDMLOperator> wrapped;
    REQUIRE(interop->CreateOperatorFromVkdml(op, IID_PPV_ARGS(&wrapped)) == S_OK);
    CHECK(vkdmlRelease(op) == 1);  // the IDMLOperator keeps its own reference
    ComPtr<IDMLCompiledOperator> compiled;
    REQUIRE(dml->CompileOperator(wrapped.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == S_OK);

    // The vkdml dispatchable behind it, with a reference of the caller's own.
    VkdmlDispatchable behind = nullptr;
    REQUIRE(interop->GetVkdmlDispatchable(compiled.Get(), &behind) == S_OK);
    REQUIRE(behind != nullptr);
    const DML_BINDING_PROPERTIES viaC = vkdmlGetBindingProperties(behind), viaCom = compiled->GetBindingProperties();
    CHECK(viaC.RequiredDescriptorCount == viaCom.RequiredDescriptorCount);
    CHECK(viaC.TemporaryResourceSize == viaCom.TemporaryResourceSize);
    CHECK(viaC.PersistentResourceSize == viaCom.PersistentResourceSize);
    CHECK(vkdmlRelease(behind) >= 1);  // the IDMLCompiledOperator keeps its own
    CHECK(interop->GetVkdmlDispatchable(nullptr, &behind) == E_INVALIDARG);
    CHECK(behind == nullptr);
    CHECK(interop->GetVkdmlDispatchable(compiled.Get(), nullptr) == E_POINTER);
    {  // a dispatchable of another IDMLDevice
        ComPtr<IDMLDevice> second = createDmlDevice(ctx.device.Get());
        ComPtr<IDMLOperator> secondOp;
        REQUIRE(second->CreateOperator(&desc, IID_PPV_ARGS(&secondOp)) == S_OK);
        ComPtr<IDMLCompiledOperator> secondCompiled;
        REQUIRE(second->CompileOperator(secondOp.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&secondCompiled)) ==
                S_OK);
        behind = reinterpret_cast<VkdmlDispatchable>(uintptr_t(1));
        CHECK(interop->GetVkdmlDispatchable(secondCompiled.Get(), &behind) == E_INVALIDARG);
        CHECK(behind == nullptr);
    }

    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(interop->CreateOperatorFromVkdml(nullptr, __uuidof(IDMLOperator), &out) == E_INVALIDARG);
    CHECK(out == nullptr);

    // An operator of another vkdml device: CompileOperator refuses it, as vkdmlCompileOperator does.
    VKDML_DEVICE_DESC otherDesc{};
    otherDesc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    VkdmlDevice other = nullptr;
    REQUIRE(vkdmlCreateDevice(&otherDesc, &other) == S_OK);
    VkdmlOperator foreign = nullptr;
    REQUIRE(vkdmlCreateOperator(other, &desc, &foreign) == S_OK);
    ComPtr<IDMLOperator> foreignWrapped;
    REQUIRE(interop->CreateOperatorFromVkdml(foreign, IID_PPV_ARGS(&foreignWrapped)) == S_OK);
    vkdmlRelease(foreign);
    ComPtr<IDMLCompiledOperator> refused;
    CHECK(dml->CompileOperator(foreignWrapped.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&refused)) == E_INVALIDARG);
    CHECK(refused == nullptr);
    foreignWrapped.Reset();
    CHECK(vkdmlRelease(other) == 0);
}
