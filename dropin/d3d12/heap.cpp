#include "heap.h"

#include "device.h"
#include "live_objects.h"
#include "resource_rules.h"

namespace vkdml::dropin {

Heap::Heap(Device& device, const D3D12_HEAP_DESC& desc, VKDML_HEAP_TYPE vkdmlHeap, VkdmlBuffer buffer)
    : DeviceChild(device),
      desc_(desc),
      vkdmlHeap_(vkdmlHeap),
      buffer_(buffer),
      gpuAddress_(reserveGpuAddresses(desc.SizeInBytes)) {
    liveObjects<Heap>().add(static_cast<ID3D12Heap*>(this), this);
}

Heap::~Heap() {
    liveObjects<Heap>().remove(static_cast<ID3D12Heap*>(this));
    device().releaseWhenIdle(buffer_);
}

Heap* Heap::fromInterface(const void* heap) { return liveObjects<Heap>().find(heap); }

void* Heap::findInterface(REFIID riid) {
    return answer<ID3D12Heap1, ID3D12Heap, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object>(riid);
}

HRESULT Heap::GetProtectedResourceSession(REFIID, void** session) {
    if (session) *session = nullptr;
    return notImplemented("ID3D12Heap1::GetProtectedResourceSession");
}

}  // namespace vkdml::dropin
