// ID3D12Device through ID3D12Device11 over one VkdmlDevice, and IVkdmlD3D12Device. What lies outside the compute
// subset is in device_unsupported.cpp; feature queries and size arithmetic in device_queries.cpp; object creation
// in device_creation.cpp; views and descriptor copies in device_descriptors.cpp.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then takes the D3D12 and Windows types from it
#include <vkdml/vkdml.h>

#include "object_base.h"
#include "vkdml_d3d12.h"

namespace vkdml::dropin {

class FenceMonitor;

class Device final : public D3D12Object<ID3D12Device11, IVkdmlD3D12Device, ID3D12DebugDevice2> {
public:
    // Takes over the caller's reference on `vkdml`.
    explicit Device(VkdmlDevice vkdml);
    ~Device() override;
    static Device* fromInterface(const void* device);
    // A device D3D12CreateDevice made is a singleton of its adapter (device_singletons.h).
    ULONG STDMETHODCALLTYPE Release() override;
    void markSingleton() { singleton_ = true; }

    VkdmlDevice vkdml() const { return vkdml_; }
    const VKDML_ADAPTER_INFO& adapter() const { return adapter_; }
    const VKDML_VULKAN_OBJECTS& vulkan() const { return vulkan_; }
    FenceMonitor& fenceMonitor() { return *fenceMonitor_; }
    // vkdml's single queue runs every D3D12 queue's work in submission order: the latest completion value is the
    // point a queue Signal waits for.
    uint64_t lastSubmitted() const { return lastSubmitted_.load(); }
    void noteSubmitted(uint64_t completionValue);
    bool isComplete(uint64_t completionValue) const;
    bool removed() const;
    // Memory shared with the CPU: integrated and CPU (lavapipe) devices.
    bool uma() const {
        return adapter_.DeviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU ||
               adapter_.DeviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    }
    // Releases `object` (a vkdml buffer of a released resource, heap or query heap) once the work submitted so far
    // has completed: a program that releases a buffer the GPU still uses gets no use-after-free.
    void releaseWhenIdle(void* object);

    // ID3D12Device
    UINT STDMETHODCALLTYPE GetNodeCount() override;
    HRESULT STDMETHODCALLTYPE CreateCommandQueue(const D3D12_COMMAND_QUEUE_DESC* desc, REFIID riid,
                                                 void** commandQueue) override;
    HRESULT STDMETHODCALLTYPE CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE type, REFIID riid,
                                                     void** commandAllocator) override;
    HRESULT STDMETHODCALLTYPE CreateCommandList(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type,
                                                ID3D12CommandAllocator* commandAllocator,
                                                ID3D12PipelineState* initialState, REFIID riid,
                                                void** commandList) override;
    HRESULT STDMETHODCALLTYPE CheckFeatureSupport(D3D12_FEATURE feature, void* featureSupportData,
                                                  UINT featureSupportDataSize) override;
    HRESULT STDMETHODCALLTYPE CreateDescriptorHeap(const D3D12_DESCRIPTOR_HEAP_DESC* desc, REFIID riid,
                                                   void** heap) override;
    UINT STDMETHODCALLTYPE GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE type) override;
    void STDMETHODCALLTYPE CreateShaderResourceView(ID3D12Resource* resource,
                                                    const D3D12_SHADER_RESOURCE_VIEW_DESC* desc,
                                                    D3D12_CPU_DESCRIPTOR_HANDLE destDescriptor) override;
    void STDMETHODCALLTYPE CreateUnorderedAccessView(ID3D12Resource* resource, ID3D12Resource* counterResource,
                                                     const D3D12_UNORDERED_ACCESS_VIEW_DESC* desc,
                                                     D3D12_CPU_DESCRIPTOR_HANDLE destDescriptor) override;
    void STDMETHODCALLTYPE CopyDescriptors(UINT numDestRanges, const D3D12_CPU_DESCRIPTOR_HANDLE* destRangeStarts,
                                           const UINT* destRangeSizes, UINT numSrcRanges,
                                           const D3D12_CPU_DESCRIPTOR_HANDLE* srcRangeStarts, const UINT* srcRangeSizes,
                                           D3D12_DESCRIPTOR_HEAP_TYPE type) override;
    void STDMETHODCALLTYPE CopyDescriptorsSimple(UINT numDescriptors, D3D12_CPU_DESCRIPTOR_HANDLE destStart,
                                                 D3D12_CPU_DESCRIPTOR_HANDLE srcStart,
                                                 D3D12_DESCRIPTOR_HEAP_TYPE type) override;
    D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE GetResourceAllocationInfo(
        UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC* resourceDescs) override;
    D3D12_HEAP_PROPERTIES STDMETHODCALLTYPE GetCustomHeapProperties(UINT nodeMask, D3D12_HEAP_TYPE heapType) override;
    HRESULT STDMETHODCALLTYPE CreateCommittedResource(const D3D12_HEAP_PROPERTIES* heapProperties,
                                                      D3D12_HEAP_FLAGS heapFlags, const D3D12_RESOURCE_DESC* desc,
                                                      D3D12_RESOURCE_STATES initialState,
                                                      const D3D12_CLEAR_VALUE* optimizedClearValue, REFIID riid,
                                                      void** resource) override;
    HRESULT STDMETHODCALLTYPE CreateHeap(const D3D12_HEAP_DESC* desc, REFIID riid, void** heap) override;
    HRESULT STDMETHODCALLTYPE CreatePlacedResource(ID3D12Heap* heap, UINT64 heapOffset, const D3D12_RESOURCE_DESC* desc,
                                                   D3D12_RESOURCE_STATES initialState,
                                                   const D3D12_CLEAR_VALUE* optimizedClearValue, REFIID riid,
                                                   void** resource) override;
    HRESULT STDMETHODCALLTYPE MakeResident(UINT numObjects, ID3D12Pageable* const* objects) override;
    HRESULT STDMETHODCALLTYPE Evict(UINT numObjects, ID3D12Pageable* const* objects) override;
    HRESULT STDMETHODCALLTYPE CreateFence(UINT64 initialValue, D3D12_FENCE_FLAGS flags, REFIID riid,
                                          void** fence) override;
    HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() override;
    void STDMETHODCALLTYPE GetCopyableFootprints(const D3D12_RESOURCE_DESC* resourceDesc, UINT firstSubresource,
                                                 UINT numSubresources, UINT64 baseOffset,
                                                 D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts, UINT* numRows,
                                                 UINT64* rowSizeInBytes, UINT64* totalBytes) override;
    HRESULT STDMETHODCALLTYPE CreateQueryHeap(const D3D12_QUERY_HEAP_DESC* desc, REFIID riid, void** heap) override;
    LUID STDMETHODCALLTYPE GetAdapterLuid() override;
    // ID3D12Device1
    HRESULT STDMETHODCALLTYPE SetEventOnMultipleFenceCompletion(ID3D12Fence* const* fences, const UINT64* fenceValues,
                                                                UINT numFences, D3D12_MULTIPLE_FENCE_WAIT_FLAGS flags,
                                                                HANDLE event) override;
    HRESULT STDMETHODCALLTYPE SetResidencyPriority(UINT numObjects, ID3D12Pageable* const* objects,
                                                   const D3D12_RESIDENCY_PRIORITY* priorities) override;
    // ID3D12Device3
    HRESULT STDMETHODCALLTYPE EnqueueMakeResident(D3D12_RESIDENCY_FLAGS flags, UINT numObjects,
                                                  ID3D12Pageable* const* objects, ID3D12Fence* fenceToSignal,
                                                  UINT64 fenceValueToSignal) override;
    // ID3D12Device4
    HRESULT STDMETHODCALLTYPE CreateCommandList1(UINT nodeMask, D3D12_COMMAND_LIST_TYPE type,
                                                 D3D12_COMMAND_LIST_FLAGS flags, REFIID riid,
                                                 void** commandList) override;
    HRESULT STDMETHODCALLTYPE CreateCommittedResource1(const D3D12_HEAP_PROPERTIES* heapProperties,
                                                       D3D12_HEAP_FLAGS heapFlags, const D3D12_RESOURCE_DESC* desc,
                                                       D3D12_RESOURCE_STATES initialState,
                                                       const D3D12_CLEAR_VALUE* optimizedClearValue,
                                                       ID3D12ProtectedResourceSession* protectedSession, REFIID riid,
                                                       void** resource) override;
    HRESULT STDMETHODCALLTYPE CreateHeap1(const D3D12_HEAP_DESC* desc, ID3D12ProtectedResourceSession* protectedSession,
                                          REFIID riid, void** heap) override;
    D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE
    GetResourceAllocationInfo1(UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC* resourceDescs,
                               D3D12_RESOURCE_ALLOCATION_INFO1* resourceAllocationInfo1) override;
    // ID3D12Device5
    void STDMETHODCALLTYPE RemoveDevice() override;
    // ID3D12Device8
    D3D12_RESOURCE_ALLOCATION_INFO STDMETHODCALLTYPE
    GetResourceAllocationInfo2(UINT visibleMask, UINT numResourceDescs, const D3D12_RESOURCE_DESC1* resourceDescs,
                               D3D12_RESOURCE_ALLOCATION_INFO1* resourceAllocationInfo1) override;
    HRESULT STDMETHODCALLTYPE CreateCommittedResource2(const D3D12_HEAP_PROPERTIES* heapProperties,
                                                       D3D12_HEAP_FLAGS heapFlags, const D3D12_RESOURCE_DESC1* desc,
                                                       D3D12_RESOURCE_STATES initialState,
                                                       const D3D12_CLEAR_VALUE* optimizedClearValue,
                                                       ID3D12ProtectedResourceSession* protectedSession, REFIID riid,
                                                       void** resource) override;
    HRESULT STDMETHODCALLTYPE CreatePlacedResource1(ID3D12Heap* heap, UINT64 heapOffset,
                                                    const D3D12_RESOURCE_DESC1* desc,
                                                    D3D12_RESOURCE_STATES initialState,
                                                    const D3D12_CLEAR_VALUE* optimizedClearValue, REFIID riid,
                                                    void** resource) override;
    void STDMETHODCALLTYPE GetCopyableFootprints1(const D3D12_RESOURCE_DESC1* resourceDesc, UINT firstSubresource,
                                                  UINT numSubresources, UINT64 baseOffset,
                                                  D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts, UINT* numRows,
                                                  UINT64* rowSizeInBytes, UINT64* totalBytes) override;
    // ID3D12Device9
    HRESULT STDMETHODCALLTYPE CreateCommandQueue1(const D3D12_COMMAND_QUEUE_DESC* desc, REFIID creatorId, REFIID riid,
                                                  void** commandQueue) override;
    // ID3D12Device10: the enhanced-barrier forms; a buffer has no layout (InitialLayout UNDEFINED) and no castable
    // formats.
    HRESULT STDMETHODCALLTYPE CreateCommittedResource3(const D3D12_HEAP_PROPERTIES* heapProperties,
                                                       D3D12_HEAP_FLAGS heapFlags, const D3D12_RESOURCE_DESC1* desc,
                                                       D3D12_BARRIER_LAYOUT initialLayout,
                                                       const D3D12_CLEAR_VALUE* optimizedClearValue,
                                                       ID3D12ProtectedResourceSession* protectedSession,
                                                       UINT32 numCastableFormats, DXGI_FORMAT* castableFormats,
                                                       REFIID riid, void** resource) override;
    HRESULT STDMETHODCALLTYPE CreatePlacedResource2(ID3D12Heap* heap, UINT64 heapOffset,
                                                    const D3D12_RESOURCE_DESC1* desc, D3D12_BARRIER_LAYOUT initialLayout,
                                                    const D3D12_CLEAR_VALUE* optimizedClearValue,
                                                    UINT32 numCastableFormats, DXGI_FORMAT* castableFormats,
                                                    REFIID riid, void** resource) override;

    // Outside the compute subset (device_unsupported.cpp): E_NOTIMPL, or nothing, with a debug message.
    HRESULT STDMETHODCALLTYPE CreateGraphicsPipelineState(const D3D12_GRAPHICS_PIPELINE_STATE_DESC* pDesc, REFIID riid,
                                                          void** ppPipelineState) override;
    HRESULT STDMETHODCALLTYPE CreateComputePipelineState(const D3D12_COMPUTE_PIPELINE_STATE_DESC* pDesc, REFIID riid,
                                                         void** ppPipelineState) override;
    HRESULT STDMETHODCALLTYPE CreateRootSignature(UINT nodeMask, const void* pBlobWithRootSignature,
                                                  SIZE_T blobLengthInBytes, REFIID riid,
                                                  void** ppvRootSignature) override;
    void STDMETHODCALLTYPE CreateConstantBufferView(const D3D12_CONSTANT_BUFFER_VIEW_DESC* pDesc,
                                                    D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
    void STDMETHODCALLTYPE CreateRenderTargetView(ID3D12Resource* pResource, const D3D12_RENDER_TARGET_VIEW_DESC* pDesc,
                                                  D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
    void STDMETHODCALLTYPE CreateDepthStencilView(ID3D12Resource* pResource, const D3D12_DEPTH_STENCIL_VIEW_DESC* pDesc,
                                                  D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
    void STDMETHODCALLTYPE CreateSampler(const D3D12_SAMPLER_DESC* pDesc,
                                         D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
    HRESULT STDMETHODCALLTYPE CreateReservedResource(const D3D12_RESOURCE_DESC* pDesc,
                                                     D3D12_RESOURCE_STATES InitialState,
                                                     const D3D12_CLEAR_VALUE* pOptimizedClearValue, REFIID riid,
                                                     void** ppvResource) override;
    HRESULT STDMETHODCALLTYPE CreateSharedHandle(ID3D12DeviceChild* pObject, const SECURITY_ATTRIBUTES* pAttributes,
                                                 DWORD Access, LPCWSTR Name, HANDLE* pHandle) override;
    HRESULT STDMETHODCALLTYPE OpenSharedHandle(HANDLE NTHandle, REFIID riid, void** ppvObj) override;
    HRESULT STDMETHODCALLTYPE OpenSharedHandleByName(LPCWSTR Name, DWORD Access, HANDLE* pNTHandle) override;
    HRESULT STDMETHODCALLTYPE SetStablePowerState(BOOL Enable) override;
    HRESULT STDMETHODCALLTYPE CreateCommandSignature(const D3D12_COMMAND_SIGNATURE_DESC* pDesc,
                                                     ID3D12RootSignature* pRootSignature, REFIID riid,
                                                     void** ppvCommandSignature) override;
    void STDMETHODCALLTYPE GetResourceTiling(ID3D12Resource* pTiledResource, UINT* pNumTilesForEntireResource,
                                             D3D12_PACKED_MIP_INFO* pPackedMipDesc,
                                             D3D12_TILE_SHAPE* pStandardTileShapeForNonPackedMips,
                                             UINT* pNumSubresourceTilings, UINT FirstSubresourceTilingToGet,
                                             D3D12_SUBRESOURCE_TILING* pSubresourceTilingsForNonPackedMips) override;
    HRESULT STDMETHODCALLTYPE CreatePipelineLibrary(const void* pLibraryBlob, SIZE_T BlobLength, REFIID riid,
                                                    void** ppPipelineLibrary) override;
    HRESULT STDMETHODCALLTYPE CreatePipelineState(const D3D12_PIPELINE_STATE_STREAM_DESC* pDesc, REFIID riid,
                                                  void** ppPipelineState) override;
    HRESULT STDMETHODCALLTYPE OpenExistingHeapFromAddress(const void* pAddress, REFIID riid, void** ppvHeap) override;
    HRESULT STDMETHODCALLTYPE OpenExistingHeapFromFileMapping(HANDLE hFileMapping, REFIID riid,
                                                              void** ppvHeap) override;
    HRESULT STDMETHODCALLTYPE CreateProtectedResourceSession(const D3D12_PROTECTED_RESOURCE_SESSION_DESC* pDesc,
                                                             REFIID riid, void** ppSession) override;
    HRESULT STDMETHODCALLTYPE CreateReservedResource1(const D3D12_RESOURCE_DESC* pDesc,
                                                      D3D12_RESOURCE_STATES InitialState,
                                                      const D3D12_CLEAR_VALUE* pOptimizedClearValue,
                                                      ID3D12ProtectedResourceSession* pProtectedSession, REFIID riid,
                                                      void** ppvResource) override;
    HRESULT STDMETHODCALLTYPE CreateReservedResource2(const D3D12_RESOURCE_DESC* pDesc,
                                                      D3D12_BARRIER_LAYOUT InitialLayout,
                                                      const D3D12_CLEAR_VALUE* pOptimizedClearValue,
                                                      ID3D12ProtectedResourceSession* pProtectedSession,
                                                      UINT32 NumCastableFormats, DXGI_FORMAT* pCastableFormats,
                                                      REFIID riid, void** ppvResource) override;
    void STDMETHODCALLTYPE CreateSampler2(const D3D12_SAMPLER_DESC2* pDesc,
                                          D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
    HRESULT STDMETHODCALLTYPE CreateLifetimeTracker(ID3D12LifetimeOwner* pOwner, REFIID riid,
                                                    void** ppvTracker) override;
    HRESULT STDMETHODCALLTYPE EnumerateMetaCommands(UINT* pNumMetaCommands, D3D12_META_COMMAND_DESC* pDescs) override;
    HRESULT STDMETHODCALLTYPE EnumerateMetaCommandParameters(
        REFGUID CommandId, D3D12_META_COMMAND_PARAMETER_STAGE Stage, UINT* pTotalStructureSizeInBytes,
        UINT* pParameterCount, D3D12_META_COMMAND_PARAMETER_DESC* pParameterDescs) override;
    HRESULT STDMETHODCALLTYPE CreateMetaCommand(REFGUID CommandId, UINT NodeMask, const void* pCreationParametersData,
                                                SIZE_T CreationParametersDataSizeInBytes, REFIID riid,
                                                void** ppMetaCommand) override;
    HRESULT STDMETHODCALLTYPE CreateStateObject(const D3D12_STATE_OBJECT_DESC* pDesc, REFIID riid,
                                                void** ppStateObject) override;
    void STDMETHODCALLTYPE GetRaytracingAccelerationStructurePrebuildInfo(
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INPUTS* pDesc,
        D3D12_RAYTRACING_ACCELERATION_STRUCTURE_PREBUILD_INFO* pInfo) override;
    D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS STDMETHODCALLTYPE
    CheckDriverMatchingIdentifier(D3D12_SERIALIZED_DATA_TYPE SerializedDataType,
                                  const D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER* pIdentifierToCheck) override;
    HRESULT STDMETHODCALLTYPE SetBackgroundProcessingMode(D3D12_BACKGROUND_PROCESSING_MODE Mode,
                                                          D3D12_MEASUREMENTS_ACTION MeasurementsAction,
                                                          HANDLE hEventToSignalUponCompletion,
                                                          BOOL* pbFurtherMeasurementsDesired) override;
    HRESULT STDMETHODCALLTYPE AddToStateObject(const D3D12_STATE_OBJECT_DESC* pAddition,
                                               ID3D12StateObject* pStateObjectToGrowFrom, REFIID riid,
                                               void** ppNewStateObject) override;
    HRESULT STDMETHODCALLTYPE CreateProtectedResourceSession1(const D3D12_PROTECTED_RESOURCE_SESSION_DESC1* pDesc,
                                                              REFIID riid, void** ppSession) override;
    void STDMETHODCALLTYPE
    CreateSamplerFeedbackUnorderedAccessView(ID3D12Resource* pTargetedResource, ID3D12Resource* pFeedbackResource,
                                             D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) override;
    HRESULT STDMETHODCALLTYPE CreateShaderCacheSession(const D3D12_SHADER_CACHE_SESSION_DESC* pDesc, REFIID riid,
                                                       void** ppvSession) override;
    HRESULT STDMETHODCALLTYPE ShaderCacheControl(D3D12_SHADER_CACHE_KIND_FLAGS Kinds,
                                                 D3D12_SHADER_CACHE_CONTROL_FLAGS Control) override;

    // IVkdmlD3D12Device
    VkdmlDevice STDMETHODCALLTYPE GetVkdmlDevice() override { return vkdml_; }
    void STDMETHODCALLTYPE GetVulkanHandles(VKDML_D3D12_VULKAN_HANDLES* handles) override;

    // ID3D12DebugDevice2 and ID3D12DebugDevice (debug_device.cpp), answered by a device created while the D3D12
    // debug layer was on: the settings are kept and returned; they change nothing else.
    HRESULT STDMETHODCALLTYPE SetFeatureMask(D3D12_DEBUG_FEATURE mask) override;
    D3D12_DEBUG_FEATURE STDMETHODCALLTYPE GetFeatureMask() override;
    HRESULT STDMETHODCALLTYPE ReportLiveDeviceObjects(D3D12_RLDO_FLAGS flags) override;
    HRESULT STDMETHODCALLTYPE SetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, const void* data,
                                                UINT dataSize) override;
    HRESULT STDMETHODCALLTYPE GetDebugParameter(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, void* data,
                                                UINT dataSize) override;

protected:
    void* findInterface(REFIID riid) override;
    void nameChanged(const std::string& name) override;

private:
    // `initialState`: the legacy state to check against the heap type; NULL for the enhanced-barrier forms, where a
    // buffer has no state.
    HRESULT createCommitted(const char* method, const D3D12_HEAP_PROPERTIES* heapProperties, D3D12_HEAP_FLAGS heapFlags,
                            const D3D12_RESOURCE_DESC1& desc, const D3D12_RESOURCE_STATES* initialState, REFIID riid,
                            void** resource);
    HRESULT createPlaced(const char* method, ID3D12Heap* heap, UINT64 heapOffset, const D3D12_RESOURCE_DESC1& desc,
                         const D3D12_RESOURCE_STATES* initialState, REFIID riid, void** resource);
    HRESULT createQueue(const char* method, const D3D12_COMMAND_QUEUE_DESC* desc, REFIID riid, void** queue);
    D3D12_RESOURCE_ALLOCATION_INFO allocationInfo(const char* method, UINT numResourceDescs,
                                                  const D3D12_RESOURCE_DESC1* descs,
                                                  D3D12_RESOURCE_ALLOCATION_INFO1* perResource);
    void copyableFootprints(const char* method, const D3D12_RESOURCE_DESC1* desc, UINT firstSubresource,
                            UINT numSubresources, UINT64 baseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts,
                            UINT* numRows, UINT64* rowSizeInBytes, UINT64* totalBytes);

    VkdmlDevice vkdml_;
    VKDML_ADAPTER_INFO adapter_{};
    VKDML_VULKAN_OBJECTS vulkan_{};
    std::unique_ptr<FenceMonitor> fenceMonitor_;
    std::atomic<uint64_t> lastSubmitted_{0};
    std::atomic<bool> removedByApplication_{false};
    bool singleton_ = false;
    const bool debugLayer_;  // the D3D12 debug layer was on when the device was created
    std::mutex debugMutex_;
    D3D12_DEBUG_FEATURE debugFeatures_ = D3D12_DEBUG_FEATURE_NONE;
    D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS gpuBasedValidation_{};
    D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR gpuSlowdown_{};
    struct DeferredRelease {
        void* object;
        uint64_t completionValue;
    };
    void releaseCompleted();
    std::mutex deferredMutex_;
    std::vector<DeferredRelease> deferred_;
};

// A D3D12_RESOURCE_DESC as the DESC1 every resource keeps (no sampler-feedback region).
D3D12_RESOURCE_DESC1 toDesc1(const D3D12_RESOURCE_DESC& desc);

}  // namespace vkdml::dropin
