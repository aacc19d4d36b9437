#include "query_heap.h"

#include "device.h"
#include "live_objects.h"

namespace vkdml::dropin {

QueryHeap::QueryHeap(Device& device, const D3D12_QUERY_HEAP_DESC& desc, VkdmlBuffer buffer)
    : DeviceChild(device), desc_(desc), buffer_(buffer) {
    liveObjects<QueryHeap>().add(static_cast<ID3D12QueryHeap*>(this), this);
}

QueryHeap::~QueryHeap() {
    liveObjects<QueryHeap>().remove(static_cast<ID3D12QueryHeap*>(this));
    device().releaseWhenIdle(buffer_);
}

QueryHeap* QueryHeap::fromInterface(const void* heap) { return liveObjects<QueryHeap>().find(heap); }

void* QueryHeap::findInterface(REFIID riid) {
    return answer<ID3D12QueryHeap, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object>(riid);
}

}  // namespace vkdml::dropin
