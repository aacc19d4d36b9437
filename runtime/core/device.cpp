#include "core/device.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/binding_table.h"
#include "core/command_list.h"
#include "core/device_probes.h"
#include "core/error.h"
#include "core/raw_value.h"
#include "dml/feature_levels.h"
#include "dml/tensor.h"
#include "vk/error.h"
#include "vk/recording.h"

namespace vkdml {

namespace {

// Fills `info` from adapter capabilities (vkdmlGetAdapterInfo and vkdmlEnumerateAdapters).
void fillAdapterInfo(const vk::AdapterCaps& caps, VKDML_ADAPTER_INFO* info) {
    std::memset(info, 0, sizeof(*info));
    const auto& p = caps.properties;
    std::snprintf(info->Name, sizeof(info->Name), "%s", p.deviceName);
    info->AdapterIndex = caps.index;
    info->VendorId = p.vendorID;
    info->DeviceId = p.deviceID;
    info->DeviceType = p.deviceType;
    info->VulkanApiVersion = p.apiVersion;
    info->DriverVersion = p.driverVersion;
    info->DriverId = caps.driverId;
    std::snprintf(info->DriverName, sizeof(info->DriverName), "%s", caps.driverName.c_str());
    std::snprintf(info->DriverInfo, sizeof(info->DriverInfo), "%s", caps.driverInfo.c_str());
    std::memcpy(info->DeviceUUID, caps.uuid, sizeof(info->DeviceUUID));
    info->SupportsFloat16Arithmetic = caps.float16Arithmetic;
    info->Supports16BitStorage = caps.storage16Bit;
    info->SupportsFloat64 = caps.float64;
    info->SupportsInt64 = caps.int64;
    info->SupportsPushDescriptors = caps.pushDescriptors;
    info->SupportsDenormPreserveFloat32 = caps.denormPreserveFloat32;
    info->SubgroupSize = caps.subgroupSize;
    for (int i = 0; i < 3; ++i) info->MaxComputeWorkGroupCount[i] = p.limits.maxComputeWorkGroupCount[i];
    info->MaxComputeWorkGroupInvocations = p.limits.maxComputeWorkGroupInvocations;
    info->MaxStorageBufferRange = p.limits.maxStorageBufferRange;
    info->MinStorageBufferOffsetAlignment = p.limits.minStorageBufferOffsetAlignment;
    info->DeviceLocalMemoryBytes = caps.deviceLocalBytes;
}

}  // namespace

const char* objectKindName(ObjectKind kind) {
    switch (kind) {
        case ObjectKind::Device: return "VkdmlDevice";
        case ObjectKind::Operator: return "VkdmlOperator";
        case ObjectKind::Dispatchable: return "VkdmlDispatchable";
        case ObjectKind::BindingTable: return "VkdmlBindingTable";
        case ObjectKind::Buffer: return "VkdmlBuffer";
        case ObjectKind::CommandList: return "VkdmlCommandList";
    }
    return "object";
}

Device* Device::create(const VKDML_DEVICE_DESC* desc) {
    VKDML_DEVICE_DESC defaults{};
    defaults.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    const VKDML_DEVICE_DESC& d = desc ? *desc : defaults;

    const uint32_t flags = rawValue(d.Flags);
    require((flags & ~uint32_t(DML_CREATE_DEVICE_FLAG_DEBUG)) == 0,
            "VKDML_DEVICE_DESC.Flags = " + std::to_string(flags) + " has unknown bits");
    const uint32_t maxRaw = rawValue(d.MaximumFeatureLevel), minRaw = rawValue(d.MinimumFeatureLevel);
    require(maxRaw == 0 || dml::isFeatureLevel(maxRaw),
            "VKDML_DEVICE_DESC.MaximumFeatureLevel = " + dml::featureLevelName(maxRaw) + " is not a DML_FEATURE_LEVEL");
    require(minRaw == 0 || dml::isFeatureLevel(minRaw),
            "VKDML_DEVICE_DESC.MinimumFeatureLevel = " + dml::featureLevelName(minRaw) + " is not a DML_FEATURE_LEVEL");
    const DML_FEATURE_LEVEL maxLevel = maxRaw ? static_cast<DML_FEATURE_LEVEL>(maxRaw) : dml::kHighestFeatureLevel;
    const DML_FEATURE_LEVEL minLevel = minRaw ? static_cast<DML_FEATURE_LEVEL>(minRaw) : DML_FEATURE_LEVEL_1_0;
    if (minLevel > maxLevel)
        fail(DXGI_ERROR_UNSUPPORTED, "VKDML_DEVICE_DESC.MinimumFeatureLevel " + dml::featureLevelName(minLevel) +
                                         " is above the highest level this device provides (" +
                                         dml::featureLevelName(maxLevel) + ")");
    require(d.AdapterIndex >= VKDML_ADAPTER_INDEX_DEFAULT,
            "VKDML_DEVICE_DESC.AdapterIndex = " + std::to_string(d.AdapterIndex) + ": use -1 or an adapter index");

    std::unique_ptr<Device> device(new Device());
    device->options_ = Options::fromEnvironment();
    device->featureLevel_ = maxLevel;
    device->debug_ = (flags & DML_CREATE_DEVICE_FLAG_DEBUG) != 0;
    device->callback_ = d.MessageCallback;
    device->callbackUserData_ = d.MessageUserData;

    vk::ContextDesc cd;
    cd.debug = device->debug_;
    cd.adapterIndex = d.AdapterIndex;
    cd.instance = d.Instance;
    cd.physicalDevice = d.PhysicalDevice;
    cd.device = d.Device;
    cd.queue = d.Queue;
    cd.queueFamilyIndex = d.QueueFamilyIndex;
    cd.getInstanceProcAddr = d.GetInstanceProcAddr;
    cd.options = device->options_.vulkan;
    Device* raw = device.get();
    cd.onValidationMessage = [raw](int severity, const char* message) {
        raw->report(static_cast<VKDML_MESSAGE_SEVERITY>(severity), S_OK, std::string("Vulkan validation: ") + message);
    };
    device->ctx_ = vk::Context::create(cd);
    if (device->debug_)
        device->report(VKDML_MESSAGE_SEVERITY_INFO, S_OK,
                       device->ctx_->validationEnabled()
                           ? "vkdml: Vulkan validation enabled (VK_LAYER_KHRONOS_validation)"
                           : "vkdml: DEBUG requested but VK_LAYER_KHRONOS_validation is not installed");
    device->pipelines_ = std::make_unique<vk::PipelineStore>(*device->ctx_, [raw](const std::string& message) {
        raw->report(VKDML_MESSAGE_SEVERITY_INFO, S_OK, message);
    });
    device->queue_ = std::make_unique<vk::Queue>(*device->ctx_);
    device->chooseFmaForms();
    device->chooseHalfConversions();
    return device.release();
}

void Device::chooseFmaForms() {
    const int forced = options_.vulkan.fusedFma;
    const bool fused = forced != 0 && probeFusedFma(*ctx_, *pipelines_, *queue_);
    std::string choice;
    if (forced == 0) {
        choice = "the forms for an unfused fma() (VKDML_FUSED_FMA=0)";
    } else if (forced < 0 || fused) {
        ctx_->setFmaForms(fused, false);
        choice = fused ? "the fused-fma forms: the device's fma() rounds once"
                       : "the forms for an unfused fma(): the device's fma() rounds twice";
    } else if (ctx_->caps().float64) {
        ctx_->setFmaForms(true, true);  // VKDML_FUSED_FMA=1 on an unfused device: tests, fma emulated in double
        choice = "the fused-fma forms with fma() emulated in double (VKDML_FUSED_FMA=1; the device's rounds twice)";
    } else {
        report(VKDML_MESSAGE_SEVERITY_WARNING, S_OK,
               "vkdml: VKDML_FUSED_FMA=1 ignored: this device's fma() is not fused and it has no shaderFloat64 to "
               "emulate one");
        choice = "the forms for an unfused fma()";
    }
    if (debug_) report(VKDML_MESSAGE_SEVERITY_INFO, S_OK, "vkdml: math library: " + choice);
}

void Device::chooseHalfConversions() {
    std::string choice = "the integer forms (VKDML_FORCE_INTEGER_HALF=1)";
    if (!options_.vulkan.forceIntegerHalf) {
        const bool native = probeNativeHalf(*ctx_, *pipelines_, *queue_);
        ctx_->setNativeHalf(native);
        choice = native ? "the driver's own: the probe found them giving the integer forms' bits"
                        : "the integer forms: the probe found the driver's giving other bits";
    }
    if (debug_) report(VKDML_MESSAGE_SEVERITY_INFO, S_OK, "vkdml: fp16 conversions: " + choice);
}

Device::~Device() {
    // Children hold references to the device, so nothing of it is in use; finish the GPU work before teardown.
    if (queue_) {
        try {
            queue_->waitIdle();
        } catch (const vk::Error&) {
        }
    }
    queue_.reset();
    pipelines_.reset();
    ctx_.reset();
}

void Device::report(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const std::string& message) {
    {
        std::lock_guard<std::recursive_mutex> lock(callbackMutex_);
        if (callback_) callback_(severity, hr, message.c_str(), callbackUserData_);
    }
    if (debug_) {
        static const char* const levels[] = {"error", "warning", "info"};
        std::fprintf(stderr, "vkdml %s (0x%08X): %s\n", levels[std::min<int>(severity, 2)], unsigned(hr),
                     message.c_str());
    }
}

void Device::setMessageCallback(VKDML_MESSAGE_CALLBACK callback, void* userData) {
    std::lock_guard<std::recursive_mutex> lock(callbackMutex_);
    callback_ = callback;
    callbackUserData_ = userData;
}

void Device::throwIfRemoved() const {
    HRESULT reason = removedReason_.load();
    if (reason != S_OK) fail(DXGI_ERROR_DEVICE_REMOVED, "the device was removed (reason 0x" + [&] {
        char text[16];
        std::snprintf(text, sizeof(text), "%08X", unsigned(reason));
        return std::string(text);
    }() + "); release it and create a new one");
}

void Device::markRemoved(HRESULT reason) {
    HRESULT expected = S_OK;
    removedReason_.compare_exchange_strong(expected, reason);
}

void Device::checkFeatureSupport(uint32_t feature, UINT querySize, const void* query, UINT dataSize,
                                 void* data) const {
    switch (feature) {
        case DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT: {
            require(query != nullptr && querySize == sizeof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT),
                    "CheckFeatureSupport(TENSOR_DATA_TYPE_SUPPORT): featureQueryDataSize = " +
                        std::to_string(querySize) + " must be " +
                        std::to_string(sizeof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT)) + " with a query");
            require(data != nullptr && dataSize == sizeof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT),
                    "CheckFeatureSupport(TENSOR_DATA_TYPE_SUPPORT): featureSupportDataSize = " +
                        std::to_string(dataSize) + " must be " +
                        std::to_string(sizeof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT)) + " with a buffer");
            const auto& typeQuery = *static_cast<const DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT*>(query);
            const uint32_t raw = rawValue(typeQuery.DataType);
            require(raw != DML_TENSOR_DATA_TYPE_UNKNOWN && dml::isDataType(raw),
                    "CheckFeatureSupport(TENSOR_DATA_TYPE_SUPPORT): DataType = " + std::to_string(raw) +
                        " is not a DML_TENSOR_DATA_TYPE");
            const auto type = static_cast<DML_TENSOR_DATA_TYPE>(raw);
            bool supported = true;
            const auto& caps = ctx_->caps();
            if (type == DML_TENSOR_DATA_TYPE_FLOAT64) supported = caps.float64;
            if (type == DML_TENSOR_DATA_TYPE_UINT64 || type == DML_TENSOR_DATA_TYPE_INT64) supported = caps.int64;
            if (type == DML_TENSOR_DATA_TYPE_UINT4 || type == DML_TENSOR_DATA_TYPE_INT4)
                supported = featureLevel_ >= DML_FEATURE_LEVEL_6_3;
            static_cast<DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT*>(data)->IsSupported = supported ? TRUE : FALSE;
            return;
        }
        case DML_FEATURE_FEATURE_LEVELS: {
            require(query != nullptr && querySize == sizeof(DML_FEATURE_QUERY_FEATURE_LEVELS),
                    "CheckFeatureSupport(FEATURE_LEVELS): featureQueryDataSize = " + std::to_string(querySize) +
                        " must be " + std::to_string(sizeof(DML_FEATURE_QUERY_FEATURE_LEVELS)) + " with a query");
            require(data != nullptr && dataSize == sizeof(DML_FEATURE_DATA_FEATURE_LEVELS),
                    "CheckFeatureSupport(FEATURE_LEVELS): featureSupportDataSize = " + std::to_string(dataSize) +
                        " must be " + std::to_string(sizeof(DML_FEATURE_DATA_FEATURE_LEVELS)) + " with a buffer");
            const auto& q = *static_cast<const DML_FEATURE_QUERY_FEATURE_LEVELS*>(query);
            require(q.RequestedFeatureLevelCount > 0 && q.RequestedFeatureLevels != nullptr,
                    "CheckFeatureSupport(FEATURE_LEVELS): RequestedFeatureLevelCount = " +
                        std::to_string(q.RequestedFeatureLevelCount) + " with RequestedFeatureLevels " +
                        (q.RequestedFeatureLevels ? "set" : "NULL") + ": ask for at least one level");
            DML_FEATURE_LEVEL best = static_cast<DML_FEATURE_LEVEL>(0);
            for (UINT i = 0; i < q.RequestedFeatureLevelCount; ++i) {
                const uint32_t level = rawValue(q.RequestedFeatureLevels[i]);
                require(dml::isFeatureLevel(level), "CheckFeatureSupport(FEATURE_LEVELS): RequestedFeatureLevels[" +
                                                        std::to_string(i) + "] = " + dml::featureLevelName(level) +
                                                        " is not a DML_FEATURE_LEVEL");
                if (level <= uint32_t(featureLevel_) && level > uint32_t(best))
                    best = static_cast<DML_FEATURE_LEVEL>(level);
            }
            if (best == 0)
                fail(DXGI_ERROR_UNSUPPORTED, "CheckFeatureSupport(FEATURE_LEVELS): none of the requested levels is "
                                             "supported (this device: " + dml::featureLevelName(featureLevel_) + ")");
            static_cast<DML_FEATURE_DATA_FEATURE_LEVELS*>(data)->MaxSupportedFeatureLevel = best;
            return;
        }
    }
    fail(DXGI_ERROR_UNSUPPORTED, "CheckFeatureSupport: feature = " + std::to_string(feature) +
                                     " is not a DML_FEATURE this device knows");
}

void Device::adapterInfo(VKDML_ADAPTER_INFO* info) const { fillAdapterInfo(ctx_->caps(), info); }

uint64_t Device::maxBindingBytes() const {
    uint64_t maxRange = std::min<uint64_t>(ctx_->limits().maxStorageBufferRange, 0xFFFFFFF0ull);
    if (options_.maxBindingBytes) maxRange = std::min(maxRange, options_.maxBindingBytes);
    return maxRange;
}

uint64_t Device::execute(const std::vector<CommandList*>& lists) {
    std::vector<VkCommandBuffer> buffers;
    buffers.reserve(lists.size());
    for (CommandList* list : lists) {
        list->refreshVolatileBindings();
        buffers.push_back(list->closedCommandBuffer());
    }
    const uint64_t value = queue_->submit(buffers);
    for (CommandList* list : lists) list->markSubmitted(value);
    return value;
}

bool Device::waitForCompletion(uint64_t value, uint64_t timeoutNs) { return queue_->wait(value, timeoutNs); }

void Device::recordDispatch(VkCommandBuffer commandBuffer, Dispatchable& dispatchable, const BindingTable& table) {
    require(pipelines_->usesPushDescriptors(), "vkdmlRecordDispatchVk needs VK_KHR_push_descriptor on this device");
    vk::Recording recording(*ctx_, pipelines_->usesPushDescriptors(), commandBuffer);
    dispatchable.record(recording, table.bindings());
}

std::vector<VKDML_ADAPTER_INFO> enumerateAdapters() {
    const std::vector<vk::AdapterCaps> adapters = vk::Context::enumerateAdapters(Options::fromEnvironment().vulkan);
    std::vector<VKDML_ADAPTER_INFO> infos(adapters.size());
    for (size_t i = 0; i < adapters.size(); ++i) fillAdapterInfo(adapters[i], &infos[i]);
    return infos;
}

}  // namespace vkdml
