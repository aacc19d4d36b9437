#include "options.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "common.h"

namespace bench {

namespace {

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// "celu,linear" and repeated options alike.
std::vector<std::string> splitList(const std::vector<std::string>& values) {
    std::vector<std::string> items;
    for (const std::string& value : values) {
        size_t start = 0;
        while (start <= value.size()) {
            size_t comma = value.find(',', start);
            if (comma == std::string::npos) comma = value.size();
            std::string item = value.substr(start, comma - start);
            if (!item.empty()) items.push_back(lower(item));
            start = comma + 1;
        }
    }
    return items;
}

const OpSpec* lookupOp(const std::string& name) {
    for (const OpSpec& op : opTable()) {
        const std::string dml = lower(op.dmlName);
        if (name == op.key || name == dml || name == "activation_" + std::string(op.key) ||
            name == "dml_operator_" + dml)
            return &op;
    }
    return nullptr;
}

template <typename T>
void addUnique(std::vector<T>& list, T value) {
    if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

}  // namespace

const char* layoutName(Layout layout) {
    switch (layout) {
        case Layout::Packed: return "packed";
        case Layout::Strided: return "strided";
        case Layout::Broadcast: return "broadcast";
        case Layout::InPlace: return "inplace";
    }
    return "?";
}

const char* typeName(DML_TENSOR_DATA_TYPE type) { return type == DML_TENSOR_DATA_TYPE_FLOAT16 ? "f16" : "f32"; }

Options parseOptions(int argc, char** argv) {
    Options options;
    std::vector<std::string> ops, types, layouts, sizes;
    std::string baselineSize;
    bool noBaselines = false, noLatency = false, noPipelines = false, progress = false, noProgress = false;

    std::string opNames;
    for (const OpSpec& op : opTable()) opNames += std::string(opNames.empty() ? "" : ",") + op.key;

    CLI::App app{
        "vkdml-bench: throughput of vkdml's element-wise operators against a buffer copy on the same device, "
        "host cost per recorded dispatch, small-dispatch latency and pipeline creation time.\n"
        "Times are wall clock (vkdml exposes no GPU timestamps through its API yet).",
        "vkdml-bench"};
    app.add_flag("--json", options.json, "print one JSON document instead of tables");
    app.add_option("--op", ops, "operators, comma-separated or repeated (" + opNames + "); default all");
    app.add_option("--type", types, "f32, f16 (comma-separated or repeated); default both");
    app.add_option("--layout", layouts, "packed, strided, broadcast, inplace; default all");
    app.add_option("--size", sizes,
                   "element counts, repeatable, K/M/G suffixes (binary); default 4K,64K,1M,16M,64M,256M");
    app.add_flag("--quick", options.quick, "small sizes and short measurements only (CI smoke test)");
    app.add_option("--adapter", options.adapter, "adapter index or part of its name (see vkdml-info)");
    app.add_option("--baseline-size", baselineSize, "elements for the baseline table (default 32M; --quick 1M)");
    app.add_flag("--no-baselines", noBaselines, "skip the naive-shader and host-loop baselines");
    app.add_flag("--no-latency", noLatency, "skip the small-dispatch latency table");
    app.add_flag("--no-pipelines", noPipelines, "skip the pipeline creation table");
    app.add_flag("--keep-caches", options.keepCaches,
                 "use the environment's vkdml pipeline cache and Mesa shader cache (default: a fresh temporary "
                 "directory, so that 'cold' is cold)");
    app.add_option("--repetitions", options.repetitions, "timed executions per measurement (default 5)")
        ->check(CLI::Range(1, 1000));
    app.add_option("--min-time-ms", options.minMeasureSeconds,
                   "minimum duration of one timed execution in ms (default 50)")
        ->check(CLI::Range(0.1, 100000.0));
    app.add_option("--memory-fraction", options.memoryFraction,
                   "largest share of device-local memory and of host RAM one case may allocate (default 0.4)")
        ->check(CLI::Range(0.01, 0.95));
    // The pipeline table re-executes this binary with it (runPipelines); hidden from --help.
    app.add_option("--compile-probe", options.compileProbe, "OP TYPE first|warm|disk")->expected(3)->group("");
    app.add_flag("--progress", progress, "progress line on stderr (default: when stderr is a terminal)");
    app.add_flag("--no-progress", noProgress, "no progress line");

    bool minTimeGiven = false;
    try {
        app.parse(argc, argv);
        minTimeGiven = app.count("--min-time-ms") > 0;
    } catch (const CLI::ParseError& e) {
        std::exit(app.exit(e));
    }
    if (minTimeGiven) options.minMeasureSeconds /= 1000.0;

    for (const std::string& name : splitList(ops)) {
        const OpSpec* op = lookupOp(name);
        if (!op) fail("unknown --op '" + name + "' (known: " + opNames + ")");
        addUnique(options.ops, op);
    }
    if (options.ops.empty())
        for (const OpSpec& op : opTable()) options.ops.push_back(&op);

    for (const std::string& name : splitList(types)) {
        if (name == "f32" || name == "float32" || name == "fp32")
            addUnique(options.types, DML_TENSOR_DATA_TYPE_FLOAT32);
        else if (name == "f16" || name == "float16" || name == "fp16")
            addUnique(options.types, DML_TENSOR_DATA_TYPE_FLOAT16);
        else
            fail("unknown --type '" + name + "' (f32, f16)");
    }
    if (options.types.empty()) options.types = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16};

    for (const std::string& name : splitList(layouts)) {
        bool found = false;
        for (Layout layout : {Layout::Packed, Layout::Strided, Layout::Broadcast, Layout::InPlace})
            if (name == layoutName(layout) || (layout == Layout::InPlace && name == "in-place")) {
                addUnique(options.layouts, layout);
                found = true;
            }
        if (!found) fail("unknown --layout '" + name + "' (packed, strided, broadcast, inplace)");
    }
    if (options.layouts.empty())
        options.layouts = {Layout::Packed, Layout::Strided, Layout::Broadcast, Layout::InPlace};

    for (const std::string& text : splitList(sizes)) {
        uint64_t n = 0;
        if (!parseCount(text, &n) || n > 0xFFFFFFFFull)
            fail("bad --size '" + text + "': an element count from 1 to 4G-1, K/M/G suffixes allowed");
        addUnique(options.sizes, n);
    }
    if (options.sizes.empty()) {
        if (options.quick)
            options.sizes = {4ull << 10, 64ull << 10};
        else
            options.sizes = {4ull << 10, 64ull << 10, 1ull << 20, 16ull << 20, 64ull << 20, 256ull << 20};
    }

    if (!baselineSize.empty()) {
        if (!parseCount(baselineSize, &options.baselineSize) || options.baselineSize > 0xFFFFFFFFull)
            fail("bad --baseline-size '" + baselineSize + "'");
    } else if (options.quick) {
        options.baselineSize = 1ull << 20;
    }

    if (options.quick) {
        if (!minTimeGiven) options.minMeasureSeconds = 0.01;
        if (app.count("--repetitions") == 0) options.repetitions = 3;
        options.latencySamples = 50;
        options.recordCount = 200;
    }
    options.baselines = !noBaselines;
    options.latency = !noLatency;
    options.pipelines = !noPipelines;
    options.progress = noProgress ? false : (progress || isatty(STDERR_FILENO));
    return options;
}

}  // namespace bench
