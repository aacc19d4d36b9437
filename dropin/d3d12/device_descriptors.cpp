// Views of buffers written into CBV_SRV_UAV descriptor heaps, and descriptor copies between heaps.
#include <vector>

#include "descriptor_heap.h"
#include "device.h"
#include "formats.h"
#include "resource.h"

namespace vkdml::dropin {

namespace {

// The heap and index `handle` points into, AddRef'd in `heap`; released on destruction.
struct HeapSlot {
    DescriptorHeap* heap = nullptr;
    UINT index = 0;
    HeapSlot(SIZE_T handle) { heap = DescriptorHeap::findByCpuHandle(handle, &index); }
    ~HeapSlot() {
        if (heap) heap->Release();
    }
    HeapSlot(const HeapSlot&) = delete;
    HeapSlot& operator=(const HeapSlot&) = delete;
};

struct BufferView {
    uint64_t firstElement;
    uint64_t numElements;
    uint32_t structureByteStride;
    bool raw;
    DXGI_FORMAT format;
};

// Fills `view` for a buffer view; nullptr when it is valid, else what is wrong.
const char* describe(const BufferView& b, ID3D12Resource* resourceInterface, Descriptor::Kind kind,
                     Descriptor& view) {
    uint32_t elementBytes = 0;
    if (b.raw) {
        if (b.format != DXGI_FORMAT_R32_TYPELESS) return "a RAW view needs Format DXGI_FORMAT_R32_TYPELESS";
        if (b.structureByteStride != 0) return "a RAW view needs StructureByteStride 0";
        elementBytes = 4;
    } else if (b.structureByteStride != 0) {
        if (b.format != DXGI_FORMAT_UNKNOWN) return "a structured view needs Format DXGI_FORMAT_UNKNOWN";
        elementBytes = b.structureByteStride;
    } else {
        elementBytes = formatLayout(b.format).bytes();
        if (elementBytes == 0) return "Format is not a buffer format vkdml supports";
    }
    view = {};
    view.kind = kind;
    view.format = b.format;
    view.elementBytes = elementBytes;
    view.offset = b.firstElement * elementBytes;
    view.size = b.numElements * elementBytes;
    if (!resourceInterface) return nullptr;  // a null view
    Resource* resource = Resource::fromInterface(resourceInterface);
    if (!resource) return "pResource is not a live buffer";
    if (b.numElements == 0) return "NumElements is 0";
    if (b.firstElement > resource->width() / elementBytes || !resource->contains(view.offset, view.size))
        return "FirstElement + NumElements exceeds the buffer";
    view.resource = resourceInterface;
    return nullptr;
}

// The CBV_SRV_UAV heap slot of `handle`, or nullptr with a message.
Descriptor* destination(const char* method, HeapSlot& slot) {
    if (!slot.heap) {
        debugMessagef("%s: DestDescriptor is not a handle of a live descriptor heap", method);
        return nullptr;
    }
    if (!slot.heap->keepsDescriptors()) {
        debugMessagef("%s: DestDescriptor is in a heap of type %d, not CBV_SRV_UAV", method, int(slot.heap->type()));
        return nullptr;
    }
    return &slot.heap->at(slot.index);
}

}  // namespace

void Device::CreateUnorderedAccessView(ID3D12Resource* resource, ID3D12Resource* counterResource,
                                       const D3D12_UNORDERED_ACCESS_VIEW_DESC* desc,
                                       D3D12_CPU_DESCRIPTOR_HANDLE destDescriptor) {
    const char* method = "ID3D12Device::CreateUnorderedAccessView";
    HeapSlot slot(destDescriptor.ptr);
    Descriptor* target = destination(method, slot);
    if (!target) return;
    if (!desc) return debugMessagef("%s: pDesc is NULL; a buffer view needs one", method);
    if (desc->ViewDimension != D3D12_UAV_DIMENSION_BUFFER)
        return debugMessagef("%s: ViewDimension %d is a texture view, outside vkdml's subset", method,
                             int(desc->ViewDimension));
    if (counterResource) debugMessagef("%s: pCounterResource is ignored (no UAV counters in vkdml)", method);
    Resource* live = Resource::fromInterface(resource);
    if (live && !(live->GetDesc().Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
        return debugMessagef("%s: pResource was created without D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS", method);
    const BufferView b{desc->Buffer.FirstElement, desc->Buffer.NumElements, desc->Buffer.StructureByteStride,
                       (desc->Buffer.Flags & D3D12_BUFFER_UAV_FLAG_RAW) != 0, desc->Format};
    Descriptor view;
    if (const char* wrong = describe(b, resource, Descriptor::Kind::UnorderedAccess, view))
        return debugMessagef("%s: pDesc->Buffer: %s; the descriptor is unchanged", method, wrong);
    *target = view;
}

void Device::CreateShaderResourceView(ID3D12Resource* resource, const D3D12_SHADER_RESOURCE_VIEW_DESC* desc,
                                      D3D12_CPU_DESCRIPTOR_HANDLE destDescriptor) {
    const char* method = "ID3D12Device::CreateShaderResourceView";
    HeapSlot slot(destDescriptor.ptr);
    Descriptor* target = destination(method, slot);
    if (!target) return;
    if (!desc) return debugMessagef("%s: pDesc is NULL; a buffer view needs one", method);
    if (desc->ViewDimension != D3D12_SRV_DIMENSION_BUFFER)
        return debugMessagef("%s: ViewDimension %d is outside vkdml's subset (buffers only)", method,
                             int(desc->ViewDimension));
    const BufferView b{desc->Buffer.FirstElement, desc->Buffer.NumElements, desc->Buffer.StructureByteStride,
                       (desc->Buffer.Flags & D3D12_BUFFER_SRV_FLAG_RAW) != 0, desc->Format};
    Descriptor view;
    if (const char* wrong = describe(b, resource, Descriptor::Kind::ShaderResource, view))
        return debugMessagef("%s: pDesc->Buffer: %s; the descriptor is unchanged", method, wrong);
    *target = view;
}

void Device::CopyDescriptorsSimple(UINT numDescriptors, D3D12_CPU_DESCRIPTOR_HANDLE destStart,
                                   D3D12_CPU_DESCRIPTOR_HANDLE srcStart, D3D12_DESCRIPTOR_HEAP_TYPE type) {
    CopyDescriptors(1, &destStart, &numDescriptors, 1, &srcStart, &numDescriptors, type);
}

void Device::CopyDescriptors(UINT numDestRanges, const D3D12_CPU_DESCRIPTOR_HANDLE* destRangeStarts,
                             const UINT* destRangeSizes, UINT numSrcRanges,
                             const D3D12_CPU_DESCRIPTOR_HANDLE* srcRangeStarts, const UINT* srcRangeSizes,
                             D3D12_DESCRIPTOR_HEAP_TYPE type) {
    const char* method = "ID3D12Device::CopyDescriptors";
    if ((numDestRanges && !destRangeStarts) || (numSrcRanges && !srcRangeStarts))
        return debugMessagef("%s: a range-start array is NULL", method);
    // Every descriptor as (heap, index); sizes NULL mean ranges of one.
    struct Position {
        DescriptorHeap* heap;
        UINT index;
    };
    std::vector<DescriptorHeap*> held;
    const auto expand = [&](UINT ranges, const D3D12_CPU_DESCRIPTOR_HANDLE* starts, const UINT* sizes,
                            std::vector<Position>& out) -> bool {
        for (UINT r = 0; r < ranges; ++r) {
            UINT index = 0;
            DescriptorHeap* heap = DescriptorHeap::findByCpuHandle(starts[r].ptr, &index);
            if (!heap) return false;
            held.push_back(heap);
            const UINT count = sizes ? sizes[r] : 1;
            if (heap->type() != type || uint64_t(index) + count > heap->size()) return false;
            for (UINT i = 0; i < count; ++i) out.push_back({heap, index + i});
        }
        return true;
    };
    std::vector<Position> destinations, sources;
    const bool valid = expand(numDestRanges, destRangeStarts, destRangeSizes, destinations) &&
                       expand(numSrcRanges, srcRangeStarts, srcRangeSizes, sources);
    if (!valid)
        debugMessagef("%s: a range is not inside a live descriptor heap of type %d; nothing copied", method, int(type));
    else if (destinations.size() != sources.size())
        debugMessagef("%s: the destination ranges hold %zu descriptors, the source ranges %zu; nothing copied",
                      method, destinations.size(), sources.size());
    else if (type == D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV) {
        std::vector<Descriptor> copied;  // read all first: the ranges may overlap
        for (const Position& source : sources) copied.push_back(source.heap->at(source.index));
        for (size_t i = 0; i < destinations.size(); ++i) destinations[i].heap->at(destinations[i].index) = copied[i];
    }
    for (DescriptorHeap* heap : held) heap->Release();
}

}  // namespace vkdml::dropin
