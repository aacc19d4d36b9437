#include "vk/context.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "vk/error.h"

namespace vkdml::vk {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

// One plain instance that lives as long as the process: the drivers it loads stay loaded and initialised while
// vkdml's devices (each with its own instance) come and go. NVIDIA's driver (580.159, H100 and H200) failed
// vkCreateInstance with VK_ERROR_INCOMPATIBLE_DRIVER once a process had created and destroyed a few dozen instances.
// A failure here is not reported: the instance a device needs reports its own.
void keepDriversLoaded() {
    uint32_t loaderVersion = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&loaderVersion);
    if (loaderVersion < VK_API_VERSION_1_1) return;
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vkdml";
    app.pEngineName = "vkdml";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    VkInstance instance = VK_NULL_HANDLE;
    if (vkCreateInstance(&info, nullptr, &instance) != VK_SUCCESS) return;
    static VkInstance keptForTheProcess = instance;  // never destroyed
    (void)keptForTheProcess;
}

// volk's loader initialisation is process-wide; do it once.
void initLoader(PFN_vkGetInstanceProcAddr custom) {
    static std::once_flag once;
    static VkResult result = VK_SUCCESS;
    std::call_once(once, [&] {
        if (custom) {
            volkInitializeCustom(custom);
        } else {
            result = volkInitialize();
            if (result == VK_SUCCESS) keepDriversLoaded();
        }
    });
    if (result != VK_SUCCESS)
        fail(Error::Kind::Unsupported, "no Vulkan loader found (libvulkan.so.1): install libvulkan1");
}

template <class T>
T load(VkInstance instance, PFN_vkGetInstanceProcAddr gipa, const char* name) {
    return reinterpret_cast<T>(gipa(instance, name));
}

InstanceFunctions loadInstanceFunctions(VkInstance instance, PFN_vkGetInstanceProcAddr gipa) {
    InstanceFunctions f;
    f.destroyInstance = load<PFN_vkDestroyInstance>(instance, gipa, "vkDestroyInstance");
    f.enumeratePhysicalDevices = load<PFN_vkEnumeratePhysicalDevices>(instance, gipa, "vkEnumeratePhysicalDevices");
    f.getProperties = load<PFN_vkGetPhysicalDeviceProperties>(instance, gipa, "vkGetPhysicalDeviceProperties");
    f.getProperties2 = load<PFN_vkGetPhysicalDeviceProperties2>(instance, gipa, "vkGetPhysicalDeviceProperties2");
    f.getFeatures2 = load<PFN_vkGetPhysicalDeviceFeatures2>(instance, gipa, "vkGetPhysicalDeviceFeatures2");
    f.getMemoryProperties =
        load<PFN_vkGetPhysicalDeviceMemoryProperties>(instance, gipa, "vkGetPhysicalDeviceMemoryProperties");
    f.getQueueFamilyProperties = load<PFN_vkGetPhysicalDeviceQueueFamilyProperties>(
        instance, gipa, "vkGetPhysicalDeviceQueueFamilyProperties");
    f.enumerateDeviceExtensions =
        load<PFN_vkEnumerateDeviceExtensionProperties>(instance, gipa, "vkEnumerateDeviceExtensionProperties");
    f.createDevice = load<PFN_vkCreateDevice>(instance, gipa, "vkCreateDevice");
    f.getDeviceProcAddr = load<PFN_vkGetDeviceProcAddr>(instance, gipa, "vkGetDeviceProcAddr");
    f.createDebugMessenger = load<PFN_vkCreateDebugUtilsMessengerEXT>(instance, gipa, "vkCreateDebugUtilsMessengerEXT");
    f.destroyDebugMessenger =
        load<PFN_vkDestroyDebugUtilsMessengerEXT>(instance, gipa, "vkDestroyDebugUtilsMessengerEXT");
    f.getCooperativeMatrixProperties = load<PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV>(
        instance, gipa, "vkGetPhysicalDeviceCooperativeMatrixPropertiesNV");
    if (!f.getProperties2 || !f.getFeatures2)
        fail(Error::Kind::Unsupported, "the Vulkan instance lacks Vulkan 1.1 (vkGetPhysicalDeviceProperties2)");
    return f;
}

bool hasLayer(const char* name) {
    uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    for (const auto& layer : layers)
        if (std::strcmp(layer.layerName, name) == 0) return true;
    return false;
}

bool hasInstanceExtension(const char* name, const char* layer = nullptr) {
    uint32_t count = 0;
    vkEnumerateInstanceExtensionProperties(layer, &count, nullptr);
    std::vector<VkExtensionProperties> exts(count);
    vkEnumerateInstanceExtensionProperties(layer, &count, exts.data());
    for (const auto& ext : exts)
        if (std::strcmp(ext.extensionName, name) == 0) return true;
    return false;
}

std::vector<std::string> deviceExtensions(const InstanceFunctions& f, VkPhysicalDevice physical) {
    uint32_t count = 0;
    f.enumerateDeviceExtensions(physical, nullptr, &count, nullptr);
    std::vector<VkExtensionProperties> exts(count);
    f.enumerateDeviceExtensions(physical, nullptr, &count, exts.data());
    std::vector<std::string> names;
    for (const auto& ext : exts) names.emplace_back(ext.extensionName);
    return names;
}

// volk's table loader goes through its global vkGetDeviceProcAddr; set it once from the loader and load under a lock.
void loadDeviceTable(VolkDeviceTable* table, VkDevice device, PFN_vkGetDeviceProcAddr getDeviceProcAddr) {
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    if (!vkGetDeviceProcAddr) vkGetDeviceProcAddr = getDeviceProcAddr;
    volkLoadDeviceTable(table, device);
}

bool contains(const std::vector<std::string>& names, const char* name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Whether the device lists a subgroup-scope cooperative-matrix shape M x N x K multiplying `in` into `sum`
// (AdapterCaps: the FLOAT16 GEMM kernel's and the integer multiplies' shapes).
bool hasCooperativeShape(const InstanceFunctions& f, VkPhysicalDevice physical, uint32_t k, VkComponentTypeNV in,
                         VkComponentTypeNV sum) {
    uint32_t count = 0;
    if (f.getCooperativeMatrixProperties(physical, &count, nullptr) != VK_SUCCESS) return false;
    std::vector<VkCooperativeMatrixPropertiesNV> shapes(count, {VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV});
    if (f.getCooperativeMatrixProperties(physical, &count, shapes.data()) != VK_SUCCESS) return false;
    for (const VkCooperativeMatrixPropertiesNV& s : shapes)
        if (s.MSize == 16 && s.NSize == 16 && s.KSize == k && s.AType == in && s.BType == in && s.CType == sum &&
            s.DType == sum && s.scope == VK_SCOPE_SUBGROUP_NV)
            return true;
    return false;
}

AdapterCaps queryCaps(const InstanceFunctions& f, VkPhysicalDevice physical, uint32_t index, const Options& options) {
    AdapterCaps caps;
    caps.index = index;
    caps.physical = physical;
    f.getProperties(physical, &caps.properties);
    const uint32_t api = caps.properties.apiVersion;
    const auto exts = deviceExtensions(f, physical);
    caps.hasDriverProperties = api >= VK_API_VERSION_1_2 || contains(exts, "VK_KHR_driver_properties");
    caps.hasFloat16Int8 = api >= VK_API_VERSION_1_2 || contains(exts, "VK_KHR_shader_float16_int8");
    caps.hasFloatControls = api >= VK_API_VERSION_1_2 || contains(exts, "VK_KHR_shader_float_controls");
    caps.pushDescriptors = contains(exts, "VK_KHR_push_descriptor") && !options.disablePushDescriptors;

    VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceFloatControlsProperties floatControls{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
    VkPhysicalDeviceSubgroupProperties subgroup{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceIDProperties ids{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
    VkPhysicalDeviceMaintenance3Properties maintenance3{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
    VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    props2.pNext = &subgroup;
    subgroup.pNext = &ids;
    ids.pNext = &maintenance3;
    void** tail = &maintenance3.pNext;
    if (caps.hasDriverProperties) {
        *tail = &driver;
        tail = &driver.pNext;
    }
    if (caps.hasFloatControls) {
        *tail = &floatControls;
        tail = &floatControls.pNext;
    }
    f.getProperties2(physical, &props2);
    caps.subgroupSize = std::max(1u, subgroup.subgroupSize);
    const VkSubgroupFeatureFlags shuffles = VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT;
    caps.subgroupShuffles = api >= VK_API_VERSION_1_1 && (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
                            (subgroup.supportedOperations & shuffles) == shuffles;
    std::memcpy(caps.uuid, ids.deviceUUID, sizeof(caps.uuid));
    caps.maxMemoryAllocationSize = maintenance3.maxMemoryAllocationSize;
    if (caps.hasDriverProperties) {
        caps.driverId = driver.driverID;
        caps.driverName = driver.driverName;
        caps.driverInfo = driver.driverInfo;
    }
    caps.denormPreserveFloat32 = caps.hasFloatControls && floatControls.shaderDenormPreserveFloat32;
#if defined(__x86_64__) || defined(_M_X64)
    caps.exactDivSqrt = caps.driverId == VK_DRIVER_ID_MESA_LLVMPIPE && !options.forceCorrectDivSqrt;
#endif
    if (caps.hasFloatControls && !options.disableFloatControls) {
        caps.floatControls.signedZeroInfNanPreserve16 = floatControls.shaderSignedZeroInfNanPreserveFloat16;
        caps.floatControls.signedZeroInfNanPreserve32 = floatControls.shaderSignedZeroInfNanPreserveFloat32;
        caps.floatControls.signedZeroInfNanPreserve64 = floatControls.shaderSignedZeroInfNanPreserveFloat64;
    }

    VkPhysicalDevice16BitStorageFeatures storage16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
    VkPhysicalDeviceShaderFloat16Int8Features float16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
    VkPhysicalDeviceTimelineSemaphoreFeatures timeline{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
    VkPhysicalDeviceVulkanMemoryModelFeatures memoryModel{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES};
    VkPhysicalDeviceCooperativeMatrixFeaturesNV cooperative{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV};
    uint32_t loaderVersion = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&loaderVersion);
    const bool cooperativeCandidate = api >= VK_API_VERSION_1_2 && loaderVersion >= VK_API_VERSION_1_2 &&
                                      contains(exts, VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME) &&
                                      f.getCooperativeMatrixProperties && !options.disableCooperativeMatrix;
    VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    features2.pNext = &storage16;
    if (caps.hasFloat16Int8) storage16.pNext = &float16;
    if (api >= VK_API_VERSION_1_2) float16.pNext = &timeline;
    if (cooperativeCandidate) {
        timeline.pNext = &memoryModel;
        memoryModel.pNext = &cooperative;
    }
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executable{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
    const bool statisticsCandidate =
        options.pipelineStatistics && contains(exts, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    if (statisticsCandidate) {
        executable.pNext = features2.pNext;
        features2.pNext = &executable;
    }
    f.getFeatures2(physical, &features2);
    caps.pipelineStatistics = statisticsCandidate && executable.pipelineExecutableInfo;
    const bool cooperativeMatrices = cooperativeCandidate && cooperative.cooperativeMatrix && memoryModel.vulkanMemoryModel;
    caps.cooperativeMatrix16 = cooperativeMatrices && float16.shaderFloat16 &&
                               hasCooperativeShape(f, physical, 16, VK_COMPONENT_TYPE_FLOAT16_NV, VK_COMPONENT_TYPE_FLOAT32_NV);
    caps.cooperativeMatrixInt8 = cooperativeMatrices && float16.shaderInt8 &&
                                 hasCooperativeShape(f, physical, 32, VK_COMPONENT_TYPE_SINT8_NV, VK_COMPONENT_TYPE_SINT32_NV);
    caps.timelineSemaphores =
        api >= VK_API_VERSION_1_2 && timeline.timelineSemaphore && !options.disableTimeline;
    caps.storage16Bit = storage16.storageBuffer16BitAccess && !options.disable16BitStorage;
    caps.float16Arithmetic = caps.hasFloat16Int8 && float16.shaderFloat16;
    caps.float64 = features2.features.shaderFloat64 && !options.disableFloat64;
    caps.int64 = features2.features.shaderInt64;
    caps.wideWords = caps.int64 && caps.driverId == VK_DRIVER_ID_MESA_LLVMPIPE && !options.force32BitWords;
    caps.float64Math = caps.float64 && caps.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;

    VkPhysicalDeviceMemoryProperties memory;
    f.getMemoryProperties(physical, &memory);
    for (uint32_t i = 0; i < memory.memoryHeapCount; ++i)
        if (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
            caps.deviceLocalBytes += memory.memoryHeaps[i].size;
    return caps;
}

int typeRank(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
        default: return 4;
    }
}

std::vector<AdapterCaps> listAdapters(const InstanceFunctions& f, VkInstance instance, const Options& options) {
    uint32_t count = 0;
    check(f.enumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices");
    std::vector<VkPhysicalDevice> devices(count);
    check(f.enumeratePhysicalDevices(instance, &count, devices.data()), "vkEnumeratePhysicalDevices");
    std::vector<AdapterCaps> adapters;
    for (uint32_t i = 0; i < count; ++i) {
        VkPhysicalDeviceProperties props;
        f.getProperties(devices[i], &props);
        if (props.apiVersion < VK_API_VERSION_1_1) continue;  // vkdml needs Vulkan 1.1
        adapters.push_back(queryCaps(f, devices[i], static_cast<uint32_t>(adapters.size()), options));
    }
    return adapters;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

VkInstance createBareInstance(bool validation, bool debugUtils, bool syncValidation) {
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vkdml";
    app.pEngineName = "vkdml";
    app.apiVersion = VK_API_VERSION_1_1;
    uint32_t loaderVersion = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&loaderVersion);
    if (loaderVersion >= VK_API_VERSION_1_2) app.apiVersion = VK_API_VERSION_1_2;
    if (loaderVersion < VK_API_VERSION_1_1)
        fail(Error::Kind::Unsupported, "the Vulkan loader supports only Vulkan 1.0; vkdml needs 1.1");

    std::vector<const char*> layers, extensions;
    if (validation) layers.push_back(kValidationLayer);
    if (debugUtils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    if (hasInstanceExtension(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME)) {
        extensions.push_back(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
        info.flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
    }
    info.enabledLayerCount = static_cast<uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();

    VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = enables;
    if (validation && syncValidation) info.pNext = &features;

    VkInstance instance = VK_NULL_HANDLE;
    check(allocating([&] { return vkCreateInstance(&info, nullptr, &instance); }), "vkCreateInstance");
    return instance;
}

}  // namespace

std::vector<AdapterCaps> Context::enumerateAdapters(const Options& options) {
    initLoader(nullptr);
    VkInstance instance = createBareInstance(false, false, false);
    InstanceFunctions f = loadInstanceFunctions(instance, vkGetInstanceProcAddr);
    std::vector<AdapterCaps> adapters;
    try {
        adapters = listAdapters(f, instance, options);
    } catch (...) {
        f.destroyInstance(instance, nullptr);
        throw;
    }
    f.destroyInstance(instance, nullptr);
    for (auto& adapter : adapters) adapter.physical = VK_NULL_HANDLE;  // the instance is gone
    return adapters;
}

std::unique_ptr<Context> Context::create(const ContextDesc& desc) {
    std::unique_ptr<Context> ctx(new Context());
    ctx->onValidationMessage_ = desc.onValidationMessage;
    ctx->options_ = desc.options;
    if (desc.device) {
        ctx->adoptInterop(desc);
        return ctx;
    }
    ctx->createInstance(desc);
    ctx->pickAdapter(desc.adapterIndex);
    ctx->createDevice();
    return ctx;
}

void Context::createInstance(const ContextDesc& desc) {
    initLoader(nullptr);
    validation_ = desc.debug && hasLayer(kValidationLayer);
    bool debugUtils = validation_ && (hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
                                      hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME, kValidationLayer));
    instance_ = createBareInstance(validation_, debugUtils, desc.options.syncValidation);
    ownsInstance_ = true;
    ifn_ = loadInstanceFunctions(instance_, vkGetInstanceProcAddr);
    if (debugUtils && ifn_.createDebugMessenger) {
        VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
        info.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
        info.pfnUserCallback = &Context::debugCallback;
        info.pUserData = this;
        check(ifn_.createDebugMessenger(instance_, &info, nullptr, &messenger_), "vkCreateDebugUtilsMessengerEXT");
    }
}

void Context::pickAdapter(int adapterIndex) {
    std::vector<AdapterCaps> adapters = listAdapters(ifn_, instance_, options_);
    if (adapters.empty()) fail(Error::Kind::Unsupported, "no Vulkan 1.1 adapter found (install mesa-vulkan-drivers)");
    if (adapterIndex >= 0) {
        if (static_cast<size_t>(adapterIndex) >= adapters.size())
            fail(Error::Kind::InvalidArgument, "AdapterIndex " + std::to_string(adapterIndex) + " is out of range: " +
                                                   std::to_string(adapters.size()) + " adapter(s)");
        caps_ = adapters[adapterIndex];
        return;
    }
    if (const char* env = options_.adapter.c_str(); *env) {
        char* end = nullptr;
        long index = std::strtol(env, &end, 10);
        if (end && *end == '\0') {
            if (index < 0 || static_cast<size_t>(index) >= adapters.size())
                fail(Error::Kind::InvalidArgument, std::string("VKDML_ADAPTER=") + env + " is out of range: " +
                                                       std::to_string(adapters.size()) + " adapter(s)");
            caps_ = adapters[index];
            return;
        }
        for (const auto& adapter : adapters) {
            if (lower(adapter.properties.deviceName).find(lower(env)) != std::string::npos) {
                caps_ = adapter;
                return;
            }
        }
        fail(Error::Kind::InvalidArgument, std::string("VKDML_ADAPTER=") + env + " matches no adapter name");
    }
    caps_ = *std::min_element(adapters.begin(), adapters.end(), [](const AdapterCaps& a, const AdapterCaps& b) {
        return typeRank(a.properties.deviceType) < typeRank(b.properties.deviceType);
    });
}

void Context::createDevice() {
    uint32_t familyCount = 0;
    ifn_.getQueueFamilyProperties(caps_.physical, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    ifn_.getQueueFamilyProperties(caps_.physical, &familyCount, families.data());
    // Prefer a compute-only family (async compute), else any family with compute.
    int chosen = -1;
    for (uint32_t i = 0; i < familyCount; ++i) {
        if (!(families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)) continue;
        if (chosen < 0 || !(families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
            if (chosen < 0 || families[i].timestampValidBits >= families[chosen].timestampValidBits) chosen = int(i);
        }
    }
    if (chosen < 0)
        fail(Error::Kind::Unsupported, std::string(caps_.properties.deviceName) + " has no compute queue");
    queueFamily_ = static_cast<uint32_t>(chosen);
    timestampValidBits_ = families[queueFamily_].timestampValidBits;

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = queueFamily_;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;

    const auto available = deviceExtensions(ifn_, caps_.physical);
    std::vector<const char*> extensions;
    if (caps_.pushDescriptors) extensions.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
    if (contains(available, "VK_KHR_portability_subset")) extensions.push_back("VK_KHR_portability_subset");

    VkPhysicalDevice16BitStorageFeatures storage16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
    storage16.storageBuffer16BitAccess = caps_.storage16Bit ? VK_TRUE : VK_FALSE;
    VkPhysicalDeviceTimelineSemaphoreFeatures timeline{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
    timeline.timelineSemaphore = VK_TRUE;
    if (caps_.timelineSemaphores) storage16.pNext = &timeline;
    // GEMM's cooperative-matrix kernels (AdapterCaps::cooperativeMatrix16, cooperativeMatrixInt8).
    VkPhysicalDeviceShaderFloat16Int8Features float16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
    float16.shaderFloat16 = caps_.cooperativeMatrix16 ? VK_TRUE : VK_FALSE;
    float16.shaderInt8 = caps_.cooperativeMatrixInt8 ? VK_TRUE : VK_FALSE;
    VkPhysicalDeviceVulkanMemoryModelFeatures memoryModel{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES};
    memoryModel.vulkanMemoryModel = VK_TRUE;
    VkPhysicalDeviceCooperativeMatrixFeaturesNV cooperative{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV};
    cooperative.cooperativeMatrix = VK_TRUE;
    if (caps_.cooperativeMatrix16 || caps_.cooperativeMatrixInt8) {
        extensions.push_back(VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME);
        float16.pNext = &memoryModel;
        memoryModel.pNext = &cooperative;
        cooperative.pNext = storage16.pNext;
        storage16.pNext = &float16;
    }
    VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    features2.pNext = &storage16;
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executable{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
    if (caps_.pipelineStatistics) {
        extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
        executable.pipelineExecutableInfo = VK_TRUE;
        executable.pNext = features2.pNext;
        features2.pNext = &executable;
    }
    features2.features.shaderInt16 = VK_FALSE;
    features2.features.shaderInt64 = caps_.int64 ? VK_TRUE : VK_FALSE;  // integer SHRINK computes in 64 bits
    // The *_d kernel variants and the general kernels over FLOAT64 tensors.
    features2.features.shaderFloat64 = caps_.float64 ? VK_TRUE : VK_FALSE;

    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = &features2;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    check(allocating([&] { return ifn_.createDevice(caps_.physical, &info, nullptr, &device_); }), "vkCreateDevice");
    ownsDevice_ = true;
    loadDeviceTable(&table_, device_, ifn_.getDeviceProcAddr);
    table_.vkGetDeviceQueue(device_, queueFamily_, 0, &queue_);
    ifn_.getMemoryProperties(caps_.physical, &memory_);
}

void Context::adoptInterop(const ContextDesc& desc) {
    if (!desc.instance || !desc.physicalDevice || !desc.queue || !desc.getInstanceProcAddr)
        fail(Error::Kind::InvalidArgument,
             "interop: Device is set, so Instance, PhysicalDevice, Queue and GetInstanceProcAddr must be too");
    initLoader(desc.getInstanceProcAddr);
    instance_ = desc.instance;
    ifn_ = loadInstanceFunctions(instance_, desc.getInstanceProcAddr);
    uint32_t count = 0;
    check(ifn_.enumeratePhysicalDevices(instance_, &count, nullptr), "vkEnumeratePhysicalDevices");
    caps_ = queryCaps(ifn_, desc.physicalDevice, 0, options_);
    device_ = desc.device;
    // The application decides what it enabled. A device-level command of an extension that is not enabled is not
    // returned by vkGetDeviceProcAddr; features cannot be queried, so neither 16-bit storage nor 64-bit integers
    // or floats are assumed.
    caps_.pushDescriptors = caps_.pushDescriptors &&
                            ifn_.getDeviceProcAddr(device_, "vkCmdPushDescriptorSetKHR") != nullptr;
    caps_.storage16Bit = false;
    caps_.cooperativeMatrix16 = false;
    caps_.cooperativeMatrixInt8 = false;
    caps_.pipelineStatistics = false;
    caps_.int64 = false;
    caps_.wideWords = false;
    caps_.float64Math = false;
    caps_.timelineSemaphores = false;
    queue_ = desc.queue;
    queueFamily_ = desc.queueFamilyIndex;
    uint32_t familyCount = 0;
    ifn_.getQueueFamilyProperties(caps_.physical, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    ifn_.getQueueFamilyProperties(caps_.physical, &familyCount, families.data());
    if (queueFamily_ >= familyCount || !(families[queueFamily_].queueFlags & VK_QUEUE_COMPUTE_BIT))
        fail(Error::Kind::InvalidArgument,
             "interop: QueueFamilyIndex " + std::to_string(queueFamily_) + " is not a compute queue family");
    timestampValidBits_ = families[queueFamily_].timestampValidBits;
    // Device functions come from the application's device through vkGetDeviceProcAddr.
    loadDeviceTable(&table_, device_, ifn_.getDeviceProcAddr);
    ifn_.getMemoryProperties(caps_.physical, &memory_);
}

Context::~Context() {
    if (ownsDevice_ && device_) {
        table_.vkDeviceWaitIdle(device_);
        table_.vkDestroyDevice(device_, nullptr);
    }
    if (messenger_) ifn_.destroyDebugMessenger(instance_, messenger_, nullptr);
    if (ownsInstance_ && instance_) ifn_.destroyInstance(instance_, nullptr);
}

VKAPI_ATTR VkBool32 VKAPI_CALL Context::debugCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                      VkDebugUtilsMessageTypeFlagsEXT,
                                                      const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    auto* self = static_cast<Context*>(user);
    int level = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)     ? 0
                : (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) ? 1
                                                                                : 2;
    if (self->onValidationMessage_) self->onValidationMessage_(level, data && data->pMessage ? data->pMessage : "");
    return VK_FALSE;
}

}  // namespace vkdml::vk
