// ID3D12QueryHeap for timestamps: EndQuery writes the GPU clock into the heap's own buffer (8 bytes a query);
// ResolveQueryData copies from it.
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then takes the D3D12 and Windows types from it
#include <vkdml/vkdml.h>

#include "object_base.h"

namespace vkdml::dropin {

class QueryHeap final : public DeviceChild<ID3D12QueryHeap> {
public:
    // Takes over the reference on `buffer`.
    QueryHeap(Device& device, const D3D12_QUERY_HEAP_DESC& desc, VkdmlBuffer buffer);
    ~QueryHeap() override;
    static QueryHeap* fromInterface(const void* heap);

    const D3D12_QUERY_HEAP_DESC& desc() const { return desc_; }
    VkdmlBuffer buffer() const { return buffer_; }

protected:
    void* findInterface(REFIID riid) override;

private:
    const D3D12_QUERY_HEAP_DESC desc_;
    VkdmlBuffer buffer_;
};

}  // namespace vkdml::dropin
