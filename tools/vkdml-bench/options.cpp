#include "options.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iterator>

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

// A row's key or DML name ("celu", "activation_celu", "dml_operator_activation_celu"); "cast" names every CAST row.
std::vector<const OpSpec*> lookupOps(const std::string& name) {
    std::vector<const OpSpec*> found;
    for (const OpSpec& op : opTable()) {
        const std::string dml = lower(op.dmlName);
        if (name == op.key || name == dml || name == "activation_" + std::string(op.key) ||
            name == "dml_operator_" + dml)
            found.push_back(&op);
    }
    return found;
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
        case Layout::Scalar: return "scalar";
        case Layout::Transposed: return "transposed";
    }
    return "?";
}

const char* typeName(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return "f16";
        case DML_TENSOR_DATA_TYPE_INT32: return "i32";
        case DML_TENSOR_DATA_TYPE_UINT8: return "u8";
        case DML_TENSOR_DATA_TYPE_INT8: return "i8";
        case DML_TENSOR_DATA_TYPE_UINT32: return "u32";
        default: return "f32";
    }
}

bool parseType(const std::string& name, DML_TENSOR_DATA_TYPE* type) {
    const std::string n = lower(name);
    if (n == "f32" || n == "float32" || n == "fp32")
        *type = DML_TENSOR_DATA_TYPE_FLOAT32;
    else if (n == "f16" || n == "float16" || n == "fp16")
        *type = DML_TENSOR_DATA_TYPE_FLOAT16;
    else if (n == "i32" || n == "int32")
        *type = DML_TENSOR_DATA_TYPE_INT32;
    else if (n == "u8" || n == "uint8")
        *type = DML_TENSOR_DATA_TYPE_UINT8;
    else if (n == "u32" || n == "uint32")
        *type = DML_TENSOR_DATA_TYPE_UINT32;
    else
        return false;
    return true;
}

std::vector<Layout> layoutsFor(const Options& options, const OpSpec& op) {
    // In place: where DirectML allows it (not comparisons, IF or CAST).
    auto supports = [&op](Layout layout) {
        return layout != Layout::InPlace || op.signature == Signature::Unary || op.signature == Signature::Binary;
    };
    auto byDefault = [&options, &op](Layout layout) {
        switch (op.signature) {
            // --quick: ELEMENT_WISE_IDENTITY covers every single-input layout of the other ELEMENT_WISE rows (the same
            // kernel generator), which run packed; activations keep their four.
            case Signature::Unary:
                if (options.quick && std::strncmp(op.dmlName, "ELEMENT_WISE_", 13) == 0 &&
                    op.type != DML_OPERATOR_ELEMENT_WISE_IDENTITY)
                    return layout == Layout::Packed;
                return layout != Layout::Scalar && layout != Layout::Transposed;
            // --quick (bench_smoke): ADD covers every binary layout, the other binary operators run packed.
            case Signature::Binary:
                return !options.quick || layout == Layout::Packed || std::strcmp(op.key, "add") == 0;
            default: return layout == Layout::Packed;
        }
    };
    std::vector<Layout> layouts;
    for (Layout layout : options.layouts)
        if (supports(layout) && (options.layoutsGiven || byDefault(layout))) layouts.push_back(layout);
    return layouts;
}

bool isReductionRowName(const std::string& name) {
    for (const char* known : {"reduce_sum", "reduce_max", "softmax1", "layer_norm", "add_layer_norm", "rms_norm"})
        if (name == known) return true;
    return false;
}

Options parseOptions(int argc, char** argv) {
    Options options;
    std::vector<std::string> ops, types, layouts, sizes;
    std::string baselineSize;
    bool noBaselines = false, noLatency = false, noPipelines = false, noFusion = false, noReductions = false, noGemm = false, progress = false, noProgress = false;

    std::string opNames;
    for (const OpSpec& op : opTable()) opNames += std::string(opNames.empty() ? "" : ",") + op.key;

    CLI::App app{
        "vkdml-bench: throughput of vkdml's element-wise operators against a buffer copy on the same device, "
        "host cost per recorded dispatch, small-dispatch latency and pipeline creation time.\n"
        "Throughput times are GPU timestamps around each timed command list where the device's queue has them "
        "(--wall-clock: the host clock around execute + wait); latency is wall clock.",
        "vkdml-bench"};
    app.add_flag("--json", options.json, "print one JSON document instead of tables");
    bool wallClock = false;
    app.add_flag("--wall-clock", wallClock, "time throughput with the host clock around execute + wait, not GPU timestamps");
    app.add_option("--op", ops, "operators, comma-separated or repeated (" + opNames + "); default all");
    app.add_option("--type", types,
                   "f32, f16, i32, u8, u32 (comma-separated or repeated): the input type (CAST rows run for theirs; "
                   "i32 selects only CAST rows, u8 CAST rows and logical_and, u32 bit_and); default all");
    app.add_option("--layout", layouts,
                   "packed, strided, broadcast, inplace, scalar, transposed; default each operator's own (see "
                   "docs/BENCHMARKS.md)");
    app.add_option("--size", sizes,
                   "element counts, repeatable, K/M/G suffixes (binary); default 4K,64K,1M,16M,64M,256M");
    app.add_flag("--quick", options.quick, "small sizes and short measurements only (CI smoke test)");
    app.add_option("--adapter", options.adapter, "adapter index or part of its name (see vkdml-info)");
    app.add_option("--baseline-size", baselineSize, "elements for the baseline table (default 32M; --quick 1M)");
    app.add_flag("--no-baselines", noBaselines, "skip the naive-shader and host-loop baselines");
    app.add_flag("--no-latency", noLatency, "skip the small-dispatch latency table");
    app.add_flag("--no-fusion", noFusion, "skip the fusion table (graphs of 1-8 nodes, fused vs unfused)");
    app.add_flag("--no-reductions", noReductions, "skip the reductions table (REDUCE, SOFTMAX1, MVN1, MVN2 over rows)");
    std::vector<std::string> reductionRows, reductionSizes, reductionRowLengths;
    app.add_option("--reduction", reductionRows,
                   "rows of the reductions table to run (reduce_sum, reduce_max, softmax1, layer_norm, add_layer_norm, "
                   "rms_norm; comma-separated or repeated); default all");
    app.add_option("--reduction-size", reductionSizes,
                   "element counts of the reductions table, K/M/G suffixes; default 16M,64M (--quick 1M)");
    app.add_option("--reduction-row", reductionRowLengths,
                   "row lengths of the reductions table, K/M/G suffixes, 'all' for the whole tensor in one row; "
                   "default 64,1024,4096,65536, 1/32 of the tensor and all (--quick 64,4096)");
    app.add_flag("--no-gemm", noGemm,
                 "skip the GEMM table (M=N=K 256-8192 NN/NT/TN, batched 32x512x512x64, decode M=1; --quick: 256, 512 "
                 "and a smaller decode)");
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
    options.gpuClock = !wallClock;

    for (const std::string& name : splitList(ops)) {
        const std::vector<const OpSpec*> found = lookupOps(name);
        if (found.empty()) fail("unknown --op '" + name + "' (known: " + opNames + ", cast)");
        for (const OpSpec* op : found) addUnique(options.ops, op);
    }
    if (options.ops.empty())
        for (const OpSpec& op : opTable()) options.ops.push_back(&op);

    for (const std::string& name : splitList(types)) {
        DML_TENSOR_DATA_TYPE type{};
        if (!parseType(name, &type)) fail("unknown --type '" + name + "' (f32, f16, i32, u8, u32)");
        addUnique(options.types, type);
    }
    if (options.types.empty())
        options.types = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT32,
                         DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_UINT32};

    const Layout allLayouts[] = {Layout::Packed,  Layout::Strided, Layout::Broadcast,
                                 Layout::InPlace, Layout::Scalar,  Layout::Transposed};
    for (const std::string& name : splitList(layouts)) {
        bool found = false;
        for (Layout layout : allLayouts)
            if (name == layoutName(layout) || (layout == Layout::InPlace && name == "in-place")) {
                addUnique(options.layouts, layout);
                found = true;
            }
        if (!found) fail("unknown --layout '" + name + "' (packed, strided, broadcast, inplace, scalar, transposed)");
    }
    options.layoutsGiven = !options.layouts.empty();
    if (!options.layoutsGiven) options.layouts.assign(std::begin(allLayouts), std::end(allLayouts));

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
    options.fusion = !noFusion;
    options.reductions = !noReductions;
    for (const std::string& name : splitList(reductionRows)) {
        if (!isReductionRowName(name))
            fail("unknown --reduction '" + name + "' (reduce_sum, reduce_max, softmax1, layer_norm, add_layer_norm, rms_norm)");
        options.reductionRows.push_back(name);
    }
    for (const std::string& text : splitList(reductionSizes)) {
        uint64_t count = 0;
        if (!parseCount(text, &count) || count == 0) fail("bad --reduction-size '" + text + "'");
        options.reductionSizes.push_back(count);
    }
    for (const std::string& text : splitList(reductionRowLengths)) {
        uint64_t count = 0;
        if (text != "all" && (!parseCount(text, &count) || count == 0 || count > 0xFFFFFFFFull))
            fail("bad --reduction-row '" + text + "': a row length from 1 to 4G-1, or all");
        options.reductionRowLengths.push_back(count);
    }
    options.gemm = !noGemm;
    options.pipelines = !noPipelines;
    options.progress = noProgress ? false : (progress || isatty(STDERR_FILENO));
    return options;
}

}  // namespace bench
