// A vkdml device for tests: created with DML_CREATE_DEVICE_FLAG_DEBUG (Vulkan validation with synchronization
// validation where the layer is installed), collecting every message. Any validation message fails the test that
// owned the device. Plus helpers to move bytes in and out of DEFAULT buffers.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <vkdml/vkdml.h>

namespace vkdml::test {

struct ComSession;  // the D3D12 and DirectML objects of a device made through the COM API (com_backend.cpp)

class TestDevice {
public:
    explicit TestDevice(DML_FEATURE_LEVEL maxLevel = static_cast<DML_FEATURE_LEVEL>(0), bool debug = true);
    ~TestDevice();
    TestDevice(const TestDevice&) = delete;
    TestDevice& operator=(const TestDevice&) = delete;

    VkdmlDevice get() const { return device_; }
    // With VKDML_TEST_THROUGH_COM=1 (runner_backend.h) a device without a maximum feature level is the vkdml device
    // under an ID3D12Device (with the debug layer when `debug`) and an IDMLDevice1, and this returns their objects;
    // else null. Its messages reach this object as a C API device's do (vkdmlSetMessageCallback).
    ComSession* comSession() const { return com_.get(); }
    operator VkdmlDevice() const { return device_; }

    // Messages vkdml sent for failed calls since the last clearErrors() (validation messages are kept apart).
    std::vector<std::string> errors() const;
    std::string lastError() const;
    void clearErrors();
    size_t validationMessageCount() const;
    bool validationEnabled() const;  // VK_LAYER_KHRONOS_validation is active on this device

    // DEFAULT buffer of `size` bytes filled with `fill` (via an upload and a copy).
    VkdmlBuffer createDefaultBuffer(uint64_t size, uint8_t fill = 0);
    void upload(VkdmlBuffer dst, uint64_t offset, const void* data, uint64_t size);
    std::vector<uint8_t> download(VkdmlBuffer src, uint64_t offset, uint64_t size);
    // Records `record` into a fresh command list, executes it and waits.
    template <class F>
    void run(F&& record) {
        VkdmlCommandList list = nullptr;
        REQUIRE(vkdmlCreateCommandList(device_, &list) == S_OK);
        record(list);
        REQUIRE(vkdmlCloseCommandList(list) == S_OK);
        UINT64 value = 0;
        REQUIRE(vkdmlExecuteCommandLists(device_, 1, &list, &value) == S_OK);
        REQUIRE(vkdmlWaitForCompletion(device_, value, UINT64_MAX) == S_OK);
        vkdmlRelease(list);
    }

private:
    static void onMessage(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message, void* self);

    VkdmlDevice device_ = nullptr;
    std::shared_ptr<ComSession> com_;
    mutable std::mutex mutex_;
    std::vector<std::string> errors_;
    std::vector<std::string> validation_;
    bool validationEnabled_ = false;
};

// Holds one vkdml reference and releases it.
template <class Handle>
class Owned {
public:
    Owned() = default;
    explicit Owned(Handle h) : h_(h) {}
    Owned(const Owned&) = delete;
    Owned& operator=(const Owned&) = delete;
    Owned(Owned&& o) noexcept : h_(o.h_) { o.h_ = nullptr; }
    ~Owned() {
        if (h_) vkdmlRelease(h_);
    }
    Handle get() const { return h_; }
    Handle* put() { return &h_; }
    operator Handle() const { return h_; }

private:
    Handle h_ = nullptr;
};

}  // namespace vkdml::test
