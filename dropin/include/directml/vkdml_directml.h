// vkdml's DirectML devices: the vkdml device under an IDMLDevice, and operators made with vkdml's C API handed to
// the COM API, for programs (and vkdml's own test runners) that create operators through one API and execute them
// through the other. Obtained by QueryInterface on an IDMLDevice; the handle returned is borrowed (not AddRef'd) and
// lives as long as the device.
#pragma once

#include "DirectML.h"

typedef struct VkdmlOperator_T* VkdmlOperator;

MIDL_INTERFACE("3c39690d-2d2d-4fe6-a82f-9e67f1308cfd")
IVkdmlDmlDevice : public IUnknown {
    virtual VkdmlDevice STDMETHODCALLTYPE GetVkdmlDevice() = 0;
    // An IDMLOperator of this device over `op`, which vkdmlCreateOperator made on GetVkdmlDevice()'s device (the
    // IDMLOperator takes a reference of its own; the caller keeps its). E_INVALIDARG for NULL; an operator of another
    // vkdml device is refused by CompileOperator and CompileGraph, as an operator of another IDMLDevice is.
    virtual HRESULT STDMETHODCALLTYPE CreateOperatorFromVkdml(VkdmlOperator op, REFIID riid, void** ppv) = 0;
};

#ifdef __cplusplus
__CRT_UUID_DECL(IVkdmlDmlDevice, 0x3c39690d, 0x2d2d, 0x4fe6, 0xa8, 0x2f, 0x9e, 0x67, 0xf1, 0x30, 0x8c, 0xfd)
#endif
