#include "vk/background_optimizer.h"

#include "vk/shader_compiler.h"

namespace vkdml::vk {

BackgroundOptimizer::BackgroundOptimizer(const SpirvDiskCache& cache,
                                         std::function<void(const std::string&)> debugMessage)
    : cache_(cache), debugMessage_(std::move(debugMessage)) {}

BackgroundOptimizer::~BackgroundOptimizer() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void BackgroundOptimizer::enqueue(uint64_t key, std::string source, std::vector<uint32_t> unoptimized) {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(Job{key, std::move(source), std::move(unoptimized)});
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
    wake_.notify_one();
}

void BackgroundOptimizer::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;  // stopping, and every queued module is done
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            cache_.store(job.key, job.source,
                         optimizeComputeShader(job.words, SpirvOptimization::Performance, job.source));
        } catch (const std::exception& e) {
            // The unoptimized module stays in use; nothing is lost but speed.
            if (debugMessage_) debugMessage_(std::string("vkdml: background spirv-opt failed: ") + e.what());
        }
    }
}

}  // namespace vkdml::vk
