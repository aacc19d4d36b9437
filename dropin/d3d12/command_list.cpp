#include "command_list.h"

#include "command_allocator.h"
#include "descriptor_heap.h"
#include "device.h"
#include "live_objects.h"
#include "query_heap.h"
#include "resource.h"

namespace vkdml::dropin {

CommandList::CommandList(Device& device, D3D12_COMMAND_LIST_TYPE type) : DeviceChild(device), type_(type) {
    liveObjects<CommandList>().add(static_cast<ID3D12CommandList*>(this), this);
}

CommandList::~CommandList() {
    liveObjects<CommandList>().remove(static_cast<ID3D12CommandList*>(this));
    setHeap(nullptr);
    if (allocator_) {
        allocator_->endRecording(this);
        allocator_->Release();
    }
}

CommandList* CommandList::fromInterface(const void* list) { return liveObjects<CommandList>().find(list); }

void* CommandList::findInterface(REFIID riid) {
    return answer<ID3D12GraphicsCommandList8, ID3D12GraphicsCommandList7, ID3D12GraphicsCommandList6,
                  ID3D12GraphicsCommandList5, ID3D12GraphicsCommandList4, ID3D12GraphicsCommandList3,
                  ID3D12GraphicsCommandList2, ID3D12GraphicsCommandList1, ID3D12GraphicsCommandList, ID3D12CommandList,
                  ID3D12DeviceChild, ID3D12Object, IVkdmlD3D12CommandList>(riid);
}

HRESULT CommandList::open(const char* method, ID3D12CommandAllocator* allocatorInterface) {
    CommandAllocator* allocator = CommandAllocator::fromInterface(allocatorInterface);
    if (!allocator) {
        debugMessagef("%s: pAllocator is %s", method, allocatorInterface ? "not a live command allocator" : "NULL");
        return E_INVALIDARG;
    }
    if (&allocator->device() != &device()) {
        debugMessagef("%s: pAllocator belongs to another device", method);
        return E_INVALIDARG;
    }
    if (allocator->type() != type_) {
        debugMessagef("%s: pAllocator was created for list type %d, the list is type %d", method,
                      int(allocator->type()), int(type_));
        return E_INVALIDARG;
    }
    if (!allocator->beginRecording(this)) {
        debugMessagef("%s: another command list is recording with pAllocator; close it first", method);
        return E_INVALIDARG;
    }
    // A recording still waiting in a queue keeps its vkdml list: record into a new one.
    HRESULT hr = S_OK;
    if (recording_ && recording_.use_count() == 1) {
        hr = vkdmlResetCommandList(recording_->list);  // a fresh command buffer: none of its executions pending
        recording_->lastCompletion.store(0);
    } else {
        VkdmlCommandList list = nullptr;
        hr = vkdmlCreateCommandList(device().vkdml(), &list);
        if (SUCCEEDED(hr)) recording_ = std::make_shared<Recording>(list);
    }
    if (FAILED(hr)) {
        allocator->endRecording(this);
        debugMessagef("%s: vkdml could not open a command list (0x%08x)", method, unsigned(hr));
        return hr;
    }
    if (allocator_ != allocator) {
        allocator->AddRef();
        if (allocator_) allocator_->Release();
        allocator_ = allocator;
    }
    setHeap(nullptr);
    open_ = true;
    invalid_ = false;
    return S_OK;
}

HRESULT CommandList::Close() {
    if (!open_) {
        debugMessage("ID3D12GraphicsCommandList::Close: the list is already closed");
        return E_FAIL;
    }
    open_ = false;
    allocator_->endRecording(this);
    const HRESULT hr = vkdmlCloseCommandList(recording_->list);
    if (FAILED(hr)) invalid_ = true;
    if (invalid_) {
        debugMessage("ID3D12GraphicsCommandList::Close: the list recorded invalid commands (messages above); it "
                     "cannot be executed until Reset");
        return E_INVALIDARG;
    }
    return S_OK;
}

HRESULT CommandList::Reset(ID3D12CommandAllocator* allocator, ID3D12PipelineState*) {
    if (open_) {
        debugMessage("ID3D12GraphicsCommandList::Reset: the list is open; close it before Reset");
        return E_FAIL;
    }
    return open("ID3D12GraphicsCommandList::Reset", allocator);
}

bool CommandList::requireOpen(const char* method) {
    if (open_) return true;
    debugMessagef("%s: the command list is closed; nothing recorded", method);
    return false;
}

void CommandList::invalidCommand(const char* method, const char* why) {
    debugMessagef("%s: %s; Close will fail", method, why);
    invalid_ = true;
}

VkdmlCommandList CommandList::GetVkdmlCommandList() { return recording_ ? recording_->list : nullptr; }

ID3D12DescriptorHeap* CommandList::GetCurrentCbvSrvUavHeap() { return cbvSrvUavHeap_; }

void CommandList::setHeap(DescriptorHeap* heap) {
    if (heap) heap->AddRef();
    if (cbvSrvUavHeap_) cbvSrvUavHeap_->Release();
    cbvSrvUavHeap_ = heap;
}

void CommandList::CopyBufferRegion(ID3D12Resource* dstBuffer, UINT64 dstOffset, ID3D12Resource* srcBuffer,
                                   UINT64 srcOffset, UINT64 numBytes) {
    const char* method = "ID3D12GraphicsCommandList::CopyBufferRegion";
    if (!requireOpen(method)) return;
    Resource* dst = Resource::fromInterface(dstBuffer);
    Resource* src = Resource::fromInterface(srcBuffer);
    if (!dst || !src) return invalidCommand(method, "pDstBuffer or pSrcBuffer is not a live buffer");
    if (!dst->contains(dstOffset, numBytes)) return invalidCommand(method, "the destination range exceeds pDstBuffer");
    if (!src->contains(srcOffset, numBytes)) return invalidCommand(method, "the source range exceeds pSrcBuffer");
    if (numBytes == 0) return;
    const HRESULT hr = vkdmlRecordCopyBufferRegion(recording_->list, dst->buffer(), dst->offset() + dstOffset,
                                                   src->buffer(), src->offset() + srcOffset, numBytes);
    if (FAILED(hr)) invalidCommand(method, "vkdml rejected the copy (overlapping ranges of one heap?)");
}

void CommandList::CopyResource(ID3D12Resource* dstResource, ID3D12Resource* srcResource) {
    const char* method = "ID3D12GraphicsCommandList::CopyResource";
    if (!requireOpen(method)) return;
    Resource* dst = Resource::fromInterface(dstResource);
    Resource* src = Resource::fromInterface(srcResource);
    if (!dst || !src) return invalidCommand(method, "pDstResource or pSrcResource is not a live buffer");
    if (dst == src) return invalidCommand(method, "pDstResource and pSrcResource are the same resource");
    if (dst->width() != src->width()) return invalidCommand(method, "the buffers' widths differ");
    const HRESULT hr = vkdmlRecordCopyBufferRegion(recording_->list, dst->buffer(), dst->offset(), src->buffer(),
                                                   src->offset(), src->width());
    if (FAILED(hr)) invalidCommand(method, "vkdml rejected the copy (overlapping placed buffers?)");
}

void CommandList::ResourceBarrier(UINT numBarriers, const D3D12_RESOURCE_BARRIER* barriers) {
    const char* method = "ID3D12GraphicsCommandList::ResourceBarrier";
    if (!requireOpen(method)) return;
    if (numBarriers && !barriers) return invalidCommand(method, "pBarriers is NULL");
    for (UINT i = 0; i < numBarriers; ++i) {
        const D3D12_RESOURCE_BARRIER& b = barriers[i];
        switch (b.Type) {
            case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
                if (!Resource::fromInterface(b.Transition.pResource))
                    return invalidCommand(method, "a transition barrier's pResource is not a live buffer");
                if (b.Transition.StateBefore == b.Transition.StateAfter)
                    debugMessagef("%s: barrier %u transitions to the state it is in", method, i);
                break;
            case D3D12_RESOURCE_BARRIER_TYPE_UAV:
                if (b.UAV.pResource && !Resource::fromInterface(b.UAV.pResource))
                    return invalidCommand(method, "a UAV barrier's pResource is neither NULL nor a live buffer");
                break;
            case D3D12_RESOURCE_BARRIER_TYPE_ALIASING:
                if ((b.Aliasing.pResourceBefore && !Resource::fromInterface(b.Aliasing.pResourceBefore)) ||
                    (b.Aliasing.pResourceAfter && !Resource::fromInterface(b.Aliasing.pResourceAfter)))
                    return invalidCommand(method, "an aliasing barrier names a resource that is not a live buffer");
                break;
            default: return invalidCommand(method, "a barrier's Type is not TRANSITION, ALIASING or UAV");
        }
        if (b.Flags & ~(D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY | D3D12_RESOURCE_BARRIER_FLAG_END_ONLY))
            return invalidCommand(method, "a barrier has unknown Flags");
    }
    // Nothing to record: vkdml orders each command after the earlier ones that touch the same bytes.
}

void CommandList::Barrier(UINT32 numBarrierGroups, const D3D12_BARRIER_GROUP* barrierGroups) {
    const char* method = "ID3D12GraphicsCommandList7::Barrier";
    if (!requireOpen(method)) return;
    if (numBarrierGroups && !barrierGroups) return invalidCommand(method, "pBarrierGroups is NULL");
    // Nothing to record, as for ResourceBarrier.
}

void CommandList::SetDescriptorHeaps(UINT numHeaps, ID3D12DescriptorHeap* const* heaps) {
    const char* method = "ID3D12GraphicsCommandList::SetDescriptorHeaps";
    if (!requireOpen(method)) return;
    if (numHeaps && !heaps) return invalidCommand(method, "ppDescriptorHeaps is NULL");
    DescriptorHeap* cbvSrvUav = nullptr;
    bool sampler = false;
    for (UINT i = 0; i < numHeaps; ++i) {
        DescriptorHeap* heap = DescriptorHeap::fromInterface(heaps[i]);
        if (!heap) return invalidCommand(method, "a heap is not a live descriptor heap");
        if (!heap->shaderVisible()) return invalidCommand(method, "a heap is not shader-visible");
        if (heap->type() == D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV) {
            if (cbvSrvUav) return invalidCommand(method, "two CBV_SRV_UAV heaps");
            cbvSrvUav = heap;
        } else if (heap->type() == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) {
            if (sampler) return invalidCommand(method, "two SAMPLER heaps");
            sampler = true;
        } else {
            return invalidCommand(method, "only CBV_SRV_UAV and SAMPLER heaps can be set");
        }
    }
    setHeap(cbvSrvUav);
}

void CommandList::EndQuery(ID3D12QueryHeap* queryHeap, D3D12_QUERY_TYPE type, UINT index) {
    const char* method = "ID3D12GraphicsCommandList::EndQuery";
    if (!requireOpen(method)) return;
    QueryHeap* heap = QueryHeap::fromInterface(queryHeap);
    if (!heap) return invalidCommand(method, "pQueryHeap is not a live query heap");
    if (type != D3D12_QUERY_TYPE_TIMESTAMP) return invalidCommand(method, "only TIMESTAMP queries are supported");
    if (index >= heap->desc().Count) return invalidCommand(method, "Index is not below the heap's Count");
    if (FAILED(vkdmlRecordTimestamp(recording_->list, heap->buffer(), uint64_t(index) * 8)))
        invalidCommand(method, "vkdml could not record the timestamp (no timestamps on this queue?)");
}

void CommandList::ResolveQueryData(ID3D12QueryHeap* queryHeap, D3D12_QUERY_TYPE type, UINT startIndex,
                                   UINT numQueries, ID3D12Resource* destinationBuffer,
                                   UINT64 alignedDestinationBufferOffset) {
    const char* method = "ID3D12GraphicsCommandList::ResolveQueryData";
    if (!requireOpen(method)) return;
    QueryHeap* heap = QueryHeap::fromInterface(queryHeap);
    Resource* dst = Resource::fromInterface(destinationBuffer);
    if (!heap || !dst) return invalidCommand(method, "pQueryHeap or pDestinationBuffer is not live");
    if (type != D3D12_QUERY_TYPE_TIMESTAMP) return invalidCommand(method, "only TIMESTAMP queries are supported");
    if (uint64_t(startIndex) + numQueries > heap->desc().Count)
        return invalidCommand(method, "StartIndex + NumQueries exceeds the heap's Count");
    if (alignedDestinationBufferOffset % 8 != 0)
        return invalidCommand(method, "AlignedDestinationBufferOffset is not a multiple of 8");
    if (!dst->contains(alignedDestinationBufferOffset, uint64_t(numQueries) * 8))
        return invalidCommand(method, "the results exceed pDestinationBuffer");
    if (numQueries == 0) return;
    if (FAILED(vkdmlRecordCopyBufferRegion(recording_->list, dst->buffer(),
                                           dst->offset() + alignedDestinationBufferOffset, heap->buffer(),
                                           uint64_t(startIndex) * 8, uint64_t(numQueries) * 8)))
        invalidCommand(method, "vkdml rejected the copy");
}

}  // namespace vkdml::dropin
