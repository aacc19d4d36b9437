// Interop: a D3D12 device over an application's own Vulkan device, the Vulkan objects behind D3D12 objects, and
// objects released while their GPU work is still pending.
#include "d3d12_test_support.h"  // first: DirectX-Headers before vkdml.h

#include <vkdml/vkdml.h>

using d3d12test::createBuffer;
using d3d12test::createDevice;
using d3d12test::Queue;
using d3d12test::readWords;
using d3d12test::writeWords;

TEST_CASE("VkdmlD3D12CreateDeviceFromVulkan: a D3D12 device over Vulkan objects the application owns") {
    ComPtr<ID3D12Device> owner = createDevice();  // here the "application" borrows vkdml's own Vulkan device
    ComPtr<IVkdmlD3D12Device> ownerInterop;
    REQUIRE(owner.As(&ownerInterop) == S_OK);
    VKDML_D3D12_VULKAN_HANDLES handles{};
    ownerInterop->GetVulkanHandles(&handles);

    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.Instance = handles.Instance;
    desc.PhysicalDevice = handles.PhysicalDevice;
    desc.Device = handles.Device;
    desc.Queue = handles.Queue;
    desc.QueueFamilyIndex = handles.QueueFamilyIndex;
    desc.GetInstanceProcAddr = vkGetInstanceProcAddr;
    ComPtr<ID3D12Device> device;
    REQUIRE(VkdmlD3D12CreateDeviceFromVulkan(&desc, IID_PPV_ARGS(&device)) == S_OK);
    ComPtr<IVkdmlD3D12Device> interop;
    REQUIRE(device.As(&interop) == S_OK);
    VKDML_D3D12_VULKAN_HANDLES adopted{};
    interop->GetVulkanHandles(&adopted);
    CHECK(adopted.Device == handles.Device);
    CHECK(adopted.Queue == handles.Queue);
    CHECK(adopted.PhysicalDevice == handles.PhysicalDevice);
    CHECK(interop->GetVkdmlDevice() != ownerInterop->GetVkdmlDevice());

    {
        Queue q(device);
        ComPtr<ID3D12Resource> upload = createBuffer(device.Get(), D3D12_HEAP_TYPE_UPLOAD, 16);
        ComPtr<ID3D12Resource> readback = createBuffer(device.Get(), D3D12_HEAP_TYPE_READBACK, 16);
        writeWords(upload.Get(), {1, 2, 3, 4});
        q.list->CopyResource(readback.Get(), upload.Get());
        q.executeAndWait();
        CHECK(readWords(readback.Get(), 4)[3] == 4);
        ComPtr<IVkdmlD3D12Resource> buffer;
        REQUIRE(readback.As(&buffer) == S_OK);
        CHECK(buffer->GetVulkanBuffer() == vkdmlGetVulkanBuffer(buffer->GetVkdmlBuffer()));
        ComPtr<IVkdmlD3D12CommandList> list;
        REQUIRE(q.list.As(&list) == S_OK);
        CHECK(list->GetVkdmlCommandList() != nullptr);
    }
    device.Reset();  // before the owner of the Vulkan device

    void* out = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(VkdmlD3D12CreateDeviceFromVulkan(nullptr, __uuidof(ID3D12Device), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    desc.Device = VK_NULL_HANDLE;
    CHECK(VkdmlD3D12CreateDeviceFromVulkan(&desc, __uuidof(ID3D12Device), &out) == E_INVALIDARG);
}

TEST_CASE("every object released while a copy and a queue signal are still pending") {
    HANDLE event = CreateEventA(nullptr, TRUE, FALSE, nullptr);
    ComPtr<ID3D12Fence> kept;
    {
        Queue q(createDevice());
        ComPtr<ID3D12Resource> src = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, 32 << 20);
        ComPtr<ID3D12Resource> dst = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, 32 << 20);
        q.list->CopyResource(dst.Get(), src.Get());
        REQUIRE(q.list->Close() == S_OK);
        ID3D12CommandList* lists[] = {q.list.Get()};
        q.queue->ExecuteCommandLists(1, lists);
        REQUIRE(q.queue->Signal(q.fence.Get(), 1) == S_OK);
        REQUIRE(q.fence->SetEventOnCompletion(1, event) == S_OK);
        kept = q.fence;
    }  // queue, list, allocator, buffers and the program's device reference go here
    CHECK(WaitForSingleObject(event, 20000) == WAIT_OBJECT_0);
    CHECK(kept->GetCompletedValue() == 1);
    kept.Reset();  // the last reference on the device, possibly after the fence thread let go of it
    CloseHandle(event);

    // The fence thread itself may drop the last device reference: nothing must hang or crash.
    for (int i = 0; i < 3; ++i) {
        Queue q(createDevice());
        REQUIRE(q.queue->Signal(q.fence.Get(), 1) == S_OK);
    }
}

// A copy long enough on lavapipe (32 MiB) that its queue signal is still pending when the fence is waited for, so
// the fence thread, not the waiting call, applies it.
namespace {
void recordLongCopy(Queue& q, ComPtr<ID3D12Resource>& src, ComPtr<ID3D12Resource>& dst) {
    src = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, 32 << 20);
    dst = createBuffer(q.device.Get(), D3D12_HEAP_TYPE_DEFAULT, 32 << 20);
    q.list->CopyResource(dst.Get(), src.Get());
}
}  // namespace

// The fence thread sets the event and then lets go of the fence: had it still held a reference when the program,
// woken, released its last one, the device would be destroyed on that thread while the program went on (to exit:
// a crash at exit seen once in CI).
TEST_CASE("after waiting on an event, the program's last Release destroys the device on its own thread") {
    for (int round = 0; round < 30; ++round) {
        VkdmlDevice vkdml = nullptr;
        {
            Queue q(createDevice());
            ComPtr<IVkdmlD3D12Device> interop;
            REQUIRE(q.device.As(&interop) == S_OK);
            vkdml = interop->GetVkdmlDevice();
            vkdmlAddRef(vkdml);
            ComPtr<ID3D12Resource> src, dst;
            recordLongCopy(q, src, dst);
            q.executeAndWait();
        }
        const ULONG left = vkdmlRelease(vkdml);
        CHECK_MESSAGE(left == 0, "round " << round << ": the D3D12 device still held the vkdml device");
        if (left != 0) break;
    }
}

TEST_CASE("a fence released before its queue signal landed still sets the event waiting on it") {
    HANDLE event = CreateEventA(nullptr, TRUE, FALSE, nullptr);
    {
        Queue q(createDevice());
        ComPtr<ID3D12Resource> src, dst;
        recordLongCopy(q, src, dst);
        REQUIRE(q.list->Close() == S_OK);
        ID3D12CommandList* lists[] = {q.list.Get()};
        q.queue->ExecuteCommandLists(1, lists);
        REQUIRE(q.queue->Signal(q.fence.Get(), 1) == S_OK);
        REQUIRE(q.fence->SetEventOnCompletion(1, event) == S_OK);
        q.fence.Reset();
        CHECK(WaitForSingleObject(event, 20000) == WAIT_OBJECT_0);
    }
    CloseHandle(event);
}

TEST_CASE("SetEventOnMultipleFenceCompletion: ALL waits for every fence, ANY for the first") {
    ComPtr<ID3D12Device> device = createDevice();
    ComPtr<ID3D12Device1> device1;
    REQUIRE(device.As(&device1) == S_OK);
    ComPtr<ID3D12Fence> a, b;
    REQUIRE(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&a)) == S_OK);
    REQUIRE(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&b)) == S_OK);
    ID3D12Fence* fences[] = {a.Get(), b.Get()};
    const UINT64 values[] = {2, 3};
    HANDLE all = CreateEventA(nullptr, TRUE, FALSE, nullptr);
    HANDLE any = CreateEventA(nullptr, TRUE, FALSE, nullptr);
    REQUIRE(device1->SetEventOnMultipleFenceCompletion(fences, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, all) ==
            S_OK);
    REQUIRE(device1->SetEventOnMultipleFenceCompletion(fences, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, any) ==
            S_OK);
    a->Signal(2);
    CHECK(WaitForSingleObject(any, 1000) == WAIT_OBJECT_0);
    CHECK(WaitForSingleObject(all, 20) == WAIT_TIMEOUT);
    b->Signal(3);
    CHECK(WaitForSingleObject(all, 1000) == WAIT_OBJECT_0);
    CHECK(device1->SetEventOnMultipleFenceCompletion(nullptr, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, all) ==
          E_INVALIDARG);
    CloseHandle(all);
    CloseHandle(any);
}
