// ID3D12DescriptorHeap and IVkdmlD3D12DescriptorHeap. Handles are numbers, not memory: CPU handles come from a
// process-wide range (so VkdmlD3D12FindDescriptorHeap can tell any live heap's handle), GPU handles of
// shader-visible heaps from the GPU virtual address space. CBV_SRV_UAV heaps remember the buffer views written.
#pragma once

#include <cstdint>
#include <vector>

#include "object_base.h"
#include "vkdml_d3d12.h"

namespace vkdml::dropin {

constexpr UINT kDescriptorIncrement = 32;  // GetDescriptorHandleIncrementSize for every heap type

struct Descriptor {
    enum class Kind { Empty, UnorderedAccess, ShaderResource };
    Kind kind = Kind::Empty;
    ID3D12Resource* resource = nullptr;  // borrowed, as D3D12 descriptors are; nullptr for a null view
    uint64_t offset = 0;                 // bytes from the resource's start
    uint64_t size = 0;
    DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;  // R32_TYPELESS for raw views, UNKNOWN for structured ones
    uint32_t elementBytes = 0;
};

class DescriptorHeap final : public DeviceChild<ID3D12DescriptorHeap, IVkdmlD3D12DescriptorHeap> {
public:
    DescriptorHeap(Device& device, const D3D12_DESCRIPTOR_HEAP_DESC& desc);
    ~DescriptorHeap() override;
    static DescriptorHeap* fromInterface(const void* heap);
    // The live heap (AddRef'd) `handle` points into, with the index; nullptr if none.
    static DescriptorHeap* findByCpuHandle(SIZE_T handle, UINT* index);

    D3D12_DESCRIPTOR_HEAP_DESC STDMETHODCALLTYPE GetDesc() override { return desc_; }
    D3D12_CPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE GetCPUDescriptorHandleForHeapStart() override;
    D3D12_GPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE GetGPUDescriptorHandleForHeapStart() override;

    HRESULT STDMETHODCALLTYPE IndexOfCpuHandle(D3D12_CPU_DESCRIPTOR_HANDLE handle, UINT* index) override;
    HRESULT STDMETHODCALLTYPE IndexOfGpuHandle(D3D12_GPU_DESCRIPTOR_HANDLE handle, UINT* index) override;
    HRESULT STDMETHODCALLTYPE GetUavDescriptor(UINT index, VKDML_D3D12_UAV_DESCRIPTOR* descriptor) override;

    D3D12_DESCRIPTOR_HEAP_TYPE type() const { return desc_.Type; }
    bool shaderVisible() const { return desc_.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE; }
    UINT size() const { return desc_.NumDescriptors; }
    // Only CBV_SRV_UAV heaps keep descriptors; the index must be below size().
    Descriptor& at(UINT index) { return descriptors_[index]; }
    bool keepsDescriptors() const { return !descriptors_.empty(); }

protected:
    void* findInterface(REFIID riid) override;

private:
    const D3D12_DESCRIPTOR_HEAP_DESC desc_;
    const SIZE_T cpuStart_;
    const UINT64 gpuStart_;  // 0 unless shader-visible
    std::vector<Descriptor> descriptors_;
};

}  // namespace vkdml::dropin
