/* vkdml: DirectML's operator API on Vulkan compute. The C entry points.
 *
 * Every function returns an HRESULT unless noted. A failed call creates, binds and records nothing, writes NULL (or a
 * zeroed struct) to each non-NULL out-pointer (COM's rule: callers never see a stale value), and sends a message naming
 * the field and value to the device's message callback (and to stderr for devices created with
 * DML_CREATE_DEVICE_FLAG_DEBUG). A NULL out-pointer gives E_POINTER.
 * Object creation is free-threaded; a binding table or command list is used by one thread at a time. */
#ifndef VKDML_VKDML_H_
#define VKDML_VKDML_H_

#include <vulkan/vulkan_core.h>

#include "DirectML.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define VKDML_API __declspec(dllimport)
#elif defined(__GNUC__)
#define VKDML_API __attribute__((visibility("default")))
#else
#define VKDML_API
#endif

/* VkdmlDevice, VkdmlOperator, VkdmlDispatchable, VkdmlBindingTable, VkdmlBuffer and VkdmlCommandList are declared in
 * DirectML.h (DML_BUFFER_BINDING::Buffer is a VkdmlBuffer). Compiled operators and initializers are dispatchables. */
typedef VkdmlDispatchable VkdmlCompiledOperator;
typedef VkdmlDispatchable VkdmlOperatorInitializer;

/* D3D12_HEAP_TYPE values. */
typedef enum VKDML_HEAP_TYPE {
    VKDML_HEAP_TYPE_DEFAULT = 1,
    VKDML_HEAP_TYPE_UPLOAD = 2,
    VKDML_HEAP_TYPE_READBACK = 3
} VKDML_HEAP_TYPE;

typedef enum VKDML_MESSAGE_SEVERITY {
    VKDML_MESSAGE_SEVERITY_ERROR = 0,
    VKDML_MESSAGE_SEVERITY_WARNING = 1,
    VKDML_MESSAGE_SEVERITY_INFO = 2
} VKDML_MESSAGE_SEVERITY;

/* Receives every error (with the HRESULT the call returned) and, on DEBUG devices, the Vulkan validation messages
 * (hr = S_OK, severity from the layer). May be called from any thread that calls into vkdml. */
typedef void (*VKDML_MESSAGE_CALLBACK)(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message,
                                       void* userData);

#define VKDML_ADAPTER_INDEX_DEFAULT (-1)

typedef struct VKDML_DEVICE_DESC {
    DML_CREATE_DEVICE_FLAGS Flags;          /* DEBUG: VK_LAYER_KHRONOS_validation when installed */
    DML_FEATURE_LEVEL MinimumFeatureLevel;  /* 0 = DML_FEATURE_LEVEL_1_0; DXGI_ERROR_UNSUPPORTED if above the max */
    DML_FEATURE_LEVEL MaximumFeatureLevel;  /* 0 = the highest vkdml implements; lower = behave like an older DirectML */
    INT AdapterIndex;                       /* VKDML_ADAPTER_INDEX_DEFAULT: env VKDML_ADAPTER, else best type */
    VKDML_MESSAGE_CALLBACK MessageCallback; /* optional */
    void* MessageUserData;
    /* Interop: all zero means vkdml creates its own instance, device and queue. When Device is set, Instance,
     * PhysicalDevice, Queue, QueueFamilyIndex and GetInstanceProcAddr must be set too; the app keeps ownership. */
    VkInstance Instance;
    VkPhysicalDevice PhysicalDevice;
    VkDevice Device;
    VkQueue Queue;
    UINT QueueFamilyIndex;
    PFN_vkGetInstanceProcAddr GetInstanceProcAddr;
} VKDML_DEVICE_DESC;

typedef struct VKDML_ADAPTER_INFO {
    char Name[256];
    UINT AdapterIndex;      /* position in vkdmlEnumerateAdapters' list */
    UINT VendorId;
    UINT DeviceId;
    UINT DeviceType;        /* VkPhysicalDeviceType */
    UINT VulkanApiVersion;  /* VK_MAKE_API_VERSION encoding */
    UINT DriverVersion;
    UINT DriverId;          /* VkDriverId, 0 if unknown */
    char DriverName[256];
    char DriverInfo[256];
    UINT8 DeviceUUID[16];
    BOOL SupportsFloat16Arithmetic;  /* shaderFloat16 */
    BOOL Supports16BitStorage;       /* storageBuffer16BitAccess */
    BOOL SupportsFloat64;            /* shaderFloat64 */
    BOOL SupportsInt64;              /* shaderInt64 */
    BOOL SupportsPushDescriptors;    /* VK_KHR_push_descriptor */
    BOOL SupportsDenormPreserveFloat32;
    UINT SubgroupSize;
    UINT MaxComputeWorkGroupCount[3];
    UINT MaxComputeWorkGroupInvocations;
    UINT64 MaxStorageBufferRange;
    UINT64 MinStorageBufferOffsetAlignment;
    UINT64 DeviceLocalMemoryBytes;
} VKDML_ADAPTER_INFO;

/* Devices and objects */
VKDML_API HRESULT vkdmlCreateDevice(const VKDML_DEVICE_DESC* desc /* NULL = defaults */, VkdmlDevice* device);
VKDML_API uint32_t vkdmlAddRef(void* object);
VKDML_API uint32_t vkdmlRelease(void* object);
VKDML_API HRESULT vkdmlSetName(void* object, const char* name);
VKDML_API HRESULT vkdmlCheckFeatureSupport(VkdmlDevice device, DML_FEATURE feature, UINT featureQueryDataSize,
                                           const void* featureQueryData, UINT featureSupportDataSize,
                                           void* featureSupportData);
VKDML_API HRESULT vkdmlGetDeviceRemovedReason(VkdmlDevice device);
VKDML_API HRESULT vkdmlGetAdapterInfo(VkdmlDevice device, VKDML_ADAPTER_INFO* info);
/* Replaces the device's message callback (NULL: none), e.g. for the vkdml device under an ID3D12Device of vkdml's
 * libd3d12, whose callback forwards to the drop-in's debug output. Thread-safe against messages being reported. */
VKDML_API HRESULT vkdmlSetMessageCallback(VkdmlDevice device, VKDML_MESSAGE_CALLBACK callback, void* userData);
/* Lists the Vulkan adapters vkdml can use (in AdapterIndex order). *count in: capacity of infos (infos may be NULL
 * to query the count); out: the number of adapters, or the number written when infos is not NULL. */
VKDML_API HRESULT vkdmlEnumerateAdapters(UINT* count, VKDML_ADAPTER_INFO* infos);

/* The Vulkan objects behind a device (vkdml's own, or the application's with interop), borrowed for the device's
 * lifetime, and its queue's timestamp clock (TimestampValidBits 0 when the queue has no timestamps). */
typedef struct VKDML_VULKAN_OBJECTS {
    VkInstance Instance;
    VkPhysicalDevice PhysicalDevice;
    VkDevice Device;
    VkQueue Queue;
    UINT QueueFamilyIndex;
    UINT TimestampValidBits;
    float TimestampPeriodNs; /* nanoseconds per timestamp tick */
} VKDML_VULKAN_OBJECTS;
VKDML_API HRESULT vkdmlGetVulkanObjects(VkdmlDevice device, VKDML_VULKAN_OBJECTS* objects);

/* Operators */
VKDML_API HRESULT vkdmlCreateOperator(VkdmlDevice device, const DML_OPERATOR_DESC* desc, VkdmlOperator* op);
VKDML_API HRESULT vkdmlCompileOperator(VkdmlDevice device, VkdmlOperator op, DML_EXECUTION_FLAGS flags,
                                       VkdmlCompiledOperator* compiled);
/* IDMLDevice1::CompileGraph. Runs of element-wise nodes with equal output sizes compile into single kernels (values
 * used only inside a run never touch memory); VKDML_DISABLE_FUSION=1 in the environment compiles every node on its
 * own. The result is a compiled operator: bind BindInputs by GraphInputIndex (DML_BINDING_TYPE_NONE for unused and
 * OWNED_BY_DML inputs), BindOutputs by GraphOutputIndex, the temporary and persistent resources its binding
 * properties ask for; initialize it (owned inputs and constant nodes go into its persistent resource). */
VKDML_API HRESULT vkdmlCompileGraph(VkdmlDevice device, const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags,
                                    VkdmlCompiledOperator* compiled);
VKDML_API HRESULT vkdmlCreateOperatorInitializer(VkdmlDevice device, UINT operatorCount,
                                                 const VkdmlCompiledOperator* operators,
                                                 VkdmlOperatorInitializer* initializer);
VKDML_API DML_BINDING_PROPERTIES vkdmlGetBindingProperties(VkdmlDispatchable dispatchable);

/* Binding tables */
VKDML_API HRESULT vkdmlCreateBindingTable(VkdmlDevice device, VkdmlDispatchable dispatchable /* may be NULL */,
                                          VkdmlBindingTable* table);
VKDML_API HRESULT vkdmlResetBindingTable(VkdmlBindingTable table, VkdmlDispatchable dispatchable);
VKDML_API HRESULT vkdmlBindInputs(VkdmlBindingTable table, UINT bindingCount, const DML_BINDING_DESC* bindings);
VKDML_API HRESULT vkdmlBindOutputs(VkdmlBindingTable table, UINT bindingCount, const DML_BINDING_DESC* bindings);
VKDML_API HRESULT vkdmlBindTemporaryResource(VkdmlBindingTable table, const DML_BINDING_DESC* binding);
VKDML_API HRESULT vkdmlBindPersistentResource(VkdmlBindingTable table, const DML_BINDING_DESC* binding);

/* Buffers */
VKDML_API HRESULT vkdmlCreateBuffer(VkdmlDevice device, VKDML_HEAP_TYPE heapType, UINT64 sizeInBytes,
                                    VkdmlBuffer* buffer);
VKDML_API HRESULT vkdmlMapBuffer(VkdmlBuffer buffer, void** data);
VKDML_API void vkdmlUnmapBuffer(VkdmlBuffer buffer);
VKDML_API HRESULT vkdmlWrapVulkanBuffer(VkdmlDevice device, VkBuffer vkBuffer, UINT64 sizeInBytes,
                                        VkdmlBuffer* buffer);
VKDML_API VkBuffer vkdmlGetVulkanBuffer(VkdmlBuffer buffer);

/* Command lists and execution */
VKDML_API HRESULT vkdmlCreateCommandList(VkdmlDevice device, VkdmlCommandList* commandList);
VKDML_API HRESULT vkdmlCloseCommandList(VkdmlCommandList commandList);
VKDML_API HRESULT vkdmlResetCommandList(VkdmlCommandList commandList);
VKDML_API HRESULT vkdmlRecordDispatch(VkdmlCommandList commandList, VkdmlDispatchable dispatchable,
                                      VkdmlBindingTable bindings);
VKDML_API HRESULT vkdmlRecordCopyBufferRegion(VkdmlCommandList commandList, VkdmlBuffer dst, UINT64 dstOffset,
                                              VkdmlBuffer src, UINT64 srcOffset, UINT64 numBytes);
/* Fills numBytes bytes of dst from dstOffset (both multiples of 4) with a repeated 32-bit value; ordered against the
 * list's other commands on those bytes like a copy. */
VKDML_API HRESULT vkdmlRecordFillBuffer(VkdmlCommandList commandList, VkdmlBuffer dst, UINT64 dstOffset,
                                        UINT64 numBytes, UINT value);
/* Writes the GPU timestamp taken after every earlier command of the list has completed (ticks of the queue's clock,
 * VKDML_VULKAN_OBJECTS::TimestampPeriodNs each) as a UINT64 at dstOffset (a multiple of 8) of dst.
 * DXGI_ERROR_UNSUPPORTED when the queue has no timestamps. */
VKDML_API HRESULT vkdmlRecordTimestamp(VkdmlCommandList commandList, VkdmlBuffer dst, UINT64 dstOffset);
VKDML_API HRESULT vkdmlExecuteCommandLists(VkdmlDevice device, UINT count, const VkdmlCommandList* commandLists,
                                           UINT64* completionValue);
VKDML_API HRESULT vkdmlWaitForCompletion(VkdmlDevice device, UINT64 completionValue, UINT64 timeoutNs);
/* Records into the application's command buffer (recording state, same device). The application owns the barriers
 * around it, as with DirectML's RecordDispatch. */
VKDML_API HRESULT vkdmlRecordDispatchVk(VkdmlDevice device, VkCommandBuffer commandBuffer,
                                        VkdmlDispatchable dispatchable, VkdmlBindingTable bindings);

#ifdef __cplusplus
}
#endif

#endif /* VKDML_VKDML_H_ */
