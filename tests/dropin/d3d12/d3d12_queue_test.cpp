// Queues, allocators, lists and fences end to end: upload -> DEFAULT -> readback copies with values checked,
// placed buffers, barriers, ClearUnorderedAccessViewUint/Float, queue Wait on a CPU-signalled fence, events set
// from the fence thread, timestamps and the clock calibration.
#include <chrono>
#include <numeric>
#include <thread>

#include "d3d12_test_support.h"

using d3d12test::createBuffer;
using d3d12test::createDevice;
using d3d12test::Queue;
using d3d12test::readWords;
using d3d12test::transition;
using d3d12test::uavBarrier;
using d3d12test::writeWords;

namespace {

std::vector<uint32_t> iota(size_t count, uint32_t first) {
    std::vector<uint32_t> words(count);
    std::iota(words.begin(), words.end(), first);
    return words;
}


}  // namespace

TEST_CASE("upload -> DEFAULT -> readback through copies, barriers, a fence and an event") {
    Queue q(createDevice());
    const size_t words = 1024;
    ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, words * 4);
    ComPtr<ID3D12Resource> gpu = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, words * 4);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, words * 4);
    writeWords(upload.Get(), iota(words, 1000));

    const D3D12_RESOURCE_BARRIER toCopyDest = transition(gpu.Get(), D3D12_RESOURCE_STATE_COMMON,
                                                         D3D12_RESOURCE_STATE_COPY_DEST);
    q.list->ResourceBarrier(1, &toCopyDest);
    q.list->CopyResource(gpu.Get(), upload.Get());
    const D3D12_RESOURCE_BARRIER toCopySource = transition(gpu.Get(), D3D12_RESOURCE_STATE_COPY_DEST,
                                                           D3D12_RESOURCE_STATE_COPY_SOURCE);
    q.list->ResourceBarrier(1, &toCopySource);
    // The second half first, then the first half shifted by 4 bytes into the readback buffer's tail.
    q.list->CopyBufferRegion(readback.Get(), 0, gpu.Get(), 2048, 2048);
    q.list->CopyBufferRegion(readback.Get(), 2048, gpu.Get(), 0, 2048);
    q.executeAndWait();

    const std::vector<uint32_t> result = readWords(readback.Get(), words);
    CHECK(result[0] == 1512);
    CHECK(result[511] == 2023);
    CHECK(result[512] == 1000);
    CHECK(result[1023] == 1511);

    // The list and allocator are reusable after the wait: a second round trip.
    writeWords(upload.Get(), iota(words, 7));
    q.list->CopyResource(gpu.Get(), upload.Get());
    q.list->CopyResource(readback.Get(), gpu.Get());
    q.executeAndWait();
    CHECK(readWords(readback.Get(), words)[1023] == 1030);
}

TEST_CASE("COPY and COMPUTE queues run their own list types") {
    for (D3D12_COMMAND_LIST_TYPE type : {D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_TYPE_COMPUTE}) {
        CAPTURE(int(type));
        Queue q(createDevice(), type);
        CHECK(q.queue->GetDesc().Type == type);
        CHECK(q.list->GetType() == type);
        ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 64);
        ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 64);
        writeWords(upload.Get(), iota(16, 50));
        q.list->CopyBufferRegion(readback.Get(), 0, upload.Get(), 0, 64);
        q.executeAndWait();
        CHECK(readWords(readback.Get(), 16)[15] == 65);
    }
}

TEST_CASE("placed buffers: copies between ranges of one heap, aliasing barriers") {
    Queue q(createDevice());
    D3D12_HEAP_DESC heapDesc{};
    heapDesc.SizeInBytes = 3 * 65536;
    heapDesc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    ComPtr<ID3D12Heap> heap;
    REQUIRE(q.device->CreateHeap(&heapDesc, IID_PPV_ARGS(&heap)) == S_OK);
    const D3D12_RESOURCE_DESC desc = d3d12test::bufferDesc(1024);
    ComPtr<ID3D12Resource> a, b;
    REQUIRE(q.device->CreatePlacedResource(heap.Get(), 0, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                           IID_PPV_ARGS(&a)) == S_OK);
    REQUIRE(q.device->CreatePlacedResource(heap.Get(), 2 * 65536, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                           IID_PPV_ARGS(&b)) == S_OK);
    ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 1024);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 1024);
    writeWords(upload.Get(), iota(256, 77));
    q.list->CopyResource(a.Get(), upload.Get());
    q.list->CopyResource(b.Get(), a.Get());
    D3D12_RESOURCE_BARRIER aliasing{};
    aliasing.Type = D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
    aliasing.Aliasing.pResourceBefore = a.Get();
    aliasing.Aliasing.pResourceAfter = nullptr;
    q.list->ResourceBarrier(1, &aliasing);
    q.list->CopyResource(readback.Get(), b.Get());
    q.executeAndWait();
    const std::vector<uint32_t> result = readWords(readback.Get(), 256);
    CHECK(result[0] == 77);
    CHECK(result[255] == 332);
}

TEST_CASE("ClearUnorderedAccessViewUint and Float fill raw and typed views, whole or by rectangles") {
    Queue q(createDevice());
    const UINT64 bytes = 1024;
    ComPtr<ID3D12Resource> gpu =
        createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, bytes, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, bytes);
    D3D12_DESCRIPTOR_HEAP_DESC heapDesc{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 3,
                                        D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ComPtr<ID3D12DescriptorHeap> visible, cpuOnly;
    REQUIRE(q.device->CreateDescriptorHeap(&heapDesc, IID_PPV_ARGS(&visible)) == S_OK);
    heapDesc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
    REQUIRE(q.device->CreateDescriptorHeap(&heapDesc, IID_PPV_ARGS(&cpuOnly)) == S_OK);
    const UINT increment = q.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);

    // 0: raw view of the whole buffer; 1: R32G32B32A32_UINT view of bytes [256, 512); 2: R32_FLOAT of [512, 1024).
    D3D12_UNORDERED_ACCESS_VIEW_DESC views[3] = {};
    for (auto& view : views) view.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    views[0].Format = DXGI_FORMAT_R32_TYPELESS;
    views[0].Buffer = {0, 256, 0, 0, D3D12_BUFFER_UAV_FLAG_RAW};
    views[1].Format = DXGI_FORMAT_R32G32B32A32_UINT;
    views[1].Buffer = {16, 16, 0, 0, D3D12_BUFFER_UAV_FLAG_NONE};
    views[2].Format = DXGI_FORMAT_R32_FLOAT;
    views[2].Buffer = {128, 128, 0, 0, D3D12_BUFFER_UAV_FLAG_NONE};
    for (UINT i = 0; i < 3; ++i) {
        q.device->CreateUnorderedAccessView(gpu.Get(), nullptr, &views[i],
                                            {cpuOnly->GetCPUDescriptorHandleForHeapStart().ptr + i * increment});
        q.device->CreateUnorderedAccessView(gpu.Get(), nullptr, &views[i],
                                            {visible->GetCPUDescriptorHandleForHeapStart().ptr + i * increment});
    }
    const auto gpuHandle = [&](UINT i) {
        return D3D12_GPU_DESCRIPTOR_HANDLE{visible->GetGPUDescriptorHandleForHeapStart().ptr + i * increment};
    };
    const auto cpuHandle = [&](UINT i) {
        return D3D12_CPU_DESCRIPTOR_HANDLE{cpuOnly->GetCPUDescriptorHandleForHeapStart().ptr + i * increment};
    };
    ID3D12DescriptorHeap* heaps[] = {visible.Get()};
    q.list->SetDescriptorHeaps(1, heaps);
    ComPtr<IVkdmlD3D12CommandList> interopList;
    REQUIRE(q.list.As(&interopList) == S_OK);
    CHECK(interopList->GetCurrentCbvSrvUavHeap() == visible.Get());
    CHECK(interopList->IsOpen() == TRUE);

    const UINT fill[4] = {0xa5a5a5a5u, 0, 0, 0};
    q.list->ClearUnorderedAccessViewUint(gpuHandle(0), cpuHandle(0), gpu.Get(), fill, 0, nullptr);
    const D3D12_RESOURCE_BARRIER between = uavBarrier(nullptr);
    q.list->ResourceBarrier(1, &between);
    const UINT vector[4] = {1, 2, 3, 4};
    const D3D12_RECT elements4to6 = {4, 0, 6, 1};  // elements 4 and 5 of view 1: bytes [320, 352)
    q.list->ClearUnorderedAccessViewUint(gpuHandle(1), cpuHandle(1), gpu.Get(), vector, 1, &elements4to6);
    const FLOAT half[4] = {0.5f, 0, 0, 0};
    const D3D12_RECT firstTen = {0, 0, 10, 1};  // elements 0..9 of view 2: bytes [512, 552)
    q.list->ClearUnorderedAccessViewFloat(gpuHandle(2), cpuHandle(2), gpu.Get(), half, 1, &firstTen);
    const D3D12_RESOURCE_BARRIER toCopy = transition(gpu.Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                                                     D3D12_RESOURCE_STATE_COPY_SOURCE);
    q.list->ResourceBarrier(1, &toCopy);
    q.list->CopyResource(readback.Get(), gpu.Get());
    q.executeAndWait();

    const std::vector<uint32_t> words = readWords(readback.Get(), bytes / 4);
    CHECK(words[0] == 0xa5a5a5a5u);
    CHECK(words[79] == 0xa5a5a5a5u);
    CHECK(words[80] == 1);  // byte 320
    CHECK(words[81] == 2);
    CHECK(words[82] == 3);
    CHECK(words[83] == 4);
    CHECK(words[84] == 1);
    CHECK(words[87] == 4);
    CHECK(words[88] == 0xa5a5a5a5u);
    uint32_t halfBits;
    std::memcpy(&halfBits, &half[0], 4);
    CHECK(words[128] == halfBits);
    CHECK(words[137] == halfBits);
    CHECK(words[138] == 0xa5a5a5a5u);
    CHECK(words[255] == 0xa5a5a5a5u);
}

TEST_CASE("a queue Wait holds later work until the CPU signals the fence") {
    Queue q(createDevice());
    ComPtr<ID3D12Fence> gate;
    REQUIRE(q.device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&gate)) == S_OK);
    ComPtr<ID3D12Resource> upload = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 64);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 64);
    writeWords(upload.Get(), iota(16, 900));
    writeWords(readback.Get(), std::vector<uint32_t>(16, 0));
    q.list->CopyBufferRegion(readback.Get(), 0, upload.Get(), 0, 64);
    REQUIRE(q.list->Close() == S_OK);

    REQUIRE(q.queue->Wait(gate.Get(), 5) == S_OK);
    ID3D12CommandList* lists[] = {q.list.Get()};
    q.queue->ExecuteCommandLists(1, lists);
    REQUIRE(q.queue->Signal(q.fence.Get(), 1) == S_OK);
    REQUIRE(q.fence->SetEventOnCompletion(1, q.event) == S_OK);
    CHECK(WaitForSingleObject(q.event, 100) == WAIT_TIMEOUT);  // held back
    CHECK(q.fence->GetCompletedValue() == 0);
    CHECK(readWords(readback.Get(), 16)[0] == 0);
    // The list may be reset and re-recorded while its execution waits; the allocator may not.
    REQUIRE(q.list->Reset(q.allocator.Get(), nullptr) == S_OK);
    REQUIRE(q.list->Close() == S_OK);
    CHECK(q.allocator->Reset() == E_FAIL);

    std::thread signaller([&] { gate->Signal(5); });
    signaller.join();
    CHECK(WaitForSingleObject(q.event, 20000) == WAIT_OBJECT_0);
    CHECK(q.fence->GetCompletedValue() == 1);
    CHECK(readWords(readback.Get(), 16)[15] == 915);
    CHECK(q.allocator->Reset() == S_OK);
}

TEST_CASE("fences: CPU signal, SetEventOnCompletion with an event from another thread and with NULL") {
    Queue q(createDevice());
    CHECK(q.fence->GetCompletedValue() == 0);
    REQUIRE(q.fence->Signal(3) == S_OK);
    CHECK(q.fence->GetCompletedValue() == 3);
    REQUIRE(q.fence->SetEventOnCompletion(2, q.event) == S_OK);  // already reached: set at once
    CHECK(WaitForSingleObject(q.event, 0) == WAIT_OBJECT_0);

    REQUIRE(q.fence->SetEventOnCompletion(10, q.event) == S_OK);
    std::thread later([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        q.fence->Signal(10);
    });
    CHECK(WaitForSingleObject(q.event, 20000) == WAIT_OBJECT_0);
    later.join();

    std::thread again([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        q.fence->Signal(11);
    });
    REQUIRE(q.fence->SetEventOnCompletion(11, nullptr) == S_OK);  // blocks until the other thread signals
    CHECK(q.fence->GetCompletedValue() == 11);
    again.join();

    ComPtr<ID3D12Fence1> fence1;
    REQUIRE(q.fence.As(&fence1) == S_OK);
    CHECK(fence1->GetCreationFlags() == D3D12_FENCE_FLAG_NONE);

    // Queue signals complete in order.
    for (UINT64 value = 20; value < 25; ++value) REQUIRE(q.queue->Signal(q.fence.Get(), value) == S_OK);
    REQUIRE(q.fence->SetEventOnCompletion(24, q.event) == S_OK);
    CHECK(WaitForSingleObject(q.event, 20000) == WAIT_OBJECT_0);
    CHECK(q.fence->GetCompletedValue() == 24);
}

TEST_CASE("timestamp queries: EndQuery, ResolveQueryData, GetTimestampFrequency") {
    Queue q(createDevice());
    UINT64 frequency = 0;
    if (q.queue->GetTimestampFrequency(&frequency) != S_OK) return;  // a queue without timestamps
    CHECK(frequency > 0);
    D3D12_QUERY_HEAP_DESC desc{D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2, 0};
    ComPtr<ID3D12QueryHeap> queries;
    REQUIRE(q.device->CreateQueryHeap(&desc, IID_PPV_ARGS(&queries)) == S_OK);
    ComPtr<ID3D12Resource> src = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, 8 << 20);
    ComPtr<ID3D12Resource> dst = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, 8 << 20);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 32);
    q.list->EndQuery(queries.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 0);
    q.list->CopyResource(dst.Get(), src.Get());
    q.list->EndQuery(queries.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 1);
    q.list->ResolveQueryData(queries.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, readback.Get(), 8);
    q.executeAndWait();
    uint64_t* ticks = nullptr;
    REQUIRE(readback->Map(0, nullptr, reinterpret_cast<void**>(&ticks)) == S_OK);
    CHECK(ticks[1] != 0);
    CHECK(ticks[2] >= ticks[1]);
    readback->Unmap(0, nullptr);
}

// GetClockCalibration's pairs bracket a timestamp written between them and QueryPerformanceCounter readings taken
// around them, and the GPU ticks between two pairs (at GetTimestampFrequency) measure the CPU's time between them.
TEST_CASE("GetClockCalibration: GPU and CPU timestamps taken together, on QueryPerformanceCounter's clock") {
    Queue q(createDevice());
    UINT64 frequency = 0;
    if (q.queue->GetTimestampFrequency(&frequency) != S_OK) return;  // a queue without timestamps
    LARGE_INTEGER cpuBefore{}, cpuAfter{};
    UINT64 gpu[2] = {}, cpu[2] = {};
    QueryPerformanceCounter(&cpuBefore);
    REQUIRE(q.queue->GetClockCalibration(&gpu[0], &cpu[0]) == S_OK);
    D3D12_QUERY_HEAP_DESC desc{D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 1, 0};
    ComPtr<ID3D12QueryHeap> queries;
    REQUIRE(q.device->CreateQueryHeap(&desc, IID_PPV_ARGS(&queries)) == S_OK);
    ComPtr<ID3D12Resource> readback = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 8);
    q.list->EndQuery(queries.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 0);
    q.list->ResolveQueryData(queries.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, readback.Get(), 0);
    q.executeAndWait();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    REQUIRE(q.queue->GetClockCalibration(&gpu[1], &cpu[1]) == S_OK);
    QueryPerformanceCounter(&cpuAfter);
    uint64_t* between = nullptr;
    REQUIRE(readback->Map(0, nullptr, reinterpret_cast<void**>(&between)) == S_OK);
    CHECK(gpu[0] != 0);
    CHECK(gpu[0] <= *between);
    CHECK(*between <= gpu[1]);
    readback->Unmap(0, nullptr);
    CHECK(uint64_t(cpuBefore.QuadPart) <= cpu[0]);
    CHECK(cpu[0] < cpu[1]);
    CHECK(cpu[1] <= uint64_t(cpuAfter.QuadPart));
    const double gpuSeconds = double(gpu[1] - gpu[0]) / double(frequency), cpuSeconds = double(cpu[1] - cpu[0]) * 1e-9;
    CHECK(cpuSeconds >= 0.1);
    CHECK(gpuSeconds == doctest::Approx(cpuSeconds).epsilon(0.25));
    // NULL out-pointers: E_POINTER, and the other one is zeroed.
    UINT64 value = 1;
    CHECK(q.queue->GetClockCalibration(&value, nullptr) == E_POINTER);
    CHECK(value == 0);
    value = 1;
    CHECK(q.queue->GetClockCalibration(nullptr, &value) == E_POINTER);
    CHECK(value == 0);
}

TEST_CASE("threads: each with its own queue, list and fence on one device, copies checked") {
    ComPtr<ID3D12Device> device = createDevice();
    constexpr int kThreads = 4, kRounds = 10;
    std::vector<int> correct(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            Queue q(device, t % 2 ? D3D12_COMMAND_LIST_TYPE_COMPUTE : D3D12_COMMAND_LIST_TYPE_DIRECT);
            ComPtr<ID3D12Resource> upload = createBuffer(device.Get(), D3D12_HEAP_TYPE_UPLOAD, 256);
            ComPtr<ID3D12Resource> gpu = createBuffer(device.Get(), D3D12_HEAP_TYPE_DEFAULT, 256);
            ComPtr<ID3D12Resource> readback = createBuffer(device.Get(), D3D12_HEAP_TYPE_READBACK, 256);
            for (int round = 0; round < kRounds; ++round) {
                const uint32_t first = uint32_t(t * 100000 + round * 1000);
                writeWords(upload.Get(), iota(64, first));
                q.list->CopyResource(gpu.Get(), upload.Get());
                q.list->CopyResource(readback.Get(), gpu.Get());
                q.executeAndWait();
                const std::vector<uint32_t> words = readWords(readback.Get(), 64);
                if (words[0] == first && words[63] == first + 63) ++correct[t];
            }
        });
    }
    for (auto& thread : threads) thread.join();
    for (int t = 0; t < kThreads; ++t) CHECK(correct[t] == kRounds);
}

TEST_CASE("one closed list executed again before its last execution finished, and twice in one call") {
    Queue q(createDevice());
    ComPtr<ID3D12Resource> src = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_UPLOAD, 4 << 20);
    ComPtr<ID3D12Resource> dst = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_READBACK, 4 << 20);
    writeWords(src.Get(), iota(1 << 20, 3));
    q.list->CopyResource(dst.Get(), src.Get());
    REQUIRE(q.list->Close() == S_OK);
    ID3D12CommandList* lists[] = {q.list.Get(), q.list.Get()};
    q.queue->ExecuteCommandLists(1, lists);
    q.queue->ExecuteCommandLists(2, lists);
    q.waitForGpu();
    CHECK(readWords(dst.Get(), 1 << 20)[(1 << 20) - 1] == (1u << 20) + 2);
}
