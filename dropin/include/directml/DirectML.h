// DirectML's COM API for Linux, as vkdml implements it (libdirectml.so). Compiled over DirectX-Headers (winadapter and
// d3d12.h), with the structs and enums of vkdml's C99 <vkdml/DirectML.h>, whose three object-holding fields are made
// the COM interface pointers here. The interfaces have DirectML's method order and signatures; as with DirectML's
// own header on Linux, __uuidof is not specialised for them: a program defines their IIDs with WINADAPTER_IID (or
// includes vkdml_directml_iids.h, which does that for it).
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#ifdef __cplusplus

// DirectMLX.h, Microsoft's header-only graph builder over this API, throws std::runtime_error without including
// <stdexcept> (Windows' C++ headers bring it in): included here so that DirectMLX programs build unchanged.
#include <stdexcept>

#ifdef VKDML_DIRECTML_H_
#error "include <DirectML.h> (COM) before <vkdml/DirectML.h> or <vkdml/vkdml.h>: it sets the types of their object fields"
#endif

struct IDMLOperator;
struct IDMLDispatchable;

#define VKDML_DML_OPERATOR_FIELD IDMLOperator*
#define VKDML_DML_DISPATCHABLE_FIELD IDMLDispatchable*
#define VKDML_DML_BUFFER_FIELD ID3D12Resource*
#include <vkdml/DirectML.h>

interface IDMLObject;
interface IDMLDevice;
interface IDMLDeviceChild;
interface IDMLPageable;
interface IDMLCompiledOperator;
interface IDMLOperatorInitializer;
interface IDMLBindingTable;
interface IDMLCommandRecorder;
interface IDMLDebugDevice;
interface IDMLDevice1;

MIDL_INTERFACE("c8263aac-9e0c-4a2d-9b8e-007521a3317c")
IDMLObject : public IUnknown {
    virtual HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* dataSize, void* data) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT dataSize, const void* data) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, IUnknown* data) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetName(PCWSTR name) = 0;
};

MIDL_INTERFACE("6dbd6437-96fd-423f-a98c-ae5e7c2a573f")
IDMLDevice : public IDMLObject {
    virtual HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DML_FEATURE feature, UINT featureQueryDataSize,
                                                          const void* featureQueryData, UINT featureSupportDataSize,
                                                          void* featureSupportData) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateOperator(const DML_OPERATOR_DESC* desc, REFIID riid, void** ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CompileOperator(IDMLOperator* op, DML_EXECUTION_FLAGS flags, REFIID riid,
                                                      void** ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateOperatorInitializer(UINT operatorCount,
                                                                IDMLCompiledOperator* const* operators, REFIID riid,
                                                                void** ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateCommandRecorder(REFIID riid, void** ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateBindingTable(const DML_BINDING_TABLE_DESC* desc, REFIID riid,
                                                         void** ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE Evict(UINT count, IDMLPageable* const* ppObjects) = 0;
    virtual HRESULT STDMETHODCALLTYPE MakeResident(UINT count, IDMLPageable* const* ppObjects) = 0;
    virtual HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() = 0;
    virtual HRESULT STDMETHODCALLTYPE GetParentDevice(REFIID riid, void** ppv) = 0;
};

MIDL_INTERFACE("27e83142-8165-49e3-974e-2fd66e4cb69d")
IDMLDeviceChild : public IDMLObject {
    virtual HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppv) = 0;
};

MIDL_INTERFACE("b1ab0825-4542-4a4b-8617-6dde6e8f6201")
IDMLPageable : public IDMLDeviceChild {};

MIDL_INTERFACE("26caae7a-3081-4633-9581-226fbe57695d")
IDMLOperator : public IDMLDeviceChild {};

// Returns its struct by value: the Linux (non-MSVC) form of DirectX-Headers' struct-returning methods.
MIDL_INTERFACE("dcb821a8-1039-441e-9f1c-b1759c2f3cec")
IDMLDispatchable : public IDMLPageable {
    virtual DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() = 0;
};

MIDL_INTERFACE("6b15e56a-bf5c-4902-92d8-da3a650afea4")
IDMLCompiledOperator : public IDMLDispatchable {};

MIDL_INTERFACE("427c1113-435c-469c-8676-4d5dd072f813")
IDMLOperatorInitializer : public IDMLDispatchable {
    virtual HRESULT STDMETHODCALLTYPE Reset(UINT operatorCount, IDMLCompiledOperator* const* operators) = 0;
};

MIDL_INTERFACE("29c687dc-de74-4e3b-ab00-1168f2fc3cfc")
IDMLBindingTable : public IDMLDeviceChild {
    virtual void STDMETHODCALLTYPE BindInputs(UINT bindingCount, const DML_BINDING_DESC* bindings) = 0;
    virtual void STDMETHODCALLTYPE BindOutputs(UINT bindingCount, const DML_BINDING_DESC* bindings) = 0;
    virtual void STDMETHODCALLTYPE BindTemporaryResource(const DML_BINDING_DESC* binding) = 0;
    virtual void STDMETHODCALLTYPE BindPersistentResource(const DML_BINDING_DESC* binding) = 0;
    virtual HRESULT STDMETHODCALLTYPE Reset(const DML_BINDING_TABLE_DESC* desc) = 0;
};

MIDL_INTERFACE("e6857a76-2e3e-4fdd-bff4-5d2ba10fb453")
IDMLCommandRecorder : public IDMLDeviceChild {
    virtual void STDMETHODCALLTYPE RecordDispatch(ID3D12CommandList* commandList, IDMLDispatchable* dispatchable,
                                                  IDMLBindingTable* bindings) = 0;
};

MIDL_INTERFACE("7d6f3ac9-394a-4ac3-92a7-390cc57a8217")
IDMLDebugDevice : public IUnknown {
    virtual void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL mute) = 0;
};

#if DML_TARGET_VERSION >= 0x2100
MIDL_INTERFACE("a0884f9a-d2be-4355-aa5d-5901281ad1d2")
IDMLDevice1 : public IDMLDevice {
    virtual HRESULT STDMETHODCALLTYPE CompileGraph(const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags, REFIID riid,
                                                   void** ppv) = 0;
};
#endif

extern "C" {
HRESULT DMLCreateDevice(ID3D12Device* d3d12Device, DML_CREATE_DEVICE_FLAGS flags, REFIID riid, void** ppv);
#if DML_TARGET_VERSION >= 0x2000
HRESULT DMLCreateDevice1(ID3D12Device* d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                         DML_FEATURE_LEVEL minimumFeatureLevel, REFIID riid, void** ppv);
#endif
}

#else
#error "DirectML's COM header needs C++ (DirectX-Headers' winadapter is C++ only); C programs use <vkdml/DirectML.h>"
#endif
