// Compute pipelines shared by every operator that uses the same shader, one pipeline layout for all of them, and the
// VkPipelineCache behind them.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "vk/context.h"
#include "vk/pipeline_cache_file.h"

namespace vkdml::vk {

// Every vkdml kernel sees the same interface: storage buffers at bindings 0..kMaxBindings-1 of set 0 and one push
// constant block of kPushConstantBytes.
constexpr uint32_t kMaxBindings = 4;
constexpr uint32_t kPushConstantBytes = 128;

struct Pipeline {
    VkPipeline pipeline = VK_NULL_HANDLE;
    uint32_t workgroupSize = 0;
};

class PipelineStore {
public:
    explicit PipelineStore(const Context& ctx);
    ~PipelineStore();
    PipelineStore(const PipelineStore&) = delete;
    PipelineStore& operator=(const PipelineStore&) = delete;

    // The pipeline for an embedded shader, created on first use; throws E_FAIL if the name is unknown. flatMode is
    // the flat kernels' specialization constant 1 (glsl/elementwise_contiguous.glsl; other kernels ignore it).
    const Pipeline& get(const std::string& shaderName, uint32_t flatMode = 0);
    VkPipelineLayout layout() const { return layout_; }
    VkDescriptorSetLayout setLayout() const { return setLayout_; }
    bool usesPushDescriptors() const { return pushDescriptors_; }
    uint32_t workgroupSize() const { return workgroupSize_; }

private:
    void createLayoutsAndCache();
    void destroyLayoutsAndCache();

    const Context& ctx_;
    bool pushDescriptors_;
    uint32_t workgroupSize_;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    PipelineCacheFile cacheFile_;
    bool cacheGrew_ = false;
    std::mutex mutex_;
    std::unordered_map<std::string, std::unique_ptr<Pipeline>> pipelines_;
};

}  // namespace vkdml::vk
