#include "test_device.h"

#include <cstdio>

namespace vkdml::test {

// com_backend.cpp where the drop-in is built, else com_backend_absent.cpp (which returns null).
VkdmlDevice createComTestDevice(const VKDML_DEVICE_DESC& testDesc, std::shared_ptr<ComSession>& session);
bool throughCom();

TestDevice::TestDevice(DML_FEATURE_LEVEL maxLevel, bool debug) {
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.Flags = debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE;
    desc.MaximumFeatureLevel = maxLevel;
    desc.MessageCallback = &TestDevice::onMessage;
    desc.MessageUserData = this;
    if (throughCom() && maxLevel == 0) {
        device_ = createComTestDevice(desc, com_);
        REQUIRE_MESSAGE(device_ != nullptr, "VKDML_TEST_THROUGH_COM=1, but the COM drop-in is not built");
        return;
    }
    HRESULT hr = vkdmlCreateDevice(&desc, &device_);
    std::string why;
    for (const std::string& error : errors_) why += "\n  " + error;
    REQUIRE_MESSAGE(hr == S_OK, "vkdmlCreateDevice failed" << why);
}

TestDevice::~TestDevice() {
    if (com_) {
        // The session's objects hold the last D3D12 references: once they are released the D3D12 device is gone,
        // and with it every reference on the vkdml device but this object's. Messages from the D3D12 device's
        // destruction must not reach this object, which is going.
        vkdmlSetMessageCallback(device_, nullptr, nullptr);
        com_.reset();
        CHECK_MESSAGE(vkdmlRelease(device_) == 0, "the D3D12 device outlived its last release");
    } else if (device_) {
        CHECK(vkdmlRelease(device_) == 0);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& message : validation_) MESSAGE(message);
    CHECK_MESSAGE(validation_.empty(), "Vulkan validation reported messages (listed above)");
}

void TestDevice::onMessage(VKDML_MESSAGE_SEVERITY, HRESULT hr, const char* message, void* self) {
    auto* device = static_cast<TestDevice*>(self);
    std::lock_guard<std::mutex> lock(device->mutex_);
    const std::string text(message);
    if (text.rfind("Vulkan validation:", 0) == 0)
        device->validation_.push_back(text);
    else if (text.rfind("vkdml: Vulkan validation enabled", 0) == 0)
        device->validationEnabled_ = true;
    else if (hr != S_OK)
        device->errors_.push_back(text);
}

std::vector<std::string> TestDevice::errors() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return errors_;
}

std::string TestDevice::lastError() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return errors_.empty() ? std::string() : errors_.back();
}

void TestDevice::clearErrors() {
    std::lock_guard<std::mutex> lock(mutex_);
    errors_.clear();
}

bool TestDevice::validationEnabled() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return validationEnabled_;
}

size_t TestDevice::validationMessageCount() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return validation_.size();
}

void TestDevice::upload(VkdmlBuffer dst, uint64_t offset, const void* data, uint64_t size) {
    Owned<VkdmlBuffer> staging;
    REQUIRE(vkdmlCreateBuffer(device_, VKDML_HEAP_TYPE_UPLOAD, size, staging.put()) == S_OK);
    void* mapped = nullptr;
    REQUIRE(vkdmlMapBuffer(staging, &mapped) == S_OK);
    std::memcpy(mapped, data, size);
    vkdmlUnmapBuffer(staging);
    run([&](VkdmlCommandList list) {
        REQUIRE(vkdmlRecordCopyBufferRegion(list, dst, offset, staging, 0, size) == S_OK);
    });
}

std::vector<uint8_t> TestDevice::download(VkdmlBuffer src, uint64_t offset, uint64_t size) {
    Owned<VkdmlBuffer> staging;
    REQUIRE(vkdmlCreateBuffer(device_, VKDML_HEAP_TYPE_READBACK, size, staging.put()) == S_OK);
    run([&](VkdmlCommandList list) {
        REQUIRE(vkdmlRecordCopyBufferRegion(list, staging, 0, src, offset, size) == S_OK);
    });
    void* mapped = nullptr;
    REQUIRE(vkdmlMapBuffer(staging, &mapped) == S_OK);
    std::vector<uint8_t> bytes(size);
    std::memcpy(bytes.data(), mapped, size);
    vkdmlUnmapBuffer(staging);
    return bytes;
}

VkdmlBuffer TestDevice::createDefaultBuffer(uint64_t size, uint8_t fill) {
    VkdmlBuffer buffer = nullptr;
    REQUIRE(vkdmlCreateBuffer(device_, VKDML_HEAP_TYPE_DEFAULT, size, &buffer) == S_OK);
    std::vector<uint8_t> bytes(size, fill);
    upload(buffer, 0, bytes.data(), size);
    return buffer;
}

}  // namespace vkdml::test
