// DXGI 1.3 for vkdml's drop-in: IDXGIFactory3 and CreateDXGIFactory2.
#pragma once

#include "dxgi1_2.h"

#define DXGI_CREATE_FACTORY_DEBUG 0x1

#ifdef __cplusplus

MIDL_INTERFACE("25483823-cd46-4c7d-86ca-47aa95b837bd")
IDXGIFactory3 : public IDXGIFactory2 {
public:
    virtual UINT STDMETHODCALLTYPE GetCreationFlags() = 0;
};

__CRT_UUID_DECL(IDXGIFactory3, 0x25483823, 0xcd46, 0x4c7d, 0x86, 0xca, 0x47, 0xaa, 0x95, 0xb8, 0x37, 0xbd)

#endif  // __cplusplus

EXTERN_C const IID IID_IDXGIFactory3;

// flags: 0 or DXGI_CREATE_FACTORY_DEBUG (accepted; vkdml's debug output is VKDML_DROPIN_DEBUG=1).
EXTERN_C HRESULT WINAPI CreateDXGIFactory2(UINT flags, REFIID riid, void** factory);
