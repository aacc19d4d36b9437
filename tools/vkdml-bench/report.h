// vkdml-bench: what a run measured, and the sections that measure it.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "common.h"
#include "options.h"
#include "workload.h"

namespace bench {

// One row of the throughput table: an operator, its (input) data type, a layout and a size.
struct ThroughputCase {
    const OpSpec* op = nullptr;
    DML_TENSOR_DATA_TYPE type{};
    Layout layout{};
    uint64_t elements = 0;
};
// Every size x type x layout x operator the options select, in that loop order; the operators' own types and
// layouts only (OpSpec::takesType, layoutsFor).
std::vector<ThroughputCase> throughputCases(const Options& options);

struct ThroughputRow {
    const OpSpec* op = nullptr;
    DML_TENSOR_DATA_TYPE type{}, outputType{};
    Layout layout{};
    uint64_t elements = 0;
    bool skipped = false;
    std::string note;          // why skipped
    uint64_t bytesMoved = 0;   // per dispatch: Geometry::bytesMoved (inputs read + output written)
    uint64_t deviceBytes = 0;  // allocated for the case
    uint32_t dispatchesPerList = 0, copiesPerList = 0;
    Stats opGBps, copyGBps;  // best / median
    double recordUs = 0;     // host microseconds per vkdmlRecordDispatch
};

struct LatencyRow {
    const OpSpec* op = nullptr;
    DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32;  // a CAST row's input type
    uint64_t elements = 256;
    Stats vkdmlUs, rawUs;  // execute+wait of one dispatch / submit+wait of an empty command buffer
    Stats vkdmlEmptyUs;    // execute+wait of an empty vkdml command list: vkdml's own submission cost
    Stats rawDispatchUs;   // raw Vulkan submit+wait of one empty-shader dispatch: the driver's dispatch floor
    double recordUs = 0;   // host microseconds per vkdmlRecordDispatch of this dispatch
};

// Milliseconds of vkdmlCompileOperator for one operator and data type (packed layout). The "new process" figures come
// from probes: this binary re-executed with --compile-probe and cache directories chosen by the parent.
struct PipelineRow {
    const OpSpec* op = nullptr;
    DML_TENSOR_DATA_TYPE type{};
    double deviceCreateMs = 0;        // vkdmlCreateDevice, the first device of a new process (figure 1's probe)
    double firstCompileMs = 0;        // 1. first compile of a new process, empty caches: glslang initialization too
    double newProgramWarmMs = 0;      // 2. a program new to the process and the disk cache, after glslang ran
    double diskHitNewProcessMs = 0;   // 3. a new process whose cache directory holds figure 2's SPIR-V and
                                      //    VkPipelineCache file: glslang skipped, the pipeline still created
    double memoryHitMs = 0;           // 4. the same program again (other size) on figure 2's device: in memory
};

struct BaselineRow {
    const OpSpec* op = nullptr;
    uint64_t elements = 0;
    bool skipped = false;
    std::string note;
    Stats vkdmlGBps, naiveShaderGBps, hostLoopGBps, copyGBps;
    bool naiveShader = true;  // false when VKDML_BENCH_NAIVE_KERNELS cannot apply (n % 4 != 0)
    std::string hostBuffers;  // "mapped vkdml DEFAULT buffers" or "host vectors"
};

// One row of the fusion table: a chain of `nodes` element-wise nodes on `elements` elements, compiled as a graph fused
// and with VKDML_DISABLE_FUSION=1, timed interleaved with a copy; GB/s of the graph's external bytes.
struct FusionRow {
    DML_TENSOR_DATA_TYPE type{};
    int nodes = 0;
    uint64_t elements = 0;
    uint64_t externalBytes = 0;  // the two inputs read + the output written
    bool skipped = false;
    std::string note;
    Stats fusedGBps, unfusedGBps, copyGBps;
    double fusedCompileMs = 0, unfusedCompileMs = 0;  // vkdmlCompileGraph, this process (caches as configured)
};

// One row of the reductions table: an operator over rows of `rowLength` elements of an {elements / rowLength,
// rowLength} tensor, timed interleaved with a copy of the same bytes and ELEMENT_WISE_EXP of the same tensor.
// SkipLayerNorm: the graph ADD(x, skip) -> layer norm, which runs as one kernel (both inputs read, one output written).
enum class ReductionKind { Sum, Max, Softmax, LayerNorm, SkipLayerNorm, RmsNorm, Exp };
const char* reductionName(ReductionKind kind);
struct ReductionRow {
    ReductionKind kind = ReductionKind::Sum;
    DML_TENSOR_DATA_TYPE type{};
    uint64_t elements = 0;
    uint32_t rowLength = 0;
    uint64_t bytesMoved = 0;  // the input read + the output written
    bool skipped = false;
    std::string note;
    Stats opGBps, expGBps, copyGBps;  // exp: GB/s of its own bytes (the tensor read and written)
};

// One row of the GEMM table: DML_OPERATOR_GEMM (Alpha 1, Beta 0, no C) of batch x {M x K} x {K x N}, TransA / TransB
// as named, timed interleaved with a copy of the same bytes as its three matrices (half of them read and written).
// NBits, NBitsUnfused: the MatMulNBits graph (gemm_nbits.cpp), fused and with fusion off; weightBytes then counts
// the packed weights and their scales. Integer: MATRIX_MULTIPLY_INTEGER of UINT8 A and INT8 B (gemm_integer.cpp),
// its TOPS in `tflops`.
enum class GemmShapeKind { Square, Batched, Decode, NBits, NBitsUnfused, Integer };
// "square", "batched", "decode", "nbits", "nbits-unfused", "integer"
const char* gemmShapeName(GemmShapeKind kind);
std::string gemmTransName(bool transA, bool transB);     // "nn", "nt", "tn"
struct GemmRow {
    GemmShapeKind kind = GemmShapeKind::Square;
    bool transA = false, transB = false;
    DML_TENSOR_DATA_TYPE type{};
    uint32_t batch = 1, m = 0, n = 0, k = 0;
    double flops = 0;          // 2 M N K batch per dispatch
    uint64_t bytesMoved = 0;   // A, B and the output, each once
    uint64_t weightBytes = 0;  // B (K N element bytes per batch matrix): the decode row's weights
    uint64_t deviceBytes = 0;  // the one buffer holding the three matrices
    uint32_t dispatchesPerList = 0;
    bool skipped = false;
    std::string note;
    Stats tflops;      // 2 M N K batch / time, 1e12
    Stats opGBps;      // bytesMoved / time
    Stats weightGBps;  // weightBytes / time
    Stats copyGBps;
};

struct Report {
    std::string date;
    std::string buildType;
    VKDML_ADAPTER_INFO adapter{};
    uint64_t hostRamBytes = 0;
    std::string cacheMode;  // "fresh temporary directory" / "environment"
    std::string rawVulkanDevice;
    std::string loadAverageStart, loadAverageEnd;  // /proc/loadavg: the machine's other work during the run
    const Options* options = nullptr;
    std::vector<std::string> notes;
    std::vector<ThroughputRow> throughput;
    std::vector<LatencyRow> latency;
    std::vector<PipelineRow> pipelines;
    std::vector<BaselineRow> baselines;
    std::vector<FusionRow> fusion;
    std::vector<ReductionRow> reductions;
    std::vector<GemmRow> gemm;
};

// Progress on stderr: "\r[12/96] celu f16 strided 64M ...".
class Progress {
public:
    Progress(bool enabled, int total) : enabled_(enabled), total_(total) {}
    void step(const std::string& what);
    void done();

private:
    bool enabled_;
    int total_, current_ = 0;
    size_t lastWidth_ = 0;
};

// The (operator, data type) rows of the pipeline table: all selected; with --quick at most celu and linear, f32.
std::vector<std::pair<const OpSpec*, DML_TENSOR_DATA_TYPE>> pipelineCases(const Options& options);
// The body of a --compile-probe process: prints one "vkdml-bench-compile-probe ..." line on stdout; returns the
// exit status.
int runCompileProbe(const Options& options);

// The sections (each appends its rows to the report).
// Compiles every kernel the throughput section will time on a throwaway device, so that the section runs the
// spirv-opt -O'd kernels every process after the first one gets from the disk cache (the first process runs
// unoptimized ones while the background optimizer works).
void warmKernelCache(const Options& options, INT adapterIndex);
void runPipelines(const Options& options, Report& report, Progress& progress);  // probes use options.adapter
void runLatency(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
void runThroughput(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
void runBaselines(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
void runFusion(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
void runReductions(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
int reductionCaseCount(const Options& options);
void runGemm(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
int gemmCaseCount(const Options& options);
// warmKernelCache for the GEMM table's operators (every row's shape is its own pipeline).
void warmGemmKernels(const Options& options, INT adapterIndex);
// Times a GEMM row's compiled operator or graph (bound by `bindings`) interleaved with a copy of `copyBytes` within
// `buffer`, and fills the row's rates (its flops, bytesMoved and weightBytes set).
void timeGemmRow(const Options& options, DeviceContext& ctx, GemmRow& row, VkdmlDispatchable dispatchable,
                 VkdmlBindingTable bindings, VkdmlBuffer buffer, uint64_t copyBytes);
// Why a row of `flops` is skipped at the rate (FLOP/s) the smaller rows of its kind reached (0: none yet), where one
// dispatch would take too long (lavapipe); empty when it runs.
std::string tooLongForOneDispatch(double flops, double flopsPerSecond);
// The operator of `desc` compiled; null, with the row skipped and its note set, where vkdml reports E_NOTIMPL.
Ref<VkdmlDispatchable> compileGemmRow(DeviceContext& ctx, const DML_OPERATOR_DESC& desc, GemmRow& row);
// A range of a buffer; bytes 0: an absent optional tensor.
struct BufferRange {
    uint64_t offset = 0, bytes = 0;
};
// Binds a compiled operator's inputs and output to ranges of `buffer` and times it with timeGemmRow (the copy: half
// the row's bytesMoved).
void bindAndTimeGemmRow(const Options& options, DeviceContext& ctx, GemmRow& row, VkdmlDispatchable compiled,
                        VkdmlBuffer buffer, const std::vector<BufferRange>& inputs, BufferRange output);
// The GEMM table's MatMulNBits rows (gemm_nbits.cpp), which runGemm runs after the others.
void runNbits(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
int nbitsCaseCount(const Options& options);
void warmNbitsKernels(const Options& options, DeviceContext& ctx);
// The GEMM table's integer rows (gemm_integer.cpp), which runGemm runs last.
void runInteger(const Options& options, DeviceContext& ctx, Report& report, Progress& progress);
int integerCaseCount(const Options& options);
void warmIntegerKernels(const Options& options, DeviceContext& ctx);

// Memory caps: empty when the case fits, else the reason it is skipped.
std::string memoryCheck(const Options& options, const DeviceContext& ctx, uint64_t deviceBytes, uint64_t hostBytes);

void printTables(const Report& report);
void printJson(const Report& report);

}  // namespace bench
