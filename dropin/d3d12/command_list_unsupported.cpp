// The graphics, ray-tracing and other commands of ID3D12GraphicsCommandList..8 outside vkdml's compute subset:
// nothing is recorded, a debug message says so.
#include "command_list.h"

namespace vkdml::dropin {

void CommandList::ClearState(ID3D12PipelineState*) {
    ignoredCall("ID3D12GraphicsCommandList::ClearState");
}

void CommandList::DrawInstanced(UINT, UINT, UINT, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::DrawInstanced");
}

void CommandList::DrawIndexedInstanced(UINT, UINT, UINT, INT, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::DrawIndexedInstanced");
}

void CommandList::Dispatch(UINT, UINT, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::Dispatch");
}

void CommandList::CopyTextureRegion(const D3D12_TEXTURE_COPY_LOCATION*, UINT, UINT, UINT,
                                    const D3D12_TEXTURE_COPY_LOCATION*, const D3D12_BOX*) {
    ignoredCall("ID3D12GraphicsCommandList::CopyTextureRegion");
}

void CommandList::CopyTiles(ID3D12Resource*, const D3D12_TILED_RESOURCE_COORDINATE*, const D3D12_TILE_REGION_SIZE*,
                            ID3D12Resource*, UINT64, D3D12_TILE_COPY_FLAGS) {
    ignoredCall("ID3D12GraphicsCommandList::CopyTiles");
}

void CommandList::ResolveSubresource(ID3D12Resource*, UINT, ID3D12Resource*, UINT, DXGI_FORMAT) {
    ignoredCall("ID3D12GraphicsCommandList::ResolveSubresource");
}

void CommandList::IASetPrimitiveTopology(D3D12_PRIMITIVE_TOPOLOGY) {
    ignoredCall("ID3D12GraphicsCommandList::IASetPrimitiveTopology");
}

void CommandList::RSSetViewports(UINT, const D3D12_VIEWPORT*) {
    ignoredCall("ID3D12GraphicsCommandList::RSSetViewports");
}

void CommandList::RSSetScissorRects(UINT, const D3D12_RECT*) {
    ignoredCall("ID3D12GraphicsCommandList::RSSetScissorRects");
}

void CommandList::OMSetBlendFactor(const FLOAT[4]) {
    ignoredCall("ID3D12GraphicsCommandList::OMSetBlendFactor");
}

void CommandList::OMSetStencilRef(UINT) {
    ignoredCall("ID3D12GraphicsCommandList::OMSetStencilRef");
}

void CommandList::SetPipelineState(ID3D12PipelineState*) {
    ignoredCall("ID3D12GraphicsCommandList::SetPipelineState");
}

void CommandList::ExecuteBundle(ID3D12GraphicsCommandList*) {
    ignoredCall("ID3D12GraphicsCommandList::ExecuteBundle");
}

void CommandList::SetComputeRootSignature(ID3D12RootSignature*) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRootSignature");
}

void CommandList::SetGraphicsRootSignature(ID3D12RootSignature*) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRootSignature");
}

void CommandList::SetComputeRootDescriptorTable(UINT, D3D12_GPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRootDescriptorTable");
}

void CommandList::SetGraphicsRootDescriptorTable(UINT, D3D12_GPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable");
}

void CommandList::SetComputeRoot32BitConstant(UINT, UINT, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRoot32BitConstant");
}

void CommandList::SetGraphicsRoot32BitConstant(UINT, UINT, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstant");
}

void CommandList::SetComputeRoot32BitConstants(UINT, UINT, const void*, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRoot32BitConstants");
}

void CommandList::SetGraphicsRoot32BitConstants(UINT, UINT, const void*, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstants");
}

void CommandList::SetComputeRootConstantBufferView(UINT, D3D12_GPU_VIRTUAL_ADDRESS) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRootConstantBufferView");
}

void CommandList::SetGraphicsRootConstantBufferView(UINT, D3D12_GPU_VIRTUAL_ADDRESS) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRootConstantBufferView");
}

void CommandList::SetComputeRootShaderResourceView(UINT, D3D12_GPU_VIRTUAL_ADDRESS) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRootShaderResourceView");
}

void CommandList::SetGraphicsRootShaderResourceView(UINT, D3D12_GPU_VIRTUAL_ADDRESS) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRootShaderResourceView");
}

void CommandList::SetComputeRootUnorderedAccessView(UINT, D3D12_GPU_VIRTUAL_ADDRESS) {
    ignoredCall("ID3D12GraphicsCommandList::SetComputeRootUnorderedAccessView");
}

void CommandList::SetGraphicsRootUnorderedAccessView(UINT, D3D12_GPU_VIRTUAL_ADDRESS) {
    ignoredCall("ID3D12GraphicsCommandList::SetGraphicsRootUnorderedAccessView");
}

void CommandList::IASetIndexBuffer(const D3D12_INDEX_BUFFER_VIEW*) {
    ignoredCall("ID3D12GraphicsCommandList::IASetIndexBuffer");
}

void CommandList::IASetVertexBuffers(UINT, UINT, const D3D12_VERTEX_BUFFER_VIEW*) {
    ignoredCall("ID3D12GraphicsCommandList::IASetVertexBuffers");
}

void CommandList::SOSetTargets(UINT, UINT, const D3D12_STREAM_OUTPUT_BUFFER_VIEW*) {
    ignoredCall("ID3D12GraphicsCommandList::SOSetTargets");
}

void CommandList::OMSetRenderTargets(UINT, const D3D12_CPU_DESCRIPTOR_HANDLE*, BOOL,
                                     const D3D12_CPU_DESCRIPTOR_HANDLE*) {
    ignoredCall("ID3D12GraphicsCommandList::OMSetRenderTargets");
}

void CommandList::ClearDepthStencilView(D3D12_CPU_DESCRIPTOR_HANDLE, D3D12_CLEAR_FLAGS, FLOAT, UINT8, UINT,
                                        const D3D12_RECT*) {
    ignoredCall("ID3D12GraphicsCommandList::ClearDepthStencilView");
}

void CommandList::ClearRenderTargetView(D3D12_CPU_DESCRIPTOR_HANDLE, const FLOAT[4], UINT, const D3D12_RECT*) {
    ignoredCall("ID3D12GraphicsCommandList::ClearRenderTargetView");
}

void CommandList::DiscardResource(ID3D12Resource*, const D3D12_DISCARD_REGION*) {
    ignoredCall("ID3D12GraphicsCommandList::DiscardResource");
}

void CommandList::BeginQuery(ID3D12QueryHeap*, D3D12_QUERY_TYPE, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::BeginQuery");
}

void CommandList::SetPredication(ID3D12Resource*, UINT64, D3D12_PREDICATION_OP) {
    ignoredCall("ID3D12GraphicsCommandList::SetPredication");
}

void CommandList::SetMarker(UINT, const void*, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::SetMarker");
}

void CommandList::BeginEvent(UINT, const void*, UINT) {
    ignoredCall("ID3D12GraphicsCommandList::BeginEvent");
}

void CommandList::EndEvent() {
    ignoredCall("ID3D12GraphicsCommandList::EndEvent");
}

void CommandList::ExecuteIndirect(ID3D12CommandSignature*, UINT, ID3D12Resource*, UINT64, ID3D12Resource*, UINT64) {
    ignoredCall("ID3D12GraphicsCommandList::ExecuteIndirect");
}

void CommandList::AtomicCopyBufferUINT(ID3D12Resource*, UINT64, ID3D12Resource*, UINT64, UINT, ID3D12Resource* const*,
                                       const D3D12_SUBRESOURCE_RANGE_UINT64*) {
    ignoredCall("ID3D12GraphicsCommandList1::AtomicCopyBufferUINT");
}

void CommandList::AtomicCopyBufferUINT64(ID3D12Resource*, UINT64, ID3D12Resource*, UINT64, UINT, ID3D12Resource* const*,
                                         const D3D12_SUBRESOURCE_RANGE_UINT64*) {
    ignoredCall("ID3D12GraphicsCommandList1::AtomicCopyBufferUINT64");
}

void CommandList::OMSetDepthBounds(FLOAT, FLOAT) {
    ignoredCall("ID3D12GraphicsCommandList1::OMSetDepthBounds");
}

void CommandList::SetSamplePositions(UINT, UINT, D3D12_SAMPLE_POSITION*) {
    ignoredCall("ID3D12GraphicsCommandList1::SetSamplePositions");
}

void CommandList::ResolveSubresourceRegion(ID3D12Resource*, UINT, UINT, UINT, ID3D12Resource*, UINT, D3D12_RECT*,
                                           DXGI_FORMAT, D3D12_RESOLVE_MODE) {
    ignoredCall("ID3D12GraphicsCommandList1::ResolveSubresourceRegion");
}

void CommandList::SetViewInstanceMask(UINT) {
    ignoredCall("ID3D12GraphicsCommandList1::SetViewInstanceMask");
}

void CommandList::WriteBufferImmediate(UINT, const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER*,
                                       const D3D12_WRITEBUFFERIMMEDIATE_MODE*) {
    ignoredCall("ID3D12GraphicsCommandList2::WriteBufferImmediate");
}

void CommandList::SetProtectedResourceSession(ID3D12ProtectedResourceSession*) {
    ignoredCall("ID3D12GraphicsCommandList3::SetProtectedResourceSession");
}

void CommandList::BeginRenderPass(UINT, const D3D12_RENDER_PASS_RENDER_TARGET_DESC*,
                                  const D3D12_RENDER_PASS_DEPTH_STENCIL_DESC*, D3D12_RENDER_PASS_FLAGS) {
    ignoredCall("ID3D12GraphicsCommandList4::BeginRenderPass");
}

void CommandList::EndRenderPass() {
    ignoredCall("ID3D12GraphicsCommandList4::EndRenderPass");
}

void CommandList::InitializeMetaCommand(ID3D12MetaCommand*, const void*, SIZE_T) {
    ignoredCall("ID3D12GraphicsCommandList4::InitializeMetaCommand");
}

void CommandList::ExecuteMetaCommand(ID3D12MetaCommand*, const void*, SIZE_T) {
    ignoredCall("ID3D12GraphicsCommandList4::ExecuteMetaCommand");
}

void CommandList::BuildRaytracingAccelerationStructure(
    const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC*, UINT,
    const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC*) {
    ignoredCall("ID3D12GraphicsCommandList4::BuildRaytracingAccelerationStructure");
}

void CommandList::EmitRaytracingAccelerationStructurePostbuildInfo(
    const D3D12_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_DESC*, UINT, const D3D12_GPU_VIRTUAL_ADDRESS*) {
    ignoredCall("ID3D12GraphicsCommandList4::EmitRaytracingAccelerationStructurePostbuildInfo");
}

void CommandList::CopyRaytracingAccelerationStructure(D3D12_GPU_VIRTUAL_ADDRESS, D3D12_GPU_VIRTUAL_ADDRESS,
                                                      D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE) {
    ignoredCall("ID3D12GraphicsCommandList4::CopyRaytracingAccelerationStructure");
}

void CommandList::SetPipelineState1(ID3D12StateObject*) {
    ignoredCall("ID3D12GraphicsCommandList4::SetPipelineState1");
}

void CommandList::DispatchRays(const D3D12_DISPATCH_RAYS_DESC*) {
    ignoredCall("ID3D12GraphicsCommandList4::DispatchRays");
}

void CommandList::RSSetShadingRate(D3D12_SHADING_RATE, const D3D12_SHADING_RATE_COMBINER*) {
    ignoredCall("ID3D12GraphicsCommandList5::RSSetShadingRate");
}

void CommandList::RSSetShadingRateImage(ID3D12Resource*) {
    ignoredCall("ID3D12GraphicsCommandList5::RSSetShadingRateImage");
}

void CommandList::DispatchMesh(UINT, UINT, UINT) { ignoredCall("ID3D12GraphicsCommandList6::DispatchMesh"); }

void CommandList::OMSetFrontAndBackStencilRef(UINT, UINT) {
    ignoredCall("ID3D12GraphicsCommandList8::OMSetFrontAndBackStencilRef");
}

}  // namespace vkdml::dropin
