// IDXGIAdapter..IDXGIAdapter4 over one vkdml adapter, answering IVkdmlAdapter (its vkdml adapter index) so that
// D3D12CreateDevice opens that device. Its parent is the factory that listed it.
#pragma once

#include <mutex>

#include <dxgi1_6.h>
#include <vkdml_d3d12.h>

#include "adapter_catalog.h"
#include "common/com_object.h"
#include "common/private_data.h"

namespace vkdml::dropin {

class DxgiAdapter final : public ComObject<IDXGIAdapter4, IVkdmlAdapter> {
public:
    // Holds a reference to `factory` (GetParent).
    DxgiAdapter(IDXGIFactory* factory, const AdapterRecord& record);
    ~DxgiAdapter() override;

    // IDXGIObject
    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID name, UINT dataSize, const void* data) override;
    HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID name, const IUnknown* unknown) override;
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID name, UINT* dataSize, void* data) override;
    HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** parent) override;
    // IDXGIAdapter..IDXGIAdapter4
    HRESULT STDMETHODCALLTYPE EnumOutputs(UINT output, IDXGIOutput** result) override;
    HRESULT STDMETHODCALLTYPE GetDesc(DXGI_ADAPTER_DESC* desc) override;
    HRESULT STDMETHODCALLTYPE CheckInterfaceSupport(REFGUID interfaceName, LARGE_INTEGER* umdVersion) override;
    HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_ADAPTER_DESC1* desc) override;
    HRESULT STDMETHODCALLTYPE GetDesc2(DXGI_ADAPTER_DESC2* desc) override;
    HRESULT STDMETHODCALLTYPE RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE event,
                                                                                  DWORD* cookie) override;
    void STDMETHODCALLTYPE UnregisterHardwareContentProtectionTeardownStatus(DWORD cookie) override;
    HRESULT STDMETHODCALLTYPE QueryVideoMemoryInfo(UINT nodeIndex, DXGI_MEMORY_SEGMENT_GROUP segmentGroup,
                                                   DXGI_QUERY_VIDEO_MEMORY_INFO* info) override;
    HRESULT STDMETHODCALLTYPE SetVideoMemoryReservation(UINT nodeIndex, DXGI_MEMORY_SEGMENT_GROUP segmentGroup,
                                                        UINT64 reservation) override;
    HRESULT STDMETHODCALLTYPE RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE event, DWORD* cookie) override;
    void STDMETHODCALLTYPE UnregisterVideoMemoryBudgetChangeNotification(DWORD cookie) override;
    HRESULT STDMETHODCALLTYPE GetDesc3(DXGI_ADAPTER_DESC3* desc) override;
    // IVkdmlAdapter
    UINT STDMETHODCALLTYPE GetVkdmlAdapterIndex() override;

protected:
    void* findInterface(REFIID riid) override;

private:
    // DXGI_ADAPTER_DESC3 holds every field of the older descriptions.
    DXGI_ADAPTER_DESC3 describe() const;

    IDXGIFactory* factory_;
    AdapterRecord record_;
    PrivateData privateData_;
    std::mutex reservationMutex_;
    UINT64 reservations_[2] = {0, 0};  // by DXGI_MEMORY_SEGMENT_GROUP
};

}  // namespace vkdml::dropin
