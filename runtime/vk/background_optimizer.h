// spirv-opt -O off the compile path: CompileOperator creates its pipeline from unoptimized SPIR-V (glslang's output,
// validated), and this worker optimizes a copy on one background thread and stores it in the SPIR-V disk cache, so
// every later process starts from the optimized module. On lavapipe that module is what the build used to embed: the
// same kernels, 2-3x cheaper pipeline creation, and up to 15% faster math-heavy kernels (docs/BENCHMARKS.md); -O
// itself costs 5 ms to 1 s per kernel, too much for CompileOperator.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "vk/spirv_disk_cache.h"

namespace vkdml::vk {

class BackgroundOptimizer {
public:
    BackgroundOptimizer(const SpirvDiskCache& cache, std::function<void(const std::string&)> debugMessage);
    // Finishes every queued module (their results are what the next process starts from), then stops the thread.
    ~BackgroundOptimizer();
    BackgroundOptimizer(const BackgroundOptimizer&) = delete;
    BackgroundOptimizer& operator=(const BackgroundOptimizer&) = delete;

    // Optimizes `unoptimized` (compiled from `source`) and stores it under `key`. The thread starts on first use.
    void enqueue(uint64_t key, std::string source, std::vector<uint32_t> unoptimized);

private:
    struct Job {
        uint64_t key;
        std::string source;
        std::vector<uint32_t> words;
    };
    void run();

    const SpirvDiskCache& cache_;
    std::function<void(const std::string&)> debugMessage_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> jobs_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace vkdml::vk
