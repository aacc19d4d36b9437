// D3D12's rules for buffers and heaps, and where vkdml puts them: which vkdml heap a set of heap properties means,
// what a buffer's D3D12_RESOURCE_DESC must hold, the initial states upload and readback heaps demand, and the GPU
// virtual addresses resources get.
#pragma once

#include <cstdint>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <vkdml/vkdml.h>

namespace vkdml::dropin {

constexpr uint64_t kPlacementAlignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;  // 64 KiB

inline uint64_t alignUp(uint64_t value, uint64_t alignment) { return (value + alignment - 1) / alignment * alignment; }

// DEFAULT, UPLOAD, READBACK as themselves; CUSTOM by its CPU page property (NOT_AVAILABLE: DEFAULT, WRITE_COMBINE:
// UPLOAD, WRITE_BACK: READBACK). E_INVALIDARG with a message for anything D3D12 rejects.
HRESULT resolveHeapProperties(const char* method, const D3D12_HEAP_PROPERTIES* properties, VKDML_HEAP_TYPE* heap);
// GetCustomHeapProperties: the CUSTOM equivalent of a heap type on this kind of adapter.
D3D12_HEAP_PROPERTIES customHeapProperties(D3D12_HEAP_TYPE type, bool uma);
// S_OK for a buffer description D3D12 accepts; E_NOTIMPL for textures; E_INVALIDARG otherwise. A message names the
// field.
HRESULT checkBufferDesc(const char* method, const D3D12_RESOURCE_DESC1& desc);
// UPLOAD heaps start in GENERIC_READ, READBACK heaps in COPY_DEST.
HRESULT checkInitialState(const char* method, D3D12_HEAP_TYPE heapType, D3D12_RESOURCE_STATES state);
// The enhanced-barrier creation forms (ID3D12Device10): pDesc is present, a buffer's InitialLayout is UNDEFINED and
// it has no castable formats (E_INVALIDARG otherwise, as D3D12's debug layer says).
HRESULT checkBufferLayout(const char* method, const D3D12_RESOURCE_DESC1* desc, D3D12_BARRIER_LAYOUT layout,
                          UINT32 numCastableFormats);
// A range of GPU virtual addresses no other resource or heap of the process has (64 KiB aligned, never 0).
uint64_t reserveGpuAddresses(uint64_t bytes);

}  // namespace vkdml::dropin
