// libdxgi.so's exported functions (CreateDXGIFactory, 1 and 2) and the IID_IDXGI* constants dxgi.h declares.
#include <dxgi1_6.h>

#include "common/debug_message.h"
#include "dxgi_factory.h"

using vkdml::dropin::debugMessagef;
using vkdml::dropin::DxgiFactory;
using vkdml::dropin::returnObject;

#define VKDML_DXGI_EXPORT __attribute__((visibility("default")))

extern "C" {

VKDML_DXGI_EXPORT extern const IID IID_IDXGIObject = __uuidof(IDXGIObject);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIDeviceSubObject = __uuidof(IDXGIDeviceSubObject);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIAdapter = __uuidof(IDXGIAdapter);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory = __uuidof(IDXGIFactory);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIAdapter1 = __uuidof(IDXGIAdapter1);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory1 = __uuidof(IDXGIFactory1);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIAdapter2 = __uuidof(IDXGIAdapter2);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory2 = __uuidof(IDXGIFactory2);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory3 = __uuidof(IDXGIFactory3);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory4 = __uuidof(IDXGIFactory4);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIAdapter3 = __uuidof(IDXGIAdapter3);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory5 = __uuidof(IDXGIFactory5);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIAdapter4 = __uuidof(IDXGIAdapter4);
VKDML_DXGI_EXPORT extern const IID IID_IDXGIFactory6 = __uuidof(IDXGIFactory6);

VKDML_DXGI_EXPORT HRESULT WINAPI CreateDXGIFactory2(UINT flags, REFIID riid, void** factory) {
    if (factory) *factory = nullptr;
    if (flags & ~static_cast<UINT>(DXGI_CREATE_FACTORY_DEBUG)) {
        debugMessagef("CreateDXGIFactory2: Flags 0x%x (only DXGI_CREATE_FACTORY_DEBUG is defined)", flags);
        return E_INVALIDARG;
    }
    return returnObject(S_OK, new DxgiFactory(flags), riid, factory);
}

VKDML_DXGI_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void** factory) {
    return CreateDXGIFactory2(0, riid, factory);
}

VKDML_DXGI_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void** factory) {
    return CreateDXGIFactory2(0, riid, factory);
}

}  // extern "C"
