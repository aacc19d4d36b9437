// The D3D12 and DirectML objects a COM test device holds (TestDevice::comSession), and the steps both COM paths take
// as a DirectML program does (buffers uploaded and read back, a descriptor heap for two binding tables, one command
// list that initializes and runs), shared by the runners' COM backend (com_backend.cpp) and the graph suites'
// (com_graph.cpp). Included only where DirectX-Headers and the COM DirectML.h are.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include <wrl/client.h>

#include <DirectML.h>
#include <vkdml_directml.h>

#include "d3d12_test_support.h"

namespace vkdml::test {

struct ComSession {
    Microsoft::WRL::ComPtr<ID3D12Device> d3d12;
    Microsoft::WRL::ComPtr<IDMLDevice1> dml;
    Microsoft::WRL::ComPtr<IVkdmlDmlDevice> interop;
    Microsoft::WRL::ComPtr<IDMLCommandRecorder> recorder;
    std::unique_ptr<d3d12test::Queue> queue;  // a direct queue, its allocator, an open list, a fence with an event
    // Graphs compiled through IDMLDevice1::CompileGraph (com_graph.cpp), by the vkdml dispatchable behind each.
    std::map<VkdmlDispatchable, Microsoft::WRL::ComPtr<IDMLCompiledOperator>> graphs;

    ~ComSession();
    // The session of the vkdml device under it, for code that has only the VkdmlDevice (GraphBuilder).
    void registerFor(VkdmlDevice device);
    static ComSession* of(VkdmlDevice device);

private:
    VkdmlDevice registered_ = nullptr;
};

// A DEFAULT buffer (UAV) with an UPLOAD twin holding its initial bytes and a READBACK twin for its final ones.
struct ComBuffer {
    Microsoft::WRL::ComPtr<ID3D12Resource> resource, upload, readback;
    UINT64 size = 0;
    ComBuffer(ID3D12Device* device, const std::vector<uint8_t>& image);
    std::vector<uint8_t> download() const;  // after recordUploadRunDownload executed
};

// A DEFAULT UAV buffer for a temporary or persistent resource, and its binding.
DML_BUFFER_BINDING scratchBuffer(ID3D12Device* device, UINT64 size, Microsoft::WRL::ComPtr<ID3D12Resource>& resource);

// One shader-visible CBV_SRV_UAV heap for an initializer's descriptors and then a dispatchable's.
struct ComDescriptorHeap {
    Microsoft::WRL::ComPtr<ID3D12DescriptorHeap> heap;
    UINT increment = 0;
    ComDescriptorHeap(ID3D12Device* device, UINT descriptors);
    DML_BINDING_TABLE_DESC table(IDMLDispatchable* dispatchable, UINT first, UINT count) const;
};

// On the session's list: every buffer uploaded, the initializer and then `dispatchable` recorded (a UAV barrier
// between them), every buffer copied to its READBACK twin; executed and waited for. S_OK, or the failing method's
// device-removed reason with `failedCall` set.
HRESULT recordUploadRunDownload(ComSession& s, std::vector<ComBuffer>& buffers, const ComDescriptorHeap& heap,
                                IDMLOperatorInitializer* init, IDMLBindingTable* initTable,
                                IDMLDispatchable* dispatchable, IDMLBindingTable* table, const char*& failedCall);

}  // namespace vkdml::test
