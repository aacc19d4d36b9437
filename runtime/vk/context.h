// A Vulkan instance, physical device, logical device and compute queue with the capabilities vkdml uses, either
// created by vkdml or borrowed from the application (interop).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vk/float_controls.h"
#include "vk/options.h"
#include "vk/vulkan.h"

namespace vkdml::vk {

struct InstanceFunctions {
    PFN_vkDestroyInstance destroyInstance = nullptr;
    PFN_vkEnumeratePhysicalDevices enumeratePhysicalDevices = nullptr;
    PFN_vkGetPhysicalDeviceProperties getProperties = nullptr;
    PFN_vkGetPhysicalDeviceProperties2 getProperties2 = nullptr;
    PFN_vkGetPhysicalDeviceFeatures2 getFeatures2 = nullptr;
    PFN_vkGetPhysicalDeviceMemoryProperties getMemoryProperties = nullptr;
    PFN_vkGetPhysicalDeviceQueueFamilyProperties getQueueFamilyProperties = nullptr;
    PFN_vkEnumerateDeviceExtensionProperties enumerateDeviceExtensions = nullptr;
    PFN_vkCreateDevice createDevice = nullptr;
    PFN_vkGetDeviceProcAddr getDeviceProcAddr = nullptr;
    PFN_vkCreateDebugUtilsMessengerEXT createDebugMessenger = nullptr;
    PFN_vkDestroyDebugUtilsMessengerEXT destroyDebugMessenger = nullptr;
    PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV getCooperativeMatrixProperties = nullptr;  // may be null
};

// What vkdml needs to know about a physical device (also what vkdmlGetAdapterInfo reports).
struct AdapterCaps {
    uint32_t index = 0;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkPhysicalDeviceProperties properties{};
    std::string driverName, driverInfo;
    uint32_t driverId = 0;
    bool float16Arithmetic = false;
    bool storage16Bit = false;
    bool float64 = false;
    bool int64 = false;
    // Kernels that compute in double are chosen (and shaderFloat64 enabled): on CPU devices only, where double SIMD
    // runs at half the float rate at worst; many GPUs run fp64 at 1/32 or 1/64 of fp32, where the float path is the
    // faster one (VKDML_DISABLE_FLOAT64=1 turns it off for tests).
    bool float64Math = false;
    bool pushDescriptors = false;
    bool timelineSemaphores = false;  // Vulkan 1.2 core feature
    bool denormPreserveFloat32 = false;
    // OpFDiv and sqrt are correctly rounded (subnormal operands and results included), so vk_div_cr/vk_sqrt_cr take
    // them as they are (VKDML_EXACT_DIV_SQRT): llvmpipe on x86-64 only, whose fdiv and fsqrt are LLVM's fdiv and
    // llvm.sqrt (gallivm lp_build_div/lp_build_rcp/lp_build_sqrt), that is DIVPS and SQRTPS; measured bit-exact
    // by tests/ops/divsqrt_exact_test.cpp. VKDML_FORCE_CR_DIVSQRT=1 turns it off (tests run the integer path too).
    bool exactDivSqrt = false;
    // fp16 <-> fp32 by the driver's own conversions in vk_float_from_half_bits and vk_half_bits_from_float
    // (VKDML_NATIVE_HALF), where a probe on the device found them giving the integer forms' bits (core/device_probes.h:
    // every half, every halfway point and its neighbours; llvmpipe with F16C, measured identical on all 2^32 inputs
    // too, tests/ops/family_cast_test.cpp). 1.3-2.5x faster fp16 kernels on llvmpipe; on GPUs the integer form costs
    // about 55 integer instructions per element. VKDML_FORCE_INTEGER_HALF=1 turns it off (tests run the integer path).
    bool nativeHalf = false;
    // Kernels move 16-byte vectors of packed tensors as two 64-bit words (ElementwiseProgram::wideWords): llvmpipe,
    // with shaderInt64. Its storage-buffer loads and stores run one component of one lane at a time, so 64-bit
    // components halve their count: ADD f32 1.7x faster. VKDML_FORCE_32BIT_WORDS=1 turns it off (tests run both).
    bool wideWords = false;
    // fma() is one operation rounded once, as probed on the device when it is created (core/device_probes.h; forced by
    // VKDML_FUSED_FMA): kernels then take the math library's VKDML_FUSED_FMA forms (fma Horner polynomials, exact
    // products and residuals in one fma).
    bool fusedFma = false;
    // Tests only (VKDML_FUSED_FMA=1 on a device whose fma() is not fused, such as lavapipe): the fused forms with a
    // correctly rounded fma computed in double (VKDML_EMULATED_FMA), so that they run and are checked without a GPU.
    bool emulatedFma = false;
    // VK_NV_cooperative_matrix with a subgroup-scope 16 x 16 x 16 shape multiplying FLOAT16 A and B into FLOAT32
    // accumulators, on a Vulkan 1.2 device with shaderFloat16 and vulkanMemoryModel (glslang writes cooperative-matrix
    // shaders in the Vulkan memory model): all three are then enabled on the device, and FLOAT16 GEMM may take the
    // cooperative-matrix kernel (ops/gemm). VKDML_DISABLE_COOPERATIVE_MATRIX=1 turns it off.
    bool cooperativeMatrix16 = false;
    // VK_NV_cooperative_matrix with a subgroup-scope 16 x 16 x 32 shape multiplying INT8 A and B into INT32
    // accumulators, on a Vulkan 1.2 device with shaderInt8 and vulkanMemoryModel: the integer multiplies' 8-bit A and B
    // may then take the cooperative-matrix kernel (UINT8 operands shifted into INT8's range, ops/gemm).
    // VKDML_DISABLE_COOPERATIVE_MATRIX=1 turns it off too.
    bool cooperativeMatrixInt8 = false;
    // VK_KHR_pipeline_executable_properties, enabled only when Options::pipelineStatistics asks for it.
    bool pipelineStatistics = false;
    FloatControlSupport floatControls;  // SignedZeroInfNanPreserve per width
    bool hasDriverProperties = false;
    bool hasFloat16Int8 = false;
    bool hasFloatControls = false;
    uint32_t subgroupSize = 1;
    bool subgroupShuffles = false;  // compute shaders have subgroupShuffle and subgroupShuffleDown
    uint64_t deviceLocalBytes = 0;
    uint64_t maxMemoryAllocationSize = 0;
    uint8_t uuid[16] = {};
};

struct ContextDesc {
    bool debug = false;        // VK_LAYER_KHRONOS_validation (+ synchronization validation) when installed
    int adapterIndex = -1;     // -1: options.adapter, else discrete > integrated > virtual > CPU
    Options options;
    // Interop: when device != null every field below is the application's and is not destroyed by vkdml.
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex = 0;
    PFN_vkGetInstanceProcAddr getInstanceProcAddr = nullptr;
    // Receives validation-layer messages (severity 0 error, 1 warning, 2 info).
    std::function<void(int severity, const char* message)> onValidationMessage;
};

class Context {
public:
    static std::unique_ptr<Context> create(const ContextDesc& desc);
    // Every adapter a new instance can see, in index order (for vkdmlEnumerateAdapters and vkdml-info).
    static std::vector<AdapterCaps> enumerateAdapters(const Options& options);
    ~Context();

    VkInstance instance() const { return instance_; }
    VkPhysicalDevice physicalDevice() const { return caps_.physical; }
    VkDevice device() const { return device_; }
    VkQueue queue() const { return queue_; }
    uint32_t queueFamily() const { return queueFamily_; }
    const VolkDeviceTable& fn() const { return table_; }
    const AdapterCaps& caps() const { return caps_; }
    const Options& options() const { return options_; }
    const VkPhysicalDeviceLimits& limits() const { return caps_.properties.limits; }
    const VkPhysicalDeviceMemoryProperties& memory() const { return memory_; }
    bool timestampsSupported() const { return timestampValidBits_ != 0; }
    uint32_t timestampValidBits() const { return timestampValidBits_; }
    float timestampPeriodNs() const { return caps_.properties.limits.timestampPeriod; }
    bool validationEnabled() const { return validation_; }
    // Set once by the device that owns the context, before anything is compiled (probeFusedFma).
    // Emulated, the device also behaves as a GPU does in its other choice: float forms, no double math.
    void setFmaForms(bool fused, bool emulated) {
        caps_.fusedFma = fused;
        caps_.emulatedFma = emulated;
        if (emulated) caps_.float64Math = false;
    }
    // Set once by the device that owns the context, before anything is compiled (probeNativeHalf).
    void setNativeHalf(bool native) { caps_.nativeHalf = native; }
    // vkQueueSubmit on a shared queue must be externally synchronized.
    std::mutex& queueMutex() { return queueMutex_; }

private:
    Context() = default;
    void createInstance(const ContextDesc& desc);
    void pickAdapter(int adapterIndex);
    void createDevice();
    void adoptInterop(const ContextDesc& desc);

    bool ownsInstance_ = false;
    bool ownsDevice_ = false;
    bool validation_ = false;
    VkInstance instance_ = VK_NULL_HANDLE;
    InstanceFunctions ifn_;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    std::function<void(int, const char*)> onValidationMessage_;
    Options options_;
    AdapterCaps caps_;
    VkPhysicalDeviceMemoryProperties memory_{};
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    uint32_t queueFamily_ = 0;
    uint32_t timestampValidBits_ = 0;
    VolkDeviceTable table_{};
    std::mutex queueMutex_;

    static VKAPI_ATTR VkBool32 VKAPI_CALL debugCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                        VkDebugUtilsMessageTypeFlagsEXT types,
                                                        const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                        void* user);
};

}  // namespace vkdml::vk
