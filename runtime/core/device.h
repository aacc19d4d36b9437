// The object behind VkdmlDevice: the Vulkan context, the shared pipelines, the queue, the feature level it behaves
// as, and where its messages go.
#pragma once

#include <atomic>
#include <mutex>
#include <memory>
#include <string>
#include <vector>

#include <vkdml/vkdml.h>

#include "core/object.h"
#include "core/options.h"
#include "vk/context.h"
#include "vk/pipelines.h"
#include "vk/queue.h"

namespace vkdml {

class BindingTable;
class CommandList;
class Dispatchable;

class Device final : public Object {
public:
    // Throws DXGI_ERROR_UNSUPPORTED when the minimum feature level cannot be met or no adapter works.
    static Device* create(const VKDML_DEVICE_DESC* desc);
    ~Device() override;

    Device& owningDevice() override { return *this; }
    vk::Context& context() { return *ctx_; }
    vk::PipelineStore& pipelines() { return *pipelines_; }
    vk::Queue& queue() { return *queue_; }
    DML_FEATURE_LEVEL featureLevel() const { return featureLevel_; }
    // Read from the environment when the device was created; changed afterwards only by vkdmlTestSetOption.
    const Options& options() const { return options_; }
    Options& options() { return options_; }
    bool debug() const { return debug_; }
    // The most bytes one storage-buffer binding may span: maxStorageBufferRange, below 4 GiB, or less where the test
    // option Options::maxBindingBytes says so.
    uint64_t maxBindingBytes() const;

    void report(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const std::string& message);
    void setMessageCallback(VKDML_MESSAGE_CALLBACK callback, void* userData);
    // DXGI_ERROR_DEVICE_REMOVED once removed; every later call on the device or its children fails with it.
    void throwIfRemoved() const;
    void markRemoved(HRESULT reason);
    HRESULT removedReason() const { return removedReason_.load(); }

    // `feature` is the raw DML_FEATURE value (any integer a C caller passed).
    void checkFeatureSupport(uint32_t feature, UINT querySize, const void* query, UINT dataSize, void* data) const;
    void adapterInfo(VKDML_ADAPTER_INFO* info) const;

    // Submits closed command lists of this device in order; returns the value that completes when they all have.
    uint64_t execute(const std::vector<CommandList*>& lists);
    // true once `value` has completed, false when `timeoutNs` passes first.
    bool waitForCompletion(uint64_t value, uint64_t timeoutNs);
    // Records `dispatchable` with `table`'s bindings into an application's command buffer (vkdmlRecordDispatchVk).
    // Push descriptors only: a pooled descriptor set would have to outlive the application's command buffer.
    void recordDispatch(VkCommandBuffer commandBuffer, Dispatchable& dispatchable, const BindingTable& table);

private:
    Options options_;
    Device() : Object(ObjectKind::Device) {}
    // The math library's forms for this device's fma() (probed, or forced by VKDML_FUSED_FMA).
    void chooseFmaForms();
    // The driver's fp16 conversions where the probe finds them exact, else the integer forms.
    void chooseHalfConversions();

    std::unique_ptr<vk::Context> ctx_;
    std::unique_ptr<vk::PipelineStore> pipelines_;
    std::unique_ptr<vk::Queue> queue_;
    DML_FEATURE_LEVEL featureLevel_ = DML_FEATURE_LEVEL_6_4;
    bool debug_ = false;
    std::recursive_mutex callbackMutex_;  // report() runs on any thread; setMessageCallback replaces the callback
    VKDML_MESSAGE_CALLBACK callback_ = nullptr;
    void* callbackUserData_ = nullptr;
    std::atomic<HRESULT> removedReason_{S_OK};
};

// Every adapter a new Vulkan instance can see, in index order (vkdmlEnumerateAdapters).
std::vector<VKDML_ADAPTER_INFO> enumerateAdapters();

}  // namespace vkdml
