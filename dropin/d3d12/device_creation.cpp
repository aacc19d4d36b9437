// ID3D12Device's Create* methods: arguments checked as D3D12 checks them, then the object over vkdml.
#include <memory>

#include <windows.h>

#include "command_allocator.h"
#include "command_list.h"
#include "command_queue.h"
#include "descriptor_heap.h"
#include "device.h"
#include "fence.h"
#include "heap.h"
#include "query_heap.h"
#include "resource.h"
#include "resource_rules.h"

namespace vkdml::dropin {

namespace {

HRESULT checkListType(const char* method, D3D12_COMMAND_LIST_TYPE type) {
    switch (type) {
        case D3D12_COMMAND_LIST_TYPE_DIRECT:
        case D3D12_COMMAND_LIST_TYPE_COMPUTE:
        case D3D12_COMMAND_LIST_TYPE_COPY: return S_OK;
        case D3D12_COMMAND_LIST_TYPE_BUNDLE:
        case D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE:
        case D3D12_COMMAND_LIST_TYPE_VIDEO_PROCESS:
        case D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE:
            debugMessagef("%s: command list type %d (bundle or video) is outside vkdml's D3D12 subset", method,
                          int(type));
            return E_NOTIMPL;
        default:
            debugMessagef("%s: type = %d is not a D3D12_COMMAND_LIST_TYPE", method, int(type));
            return E_INVALIDARG;
    }
}

HRESULT checkNodeMask(const char* method, UINT nodeMask) {
    if (nodeMask <= 1) return S_OK;
    debugMessagef("%s: nodeMask = 0x%x; the device has one node", method, nodeMask);
    return E_INVALIDARG;
}

// Node masks of 0 mean node 1, as D3D12 reports them back.
D3D12_HEAP_PROPERTIES normalized(D3D12_HEAP_PROPERTIES properties) {
    if (properties.CreationNodeMask == 0) properties.CreationNodeMask = 1;
    if (properties.VisibleNodeMask == 0) properties.VisibleNodeMask = 1;
    return properties;
}

HRESULT creationFailure(const char* method, const char* what, HRESULT hr) {
    debugMessagef("%s: vkdml could not create the %s (0x%08x)", method, what, unsigned(hr));
    return hr;
}

}  // namespace

HRESULT Device::createQueue(const char* method, const D3D12_COMMAND_QUEUE_DESC* desc, REFIID riid, void** queue) {
    if (queue) *queue = nullptr;
    if (!desc) {
        debugMessagef("%s: pDesc is NULL", method);
        return E_INVALIDARG;
    }
    HRESULT hr = checkListType(method, desc->Type);
    if (SUCCEEDED(hr) && desc->Type == D3D12_COMMAND_LIST_TYPE_BUNDLE) hr = E_INVALIDARG;
    if (SUCCEEDED(hr)) hr = checkNodeMask(method, desc->NodeMask);
    if (SUCCEEDED(hr) && (desc->Flags & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT)) {
        debugMessagef("%s: pDesc->Flags = 0x%x has unknown bits", method, unsigned(desc->Flags));
        hr = E_INVALIDARG;
    }
    if (FAILED(hr)) return hr;
    return returnObject(S_OK, new CommandQueue(*this, *desc), riid, queue);
}

HRESULT Device::CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC* desc, REFIID riid, void** queue) {
    return createQueue("ID3D12Device::CreateCommandQueue", desc, riid, queue);
}

HRESULT Device::CreateCommandQueue1(const D3D12_COMMAND_QUEUE_DESC* desc, REFIID, REFIID riid, void** queue) {
    return createQueue("ID3D12Device9::CreateCommandQueue1", desc, riid, queue);
}

HRESULT Device::CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid, void** allocator) {
    if (allocator) *allocator = nullptr;
    const HRESULT hr = checkListType("ID3D12Device::CreateCommandAllocator", type);
    if (FAILED(hr)) return hr;
    return returnObject(S_OK, new CommandAllocator(*this, type), riid, allocator);
}

HRESULT Device::CreateCommandList(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator* allocator,
                                  ID3D12PipelineState*, REFIID riid, void** commandList) {
    const char* method = "ID3D12Device::CreateCommandList";
    if (commandList) *commandList = nullptr;
    HRESULT hr = checkNodeMask(method, nodeMask);
    if (SUCCEEDED(hr)) hr = checkListType(method, type);
    if (FAILED(hr)) return hr;
    auto* list = new CommandList(*this, type);
    hr = list->open(method, allocator);
    return returnObject(hr, list, riid, commandList);
}

HRESULT Device::CreateCommandList1(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type, D3D12_COMMAND_LIST_FLAGS,
                                   REFIID riid, void** commandList) {
    const char* method = "ID3D12Device4::CreateCommandList1";
    if (commandList) *commandList = nullptr;
    HRESULT hr = checkNodeMask(method, nodeMask);
    if (SUCCEEDED(hr)) hr = checkListType(method, type);
    if (FAILED(hr)) return hr;
    return returnObject(S_OK, new CommandList(*this, type), riid, commandList);  // created closed
}

HRESULT Device::CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC* desc, REFIID riid, void** heap) {
    const char* method = "ID3D12Device::CreateDescriptorHeap";
    if (heap) *heap = nullptr;
    const char* wrong = nullptr;
    if (!desc)
        wrong = "pDescriptorHeapDesc is NULL";
    else if (desc->Type != D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV && desc->Type != D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER &&
             desc->Type != D3D12_DESCRIPTOR_HEAP_TYPE_RTV && desc->Type != D3D12_DESCRIPTOR_HEAP_TYPE_DSV)
        wrong = "Type is not a D3D12_DESCRIPTOR_HEAP_TYPE";
    else if (desc->NumDescriptors == 0)
        wrong = "NumDescriptors is 0";
    else if (desc->Flags & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
        wrong = "Flags has unknown bits";
    else if ((desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) &&
             (desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV || desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV))
        wrong = "RTV and DSV heaps cannot be shader-visible";
    else if (desc->NumDescriptors > D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_2)
        wrong = "NumDescriptors exceeds 1000000";
    else if (checkNodeMask(method, desc->NodeMask) != S_OK)
        wrong = "NodeMask names a node the device lacks";
    if (wrong) {
        debugMessagef("%s: %s", method, wrong);
        return E_INVALIDARG;
    }
    return returnObject(S_OK, new DescriptorHeap(*this, *desc), riid, heap);
}

HRESULT Device::createCommitted(const char* method, const D3D12_HEAP_PROPERTIES* heapProperties,
                                D3D12_HEAP_FLAGS heapFlags, const D3D12_RESOURCE_DESC1& desc,
                                const D3D12_RESOURCE_STATES* initialState, REFIID riid, void** resource) {
    if (resource) *resource = nullptr;
    VKDML_HEAP_TYPE heap = VKDML_HEAP_TYPE_DEFAULT;
    HRESULT hr = resolveHeapProperties(method, heapProperties, &heap);
    if (SUCCEEDED(hr)) hr = checkBufferDesc(method, desc);
    if (SUCCEEDED(hr) && initialState) hr = checkInitialState(method, heapProperties->Type, *initialState);
    if (SUCCEEDED(hr) && (heapFlags & D3D12_HEAP_FLAG_DENY_BUFFERS)) {
        debugMessagef("%s: HeapFlags has DENY_BUFFERS for a buffer", method);
        hr = E_INVALIDARG;
    }
    if (FAILED(hr)) return hr;
    if (!resource) return S_FALSE;  // D3D12's capability test
    VkdmlBuffer buffer = nullptr;
    hr = vkdmlCreateBuffer(vkdml_, heap, desc.Width, &buffer);
    if (FAILED(hr)) return creationFailure(method, "buffer", hr);
    D3D12_RESOURCE_DESC1 kept = desc;
    kept.Alignment = kPlacementAlignment;
    const Resource::Placement placement{buffer, 0, nullptr, reserveGpuAddresses(desc.Width)};
    return returnObject(S_OK, new Resource(*this, kept, normalized(*heapProperties), heapFlags, heap, placement), riid,
                        resource);
}

HRESULT Device::CreateCommittedResource(const D3D12_HEAP_PROPERTIES* heapProperties, D3D12_HEAP_FLAGS heapFlags,
                                        const D3D12_RESOURCE_DESC* desc, D3D12_RESOURCE_STATES initialState,
                                        const D3D12_CLEAR_VALUE*, REFIID riid, void** resource) {
    if (!desc) {
        if (resource) *resource = nullptr;
        debugMessage("ID3D12Device::CreateCommittedResource: pDesc is NULL");
        return E_INVALIDARG;
    }
    return createCommitted("ID3D12Device::CreateCommittedResource", heapProperties, heapFlags, toDesc1(*desc),
                           &initialState, riid, resource);
}

HRESULT Device::CreateCommittedResource1(const D3D12_HEAP_PROPERTIES* heapProperties, D3D12_HEAP_FLAGS heapFlags,
                                         const D3D12_RESOURCE_DESC* desc, D3D12_RESOURCE_STATES initialState,
                                         const D3D12_CLEAR_VALUE* clearValue, ID3D12ProtectedResourceSession* session,
                                         REFIID riid, void** resource) {
    if (session) {
        if (resource) *resource = nullptr;
        return notImplemented("ID3D12Device4::CreateCommittedResource1 with a protected session");
    }
    return CreateCommittedResource(heapProperties, heapFlags, desc, initialState, clearValue, riid, resource);
}

HRESULT Device::CreateCommittedResource2(const D3D12_HEAP_PROPERTIES* heapProperties, D3D12_HEAP_FLAGS heapFlags,
                                         const D3D12_RESOURCE_DESC1* desc, D3D12_RESOURCE_STATES initialState,
                                         const D3D12_CLEAR_VALUE*, ID3D12ProtectedResourceSession* session,
                                         REFIID riid, void** resource) {
    const char* method = "ID3D12Device8::CreateCommittedResource2";
    if (resource) *resource = nullptr;
    if (session) return notImplemented("ID3D12Device8::CreateCommittedResource2 with a protected session");
    if (!desc) {
        debugMessagef("%s: pDesc is NULL", method);
        return E_INVALIDARG;
    }
    return createCommitted(method, heapProperties, heapFlags, *desc, &initialState, riid, resource);
}

HRESULT Device::CreateCommittedResource3(const D3D12_HEAP_PROPERTIES* heapProperties, D3D12_HEAP_FLAGS heapFlags,
                                         const D3D12_RESOURCE_DESC1* desc, D3D12_BARRIER_LAYOUT initialLayout,
                                         const D3D12_CLEAR_VALUE*, ID3D12ProtectedResourceSession* session,
                                         UINT32 numCastableFormats, DXGI_FORMAT*, REFIID riid, void** resource) {
    const char* method = "ID3D12Device10::CreateCommittedResource3";
    if (resource) *resource = nullptr;
    if (session) return notImplemented("ID3D12Device10::CreateCommittedResource3 with a protected session");
    const HRESULT hr = checkBufferLayout(method, desc, initialLayout, numCastableFormats);
    if (FAILED(hr)) return hr;
    return createCommitted(method, heapProperties, heapFlags, *desc, nullptr, riid, resource);
}

HRESULT Device::CreateHeap(const D3D12_HEAP_DESC* desc, REFIID riid, void** heap) {
    const char* method = "ID3D12Device::CreateHeap";
    if (heap) *heap = nullptr;
    if (!desc) {
        debugMessagef("%s: pDesc is NULL", method);
        return E_INVALIDARG;
    }
    VKDML_HEAP_TYPE type = VKDML_HEAP_TYPE_DEFAULT;
    HRESULT hr = resolveHeapProperties(method, &desc->Properties, &type);
    if (FAILED(hr)) return hr;
    if (desc->SizeInBytes == 0 || desc->SizeInBytes > (uint64_t(1) << 40)) {
        debugMessagef("%s: pDesc->SizeInBytes = %llu is 0 or above 1 TiB", method,
                      (unsigned long long)desc->SizeInBytes);
        return E_INVALIDARG;
    }
    if (desc->Alignment != 0 && desc->Alignment != kPlacementAlignment &&
        desc->Alignment != D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT) {
        debugMessagef("%s: pDesc->Alignment = %llu is not 0, 65536 or 4194304", method,
                      (unsigned long long)desc->Alignment);
        return E_INVALIDARG;
    }
    if (!heap) return S_FALSE;
    VkdmlBuffer buffer = nullptr;
    hr = vkdmlCreateBuffer(vkdml_, type, desc->SizeInBytes, &buffer);
    if (FAILED(hr)) return creationFailure(method, "heap's buffer", hr);
    D3D12_HEAP_DESC kept = *desc;
    kept.Properties = normalized(kept.Properties);
    if (kept.Alignment == 0) kept.Alignment = kPlacementAlignment;
    return returnObject(S_OK, new Heap(*this, kept, type, buffer), riid, heap);
}

HRESULT Device::CreateHeap1(const D3D12_HEAP_DESC* desc, ID3D12ProtectedResourceSession* session, REFIID riid,
                            void** heap) {
    if (session) {
        if (heap) *heap = nullptr;
        return notImplemented("ID3D12Device4::CreateHeap1 with a protected session");
    }
    return CreateHeap(desc, riid, heap);
}

HRESULT Device::createPlaced(const char* method, ID3D12Heap* heapInterface, UINT64 heapOffset,
                             const D3D12_RESOURCE_DESC1& desc, const D3D12_RESOURCE_STATES* initialState, REFIID riid,
                             void** resource) {
    if (resource) *resource = nullptr;
    Heap* heap = Heap::fromInterface(heapInterface);
    if (!heap || &heap->device() != this) {
        debugMessagef("%s: pHeap is not a live heap of this device", method);
        return E_INVALIDARG;
    }
    HRESULT hr = checkBufferDesc(method, desc);
    if (FAILED(hr)) return hr;
    const D3D12_HEAP_DESC heapDesc = heap->GetDesc();
    const char* wrong = nullptr;
    if (heapOffset % kPlacementAlignment != 0)
        wrong = "HeapOffset is not a multiple of 65536";
    else if (heapOffset > heapDesc.SizeInBytes || desc.Width > heapDesc.SizeInBytes - heapOffset)
        wrong = "the buffer does not fit in the heap at HeapOffset";
    else if (heapDesc.Flags & D3D12_HEAP_FLAG_DENY_BUFFERS)
        wrong = "the heap was created with DENY_BUFFERS";
    if (wrong) {
        debugMessagef("%s: %s", method, wrong);
        return E_INVALIDARG;
    }
    if (initialState) hr = checkInitialState(method, heapDesc.Properties.Type, *initialState);
    if (FAILED(hr)) return hr;
    if (!resource) return S_FALSE;
    D3D12_RESOURCE_DESC1 kept = desc;
    kept.Alignment = kPlacementAlignment;
    const Resource::Placement placement{heap->buffer(), heapOffset, heap, heap->gpuAddress() + heapOffset};
    return returnObject(S_OK,
                        new Resource(*this, kept, heapDesc.Properties, heapDesc.Flags, heap->vkdmlHeap(), placement),
                        riid, resource);
}

HRESULT Device::CreatePlacedResource(ID3D12Heap* heap, UINT64 heapOffset, const D3D12_RESOURCE_DESC* desc,
                                     D3D12_RESOURCE_STATES initialState, const D3D12_CLEAR_VALUE*, REFIID riid,
                                     void** resource) {
    if (!desc) {
        if (resource) *resource = nullptr;
        debugMessage("ID3D12Device::CreatePlacedResource: pDesc is NULL");
        return E_INVALIDARG;
    }
    return createPlaced("ID3D12Device::CreatePlacedResource", heap, heapOffset, toDesc1(*desc), &initialState, riid,
                        resource);
}

HRESULT Device::CreatePlacedResource1(ID3D12Heap* heap, UINT64 heapOffset, const D3D12_RESOURCE_DESC1* desc,
                                      D3D12_RESOURCE_STATES initialState, const D3D12_CLEAR_VALUE*, REFIID riid,
                                      void** resource) {
    if (!desc) {
        if (resource) *resource = nullptr;
        debugMessage("ID3D12Device8::CreatePlacedResource1: pDesc is NULL");
        return E_INVALIDARG;
    }
    return createPlaced("ID3D12Device8::CreatePlacedResource1", heap, heapOffset, *desc, &initialState, riid, resource);
}

HRESULT Device::CreatePlacedResource2(ID3D12Heap* heap, UINT64 heapOffset, const D3D12_RESOURCE_DESC1* desc,
                                      D3D12_BARRIER_LAYOUT initialLayout, const D3D12_CLEAR_VALUE*,
                                      UINT32 numCastableFormats, DXGI_FORMAT*, REFIID riid, void** resource) {
    const char* method = "ID3D12Device10::CreatePlacedResource2";
    if (resource) *resource = nullptr;
    const HRESULT hr = checkBufferLayout(method, desc, initialLayout, numCastableFormats);
    if (FAILED(hr)) return hr;
    return createPlaced(method, heap, heapOffset, *desc, nullptr, riid, resource);
}

HRESULT Device::CreateFence(UINT64 initialValue, D3D12_FENCE_FLAGS flags, REFIID riid, void** fence) {
    if (fence) *fence = nullptr;
    if (flags & ~(D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER | D3D12_FENCE_FLAG_NON_MONITORED)) {
        debugMessagef("ID3D12Device::CreateFence: Flags = 0x%x has unknown bits", unsigned(flags));
        return E_INVALIDARG;
    }
    return returnObject(S_OK, new Fence(*this, initialValue, flags), riid, fence);
}

HRESULT Device::CreateQueryHeap(const D3D12_QUERY_HEAP_DESC* desc, REFIID riid, void** heap) {
    const char* method = "ID3D12Device::CreateQueryHeap";
    if (heap) *heap = nullptr;
    if (!desc || desc->Count == 0) {
        debugMessagef("%s: pDesc is NULL or its Count is 0", method);
        return E_INVALIDARG;
    }
    if (desc->Type != D3D12_QUERY_HEAP_TYPE_TIMESTAMP && desc->Type != D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP) {
        debugMessagef("%s: query heap type %d is outside vkdml's subset (timestamps only): E_NOTIMPL", method,
                      int(desc->Type));
        return E_NOTIMPL;
    }
    if (vulkan_.TimestampValidBits == 0) {
        debugMessagef("%s: the Vulkan queue has no timestamps", method);
        return DXGI_ERROR_UNSUPPORTED;
    }
    VkdmlBuffer buffer = nullptr;
    const HRESULT hr = vkdmlCreateBuffer(vkdml_, VKDML_HEAP_TYPE_DEFAULT, uint64_t(desc->Count) * 8, &buffer);
    if (FAILED(hr)) return creationFailure(method, "query buffer", hr);
    return returnObject(S_OK, new QueryHeap(*this, *desc, buffer), riid, heap);
}

HRESULT Device::SetEventOnMultipleFenceCompletion(ID3D12Fence* const* fences, const UINT64* fenceValues,
                                                  UINT numFences, D3D12_MULTIPLE_FENCE_WAIT_FLAGS flags,
                                                  HANDLE event) {
    const char* method = "ID3D12Device1::SetEventOnMultipleFenceCompletion";
    if (numFences == 0 || !fences || !fenceValues) {
        debugMessagef("%s: no fences given", method);
        return E_INVALIDARG;
    }
    if (!event) return notImplemented("ID3D12Device1::SetEventOnMultipleFenceCompletion without an event");
    std::vector<Fence*> live;
    for (UINT i = 0; i < numFences; ++i) {
        Fence* fence = Fence::fromInterface(fences[i]);
        if (!fence) {
            debugMessagef("%s: ppFences[%u] is not a live fence", method, i);
            return E_INVALIDARG;
        }
        live.push_back(fence);
    }
    // ANY: the first fence to arrive sets the event; ALL: the last.
    auto remaining =
        std::make_shared<std::atomic<int>>(flags == D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY ? 1 : int(numFences));
    for (UINT i = 0; i < numFences; ++i)
        live[i]->whenReached(fenceValues[i], [remaining, event] {
            if (remaining->fetch_sub(1) == 1) SetEvent(event);
        });
    return S_OK;
}

}  // namespace vkdml::dropin
