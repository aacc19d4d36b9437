// vkdml-bench: a plain Vulkan device on the same physical device (system loader), for the submit+wait baseline.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>

namespace bench {

class RawVulkan {
public:
    // Opens the physical device whose deviceUUID matches; fails (exits) if none does.
    explicit RawVulkan(const uint8_t deviceUUID[16]);
    ~RawVulkan();
    RawVulkan(const RawVulkan&) = delete;
    RawVulkan& operator=(const RawVulkan&) = delete;

    // vkQueueSubmit of an empty, pre-recorded command buffer with a fence, vkWaitForFences (vkResetFences after the
    // clock stops).
    double submitAndWaitSeconds();
    // The same with a command buffer holding one vkCmdDispatch of one 256-invocation workgroup of an empty shader:
    // the driver's own floor for a dispatch.
    double dispatchAndWaitSeconds();
    const std::string& deviceName() const { return name_; }

private:
    VkInstance instance_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    VkCommandBuffer cmd_ = VK_NULL_HANDLE;
    VkCommandBuffer dispatchCmd_ = VK_NULL_HANDLE;
    VkShaderModule module_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
    double submit(VkCommandBuffer cmd);
    VkFence fence_ = VK_NULL_HANDLE;
    std::string name_;
};

}  // namespace bench
