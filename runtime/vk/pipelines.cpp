#include "vk/pipelines.h"

#include <fstream>
#include <algorithm>

#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "vk/cache_directory.h"
#include "vk/error.h"
#include "vk/pipeline_statistics.h"

namespace vkdml::vk {

namespace {

// 256 invocations (element-wise kernels are bound by invocation count: larger workgroups cost lavapipe); 512 on
// NVIDIA, where the strided walks reached 3.0 TB/s on an H100 instead of 2.5 (the packed ones were at the memory's
// speed with either; docs/BENCHMARKS.md). Options::workgroupSize names another (a tuning knob for vkdml-bench
// runs). At least one subgroup, within the device's limits.
uint32_t chooseWorkgroupSize(const Context& ctx) {
    constexpr uint32_t kVendorNvidia = 0x10de;
    const auto& limits = ctx.limits();
    uint32_t size = ctx.caps().properties.vendorID == kVendorNvidia ? 512 : 256;
    if (ctx.options().workgroupSize != 0) size = std::clamp<uint32_t>(ctx.options().workgroupSize, 1, 1024);
    size = std::max(size, ctx.caps().subgroupSize);
    size = std::min({size, limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]});
    return size;
}

// CompileOperator compiles without spirv-opt (its -O costs 5 ms to 1 s per kernel on lavapipe) and the background
// optimizer puts the -O module in the disk cache for later processes. Options::spirvOptimization 1|2|3 picks a
// spirv-opt level for CompileOperator itself instead (1 SSA and dead code, 2 the same after inlining, 3 -O), without
// the background step; 0 neither.
struct OptimizationChoice {
    SpirvOptimization atCompile = SpirvOptimization::None;
    bool inBackground = true;
};

OptimizationChoice chooseOptimization(int level) {
    switch (level) {
        case -1: return {};
        case 1: return {SpirvOptimization::Light, false};
        case 2: return {SpirvOptimization::Inline, false};
        case 3: return {SpirvOptimization::Performance, false};
        default: return {SpirvOptimization::None, false};
    }
}

std::string cacheRoot(const Options& options) { return options.diskCaches ? options.cacheDirectory : std::string(); }

// Bumped when the compiler's output for the same source changes (2: NoContraction on every float operation), so
// that modules an older build stored are not found.
constexpr uint64_t kCompilerRevision = 2;

// The disk-cache key of the module compiled from `source` at `level`.
uint64_t moduleKey(const std::string& source, SpirvOptimization level) {
    return fnv1a64(source.data(), source.size()) ^ (static_cast<uint64_t>(level) * 0x9e3779b97f4a7c15ull) ^
           (kCompilerRevision << 56);
}

uint64_t pipelineKey(const KernelSource& source, uint32_t workgroupSize) {
    uint64_t key = fnv1a64(&source.layout.storageBuffers, sizeof(uint32_t), source.key);
    key = fnv1a64(&source.layout.pushConstantBytes, sizeof(uint32_t), key);
    key = fnv1a64(&workgroupSize, sizeof(workgroupSize), key);
    return fnv1a64(source.constants.data(), source.constants.size() * sizeof(uint32_t), key);
}

}  // namespace

PipelineStore::PipelineStore(const Context& ctx, std::function<void(const std::string&)> debugMessage)
    : ctx_(ctx),
      pushDescriptors_(ctx.caps().pushDescriptors),
      storageBufferLimit_(std::min(ctx.limits().maxPerStageDescriptorStorageBuffers,
                                   ctx.limits().maxDescriptorSetStorageBuffers)),
      workgroupSize_(chooseWorkgroupSize(ctx)),
      cacheFile_(ctx.caps(), cacheRoot(ctx.options())),
      spirvCache_(ctx.caps(), VKDML_VERSION_STRING, cacheRoot(ctx.options())),
      debugMessage_(std::move(debugMessage)) {
    const OptimizationChoice choice = chooseOptimization(ctx.options().spirvOptimization);
    optimization_ = choice.atCompile;
    if (choice.inBackground && !spirvCache_.directory().empty())
        optimizer_ = std::make_unique<BackgroundOptimizer>(spirvCache_, debugMessage_);
    try {
        createCache();
    } catch (...) {
        destroyLayoutsAndCache();
        throw;
    }
}

void PipelineStore::createCache() {
    const auto& fn = ctx_.fn();
    // The driver checks the blob's own header too and starts empty when it does not match.
    const std::vector<uint8_t> blob = cacheFile_.load();
    VkPipelineCacheCreateInfo cacheInfo{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    cacheInfo.initialDataSize = blob.size();
    cacheInfo.pInitialData = blob.empty() ? nullptr : blob.data();
    check(allocating([&] { return fn.vkCreatePipelineCache(ctx_.device(), &cacheInfo, nullptr, &cache_); }),
          "vkCreatePipelineCache");
}

PipelineStore::~PipelineStore() {
    const auto& fn = ctx_.fn();
    pipelines_.clear();
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
    for (auto& entry : layouts_) {
        fn.vkDestroyPipelineLayout(ctx_.device(), entry.second.pipeline, nullptr);
        fn.vkDestroyDescriptorSetLayout(ctx_.device(), entry.second.set, nullptr);
    }
    layouts_.clear();
}

Pipeline::~Pipeline() { ctx_.fn().vkDestroyPipeline(ctx_.device(), handle, nullptr); }

const PipelineStore::Layouts& PipelineStore::layoutsFor(const KernelLayout& layout) {
    auto found = layouts_.find(layout);
    if (found != layouts_.end()) return found->second;
    const auto& fn = ctx_.fn();
    std::vector<VkDescriptorSetLayoutBinding> bindings(layout.storageBuffers);
    for (uint32_t i = 0; i < layout.storageBuffers; ++i) {
        bindings[i].binding = i;
        bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        bindings[i].descriptorCount = 1;
        bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    Layouts made;
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.flags = pushDescriptors_ ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0;
    setInfo.bindingCount = layout.storageBuffers;
    setInfo.pBindings = bindings.data();
    check(allocating([&] { return fn.vkCreateDescriptorSetLayout(ctx_.device(), &setInfo, nullptr, &made.set); }),
          "vkCreateDescriptorSetLayout");

    VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, layout.pushConstantBytes};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &made.set;
    layoutInfo.pushConstantRangeCount = layout.pushConstantBytes ? 1 : 0;
    layoutInfo.pPushConstantRanges = &range;
    VkResult result = allocating(
        [&] { return fn.vkCreatePipelineLayout(ctx_.device(), &layoutInfo, nullptr, &made.pipeline); });
    if (result != VK_SUCCESS) fn.vkDestroyDescriptorSetLayout(ctx_.device(), made.set, nullptr);
    check(result, "vkCreatePipelineLayout");
    return layouts_.emplace(layout, made).first->second;
}

std::vector<uint32_t> PipelineStore::spirvFor(const KernelSource& kernel) {
    std::string source;
    try {
        source = kernel.glsl();
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        fail(Error::Kind::Internal, "internal: no kernel for " + kernel.name + ": " + e.what());
    }
    if (const std::string& dir = ctx_.options().dumpKernels; !dir.empty())  // debugging: every generated kernel
        std::ofstream(dir + "/" + std::to_string(kernel.key) + ".comp") << source;
    std::vector<uint32_t> words;
    std::string why;
    auto ignored = [&] {
        if (!why.empty() && debugMessage_)
            debugMessage_("vkdml: SPIR-V cache file for " + kernel.name + " ignored (" + why + ")");
    };
    const uint64_t optimizedKey = moduleKey(source, SpirvOptimization::Performance);
    if (optimizer_ && spirvCache_.load(optimizedKey, source, &words, &why)) return words;
    ignored();
    const uint64_t key = moduleKey(source, optimization_);
    if (!spirvCache_.load(key, source, &words, &why)) {
        ignored();
        try {
            words = compileComputeShader(source, optimization_);
        } catch (const Error& e) {
            throw Error(e.kind(), std::string(e.what()) + "\n" + (kernel.describe ? kernel.describe() : kernel.name),
                        e.result());
        }
        spirvCache_.store(key, source, words);
    }
    if (optimizer_) optimizer_->enqueue(optimizedKey, std::move(source), words);
    return words;
}

PipelineRef PipelineStore::get(const KernelSource& source) {
    std::lock_guard<std::mutex> lock(mutex_);
    const uint32_t workgroupSize = source.workgroupSize ? source.workgroupSize : workgroupSize_;
    const uint64_t key = pipelineKey(source, workgroupSize);
    ++clock_;
    auto found = pipelines_.find(key);
    if (found != pipelines_.end()) {
        found->second.lastUse = clock_;
        return found->second.pipeline;
    }
    if (source.layout.storageBuffers > storageBufferLimit_)
        fail(Error::Kind::Internal, "internal: " + source.name + " binds " +
                                        std::to_string(source.layout.storageBuffers) + " storage buffers; the device allows " +
                                        std::to_string(storageBufferLimit_));
    const Layouts& layouts = layoutsFor(source.layout);

    const std::vector<uint32_t> words = withSignedZeroInfNanPreserve(spirvFor(source), ctx_.caps().floatControls);
    const auto& fn = ctx_.fn();
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = words.size() * sizeof(uint32_t);
    moduleInfo.pCode = words.data();
    VkShaderModule module = VK_NULL_HANDLE;
    check(allocating([&] { return fn.vkCreateShaderModule(ctx_.device(), &moduleInfo, nullptr, &module); }),
          "vkCreateShaderModule");

    std::vector<uint32_t> values{workgroupSize};
    values.insert(values.end(), source.constants.begin(), source.constants.end());
    std::vector<VkSpecializationMapEntry> entries(values.size());
    for (uint32_t i = 0; i < values.size(); ++i) entries[i] = {i, uint32_t(i * sizeof(uint32_t)), sizeof(uint32_t)};
    VkSpecializationInfo spec{uint32_t(entries.size()), entries.data(), values.size() * sizeof(uint32_t),
                              values.data()};
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = &spec;
    info.layout = layouts.pipeline;
    if (ctx_.caps().pipelineStatistics) info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    auto pipeline = std::make_shared<Pipeline>(ctx_);
    pipeline->layout = layouts.pipeline;
    pipeline->setLayout = layouts.set;
    pipeline->kernelLayout = source.layout;
    pipeline->workgroupSize = workgroupSize;
    VkResult result = allocating(
        [&] { return fn.vkCreateComputePipelines(ctx_.device(), cache_, 1, &info, nullptr, &pipeline->handle); });
    fn.vkDestroyShaderModule(ctx_.device(), module, nullptr);
    check(result, "vkCreateComputePipelines");
    if (ctx_.caps().pipelineStatistics) reportStatistics(source, pipeline->handle);
    cacheGrew_ = true;
    PipelineRef made = pipelines_.emplace(key, Entry{std::move(pipeline), clock_}).first->second.pipeline;
    releaseIdle();
    return made;
}

void PipelineStore::reportStatistics(const KernelSource& source, VkPipeline pipeline) {
    const std::string text = pipelineStatisticsText(ctx_, pipeline);
    if (text.empty()) return;
    if (const std::string& dir = ctx_.options().dumpKernels; !dir.empty())
        std::ofstream(dir + "/" + std::to_string(source.key) + ".stats") << text;
    else if (debugMessage_)
        debugMessage_("vkdml: pipeline statistics of " + source.name + "\n" + text);
}

// An entry only the store holds is idle: nobody can take a new reference without the store's lock, and every
// compiled operator and recording that may still run it holds one.
void PipelineStore::releaseIdle() {
    std::vector<std::pair<uint64_t, uint64_t>> idle;  // (lastUse, key)
    for (const auto& entry : pipelines_)
        if (entry.second.pipeline.use_count() == 1) idle.emplace_back(entry.second.lastUse, entry.first);
    if (idle.size() <= idleLimit_) return;
    std::sort(idle.begin(), idle.end());
    for (size_t i = 0; i + idleLimit_ < idle.size(); ++i) pipelines_.erase(idle[i].second);
}

void PipelineStore::setIdleLimit(size_t limit) {
    std::lock_guard<std::mutex> lock(mutex_);
    idleLimit_ = limit;
    releaseIdle();
}

size_t PipelineStore::pipelineCount() {
    std::lock_guard<std::mutex> lock(mutex_);
    return pipelines_.size();
}

}  // namespace vkdml::vk
