// vkdml's DirectML devices: the vkdml device under an IDMLDevice, operators made with vkdml's C API handed to the
// COM API, and the vkdml object behind a compiled operator or initializer, for programs (and vkdml's own test
// runners) that create objects through one API and use them through the other. Obtained by QueryInterface on an
// IDMLDevice; GetVkdmlDevice's handle is borrowed (not AddRef'd) and lives as long as the device.
#pragma once

#include "DirectML.h"

typedef struct VkdmlOperator_T* VkdmlOperator;
typedef struct VkdmlDispatchable_T* VkdmlDispatchable;

MIDL_INTERFACE("3c39690d-2d2d-4fe6-a82f-9e67f1308cfd")
IVkdmlDmlDevice : public IUnknown {
    virtual VkdmlDevice STDMETHODCALLTYPE GetVkdmlDevice() = 0;
    // An IDMLOperator of this device over `op`, which vkdmlCreateOperator made on GetVkdmlDevice()'s device (the
    // IDMLOperator takes a reference of its own; the caller keeps its). E_INVALIDARG for NULL; an operator of another
    // vkdml device is refused by CompileOperator and CompileGraph, as an operator of another IDMLDevice is.
    virtual HRESULT STDMETHODCALLTYPE CreateOperatorFromVkdml(VkdmlOperator op, REFIID riid, void** ppv) = 0;
    // The vkdml dispatchable behind `dispatchable` (an IDMLCompiledOperator or IDMLOperatorInitializer of this
    // device), with a reference for the caller (vkdmlRelease it): vkdml's C API then reads its binding properties or
    // records it. E_INVALIDARG for NULL or another device's object, E_POINTER for a NULL `vkdmlDispatchable`.
    virtual HRESULT STDMETHODCALLTYPE GetVkdmlDispatchable(IDMLDispatchable* dispatchable,
                                                           VkdmlDispatchable* vkdmlDispatchable) = 0;
};

#ifdef __cplusplus
__CRT_UUID_DECL(IVkdmlDmlDevice, 0x3c39690d, 0x2d2d, 0x4fe6, 0xa8, 0x2f, 0x9e, 0x67, 0xf1, 0x30, 0x8c, 0xfd)
#endif
