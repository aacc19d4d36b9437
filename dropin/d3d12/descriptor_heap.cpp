#include "descriptor_heap.h"

#include <atomic>
#include <map>
#include <mutex>

#include "live_objects.h"
#include "resource.h"
#include "resource_rules.h"

namespace vkdml::dropin {

namespace {

// The CPU handle ranges of live heaps, by start.
class HeapRegistry {
public:
    void add(SIZE_T start, DescriptorHeap* heap) {
        std::lock_guard<std::mutex> lock(mutex_);
        heaps_[start] = heap;
    }
    void remove(SIZE_T start) {
        std::lock_guard<std::mutex> lock(mutex_);
        heaps_.erase(start);
    }
    DescriptorHeap* find(SIZE_T handle, UINT* index) {
        std::lock_guard<std::mutex> lock(mutex_);
        auto after = heaps_.upper_bound(handle);
        if (after == heaps_.begin()) return nullptr;
        const auto& [start, heap] = *std::prev(after);
        const SIZE_T offset = handle - start;
        if (offset % kDescriptorIncrement != 0 || offset / kDescriptorIncrement >= heap->size()) return nullptr;
        if (heap->referenceCount() == 0) return nullptr;  // being destroyed
        heap->AddRef();
        *index = UINT(offset / kDescriptorIncrement);
        return heap;
    }

private:
    std::mutex mutex_;
    std::map<SIZE_T, DescriptorHeap*> heaps_;
};

HeapRegistry& registry() {
    static auto* heaps = new HeapRegistry;
    return *heaps;
}

SIZE_T reserveCpuHandles(UINT count) {
    // Far from any address a program would mistake for memory, with a gap after each heap.
    static std::atomic<SIZE_T> next{SIZE_T(0xd3d1200000000000ull)};
    return next.fetch_add((SIZE_T(count) + 1) * kDescriptorIncrement + 0x10000);
}

}  // namespace

DescriptorHeap::DescriptorHeap(Device& device, const D3D12_DESCRIPTOR_HEAP_DESC& desc)
    : DeviceChild(device),
      desc_(desc),
      cpuStart_(reserveCpuHandles(desc.NumDescriptors)),
      gpuStart_(desc.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
                    ? reserveGpuAddresses(uint64_t(desc.NumDescriptors) * kDescriptorIncrement)
                    : 0) {
    if (desc.Type == D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV) descriptors_.resize(desc.NumDescriptors);
    liveObjects<DescriptorHeap>().add(static_cast<ID3D12DescriptorHeap*>(this), this);
    registry().add(cpuStart_, this);
}

DescriptorHeap::~DescriptorHeap() {
    registry().remove(cpuStart_);
    liveObjects<DescriptorHeap>().remove(static_cast<ID3D12DescriptorHeap*>(this));
}

DescriptorHeap* DescriptorHeap::fromInterface(const void* heap) { return liveObjects<DescriptorHeap>().find(heap); }

DescriptorHeap* DescriptorHeap::findByCpuHandle(SIZE_T handle, UINT* index) { return registry().find(handle, index); }

void* DescriptorHeap::findInterface(REFIID riid) {
    return answer<ID3D12DescriptorHeap, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object, IVkdmlD3D12DescriptorHeap>(
        riid);
}

D3D12_CPU_DESCRIPTOR_HANDLE DescriptorHeap::GetCPUDescriptorHandleForHeapStart() { return {cpuStart_}; }

D3D12_GPU_DESCRIPTOR_HANDLE DescriptorHeap::GetGPUDescriptorHandleForHeapStart() {
    if (!gpuStart_)
        debugMessage("ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart: the heap is not shader-visible; "
                     "its GPU handle is 0");
    return {gpuStart_};
}

HRESULT DescriptorHeap::IndexOfCpuHandle(D3D12_CPU_DESCRIPTOR_HANDLE handle, UINT* index) {
    if (!index) return E_POINTER;
    *index = 0;
    const SIZE_T offset = handle.ptr - cpuStart_;
    if (handle.ptr < cpuStart_ || offset % kDescriptorIncrement != 0 || offset / kDescriptorIncrement >= size()) {
        debugMessage("IVkdmlD3D12DescriptorHeap::IndexOfCpuHandle: the handle is not one of this heap's");
        return E_INVALIDARG;
    }
    *index = UINT(offset / kDescriptorIncrement);
    return S_OK;
}

HRESULT DescriptorHeap::IndexOfGpuHandle(D3D12_GPU_DESCRIPTOR_HANDLE handle, UINT* index) {
    if (!index) return E_POINTER;
    *index = 0;
    const UINT64 offset = handle.ptr - gpuStart_;
    if (!gpuStart_ || handle.ptr < gpuStart_ || offset % kDescriptorIncrement != 0 ||
        offset / kDescriptorIncrement >= size()) {
        debugMessage("IVkdmlD3D12DescriptorHeap::IndexOfGpuHandle: the handle is not one of this heap's (or the heap "
                     "is not shader-visible)");
        return E_INVALIDARG;
    }
    *index = UINT(offset / kDescriptorIncrement);
    return S_OK;
}

HRESULT DescriptorHeap::GetUavDescriptor(UINT index, VKDML_D3D12_UAV_DESCRIPTOR* descriptor) {
    if (!descriptor) return E_POINTER;
    *descriptor = {};
    if (!keepsDescriptors() || index >= size()) {
        debugMessagef("IVkdmlD3D12DescriptorHeap::GetUavDescriptor: index = %u is not a descriptor of this %s heap",
                      index, keepsDescriptors() ? "CBV_SRV_UAV" : "non-CBV_SRV_UAV");
        return E_INVALIDARG;
    }
    const Descriptor& d = descriptors_[index];
    if (d.kind == Descriptor::Kind::ShaderResource) {
        debugMessagef("IVkdmlD3D12DescriptorHeap::GetUavDescriptor: descriptor %u is a shader-resource view", index);
        return E_INVALIDARG;
    }
    if (d.kind == Descriptor::Kind::Empty || !Resource::fromInterface(d.resource)) return S_OK;
    descriptor->Resource = d.resource;
    descriptor->OffsetInBytes = d.offset;
    descriptor->SizeInBytes = d.size;
    return S_OK;
}

}  // namespace vkdml::dropin
