// vkdml-bench: element-wise operators against a buffer copy of the same bytes on the same device, the host cost of
// recording a dispatch, the latency of a small dispatch against raw Vulkan, pipeline creation time, and the baselines
// for the lavapipe targets. See docs/BENCHMARKS.md.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "report.h"
#include "timing.h"

#ifndef VKDML_BENCH_BUILD_TYPE
#define VKDML_BENCH_BUILD_TYPE "unknown"
#endif

namespace {

std::string gCacheDir;

std::string loadAverage() {
    std::FILE* file = std::fopen("/proc/loadavg", "r");
    if (!file) return {};
    double one = 0, five = 0, fifteen = 0;
    const int fields = std::fscanf(file, "%lf %lf %lf", &one, &five, &fifteen);
    std::fclose(file);
    if (fields != 3) return {};
    char text[64];
    std::snprintf(text, sizeof(text), "%.2f %.2f %.2f", one, five, fifteen);
    return text;
}

void removeCacheDir() {
    if (gCacheDir.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(gCacheDir, ignored);
    gCacheDir.clear();
}

// Points vkdml's pipeline cache and Mesa's shader cache at a new empty directory, so that "cold" is cold and the
// second device sees only what this process wrote. Must run before the first Vulkan instance exists.
std::string useFreshCaches() {
    char pattern[] = "/tmp/vkdml-bench-cache-XXXXXX";
    const char* dir = mkdtemp(pattern);
    if (!dir) return "environment (could not create a temporary directory)";
    gCacheDir = dir;
    std::atexit(removeCacheDir);
    setenv("VKDML_PIPELINE_CACHE_DIR", (gCacheDir + "/vkdml").c_str(), 1);
    setenv("MESA_SHADER_CACHE_DIR", (gCacheDir + "/mesa").c_str(), 1);
    return "fresh temporary directory (VKDML_PIPELINE_CACHE_DIR, MESA_SHADER_CACHE_DIR)";
}

}  // namespace

int main(int argc, char** argv) {
    using namespace bench;
    const Options options = parseOptions(argc, argv);
    preferGpuTimestamps(options.gpuClock);
    if (!options.compileProbe.empty()) return runCompileProbe(options);  // started by runPipelines

    Report report;
    report.options = &options;
    report.date = isoDateNow();
    report.buildType = VKDML_BENCH_BUILD_TYPE;
    report.loadAverageStart = loadAverage();
    report.cacheMode = options.keepCaches ? "environment" : useFreshCaches();
    const INT adapterIndex = resolveAdapter(options.adapter);

    const int cases = static_cast<int>(throughputCases(options).size());
    const int withBaselines =
        static_cast<int>(std::count_if(options.ops.begin(), options.ops.end(), [](const OpSpec* op) { return op->hostLoop; }));
    const int total = cases + (options.pipelines ? static_cast<int>(pipelineCases(options).size()) : 0) +
                      (options.latency ? static_cast<int>(options.ops.size()) : 0) +
                      (options.baselines ? withBaselines : 0) + (options.fusion ? 8 : 0) +
                      (options.reductions ? reductionCaseCount(options) : 0) +
                      (options.gemm ? gemmCaseCount(options) : 0);
    Progress progress(options.progress, total);

    // Pipeline creation first, while this process is small: its probes are new processes with their own caches.
    if (options.pipelines) runPipelines(options, report, progress);

    if (!options.quick) {
        warmKernelCache(options, adapterIndex);
        if (options.gemm) warmGemmKernels(options, adapterIndex);
        report.notes.push_back("kernels as every process after the first runs them: SPIR-V optimized by spirv-opt -O in "
                               "the background, found in the disk cache (the first process in a cache directory "
                               "runs unoptimized kernels; VKDML_SPIRV_OPT=0 keeps them)");
    }
    DeviceContext ctx;
    openDevice(ctx, adapterIndex);
    report.adapter = ctx.info;
    report.hostRamBytes = ctx.hostRamBytes;
    if (!ctx.float16) report.notes.push_back("this device does not support FLOAT16 tensors: f16 cases are skipped");

    if (options.latency) runLatency(options, ctx, report, progress);
    runThroughput(options, ctx, report, progress);
    if (options.baselines) runBaselines(options, ctx, report, progress);
    if (options.fusion) runFusion(options, ctx, report, progress);
    if (options.reductions) runReductions(options, ctx, report, progress);
    if (options.gemm) runGemm(options, ctx, report, progress);
    progress.done();
    report.loadAverageEnd = loadAverage();

    if (ctx.defaultHeapMappable == 0)
        report.notes.push_back(
            "DEFAULT-heap buffers are not host-visible here: inputs were filled through an UPLOAD "
            "buffer");
    if (options.json)
        printJson(report);
    else
        printTables(report);
    return 0;
}
