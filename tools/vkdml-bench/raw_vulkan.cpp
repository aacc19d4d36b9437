#include "raw_vulkan.h"

#include <cstring>
#include <vector>

#include "common.h"

namespace bench {

namespace {

void checkVk(VkResult result, const char* call) {
    if (result != VK_SUCCESS) fail(std::string(call) + " failed: VkResult " + std::to_string(static_cast<int>(result)));
}

#define BENCH_VK(expr) checkVk((expr), #expr)

// glslangValidator -V --target-env vulkan1.1 of:
//   #version 450
//   layout(local_size_x = 256) in;
//   void main() {}
const uint32_t kEmptyComputeSpirv[] = {
    0x07230203, 0x00010300, 0x0008000b, 0x0000000b, 0x00000000, 0x00020011, 0x00000001, 0x0006000b, 0x00000001,
    0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e, 0x00000000, 0x00000001, 0x0005000f, 0x00000005,
    0x00000004, 0x6e69616d, 0x00000000, 0x00060010, 0x00000004, 0x00000011, 0x00000100, 0x00000001, 0x00000001,
    0x00030003, 0x00000002, 0x000001c2, 0x00040005, 0x00000004, 0x6e69616d, 0x00000000, 0x00040047, 0x0000000a,
    0x0000000b, 0x00000019, 0x00020013, 0x00000002, 0x00030021, 0x00000003, 0x00000002, 0x00040015, 0x00000006,
    0x00000020, 0x00000000, 0x00040017, 0x00000007, 0x00000006, 0x00000003, 0x0004002b, 0x00000006, 0x00000008,
    0x00000100, 0x0004002b, 0x00000006, 0x00000009, 0x00000001, 0x0006002c, 0x00000007, 0x0000000a, 0x00000008,
    0x00000009, 0x00000009, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003, 0x000200f8, 0x00000005,
    0x000100fd, 0x00010038,
};

}  // namespace

RawVulkan::RawVulkan(const uint8_t deviceUUID[16]) {
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vkdml-bench";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo instanceInfo{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    instanceInfo.pApplicationInfo = &app;
    BENCH_VK(vkCreateInstance(&instanceInfo, nullptr, &instance_));

    uint32_t count = 0;
    BENCH_VK(vkEnumeratePhysicalDevices(instance_, &count, nullptr));
    std::vector<VkPhysicalDevice> physicals(count);
    BENCH_VK(vkEnumeratePhysicalDevices(instance_, &count, physicals.data()));
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    for (VkPhysicalDevice candidate : physicals) {
        VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
        VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        props.pNext = &id;
        vkGetPhysicalDeviceProperties2(candidate, &props);
        if (std::memcmp(id.deviceUUID, deviceUUID, VK_UUID_SIZE) == 0) {
            physical = candidate;
            name_ = props.properties.deviceName;
            break;
        }
    }
    if (!physical) fail("raw Vulkan baseline: no physical device has vkdml's device UUID");

    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, nullptr);
    std::vector<VkQueueFamilyProperties> familyProps(families);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, familyProps.data());
    uint32_t family = families;
    for (uint32_t i = 0; i < families && family == families; ++i)
        if (familyProps[i].queueFlags & VK_QUEUE_COMPUTE_BIT) family = i;
    if (family == families) fail("raw Vulkan baseline: no compute queue family");

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = family;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    BENCH_VK(vkCreateDevice(physical, &deviceInfo, nullptr, &device_));
    vkGetDeviceQueue(device_, family, 0, &queue_);

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = family;
    BENCH_VK(vkCreateCommandPool(device_, &poolInfo, nullptr, &pool_));
    VkCommandBufferAllocateInfo allocInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocInfo.commandPool = pool_;
    allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocInfo.commandBufferCount = 1;
    BENCH_VK(vkAllocateCommandBuffers(device_, &allocInfo, &cmd_));
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    BENCH_VK(vkBeginCommandBuffer(cmd_, &begin));
    BENCH_VK(vkEndCommandBuffer(cmd_));

    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = sizeof(kEmptyComputeSpirv);
    moduleInfo.pCode = kEmptyComputeSpirv;
    BENCH_VK(vkCreateShaderModule(device_, &moduleInfo, nullptr, &module_));
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    BENCH_VK(vkCreatePipelineLayout(device_, &layoutInfo, nullptr, &layout_));
    VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = module_;
    pipelineInfo.stage.pName = "main";
    pipelineInfo.layout = layout_;
    BENCH_VK(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &pipeline_));
    BENCH_VK(vkAllocateCommandBuffers(device_, &allocInfo, &dispatchCmd_));
    BENCH_VK(vkBeginCommandBuffer(dispatchCmd_, &begin));
    vkCmdBindPipeline(dispatchCmd_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
    vkCmdDispatch(dispatchCmd_, 1, 1, 1);
    BENCH_VK(vkEndCommandBuffer(dispatchCmd_));
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    BENCH_VK(vkCreateFence(device_, &fenceInfo, nullptr, &fence_));
}

RawVulkan::~RawVulkan() {
    if (device_) {
        vkDeviceWaitIdle(device_);
        vkDestroyFence(device_, fence_, nullptr);
        vkDestroyPipeline(device_, pipeline_, nullptr);
        vkDestroyPipelineLayout(device_, layout_, nullptr);
        vkDestroyShaderModule(device_, module_, nullptr);
        vkDestroyCommandPool(device_, pool_, nullptr);
        vkDestroyDevice(device_, nullptr);
    }
    if (instance_) vkDestroyInstance(instance_, nullptr);
}

double RawVulkan::submitAndWaitSeconds() { return submit(cmd_); }

double RawVulkan::dispatchAndWaitSeconds() { return submit(dispatchCmd_); }

double RawVulkan::submit(VkCommandBuffer cmd) {
    const auto start = Clock::now();
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    BENCH_VK(vkQueueSubmit(queue_, 1, &submit, fence_));
    BENCH_VK(vkWaitForFences(device_, 1, &fence_, VK_TRUE, UINT64_MAX));
    const double seconds = secondsSince(start);
    BENCH_VK(vkResetFences(device_, 1, &fence_));
    return seconds;
}

}  // namespace bench
