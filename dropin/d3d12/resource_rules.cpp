#include "resource_rules.h"

#include <atomic>

#include "common/debug_message.h"

namespace vkdml::dropin {

namespace {
bool isCpuPageProperty(D3D12_CPU_PAGE_PROPERTY property) {
    return property == D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE || property == D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE ||
           property == D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
}
}  // namespace

HRESULT resolveHeapProperties(const char* method, const D3D12_HEAP_PROPERTIES* properties, VKDML_HEAP_TYPE* heap) {
    if (!properties) {
        debugMessagef("%s: pHeapProperties is NULL", method);
        return E_INVALIDARG;
    }
    const D3D12_HEAP_PROPERTIES& p = *properties;
    if (p.Type != D3D12_HEAP_TYPE_CUSTOM) {
        if (p.CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_UNKNOWN ||
            p.MemoryPoolPreference != D3D12_MEMORY_POOL_UNKNOWN) {
            debugMessagef("%s: CPUPageProperty and MemoryPoolPreference must be UNKNOWN unless Type is CUSTOM", method);
            return E_INVALIDARG;
        }
        switch (p.Type) {
            case D3D12_HEAP_TYPE_DEFAULT: *heap = VKDML_HEAP_TYPE_DEFAULT; return S_OK;
            case D3D12_HEAP_TYPE_UPLOAD: *heap = VKDML_HEAP_TYPE_UPLOAD; return S_OK;
            case D3D12_HEAP_TYPE_READBACK: *heap = VKDML_HEAP_TYPE_READBACK; return S_OK;
            default:
                debugMessagef("%s: pHeapProperties->Type = %d is not DEFAULT, UPLOAD, READBACK or CUSTOM", method,
                              int(p.Type));
                return E_INVALIDARG;
        }
    }
    if (!isCpuPageProperty(p.CPUPageProperty)) {
        debugMessagef("%s: a CUSTOM heap needs CPUPageProperty NOT_AVAILABLE, WRITE_COMBINE or WRITE_BACK (got %d)",
                      method, int(p.CPUPageProperty));
        return E_INVALIDARG;
    }
    if (p.MemoryPoolPreference != D3D12_MEMORY_POOL_L0 && p.MemoryPoolPreference != D3D12_MEMORY_POOL_L1) {
        debugMessagef("%s: a CUSTOM heap needs MemoryPoolPreference L0 or L1 (got %d)", method,
                      int(p.MemoryPoolPreference));
        return E_INVALIDARG;
    }
    if (p.MemoryPoolPreference == D3D12_MEMORY_POOL_L1 && p.CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE) {
        debugMessagef("%s: MemoryPoolPreference L1 is not CPU-accessible; CPUPageProperty must be NOT_AVAILABLE",
                      method);
        return E_INVALIDARG;
    }
    switch (p.CPUPageProperty) {
        case D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE: *heap = VKDML_HEAP_TYPE_UPLOAD; break;
        case D3D12_CPU_PAGE_PROPERTY_WRITE_BACK: *heap = VKDML_HEAP_TYPE_READBACK; break;
        default: *heap = VKDML_HEAP_TYPE_DEFAULT; break;
    }
    return S_OK;
}

D3D12_HEAP_PROPERTIES customHeapProperties(D3D12_HEAP_TYPE type, bool uma) {
    D3D12_HEAP_PROPERTIES p{};
    p.Type = D3D12_HEAP_TYPE_CUSTOM;
    p.CreationNodeMask = 1;
    p.VisibleNodeMask = 1;
    p.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    switch (type) {
        case D3D12_HEAP_TYPE_DEFAULT:
            p.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
            if (!uma) p.MemoryPoolPreference = D3D12_MEMORY_POOL_L1;
            break;
        case D3D12_HEAP_TYPE_UPLOAD: p.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE; break;
        case D3D12_HEAP_TYPE_READBACK: p.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK; break;
        default:
            debugMessagef("ID3D12Device::GetCustomHeapProperties: heapType = %d is not DEFAULT, UPLOAD or READBACK",
                          int(type));
            return D3D12_HEAP_PROPERTIES{};
    }
    return p;
}

HRESULT checkBufferDesc(const char* method, const D3D12_RESOURCE_DESC1& d) {
    if (d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D || d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D ||
        d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D) {
        debugMessagef("%s: textures are outside vkdml's D3D12 compute subset (buffers only): E_NOTIMPL", method);
        return E_NOTIMPL;
    }
    const char* wrong = nullptr;
    if (d.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
        wrong = "Dimension must be D3D12_RESOURCE_DIMENSION_BUFFER";
    else if (d.Width == 0)
        wrong = "Width is 0";
    else if (d.Alignment != 0 && d.Alignment != kPlacementAlignment)
        wrong = "Alignment must be 0 or 65536 for a buffer";
    else if (d.Height != 1 || d.DepthOrArraySize != 1 || d.MipLevels != 1)
        wrong = "Height, DepthOrArraySize and MipLevels must be 1 for a buffer";
    else if (d.Format != DXGI_FORMAT_UNKNOWN)
        wrong = "Format must be DXGI_FORMAT_UNKNOWN for a buffer";
    else if (d.SampleDesc.Count != 1 || d.SampleDesc.Quality != 0)
        wrong = "SampleDesc must be {1, 0} for a buffer";
    else if (d.Layout != D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
        wrong = "Layout must be D3D12_TEXTURE_LAYOUT_ROW_MAJOR for a buffer";
    else if (d.Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
        wrong = "Flags: a buffer cannot be a render target or depth stencil";
    else if (d.Width > (uint64_t(1) << 40))
        wrong = "Width exceeds the 1 TiB vkdml allows for one buffer";
    if (!wrong) return S_OK;
    debugMessagef("%s: pDesc->%s", method, wrong);
    return E_INVALIDARG;
}

HRESULT checkInitialState(const char* method, D3D12_HEAP_TYPE heapType, D3D12_RESOURCE_STATES state) {
    if (heapType == D3D12_HEAP_TYPE_UPLOAD && state != D3D12_RESOURCE_STATE_GENERIC_READ) {
        debugMessagef("%s: a resource in an UPLOAD heap must start in D3D12_RESOURCE_STATE_GENERIC_READ (got 0x%x)",
                      method, unsigned(state));
        return E_INVALIDARG;
    }
    if (heapType == D3D12_HEAP_TYPE_READBACK && state != D3D12_RESOURCE_STATE_COPY_DEST) {
        debugMessagef("%s: a resource in a READBACK heap must start in D3D12_RESOURCE_STATE_COPY_DEST (got 0x%x)",
                      method, unsigned(state));
        return E_INVALIDARG;
    }
    return S_OK;
}

HRESULT checkBufferLayout(const char* method, const D3D12_RESOURCE_DESC1* desc, D3D12_BARRIER_LAYOUT layout,
                          UINT32 numCastableFormats) {
    if (!desc) {
        debugMessagef("%s: pDesc is NULL", method);
        return E_INVALIDARG;
    }
    if (layout != D3D12_BARRIER_LAYOUT_UNDEFINED) {
        debugMessagef("%s: InitialLayout = %d; a buffer's is D3D12_BARRIER_LAYOUT_UNDEFINED", method, int(layout));
        return E_INVALIDARG;
    }
    if (numCastableFormats != 0) {
        debugMessagef("%s: NumCastableFormats = %u; a buffer has no castable formats", method, unsigned(numCastableFormats));
        return E_INVALIDARG;
    }
    return S_OK;
}

uint64_t reserveGpuAddresses(uint64_t bytes) {
    // Starts at 64 GiB; each range is followed by an unused 64 KiB so neighbours never touch.
    static std::atomic<uint64_t> next{uint64_t(1) << 36};
    return next.fetch_add(alignUp(bytes, kPlacementAlignment) + kPlacementAlignment);
}

}  // namespace vkdml::dropin
