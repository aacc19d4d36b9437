// vkdml-demo: runs DirectML's API on the default Vulkan device: four activations, then a GELU written as a graph of
// five element-wise nodes (fused into one kernel and, for comparison, one kernel per node), each printed next to a
// double-precision reference.
#include "demo.h"

namespace {

int messages = 0;

void onMessage(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message, void*) {
    std::fprintf(stderr, "vkdml (0x%08X): %s\n", static_cast<unsigned>(hr), message);
    if (severity <= VKDML_MESSAGE_SEVERITY_WARNING) ++messages;
}

}  // namespace

int main() {
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.MessageCallback = onMessage;
    VkdmlDevice device = nullptr;
    CHECK_HR(vkdmlCreateDevice(&desc, &device));
    VKDML_ADAPTER_INFO info;
    CHECK_HR(vkdmlGetAdapterInfo(device, &info));
    std::printf("vkdml demo on %s (Vulkan %u.%u, driver %s)\n", info.Name, VK_API_VERSION_MAJOR(info.VulkanApiVersion),
                VK_API_VERSION_MINOR(info.VulkanApiVersion), info.DriverName);
    demo::activationSection(device);
    const bool graphOk = demo::graphSection(device);
    vkdmlRelease(device);
    return graphOk && messages == 0 ? 0 : 1;  // the suite runs the demo as a smoke test
}
