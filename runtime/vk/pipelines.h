// Compute pipelines shared by every operator that runs the same element-wise program, one pipeline layout for all of
// them, and the caches behind them: pipelines in memory keyed by the program's hash, SPIR-V on disk keyed by the
// generated source (a second process skips glslang), and the VkPipelineCache (a second process skips most of the
// driver's compile).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "kernel/program.h"
#include "vk/background_optimizer.h"
#include "vk/context.h"
#include "vk/pipeline_cache_file.h"
#include "vk/shader_compiler.h"
#include "vk/spirv_disk_cache.h"

namespace vkdml::vk {

// Every vkdml kernel sees the same interface: storage buffers at bindings 0..bindingLimit()-1 of set 0 and one push
// constant block of kPushConstantBytes.
// Nine: ELEMENT_WISE_QUANTIZED_LINEAR_ADD binds A, B, three scales, three zero points and the output. A device that
// allows fewer storage buffers per stage (Vulkan's minimum is 4) refuses the kernels that need more.
constexpr uint32_t kMaxBindings = 9;
constexpr uint32_t kPushConstantBytes = 128;

struct Pipeline {
    VkPipeline pipeline = VK_NULL_HANDLE;
    uint32_t workgroupSize = 0;
};

class PipelineStore {
public:
    // `debugMessage` receives what only explains a slower start (a cache file ignored, and why).
    PipelineStore(const Context& ctx, std::function<void(const std::string&)> debugMessage);
    ~PipelineStore();
    PipelineStore(const PipelineStore&) = delete;
    PipelineStore& operator=(const PipelineStore&) = delete;

    // The pipeline running `program`, generated and compiled on first use (thread-safe; compilation happens in
    // CompileOperator, never at record time). flatMode is the flat kernels' specialization constant 1
    // (glsl/elementwise_contiguous.glsl; other kernels ignore it). Throws vk::Error: Internal (with the program
    // listed) when the generated GLSL does not compile, OutOfMemory when memory runs out.
    const Pipeline& get(const kernel::ElementwiseProgram& program, uint32_t flatMode = 0);
    VkPipelineLayout layout() const { return layout_; }
    VkDescriptorSetLayout setLayout() const { return setLayout_; }
    bool usesPushDescriptors() const { return pushDescriptors_; }
    uint32_t workgroupSize() const { return workgroupSize_; }
    // Storage buffers one kernel may bind: kMaxBindings, or fewer where the device allows fewer per stage.
    uint32_t bindingLimit() const { return bindingLimit_; }

private:
    void createLayoutsAndCache();
    void destroyLayoutsAndCache();
    std::vector<uint32_t> spirvFor(const kernel::ElementwiseProgram& program);

    const Context& ctx_;
    bool pushDescriptors_;
    uint32_t bindingLimit_;
    uint32_t workgroupSize_;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    PipelineCacheFile cacheFile_;
    SpirvDiskCache spirvCache_;
    SpirvOptimization optimization_ = SpirvOptimization::None;
    std::function<void(const std::string&)> debugMessage_;
    std::unique_ptr<BackgroundOptimizer> optimizer_;  // null: no background -O (see chooseOptimization)
    bool cacheGrew_ = false;
    std::mutex mutex_;
    std::unordered_map<uint64_t, std::unique_ptr<Pipeline>> pipelines_;  // by program hash and flat mode
};

}  // namespace vkdml::vk
