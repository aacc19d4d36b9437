// DXGI 1.5 for vkdml's drop-in: IDXGIFactory5 (CheckFeatureSupport).
#pragma once

#include "dxgi1_4.h"

typedef enum DXGI_FEATURE {
    DXGI_FEATURE_PRESENT_ALLOW_TEARING = 0
} DXGI_FEATURE;

#ifdef __cplusplus

MIDL_INTERFACE("7632e1f5-ee65-4dca-87fd-84cd75f8838d")
IDXGIFactory5 : public IDXGIFactory4 {
public:
    virtual HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DXGI_FEATURE feature, void* featureSupportData,
                                                          UINT featureSupportDataSize) = 0;
};

__CRT_UUID_DECL(IDXGIFactory5, 0x7632e1f5, 0xee65, 0x4dca, 0x87, 0xfd, 0x84, 0xcd, 0x75, 0xf8, 0x83, 0x8d)

#endif  // __cplusplus

EXTERN_C const IID IID_IDXGIFactory5;
