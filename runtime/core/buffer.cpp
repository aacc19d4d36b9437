#include "core/buffer.h"

#include "core/error.h"

namespace vkdml {

namespace {
vk::HeapRole roleOf(VKDML_HEAP_TYPE heap) {
    switch (heap) {
        case VKDML_HEAP_TYPE_UPLOAD: return vk::HeapRole::Upload;
        case VKDML_HEAP_TYPE_READBACK: return vk::HeapRole::Readback;
        default: return vk::HeapRole::Default;
    }
}
}  // namespace

Buffer::Buffer(Device& device, VKDML_HEAP_TYPE heap, uint64_t size)
    : Object(ObjectKind::Buffer), device_(&device), heap_(heap) {
    buffer_ = std::make_unique<vk::Buffer>(device.context(), roleOf(heap), size);
}

Buffer::Buffer(Device& device, VkBuffer external, uint64_t size)
    : Object(ObjectKind::Buffer), device_(&device), heap_(VKDML_HEAP_TYPE_DEFAULT) {
    buffer_ = std::make_unique<vk::Buffer>(device.context(), external, size);
}

void* Buffer::map() {
    require(!buffer_->external(), "vkdmlMapBuffer: a wrapped application VkBuffer cannot be mapped through vkdml");
    void* data = buffer_->map();
    require(data != nullptr, "vkdmlMapBuffer: this DEFAULT-heap buffer is not in host-visible memory on this device; "
                             "copy it to a READBACK buffer or from an UPLOAD buffer instead");
    return data;
}

}  // namespace vkdml
