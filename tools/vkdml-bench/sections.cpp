// vkdml-bench: throughput against the copy, small-dispatch latency against raw Vulkan, pipeline creation.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

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

ThroughputRow runCase(const Options& options, DeviceContext& ctx, const ThroughputCase& c) {
    ThroughputRow row;
    row.op = c.op;
    row.type = c.type;
    row.outputType = c.op->outputType(c.type);
    row.layout = c.layout;
    row.elements = c.elements;
    const Geometry g = makeGeometry(*c.op, c.layout, c.type, c.elements);
    row.deviceBytes = g.deviceBytes();
    row.bytesMoved = g.bytesMoved;
    row.note = unsupportedTypes(ctx, g);
    if (row.note.empty()) row.note = memoryCheck(options, ctx, g.deviceBytes(), 0);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    auto w = makeWorkload(ctx, *c.op, c.layout, c.type, c.elements);
    Kernel kernel = compileKernel(ctx, *c.op, w->descs);
    bindToWorkload(kernel, *w);
    VkdmlDispatchable compiled = kernel.compiled;
    VkdmlBindingTable table = kernel.table;
    auto record = [compiled, table](VkdmlCommandList list) { BENCH_CHECK(vkdmlRecordDispatch(list, compiled, table)); };
    VkdmlBuffer a = w->inputs[g.a], out = w->out;
    const uint64_t copyBytes = g.copyBytes;
    auto copy = [a, out, copyBytes](VkdmlCommandList list) {
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, out, 0, a, 0, copyBytes));
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

std::vector<ThroughputCase> throughputCases(const Options& options) {
    std::vector<ThroughputCase> cases;
    for (uint64_t n : options.sizes)
        for (DML_TENSOR_DATA_TYPE type : options.types)
            for (Layout layout : options.layouts)
                for (const OpSpec* op : options.ops) {
                    const std::vector<Layout> layouts = layoutsFor(options, *op);
                    if (op->takesType(type) && std::find(layouts.begin(), layouts.end(), layout) != layouts.end())
                        cases.push_back({op, type, layout, n});
                }
    return cases;
}

void warmKernelCache(const Options& options, INT adapterIndex) {
    DeviceContext ctx;
    openDevice(ctx, adapterIndex);
    const uint64_t n = *std::min_element(options.sizes.begin(), options.sizes.end());  // the same programs as any size
    for (const ThroughputCase& c : throughputCases(options)) {
        if (c.elements != n || !unsupportedTypes(ctx, makeGeometry(*c.op, c.layout, c.type, n)).empty()) continue;
        auto w = makeWorkload(ctx, *c.op, c.layout, c.type, n);
        compileKernel(ctx, *c.op, w->descs);
    }
}  // the device's release waits for its background spirv-opt -O, whose modules are now in the disk cache

void runThroughput(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    for (const ThroughputCase& c : throughputCases(options)) {
        progress.step(caseName(*c.op, c.type, c.layout, c.elements));
        report.throughput.push_back(runCase(options, ctx, c));
    }
}

// --- latency -----------------------------------------------------------------------------------------------------

void runLatency(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    RawVulkan raw(ctx.info.DeviceUUID);
    report.rawVulkanDevice = raw.deviceName();
    for (const OpSpec* op : options.ops) {
        LatencyRow row;
        row.op = op;
        row.type = op->firstType();
        progress.step(std::string(op->key) + " " + typeName(row.type) + " 256-element execute+wait");
        auto w = makeWorkload(ctx, *op, Layout::Packed, row.type, row.elements);
        Kernel kernel = compileKernel(ctx, *op, w->descs);
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
//
// Every figure is one vkdmlCompileOperator of a packed operator. The brand-new-process figures come from probes: this
// binary re-executed (/proc/self/exe --compile-probe OP TYPE MODE) with VKDML_PIPELINE_CACHE_DIR and
// MESA_SHADER_CACHE_DIR pointing at a directory this process chose:
//   first: empty directory; device creation, then the row's first compile (glslang initialization included);
//   warm:  another empty directory; an unrelated program first (glslang initialized), then the row's program (new
//          to the process and to the disk cache), then the same program at another size (found in memory); the
//          device is destroyed before the probe reports, so its VkPipelineCache file is written;
//   disk:  warm's directory; the unrelated program first (from disk too: the driver's first pipeline in a process
//          costs extra on lavapipe), then the row's program, whose SPIR-V (spirv-opt -O'd by warm's background
//          optimizer) is found on disk.

namespace {

constexpr const char* kProbeTag = "vkdml-bench-compile-probe";

std::string gPipelineDir;  // this section's temporary directory; removed at exit if a probe fails

void removePipelineDir() {
    if (gPipelineDir.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(gPipelineDir, ignored);
    gPipelineDir.clear();
}

bool startsWith(const char* text, const char* prefix) { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }

struct ProbeResult {
    bool unsupported = false;  // FLOAT16 on a device without it
    double deviceCreateMs = 0, compileMs = 0, memoryHitMs = 0;
};

std::string describeStatus(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return std::string("was killed by signal ") + strsignal(WTERMSIG(status));
    return "ended with wait status " + std::to_string(status);
}

// Runs one probe with the cache directories under cacheDir; fails the bench unless it reports a result.
ProbeResult runProbe(const Options& options, const OpSpec& op, DML_TENSOR_DATA_TYPE type, const char* mode,
                     const std::string& cacheDir) {
    std::vector<std::string> args = {"vkdml-bench", "--compile-probe", op.key, typeName(type), mode};
    if (!options.adapter.empty()) {
        args.push_back("--adapter");
        args.push_back(options.adapter);
    }
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
        if (!startsWith(*e, "VKDML_PIPELINE_CACHE_DIR=") && !startsWith(*e, "MESA_SHADER_CACHE_DIR="))
            env.push_back(*e);
    env.push_back("VKDML_PIPELINE_CACHE_DIR=" + cacheDir + "/vkdml");
    env.push_back("MESA_SHADER_CACHE_DIR=" + cacheDir + "/mesa");
    std::vector<char*> argv, envp;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);

    std::string command;
    for (size_t i = 0; i + 1 < argv.size(); ++i) command += (i ? " " : "") + args[i];
    command = "`" + command + "` (VKDML_PIPELINE_CACHE_DIR=" + cacheDir + "/vkdml)";

    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) fail("pipeline probe " + command + ": pipe: " + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);  // the probe's stderr stays ours
    std::fflush(stdout);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (spawned != 0) {
        close(fds[0]);
        fail("could not start pipeline probe " + command + ": " + std::strerror(spawned));
    }
    std::string out;
    char buffer[4096];
    for (;;) {
        const ssize_t got = read(fds[0], buffer, sizeof(buffer));
        if (got > 0)
            out.append(buffer, static_cast<size_t>(got));
        else if (got == 0 || errno != EINTR)
            break;
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) fail("pipeline probe " + command + ": waitpid: " + std::strerror(errno));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail("pipeline probe " + command + " " + describeStatus(status) +
             (out.empty() ? std::string() : "; its output:\n" + out));

    ProbeResult result;
    const size_t at = out.find(std::string(kProbeTag) + " ");
    const char* line = at == std::string::npos ? nullptr : out.c_str() + at + std::strlen(kProbeTag) + 1;
    if (line && startsWith(line, "unsupported")) {
        result.unsupported = true;
    } else if (!line || std::sscanf(line, "device_create_ms=%lf compile_ms=%lf memory_hit_ms=%lf",
                                    &result.deviceCreateMs, &result.compileMs, &result.memoryHitMs) != 3) {
        fail("pipeline probe " + command + " printed no result line; its output:\n" + out);
    }
    return result;
}

}  // namespace

std::vector<std::pair<const OpSpec*, DML_TENSOR_DATA_TYPE>> pipelineCases(const Options& options) {
    std::vector<std::pair<const OpSpec*, DML_TENSOR_DATA_TYPE>> cases;
    for (DML_TENSOR_DATA_TYPE type : options.types)
        for (const OpSpec* op : options.ops)
            if (op->takesType(type)) cases.emplace_back(op, type);
    if (!options.quick || cases.empty()) return cases;
    // bench_smoke: six probe processes at most: CELU and LINEAR (else the first operator) of one type (f32 if any).
    DML_TENSOR_DATA_TYPE type = cases.front().second;
    for (const auto& c : cases)
        if (c.second == DML_TENSOR_DATA_TYPE_FLOAT32) type = c.second;
    std::vector<std::pair<const OpSpec*, DML_TENSOR_DATA_TYPE>> quick;
    for (const auto& c : cases)
        if (c.second == type && (std::strcmp(c.first->key, "celu") == 0 || std::strcmp(c.first->key, "linear") == 0))
            quick.push_back(c);
    if (quick.empty())
        for (const auto& c : cases)
            if (c.second == type) return {c};
    return quick;
}

int runCompileProbe(const Options& options) {
    const std::vector<std::string>& args = options.compileProbe;
    const OpSpec* op = findOp(args.at(0));
    if (!op) fail("--compile-probe: unknown operator '" + args[0] + "'");
    DML_TENSOR_DATA_TYPE type{};
    if (!parseType(args.at(1), &type) || !op->takesType(type))
        fail("--compile-probe: type '" + args[1] + "' is not one of " + op->key + "'s");
    const std::string& mode = args.at(2);
    if (mode != "first" && mode != "warm" && mode != "disk")
        fail("--compile-probe: mode '" + mode + "' is not first, warm or disk");

    // The Vulkan loader and driver are loaded before the clock starts, with or without --adapter.
    UINT count = 0;
    BENCH_CHECK(vkdmlEnumerateAdapters(&count, nullptr));
    const INT adapterIndex = resolveAdapter(options.adapter);

    ProbeResult r;
    {
        DeviceContext ctx;
        const auto start = Clock::now();
        openDevice(ctx, adapterIndex);
        r.deviceCreateMs = secondsSince(start) * 1e3;
        const Geometry first = makeGeometry(*op, Layout::Packed, type, 4096),
                       second = makeGeometry(*op, Layout::Packed, type, 8192);
        if (!unsupportedTypes(ctx, first).empty()) {
            std::printf("%s unsupported\n", kProbeTag);
            return 0;
        }
        // warm: glslang initialized by a program no row uses (RELU FLOAT32 with padded rows); disk: the same program,
        // found on disk, so that the driver's first pipeline of the process (LLVM's start-up on lavapipe) is paid
        // before the row's figure, as it is in warm.
        if (mode == "warm" || mode == "disk") {
            const OpSpec& relu = *findOp("relu");
            const Geometry padded = makeGeometry(relu, Layout::Strided, DML_TENSOR_DATA_TYPE_FLOAT32, 4096);
            compileKernel(ctx, relu, makeDescs(padded));
        }
        // Two packed operators of different sizes: the same program.
        double seconds = 0;
        Kernel kernel = compileKernel(ctx, *op, makeDescs(first), false, &seconds);
        r.compileMs = seconds * 1e3;
        if (mode == "warm") {
            Kernel again = compileKernel(ctx, *op, makeDescs(second), false, &seconds);
            r.memoryHitMs = seconds * 1e3;
        }
    }  // the device goes here and writes its VkPipelineCache file
    std::printf("%s device_create_ms=%.6f compile_ms=%.6f memory_hit_ms=%.6f\n", kProbeTag, r.deviceCreateMs,
                r.compileMs, r.memoryHitMs);
    return 0;
}

void runPipelines(const Options& options, Report& report, Progress& progress) {
    char pattern[] = "/tmp/vkdml-bench-pipelines-XXXXXX";
    if (!mkdtemp(pattern)) fail(std::string("could not create a temporary directory: ") + std::strerror(errno));
    gPipelineDir = pattern;
    std::atexit(removePipelineDir);
    for (const auto& [op, type] : pipelineCases(options)) {
        progress.step(std::string(op->key) + " " + typeName(type) + " pipeline creation");
        const std::string name = gPipelineDir + "/" + op->key + "-" + typeName(type);
        std::filesystem::create_directories(name + "-empty");  // Mesa creates only the last component
        std::filesystem::create_directories(name + "-filled");
        const ProbeResult first = runProbe(options, *op, type, "first", name + "-empty");
        if (first.unsupported) continue;  // the throughput table notes it
        const ProbeResult warm = runProbe(options, *op, type, "warm", name + "-filled");
        const ProbeResult disk = runProbe(options, *op, type, "disk", name + "-filled");
        if (warm.unsupported || disk.unsupported) fail("pipeline probes disagree on FLOAT16 support");
        PipelineRow row;
        row.op = op;
        row.type = type;
        row.deviceCreateMs = first.deviceCreateMs;
        row.firstCompileMs = first.compileMs;
        row.newProgramWarmMs = warm.compileMs;
        row.diskHitNewProcessMs = disk.compileMs;
        row.memoryHitMs = warm.memoryHitMs;
        report.pipelines.push_back(row);
        std::error_code ignored;
        std::filesystem::remove_all(name + "-empty", ignored);
        std::filesystem::remove_all(name + "-filled", ignored);
    }
    removePipelineDir();
}

}  // namespace bench
