// The methods of ID3D12Device1..9 outside vkdml's compute subset: E_NOTIMPL with out-pointers set to NULL, or
// nothing for void methods, each saying so through the debug output.
#include "device.h"

namespace vkdml::dropin {

HRESULT Device::CreateGraphicsPipelineState(const D3D12_GRAPHICS_PIPELINE_STATE_DESC*, REFIID, void** ppPipelineState) {
    if (ppPipelineState) *ppPipelineState = nullptr;
    return notImplemented("ID3D12Device::CreateGraphicsPipelineState");
}

HRESULT Device::CreateComputePipelineState(const D3D12_COMPUTE_PIPELINE_STATE_DESC*, REFIID, void** ppPipelineState) {
    if (ppPipelineState) *ppPipelineState = nullptr;
    return notImplemented("ID3D12Device::CreateComputePipelineState");
}

HRESULT Device::CreateRootSignature(UINT, const void*, SIZE_T, REFIID, void** ppvRootSignature) {
    if (ppvRootSignature) *ppvRootSignature = nullptr;
    return notImplemented("ID3D12Device::CreateRootSignature");
}

void Device::CreateConstantBufferView(const D3D12_CONSTANT_BUFFER_VIEW_DESC*, D3D12_CPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12Device::CreateConstantBufferView");
}

void Device::CreateRenderTargetView(ID3D12Resource*, const D3D12_RENDER_TARGET_VIEW_DESC*,
                                    D3D12_CPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12Device::CreateRenderTargetView");
}

void Device::CreateDepthStencilView(ID3D12Resource*, const D3D12_DEPTH_STENCIL_VIEW_DESC*,
                                    D3D12_CPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12Device::CreateDepthStencilView");
}

void Device::CreateSampler(const D3D12_SAMPLER_DESC*, D3D12_CPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12Device::CreateSampler");
}

HRESULT Device::CreateReservedResource(const D3D12_RESOURCE_DESC*, D3D12_RESOURCE_STATES, const D3D12_CLEAR_VALUE*,
                                       REFIID, void** ppvResource) {
    if (ppvResource) *ppvResource = nullptr;
    return notImplemented("ID3D12Device::CreateReservedResource");
}

HRESULT Device::CreateSharedHandle(ID3D12DeviceChild*, const SECURITY_ATTRIBUTES*, DWORD, LPCWSTR, HANDLE* pHandle) {
    if (pHandle) *pHandle = nullptr;
    return notImplemented("ID3D12Device::CreateSharedHandle");
}

HRESULT Device::OpenSharedHandle(HANDLE, REFIID, void** ppvObj) {
    if (ppvObj) *ppvObj = nullptr;
    return notImplemented("ID3D12Device::OpenSharedHandle");
}

HRESULT Device::OpenSharedHandleByName(LPCWSTR, DWORD, HANDLE* pNTHandle) {
    if (pNTHandle) *pNTHandle = nullptr;
    return notImplemented("ID3D12Device::OpenSharedHandleByName");
}

HRESULT Device::SetStablePowerState(BOOL) {
    return notImplemented("ID3D12Device::SetStablePowerState");
}

HRESULT Device::CreateCommandSignature(const D3D12_COMMAND_SIGNATURE_DESC*, ID3D12RootSignature*, REFIID,
                                       void** ppvCommandSignature) {
    if (ppvCommandSignature) *ppvCommandSignature = nullptr;
    return notImplemented("ID3D12Device::CreateCommandSignature");
}

void Device::GetResourceTiling(ID3D12Resource*, UINT*, D3D12_PACKED_MIP_INFO*, D3D12_TILE_SHAPE*, UINT*, UINT,
                               D3D12_SUBRESOURCE_TILING*) {
    ignoredCall("ID3D12Device::GetResourceTiling");
}

HRESULT Device::CreatePipelineLibrary(const void*, SIZE_T, REFIID, void** ppPipelineLibrary) {
    if (ppPipelineLibrary) *ppPipelineLibrary = nullptr;
    return notImplemented("ID3D12Device1::CreatePipelineLibrary");
}

HRESULT Device::CreatePipelineState(const D3D12_PIPELINE_STATE_STREAM_DESC*, REFIID, void** ppPipelineState) {
    if (ppPipelineState) *ppPipelineState = nullptr;
    return notImplemented("ID3D12Device2::CreatePipelineState");
}

HRESULT Device::OpenExistingHeapFromAddress(const void*, REFIID, void** ppvHeap) {
    if (ppvHeap) *ppvHeap = nullptr;
    return notImplemented("ID3D12Device3::OpenExistingHeapFromAddress");
}

HRESULT Device::OpenExistingHeapFromFileMapping(HANDLE, REFIID, void** ppvHeap) {
    if (ppvHeap) *ppvHeap = nullptr;
    return notImplemented("ID3D12Device3::OpenExistingHeapFromFileMapping");
}

HRESULT Device::CreateProtectedResourceSession(const D3D12_PROTECTED_RESOURCE_SESSION_DESC*, REFIID, void** ppSession) {
    if (ppSession) *ppSession = nullptr;
    return notImplemented("ID3D12Device4::CreateProtectedResourceSession");
}

HRESULT Device::CreateReservedResource1(const D3D12_RESOURCE_DESC*, D3D12_RESOURCE_STATES, const D3D12_CLEAR_VALUE*,
                                        ID3D12ProtectedResourceSession*, REFIID, void** ppvResource) {
    if (ppvResource) *ppvResource = nullptr;
    return notImplemented("ID3D12Device4::CreateReservedResource1");
}

HRESULT Device::CreateReservedResource2(const D3D12_RESOURCE_DESC*, D3D12_BARRIER_LAYOUT, const D3D12_CLEAR_VALUE*,
                                        ID3D12ProtectedResourceSession*, UINT32, DXGI_FORMAT*, REFIID,
                                        void** ppvResource) {
    if (ppvResource) *ppvResource = nullptr;
    return notImplemented("ID3D12Device10::CreateReservedResource2");
}

void Device::CreateSampler2(const D3D12_SAMPLER_DESC2*, D3D12_CPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12Device11::CreateSampler2");
}

HRESULT Device::CreateLifetimeTracker(ID3D12LifetimeOwner*, REFIID, void** ppvTracker) {
    if (ppvTracker) *ppvTracker = nullptr;
    return notImplemented("ID3D12Device5::CreateLifetimeTracker");
}

HRESULT Device::EnumerateMetaCommands(UINT*, D3D12_META_COMMAND_DESC*) {
    return notImplemented("ID3D12Device5::EnumerateMetaCommands");
}

HRESULT Device::EnumerateMetaCommandParameters(REFGUID, D3D12_META_COMMAND_PARAMETER_STAGE, UINT*, UINT*,
                                               D3D12_META_COMMAND_PARAMETER_DESC*) {
    return notImplemented("ID3D12Device5::EnumerateMetaCommandParameters");
}

HRESULT Device::CreateMetaCommand(REFGUID, UINT, const void*, SIZE_T, REFIID, void** ppMetaCommand) {
    if (ppMetaCommand) *ppMetaCommand = nullptr;
    return notImplemented("ID3D12Device5::CreateMetaCommand");
}

HRESULT Device::CreateStateObject(const D3D12_STATE_OBJECT_DESC*, REFIID, void** ppStateObject) {
    if (ppStateObject) *ppStateObject = nullptr;
    return notImplemented("ID3D12Device5::CreateStateObject");
}

void Device::GetRaytracingAccelerationStructurePrebuildInfo(const D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INPUTS*,
                                                            D3D12_RAYTRACING_ACCELERATION_STRUCTURE_PREBUILD_INFO*) {
    ignoredCall("ID3D12Device5::GetRaytracingAccelerationStructurePrebuildInfo");
}

D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS Device::CheckDriverMatchingIdentifier(
    D3D12_SERIALIZED_DATA_TYPE, const D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER*) {
    notImplemented("ID3D12Device5::CheckDriverMatchingIdentifier");
    return D3D12_DRIVER_MATCHING_IDENTIFIER_UNSUPPORTED_TYPE;
}

HRESULT Device::SetBackgroundProcessingMode(D3D12_BACKGROUND_PROCESSING_MODE, D3D12_MEASUREMENTS_ACTION, HANDLE,
                                            BOOL*) {
    return notImplemented("ID3D12Device6::SetBackgroundProcessingMode");
}

HRESULT Device::AddToStateObject(const D3D12_STATE_OBJECT_DESC*, ID3D12StateObject*, REFIID, void** ppNewStateObject) {
    if (ppNewStateObject) *ppNewStateObject = nullptr;
    return notImplemented("ID3D12Device7::AddToStateObject");
}

HRESULT Device::CreateProtectedResourceSession1(const D3D12_PROTECTED_RESOURCE_SESSION_DESC1*, REFIID,
                                                void** ppSession) {
    if (ppSession) *ppSession = nullptr;
    return notImplemented("ID3D12Device7::CreateProtectedResourceSession1");
}

void Device::CreateSamplerFeedbackUnorderedAccessView(ID3D12Resource*, ID3D12Resource*, D3D12_CPU_DESCRIPTOR_HANDLE) {
    ignoredCall("ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView");
}

HRESULT Device::CreateShaderCacheSession(const D3D12_SHADER_CACHE_SESSION_DESC*, REFIID, void** ppvSession) {
    if (ppvSession) *ppvSession = nullptr;
    return notImplemented("ID3D12Device9::CreateShaderCacheSession");
}

HRESULT Device::ShaderCacheControl(D3D12_SHADER_CACHE_KIND_FLAGS, D3D12_SHADER_CACHE_CONTROL_FLAGS) {
    return notImplemented("ID3D12Device9::ShaderCacheControl");
}

}  // namespace vkdml::dropin
