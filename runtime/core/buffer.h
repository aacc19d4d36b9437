// The object behind VkdmlBuffer (D3D12's committed resource in a DEFAULT, UPLOAD or READBACK heap).
#pragma once

#include <memory>

#include <vkdml/vkdml.h>

#include "core/device.h"
#include "vk/buffer.h"

namespace vkdml {

class Buffer final : public Object {
public:
    Buffer(Device& device, VKDML_HEAP_TYPE heap, uint64_t size);
    Buffer(Device& device, VkBuffer external, uint64_t size);
    Device& owningDevice() override { return *device_; }

    VKDML_HEAP_TYPE heapType() const { return heap_; }
    uint64_t size() const { return buffer_->size(); }
    VkBuffer handle() const { return buffer_->handle(); }
    void* map();  // throws E_INVALIDARG when the memory is not host-visible

private:
    Ref<Device> device_;
    VKDML_HEAP_TYPE heap_;
    std::unique_ptr<vk::Buffer> buffer_;
};

}  // namespace vkdml
