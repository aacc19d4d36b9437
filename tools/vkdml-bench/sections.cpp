// vkdml-bench: throughput against the copy, small-dispatch latency against raw Vulkan, pipeline creation.
#include <cstdio>

#include "raw_vulkan.h"
#include "report.h"
#include "timing.h"

namespace bench {

void Progress::step(const std::string& what) {
    ++current_;
    if (!enabled_) return;
    std::string line = "[" + std::to_string(current_) + "/" + std::to_string(total_) + "] " + what + " ...";
    const size_t width = line.size();
    if (width < lastWidth_) line.append(lastWidth_ - width, ' ');
    lastWidth_ = width;
    std::fprintf(stderr, "\r%s", line.c_str());
    std::fflush(stderr);
}

void Progress::done() {
    if (!enabled_ || lastWidth_ == 0) return;
    std::fprintf(stderr, "\r%s\r", std::string(lastWidth_, ' ').c_str());
    std::fflush(stderr);
    lastWidth_ = 0;
}

std::string memoryCheck(const Options& options, const DeviceContext& ctx, uint64_t deviceBytes, uint64_t hostBytes) {
    const uint64_t deviceLocal = ctx.info.DeviceLocalMemoryBytes;
    const double fraction = options.memoryFraction;
    if (deviceLocal && deviceBytes > fraction * static_cast<double>(deviceLocal))
        return "needs " + formatBytes(deviceBytes) + " of device memory, more than " +
               std::to_string(static_cast<int>(fraction * 100)) + "% of the " + formatBytes(deviceLocal) +
               " device-local";
    const uint64_t fromHost = hostBytes + (ctx.sharesHostMemory() ? deviceBytes : 0);
    if (ctx.hostRamBytes && fromHost > fraction * static_cast<double>(ctx.hostRamBytes))
        return "needs " + formatBytes(fromHost) + " of host memory, more than " +
               std::to_string(static_cast<int>(fraction * 100)) + "% of the " + formatBytes(ctx.hostRamBytes) +
               " host RAM";
    return {};
}

// --- throughput --------------------------------------------------------------------------------------------------

namespace {

std::string caseName(const OpSpec& op, DML_TENSOR_DATA_TYPE type, Layout layout, uint64_t n) {
    return std::string(op.key) + " " + typeName(type) + " " + layoutName(layout) + " " + formatCount(n);
}

ThroughputRow runCase(const Options& options, DeviceContext& ctx, const OpSpec& op, DML_TENSOR_DATA_TYPE type,
                      Layout layout, uint64_t n) {
    ThroughputRow row;
    row.op = &op;
    row.type = type;
    row.layout = layout;
    row.elements = n;
    const Geometry g = makeGeometry(layout, type, n);
    row.deviceBytes = g.deviceBytes();
    row.bytesMoved = 2 * g.copyBytes;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16)
        row.note = "FLOAT16 tensors are not supported on this device";
    else
        row.note = memoryCheck(options, ctx, g.deviceBytes(), 0);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    auto w = makeWorkload(ctx, layout, type, n);
    Kernel kernel = compileKernel(ctx, op, *w->inDesc, *w->outDesc);
    bindToWorkload(kernel, *w);
    VkdmlDispatchable compiled = kernel.compiled;
    VkdmlBindingTable table = kernel.table;
    auto record = [compiled, table](VkdmlCommandList list) { BENCH_CHECK(vkdmlRecordDispatch(list, compiled, table)); };
    VkdmlBuffer a = w->a, b = w->b;
    const uint64_t copyBytes = g.copyBytes;
    auto copy = [a, b, copyBytes](VkdmlCommandList list) {
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, b, 0, a, 0, copyBytes));
    };
    const double bytes = static_cast<double>(row.bytesMoved);
    auto dispatches = commandListSubject("op", ctx.device, bytes, record);
    auto copies = commandListSubject("copy", ctx.device, bytes, copy);
    calibrate(*dispatches, options.minMeasureSeconds);
    calibrate(*copies, options.minMeasureSeconds);
    measureInterleaved({dispatches.get(), copies.get()}, options.repetitions);
    row.dispatchesPerList = dispatches->k;
    row.copiesPerList = copies->k;
    row.opGBps = dispatches->gbps();
    row.copyGBps = copies->gbps();
    row.recordUs = recordMicroseconds(ctx.device, record, options.recordCount);
    return row;
}

}  // namespace

void runThroughput(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    for (uint64_t n : options.sizes)
        for (DML_TENSOR_DATA_TYPE type : options.types)
            for (Layout layout : options.layouts)
                for (const OpSpec* op : options.ops) {
                    progress.step(caseName(*op, type, layout, n));
                    report.throughput.push_back(runCase(options, ctx, *op, type, layout, n));
                }
}

// --- latency -----------------------------------------------------------------------------------------------------

void runLatency(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    RawVulkan raw(ctx.info.DeviceUUID);
    report.rawVulkanDevice = raw.deviceName();
    for (const OpSpec* op : options.ops) {
        progress.step(std::string(op->key) + " f32 256-element execute+wait");
        LatencyRow row;
        row.op = op;
        auto w = makeWorkload(ctx, Layout::Packed, DML_TENSOR_DATA_TYPE_FLOAT32, row.elements);
        Kernel kernel = compileKernel(ctx, *op, *w->inDesc, *w->outDesc);
        bindToWorkload(kernel, *w);
        Ref<VkdmlCommandList> list;
        BENCH_CHECK(vkdmlCreateCommandList(ctx.device, list.put()));
        BENCH_CHECK(vkdmlRecordDispatch(list, kernel.compiled, kernel.table));
        BENCH_CHECK(vkdmlCloseCommandList(list));
        Ref<VkdmlCommandList> empty;
        BENCH_CHECK(vkdmlCreateCommandList(ctx.device, empty.put()));
        BENCH_CHECK(vkdmlCloseCommandList(empty));
        for (int i = 0; i < 20; ++i) {  // warm-up
            executeAndWait(ctx.device, list);
            executeAndWait(ctx.device, empty);
            raw.submitAndWaitSeconds();
            raw.dispatchAndWaitSeconds();
        }
        std::vector<double> vkdmlUs, emptyUs, rawUs, rawDispatchUs;
        for (int i = 0; i < options.latencySamples; ++i) {  // interleaved
            vkdmlUs.push_back(executeAndWait(ctx.device, list) * 1e6);
            rawUs.push_back(raw.submitAndWaitSeconds() * 1e6);
            emptyUs.push_back(executeAndWait(ctx.device, empty) * 1e6);
            rawDispatchUs.push_back(raw.dispatchAndWaitSeconds() * 1e6);
        }
        row.vkdmlUs = statsOf(vkdmlUs);
        row.rawUs = statsOf(rawUs);
        row.vkdmlEmptyUs = statsOf(emptyUs);
        row.rawDispatchUs = statsOf(rawDispatchUs);
        VkdmlDispatchable compiled = kernel.compiled;
        VkdmlBindingTable table = kernel.table;
        row.recordUs = recordMicroseconds(
            ctx.device, [compiled, table](VkdmlCommandList l) { BENCH_CHECK(vkdmlRecordDispatch(l, compiled, table)); },
            options.recordCount);
        report.latency.push_back(row);
    }
}

// --- pipeline creation -------------------------------------------------------------------------------------------

void runPipelines(const Options& options, INT adapterIndex, Report& report, Progress& progress) {
    for (DML_TENSOR_DATA_TYPE type : options.types)
        for (const OpSpec* op : options.ops) {
            progress.step(std::string(op->key) + " " + typeName(type) + " pipeline creation");
            PipelineRow row;
            row.op = op;
            row.type = type;
            // Two packed operators of different sizes and the same kernel variant: the second needs no new shader.
            TensorDesc first(type, {4, 1024}, {}), second(type, {8, 1024}, {});
            {
                DeviceContext ctx;
                const auto start = Clock::now();
                openDevice(ctx, adapterIndex);
                row.deviceCreateMs = secondsSince(start) * 1e3;
                if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) continue;
                double seconds = 0;
                Kernel cold = compileKernel(ctx, *op, first, first, false, &seconds);
                row.coldMs = seconds * 1e3;
                Kernel warm = compileKernel(ctx, *op, second, second, false, &seconds);
                row.warmMs = seconds * 1e3;
            }  // the device goes here: a pipeline cache it keeps on disk is written now
            {
                DeviceContext ctx;
                openDevice(ctx, adapterIndex);
                double seconds = 0;
                Kernel again = compileKernel(ctx, *op, first, first, false, &seconds);
                row.secondDeviceMs = seconds * 1e3;
            }
            report.pipelines.push_back(row);
        }
}

}  // namespace bench
