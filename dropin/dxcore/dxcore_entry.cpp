// libdxcore.so's exported function, DXCoreCreateAdapterFactory, and the GENERIC_ML attribute GUID for programs built
// against DirectX-Headers older than the declaration (newer ones define it in libDirectX-Guids too).
#include <wsl/winadapter.h>
#include <directx/dxcore.h>
#include <dxguids/dxguids.h>

#include "dxcore_factory.h"

#define VKDML_DXCORE_EXPORT __attribute__((visibility("default")))

extern "C" {

VKDML_DXCORE_EXPORT extern const GUID DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML = {
    0xb71b0d41, 0x1088, 0x422f, {0xa2, 0x7c, 0x02, 0x50, 0xb7, 0xd3, 0xa9, 0x88}};

VKDML_DXCORE_EXPORT HRESULT DXCoreCreateAdapterFactory(REFIID riid, void** ppvFactory) {
    return vkdml::dropin::returnObject(S_OK, new vkdml::dropin::DxcoreFactory(), riid, ppvFactory);
}

}  // extern "C"
