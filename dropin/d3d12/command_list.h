// ID3D12GraphicsCommandList8 (and the versions below it) and IVkdmlD3D12CommandList: the copy and compute subset
// recorded into vkdml command lists. vkdml orders the commands of a list by the bytes they touch and every
// execution after the earlier ones, so resource barriers are checked and need nothing recorded. Graphics commands
// (command_list_unsupported.cpp) do nothing and say so.
#pragma once

#include <atomic>
#include <memory>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then takes the D3D12 and Windows types from it
#include <vkdml/vkdml.h>

#include "object_base.h"
#include "vkdml_d3d12.h"

namespace vkdml::dropin {

class CommandAllocator;
class DescriptorHeap;
class Resource;

// One recording of a D3D12 command list: the vkdml list it went into, shared with the queues that have it waiting
// behind a fence, so a Reset in the meantime records into a fresh vkdml list.
struct Recording {
    explicit Recording(VkdmlCommandList vkdmlList) : list(vkdmlList) {}
    ~Recording() { vkdmlRelease(list); }
    Recording(const Recording&) = delete;
    Recording& operator=(const Recording&) = delete;
    VkdmlCommandList list;
    std::atomic<uint64_t> lastCompletion{0};  // of its latest submission (0: none yet)
};

class CommandList final : public DeviceChild<ID3D12GraphicsCommandList8, IVkdmlD3D12CommandList> {
public:
    CommandList(Device& device, D3D12_COMMAND_LIST_TYPE type);
    ~CommandList() override;
    static CommandList* fromInterface(const void* list);
    // Opens the list on `allocator` (CreateCommandList, Reset).
    HRESULT open(const char* method, ID3D12CommandAllocator* allocator);

    // ID3D12CommandList
    D3D12_COMMAND_LIST_TYPE STDMETHODCALLTYPE GetType() override { return type_; }
    // ID3D12GraphicsCommandList
    HRESULT STDMETHODCALLTYPE Close() override;
    HRESULT STDMETHODCALLTYPE Reset(ID3D12CommandAllocator* allocator, ID3D12PipelineState* initialState) override;
    void STDMETHODCALLTYPE CopyBufferRegion(ID3D12Resource* dstBuffer, UINT64 dstOffset, ID3D12Resource* srcBuffer,
                                            UINT64 srcOffset, UINT64 numBytes) override;
    void STDMETHODCALLTYPE CopyResource(ID3D12Resource* dstResource, ID3D12Resource* srcResource) override;
    void STDMETHODCALLTYPE ResourceBarrier(UINT numBarriers, const D3D12_RESOURCE_BARRIER* barriers) override;
    void STDMETHODCALLTYPE SetDescriptorHeaps(UINT numHeaps, ID3D12DescriptorHeap* const* heaps) override;
    void STDMETHODCALLTYPE ClearUnorderedAccessViewUint(D3D12_GPU_DESCRIPTOR_HANDLE viewGpuHandleInCurrentHeap,
                                                        D3D12_CPU_DESCRIPTOR_HANDLE viewCpuHandle,
                                                        ID3D12Resource* resource, const UINT values[4], UINT numRects,
                                                        const D3D12_RECT* rects) override;
    void STDMETHODCALLTYPE ClearUnorderedAccessViewFloat(D3D12_GPU_DESCRIPTOR_HANDLE viewGpuHandleInCurrentHeap,
                                                         D3D12_CPU_DESCRIPTOR_HANDLE viewCpuHandle,
                                                         ID3D12Resource* resource, const FLOAT values[4], UINT numRects,
                                                         const D3D12_RECT* rects) override;
    void STDMETHODCALLTYPE EndQuery(ID3D12QueryHeap* queryHeap, D3D12_QUERY_TYPE type, UINT index) override;
    void STDMETHODCALLTYPE ResolveQueryData(ID3D12QueryHeap* queryHeap, D3D12_QUERY_TYPE type, UINT startIndex,
                                            UINT numQueries, ID3D12Resource* destinationBuffer,
                                            UINT64 alignedDestinationBufferOffset) override;

    // Outside the compute subset (command_list_unsupported.cpp): nothing is recorded; a debug message says so.
    void STDMETHODCALLTYPE ClearState(ID3D12PipelineState* pPipelineState) override;
    void STDMETHODCALLTYPE DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation,
                                         UINT StartInstanceLocation) override;
    void STDMETHODCALLTYPE DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation,
                                                INT BaseVertexLocation, UINT StartInstanceLocation) override;
    void STDMETHODCALLTYPE Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) override;
    void STDMETHODCALLTYPE CopyTextureRegion(const D3D12_TEXTURE_COPY_LOCATION* pDst, UINT DstX, UINT DstY, UINT DstZ,
                                             const D3D12_TEXTURE_COPY_LOCATION* pSrc,
                                             const D3D12_BOX* pSrcBox) override;
    void STDMETHODCALLTYPE CopyTiles(ID3D12Resource* pTiledResource,
                                     const D3D12_TILED_RESOURCE_COORDINATE* pTileRegionStartCoordinate,
                                     const D3D12_TILE_REGION_SIZE* pTileRegionSize, ID3D12Resource* pBuffer,
                                     UINT64 BufferStartOffsetInBytes, D3D12_TILE_COPY_FLAGS Flags) override;
    void STDMETHODCALLTYPE ResolveSubresource(ID3D12Resource* pDstResource, UINT DstSubresource,
                                              ID3D12Resource* pSrcResource, UINT SrcSubresource,
                                              DXGI_FORMAT Format) override;
    void STDMETHODCALLTYPE IASetPrimitiveTopology(D3D12_PRIMITIVE_TOPOLOGY PrimitiveTopology) override;
    void STDMETHODCALLTYPE RSSetViewports(UINT NumViewports, const D3D12_VIEWPORT* pViewports) override;
    void STDMETHODCALLTYPE RSSetScissorRects(UINT NumRects, const D3D12_RECT* pRects) override;
    void STDMETHODCALLTYPE OMSetBlendFactor(const FLOAT BlendFactor[4]) override;
    void STDMETHODCALLTYPE OMSetStencilRef(UINT StencilRef) override;
    void STDMETHODCALLTYPE SetPipelineState(ID3D12PipelineState* pPipelineState) override;
    void STDMETHODCALLTYPE ExecuteBundle(ID3D12GraphicsCommandList* pCommandList) override;
    void STDMETHODCALLTYPE SetComputeRootSignature(ID3D12RootSignature* pRootSignature) override;
    void STDMETHODCALLTYPE SetGraphicsRootSignature(ID3D12RootSignature* pRootSignature) override;
    void STDMETHODCALLTYPE SetComputeRootDescriptorTable(UINT RootParameterIndex,
                                                         D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) override;
    void STDMETHODCALLTYPE SetGraphicsRootDescriptorTable(UINT RootParameterIndex,
                                                          D3D12_GPU_DESCRIPTOR_HANDLE BaseDescriptor) override;
    void STDMETHODCALLTYPE SetComputeRoot32BitConstant(UINT RootParameterIndex, UINT SrcData,
                                                       UINT DestOffsetIn32BitValues) override;
    void STDMETHODCALLTYPE SetGraphicsRoot32BitConstant(UINT RootParameterIndex, UINT SrcData,
                                                        UINT DestOffsetIn32BitValues) override;
    void STDMETHODCALLTYPE SetComputeRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet,
                                                        const void* pSrcData, UINT DestOffsetIn32BitValues) override;
    void STDMETHODCALLTYPE SetGraphicsRoot32BitConstants(UINT RootParameterIndex, UINT Num32BitValuesToSet,
                                                         const void* pSrcData, UINT DestOffsetIn32BitValues) override;
    void STDMETHODCALLTYPE SetComputeRootConstantBufferView(UINT RootParameterIndex,
                                                            D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
    void STDMETHODCALLTYPE SetGraphicsRootConstantBufferView(UINT RootParameterIndex,
                                                             D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
    void STDMETHODCALLTYPE SetComputeRootShaderResourceView(UINT RootParameterIndex,
                                                            D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
    void STDMETHODCALLTYPE SetGraphicsRootShaderResourceView(UINT RootParameterIndex,
                                                             D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
    void STDMETHODCALLTYPE SetComputeRootUnorderedAccessView(UINT RootParameterIndex,
                                                             D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
    void STDMETHODCALLTYPE SetGraphicsRootUnorderedAccessView(UINT RootParameterIndex,
                                                              D3D12_GPU_VIRTUAL_ADDRESS BufferLocation) override;
    void STDMETHODCALLTYPE IASetIndexBuffer(const D3D12_INDEX_BUFFER_VIEW* pView) override;
    void STDMETHODCALLTYPE IASetVertexBuffers(UINT StartSlot, UINT NumViews,
                                              const D3D12_VERTEX_BUFFER_VIEW* pViews) override;
    void STDMETHODCALLTYPE SOSetTargets(UINT StartSlot, UINT NumViews,
                                        const D3D12_STREAM_OUTPUT_BUFFER_VIEW* pViews) override;
    void STDMETHODCALLTYPE OMSetRenderTargets(UINT NumRenderTargetDescriptors,
                                              const D3D12_CPU_DESCRIPTOR_HANDLE* pRenderTargetDescriptors,
                                              BOOL RTsSingleHandleToDescriptorRange,
                                              const D3D12_CPU_DESCRIPTOR_HANDLE* pDepthStencilDescriptor) override;
    void STDMETHODCALLTYPE ClearDepthStencilView(D3D12_CPU_DESCRIPTOR_HANDLE DepthStencilView,
                                                 D3D12_CLEAR_FLAGS ClearFlags, FLOAT Depth, UINT8 Stencil,
                                                 UINT NumRects, const D3D12_RECT* pRects) override;
    void STDMETHODCALLTYPE ClearRenderTargetView(D3D12_CPU_DESCRIPTOR_HANDLE RenderTargetView, const FLOAT ColorRGBA[4],
                                                 UINT NumRects, const D3D12_RECT* pRects) override;
    void STDMETHODCALLTYPE DiscardResource(ID3D12Resource* pResource, const D3D12_DISCARD_REGION* pRegion) override;
    void STDMETHODCALLTYPE BeginQuery(ID3D12QueryHeap* pQueryHeap, D3D12_QUERY_TYPE Type, UINT Index) override;
    void STDMETHODCALLTYPE SetPredication(ID3D12Resource* pBuffer, UINT64 AlignedBufferOffset,
                                          D3D12_PREDICATION_OP Operation) override;
    void STDMETHODCALLTYPE SetMarker(UINT Metadata, const void* pData, UINT Size) override;
    void STDMETHODCALLTYPE BeginEvent(UINT Metadata, const void* pData, UINT Size) override;
    void STDMETHODCALLTYPE EndEvent() override;
    void STDMETHODCALLTYPE ExecuteIndirect(ID3D12CommandSignature* pCommandSignature, UINT MaxCommandCount,
                                           ID3D12Resource* pArgumentBuffer, UINT64 ArgumentBufferOffset,
                                           ID3D12Resource* pCountBuffer, UINT64 CountBufferOffset) override;
    void STDMETHODCALLTYPE
    AtomicCopyBufferUINT(ID3D12Resource* pDstBuffer, UINT64 DstOffset, ID3D12Resource* pSrcBuffer, UINT64 SrcOffset,
                         UINT Dependencies, ID3D12Resource* const* ppDependentResources,
                         const D3D12_SUBRESOURCE_RANGE_UINT64* pDependentSubresourceRanges) override;
    void STDMETHODCALLTYPE
    AtomicCopyBufferUINT64(ID3D12Resource* pDstBuffer, UINT64 DstOffset, ID3D12Resource* pSrcBuffer, UINT64 SrcOffset,
                           UINT Dependencies, ID3D12Resource* const* ppDependentResources,
                           const D3D12_SUBRESOURCE_RANGE_UINT64* pDependentSubresourceRanges) override;
    void STDMETHODCALLTYPE OMSetDepthBounds(FLOAT Min, FLOAT Max) override;
    void STDMETHODCALLTYPE SetSamplePositions(UINT NumSamplesPerPixel, UINT NumPixels,
                                              D3D12_SAMPLE_POSITION* pSamplePositions) override;
    void STDMETHODCALLTYPE ResolveSubresourceRegion(ID3D12Resource* pDstResource, UINT DstSubresource, UINT DstX,
                                                    UINT DstY, ID3D12Resource* pSrcResource, UINT SrcSubresource,
                                                    D3D12_RECT* pSrcRect, DXGI_FORMAT Format,
                                                    D3D12_RESOLVE_MODE ResolveMode) override;
    void STDMETHODCALLTYPE SetViewInstanceMask(UINT Mask) override;
    void STDMETHODCALLTYPE WriteBufferImmediate(UINT Count, const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER* pParams,
                                                const D3D12_WRITEBUFFERIMMEDIATE_MODE* pModes) override;
    void STDMETHODCALLTYPE
    SetProtectedResourceSession(ID3D12ProtectedResourceSession* pProtectedResourceSession) override;
    void STDMETHODCALLTYPE BeginRenderPass(UINT NumRenderTargets,
                                           const D3D12_RENDER_PASS_RENDER_TARGET_DESC* pRenderTargets,
                                           const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC* pDepthStencil,
                                           D3D12_RENDER_PASS_FLAGS Flags) override;
    void STDMETHODCALLTYPE EndRenderPass() override;
    void STDMETHODCALLTYPE InitializeMetaCommand(ID3D12MetaCommand* pMetaCommand,
                                                 const void* pInitializationParametersData,
                                                 SIZE_T InitializationParametersDataSizeInBytes) override;
    void STDMETHODCALLTYPE ExecuteMetaCommand(ID3D12MetaCommand* pMetaCommand, const void* pExecutionParametersData,
                                              SIZE_T ExecutionParametersDataSizeInBytes) override;
    void STDMETHODCALLTYPE BuildRaytracingAccelerationStructure(
        const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC* pDesc, UINT NumPostbuildInfoDescs,
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC* pPostbuildInfoDescs) override;
    void STDMETHODCALLTYPE EmitRaytracingAccelerationStructurePostbuildInfo(
        const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC* pDesc, UINT NumSourceAccelerationStructures,
        const D3D12_GPU_VIRTUAL_ADDRESS* pSourceAccelerationStructureData) override;
    void STDMETHODCALLTYPE
    CopyRaytracingAccelerationStructure(D3D12_GPU_VIRTUAL_ADDRESS DestAccelerationStructureData,
                                        D3D12_GPU_VIRTUAL_ADDRESS SourceAccelerationStructureData,
                                        D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE Mode) override;
    void STDMETHODCALLTYPE SetPipelineState1(ID3D12StateObject* pStateObject) override;
    void STDMETHODCALLTYPE DispatchRays(const D3D12_DISPATCH_RAYS_DESC* pDesc) override;

    // ID3D12GraphicsCommandList5..8
    void STDMETHODCALLTYPE RSSetShadingRate(D3D12_SHADING_RATE baseShadingRate,
                                            const D3D12_SHADING_RATE_COMBINER* combiners) override;
    void STDMETHODCALLTYPE RSSetShadingRateImage(ID3D12Resource* shadingRateImage) override;
    void STDMETHODCALLTYPE DispatchMesh(UINT threadGroupCountX, UINT threadGroupCountY,
                                        UINT threadGroupCountZ) override;
    // Enhanced barriers: like ResourceBarrier, nothing to record.
    void STDMETHODCALLTYPE Barrier(UINT32 numBarrierGroups, const D3D12_BARRIER_GROUP* barrierGroups) override;
    void STDMETHODCALLTYPE OMSetFrontAndBackStencilRef(UINT frontStencilRef, UINT backStencilRef) override;

    // IVkdmlD3D12CommandList
    VkdmlCommandList STDMETHODCALLTYPE GetVkdmlCommandList() override;
    BOOL STDMETHODCALLTYPE IsOpen() override { return open_; }
    ID3D12DescriptorHeap* STDMETHODCALLTYPE GetCurrentCbvSrvUavHeap() override;

    // For ExecuteCommandLists: closed, without a recording error, and recorded at least once (CreateCommandList1
    // makes lists that have never been).
    bool executable() const { return !open_ && !invalid_ && recording_ && allocator_; }
    std::shared_ptr<Recording> recording() const { return recording_; }
    CommandAllocator* allocator() const { return allocator_; }

protected:
    void* findInterface(REFIID riid) override;

private:
    // The list is open (else a message and false); recording errors make Close fail.
    bool requireOpen(const char* method);
    void invalidCommand(const char* method, const char* why);
    // Clears [offset, offset + bytes) of `resource` with one element of `elementBytes` bytes repeated.
    void fillRange(const char* method, Resource& resource, uint64_t offset, uint64_t bytes, const uint8_t* element,
                   uint32_t elementBytes);
    void clearView(const char* method, D3D12_GPU_DESCRIPTOR_HANDLE gpuHandle, D3D12_CPU_DESCRIPTOR_HANDLE cpuHandle,
                   ID3D12Resource* resource, const uint32_t bits[4], bool valuesAreFloat, UINT numRects,
                   const D3D12_RECT* rects);
    void setHeap(DescriptorHeap* heap);

    const D3D12_COMMAND_LIST_TYPE type_;
    std::shared_ptr<Recording> recording_;
    CommandAllocator* allocator_ = nullptr;    // referenced while set
    DescriptorHeap* cbvSrvUavHeap_ = nullptr;  // referenced while set
    bool open_ = false;
    bool invalid_ = false;  // a command was rejected since the last Reset
};

}  // namespace vkdml::dropin
