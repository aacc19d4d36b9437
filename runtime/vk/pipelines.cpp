#include "vk/pipelines.h"

#include <algorithm>

#include "core/error.h"
#include "vk/shader_registry.h"

namespace vkdml::vk {

namespace {

// Element-wise kernels are bound by invocation count, not by arithmetic: large workgroups pay on CPUs (lavapipe) and
// a few subgroups per workgroup suit GPUs.
uint32_t chooseWorkgroupSize(const Context& ctx) {
    const auto& limits = ctx.limits();
    uint32_t size = ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 256 : 256;
    size = std::max(size, ctx.caps().subgroupSize);
    size = std::min({size, limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]});
    return size;
}

}  // namespace

PipelineStore::PipelineStore(const Context& ctx)
    : ctx_(ctx),
      pushDescriptors_(ctx.caps().pushDescriptors),
      workgroupSize_(chooseWorkgroupSize(ctx)),
      cacheFile_(ctx.caps()) {
    try {
        createLayoutsAndCache();
    } catch (...) {
        destroyLayoutsAndCache();
        throw;
    }
}

void PipelineStore::createLayoutsAndCache() {
    const Context& ctx = ctx_;
    const auto& fn = ctx.fn();
    VkDescriptorSetLayoutBinding bindings[kMaxBindings];
    for (uint32_t i = 0; i < kMaxBindings; ++i) {
        bindings[i] = {};
        bindings[i].binding = i;
        bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        bindings[i].descriptorCount = 1;
        bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.flags = pushDescriptors_ ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0;
    setInfo.bindingCount = kMaxBindings;
    setInfo.pBindings = bindings;
    check(allocating([&] { return fn.vkCreateDescriptorSetLayout(ctx.device(), &setInfo, nullptr, &setLayout_); }),
          "vkCreateDescriptorSetLayout");

    VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, kPushConstantBytes};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &setLayout_;
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &range;
    check(allocating([&] { return fn.vkCreatePipelineLayout(ctx.device(), &layoutInfo, nullptr, &layout_); }),
          "vkCreatePipelineLayout");

    // The driver checks the blob's own header too and starts empty when it does not match.
    const std::vector<uint8_t> blob = cacheFile_.load();
    VkPipelineCacheCreateInfo cacheInfo{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    cacheInfo.initialDataSize = blob.size();
    cacheInfo.pInitialData = blob.empty() ? nullptr : blob.data();
    check(allocating([&] { return fn.vkCreatePipelineCache(ctx.device(), &cacheInfo, nullptr, &cache_); }),
          "vkCreatePipelineCache");
}

PipelineStore::~PipelineStore() {
    const auto& fn = ctx_.fn();
    for (auto& entry : pipelines_) fn.vkDestroyPipeline(ctx_.device(), entry.second->pipeline, nullptr);
    if (cacheGrew_) {
        size_t size = 0;
        if (fn.vkGetPipelineCacheData(ctx_.device(), cache_, &size, nullptr) == VK_SUCCESS && size > 0) {
            std::vector<uint8_t> blob(size);
            if (fn.vkGetPipelineCacheData(ctx_.device(), cache_, &size, blob.data()) == VK_SUCCESS) {
                blob.resize(size);
                cacheFile_.save(blob);
            }
        }
    }
    destroyLayoutsAndCache();
}

void PipelineStore::destroyLayoutsAndCache() {
    const auto& fn = ctx_.fn();
    fn.vkDestroyPipelineCache(ctx_.device(), cache_, nullptr);
    fn.vkDestroyPipelineLayout(ctx_.device(), layout_, nullptr);
    fn.vkDestroyDescriptorSetLayout(ctx_.device(), setLayout_, nullptr);
}

const Pipeline& PipelineStore::get(const std::string& shaderName, uint32_t flatMode) {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::string key = flatMode == 0 ? shaderName : shaderName + "#" + std::to_string(flatMode);
    auto found = pipelines_.find(key);
    if (found != pipelines_.end()) return *found->second;

    const EmbeddedShader* shader = findEmbeddedShader(shaderName);
    if (!shader) fail(E_FAIL, "internal: no embedded shader named '" + shaderName + "'");
    const auto& fn = ctx_.fn();
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = shader->wordCount * sizeof(uint32_t);
    moduleInfo.pCode = shader->words;
    VkShaderModule module = VK_NULL_HANDLE;
    check(allocating([&] { return fn.vkCreateShaderModule(ctx_.device(), &moduleInfo, nullptr, &module); }),
          "vkCreateShaderModule");

    // Specialization constant 0 is the workgroup size (local_size_x_id = 0 in every kernel), 1 the flat mode.
    const uint32_t values[2] = {workgroupSize_, flatMode};
    const VkSpecializationMapEntry entries[2] = {{0, 0, sizeof(uint32_t)}, {1, sizeof(uint32_t), sizeof(uint32_t)}};
    VkSpecializationInfo spec{2, entries, sizeof(values), values};
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = &spec;
    info.layout = layout_;
    auto pipeline = std::make_unique<Pipeline>();
    pipeline->workgroupSize = workgroupSize_;
    VkResult result = allocating(
        [&] { return fn.vkCreateComputePipelines(ctx_.device(), cache_, 1, &info, nullptr, &pipeline->pipeline); });
    fn.vkDestroyShaderModule(ctx_.device(), module, nullptr);
    check(result, "vkCreateComputePipelines");
    cacheGrew_ = true;
    return *pipelines_.emplace(key, std::move(pipeline)).first->second;
}

}  // namespace vkdml::vk
