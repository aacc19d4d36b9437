// ID3D12Resource2 for buffers, and IVkdmlD3D12Resource: a committed buffer is a VkdmlBuffer of its own; a placed
// one is a range of its heap's VkdmlBuffer (holding a reference on the heap).
#pragma once

#include <atomic>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then takes the D3D12 and Windows types from it
#include <vkdml/vkdml.h>

#include "object_base.h"
#include "vkdml_d3d12.h"

namespace vkdml::dropin {

class Heap;

class Resource final : public DeviceChild<ID3D12Resource2, IVkdmlD3D12Resource> {
public:
    struct Placement {
        VkdmlBuffer buffer;  // a reference the resource takes over (committed) or borrows from `heap` (placed)
        uint64_t offset;
        Heap* heap;  // nullptr for a committed resource
        uint64_t gpuAddress;
    };
    Resource(Device& device, const D3D12_RESOURCE_DESC1& desc, const D3D12_HEAP_PROPERTIES& heapProperties,
             D3D12_HEAP_FLAGS heapFlags, VKDML_HEAP_TYPE vkdmlHeap, const Placement& placement);
    ~Resource() override;
    static Resource* fromInterface(const void* resource);

    // ID3D12Resource
    HRESULT STDMETHODCALLTYPE Map(UINT subresource, const D3D12_RANGE* readRange, void** data) override;
    void STDMETHODCALLTYPE Unmap(UINT subresource, const D3D12_RANGE* writtenRange) override;
    D3D12_RESOURCE_DESC STDMETHODCALLTYPE GetDesc() override;
    D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE GetGPUVirtualAddress() override { return placement_.gpuAddress; }
    HRESULT STDMETHODCALLTYPE WriteToSubresource(UINT dstSubresource, const D3D12_BOX* dstBox, const void* srcData,
                                                 UINT srcRowPitch, UINT srcDepthPitch) override;
    HRESULT STDMETHODCALLTYPE ReadFromSubresource(void* dstData, UINT dstRowPitch, UINT dstDepthPitch,
                                                  UINT srcSubresource, const D3D12_BOX* srcBox) override;
    HRESULT STDMETHODCALLTYPE GetHeapProperties(D3D12_HEAP_PROPERTIES* heapProperties,
                                                D3D12_HEAP_FLAGS* heapFlags) override;
    // ID3D12Resource1, ID3D12Resource2
    HRESULT STDMETHODCALLTYPE GetProtectedResourceSession(REFIID riid, void** session) override;
    D3D12_RESOURCE_DESC1 STDMETHODCALLTYPE GetDesc1() override { return desc_; }

    // IVkdmlD3D12Resource
    VkdmlBuffer STDMETHODCALLTYPE GetVkdmlBuffer() override { return placement_.buffer; }
    UINT64 STDMETHODCALLTYPE GetOffsetInBuffer() override { return placement_.offset; }
    UINT64 STDMETHODCALLTYPE GetSizeInBytes() override { return desc_.Width; }
    VkBuffer STDMETHODCALLTYPE GetVulkanBuffer() override { return vkdmlGetVulkanBuffer(placement_.buffer); }
    D3D12_HEAP_TYPE STDMETHODCALLTYPE GetHeapType() override;

    VkdmlBuffer buffer() const { return placement_.buffer; }
    uint64_t offset() const { return placement_.offset; }
    uint64_t width() const { return desc_.Width; }
    // Whether [offset, offset + bytes) lies inside the resource.
    bool contains(uint64_t offset, uint64_t bytes) const {
        return offset <= desc_.Width && bytes <= desc_.Width - offset;
    }

protected:
    void* findInterface(REFIID riid) override;
    void nameChanged(const std::string& name) override;

private:
    const D3D12_RESOURCE_DESC1 desc_;
    const D3D12_HEAP_PROPERTIES heapProperties_;
    const D3D12_HEAP_FLAGS heapFlags_;
    const VKDML_HEAP_TYPE vkdmlHeap_;
    const Placement placement_;
    std::atomic<int> mapCount_{0};
};

}  // namespace vkdml::dropin
