// Interop: vkdml on the application's own VkInstance/VkDevice/VkQueue, wrapping its VkBuffers and recording into
// its VkCommandBuffer with vkdmlRecordDispatchVk.
#include <vulkan/vulkan.h>

#include <cstring>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

struct AppVulkan {
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t family = 0;
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;

    explicit AppVulkan(VkDeviceSize size) {
        VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
        app.apiVersion = VK_API_VERSION_1_1;
        VkInstanceCreateInfo ii{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
        ii.pApplicationInfo = &app;
        REQUIRE(vkCreateInstance(&ii, nullptr, &instance) == VK_SUCCESS);
        uint32_t count = 1;
        vkEnumeratePhysicalDevices(instance, &count, &physical);
        REQUIRE(count >= 1);
        uint32_t families = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, nullptr);
        std::vector<VkQueueFamilyProperties> props(families);
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, props.data());
        while (!(props[family].queueFlags & VK_QUEUE_COMPUTE_BIT)) ++family;
        float priority = 1.0f;
        VkDeviceQueueCreateInfo qi{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
        qi.queueFamilyIndex = family;
        qi.queueCount = 1;
        qi.pQueuePriorities = &priority;
        const char* extensions[] = {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
        VkDeviceCreateInfo di{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
        di.queueCreateInfoCount = 1;
        di.pQueueCreateInfos = &qi;
        di.enabledExtensionCount = 1;
        di.ppEnabledExtensionNames = extensions;
        REQUIRE(vkCreateDevice(physical, &di, nullptr, &device) == VK_SUCCESS);
        vkGetDeviceQueue(device, family, 0, &queue);

        VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        bi.size = size;
        bi.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        REQUIRE(vkCreateBuffer(device, &bi, nullptr, &buffer) == VK_SUCCESS);
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device, buffer, &req);
        VkPhysicalDeviceMemoryProperties mem;
        vkGetPhysicalDeviceMemoryProperties(physical, &mem);
        uint32_t type = 0;
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        while (!((req.memoryTypeBits >> type) & 1) || (mem.memoryTypes[type].propertyFlags & want) != want) ++type;
        VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        ai.allocationSize = req.size;
        ai.memoryTypeIndex = type;
        REQUIRE(vkAllocateMemory(device, &ai, nullptr, &memory) == VK_SUCCESS);
        REQUIRE(vkBindBufferMemory(device, buffer, memory, 0) == VK_SUCCESS);
        REQUIRE(vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, &mapped) == VK_SUCCESS);
    }
    ~AppVulkan() {
        vkDestroyBuffer(device, buffer, nullptr);
        vkFreeMemory(device, memory, nullptr);
        vkDestroyDevice(device, nullptr);
        vkDestroyInstance(instance, nullptr);
    }
};

}  // namespace

TEST_CASE("vkdml on the application's Vulkan device: wrapped buffers, RecordDispatchVk") {
    const uint32_t n = 1000;
    AppVulkan app(2 * n * sizeof(float));
    auto* data = static_cast<float*>(app.mapped);
    for (uint32_t i = 0; i < n; ++i) data[i] = static_cast<float>(i) - 500.0f;

    VKDML_DEVICE_DESC desc{};
    desc.Instance = app.instance;
    desc.PhysicalDevice = app.physical;
    desc.Device = app.device;
    desc.Queue = app.queue;
    desc.QueueFamilyIndex = app.family;
    desc.GetInstanceProcAddr = vkGetInstanceProcAddr;
    VkdmlDevice device = nullptr;
    REQUIRE(vkdmlCreateDevice(&desc, &device) == S_OK);
    {
        Owned<VkdmlBuffer> buffer;
        REQUIRE(vkdmlWrapVulkanBuffer(device, app.buffer, 2 * n * sizeof(float), buffer.put()) == S_OK);
        CHECK(vkdmlGetVulkanBuffer(buffer) == app.buffer);
        void* mapped = nullptr;
        CHECK(vkdmlMapBuffer(buffer, &mapped) == E_INVALIDARG);  // the application maps its own memory

        UINT sizes[] = {n};
        DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, n * 4, 0};
        DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
        Owned<VkdmlOperator> op;
        REQUIRE(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, &t, &t, 2.0f, 0.5f, op.put()) == S_OK);
        Owned<VkdmlDispatchable> compiled;
        REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
        Owned<VkdmlBindingTable> table;
        REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
        DML_BUFFER_BINDING in{buffer.get(), 0, n * 4}, out{buffer.get(), n * 4, n * 4};
        DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &in}, outDesc{DML_BINDING_TYPE_BUFFER, &out};
        REQUIRE(vkdmlBindInputs(table, 1, &inDesc) == S_OK);
        REQUIRE(vkdmlBindOutputs(table, 1, &outDesc) == S_OK);

        VkCommandPool pool;
        VkCommandPoolCreateInfo pi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        pi.queueFamilyIndex = app.family;
        REQUIRE(vkCreateCommandPool(app.device, &pi, nullptr, &pool) == VK_SUCCESS);
        VkCommandBuffer cmd;
        VkCommandBufferAllocateInfo ci{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        ci.commandPool = pool;
        ci.commandBufferCount = 1;
        REQUIRE(vkAllocateCommandBuffers(app.device, &ci, &cmd) == VK_SUCCESS);
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(cmd, &begin);
        CHECK(vkdmlRecordDispatchVk(device, VK_NULL_HANDLE, compiled, table) == E_INVALIDARG);
        REQUIRE(vkdmlRecordDispatchVk(device, cmd, compiled, table) == S_OK);
        VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};  // the application's barrier, as in DirectML
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                             nullptr, 0, nullptr);
        vkEndCommandBuffer(cmd);
        VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd;
        REQUIRE(vkQueueSubmit(app.queue, 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS);
        REQUIRE(vkQueueWaitIdle(app.queue) == VK_SUCCESS);
        for (uint32_t i = 0; i < n; ++i) {
            INFO(i);
            CHECK(data[n + i] == 2.0f * data[i] + 0.5f);
        }
        vkDestroyCommandPool(app.device, pool, nullptr);
    }
    SUBCASE("64-bit integer reductions need shaderInt64, which vkdml cannot assume on the application's device") {
        UINT sizes[] = {4, 5}, axes[] = {1}, reducedSizes[] = {4, 1};
        DML_BUFFER_TENSOR_DESC in{DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, 160, 0};
        DML_BUFFER_TENSOR_DESC out{DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_FLAG_NONE, 2, reducedSizes, nullptr, 32, 0};
        DML_TENSOR_DESC inDesc{DML_TENSOR_TYPE_BUFFER, &in}, outDesc{DML_TENSOR_TYPE_BUFFER, &out};
        DML_REDUCE_OPERATOR_DESC reduce{DML_REDUCE_FUNCTION_SUM, &inDesc, &outDesc, 1, axes};
        const DML_OPERATOR_DESC opDesc{DML_OPERATOR_REDUCE, &reduce};
        Owned<VkdmlOperator> op;
        REQUIRE(vkdmlCreateOperator(device, &opDesc, op.put()) == S_OK);
        VkdmlDispatchable compiled = nullptr;
        CHECK(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled) == E_NOTIMPL);
        CHECK(compiled == nullptr);
    }
    CHECK(vkdmlRelease(device) == 0);
}

TEST_CASE("interop descs must be complete") {
    VKDML_DEVICE_DESC desc{};
    desc.Device = reinterpret_cast<VkDevice>(uintptr_t(0x1234));
    VkdmlDevice device = nullptr;
    CHECK(vkdmlCreateDevice(&desc, &device) == E_INVALIDARG);
    CHECK(device == nullptr);
}
