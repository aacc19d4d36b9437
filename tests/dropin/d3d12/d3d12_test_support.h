// What the D3D12 tests share, written the way a D3D12 program is: a device with the debug layer on (Vulkan
// validation), one queue, allocator and list, a fence with an event, and buffers in each heap type.
#pragma once

#include <doctest/doctest.h>

#include <windows.h>
#include <wsl/winadapter.h>
#include <wrl/client.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "vkdml_d3d12.h"

using Microsoft::WRL::ComPtr;

namespace d3d12test {

inline ComPtr<ID3D12Device> createDevice() {
    ComPtr<ID3D12Debug> debug;
    if (SUCCEEDED(D3D12GetDebugInterface(IID_PPV_ARGS(&debug)))) debug->EnableDebugLayer();
    ComPtr<ID3D12Device> device;
    REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)) == S_OK);
    return device;
}

inline D3D12_RESOURCE_DESC bufferDesc(UINT64 width, D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_NONE) {
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = width;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_UNKNOWN;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = flags;
    return desc;
}

inline D3D12_HEAP_PROPERTIES heapProperties(D3D12_HEAP_TYPE type) {
    D3D12_HEAP_PROPERTIES properties{};
    properties.Type = type;
    return properties;
}

// The state a committed buffer of `type` must start in.
inline D3D12_RESOURCE_STATES initialState(D3D12_HEAP_TYPE type) {
    return type == D3D12_HEAP_TYPE_UPLOAD     ? D3D12_RESOURCE_STATE_GENERIC_READ
           : type == D3D12_HEAP_TYPE_READBACK ? D3D12_RESOURCE_STATE_COPY_DEST
                                              : D3D12_RESOURCE_STATE_COMMON;
}

inline ComPtr<ID3D12Resource> createBuffer(ID3D12Device* device, D3D12_HEAP_TYPE type, UINT64 width,
                                           D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_NONE) {
    const D3D12_HEAP_PROPERTIES properties = heapProperties(type);
    const D3D12_RESOURCE_DESC desc = bufferDesc(width, flags);
    ComPtr<ID3D12Resource> buffer;
    REQUIRE(device->CreateCommittedResource(&properties, D3D12_HEAP_FLAG_NONE, &desc, initialState(type), nullptr,
                                            IID_PPV_ARGS(&buffer)) == S_OK);
    return buffer;
}

inline D3D12_RESOURCE_BARRIER transition(ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                                         D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    return barrier;
}

// nullptr: every UAV access before the barrier against every one after it.
inline D3D12_RESOURCE_BARRIER uavBarrier(ID3D12Resource* resource) {
    D3D12_RESOURCE_BARRIER barrier{};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    barrier.UAV.pResource = resource;
    return barrier;
}

inline void writeWords(ID3D12Resource* upload, const std::vector<uint32_t>& words) {
    void* data = nullptr;
    const D3D12_RANGE nothingRead{0, 0};
    REQUIRE(upload->Map(0, &nothingRead, &data) == S_OK);
    std::memcpy(data, words.data(), words.size() * 4);
    upload->Unmap(0, nullptr);
}

inline std::vector<uint32_t> readWords(ID3D12Resource* readback, size_t count) {
    void* data = nullptr;
    REQUIRE(readback->Map(0, nullptr, &data) == S_OK);
    std::vector<uint32_t> words(count);
    std::memcpy(words.data(), data, count * 4);
    const D3D12_RANGE nothingWritten{0, 0};
    readback->Unmap(0, &nothingWritten);
    return words;
}

// A queue of `type` with its allocator, an open list, a fence and an event: execute() runs the list and waits.
struct Queue {
    ComPtr<ID3D12Device> device;
    ComPtr<ID3D12CommandQueue> queue;
    ComPtr<ID3D12CommandAllocator> allocator;
    ComPtr<ID3D12GraphicsCommandList> list;
    ComPtr<ID3D12Fence> fence;
    HANDLE event = nullptr;
    UINT64 fenceValue = 0;

    explicit Queue(ComPtr<ID3D12Device> owner, D3D12_COMMAND_LIST_TYPE type = D3D12_COMMAND_LIST_TYPE_DIRECT)
        : device(std::move(owner)) {
        D3D12_COMMAND_QUEUE_DESC desc{};
        desc.Type = type;
        REQUIRE(device->CreateCommandQueue(&desc, IID_PPV_ARGS(&queue)) == S_OK);
        REQUIRE(device->CreateCommandAllocator(type, IID_PPV_ARGS(&allocator)) == S_OK);
        REQUIRE(device->CreateCommandList(0, type, allocator.Get(), nullptr, IID_PPV_ARGS(&list)) == S_OK);
        REQUIRE(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)) == S_OK);
        event = CreateEventA(nullptr, FALSE, FALSE, nullptr);
        REQUIRE(event != nullptr);
    }
    ~Queue() { CloseHandle(event); }

    // Closes the list, executes it, waits for it (bounded), then resets allocator and list for more.
    void executeAndWait() {
        REQUIRE(list->Close() == S_OK);
        ID3D12CommandList* lists[] = {list.Get()};
        queue->ExecuteCommandLists(1, lists);
        waitForGpu();
        REQUIRE(allocator->Reset() == S_OK);
        REQUIRE(list->Reset(allocator.Get(), nullptr) == S_OK);
    }

    void waitForGpu() {
        REQUIRE(queue->Signal(fence.Get(), ++fenceValue) == S_OK);
        REQUIRE(fence->SetEventOnCompletion(fenceValue, event) == S_OK);
        REQUIRE(WaitForSingleObject(event, 20000) == WAIT_OBJECT_0);
        REQUIRE(fence->GetCompletedValue() >= fenceValue);
    }
};

}  // namespace d3d12test
