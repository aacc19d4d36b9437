#include "dxgi_adapter.h"

#include <cstring>

#include "common/debug_message.h"

namespace vkdml::dropin {

DxgiAdapter::DxgiAdapter(IDXGIFactory* factory, const AdapterRecord& record) : factory_(factory), record_(record) {
    factory_->AddRef();
}

DxgiAdapter::~DxgiAdapter() { factory_->Release(); }

void* DxgiAdapter::findInterface(REFIID riid) {
    return answer<IDXGIAdapter4, IDXGIAdapter3, IDXGIAdapter2, IDXGIAdapter1, IDXGIAdapter, IDXGIObject,
                  IVkdmlAdapter>(riid);
}

HRESULT DxgiAdapter::SetPrivateData(REFGUID name, UINT dataSize, const void* data) {
    return privateData_.set("IDXGIAdapter::SetPrivateData", name, dataSize, data);
}

HRESULT DxgiAdapter::SetPrivateDataInterface(REFGUID name, const IUnknown* unknown) {
    return privateData_.setInterface("IDXGIAdapter::SetPrivateDataInterface", name, unknown);
}

HRESULT DxgiAdapter::GetPrivateData(REFGUID name, UINT* dataSize, void* data) {
    return privateData_.get("IDXGIAdapter::GetPrivateData", name, dataSize, data);
}

HRESULT DxgiAdapter::GetParent(REFIID riid, void** parent) {
    if (!parent) {
        debugMessage("IDXGIAdapter::GetParent: ppParent is NULL");
        return E_POINTER;
    }
    return factory_->QueryInterface(riid, parent);
}

HRESULT DxgiAdapter::EnumOutputs(UINT output, IDXGIOutput** result) {
    if (!result) {
        debugMessage("IDXGIAdapter::EnumOutputs: ppOutput is NULL");
        return E_INVALIDARG;
    }
    *result = nullptr;
    debugMessagef("IDXGIAdapter::EnumOutputs: Output %u: vkdml adapters have no outputs", output);
    return DXGI_ERROR_NOT_FOUND;
}

DXGI_ADAPTER_DESC3 DxgiAdapter::describe() const {
    DXGI_ADAPTER_DESC3 desc{};
    copyNameAsWide(record_.info.Name, desc.Description, sizeof desc.Description / sizeof desc.Description[0]);
    desc.VendorId = record_.info.VendorId;
    desc.DeviceId = record_.info.DeviceId;
    desc.DedicatedVideoMemory = record_.dedicatedVideoMemory;
    desc.DedicatedSystemMemory = record_.dedicatedSystemMemory;
    desc.SharedSystemMemory = record_.sharedSystemMemory;
    desc.AdapterLuid = record_.luid;
    desc.Flags = record_.isSoftware() ? DXGI_ADAPTER_FLAG3_SOFTWARE : DXGI_ADAPTER_FLAG3_NONE;
    // Vulkan does not say how finely a device preempts; the coarsest granularity is the one that always holds.
    desc.GraphicsPreemptionGranularity = DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY;
    desc.ComputePreemptionGranularity = DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY;
    return desc;
}

// The older descriptions are prefixes of DXGI_ADAPTER_DESC3 with the same field types (Flags: UINT vs the enum).
template <typename Desc>
static void copyPrefix(const DXGI_ADAPTER_DESC3& full, Desc* desc) {
    std::memcpy(desc->Description, full.Description, sizeof desc->Description);
    desc->VendorId = full.VendorId;
    desc->DeviceId = full.DeviceId;
    desc->SubSysId = full.SubSysId;
    desc->Revision = full.Revision;
    desc->DedicatedVideoMemory = full.DedicatedVideoMemory;
    desc->DedicatedSystemMemory = full.DedicatedSystemMemory;
    desc->SharedSystemMemory = full.SharedSystemMemory;
    desc->AdapterLuid = full.AdapterLuid;
}

HRESULT DxgiAdapter::GetDesc(DXGI_ADAPTER_DESC* desc) {
    if (!desc) {
        debugMessage("IDXGIAdapter::GetDesc: pDesc is NULL");
        return E_INVALIDARG;
    }
    copyPrefix(describe(), desc);
    return S_OK;
}

HRESULT DxgiAdapter::GetDesc1(DXGI_ADAPTER_DESC1* desc) {
    if (!desc) {
        debugMessage("IDXGIAdapter1::GetDesc1: pDesc is NULL");
        return E_INVALIDARG;
    }
    const DXGI_ADAPTER_DESC3 full = describe();
    copyPrefix(full, desc);
    desc->Flags = full.Flags;
    return S_OK;
}

HRESULT DxgiAdapter::GetDesc2(DXGI_ADAPTER_DESC2* desc) {
    if (!desc) {
        debugMessage("IDXGIAdapter2::GetDesc2: pDesc is NULL");
        return E_INVALIDARG;
    }
    const DXGI_ADAPTER_DESC3 full = describe();
    copyPrefix(full, desc);
    desc->Flags = full.Flags;
    desc->GraphicsPreemptionGranularity = full.GraphicsPreemptionGranularity;
    desc->ComputePreemptionGranularity = full.ComputePreemptionGranularity;
    return S_OK;
}

HRESULT DxgiAdapter::GetDesc3(DXGI_ADAPTER_DESC3* desc) {
    if (!desc) {
        debugMessage("IDXGIAdapter4::GetDesc3: pDesc is NULL");
        return E_INVALIDARG;
    }
    *desc = describe();
    return S_OK;
}

HRESULT DxgiAdapter::CheckInterfaceSupport(REFGUID, LARGE_INTEGER* umdVersion) {
    // DXGI answers this for Direct3D 10/11 devices only; D3D12 programs use D3D12CreateDevice.
    if (umdVersion) umdVersion->QuadPart = 0;
    debugMessage("IDXGIAdapter::CheckInterfaceSupport: only Direct3D 10/11 interfaces are checked this way");
    return DXGI_ERROR_UNSUPPORTED;
}

HRESULT DxgiAdapter::RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE, DWORD* cookie) {
    if (cookie) *cookie = 0;
    debugMessage("IDXGIAdapter3::RegisterHardwareContentProtectionTeardownStatusEvent: not implemented");
    return E_NOTIMPL;
}

void DxgiAdapter::UnregisterHardwareContentProtectionTeardownStatus(DWORD) {
    debugMessage("IDXGIAdapter3::UnregisterHardwareContentProtectionTeardownStatus: not implemented");
}

HRESULT DxgiAdapter::QueryVideoMemoryInfo(UINT nodeIndex, DXGI_MEMORY_SEGMENT_GROUP segmentGroup,
                                          DXGI_QUERY_VIDEO_MEMORY_INFO* info) {
    if (!info) {
        debugMessage("IDXGIAdapter3::QueryVideoMemoryInfo: pVideoMemoryInfo is NULL");
        return E_INVALIDARG;
    }
    *info = {};
    if (nodeIndex != 0) {
        debugMessagef("IDXGIAdapter3::QueryVideoMemoryInfo: NodeIndex %u (vkdml adapters have one node)", nodeIndex);
        return E_INVALIDARG;
    }
    if (segmentGroup != DXGI_MEMORY_SEGMENT_GROUP_LOCAL && segmentGroup != DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL) {
        debugMessagef("IDXGIAdapter3::QueryVideoMemoryInfo: MemorySegmentGroup %d", static_cast<int>(segmentGroup));
        return E_INVALIDARG;
    }
    // vkdml's C API reports the heap sizes, not their current use: the budget is the whole segment and the usage 0.
    info->Budget = segmentGroup == DXGI_MEMORY_SEGMENT_GROUP_LOCAL ? record_.localBudget() : record_.nonLocalBudget();
    info->AvailableForReservation = info->Budget / 2;
    std::lock_guard<std::mutex> lock(reservationMutex_);
    info->CurrentReservation = reservations_[segmentGroup];
    return S_OK;
}

HRESULT DxgiAdapter::SetVideoMemoryReservation(UINT nodeIndex, DXGI_MEMORY_SEGMENT_GROUP segmentGroup,
                                               UINT64 reservation) {
    DXGI_QUERY_VIDEO_MEMORY_INFO info;
    const HRESULT hr = QueryVideoMemoryInfo(nodeIndex, segmentGroup, &info);
    if (FAILED(hr)) return hr;
    if (reservation > info.AvailableForReservation) {
        debugMessagef("IDXGIAdapter3::SetVideoMemoryReservation: Reservation %llu is above AvailableForReservation %llu",
                      static_cast<unsigned long long>(reservation),
                      static_cast<unsigned long long>(info.AvailableForReservation));
        return E_INVALIDARG;
    }
    std::lock_guard<std::mutex> lock(reservationMutex_);
    reservations_[segmentGroup] = reservation;
    return S_OK;
}

HRESULT DxgiAdapter::RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE, DWORD* cookie) {
    if (cookie) *cookie = 0;
    debugMessage("IDXGIAdapter3::RegisterVideoMemoryBudgetChangeNotificationEvent: not implemented");
    return E_NOTIMPL;
}

void DxgiAdapter::UnregisterVideoMemoryBudgetChangeNotification(DWORD) {
    debugMessage("IDXGIAdapter3::UnregisterVideoMemoryBudgetChangeNotification: not implemented");
}

UINT DxgiAdapter::GetVkdmlAdapterIndex() { return record_.info.AdapterIndex; }

}  // namespace vkdml::dropin
