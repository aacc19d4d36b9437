// IDXGIFactory..IDXGIFactory6 over vkdml's adapters: enumeration in vkdml's order, by LUID and by GPU preference.
// The factory keeps the adapter list it was created with; IsCurrent says whether Vulkan still lists the same devices.
#pragma once

#include <vector>

#include <dxgi1_6.h>

#include "adapter_catalog.h"
#include "common/com_object.h"
#include "common/private_data.h"

namespace vkdml::dropin {

class DxgiFactory final : public ComObject<IDXGIFactory6> {
public:
    explicit DxgiFactory(UINT creationFlags);

    // IDXGIObject
    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID name, UINT dataSize, const void* data) override;
    HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID name, const IUnknown* unknown) override;
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID name, UINT* dataSize, void* data) override;
    HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** parent) override;
    // IDXGIFactory
    HRESULT STDMETHODCALLTYPE EnumAdapters(UINT adapter, IDXGIAdapter** result) override;
    HRESULT STDMETHODCALLTYPE MakeWindowAssociation(HWND window, UINT flags) override;
    HRESULT STDMETHODCALLTYPE GetWindowAssociation(HWND* window) override;
    HRESULT STDMETHODCALLTYPE CreateSwapChain(IUnknown* device, DXGI_SWAP_CHAIN_DESC* desc,
                                              IDXGISwapChain** swapChain) override;
    HRESULT STDMETHODCALLTYPE CreateSoftwareAdapter(HMODULE module, IDXGIAdapter** result) override;
    // IDXGIFactory1
    HRESULT STDMETHODCALLTYPE EnumAdapters1(UINT adapter, IDXGIAdapter1** result) override;
    BOOL STDMETHODCALLTYPE IsCurrent() override;
    // IDXGIFactory2
    BOOL STDMETHODCALLTYPE IsWindowedStereoEnabled() override;
    HRESULT STDMETHODCALLTYPE CreateSwapChainForHwnd(IUnknown* device, HWND window, const DXGI_SWAP_CHAIN_DESC1* desc,
                                                     const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* fullscreenDesc,
                                                     IDXGIOutput* restrictToOutput,
                                                     IDXGISwapChain1** swapChain) override;
    HRESULT STDMETHODCALLTYPE CreateSwapChainForCoreWindow(IUnknown* device, IUnknown* window,
                                                           const DXGI_SWAP_CHAIN_DESC1* desc,
                                                           IDXGIOutput* restrictToOutput,
                                                           IDXGISwapChain1** swapChain) override;
    HRESULT STDMETHODCALLTYPE GetSharedResourceAdapterLuid(HANDLE resource, LUID* luid) override;
    HRESULT STDMETHODCALLTYPE RegisterStereoStatusWindow(HWND window, UINT message, DWORD* cookie) override;
    HRESULT STDMETHODCALLTYPE RegisterStereoStatusEvent(HANDLE event, DWORD* cookie) override;
    void STDMETHODCALLTYPE UnregisterStereoStatus(DWORD cookie) override;
    HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusWindow(HWND window, UINT message, DWORD* cookie) override;
    HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusEvent(HANDLE event, DWORD* cookie) override;
    void STDMETHODCALLTYPE UnregisterOcclusionStatus(DWORD cookie) override;
    HRESULT STDMETHODCALLTYPE CreateSwapChainForComposition(IUnknown* device, const DXGI_SWAP_CHAIN_DESC1* desc,
                                                            IDXGIOutput* restrictToOutput,
                                                            IDXGISwapChain1** swapChain) override;
    // IDXGIFactory3
    UINT STDMETHODCALLTYPE GetCreationFlags() override;
    // IDXGIFactory4
    HRESULT STDMETHODCALLTYPE EnumAdapterByLuid(LUID adapterLuid, REFIID riid, void** adapter) override;
    HRESULT STDMETHODCALLTYPE EnumWarpAdapter(REFIID riid, void** adapter) override;
    // IDXGIFactory5
    HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DXGI_FEATURE feature, void* featureSupportData,
                                                  UINT featureSupportDataSize) override;
    // IDXGIFactory6
    HRESULT STDMETHODCALLTYPE EnumAdapterByGpuPreference(UINT adapter, DXGI_GPU_PREFERENCE preference, REFIID riid,
                                                         void** result) override;

protected:
    void* findInterface(REFIID riid) override;

private:
    // A new adapter object for adapters_[position], as riid, into *out (NULL on failure).
    HRESULT returnAdapter(size_t position, REFIID riid, void** out);

    UINT creationFlags_;
    std::vector<AdapterRecord> adapters_;
    PrivateData privateData_;
};

}  // namespace vkdml::dropin
