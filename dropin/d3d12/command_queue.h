// ID3D12CommandQueue over vkdml's single queue. Work runs in the order it was queued: executions go to vkdml at
// once, Signal marks the fence to take its value when everything submitted so far has completed, and a Wait on a
// fence not yet there holds the queue's later work back until the fence reaches the value.
#pragma once

#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "object_base.h"

namespace vkdml::dropin {

class CommandAllocator;
class Fence;
struct Recording;

class CommandQueue final : public DeviceChild<ID3D12CommandQueue> {
public:
    CommandQueue(Device& device, const D3D12_COMMAND_QUEUE_DESC& desc);
    ~CommandQueue() override;

    void STDMETHODCALLTYPE ExecuteCommandLists(UINT numCommandLists, ID3D12CommandList* const* commandLists) override;
    HRESULT STDMETHODCALLTYPE Signal(ID3D12Fence* fence, UINT64 value) override;
    HRESULT STDMETHODCALLTYPE Wait(ID3D12Fence* fence, UINT64 value) override;
    HRESULT STDMETHODCALLTYPE GetTimestampFrequency(UINT64* frequency) override;
    D3D12_COMMAND_QUEUE_DESC STDMETHODCALLTYPE GetDesc() override { return desc_; }

    // Outside the compute subset: nothing happens, a debug message says so.
    void STDMETHODCALLTYPE UpdateTileMappings(ID3D12Resource* pResource, UINT NumResourceRegions,
                                              const D3D12_TILED_RESOURCE_COORDINATE* pResourceRegionStartCoordinates,
                                              const D3D12_TILE_REGION_SIZE* pResourceRegionSizes, ID3D12Heap* pHeap,
                                              UINT NumRanges, const D3D12_TILE_RANGE_FLAGS* pRangeFlags,
                                              const UINT* pHeapRangeStartOffsets, const UINT* pRangeTileCounts,
                                              D3D12_TILE_MAPPING_FLAGS Flags) override;
    void STDMETHODCALLTYPE CopyTileMappings(ID3D12Resource* pDstResource,
                                            const D3D12_TILED_RESOURCE_COORDINATE* pDstRegionStartCoordinate,
                                            ID3D12Resource* pSrcResource,
                                            const D3D12_TILED_RESOURCE_COORDINATE* pSrcRegionStartCoordinate,
                                            const D3D12_TILE_REGION_SIZE* pRegionSize,
                                            D3D12_TILE_MAPPING_FLAGS Flags) override;
    void STDMETHODCALLTYPE SetMarker(UINT Metadata, const void* pData, UINT Size) override;
    void STDMETHODCALLTYPE BeginEvent(UINT Metadata, const void* pData, UINT Size) override;
    void STDMETHODCALLTYPE EndEvent() override;
    HRESULT STDMETHODCALLTYPE GetClockCalibration(UINT64* pGpuTimestamp, UINT64* pCpuTimestamp) override;

protected:
    void* findInterface(REFIID riid) override;

private:
    struct Operation {
        enum class Kind { Execute, Signal, Wait } kind;
        std::vector<std::shared_ptr<Recording>> recordings;  // Execute
        std::vector<CommandAllocator*> allocators;           // Execute, referenced
        Fence* fence = nullptr;                              // Signal, Wait; referenced
        uint64_t value = 0;
    };
    // Queues `operation` and runs what is not held back by a Wait (on this thread, no lock held).
    void enqueue(Operation operation);
    // Signal and Wait: queues `kind` on a live fence of this device (referenced until it runs).
    HRESULT enqueueFenceOperation(Operation::Kind kind, const char* method, ID3D12Fence* fence, UINT64 value);
    void resume();
    void runPending(std::unique_lock<std::mutex>& lock);
    void run(Operation& operation);
    void execute(Operation& operation);
    static void releaseReferences(Operation& operation);

    const D3D12_COMMAND_QUEUE_DESC desc_;
    std::mutex mutex_;
    std::deque<Operation> pending_;
    bool blocked_ = false;  // a Wait is in force
    bool running_ = false;  // a thread is running pending_
};

}  // namespace vkdml::dropin
