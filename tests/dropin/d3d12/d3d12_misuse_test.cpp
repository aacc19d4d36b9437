// Misuse gives D3D12's documented results, never a crash: lists executed while open or after a failed Close,
// Reset rules of lists and allocators, a fence value never signalled (bounded by the event's timeout), released
// and foreign objects, NULL out-pointers.
#include "d3d12_test_support.h"

using d3d12test::createBuffer;
using d3d12test::createDevice;
using d3d12test::Queue;
using d3d12test::readWords;
using d3d12test::writeWords;

TEST_CASE("a list executed while open runs nothing; a list with invalid commands fails Close") {
    Queue q(createDevice());
    ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 64);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 64);
    writeWords(upload.Get(), std::vector<uint32_t>(16, 5));
    writeWords(readback.Get(), std::vector<uint32_t>(16, 0));  // new memory need not be zero
    q.list->CopyBufferRegion(readback.Get(), 0, upload.Get(), 0, 64);
    ID3D12CommandList* lists[] = {q.list.Get()};
    q.queue->ExecuteCommandLists(1, lists);  // still open: nothing executes
    q.waitForGpu();
    CHECK(readWords(readback.Get(), 16)[0] == 0);

    // Out of range: recorded as an error, Close says E_INVALIDARG, executing it does nothing.
    q.list->CopyBufferRegion(readback.Get(), 32, upload.Get(), 0, 64);
    CHECK(q.list->Close() == E_INVALIDARG);
    q.queue->ExecuteCommandLists(1, lists);
    q.waitForGpu();
    CHECK(readWords(readback.Get(), 16)[0] == 0);
    CHECK(q.list->Close() == E_FAIL);  // already closed

    // After Reset the list works again.
    REQUIRE(q.allocator->Reset() == S_OK);
    REQUIRE(q.list->Reset(q.allocator.Get(), nullptr) == S_OK);
    CHECK(q.list->Reset(q.allocator.Get(), nullptr) == E_FAIL);  // open
    q.list->CopyBufferRegion(readback.Get(), 0, upload.Get(), 0, 64);
    q.executeAndWait();
    CHECK(readWords(readback.Get(), 16)[15] == 5);
}

TEST_CASE("allocators: one recording list at a time, matching types, no reset while recording") {
    Queue q(createDevice());
    ComPtr<ID3D12GraphicsCommandList> second;
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(q.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, q.allocator.Get(), nullptr,
                                      __uuidof(ID3D12GraphicsCommandList), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    CHECK(q.allocator->Reset() == E_FAIL);  // q.list records with it
    ComPtr<ID3D12CommandAllocator> copyAllocator;
    REQUIRE(q.device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COPY, IID_PPV_ARGS(&copyAllocator)) == S_OK);
    CHECK(q.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, copyAllocator.Get(), nullptr,
                                      __uuidof(ID3D12GraphicsCommandList), &out) == E_INVALIDARG);
    CHECK(q.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, nullptr, nullptr,
                                      __uuidof(ID3D12GraphicsCommandList), &out) == E_INVALIDARG);
    CHECK(q.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_BUNDLE, q.allocator.Get(), nullptr,
                                      __uuidof(ID3D12GraphicsCommandList), &out) == E_NOTIMPL);
    CHECK(out == nullptr);

    // A COPY list does not run on a DIRECT queue.
    ComPtr<ID3D12GraphicsCommandList> copyList;
    REQUIRE(q.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COPY, copyAllocator.Get(), nullptr,
                                        IID_PPV_ARGS(&copyList)) == S_OK);
    ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 16);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 16);
    writeWords(upload.Get(), {9, 9, 9, 9});
    writeWords(readback.Get(), {0, 0, 0, 0});
    copyList->CopyBufferRegion(readback.Get(), 0, upload.Get(), 0, 16);
    REQUIRE(copyList->Close() == S_OK);
    ID3D12CommandList* lists[] = {copyList.Get()};
    q.queue->ExecuteCommandLists(1, lists);
    q.waitForGpu();
    CHECK(readWords(readback.Get(), 4)[0] == 0);

    // CreateCommandList1 makes a closed list that Reset opens.
    ComPtr<ID3D12Device4> device4;
    REQUIRE(q.device.As(&device4) == S_OK);
    ComPtr<ID3D12GraphicsCommandList> closed;
    REQUIRE(device4->CreateCommandList1(0, D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_FLAG_NONE,
                                        IID_PPV_ARGS(&closed)) == S_OK);
    CHECK(closed->Close() == E_FAIL);
    REQUIRE(copyAllocator->Reset() == S_OK);
    CHECK(closed->Reset(copyAllocator.Get(), nullptr) == S_OK);
    CHECK(closed->Close() == S_OK);
}

TEST_CASE("a fence value never signalled: the event wait times out, and the queue is not stuck for others") {
    Queue q(createDevice());
    REQUIRE(q.queue->Signal(q.fence.Get(), 1) == S_OK);
    REQUIRE(q.fence->SetEventOnCompletion(1000, q.event) == S_OK);
    CHECK(WaitForSingleObject(q.event, 50) == WAIT_TIMEOUT);
    CHECK(q.fence->GetCompletedValue() < 1000);
    // A second queue waiting on that value holds its own work only.
    D3D12_COMMAND_QUEUE_DESC desc{};
    desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    ComPtr<ID3D12CommandQueue> blocked;
    REQUIRE(q.device->CreateCommandQueue(&desc, IID_PPV_ARGS(&blocked)) == S_OK);
    REQUIRE(blocked->Wait(q.fence.Get(), 1000) == S_OK);
    ComPtr<ID3D12Fence> other;
    REQUIRE(q.device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&other)) == S_OK);
    REQUIRE(blocked->Signal(other.Get(), 1) == S_OK);
    q.waitForGpu();  // the first queue still completes
    CHECK(other->GetCompletedValue() == 0);
    blocked.Reset();  // released while waiting: its held-back work still runs when the fence lets it go
    q.fence->Signal(1000);
    CHECK(other->GetCompletedValue() == 1);
}

TEST_CASE("released, foreign and NULL arguments") {
    ComPtr<ID3D12Device> device = createDevice();
    Queue q(device);
    // A resource released before use is recognised, not dereferenced.
    ComPtr<ID3D12Resource> readback = createBuffer(device.Get(), D3D12_HEAP_TYPE_READBACK, 16);
    ID3D12Resource* released = createBuffer(device.Get(), D3D12_HEAP_TYPE_UPLOAD, 16).Get();
    q.list->CopyBufferRegion(readback.Get(), 0, released, 0, 16);
    CHECK(q.list->Close() == E_INVALIDARG);
    // A queue Signal on something that is not a fence.
    CHECK(q.queue->Signal(reinterpret_cast<ID3D12Fence*>(readback.Get()), 1) == E_INVALIDARG);
    CHECK(q.queue->Signal(nullptr, 1) == E_INVALIDARG);
    CHECK(q.queue->Wait(nullptr, 1) == E_INVALIDARG);
    q.queue->ExecuteCommandLists(1, nullptr);
    ID3D12CommandList* notLists[] = {reinterpret_cast<ID3D12CommandList*>(readback.Get())};
    q.queue->ExecuteCommandLists(1, notLists);

    // NULL out-pointers: E_POINTER where the interface is required, the object released.
    CHECK(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), nullptr) == E_POINTER);
    D3D12_COMMAND_QUEUE_DESC desc{};
    CHECK(device->CreateCommandQueue(&desc, __uuidof(ID3D12CommandQueue), nullptr) == E_POINTER);
    CHECK(device->CreateCommandQueue(nullptr, __uuidof(ID3D12CommandQueue), nullptr) == E_INVALIDARG);
    CHECK(D3D12GetDebugInterface(__uuidof(ID3D12Debug), nullptr) == E_POINTER);
    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(D3D12GetDebugInterface(__uuidof(ID3D12Device), &out) == E_NOINTERFACE);
    CHECK(out == nullptr);
    UINT64 frequency = 0;
    CHECK(q.queue->GetTimestampFrequency(nullptr) == E_POINTER);
    CHECK(q.queue->GetTimestampFrequency(&frequency) == S_OK);
    D3D12_QUERY_HEAP_DESC occlusion{D3D12_QUERY_HEAP_TYPE_OCCLUSION, 4, 0};
    out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(device->CreateQueryHeap(&occlusion, __uuidof(ID3D12QueryHeap), &out) == E_NOTIMPL);
    CHECK(out == nullptr);

    // The device outlives the program's reference while children hold it.
    ComPtr<ID3D12Fence> fence;
    REQUIRE(device->CreateFence(7, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)) == S_OK);
    q.device.Reset();
    device.Reset();
    q.queue.Reset();
    q.list.Reset();
    q.allocator.Reset();
    q.fence.Reset();
    CHECK(fence->GetCompletedValue() == 7);
    ComPtr<ID3D12Device> still;
    REQUIRE(fence->GetDevice(IID_PPV_ARGS(&still)) == S_OK);
    CHECK(still->GetNodeCount() == 1);
}

TEST_CASE("command list versions up to 8: graphics commands record nothing, enhanced barriers are accepted") {
    Queue q(createDevice());
    ComPtr<ID3D12GraphicsCommandList8> list8;
    REQUIRE(q.list.As(&list8) == S_OK);
    ComPtr<IVkdmlD3D12CommandList> interop;
    REQUIRE(q.list.As(&interop) == S_OK);
    CHECK(interop->IsOpen() == TRUE);
    CHECK(interop->GetCurrentCbvSrvUavHeap() == nullptr);
    ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 16);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 16);
    writeWords(upload.Get(), {3, 1, 4, 1});
    list8->DrawInstanced(3, 1, 0, 0);
    list8->Dispatch(1, 1, 1);  // no pipeline state objects in vkdml: ignored
    list8->DispatchMesh(1, 1, 1);
    list8->Barrier(0, nullptr);
    list8->CopyBufferRegion(readback.Get(), 0, upload.Get(), 0, 16);
    q.executeAndWait();
    CHECK(interop->IsOpen() == TRUE);  // reset by executeAndWait
    CHECK(readWords(readback.Get(), 4)[2] == 4);
    REQUIRE(q.list->Close() == S_OK);
    CHECK(interop->IsOpen() == FALSE);
}

TEST_CASE("a list from CreateCommandList1 that never recorded does not execute") {
    Queue q(createDevice());
    ComPtr<ID3D12Device4> device4;
    REQUIRE(q.device.As(&device4) == S_OK);
    ComPtr<ID3D12GraphicsCommandList> never;
    REQUIRE(device4->CreateCommandList1(0, D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_FLAG_NONE,
                                        IID_PPV_ARGS(&never)) == S_OK);
    ID3D12CommandList* lists[] = {never.Get()};
    q.queue->ExecuteCommandLists(1, lists);
    q.waitForGpu();
}
