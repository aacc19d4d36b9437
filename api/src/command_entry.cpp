// C entry points: buffers, command lists, execution.
#include <vector>

#include "entry.h"

using namespace vkdml;
using namespace vkdml::api;

extern "C" {

VKDML_API HRESULT vkdmlCreateBuffer(VkdmlDevice device, VKDML_HEAP_TYPE heapType, UINT64 sizeInBytes,
                                    VkdmlBuffer* buffer) {
    if (!buffer) return E_POINTER;
    *buffer = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCreateBuffer", [&] {
        const uint32_t heap = rawValue(heapType);
        require(heap == VKDML_HEAP_TYPE_DEFAULT || heap == VKDML_HEAP_TYPE_UPLOAD || heap == VKDML_HEAP_TYPE_READBACK,
                "heapType = " + std::to_string(heap) + " is not DEFAULT (1), UPLOAD (2) or READBACK (3)");
        require(sizeInBytes > 0, "sizeInBytes is 0");
        if (sizeInBytes > (UINT64(1) << 62)) fail(E_OUTOFMEMORY, "sizeInBytes = " + std::to_string(sizeInBytes) +
                                                                     " cannot be allocated");
        *buffer = toHandle<VkdmlBuffer>(new Buffer(*d, heapType, sizeInBytes));
    });
}

VKDML_API HRESULT vkdmlMapBuffer(VkdmlBuffer buffer, void** data) {
    if (!data) return E_POINTER;
    *data = nullptr;
    Buffer* b = as<Buffer>(buffer);
    if (!b) return E_INVALIDARG;
    return guarded(&b->owningDevice(), "vkdmlMapBuffer", [&] { *data = b->map(); });
}

VKDML_API void vkdmlUnmapBuffer(VkdmlBuffer) {
    // Buffers stay persistently mapped; host-coherent memory needs no flush.
}

VKDML_API HRESULT vkdmlWrapVulkanBuffer(VkdmlDevice device, VkBuffer vkBuffer, UINT64 sizeInBytes,
                                        VkdmlBuffer* buffer) {
    if (!buffer) return E_POINTER;
    *buffer = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlWrapVulkanBuffer", [&] {
        require(vkBuffer != VK_NULL_HANDLE, "vkBuffer is VK_NULL_HANDLE");
        require(sizeInBytes > 0, "sizeInBytes is 0");
        *buffer = toHandle<VkdmlBuffer>(new Buffer(*d, vkBuffer, sizeInBytes));
    });
}

VKDML_API VkBuffer vkdmlGetVulkanBuffer(VkdmlBuffer buffer) {
    Buffer* b = as<Buffer>(buffer);
    return b ? b->handle() : VK_NULL_HANDLE;
}

VKDML_API HRESULT vkdmlCreateCommandList(VkdmlDevice device, VkdmlCommandList* commandList) {
    if (!commandList) return E_POINTER;
    *commandList = nullptr;
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlCreateCommandList",
                   [&] { *commandList = toHandle<VkdmlCommandList>(new CommandList(*d)); });
}

VKDML_API HRESULT vkdmlCloseCommandList(VkdmlCommandList commandList) {
    CommandList* c = as<CommandList>(commandList);
    if (!c) return E_INVALIDARG;
    return guarded(&c->owningDevice(), "vkdmlCloseCommandList", [&] { c->close(); });
}

VKDML_API HRESULT vkdmlResetCommandList(VkdmlCommandList commandList) {
    CommandList* c = as<CommandList>(commandList);
    if (!c) return E_INVALIDARG;
    return guarded(&c->owningDevice(), "vkdmlResetCommandList", [&] { c->reset(); });
}

VKDML_API HRESULT vkdmlRecordDispatch(VkdmlCommandList commandList, VkdmlDispatchable dispatchable,
                                      VkdmlBindingTable bindings) {
    CommandList* c = as<CommandList>(commandList);
    if (!c) return E_INVALIDARG;
    return guarded(&c->owningDevice(), "vkdmlRecordDispatch", [&] {
        Dispatchable& d = need<Dispatchable>(dispatchable, "dispatchable");
        BindingTable& t = need<BindingTable>(bindings, "bindings");
        require(&d.owningDevice() == &c->owningDevice() && &t.owningDevice() == &c->owningDevice(),
                "dispatchable and bindings must belong to the command list's device");
        c->recordDispatch(d, t);
    });
}

VKDML_API HRESULT vkdmlRecordCopyBufferRegion(VkdmlCommandList commandList, VkdmlBuffer dst, UINT64 dstOffset,
                                              VkdmlBuffer src, UINT64 srcOffset, UINT64 numBytes) {
    CommandList* c = as<CommandList>(commandList);
    if (!c) return E_INVALIDARG;
    return guarded(&c->owningDevice(), "vkdmlRecordCopyBufferRegion", [&] {
        Buffer& d = need<Buffer>(dst, "dst");
        Buffer& s = need<Buffer>(src, "src");
        require(&d.owningDevice() == &c->owningDevice() && &s.owningDevice() == &c->owningDevice(),
                "dst and src must belong to the command list's device");
        c->recordCopy(d, dstOffset, s, srcOffset, numBytes);
    });
}

VKDML_API HRESULT vkdmlRecordFillBuffer(VkdmlCommandList commandList, VkdmlBuffer dst, UINT64 dstOffset,
                                        UINT64 numBytes, UINT value) {
    CommandList* c = as<CommandList>(commandList);
    if (!c) return E_INVALIDARG;
    return guarded(&c->owningDevice(), "vkdmlRecordFillBuffer", [&] {
        Buffer& d = need<Buffer>(dst, "dst");
        require(&d.owningDevice() == &c->owningDevice(), "dst must belong to the command list's device");
        c->recordFill(d, dstOffset, numBytes, value);
    });
}

VKDML_API HRESULT vkdmlRecordTimestamp(VkdmlCommandList commandList, VkdmlBuffer dst, UINT64 dstOffset) {
    CommandList* c = as<CommandList>(commandList);
    if (!c) return E_INVALIDARG;
    return guarded(&c->owningDevice(), "vkdmlRecordTimestamp", [&] {
        Buffer& d = need<Buffer>(dst, "dst");
        require(&d.owningDevice() == &c->owningDevice(), "dst must belong to the command list's device");
        c->recordTimestamp(d, dstOffset);
    });
}

// Beside execution because D3D12's command queues need the device's clock and Vulkan objects.
VKDML_API HRESULT vkdmlGetVulkanObjects(VkdmlDevice device, VKDML_VULKAN_OBJECTS* objects) {
    if (!objects) return E_POINTER;
    *objects = {};
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    const vk::Context& ctx = d->context();
    objects->Instance = ctx.instance();
    objects->PhysicalDevice = ctx.physicalDevice();
    objects->Device = ctx.device();
    objects->Queue = ctx.queue();
    objects->QueueFamilyIndex = ctx.queueFamily();
    objects->TimestampValidBits = ctx.timestampValidBits();
    objects->TimestampPeriodNs = ctx.timestampPeriodNs();
    return S_OK;
}

VKDML_API HRESULT vkdmlExecuteCommandLists(VkdmlDevice device, UINT count, const VkdmlCommandList* commandLists,
                                           UINT64* completionValue) {
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlExecuteCommandLists", [&] {
        require(count > 0 && commandLists != nullptr, "count is 0 or commandLists is NULL");
        std::vector<CommandList*> lists;
        for (UINT i = 0; i < count; ++i) {
            CommandList& list = need<CommandList>(commandLists[i], ("commandLists[" + std::to_string(i) + "]").c_str());
            require(&list.owningDevice() == d, "commandLists[" + std::to_string(i) + "] belongs to another device");
            list.requireClosed();
            lists.push_back(&list);
        }
        const uint64_t value = d->execute(lists);
        if (completionValue) *completionValue = value;
    });
}

VKDML_API HRESULT vkdmlWaitForCompletion(VkdmlDevice device, UINT64 completionValue, UINT64 timeoutNs) {
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    bool done = false;
    HRESULT hr = guarded(d, "vkdmlWaitForCompletion", [&] { done = d->waitForCompletion(completionValue, timeoutNs); });
    if (FAILED(hr)) return hr;
    return done ? S_OK : DXGI_ERROR_WAIT_TIMEOUT;
}

VKDML_API HRESULT vkdmlRecordDispatchVk(VkdmlDevice device, VkCommandBuffer commandBuffer,
                                        VkdmlDispatchable dispatchable, VkdmlBindingTable bindings) {
    Device* d = as<Device>(device);
    if (!d) return E_INVALIDARG;
    return guarded(d, "vkdmlRecordDispatchVk", [&] {
        require(commandBuffer != VK_NULL_HANDLE, "commandBuffer is VK_NULL_HANDLE");
        Dispatchable& disp = need<Dispatchable>(dispatchable, "dispatchable");
        BindingTable& t = need<BindingTable>(bindings, "bindings");
        require(&disp.owningDevice() == d && &t.owningDevice() == d,
                "dispatchable and bindings must belong to this device");
        require(t.dispatchable() == &disp, "the binding table was created for a different dispatchable");
        d->recordDispatch(commandBuffer, disp, t);
    });
}

}  // extern "C"
