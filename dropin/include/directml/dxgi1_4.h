// DXGI 1.4 for vkdml's drop-in: IDXGIFactory4 (EnumAdapterByLuid) and IDXGIAdapter3 (QueryVideoMemoryInfo).
#pragma once

#include "dxgi1_3.h"

typedef enum DXGI_MEMORY_SEGMENT_GROUP {
    DXGI_MEMORY_SEGMENT_GROUP_LOCAL = 0,
    DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL = 1
} DXGI_MEMORY_SEGMENT_GROUP;

typedef struct DXGI_QUERY_VIDEO_MEMORY_INFO {
    UINT64 Budget;
    UINT64 CurrentUsage;
    UINT64 AvailableForReservation;
    UINT64 CurrentReservation;
} DXGI_QUERY_VIDEO_MEMORY_INFO;

#ifdef __cplusplus

MIDL_INTERFACE("1bc6ea02-ef36-464f-bf0c-21ca39e5168a")
IDXGIFactory4 : public IDXGIFactory3 {
public:
    virtual HRESULT STDMETHODCALLTYPE EnumAdapterByLuid(LUID adapterLuid, REFIID riid, void** adapter) = 0;
    virtual HRESULT STDMETHODCALLTYPE EnumWarpAdapter(REFIID riid, void** adapter) = 0;
};

MIDL_INTERFACE("645967a4-1392-4310-a798-8053ce3e93fd")
IDXGIAdapter3 : public IDXGIAdapter2 {
public:
    virtual HRESULT STDMETHODCALLTYPE RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE event,
                                                                                          DWORD* cookie) = 0;
    virtual void STDMETHODCALLTYPE UnregisterHardwareContentProtectionTeardownStatus(DWORD cookie) = 0;
    virtual HRESULT STDMETHODCALLTYPE QueryVideoMemoryInfo(UINT nodeIndex, DXGI_MEMORY_SEGMENT_GROUP segmentGroup,
                                                           DXGI_QUERY_VIDEO_MEMORY_INFO* info) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetVideoMemoryReservation(UINT nodeIndex, DXGI_MEMORY_SEGMENT_GROUP segmentGroup,
                                                                UINT64 reservation) = 0;
    virtual HRESULT STDMETHODCALLTYPE RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE event,
                                                                                      DWORD* cookie) = 0;
    virtual void STDMETHODCALLTYPE UnregisterVideoMemoryBudgetChangeNotification(DWORD cookie) = 0;
};

__CRT_UUID_DECL(IDXGIFactory4, 0x1bc6ea02, 0xef36, 0x464f, 0xbf, 0x0c, 0x21, 0xca, 0x39, 0xe5, 0x16, 0x8a)
__CRT_UUID_DECL(IDXGIAdapter3, 0x645967a4, 0x1392, 0x4310, 0xa7, 0x98, 0x80, 0x53, 0xce, 0x3e, 0x93, 0xfd)

#endif  // __cplusplus

EXTERN_C const IID IID_IDXGIFactory4;
EXTERN_C const IID IID_IDXGIAdapter3;
