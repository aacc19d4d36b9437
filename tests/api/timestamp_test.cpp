// vkdmlTestEnableTimestamps / vkdmlTestGpuSeconds (vkdml_testing.h), which vkdml-bench times the GPU with: the GPU
// time of a command list's execution grows with its work, and every misuse is E_INVALIDARG.
#include <doctest/doctest.h>
#include <vkdml/vkdml_testing.h>

#include <algorithm>

#include "test_device.h"

using vkdml::test::TestDevice;

namespace {

constexpr UINT64 kCopyBytes = 16ull << 20;

// GPU seconds of one execution of `copies` copies of kCopyBytes.
double timedCopies(TestDevice& device, VkdmlCommandList list, VkdmlBuffer src, VkdmlBuffer dst, int copies) {
    REQUIRE(vkdmlResetCommandList(list) == S_OK);
    for (int i = 0; i < copies; ++i) REQUIRE(vkdmlRecordCopyBufferRegion(list, dst, 0, src, 0, kCopyBytes) == S_OK);
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);
    double seconds = -1;
    CHECK(vkdmlTestGpuSeconds(list, &seconds) == E_INVALIDARG);  // not executed yet
    UINT64 done = 0;
    REQUIRE(vkdmlExecuteCommandLists(device, 1, &list, &done) == S_OK);
    REQUIRE(vkdmlWaitForCompletion(device, done, UINT64_MAX) == S_OK);
    REQUIRE(vkdmlTestGpuSeconds(list, &seconds) == S_OK);
    return seconds;
}

}  // namespace

TEST_CASE("command-list timestamps: GPU time of an execution, E_INVALIDARG for misuse") {
    TestDevice device;
    VkdmlCommandList list = nullptr;
    REQUIRE(vkdmlCreateCommandList(device, &list) == S_OK);
    VkdmlBuffer src = nullptr, dst = nullptr;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, kCopyBytes, &src) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, kCopyBytes, &dst) == S_OK);

    double seconds = -1;
    CHECK(vkdmlTestGpuSeconds(list, &seconds) == E_INVALIDARG);  // timestamps never enabled
    CHECK(vkdmlTestEnableTimestamps(nullptr) == E_INVALIDARG);
    CHECK(vkdmlTestGpuSeconds(nullptr, &seconds) == E_INVALIDARG);
    CHECK(vkdmlTestGpuSeconds(list, nullptr) == E_INVALIDARG);
    REQUIRE(vkdmlTestEnableTimestamps(list) == S_OK);  // lavapipe and the GPUs vkdml runs on have them
    CHECK(vkdmlTestGpuSeconds(list, &seconds) == E_INVALIDARG);  // the open recording predates them
    CHECK(seconds == -1);

    timedCopies(device, list, src, dst, 1);  // first touch of the buffers' pages (lavapipe) is not the copy's time
    double one = timedCopies(device, list, src, dst, 1);
    for (int i = 0; i < 2; ++i) one = std::min(one, timedCopies(device, list, src, dst, 1));
    const double sixteen = timedCopies(device, list, src, dst, 16);
    CAPTURE(one);
    CAPTURE(sixteen);
    CHECK(one > 0);
    CHECK(sixteen < 10);
    CHECK(sixteen > 4 * one);  // sixteen copies in order, each waiting on the last (same destination)

    vkdmlRelease(dst);
    vkdmlRelease(src);
    vkdmlRelease(list);
}
