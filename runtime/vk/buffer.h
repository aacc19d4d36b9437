// One VkBuffer with its own memory allocation, in one of D3D12's three heap roles.
#pragma once

#include <cstdint>

#include "vk/context.h"

namespace vkdml::vk {

enum class HeapRole { Default, Upload, Readback };

class Buffer {
public:
    // Throws vk::Error of kind OutOfMemory when the device cannot hold `size` bytes in one allocation.
    Buffer(const Context& ctx, HeapRole role, uint64_t size);
    // Wraps an application buffer (interop); vkdml neither owns nor maps it.
    Buffer(const Context& ctx, VkBuffer external, uint64_t size);
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    VkBuffer handle() const { return buffer_; }
    uint64_t size() const { return size_; }
    HeapRole role() const { return role_; }
    bool hostVisible() const { return hostVisible_; }
    bool external() const { return external_; }
    // Persistently mapped pointer (host-visible memory only). Non-coherent memory is invalidated on each map.
    void* map();

private:
    const Context& ctx_;
    HeapRole role_;
    uint64_t size_;
    bool external_ = false;
    bool hostVisible_ = false;
    bool hostCoherent_ = true;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    void* mapped_ = nullptr;
};

}  // namespace vkdml::vk
