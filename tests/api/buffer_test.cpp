// Buffers in the three heaps, mapping, and copies through command lists.
#include <cstdlib>
#include <random>

#include "raw_enum_calls.h"
#include "test_device.h"

using namespace vkdml::test;

namespace {

std::vector<uint8_t> randomBytes(size_t size, uint32_t seed) {
    std::vector<uint8_t> bytes(size);
    std::mt19937 rng(seed);
    for (size_t i = 0; i + 4 <= size; i += 4) {
        uint32_t v = rng();
        std::memcpy(&bytes[i], &v, 4);
    }
    for (size_t i = size & ~size_t(3); i < size; ++i) bytes[i] = static_cast<uint8_t>(rng());
    return bytes;
}

// UPLOAD -> DEFAULT (at dstOffset) -> READBACK, compared byte for byte.
void roundTrip(TestDevice& device, uint64_t size, uint64_t srcOffset, uint64_t dstOffset) {
    CAPTURE(size);
    CAPTURE(srcOffset);
    CAPTURE(dstOffset);
    auto bytes = randomBytes(size, static_cast<uint32_t>(size));
    Owned<VkdmlBuffer> upload, middle, readback;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, srcOffset + size, upload.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, dstOffset + size, middle.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, size, readback.put()) == S_OK);
    void* mapped = nullptr;
    REQUIRE(vkdmlMapBuffer(upload, &mapped) == S_OK);
    std::memcpy(static_cast<uint8_t*>(mapped) + srcOffset, bytes.data(), size);
    vkdmlUnmapBuffer(upload);
    device.run([&](VkdmlCommandList list) {
        REQUIRE(vkdmlRecordCopyBufferRegion(list, middle, dstOffset, upload, srcOffset, size) == S_OK);
        REQUIRE(vkdmlRecordCopyBufferRegion(list, readback, 0, middle, dstOffset, size) == S_OK);
    });
    REQUIRE(vkdmlMapBuffer(readback, &mapped) == S_OK);
    CHECK(std::memcmp(mapped, bytes.data(), size) == 0);
    vkdmlUnmapBuffer(readback);
}

}  // namespace

TEST_CASE("upload -> DEFAULT -> readback round trips are bit-exact from 4 B to 300 MiB at odd offsets") {
    TestDevice device;
    roundTrip(device, 4, 0, 0);
    roundTrip(device, 1, 3, 5);
    roundTrip(device, 7, 1, 13);
    roundTrip(device, 4099, 17, 3);
    roundTrip(device, (1u << 20) + 3, 5, 7);
    roundTrip(device, 300ull << 20, 1, 3);  // beyond lavapipe's 128 MiB maxStorageBufferRange
}

TEST_CASE("several copies in one list are ordered (write after write, read after write)") {
    TestDevice device;
    const uint64_t size = 1 << 16;
    auto a = randomBytes(size, 1), b = randomBytes(size, 2);
    Owned<VkdmlBuffer> upA, upB, mid, back;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, size, upA.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, size, upB.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, size, mid.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, size, back.put()) == S_OK);
    void* p = nullptr;
    REQUIRE(vkdmlMapBuffer(upA, &p) == S_OK);
    std::memcpy(p, a.data(), size);
    REQUIRE(vkdmlMapBuffer(upB, &p) == S_OK);
    std::memcpy(p, b.data(), size);
    device.run([&](VkdmlCommandList list) {
        REQUIRE(vkdmlRecordCopyBufferRegion(list, mid, 0, upA, 0, size) == S_OK);
        REQUIRE(vkdmlRecordCopyBufferRegion(list, mid, 0, upB, 0, size / 2) == S_OK);  // WAW on the first half
        REQUIRE(vkdmlRecordCopyBufferRegion(list, back, 0, mid, 0, size) == S_OK);      // RAW
    });
    REQUIRE(vkdmlMapBuffer(back, &p) == S_OK);
    CHECK(std::memcmp(p, b.data(), size / 2) == 0);
    CHECK(std::memcmp(static_cast<uint8_t*>(p) + size / 2, a.data() + size / 2, size / 2) == 0);
}

TEST_CASE("bad buffer arguments fail cleanly") {
    TestDevice device;
    VkdmlBuffer buffer = nullptr;
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 0, &buffer) == E_INVALIDARG);
    CHECK(device.lastError().find("sizeInBytes") != std::string::npos);
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, UINT64_MAX, &buffer) == E_OUTOFMEMORY);
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, (1ull << 61), &buffer) == E_OUTOFMEMORY);
    CHECK(vkdmlTestCreateBufferRaw(device, 4, 16, &buffer) == E_INVALIDARG);
    CHECK(vkdmlTestCreateBufferRaw(device, 0, 16, &buffer) == E_INVALIDARG);
    CHECK(vkdmlTestCreateBufferRaw(device, 0xffffffffu, 16, &buffer) == E_INVALIDARG);
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 16, nullptr) == E_POINTER);
    CHECK(vkdmlCreateBuffer(nullptr, VKDML_HEAP_TYPE_DEFAULT, 16, &buffer) == E_INVALIDARG);
    CHECK(buffer == nullptr);
    void* data = nullptr;
    CHECK(vkdmlMapBuffer(nullptr, &data) == E_INVALIDARG);
    CHECK(vkdmlGetVulkanBuffer(nullptr) == VK_NULL_HANDLE);

    Owned<VkdmlBuffer> ok;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64, ok.put()) == S_OK);
    CHECK(vkdmlGetVulkanBuffer(ok) != VK_NULL_HANDLE);
    CHECK(vkdmlMapBuffer(ok, nullptr) == E_POINTER);

    // Copies outside either buffer or of zero bytes are rejected when recorded.
    Owned<VkdmlBuffer> other;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64, other.put()) == S_OK);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    CHECK(vkdmlRecordCopyBufferRegion(list, other, 0, ok, 0, 0) == E_INVALIDARG);
    CHECK(vkdmlRecordCopyBufferRegion(list, other, 60, ok, 0, 8) == E_INVALIDARG);
    CHECK(vkdmlRecordCopyBufferRegion(list, other, 0, ok, UINT64_MAX - 2, 8) == E_INVALIDARG);
    CHECK(vkdmlRecordCopyBufferRegion(list, other, 0, ok, 0, UINT64_MAX) == E_INVALIDARG);
    CHECK(vkdmlRecordCopyBufferRegion(list, ok, 0, ok, 8, 16) == E_INVALIDARG);  // overlapping ranges
    CHECK(vkdmlRecordCopyBufferRegion(list, nullptr, 0, ok, 0, 8) == E_INVALIDARG);
    CHECK(vkdmlExecuteCommandLists(device, 1, list.put(), nullptr) == E_INVALIDARG);  // still open
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);
    CHECK(vkdmlCloseCommandList(list) == E_INVALIDARG);
    CHECK(vkdmlRecordCopyBufferRegion(list, other, 0, ok, 0, 8) == E_INVALIDARG);  // closed
}

TEST_CASE("mapping a DEFAULT buffer that is not host-visible fails cleanly") {
    setenv("VKDML_DEFAULT_HEAP_NOT_MAPPABLE", "1", 1);  // behave like a discrete GPU's VRAM: read at device creation
    TestDevice device;
    unsetenv("VKDML_DEFAULT_HEAP_NOT_MAPPABLE");
    Owned<VkdmlBuffer> buffer;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 256, buffer.put()) == S_OK);
    void* data = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(vkdmlMapBuffer(buffer, &data) == E_INVALIDARG);
    CHECK(data == nullptr);
    CHECK(device.lastError().find("host-visible") != std::string::npos);
}

TEST_CASE("wait with a zero timeout on unfinished work, and on values never submitted") {
    TestDevice device;
    CHECK(vkdmlWaitForCompletion(device, 0, 0) == S_OK);
    CHECK(vkdmlWaitForCompletion(device, 12345, 0) == S_OK);  // nothing that large was submitted
    Owned<VkdmlBuffer> a, b;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64 << 20, a.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64 << 20, b.put()) == S_OK);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    for (int i = 0; i < 8; ++i) REQUIRE(vkdmlRecordCopyBufferRegion(list, b, 0, a, 0, 64 << 20) == S_OK);
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);
    UINT64 value = 0;
    REQUIRE(vkdmlExecuteCommandLists(device, 1, list.put(), &value) == S_OK);
    HRESULT hr = vkdmlWaitForCompletion(device, value, 0);
    CHECK((hr == S_OK || hr == DXGI_ERROR_WAIT_TIMEOUT));
    CHECK(vkdmlWaitForCompletion(device, value, UINT64_MAX) == S_OK);
    // A list can be reset and re-recorded right after submission.
    REQUIRE(vkdmlResetCommandList(list) == S_OK);
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);
    REQUIRE(vkdmlExecuteCommandLists(device, 1, list.put(), &value) == S_OK);
    CHECK(vkdmlWaitForCompletion(device, value, UINT64_MAX) == S_OK);
}
