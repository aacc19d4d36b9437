#include "vk/buffer.h"

#include <string>

#include "vk/error.h"

namespace vkdml::vk {

namespace {

// The best memory type for a role among those the buffer accepts; -1 if none.
int chooseMemoryType(const VkPhysicalDeviceMemoryProperties& props, uint32_t allowed, HeapRole role) {
    const VkMemoryPropertyFlags hostVisible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
    const VkMemoryPropertyFlags coherent = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    const VkMemoryPropertyFlags cached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
    const VkMemoryPropertyFlags local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    struct Want {
        VkMemoryPropertyFlags required, preferred;
    };
    Want want{};
    switch (role) {
        case HeapRole::Default: want = {0, local}; break;
        case HeapRole::Upload: want = {hostVisible | coherent, 0}; break;
        case HeapRole::Readback: want = {hostVisible, cached | coherent}; break;
    }
    int best = -1, bestScore = -1;
    for (uint32_t i = 0; i < props.memoryTypeCount; ++i) {
        if (!(allowed & (1u << i))) continue;
        VkMemoryPropertyFlags flags = props.memoryTypes[i].propertyFlags;
        if ((flags & want.required) != want.required) continue;
        int score = __builtin_popcount(flags & want.preferred) * 2;
        if (role == HeapRole::Default && !(flags & hostVisible)) score += 1;  // keep BAR memory for uploads
        if (score > bestScore) best = int(i), bestScore = score;
    }
    return best;
}

}  // namespace

Buffer::Buffer(const Context& ctx, HeapRole role, uint64_t size) : ctx_(ctx), role_(role), size_(size) {
    const auto& fn = ctx.fn();
    if (ctx.caps().maxMemoryAllocationSize && size > ctx.caps().maxMemoryAllocationSize)
        fail(Error::Kind::OutOfMemory, "buffer of " + std::to_string(size) +
                                           " bytes exceeds the device's maxMemoryAllocationSize (" +
                                           std::to_string(ctx.caps().maxMemoryAllocationSize) + ")");
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = (size + 3) & ~uint64_t(3);
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(allocating([&] { return fn.vkCreateBuffer(ctx.device(), &info, nullptr, &buffer_); }), "vkCreateBuffer");
    try {
        VkMemoryRequirements req;
        fn.vkGetBufferMemoryRequirements(ctx.device(), buffer_, &req);
        int type = chooseMemoryType(ctx.memory(), req.memoryTypeBits, role);
        if (type < 0) fail(Error::Kind::OutOfMemory, "no Vulkan memory type fits this heap type");
        VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        alloc.allocationSize = req.size;
        alloc.memoryTypeIndex = static_cast<uint32_t>(type);
        check(allocating([&] { return fn.vkAllocateMemory(ctx.device(), &alloc, nullptr, &memory_); }),
              "vkAllocateMemory");
        check(fn.vkBindBufferMemory(ctx.device(), buffer_, memory_, 0), "vkBindBufferMemory");
        VkMemoryPropertyFlags flags = ctx.memory().memoryTypes[type].propertyFlags;
        hostVisible_ = (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) != 0;
        hostCoherent_ = (flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != 0;
        // Test hook: behave like a discrete GPU whose DEFAULT heap cannot be mapped.
        if (role == HeapRole::Default && ctx.options().defaultHeapNotMappable) hostVisible_ = false;
        if (hostVisible_) check(fn.vkMapMemory(ctx.device(), memory_, 0, VK_WHOLE_SIZE, 0, &mapped_), "vkMapMemory");
    } catch (...) {
        if (memory_) fn.vkFreeMemory(ctx.device(), memory_, nullptr);
        fn.vkDestroyBuffer(ctx.device(), buffer_, nullptr);
        throw;
    }
}

Buffer::Buffer(const Context& ctx, VkBuffer external, uint64_t size)
    : ctx_(ctx), role_(HeapRole::Default), size_(size), external_(true), buffer_(external) {}

Buffer::~Buffer() {
    if (external_) return;
    const auto& fn = ctx_.fn();
    if (mapped_) fn.vkUnmapMemory(ctx_.device(), memory_);
    fn.vkDestroyBuffer(ctx_.device(), buffer_, nullptr);
    fn.vkFreeMemory(ctx_.device(), memory_, nullptr);
}

void* Buffer::map() {
    if (!hostVisible_) return nullptr;
    if (!hostCoherent_) {
        VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
        range.memory = memory_;
        range.size = VK_WHOLE_SIZE;
        check(ctx_.fn().vkInvalidateMappedMemoryRanges(ctx_.device(), 1, &range), "vkInvalidateMappedMemoryRanges");
    }
    return mapped_;
}

}  // namespace vkdml::vk
