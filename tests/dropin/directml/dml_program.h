// A DirectML program's D3D12 side, written the way DirectML programs for WSL are: windows.h, DirectX-Headers, the
// program's own IIDs for DirectML's interfaces (WINADAPTER_IID), ComPtr; a device, queue, allocator, list, fence with
// an event; buffers uploaded and read back through UPLOAD and READBACK heaps with barriers.
#pragma once

#include <windows.h>

#include <directx/d3d12.h>
#include <dxguids/dxguids.h>
#include <wrl/client.h>

#include <DirectML.h>

#include <cstdint>
#include <vector>

// The program's own IID definitions, as Linux DirectML programs write them.
WINADAPTER_IID(IDMLObject, 0xc8263aac, 0x9e0c, 0x4a2d, 0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31, 0x7c);
WINADAPTER_IID(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f);
WINADAPTER_IID(IDMLDeviceChild, 0x27e83142, 0x8165, 0x49e3, 0x97, 0x4e, 0x2f, 0xd6, 0x6e, 0x4c, 0xb6, 0x9d);
WINADAPTER_IID(IDMLPageable, 0xb1ab0825, 0x4542, 0x4a4b, 0x86, 0x17, 0x6d, 0xde, 0x6e, 0x8f, 0x62, 0x01);
WINADAPTER_IID(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d);
WINADAPTER_IID(IDMLDispatchable, 0xdcb821a8, 0x1039, 0x441e, 0x9f, 0x1c, 0xb1, 0x75, 0x9c, 0x2f, 0x3c, 0xec);
WINADAPTER_IID(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4);
WINADAPTER_IID(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13);
WINADAPTER_IID(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc);
WINADAPTER_IID(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53);
WINADAPTER_IID(IDMLDebugDevice, 0x7d6f3ac9, 0x394a, 0x4ac3, 0x92, 0xa7, 0x39, 0x0c, 0xc5, 0x7a, 0x82, 0x17);
WINADAPTER_IID(IDMLDevice1, 0xa0884f9a, 0xd2be, 0x4355, 0xaa, 0x5d, 0x59, 0x01, 0x28, 0x1a, 0xd1, 0xd2);

namespace dmltest {

using Microsoft::WRL::ComPtr;

// One D3D12 device (on the default adapter, with the debug layer: Vulkan validation) with a direct queue, an
// allocator, an open command list and a fence with an event, shared by the tests of this program.
struct D3D12Context {
    ComPtr<ID3D12Device> device;
    ComPtr<ID3D12CommandQueue> queue;
    ComPtr<ID3D12CommandAllocator> allocator;
    ComPtr<ID3D12GraphicsCommandList> list;
    ComPtr<ID3D12Fence> fence;
    UINT64 fenceValue = 0;
    HANDLE event = nullptr;

    static D3D12Context& shared();

    ComPtr<ID3D12Resource> buffer(D3D12_HEAP_TYPE heap, UINT64 size, D3D12_RESOURCE_STATES state,
                                  D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_NONE);
    // A DEFAULT buffer (unordered access, left in UNORDERED_ACCESS) holding `bytes`, uploaded through an UPLOAD heap
    // with the copy recorded on `list` (kept alive until the next executeAndWait).
    ComPtr<ID3D12Resource> uploaded(const void* bytes, UINT64 size);
    ComPtr<ID3D12Resource> uploaded(const std::vector<float>& values) {
        return uploaded(values.data(), values.size() * sizeof(float));
    }
    // Records the copy of `source` (in UNORDERED_ACCESS) into a READBACK buffer; the values come after executeAndWait.
    ComPtr<ID3D12Resource> readback(ID3D12Resource* source, UINT64 size);
    // Close, ExecuteCommandLists, Signal, wait on the fence's event; then Reset the allocator and the list.
    void executeAndWait();
    static std::vector<float> floats(ID3D12Resource* readbackBuffer, size_t count);
    // An idle list (closed and reset) so that tests start from an open, empty list.
    void resetList();

private:
    D3D12Context();
    std::vector<ComPtr<ID3D12Resource>> staging_;
};

// A shader-visible CBV_SRV_UAV heap and the binding table desc of a range in it.
struct DescriptorHeap {
    ComPtr<ID3D12DescriptorHeap> heap;
    UINT increment = 0;
    DescriptorHeap(ID3D12Device* device, UINT count, D3D12_DESCRIPTOR_HEAP_TYPE type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
                   D3D12_DESCRIPTOR_HEAP_FLAGS flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE);
    DML_BINDING_TABLE_DESC tableDesc(IDMLDispatchable* dispatchable, UINT first, UINT count) const;
};

ComPtr<IDMLDevice> createDmlDevice(ID3D12Device* device, DML_CREATE_DEVICE_FLAGS flags = DML_CREATE_DEVICE_FLAG_NONE);

// Runs `compiled` as DirectML programs do: an initializer for it (owned inputs bound as its BUFFER_ARRAY input,
// the persistent resource as its output), a descriptor heap shared by the two binding tables, a command recorder,
// one command list with both dispatches and UAV barriers, then the outputs read back.
struct RunInputs {
    std::vector<std::vector<float>> values;  // per graph/operator input; empty: not bound
    std::vector<bool> owned;                 // per input: DML_TENSOR_FLAG_OWNED_BY_DML (bound at initialization)
    bool initializerThroughReset = false;    // create the initializer empty, then Reset it to the operator
};
std::vector<std::vector<float>> runCompiled(IDMLDevice* dml, IDMLCompiledOperator* compiled, const RunInputs& inputs,
                                            const std::vector<size_t>& outputCounts);

// A float32 buffer tensor of `sizes` (packed).
struct FloatTensor {
    std::vector<UINT> sizes;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};
    explicit FloatTensor(std::vector<UINT> dims, DML_TENSOR_FLAGS flags = DML_TENSOR_FLAG_NONE);
    FloatTensor(const FloatTensor&) = delete;
    FloatTensor& operator=(const FloatTensor&) = delete;
};

std::vector<float> sequence(size_t count, float start, float step);

}  // namespace dmltest
