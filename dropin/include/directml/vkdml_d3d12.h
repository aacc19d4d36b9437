// vkdml's D3D12 subset: what lies under its COM objects, for programs that mix D3D12-style code with Vulkan or with
// vkdml's C API, and for libdirectml.so, which reaches the objects of libd3d12.so only through these interfaces.
// Each is obtained by QueryInterface on the D3D12 object (ID3D12Device, ID3D12Resource, ID3D12GraphicsCommandList,
// ID3D12DescriptorHeap); handles returned are borrowed (not AddRef'd) and live as long as the object.
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <vulkan/vulkan_core.h>

typedef struct VkdmlDevice_T* VkdmlDevice;
typedef struct VkdmlBuffer_T* VkdmlBuffer;
typedef struct VkdmlCommandList_T* VkdmlCommandList;

// The Vulkan objects behind an ID3D12Device (vkdml's single queue serves every D3D12 command queue).
struct VKDML_D3D12_VULKAN_HANDLES {
    VkInstance Instance;
    VkPhysicalDevice PhysicalDevice;
    VkDevice Device;
    VkQueue Queue;
    UINT QueueFamilyIndex;
};

MIDL_INTERFACE("93ee7aa0-3ba1-417c-9f68-3bdfb56047e5")
IVkdmlD3D12Device : public IUnknown {
    virtual VkdmlDevice STDMETHODCALLTYPE GetVkdmlDevice() = 0;
    virtual void STDMETHODCALLTYPE GetVulkanHandles(VKDML_D3D12_VULKAN_HANDLES* handles) = 0;
};

// A buffer resource: committed (its own VkdmlBuffer, offset 0) or placed (its heap's VkdmlBuffer at the placement
// offset). Size: D3D12_RESOURCE_DESC::Width.
MIDL_INTERFACE("13e0797b-2637-4449-a088-75c615b68510")
IVkdmlD3D12Resource : public IUnknown {
    virtual VkdmlBuffer STDMETHODCALLTYPE GetVkdmlBuffer() = 0;
    virtual UINT64 STDMETHODCALLTYPE GetOffsetInBuffer() = 0;
    virtual UINT64 STDMETHODCALLTYPE GetSizeInBytes() = 0;
    virtual VkBuffer STDMETHODCALLTYPE GetVulkanBuffer() = 0;
    virtual D3D12_HEAP_TYPE STDMETHODCALLTYPE GetHeapType() = 0;
};

// A graphics/compute command list: the vkdml command list it records into (recording while open), whether it is
// open, and the CBV_SRV_UAV heap its last SetDescriptorHeaps set (nullptr if none).
MIDL_INTERFACE("a16424ee-cc3b-487b-94de-2c0d29aa66ad")
IVkdmlD3D12CommandList : public IUnknown {
    virtual VkdmlCommandList STDMETHODCALLTYPE GetVkdmlCommandList() = 0;
    virtual BOOL STDMETHODCALLTYPE IsOpen() = 0;
    virtual ID3D12DescriptorHeap* STDMETHODCALLTYPE GetCurrentCbvSrvUavHeap() = 0;
};

// A descriptor heap: which heap a CPU or GPU descriptor handle points into and at which index (E_INVALIDARG when the
// handle is not one of this heap's); what an unordered-access view written at an index describes.
struct VKDML_D3D12_UAV_DESCRIPTOR {
    ID3D12Resource* Resource;  // borrowed; nullptr for a null descriptor or one never written
    UINT64 OffsetInBytes;      // from the resource's start (FirstElement * element size)
    UINT64 SizeInBytes;        // NumElements * element size
};

MIDL_INTERFACE("ec3470d8-ee76-4e3a-abfc-be3067403af4")
IVkdmlD3D12DescriptorHeap : public IUnknown {
    virtual HRESULT STDMETHODCALLTYPE IndexOfCpuHandle(D3D12_CPU_DESCRIPTOR_HANDLE handle, UINT* index) = 0;
    virtual HRESULT STDMETHODCALLTYPE IndexOfGpuHandle(D3D12_GPU_DESCRIPTOR_HANDLE handle, UINT* index) = 0;
    virtual HRESULT STDMETHODCALLTYPE GetUavDescriptor(UINT index, VKDML_D3D12_UAV_DESCRIPTOR* descriptor) = 0;
};

// An adapter of libdxgi.so (IDXGIAdapter*) or libdxcore.so (IDXCoreAdapter): the vkdml adapter it stands for
// (VKDML_DEVICE_DESC::AdapterIndex, the position in vkdmlEnumerateAdapters' list). D3D12CreateDevice takes either.
MIDL_INTERFACE("0f34b666-abd2-444d-94b4-60fd9460088c")
IVkdmlAdapter : public IUnknown {
    virtual UINT STDMETHODCALLTYPE GetVkdmlAdapterIndex() = 0;
};

#ifdef __cplusplus
extern "C" {
#endif
// D3D12CreateDevice over an application's own Vulkan device (`desc` as vkdmlCreateDevice takes it, with the
// interop fields set; the application keeps ownership of the Vulkan objects).
struct VKDML_DEVICE_DESC;
HRESULT VkdmlD3D12CreateDeviceFromVulkan(const struct VKDML_DEVICE_DESC* desc, REFIID riid, void** device);
// The descriptor heap a CPU descriptor handle points into (any heap of any live device) and the handle's index in it;
// E_INVALIDARG, *heap = nullptr when the handle is no live heap's. The heap is AddRef'd.
HRESULT VkdmlD3D12FindDescriptorHeap(D3D12_CPU_DESCRIPTOR_HANDLE handle, IVkdmlD3D12DescriptorHeap** heap, UINT* index);
#ifdef __cplusplus
}
#endif

// __uuidof (winadapter's emulation) for vkdml's own interfaces, so no program defines their IIDs itself.
#ifdef __cplusplus
__CRT_UUID_DECL(IVkdmlD3D12Device, 0x93ee7aa0, 0x3ba1, 0x417c, 0x9f, 0x68, 0x3b, 0xdf, 0xb5, 0x60, 0x47, 0xe5)
__CRT_UUID_DECL(IVkdmlD3D12Resource, 0x13e0797b, 0x2637, 0x4449, 0xa0, 0x88, 0x75, 0xc6, 0x15, 0xb6, 0x85, 0x10)
__CRT_UUID_DECL(IVkdmlD3D12CommandList, 0xa16424ee, 0xcc3b, 0x487b, 0x9f, 0x68, 0x60, 0x3a, 0xd2, 0x9a, 0xa6, 0x6a)
__CRT_UUID_DECL(IVkdmlD3D12DescriptorHeap, 0xec3470d8, 0xee76, 0x4e3a, 0xab, 0xfc, 0xbe, 0x30, 0x67, 0x40, 0x3a, 0xf4)
__CRT_UUID_DECL(IVkdmlAdapter, 0x0f34b666, 0xabd2, 0x444d, 0x94, 0xb4, 0x60, 0xfd, 0x94, 0x60, 0x08, 0x8c)
#endif
