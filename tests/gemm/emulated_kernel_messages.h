// The messages of a device whose cooperative-matrix GEMM kernels run emulated (VKDML_TEST_GEMM_COOPERATIVE_EMULATED),
// for the tests of those kernels: the device checks the emulated kernels passed, and every other message above
// information (a check that failed, validation).
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <vkdml/vkdml.h>

namespace vkdml::test {

class EmulatedKernelMessages {
public:
    // `kernel`: how the check messages of the kernels counted in `passed` begin.
    EmulatedKernelMessages(VkdmlDevice device, std::string kernel) : device_(device), kernel_(std::move(kernel)) {
        REQUIRE(vkdmlSetMessageCallback(device_, &capture, this) == S_OK);
    }
    ~EmulatedKernelMessages() { stop(); }
    EmulatedKernelMessages(const EmulatedKernelMessages&) = delete;
    EmulatedKernelMessages& operator=(const EmulatedKernelMessages&) = delete;

    // Ends the capture; `passed` and `other` are then complete.
    void stop() {
        if (device_) CHECK(vkdmlSetMessageCallback(device_, nullptr, nullptr) == S_OK);
        device_ = nullptr;
    }

    std::vector<std::string> passed, other;

private:
    static void capture(VKDML_MESSAGE_SEVERITY severity, HRESULT, const char* message, void* user) {
        auto* self = static_cast<EmulatedKernelMessages*>(user);
        std::lock_guard<std::mutex> lock(self->mutex_);
        const std::string text(message);
        if (text.find(self->kernel_) != std::string::npos && text.find("passed its check") != std::string::npos)
            self->passed.push_back(text);
        else if (severity != VKDML_MESSAGE_SEVERITY_INFO)
            self->other.push_back(text);
    }

    VkdmlDevice device_;
    std::string kernel_;
    std::mutex mutex_;
};

}  // namespace vkdml::test
