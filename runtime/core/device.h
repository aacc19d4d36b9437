// The object behind VkdmlDevice: the Vulkan context, the shared pipelines, the queue, the feature level it behaves
// as, and where its messages go.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include <vkdml/vkdml.h>

#include "core/object.h"
#include "vk/context.h"
#include "vk/pipelines.h"
#include "vk/queue.h"

namespace vkdml {

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
    bool debug() const { return debug_; }

    void report(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const std::string& message);
    // DXGI_ERROR_DEVICE_REMOVED once removed; every later call on the device or its children fails with it.
    void throwIfRemoved() const;
    void markRemoved(HRESULT reason);
    HRESULT removedReason() const { return removedReason_.load(); }

    // `feature` is the raw DML_FEATURE value (any integer a C caller passed).
    void checkFeatureSupport(uint32_t feature, UINT querySize, const void* query, UINT dataSize, void* data) const;
    void adapterInfo(VKDML_ADAPTER_INFO* info) const;

private:
    Device() : Object(ObjectKind::Device) {}

    std::unique_ptr<vk::Context> ctx_;
    std::unique_ptr<vk::PipelineStore> pipelines_;
    std::unique_ptr<vk::Queue> queue_;
    DML_FEATURE_LEVEL featureLevel_ = DML_FEATURE_LEVEL_6_4;
    bool debug_ = false;
    VKDML_MESSAGE_CALLBACK callback_ = nullptr;
    void* callbackUserData_ = nullptr;
    std::atomic<HRESULT> removedReason_{S_OK};
};

// Fills `info` from adapter capabilities (shared by vkdmlGetAdapterInfo and vkdmlEnumerateAdapters).
void fillAdapterInfo(const vk::AdapterCaps& caps, VKDML_ADAPTER_INFO* info);

}  // namespace vkdml
