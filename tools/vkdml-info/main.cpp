// vkdml-info: the adapters vkdml sees, the one it picks, and what that device supports.
#include <cstdio>
#include <cstring>
#include <vector>

#include <vkdml/vkdml.h>

namespace {

const char* deviceTypeName(UINT type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
        default: return "other";
    }
}

const char* yesNo(BOOL value) { return value ? "yes" : "no"; }

void printAdapter(const VKDML_ADAPTER_INFO& a, const char* indent) {
    std::printf("%sname:                            %s\n", indent, a.Name);
    std::printf("%stype:                            %s (vendor 0x%04x, device 0x%04x)\n", indent,
                deviceTypeName(a.DeviceType), a.VendorId, a.DeviceId);
    std::printf("%sVulkan:                          %u.%u.%u\n", indent, VK_API_VERSION_MAJOR(a.VulkanApiVersion),
                VK_API_VERSION_MINOR(a.VulkanApiVersion), VK_API_VERSION_PATCH(a.VulkanApiVersion));
    std::printf("%sdriver:                          %s %s (version 0x%x)\n", indent, a.DriverName, a.DriverInfo,
                a.DriverVersion);
    std::printf("%sfp16 arithmetic / 16-bit storage: %s / %s\n", indent, yesNo(a.SupportsFloat16Arithmetic),
                yesNo(a.Supports16BitStorage));
    std::printf("%sfp64 / int64:                    %s / %s\n", indent, yesNo(a.SupportsFloat64), yesNo(a.SupportsInt64));
    std::printf("%sfp32 denormals preserved:        %s\n", indent, yesNo(a.SupportsDenormPreserveFloat32));
    std::printf("%spush descriptors:                %s\n", indent, yesNo(a.SupportsPushDescriptors));
    std::printf("%ssubgroup size:                   %u\n", indent, a.SubgroupSize);
    std::printf("%smaxStorageBufferRange:           %llu bytes\n", indent, (unsigned long long)a.MaxStorageBufferRange);
    std::printf("%smaxComputeWorkGroupCount:        %u x %u x %u\n", indent, a.MaxComputeWorkGroupCount[0],
                a.MaxComputeWorkGroupCount[1], a.MaxComputeWorkGroupCount[2]);
    std::printf("%sminStorageBufferOffsetAlignment: %llu\n", indent,
                (unsigned long long)a.MinStorageBufferOffsetAlignment);
    std::printf("%sdevice-local memory:             %.1f GiB\n", indent, a.DeviceLocalMemoryBytes / 1073741824.0);
}

}  // namespace

int main(int argc, char** argv) {
    bool debug = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--debug")) {
            debug = true;
        } else {
            std::printf("usage: vkdml-info [--debug]\n  Lists the Vulkan adapters vkdml sees and describes the one it "
                        "picks (VKDML_ADAPTER=<index or name> overrides the choice).\n");
            return std::strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    UINT count = 0;
    HRESULT hr = vkdmlEnumerateAdapters(&count, nullptr);
    if (FAILED(hr)) {
        std::fprintf(stderr, "vkdml-info: cannot enumerate Vulkan adapters (0x%08X)\n", unsigned(hr));
        return 1;
    }
    std::vector<VKDML_ADAPTER_INFO> adapters(count);
    vkdmlEnumerateAdapters(&count, adapters.data());
    std::printf("Adapters (%u):\n", count);
    for (UINT i = 0; i < count; ++i)
        std::printf("  [%u] %s (%s)\n", i, adapters[i].Name, deviceTypeName(adapters[i].DeviceType));

    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.Flags = debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE;
    VkdmlDevice device = nullptr;
    hr = vkdmlCreateDevice(&desc, &device);
    if (FAILED(hr)) {
        std::fprintf(stderr, "vkdml-info: vkdmlCreateDevice failed (0x%08X)\n", unsigned(hr));
        return 1;
    }
    VKDML_ADAPTER_INFO info;
    vkdmlGetAdapterInfo(device, &info);
    std::printf("\nChosen adapter [%u]:\n", info.AdapterIndex);
    printAdapter(info, "  ");

    const DML_FEATURE_LEVEL levels[] = {
        DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
        DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
        DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
        DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};
    DML_FEATURE_QUERY_FEATURE_LEVELS query{sizeof(levels) / sizeof(levels[0]), levels};
    DML_FEATURE_DATA_FEATURE_LEVELS data{};
    hr = vkdmlCheckFeatureSupport(device, DML_FEATURE_FEATURE_LEVELS, sizeof(query), &query, sizeof(data), &data);
    if (SUCCEEDED(hr))
        std::printf("  max feature level:               %x_%x\n", (data.MaxSupportedFeatureLevel >> 12) & 0xf,
                    (data.MaxSupportedFeatureLevel >> 8) & 0xf);
    static const char* const typeNames[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32",
                                            "INT16",   "INT8",    "FLOAT64", "UINT64", "INT64",  "UINT4", "INT4"};
    std::printf("  tensor data types:              ");
    for (int t = 1; t <= 13; ++t) {
        DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT q{static_cast<DML_TENSOR_DATA_TYPE>(t)};
        DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT s{};
        if (SUCCEEDED(vkdmlCheckFeatureSupport(device, DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(q), &q,
                                               sizeof(s), &s)) &&
            s.IsSupported)
            std::printf(" %s", typeNames[t]);
    }
    std::printf("\n");
    vkdmlRelease(device);
    return 0;
}
