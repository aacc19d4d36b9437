#include "descriptor_range.h"

namespace vkdml::dropin {

ComPtr<IUnknown> identityOf(IUnknown* object) {
    ComPtr<IUnknown> identity;
    if (object) object->QueryInterface(__uuidof(IUnknown), &identity);
    return identity;
}

HRESULT findDescriptorRange(const DML_BINDING_TABLE_DESC& desc, UINT requiredDescriptorCount, DescriptorRange& range,
                            std::string& error) {
    range = DescriptorRange{};
    if (desc.SizeInDescriptors < requiredDescriptorCount) {
        error = "desc->SizeInDescriptors (" + std::to_string(desc.SizeInDescriptors) +
                ") is less than the dispatchable's RequiredDescriptorCount (" +
                std::to_string(requiredDescriptorCount) + ")";
        return E_INVALIDARG;
    }
    if (desc.SizeInDescriptors == 0 && desc.CPUDescriptorHandle.ptr == 0) return S_OK;  // nothing to write

    ComPtr<IVkdmlD3D12DescriptorHeap> heap;
    UINT index = 0;
    if (FAILED(VkdmlD3D12FindDescriptorHeap(desc.CPUDescriptorHandle, &heap, &index)) || !heap) {
        error = "desc->CPUDescriptorHandle (" + std::to_string(desc.CPUDescriptorHandle.ptr) +
                ") points into no descriptor heap of vkdml's libd3d12";
        return E_INVALIDARG;
    }
    ComPtr<ID3D12DescriptorHeap> d3d12Heap;
    if (FAILED(heap.As(&d3d12Heap))) {
        error = "desc->CPUDescriptorHandle's heap is not an ID3D12DescriptorHeap";
        return E_INVALIDARG;
    }
    const D3D12_DESCRIPTOR_HEAP_DESC heapDesc = d3d12Heap->GetDesc();
    if (heapDesc.Type != D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV) {
        error = "desc->CPUDescriptorHandle lies in a heap of type " + std::to_string(heapDesc.Type) +
                ", not D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV";
        return E_INVALIDARG;
    }
    if (!(heapDesc.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)) {
        error = "desc->CPUDescriptorHandle lies in a heap that is not D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE";
        return E_INVALIDARG;
    }
    if (UINT64(index) + desc.SizeInDescriptors > heapDesc.NumDescriptors) {
        error = "desc->SizeInDescriptors (" + std::to_string(desc.SizeInDescriptors) + ") from descriptor " +
                std::to_string(index) + " runs past the heap's " + std::to_string(heapDesc.NumDescriptors) +
                " descriptors";
        return E_INVALIDARG;
    }
    UINT gpuIndex = 0;
    if (FAILED(heap->IndexOfGpuHandle(desc.GPUDescriptorHandle, &gpuIndex)) || gpuIndex != index) {
        error = "desc->GPUDescriptorHandle does not name the descriptor desc->CPUDescriptorHandle names (index " +
                std::to_string(index) + " of the same heap)";
        return E_INVALIDARG;
    }
    range.heap = identityOf(d3d12Heap.Get());
    range.firstIndex = index;
    range.count = desc.SizeInDescriptors;
    return S_OK;
}

}  // namespace vkdml::dropin
