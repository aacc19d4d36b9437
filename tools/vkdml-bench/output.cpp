// vkdml-bench: the human-readable tables and the JSON document.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "report.h"
#include "timing.h"

namespace bench {

namespace {

std::string timingNote() {
    return "Throughput times: " + commandListClock() +
           " (GPU: vkCmdWriteTimestamp before the command list's first command and after its last, "
           "vkdmlTestEnableTimestamps; wall: std::chrono::steady_clock around vkdmlExecuteCommandLists + "
           "vkdmlWaitForCompletion). Latency rows are wall clock.";
}

const char* deviceTypeName(UINT type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
        default: return "other";
    }
}

std::string fixed3(double value) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.3f", value);
    return text;
}

double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

bool isLavapipe(const VKDML_ADAPTER_INFO& info) { return info.DriverId == VK_DRIVER_ID_MESA_LLVMPIPE; }

struct Target {
    std::string name;
    std::string detail;  // which op / case the value comes from
    double value = 0;
    double limit = 0;
    bool atMost = false;  // value <= limit (else value >= limit)
    bool met() const { return atMost ? value <= limit : value >= limit; }
};

std::vector<Target> evaluateTargets(const Report& r) {
    std::vector<Target> targets;
    for (const BaselineRow& b : r.baselines) {
        if (b.skipped) continue;
        const std::string where = std::string(b.op->key) + " f32 packed " + formatCount(b.elements);
        if (b.op->targetVsNaiveShader > 0 && b.naiveShader)
            targets.push_back({where + ": vkdml / naive shader", "best GB/s ratio",
                               ratio(b.vkdmlGBps.best, b.naiveShaderGBps.best), b.op->targetVsNaiveShader, false});
        if (b.op->targetVsHostLoop > 0)
            targets.push_back({where + ": vkdml / 2-thread C++ loop", "best GB/s ratio",
                               ratio(b.vkdmlGBps.best, b.hostLoopGBps.best), b.op->targetVsHostLoop, false});
    }
    if (!r.latency.empty()) {
        auto worstRecord = std::max_element(r.latency.begin(), r.latency.end(),
                                            [](const auto& x, const auto& y) { return x.recordUs < y.recordUs; });
        targets.push_back(
            {"host us per vkdmlRecordDispatch (worst op)", worstRecord->op->key, worstRecord->recordUs, 2.0, true});
        auto latencyRatio = [](const LatencyRow& l) { return ratio(l.vkdmlUs.median, l.rawUs.median); };
        auto worstLatency = std::max_element(r.latency.begin(), r.latency.end(), [&](const auto& x, const auto& y) {
            return latencyRatio(x) < latencyRatio(y);
        });
        targets.push_back({"256-element execute+wait / raw Vulkan submit+wait (median, worst op)",
                           worstLatency->op->key, latencyRatio(*worstLatency), 1.2, true});
    }
    if (!r.pipelines.empty()) {
        auto worst = [&](double PipelineRow::*field) {
            return *std::max_element(r.pipelines.begin(), r.pipelines.end(),
                                     [field](const auto& x, const auto& y) { return x.*field < y.*field; });
        };
        auto where = [](const PipelineRow& p) { return std::string(p.op->key) + " " + typeName(p.type); };
        const PipelineRow& warm = worst(&PipelineRow::newProgramWarmMs);
        targets.push_back({"new program in a warm process, ms (worst op)", where(warm), warm.newProgramWarmMs, 10.0,
                           true});
        // The target is 2 ms plus the pipeline creation, which the API cannot time apart: judged on the raw
        // figure, so a MISS may be the driver's pipeline creation alone (compare the memory-hit column).
        const PipelineRow& disk = worst(&PipelineRow::diskHitNewProcessMs);
        targets.push_back({"SPIR-V disk-cache hit in a new process, ms (worst op; raw: target 2 + pipeline creation)",
                           where(disk) + ", its memory hit " + fixed3(disk.memoryHitMs) + " ms",
                           disk.diskHitNewProcessMs, 2.0, true});
    }
    for (const FusionRow& f : r.fusion) {
        if (f.skipped || f.nodes < 2) continue;
        targets.push_back({"fused / unfused speed-up, chain of " + std::to_string(f.nodes) + " nodes (>= 0.7 k)",
                           std::string(typeName(f.type)) + " " + formatCount(f.elements) + ", best GB/s ratio",
                           ratio(f.fusedGBps.best, f.unfusedGBps.best), 0.7 * f.nodes, false});
    }
    return targets;
}

std::string gbps(const Stats& s) {
    char text[48];
    std::snprintf(text, sizeof(text), "%7.2f (%6.2f)", s.best, s.median);
    return text;
}

std::string us(const Stats& s) {
    char text[48];
    std::snprintf(text, sizeof(text), "%8.1f (%8.1f)", s.best, s.median);
    return text;
}

nlohmann::json statsJson(const Stats& s) { return {{"best", s.best}, {"median", s.median}, {"samples", s.samples}}; }

}  // namespace

void printTables(const Report& r) {
    const VKDML_ADAPTER_INFO& a = r.adapter;
    std::printf("vkdml-bench on %s (%s, %s %s), %s\n", a.Name, deviceTypeName(a.DeviceType), a.DriverName, a.DriverInfo,
                r.date.c_str());
    std::printf("%s\n", timingNote().c_str());
    std::printf(
        "GB/s = (n x element size read + n x element size written) / time, n = logical elements (several inputs: "
        "each input's distinct elements read, a broadcast row or scalar once); best of %d timed executions "
        "(median in parentheses), each >= %.0f ms of K back-to-back commands.\n",
        r.options->repetitions, r.options->minMeasureSeconds * 1e3);
    std::printf(
        "copy = vkdmlRecordCopyBufferRegion of half the op's bytes (n x element size for one input) from the "
        "first input's buffer to the output's, timed interleaved with the operator. Build: %s. Pipeline caches: "
        "%s.\n",
        r.buildType.c_str(), r.cacheMode.c_str());
    if (!r.loadAverageStart.empty())
        std::printf("Load average (1/5/15 min) at start: %s, at end: %s (%u CPUs).\n", r.loadAverageStart.c_str(),
                    r.loadAverageEnd.c_str(), std::thread::hardware_concurrency());
    for (const std::string& note : r.notes) std::printf("Note: %s\n", note.c_str());

    if (!r.throughput.empty()) {
        std::printf("\nThroughput (op/copy = best op GB/s / best copy GB/s)\n");
        std::printf("%-21s %-4s %-10s %5s  %-16s %-16s %7s  %11s %9s\n", "operator", "type", "layout", "size",
                    "op GB/s", "copy GB/s", "op/copy", "K op/copy", "us/record");
        for (const ThroughputRow& t : r.throughput) {
            if (t.skipped) {
                std::printf("%-21s %-4s %-10s %5s  skipped: %s\n", t.op->key, typeName(t.type), layoutName(t.layout),
                            formatCount(t.elements).c_str(), t.note.c_str());
                continue;
            }
            const std::string k = std::to_string(t.dispatchesPerList) + "/" + std::to_string(t.copiesPerList);
            std::printf("%-21s %-4s %-10s %5s  %-16s %-16s %7.3f  %11s %9.2f\n", t.op->key, typeName(t.type),
                        layoutName(t.layout), formatCount(t.elements).c_str(), gbps(t.opGBps).c_str(),
                        gbps(t.copyGBps).c_str(), ratio(t.opGBps.best, t.copyGBps.best), k.c_str(), t.recordUs);
        }
    }

    if (!r.latency.empty()) {
        std::printf(
            "\nSmall dispatch: FLOAT32 (CAST: its input type) packed 256 elements, %d samples interleaved; "
            "microseconds best (median)\n",
            r.options->latencySamples);
        std::printf(
            "raw Vulkan = vkQueueSubmit of an empty command buffer + vkWaitForFences on our own VkDevice (%s)\n",
            r.rawVulkanDevice.c_str());
        std::printf(
            "vkdml empty = execute+wait of a closed vkdml command list with nothing recorded; raw dispatch = "
            "raw Vulkan submit+wait of one vkCmdDispatch of one 256-invocation workgroup of an empty shader\n");
        std::printf("%-21s %-19s %-19s %11s  %-19s %-19s %9s\n", "operator", "vkdml exec+wait", "raw Vulkan",
                    "ratio (med)", "vkdml empty", "raw dispatch", "us/record");
        for (const LatencyRow& l : r.latency)
            std::printf("%-21s %-19s %-19s %11.2f  %-19s %-19s %9.2f\n", l.op->key, us(l.vkdmlUs).c_str(),
                        us(l.rawUs).c_str(), ratio(l.vkdmlUs.median, l.rawUs.median), us(l.vkdmlEmptyUs).c_str(),
                        us(l.rawDispatchUs).c_str(), l.recordUs);
    }

    if (!r.pipelines.empty()) {
        std::printf(
            "\nPipeline creation (ms of vkdmlCompileOperator of a packed operator, device creation not included; "
            "one sample each): 1st in proc = the first compile of a new process with empty cache directories (glslang "
            "initialization included); new warm = a program new to the process and to the disk cache, after another "
            "compile; disk hit = a new process whose cache directory holds new warm's SPIR-V and VkPipelineCache "
            "file (glslang skipped, pipeline still created); memory hit = the same program at another size on new "
            "warm's device; create dev = vkdmlCreateDevice in the 1st-in-proc process\n");
        std::printf("%-21s %-4s %10s %12s %10s %10s %11s\n", "operator", "type", "create dev", "1st in proc",
                    "new warm", "disk hit", "memory hit");
        for (const PipelineRow& p : r.pipelines)
            std::printf("%-21s %-4s %10.2f %12.2f %10.2f %10.2f %11.3f\n", p.op->key, typeName(p.type),
                        p.deviceCreateMs, p.firstCompileMs, p.newProgramWarmMs, p.diskHitNewProcessMs, p.memoryHitMs);
    }

    if (!r.baselines.empty()) {
        std::printf(
            "\nBaselines (FLOAT32 packed; GB/s best (median); ratios of best): naive shader = the same "
            "operator compiled with VKDML_BENCH_NAIVE_KERNELS=1; C++ = %s\n",
            "2 std::threads, plain float loop with std::exp/std::log");
        std::printf("%-21s %5s  %-16s %-16s %8s  %-16s %8s  %-16s %8s\n", "operator", "size", "vkdml", "naive shader",
                    "vs naive", "C++ 2 threads", "vs C++", "copy", "vs copy");
        for (const BaselineRow& b : r.baselines) {
            if (b.skipped) {
                std::printf("%-21s %5s  skipped: %s\n", b.op->key, formatCount(b.elements).c_str(), b.note.c_str());
                continue;
            }
            char vsNaive[16] = "     n/a";
            if (b.naiveShader)
                std::snprintf(vsNaive, sizeof(vsNaive), "%8.3f", ratio(b.vkdmlGBps.best, b.naiveShaderGBps.best));
            std::printf("%-21s %5s  %-16s %-16s %8s  %-16s %8.3f  %-16s %8.3f\n", b.op->key,
                        formatCount(b.elements).c_str(), gbps(b.vkdmlGBps).c_str(),
                        b.naiveShader ? gbps(b.naiveShaderGBps).c_str() : "n/a (n % 4 != 0)", vsNaive,
                        gbps(b.hostLoopGBps).c_str(), ratio(b.vkdmlGBps.best, b.hostLoopGBps.best),
                        gbps(b.copyGBps).c_str(), ratio(b.vkdmlGBps.best, b.copyGBps.best));
        }
        if (!r.baselines.empty() && !r.baselines.front().hostBuffers.empty())
            std::printf("C++ loop buffers: %s\n", r.baselines.front().hostBuffers.c_str());
    }

    if (!r.fusion.empty()) {
        std::printf(
            "\nFusion: a graph of k element-wise nodes (ADD of two inputs, then NEGATE and ABS in turn) compiled fused "
            "and with VKDML_DISABLE_FUSION=1; GB/s of the graph's external bytes (two inputs read, the output "
            "written), best (median); copy = the same bytes copied; compile = ms of vkdmlCompileGraph\n");
        std::printf("%-4s %2s %5s  %-16s %-16s %8s  %-16s %8s  %10s %10s\n", "type", "k", "size", "fused GB/s",
                    "unfused GB/s", "speed-up", "copy GB/s", "fused/cp", "compile f", "compile u");
        for (const FusionRow& f : r.fusion) {
            if (f.skipped) {
                std::printf("%-4s %2d %5s  skipped: %s\n", typeName(f.type), f.nodes, formatCount(f.elements).c_str(),
                            f.note.c_str());
                continue;
            }
            std::printf("%-4s %2d %5s  %-16s %-16s %8.2f  %-16s %8.3f  %10.1f %10.1f\n", typeName(f.type), f.nodes,
                        formatCount(f.elements).c_str(), gbps(f.fusedGBps).c_str(), gbps(f.unfusedGBps).c_str(),
                        ratio(f.fusedGBps.best, f.unfusedGBps.best), gbps(f.copyGBps).c_str(),
                        ratio(f.fusedGBps.best, f.copyGBps.best), f.fusedCompileMs, f.unfusedCompileMs);
        }
    }

    if (!r.reductions.empty()) {
        std::printf(
            "\nReductions over the last axis of {n / row, row}: GB/s of the input read and the output written, best "
            "(median); copy = the same bytes copied; exp = ELEMENT_WISE_EXP of the same tensor; op/exp time = the "
            "operator's time over EXP's\n");
        std::printf("%-14s %-4s %5s %6s  %-16s %-16s %8s  %-16s %9s\n", "operator", "type", "size", "row", "op GB/s",
                    "copy GB/s", "op/copy", "exp GB/s", "op/exp t");
        for (const ReductionRow& x : r.reductions) {
            if (x.skipped) {
                std::printf("%-14s %-4s %5s %6u  skipped: %s\n", reductionName(x.kind), typeName(x.type),
                            formatCount(x.elements).c_str(), x.rowLength, x.note.c_str());
                continue;
            }
            const double expBytes = 2.0 * double(x.elements) * elementBytes(x.type);
            const double timeRatio = (double(x.bytesMoved) / x.opGBps.best) / (expBytes / x.expGBps.best);
            std::printf("%-14s %-4s %5s %6u  %-16s %-16s %8.3f  %-16s %9.2f\n", reductionName(x.kind),
                        typeName(x.type), formatCount(x.elements).c_str(), x.rowLength, gbps(x.opGBps).c_str(),
                        gbps(x.copyGBps).c_str(), ratio(x.opGBps.best, x.copyGBps.best), gbps(x.expGBps).c_str(),
                        timeRatio);
        }
    }

    if (!r.gemm.empty()) {
        std::printf(
            "\nGEMM (DML_OPERATOR_GEMM, Alpha 1, Beta 0, no C; trans = TransA TransB, n = none, t = TRANSPOSE): "
            "TFLOPS = 2 x batch x M x N x K / time, best (median); op GB/s = A, B and the output each once / time; "
            "copy = the same bytes (half of them read and written) copied within the matrices' buffer, timed "
            "interleaved; weights GB/s = B (K x N x element size) / time, the decode row's weight read; nbits rows: "
            "DEQUANTIZE of INT4 weights {N, K} with scales per 32 along K -> GEMM (TransB), fused and unfused, "
            "weights GB/s of the packed weights and scales, the copy of as many bytes; integer rows: "
            "MATRIX_MULTIPLY_INTEGER of UINT8 A (a zero point) and INT8 B to INT32, TOPS in the TFLOPS column\n");
        std::printf("%-7s %-5s %-4s %5s %5s %6s %5s  %-20s %-16s %-16s %8s  %-16s\n", "shape", "trans", "type", "batch",
                    "M", "N", "K", "TFLOPS", "op GB/s", "copy GB/s", "op/copy", "weights GB/s");
        for (const GemmRow& g : r.gemm) {
            std::printf("%-7s %-5s %-4s %5u %5u %6u %5u  ", gemmShapeName(g.kind), gemmTransName(g.transA, g.transB).c_str(),
                        typeName(g.type), g.batch, g.m, g.n, g.k);
            if (g.skipped) {
                std::printf("skipped: %s\n", g.note.c_str());
                continue;
            }
            char tflops[48];
            std::snprintf(tflops, sizeof(tflops), "%9.4f (%8.4f)", g.tflops.best, g.tflops.median);
            std::printf("%-20s %-16s %-16s %8.3f  %-16s\n", tflops, gbps(g.opGBps).c_str(), gbps(g.copyGBps).c_str(),
                        ratio(g.opGBps.best, g.copyGBps.best),
                        g.kind == GemmShapeKind::Decode || g.kind == GemmShapeKind::NBits ||
                                g.kind == GemmShapeKind::NBitsUnfused
                            ? gbps(g.weightGBps).c_str()
                            : "");
        }
    }

    const std::vector<Target> targets = evaluateTargets(r);
    if (!targets.empty()) {
        std::printf("\nTargets%s\n", isLavapipe(r.adapter) ? "" : " (set for lavapipe; this device is not lavapipe)");
        for (const Target& t : targets)
            std::printf("  %-4s %-72s %9.3f %s %-5g (%s)\n", t.met() ? "MET" : "MISS", t.name.c_str(), t.value,
                        t.atMost ? "<=" : ">=", t.limit, t.detail.c_str());
    }
}

void printJson(const Report& r) {
    using nlohmann::json;
    const VKDML_ADAPTER_INFO& a = r.adapter;
    const Options& o = *r.options;
    json doc;
    doc["tool"] = "vkdml-bench";
    doc["date"] = r.date;
    doc["timing"] = timingNote();
    doc["build_type"] = r.buildType;
    doc["load_average"] = {{"start", r.loadAverageStart}, {"end", r.loadAverageEnd}};
    doc["host_cpus"] = std::thread::hardware_concurrency();
    doc["device"] = {{"name", a.Name},
                     {"type", deviceTypeName(a.DeviceType)},
                     {"driver", a.DriverName},
                     {"driver_info", a.DriverInfo},
                     {"vulkan_version", std::to_string(VK_API_VERSION_MAJOR(a.VulkanApiVersion)) + "." +
                                            std::to_string(VK_API_VERSION_MINOR(a.VulkanApiVersion)) + "." +
                                            std::to_string(VK_API_VERSION_PATCH(a.VulkanApiVersion))},
                     {"device_local_bytes", a.DeviceLocalMemoryBytes},
                     {"host_ram_bytes", r.hostRamBytes}};
    json ops = json::array(), types = json::array(), layouts = json::array();
    for (const OpSpec* op : o.ops) ops.push_back(op->key);
    for (DML_TENSOR_DATA_TYPE t : o.types) types.push_back(typeName(t));
    for (Layout l : o.layouts) layouts.push_back(layoutName(l));
    doc["config"] = {{"quick", o.quick},
                     {"ops", ops},
                     {"types", types},
                     {"layouts", layouts},
                     {"sizes", o.sizes},
                     {"repetitions", o.repetitions},
                     {"min_measure_ms", o.minMeasureSeconds * 1e3},
                     {"latency_samples", o.latencySamples},
                     {"record_count", o.recordCount},
                     {"memory_fraction", o.memoryFraction},
                     {"baseline_elements", o.baselineSize},
                     {"pipeline_caches", r.cacheMode}};
    doc["notes"] = r.notes;

    json results = json::array(), skipped = json::array();
    for (const ThroughputRow& t : r.throughput) {
        json row = {{"op", t.op->key},
                    {"dml_operator", std::string("DML_OPERATOR_") + t.op->dmlName},
                    {"type", typeName(t.type)},
                    {"output_type", typeName(t.outputType)},
                    {"layout", layoutName(t.layout)},
                    {"elements", t.elements}};
        if (t.skipped) {
            row["reason"] = t.note;
            skipped.push_back(row);
            continue;
        }
        row["bytes_per_dispatch"] = t.bytesMoved;
        row["device_bytes"] = t.deviceBytes;
        row["dispatches_per_list"] = t.dispatchesPerList;
        row["copies_per_list"] = t.copiesPerList;
        row["op_gbps"] = statsJson(t.opGBps);
        row["copy_gbps"] = statsJson(t.copyGBps);
        row["ratio_best"] = ratio(t.opGBps.best, t.copyGBps.best);
        row["ratio_median"] = ratio(t.opGBps.median, t.copyGBps.median);
        row["record_us_per_dispatch"] = t.recordUs;
        results.push_back(row);
    }
    doc["results"] = results;
    doc["skipped"] = skipped;

    json latency = json::array();
    for (const LatencyRow& l : r.latency)
        latency.push_back({{"op", l.op->key},
                           {"type", typeName(l.type)},
                           {"elements", l.elements},
                           {"vkdml_execute_wait_us", statsJson(l.vkdmlUs)},
                           {"raw_vulkan_submit_wait_us", statsJson(l.rawUs)},
                           {"vkdml_empty_list_execute_wait_us", statsJson(l.vkdmlEmptyUs)},
                           {"raw_vulkan_empty_dispatch_us", statsJson(l.rawDispatchUs)},
                           {"ratio_median", ratio(l.vkdmlUs.median, l.rawUs.median)},
                           {"record_us_per_dispatch", l.recordUs}});
    doc["latency"] = latency;
    doc["raw_vulkan_device"] = r.rawVulkanDevice;

    json pipelines = json::array();
    for (const PipelineRow& p : r.pipelines)
        pipelines.push_back({{"op", p.op->key},
                             {"type", typeName(p.type)},
                             {"layout", "packed"},
                             {"device_create_ms", p.deviceCreateMs},
                             {"first_compile_in_process_ms", p.firstCompileMs},
                             {"new_program_warm_ms", p.newProgramWarmMs},
                             {"disk_hit_new_process_ms", p.diskHitNewProcessMs},
                             {"memory_hit_ms", p.memoryHitMs}});
    doc["pipeline"] = pipelines;

    json baselines = json::array();
    for (const BaselineRow& b : r.baselines) {
        json row = {{"op", b.op->key}, {"type", "f32"}, {"layout", "packed"}, {"elements", b.elements}};
        if (b.skipped) {
            row["reason"] = b.note;
        } else {
            row["vkdml_gbps"] = statsJson(b.vkdmlGBps);
            row["naive_shader_gbps"] = b.naiveShader ? statsJson(b.naiveShaderGBps) : json(nullptr);
            row["host_loop_gbps"] = statsJson(b.hostLoopGBps);
            row["copy_gbps"] = statsJson(b.copyGBps);
            row["vs_naive_shader"] =
                b.naiveShader ? json(ratio(b.vkdmlGBps.best, b.naiveShaderGBps.best)) : json(nullptr);
            row["vs_host_loop"] = ratio(b.vkdmlGBps.best, b.hostLoopGBps.best);
            row["vs_copy"] = ratio(b.vkdmlGBps.best, b.copyGBps.best);
            row["host_loop_threads"] = 2;
            row["host_loop_buffers"] = b.hostBuffers;
        }
        baselines.push_back(row);
    }
    doc["baselines"] = baselines;

    json fusion = json::array();
    for (const FusionRow& f : r.fusion) {
        json row = {{"type", typeName(f.type)}, {"nodes", f.nodes}, {"elements", f.elements}};
        if (f.skipped) {
            row["reason"] = f.note;
        } else {
            row["external_bytes"] = f.externalBytes;
            row["fused_gbps"] = statsJson(f.fusedGBps);
            row["unfused_gbps"] = statsJson(f.unfusedGBps);
            row["copy_gbps"] = statsJson(f.copyGBps);
            row["speed_up"] = ratio(f.fusedGBps.best, f.unfusedGBps.best);
            row["fused_vs_copy"] = ratio(f.fusedGBps.best, f.copyGBps.best);
            row["fused_compile_ms"] = f.fusedCompileMs;
            row["unfused_compile_ms"] = f.unfusedCompileMs;
        }
        fusion.push_back(row);
    }
    doc["fusion"] = fusion;

    json reductions = json::array();
    for (const ReductionRow& x : r.reductions) {
        json row = {{"operator", reductionName(x.kind)}, {"type", typeName(x.type)}, {"elements", x.elements},
                    {"row_length", x.rowLength}};
        if (x.skipped) {
            row["reason"] = x.note;
        } else {
            row["bytes_moved"] = x.bytesMoved;
            row["op_gbps"] = statsJson(x.opGBps);
            row["copy_gbps"] = statsJson(x.copyGBps);
            row["exp_gbps"] = statsJson(x.expGBps);
            row["op_vs_copy"] = ratio(x.opGBps.best, x.copyGBps.best);
        }
        reductions.push_back(row);
    }
    doc["reductions"] = reductions;

    json gemm = json::array();
    for (const GemmRow& g : r.gemm) {
        json row = {{"shape", gemmShapeName(g.kind)},
                    {"trans", gemmTransName(g.transA, g.transB)},
                    {"type", typeName(g.type)},
                    {"batch", g.batch},
                    {"m", g.m},
                    {"n", g.n},
                    {"k", g.k},
                    {"flops", g.flops},
                    {"bytes_moved", g.bytesMoved},
                    {"weight_bytes", g.weightBytes}};
        if (g.skipped) {
            row["reason"] = g.note;
        } else {
            row["device_bytes"] = g.deviceBytes;
            row["dispatches_per_list"] = g.dispatchesPerList;
            row["tflops"] = statsJson(g.tflops);
            row["op_gbps"] = statsJson(g.opGBps);
            row["weights_gbps"] = statsJson(g.weightGBps);
            row["copy_gbps"] = statsJson(g.copyGBps);
            row["op_vs_copy"] = ratio(g.opGBps.best, g.copyGBps.best);
        }
        gemm.push_back(row);
    }
    doc["gemm"] = gemm;

    json targets = json::array();
    for (const Target& t : evaluateTargets(r))
        targets.push_back({{"name", t.name},
                           {"detail", t.detail},
                           {"value", t.value},
                           {"limit", t.limit},
                           {"comparison", t.atMost ? "<=" : ">="},
                           {"met", t.met()}});
    doc["targets"] = targets;
    doc["targets_set_for"] = "lavapipe";
    doc["device_is_lavapipe"] = isLavapipe(a);
    std::printf("%s\n", doc.dump(2).c_str());
}

}  // namespace bench
