#include "command_queue.h"

#include <windows.h>

#include <algorithm>
#include <cstring>

#include "command_allocator.h"
#include "command_list.h"
#include "device.h"
#include "fence.h"

namespace vkdml::dropin {

CommandQueue::CommandQueue(Device& device, const D3D12_COMMAND_QUEUE_DESC& desc) : DeviceChild(device), desc_(desc) {}

CommandQueue::~CommandQueue() {
    // Normally empty: while a Wait holds work back, the fence's callback holds a reference on the queue.
    for (Operation& operation : pending_) releaseReferences(operation);
}

void* CommandQueue::findInterface(REFIID riid) {
    return answer<ID3D12CommandQueue, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object>(riid);
}

void CommandQueue::releaseReferences(Operation& operation) {
    for (CommandAllocator* allocator : operation.allocators) {
        allocator->noteDeferred(-1);
        allocator->Release();
    }
    operation.allocators.clear();
    if (operation.fence) operation.fence->Release();
    operation.fence = nullptr;
}

void CommandQueue::ExecuteCommandLists(UINT numCommandLists, ID3D12CommandList* const* commandLists) {
    const char* method = "ID3D12CommandQueue::ExecuteCommandLists";
    if (numCommandLists == 0) return;
    if (!commandLists) return debugMessagef("%s: ppCommandLists is NULL; nothing executes", method);
    Operation operation{Operation::Kind::Execute};
    for (UINT i = 0; i < numCommandLists; ++i) {
        CommandList* list = CommandList::fromInterface(commandLists[i]);
        const char* wrong = !list                           ? "is not a live command list"
                            : &list->device() != &device()  ? "belongs to another device"
                            : list->GetType() != desc_.Type ? "has a type the queue does not run"
                            : list->IsOpen()                ? "is still open (close it before executing it)"
                            : !list->executable()           ? "failed to close or never recorded"
                                                            : nullptr;
        if (wrong) {
            releaseReferences(operation);
            return debugMessagef("%s: ppCommandLists[%u] %s; nothing executes", method, i, wrong);
        }
        operation.recordings.push_back(list->recording());
        list->allocator()->AddRef();
        list->allocator()->noteDeferred(+1);
        operation.allocators.push_back(list->allocator());
    }
    enqueue(std::move(operation));
}

HRESULT CommandQueue::Signal(ID3D12Fence* fence, UINT64 value) {
    return enqueueFenceOperation(Operation::Kind::Signal, "ID3D12CommandQueue::Signal", fence, value);
}

HRESULT CommandQueue::Wait(ID3D12Fence* fence, UINT64 value) {
    return enqueueFenceOperation(Operation::Kind::Wait, "ID3D12CommandQueue::Wait", fence, value);
}

HRESULT CommandQueue::enqueueFenceOperation(Operation::Kind kind, const char* method, ID3D12Fence* fenceInterface,
                                            UINT64 value) {
    Fence* fence = Fence::fromInterface(fenceInterface);
    if (!fence || &fence->device() != &device()) {
        debugMessagef("%s: pFence is not a live fence of this device", method);
        return E_INVALIDARG;
    }
    fence->AddRef();
    Operation operation{kind};
    operation.fence = fence;
    operation.value = value;
    enqueue(std::move(operation));
    return S_OK;
}

void CommandQueue::enqueue(Operation operation) {
    std::unique_lock<std::mutex> lock(mutex_);
    pending_.push_back(std::move(operation));
    runPending(lock);
}

void CommandQueue::resume() {
    std::unique_lock<std::mutex> lock(mutex_);
    blocked_ = false;
    runPending(lock);
}

void CommandQueue::runPending(std::unique_lock<std::mutex>& lock) {
    if (running_) return;  // the running thread picks the new work up
    running_ = true;
    while (!blocked_ && !pending_.empty()) {
        Operation operation = std::move(pending_.front());
        pending_.pop_front();
        lock.unlock();
        run(operation);
        releaseReferences(operation);
        lock.lock();
    }
    running_ = false;
}

void CommandQueue::run(Operation& operation) {
    switch (operation.kind) {
        case Operation::Kind::Execute: return execute(operation);
        case Operation::Kind::Signal: operation.fence->signalAfter(device().lastSubmitted(), operation.value); return;
        case Operation::Kind::Wait: {
            {
                std::lock_guard<std::mutex> lock(mutex_);
                blocked_ = true;
            }
            AddRef();  // the queue lives until the fence releases it
            operation.fence->whenReached(operation.value, [this] {
                resume();
                Release();
            });
            return;
        }
    }
}

void CommandQueue::execute(Operation& operation) {
    // A Vulkan command buffer may not be submitted while it is pending: a recording executed again before its last
    // execution finished waits for it, and one listed twice goes in a later submission.
    const auto& recordings = operation.recordings;
    for (size_t begin = 0; begin < recordings.size();) {
        std::vector<VkdmlCommandList> lists;
        size_t end = begin;
        for (; end < recordings.size(); ++end) {
            Recording& recording = *recordings[end];
            const bool repeated = std::any_of(recordings.begin() + begin, recordings.begin() + end,
                                              [&](const auto& earlier) { return earlier.get() == &recording; });
            if (repeated) break;
            if (!device().isComplete(recording.lastCompletion.load())) {
                if (end != begin) break;
                vkdmlWaitForCompletion(device().vkdml(), recording.lastCompletion.load(), UINT64_MAX);
            }
            lists.push_back(recording.list);
        }
        UINT64 completion = 0;
        const HRESULT hr = vkdmlExecuteCommandLists(device().vkdml(), UINT(lists.size()), lists.data(), &completion);
        if (FAILED(hr))
            return debugMessagef("ID3D12CommandQueue::ExecuteCommandLists: vkdml failed to submit (0x%08x)",
                                 unsigned(hr));
        for (size_t i = begin; i < end; ++i) recordings[i]->lastCompletion.store(completion);
        device().noteSubmitted(completion);
        for (CommandAllocator* allocator : operation.allocators) allocator->noteSubmitted(completion);
        begin = end;
    }
}

HRESULT CommandQueue::GetTimestampFrequency(UINT64* frequency) {
    if (!frequency) {
        debugMessage("ID3D12CommandQueue::GetTimestampFrequency: pFrequency is NULL");
        return E_POINTER;
    }
    *frequency = 0;
    const VKDML_VULKAN_OBJECTS& vulkan = device().vulkan();
    if (vulkan.TimestampValidBits == 0 || vulkan.TimestampPeriodNs <= 0) {
        debugMessage("ID3D12CommandQueue::GetTimestampFrequency: the Vulkan queue has no timestamps");
        return E_FAIL;
    }
    *frequency = UINT64(1e9 / double(vulkan.TimestampPeriodNs) + 0.5);
    return S_OK;
}

void CommandQueue::UpdateTileMappings(ID3D12Resource*, UINT, const D3D12_TILED_RESOURCE_COORDINATE*,
                                      const D3D12_TILE_REGION_SIZE*, ID3D12Heap*, UINT, const D3D12_TILE_RANGE_FLAGS*,
                                      const UINT*, const UINT*, D3D12_TILE_MAPPING_FLAGS) {
    ignoredCall("ID3D12CommandQueue::UpdateTileMappings");
}

void CommandQueue::CopyTileMappings(ID3D12Resource*, const D3D12_TILED_RESOURCE_COORDINATE*, ID3D12Resource*,
                                    const D3D12_TILED_RESOURCE_COORDINATE*, const D3D12_TILE_REGION_SIZE*,
                                    D3D12_TILE_MAPPING_FLAGS) {
    ignoredCall("ID3D12CommandQueue::CopyTileMappings");
}

void CommandQueue::SetMarker(UINT, const void*, UINT) {
    ignoredCall("ID3D12CommandQueue::SetMarker");
}

void CommandQueue::BeginEvent(UINT, const void*, UINT) {
    ignoredCall("ID3D12CommandQueue::BeginEvent");
}

void CommandQueue::EndEvent() {
    ignoredCall("ID3D12CommandQueue::EndEvent");
}

// The GPU's timestamp from a command list of its own on this queue's device, and the CPU's QueryPerformanceCounter
// halfway between that list's submission and the wait's return: the GPU wrote its timestamp between the two, so
// the pair is off by at most half of that interval (a submission and a wait: tens of microseconds).
HRESULT CommandQueue::GetClockCalibration(UINT64* gpuTimestamp, UINT64* cpuTimestamp) {
    const char* method = "ID3D12CommandQueue::GetClockCalibration";
    if (gpuTimestamp) *gpuTimestamp = 0;
    if (cpuTimestamp) *cpuTimestamp = 0;
    if (!gpuTimestamp || !cpuTimestamp) {
        debugMessagef("%s: pGpuTimestamp or pCpuTimestamp is NULL", method);
        return E_POINTER;
    }
    const VKDML_VULKAN_OBJECTS& vulkan = device().vulkan();
    if (vulkan.TimestampValidBits == 0) {
        debugMessagef("%s: the Vulkan queue has no timestamps", method);
        return E_FAIL;
    }
    VkdmlDevice vkdml = device().vkdml();
    VkdmlBuffer readback = nullptr;
    VkdmlCommandList list = nullptr;
    uint64_t completion = 0, value = 0;
    LARGE_INTEGER before{}, after{};
    HRESULT hr = vkdmlCreateBuffer(vkdml, VKDML_HEAP_TYPE_READBACK, sizeof(uint64_t), &readback);
    if (SUCCEEDED(hr)) hr = vkdmlCreateCommandList(vkdml, &list);
    if (SUCCEEDED(hr)) hr = vkdmlRecordTimestamp(list, readback, 0);
    if (SUCCEEDED(hr)) hr = vkdmlCloseCommandList(list);
    if (SUCCEEDED(hr)) {
        QueryPerformanceCounter(&before);
        hr = vkdmlExecuteCommandLists(vkdml, 1, &list, &completion);
        if (SUCCEEDED(hr)) hr = vkdmlWaitForCompletion(vkdml, completion, UINT64_MAX);
        QueryPerformanceCounter(&after);
    }
    void* mapped = nullptr;
    if (SUCCEEDED(hr)) hr = vkdmlMapBuffer(readback, &mapped);
    if (SUCCEEDED(hr)) {
        std::memcpy(&value, mapped, sizeof(value));
        vkdmlUnmapBuffer(readback);
    }
    if (list) vkdmlRelease(list);
    if (readback) vkdmlRelease(readback);
    if (FAILED(hr)) {
        debugMessagef("%s: vkdml could not sample the timestamp (0x%08x)", method, unsigned(hr));
        return hr;
    }
    *gpuTimestamp = value;
    *cpuTimestamp = uint64_t(before.QuadPart) + uint64_t(after.QuadPart - before.QuadPart) / 2;
    return S_OK;
}
}  // namespace vkdml::dropin
