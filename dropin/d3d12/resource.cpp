#include "resource.h"

#include "heap.h"
#include "device.h"
#include "live_objects.h"

namespace vkdml::dropin {

namespace {
bool validRange(const D3D12_RANGE& range, uint64_t width) { return range.Begin <= range.End && range.End <= width; }
}  // namespace

Resource::Resource(Device& device, const D3D12_RESOURCE_DESC1& desc, const D3D12_HEAP_PROPERTIES& heapProperties,
                   D3D12_HEAP_FLAGS heapFlags, VKDML_HEAP_TYPE vkdmlHeap, const Placement& placement)
    : DeviceChild(device),
      desc_(desc),
      heapProperties_(heapProperties),
      heapFlags_(heapFlags),
      vkdmlHeap_(vkdmlHeap),
      placement_(placement) {
    if (placement_.heap) placement_.heap->AddRef();
    liveObjects<Resource>().add(static_cast<ID3D12Resource*>(this), this);
}

Resource::~Resource() {
    liveObjects<Resource>().remove(static_cast<ID3D12Resource*>(this));
    if (placement_.heap)
        placement_.heap->Release();
    else
        device().releaseWhenIdle(placement_.buffer);
}

Resource* Resource::fromInterface(const void* resource) { return liveObjects<Resource>().find(resource); }

void* Resource::findInterface(REFIID riid) {
    return answer<ID3D12Resource2, ID3D12Resource1, ID3D12Resource, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object,
                  IVkdmlD3D12Resource>(riid);
}

void Resource::nameChanged(const std::string& name) {
    if (!placement_.heap) vkdmlSetName(placement_.buffer, name.c_str());
}

HRESULT Resource::Map(UINT subresource, const D3D12_RANGE* readRange, void** data) {
    if (data) *data = nullptr;
    if (subresource != 0) {
        debugMessagef("ID3D12Resource::Map: Subresource = %u; a buffer has only subresource 0", subresource);
        return E_INVALIDARG;
    }
    if (vkdmlHeap_ == VKDML_HEAP_TYPE_DEFAULT) {
        debugMessage("ID3D12Resource::Map: the resource is in a DEFAULT heap (or a CUSTOM one with CPUPageProperty "
                     "NOT_AVAILABLE), which the CPU cannot map");
        return E_INVALIDARG;
    }
    if (readRange && !validRange(*readRange, desc_.Width)) {
        debugMessagef("ID3D12Resource::Map: pReadRange [%zu, %zu) is not inside the buffer's %llu bytes",
                      size_t(readRange->Begin), size_t(readRange->End), (unsigned long long)desc_.Width);
        return E_INVALIDARG;
    }
    void* base = nullptr;
    const HRESULT hr = vkdmlMapBuffer(placement_.buffer, &base);
    if (FAILED(hr)) {
        debugMessage("ID3D12Resource::Map: vkdmlMapBuffer failed");
        return hr;
    }
    mapCount_.fetch_add(1);
    if (data) *data = static_cast<unsigned char*>(base) + placement_.offset;
    return S_OK;
}

void Resource::Unmap(UINT subresource, const D3D12_RANGE* writtenRange) {
    if (subresource != 0) {
        debugMessagef("ID3D12Resource::Unmap: Subresource = %u; a buffer has only subresource 0", subresource);
        return;
    }
    if (writtenRange && !validRange(*writtenRange, desc_.Width))
        debugMessage("ID3D12Resource::Unmap: pWrittenRange is not inside the buffer");
    int count = mapCount_.load();
    while (count > 0 && !mapCount_.compare_exchange_weak(count, count - 1)) {
    }
    if (count <= 0) debugMessage("ID3D12Resource::Unmap: the resource is not mapped");
    // vkdml's host-visible memory is coherent: written bytes need no flush.
}

D3D12_RESOURCE_DESC Resource::GetDesc() {
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = desc_.Dimension;
    desc.Alignment = desc_.Alignment;
    desc.Width = desc_.Width;
    desc.Height = desc_.Height;
    desc.DepthOrArraySize = desc_.DepthOrArraySize;
    desc.MipLevels = desc_.MipLevels;
    desc.Format = desc_.Format;
    desc.SampleDesc = desc_.SampleDesc;
    desc.Layout = desc_.Layout;
    desc.Flags = desc_.Flags;
    return desc;
}

HRESULT Resource::WriteToSubresource(UINT, const D3D12_BOX*, const void*, UINT, UINT) {
    debugMessage("ID3D12Resource::WriteToSubresource: only textures have subresources to write; map the buffer");
    return E_INVALIDARG;
}

HRESULT Resource::ReadFromSubresource(void*, UINT, UINT, UINT, const D3D12_BOX*) {
    debugMessage("ID3D12Resource::ReadFromSubresource: only textures have subresources to read; map the buffer");
    return E_INVALIDARG;
}

HRESULT Resource::GetHeapProperties(D3D12_HEAP_PROPERTIES* heapProperties, D3D12_HEAP_FLAGS* heapFlags) {
    if (heapProperties) *heapProperties = heapProperties_;
    if (heapFlags) *heapFlags = heapFlags_;
    return S_OK;
}

HRESULT Resource::GetProtectedResourceSession(REFIID, void** session) {
    if (session) *session = nullptr;
    return notImplemented("ID3D12Resource1::GetProtectedResourceSession");
}

D3D12_HEAP_TYPE Resource::GetHeapType() {
    switch (vkdmlHeap_) {
        case VKDML_HEAP_TYPE_UPLOAD: return D3D12_HEAP_TYPE_UPLOAD;
        case VKDML_HEAP_TYPE_READBACK: return D3D12_HEAP_TYPE_READBACK;
        default: return D3D12_HEAP_TYPE_DEFAULT;
    }
}

}  // namespace vkdml::dropin
