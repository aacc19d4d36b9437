// IDXCoreAdapter over one vkdml adapter: attributes, properties (with the same LUID, memory sizes and names as
// libdxgi.so reports), the memory-budget state, and IVkdmlAdapter for D3D12CreateDevice.
#pragma once

#include <wsl/winadapter.h>
#include <directx/dxcore.h>
#include <vkdml_d3d12.h>

#include "common/com_object.h"
#include "dxgi/adapter_catalog.h"

namespace vkdml::dropin {

class DxcoreAdapter final : public ComObject<IDXCoreAdapter, IVkdmlAdapter> {
public:
    // Holds a reference to `factory` (GetFactory).
    DxcoreAdapter(IDXCoreAdapterFactory* factory, const AdapterRecord& record);
    ~DxcoreAdapter() override;

    bool STDMETHODCALLTYPE IsValid() override;
    bool STDMETHODCALLTYPE IsAttributeSupported(REFGUID attributeGUID) override;
    bool STDMETHODCALLTYPE IsPropertySupported(DXCoreAdapterProperty property) override;
    HRESULT STDMETHODCALLTYPE GetProperty(DXCoreAdapterProperty property, size_t bufferSize,
                                          void* propertyData) override;
    HRESULT STDMETHODCALLTYPE GetPropertySize(DXCoreAdapterProperty property, size_t* bufferSize) override;
    bool STDMETHODCALLTYPE IsQueryStateSupported(DXCoreAdapterState property) override;
    HRESULT STDMETHODCALLTYPE QueryState(DXCoreAdapterState state, size_t inputStateDetailsSize,
                                         const void* inputStateDetails, size_t outputBufferSize,
                                         void* outputBuffer) override;
    bool STDMETHODCALLTYPE IsSetStateSupported(DXCoreAdapterState property) override;
    HRESULT STDMETHODCALLTYPE SetState(DXCoreAdapterState state, size_t inputStateDetailsSize,
                                       const void* inputStateDetails, size_t inputDataSize,
                                       const void* inputData) override;
    HRESULT STDMETHODCALLTYPE GetFactory(REFIID riid, void** factory) override;
    // IVkdmlAdapter
    UINT STDMETHODCALLTYPE GetVkdmlAdapterIndex() override;

    const AdapterRecord& record() const { return record_; }

protected:
    void* findInterface(REFIID riid) override;

private:
    IDXCoreAdapterFactory* factory_;
    AdapterRecord record_;
};

}  // namespace vkdml::dropin
