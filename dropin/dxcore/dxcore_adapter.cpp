#include "dxcore_adapter.h"

#include <cstring>
#include <dxguids/dxguids.h>

#include "dxcore_attributes.h"
#include "common/debug_message.h"

namespace vkdml::dropin {
namespace {

// D3DKMDT_GRAPHICS/COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY: Vulkan does not say how finely a device preempts, and
// the coarsest granularity always holds (libdxgi.so reports the same).
constexpr uint16_t kPreemptionDmaBufferBoundary = 100;

// One property's value as bytes.
struct PropertyValue {
    bool supported = false;
    unsigned char bytes[sizeof(VKDML_ADAPTER_INFO::Name)] = {};
    size_t size = 0;

    template <typename T>
    void set(const T& value) {
        static_assert(sizeof(T) <= sizeof(bytes));
        std::memcpy(bytes, &value, sizeof value);
        size = sizeof value;
        supported = true;
    }
};

PropertyValue propertyOf(const AdapterRecord& adapter, DXCoreAdapterProperty property) {
    PropertyValue value;
    const VKDML_ADAPTER_INFO& info = adapter.info;
    switch (property) {
    case DXCoreAdapterProperty::InstanceLuid: value.set(adapter.luid); break;
    case DXCoreAdapterProperty::DriverVersion: value.set(static_cast<uint64_t>(info.DriverVersion)); break;
    case DXCoreAdapterProperty::DriverDescription: {
        const size_t length = strnlen(info.Name, sizeof info.Name - 1);
        std::memcpy(value.bytes, info.Name, length);
        value.bytes[length] = 0;
        value.size = length + 1;
        value.supported = true;
        break;
    }
    case DXCoreAdapterProperty::HardwareID: value.set(DXCoreHardwareID{info.VendorId, info.DeviceId, 0, 0}); break;
    case DXCoreAdapterProperty::ComputePreemptionGranularity:
    case DXCoreAdapterProperty::GraphicsPreemptionGranularity: value.set(kPreemptionDmaBufferBoundary); break;
    case DXCoreAdapterProperty::DedicatedAdapterMemory: value.set(adapter.dedicatedVideoMemory); break;
    case DXCoreAdapterProperty::DedicatedSystemMemory: value.set(adapter.dedicatedSystemMemory); break;
    case DXCoreAdapterProperty::SharedSystemMemory: value.set(adapter.sharedSystemMemory); break;
    case DXCoreAdapterProperty::AcgCompatible: value.set(false); break;
    case DXCoreAdapterProperty::IsHardware: value.set(!adapter.isSoftware()); break;
    case DXCoreAdapterProperty::IsIntegrated: value.set(adapter.isIntegrated()); break;
    case DXCoreAdapterProperty::IsDetachable: value.set(false); break;
    case DXCoreAdapterProperty::HardwareIDParts:
        value.set(DXCoreHardwareIDParts{info.VendorId, info.DeviceId, 0, 0, 0});
        break;
    default: break;  // KmdModelVersion: vkdml has no kernel-mode driver model to report
    }
    return value;
}

}  // namespace

DxcoreAdapter::DxcoreAdapter(IDXCoreAdapterFactory* factory, const AdapterRecord& record)
    : factory_(factory), record_(record) {
    factory_->AddRef();
}

DxcoreAdapter::~DxcoreAdapter() { factory_->Release(); }

void* DxcoreAdapter::findInterface(REFIID riid) { return answer<IDXCoreAdapter, IVkdmlAdapter>(riid); }

bool DxcoreAdapter::IsValid() { return true; }  // vkdml's adapters stay while the process runs

bool DxcoreAdapter::IsAttributeSupported(REFGUID attributeGUID) { return adapterHasAttribute(record_, attributeGUID); }

bool DxcoreAdapter::IsPropertySupported(DXCoreAdapterProperty property) {
    return propertyOf(record_, property).supported;
}

HRESULT DxcoreAdapter::GetPropertySize(DXCoreAdapterProperty property, size_t* bufferSize) {
    if (!bufferSize) {
        debugMessage("IDXCoreAdapter::GetPropertySize: bufferSize is NULL");
        return E_POINTER;
    }
    *bufferSize = 0;
    const PropertyValue value = propertyOf(record_, property);
    if (!value.supported) {
        debugMessagef("IDXCoreAdapter::GetPropertySize: property %u is not supported", static_cast<unsigned>(property));
        return DXGI_ERROR_INVALID_CALL;
    }
    *bufferSize = value.size;
    return S_OK;
}

HRESULT DxcoreAdapter::GetProperty(DXCoreAdapterProperty property, size_t bufferSize, void* propertyData) {
    const PropertyValue value = propertyOf(record_, property);
    if (!value.supported) {
        debugMessagef("IDXCoreAdapter::GetProperty: property %u is not supported", static_cast<unsigned>(property));
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!propertyData) {
        debugMessage("IDXCoreAdapter::GetProperty: propertyData is NULL");
        return E_POINTER;
    }
    if (bufferSize < value.size) {
        debugMessagef("IDXCoreAdapter::GetProperty: bufferSize %zu for property %u, which needs %zu", bufferSize,
                      static_cast<unsigned>(property), value.size);
        return E_INVALIDARG;
    }
    std::memcpy(propertyData, value.bytes, value.size);
    return S_OK;
}

bool DxcoreAdapter::IsQueryStateSupported(DXCoreAdapterState property) {
    return property == DXCoreAdapterState::IsDriverUpdateInProgress ||
           property == DXCoreAdapterState::AdapterMemoryBudget;
}

HRESULT DxcoreAdapter::QueryState(DXCoreAdapterState state, size_t inputStateDetailsSize,
                                  const void* inputStateDetails, size_t outputBufferSize, void* outputBuffer) {
    if (state == DXCoreAdapterState::IsDriverUpdateInProgress) {
        if (!outputBuffer || outputBufferSize < sizeof(bool)) {
            debugMessage("IDXCoreAdapter::QueryState: IsDriverUpdateInProgress writes a bool (outputBuffer NULL or "
                         "outputBufferSize too small)");
            return outputBuffer ? E_INVALIDARG : E_POINTER;
        }
        *static_cast<bool*>(outputBuffer) = false;
        return S_OK;
    }
    if (state != DXCoreAdapterState::AdapterMemoryBudget) {
        debugMessagef("IDXCoreAdapter::QueryState: state %u is not supported", static_cast<unsigned>(state));
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!inputStateDetails || !outputBuffer) {
        debugMessage("IDXCoreAdapter::QueryState: AdapterMemoryBudget needs inputStateDetails and outputBuffer");
        return E_POINTER;
    }
    if (inputStateDetailsSize < sizeof(DXCoreAdapterMemoryBudgetNodeSegmentGroup) ||
        outputBufferSize < sizeof(DXCoreAdapterMemoryBudget)) {
        debugMessagef("IDXCoreAdapter::QueryState: AdapterMemoryBudget takes %zu input and %zu output bytes (got %zu, "
                      "%zu)",
                      sizeof(DXCoreAdapterMemoryBudgetNodeSegmentGroup), sizeof(DXCoreAdapterMemoryBudget),
                      inputStateDetailsSize, outputBufferSize);
        return E_INVALIDARG;
    }
    const auto& query = *static_cast<const DXCoreAdapterMemoryBudgetNodeSegmentGroup*>(inputStateDetails);
    if (query.nodeIndex != 0 ||
        (query.segmentGroup != DXCoreSegmentGroup::Local && query.segmentGroup != DXCoreSegmentGroup::NonLocal)) {
        debugMessagef("IDXCoreAdapter::QueryState: AdapterMemoryBudget nodeIndex %u, segmentGroup %u (one node; Local "
                      "or NonLocal)",
                      query.nodeIndex, static_cast<unsigned>(query.segmentGroup));
        return E_INVALIDARG;
    }
    // vkdml reports its heap sizes, not their current use: the budget is the whole segment (as libdxgi.so says).
    DXCoreAdapterMemoryBudget budget{};
    budget.budget =
        query.segmentGroup == DXCoreSegmentGroup::Local ? record_.localBudget() : record_.nonLocalBudget();
    budget.availableForReservation = budget.budget / 2;
    std::memcpy(outputBuffer, &budget, sizeof budget);
    return S_OK;
}

bool DxcoreAdapter::IsSetStateSupported(DXCoreAdapterState) { return false; }

HRESULT DxcoreAdapter::SetState(DXCoreAdapterState state, size_t, const void*, size_t, const void*) {
    debugMessagef("IDXCoreAdapter::SetState: state %u: not implemented", static_cast<unsigned>(state));
    return E_NOTIMPL;
}

HRESULT DxcoreAdapter::GetFactory(REFIID riid, void** factory) {
    if (!factory) {
        debugMessage("IDXCoreAdapter::GetFactory: ppvFactory is NULL");
        return E_POINTER;
    }
    return factory_->QueryInterface(riid, factory);
}

UINT DxcoreAdapter::GetVkdmlAdapterIndex() { return record_.info.AdapterIndex; }

}  // namespace vkdml::dropin
