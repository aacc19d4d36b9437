// Running a parsed model on a vkdml device: create and compile every dispatchable, bind every dispatch command
// (so that invalid descs and bindings fail before anything runs), upload, initialize, then run the commands in order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include <vkdml/vkdml.h>

#include "model.h"

namespace vkdml::dispatch {

// Messages vkdml sends to the device's callback: the explanation of each failed call, and validation messages.
class MessageLog {
public:
    void add(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message);
    void clearErrors();
    std::string lastError() const;  // of the failed calls since clearErrors(); empty if none
    size_t validationErrorCount() const;
    void resetValidation();

private:
    mutable std::mutex mutex_;
    std::vector<std::string> errors_;
    size_t validationErrors_ = 0;
};

struct DeviceOptions {
    std::string adapter;  // "" = vkdml's choice; an index; or a case-insensitive part of the adapter's name
    bool debug = false;   // DML_CREATE_DEVICE_FLAG_DEBUG (Vulkan validation layers)
};

// A vkdml device with its message log. Can be shared by several runs (the in-process tests do).
class DeviceContext {
public:
    // Throws DispatchError(kExitRuntime) when no adapter matches or the device cannot be created.
    static std::unique_ptr<DeviceContext> create(const DeviceOptions& options);
    ~DeviceContext();
    DeviceContext(const DeviceContext&) = delete;
    DeviceContext& operator=(const DeviceContext&) = delete;

    VkdmlDevice device() const { return device_; }
    const VKDML_ADAPTER_INFO& adapter() const { return adapter_; }
    MessageLog& log() { return log_; }

private:
    DeviceContext() = default;
    VkdmlDevice device_ = nullptr;
    VKDML_ADAPTER_INFO adapter_{};
    MessageLog log_;
};

std::string hresultName(HRESULT hr);

struct ExecutionOptions {
    uint32_t iterations = 1;                // per dispatch command
    std::filesystem::path outputDirectory;  // base of relative writeFile targets; empty: the current directory
};

// Runs `model` on `device`, writing what the commands print to `out`. Throws DispatchError: exit 2 for descs and
// bindings vkdml rejects with E_INVALIDARG, 3 for E_NOTIMPL / DXGI_ERROR_UNSUPPORTED, 1 for any other failure.
void executeModel(const Model& model, DeviceContext& device, const ExecutionOptions& options, std::ostream& out);

}  // namespace vkdml::dispatch
