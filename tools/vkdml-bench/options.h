// vkdml-bench: command-line options.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ops.h"

namespace bench {

// What each layout means for each tensor: workload.h (makeGeometry).
enum class Layout { Packed, Strided, Broadcast, InPlace, Scalar, Transposed };
const char* layoutName(Layout layout);
const char* typeName(DML_TENSOR_DATA_TYPE type);  // "f32", "f16", "i32", "u8"
bool parseType(const std::string& name, DML_TENSOR_DATA_TYPE* type);

struct Options {
    bool json = false;
    bool quick = false;
    bool progress = false;    // stderr progress line (default: when stderr is a terminal)
    bool keepCaches = false;  // use the environment's pipeline/shader caches instead of a fresh temporary one
    bool baselines = true;
    bool latency = true;
    bool pipelines = true;
    bool gpuClock = true;  // GPU timestamps around each timed command list, where the queue has them
    bool fusion = true;  // the fusion table (graphs fused vs one kernel per node)
    bool reductions = true;  // the reductions table (REDUCE, SOFTMAX1, MVN1, MVN2 over rows)
    std::vector<std::string> reductionRows;  // its rows to run by name (softmax1, layer_norm, ...); empty: all
    std::vector<uint64_t> reductionSizes;    // its element counts; empty: 16M and 64M (--quick: 1M)
    // Its row lengths; 0 stands for a whole tensor in one row. Empty: 64, 1024, 4096, 65536, 1/32 of the tensor (32
    // rows: a group normalization's) and the whole tensor (--quick: 64 and 4096).
    std::vector<uint64_t> reductionRowLengths;
    bool gemm = true;        // the GEMM table (square NN/NT/TN, batched, decode M = 1)
    std::string adapter;  // index or name substring; empty = vkdml's default choice
    // Hidden: {OP, TYPE, MODE}: this process is a pipeline-table probe the bench started (sections.cpp).
    std::vector<std::string> compileProbe;
    std::vector<const OpSpec*> ops;
    std::vector<DML_TENSOR_DATA_TYPE> types;
    std::vector<Layout> layouts;  // --layout, else every layout
    bool layoutsGiven = false;
    std::vector<uint64_t> sizes;  // element counts
    uint64_t baselineSize = 32ull << 20;
    double minMeasureSeconds = 0.05;  // one timed execution lasts at least this long
    int repetitions = 5;              // timed executions per measurement (best and median reported)
    int latencySamples = 200;
    int recordCount = 1000;       // dispatches recorded per host-time measurement
    double memoryFraction = 0.4;  // of device-local memory and of host RAM, per case
};

// The layouts an operator runs: those of --layout it supports, else its defaults (single-input activations:
// packed, strided, broadcast, inplace; binary operators: all six, with --quick ADD only and the others packed;
// comparisons, IF and CAST: packed).
std::vector<Layout> layoutsFor(const Options& options, const OpSpec& op);

// Parses argv; prints help / errors and exits as CLI11 does.
Options parseOptions(int argc, char** argv);

}  // namespace bench
