// vkdml-bench: the GEMM table. DML_OPERATOR_GEMM (Alpha 1, Beta 0, no C, no fused activation) on FLOAT32 and
// FLOAT16: square M = N = K of 256, 1024, 4096 and 8192 (--quick: 256 and 512) as NN, NT and TN (TransA / TransB),
// a batched {batch 32, M 512, N 512, K 64} and the decode shape M = 1, {1, 4096} x {4096, 14336} (--quick: {1, 1024}
// x {1024, 4096}), the MatMulNBits rows (gemm_nbits.cpp) and the integer ones (gemm_integer.cpp). Each row is timed interleaved with a copy of the same bytes as its three matrices (half of them
// copied: read + written), so that a memory-bound row can be judged; TFLOPS = 2 M N K batch / time. Rows are skipped
// with a note where the matrices exceed --memory-fraction (memoryCheck), where vkdml reports E_NOTIMPL for the shape
// on this device, or (square rows) where one dispatch would last over 10 s at the rate the smaller ones reached.
#include <algorithm>
#include <cstdio>

#include "report.h"
#include "timing.h"

namespace bench {

namespace {

uint64_t alignUp(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

struct GemmCase {
    GemmShapeKind kind = GemmShapeKind::Square;
    bool transA = false, transB = false;
    DML_TENSOR_DATA_TYPE type{};
    uint32_t batch = 1, m = 0, n = 0, k = 0;
};

std::vector<GemmCase> gemmCases(const Options& options) {
    std::vector<GemmCase> cases;
    const std::vector<uint32_t> squares =
        options.quick ? std::vector<uint32_t>{256, 512} : std::vector<uint32_t>{256, 1024, 4096, 8192};
    const uint32_t decodeK = options.quick ? 1024 : 4096, decodeN = options.quick ? 4096 : 14336;
    for (DML_TENSOR_DATA_TYPE type : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16}) {
        if (std::find(options.types.begin(), options.types.end(), type) == options.types.end()) continue;
        for (uint32_t s : squares)
            for (const auto& t : {std::pair<bool, bool>{false, false}, {false, true}, {true, false}})
                cases.push_back({GemmShapeKind::Square, t.first, t.second, type, 1, s, s, s});
        cases.push_back({GemmShapeKind::Batched, false, false, type, 32, 512, 512, 64});
        cases.push_back({GemmShapeKind::Decode, false, false, type, 1, 1, decodeN, decodeK});
    }
    return cases;
}

// {batch,} rows, cols: 2-D tensors for one matrix, 3-D for a batch.
std::vector<UINT> matrixSizes(uint32_t batch, uint32_t rows, uint32_t cols) {
    return batch == 1 ? std::vector<UINT>{rows, cols} : std::vector<UINT>{batch, rows, cols};
}

Stats scaled(const Stats& s, double factor) {
    Stats r;
    r.best = s.best * factor;
    r.median = s.median * factor;
    for (double v : s.samples) r.samples.push_back(v * factor);
    return r;
}

// A square row whose one dispatch would last longer than this, at the best rate the smaller square rows of its type
// reached, is skipped (lavapipe: M = N = K = 8192 would take minutes per dispatch, hours for the row).
constexpr double kMaxDispatchSeconds = 10.0;

std::string fixed(double value, int decimals) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.*f", decimals, value);
    return text;
}

// flopsPerSecond: the best rate of the smaller square rows of this type so far (0: none yet).
GemmRow runRow(const Options& options, DeviceContext& ctx, const GemmCase& c, double flopsPerSecond) {
    GemmRow row;
    row.kind = c.kind;
    row.transA = c.transA;
    row.transB = c.transB;
    row.type = c.type;
    row.batch = c.batch;
    row.m = c.m;
    row.n = c.n;
    row.k = c.k;
    const uint64_t eb = elementBytes(c.type);
    const uint64_t aBytes = uint64_t(c.batch) * c.m * c.k * eb, bBytes = uint64_t(c.batch) * c.k * c.n * eb,
                   outBytes = uint64_t(c.batch) * c.m * c.n * eb;
    row.flops = 2.0 * c.batch * double(c.m) * c.n * c.k;
    row.bytesMoved = aBytes + bBytes + outBytes;
    row.weightBytes = bBytes;
    // One buffer: A, B and the output at 256-byte aligned offsets (the copy runs within it, first half to second).
    const uint64_t aOffset = 0, bOffset = alignUp(aBytes, 256), outOffset = bOffset + alignUp(bBytes, 256);
    const uint64_t bufferBytes = outOffset + alignUp(outBytes, 256);
    row.deviceBytes = bufferBytes;
    if (c.type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) row.note = "no FLOAT16 on this device";
    if (row.note.empty()) row.note = memoryCheck(options, ctx, bufferBytes, 0);
    if (row.note.empty() && c.kind == GemmShapeKind::Square) row.note = tooLongForOneDispatch(row.flops, flopsPerSecond);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    const TensorDesc a(c.type, c.transA ? matrixSizes(c.batch, c.k, c.m) : matrixSizes(c.batch, c.m, c.k), {});
    const TensorDesc b(c.type, c.transB ? matrixSizes(c.batch, c.n, c.k) : matrixSizes(c.batch, c.k, c.n), {});
    const TensorDesc out(c.type, matrixSizes(c.batch, c.m, c.n), {});
    DML_GEMM_OPERATOR_DESC gemm{a.desc(),
                                b.desc(),
                                nullptr,
                                out.desc(),
                                c.transA ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE,
                                c.transB ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE,
                                1.0f,
                                0.0f,
                                nullptr};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_GEMM, &gemm};
    Ref<VkdmlDispatchable> compiled = compileGemmRow(ctx, desc, row);
    if (!compiled) return row;

    Ref<VkdmlBuffer> buffer;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bufferBytes, buffer.put()));
    fillFractions(ctx, buffer, bufferBytes, c.type, 7);
    bindAndTimeGemmRow(options, ctx, row, compiled, buffer,
                       {{aOffset, a.totalBytes()}, {bOffset, b.totalBytes()}, {0, 0}}, {outOffset, out.totalBytes()});
    return row;
}

}  // namespace

std::string tooLongForOneDispatch(double flops, double flopsPerSecond) {
    if (flopsPerSecond <= 0 || flops / flopsPerSecond <= kMaxDispatchSeconds) return {};
    return "one dispatch would last about " + fixed(flops / flopsPerSecond, 0) + " s at the " +
           fixed(flopsPerSecond / 1e12, 4) + " TFLOPS of the smaller rows (limit " + fixed(kMaxDispatchSeconds, 0) +
           " s)";
}

Ref<VkdmlDispatchable> compileGemmRow(DeviceContext& ctx, const DML_OPERATOR_DESC& desc, GemmRow& row) {
    Ref<VkdmlOperator> op;
    BENCH_CHECK(vkdmlCreateOperator(ctx.device, &desc, op.put()));
    Ref<VkdmlDispatchable> compiled;
    const HRESULT hr = vkdmlCompileOperator(ctx.device, op, DML_EXECUTION_FLAG_NONE, compiled.put());
    if (hr == E_NOTIMPL) {  // a documented limit of vkdml's GEMM on this device (binding range, workgroup count)
        row.skipped = true;
        row.note = "not supported here: " + lastVkdmlMessage();
        return {};
    }
    BENCH_CHECK(hr);
    return compiled;
}

void bindAndTimeGemmRow(const Options& options, DeviceContext& ctx, GemmRow& row, VkdmlDispatchable compiled,
                        VkdmlBuffer buffer, const std::vector<BufferRange>& inputs, BufferRange output) {
    Ref<VkdmlBindingTable> table;
    BENCH_CHECK(vkdmlCreateBindingTable(ctx.device, compiled, table.put()));
    std::vector<DML_BUFFER_BINDING> buffers;
    buffers.reserve(inputs.size() + 1);
    std::vector<DML_BINDING_DESC> bindings;
    for (const BufferRange& r : inputs) {
        buffers.push_back({buffer, r.offset, r.bytes});
        bindings.push_back(r.bytes ? DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &buffers.back()}
                                   : DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr});
    }
    buffers.push_back({buffer, output.offset, output.bytes});
    const DML_BINDING_DESC out{DML_BINDING_TYPE_BUFFER, &buffers.back()};
    BENCH_CHECK(vkdmlBindInputs(table, static_cast<UINT>(bindings.size()), bindings.data()));
    BENCH_CHECK(vkdmlBindOutputs(table, 1, &out));
    timeGemmRow(options, ctx, row, compiled, table, buffer, (row.bytesMoved / 2) & ~uint64_t(3));
}

void timeGemmRow(const Options& options, DeviceContext& ctx, GemmRow& row, VkdmlDispatchable dispatchable,
                 VkdmlBindingTable bindings, VkdmlBuffer buffer, uint64_t copyBytes) {
    auto record = [dispatchable, bindings](VkdmlCommandList list) {
        BENCH_CHECK(vkdmlRecordDispatch(list, dispatchable, bindings));
    };
    auto copy = [buffer, copyBytes](VkdmlCommandList list) {
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, buffer, copyBytes, buffer, 0, copyBytes));
    };
    // The op subject counts FLOPs as its "bytes": its gbps() is GFLOP/s.
    auto opSubject = commandListSubject("gemm", ctx.device, row.flops, record);
    auto copySubject = commandListSubject("copy", ctx.device, double(2 * copyBytes), copy);
    for (Subject* s : {opSubject.get(), copySubject.get()}) calibrate(*s, options.minMeasureSeconds);
    measureInterleaved({opSubject.get(), copySubject.get()}, options.repetitions);
    const Stats gflops = opSubject->gbps();
    row.tflops = scaled(gflops, 1e-3);
    row.opGBps = scaled(gflops, double(row.bytesMoved) / row.flops);
    row.weightGBps = scaled(gflops, double(row.weightBytes) / row.flops);
    row.copyGBps = copySubject->gbps();
    row.dispatchesPerList = opSubject->k;
}

const char* gemmShapeName(GemmShapeKind kind) {
    switch (kind) {
        case GemmShapeKind::Square: return "square";
        case GemmShapeKind::Batched: return "batched";
        case GemmShapeKind::Decode: return "decode";
        case GemmShapeKind::NBits: return "nbits";
        case GemmShapeKind::NBitsUnfused: return "nbits-unfused";
        case GemmShapeKind::Integer: return "integer";
    }
    return "?";
}

std::string gemmTransName(bool transA, bool transB) {
    return std::string(transA ? "t" : "n") + (transB ? "t" : "n");
}

int gemmCaseCount(const Options& options) {
    return static_cast<int>(gemmCases(options).size()) + nbitsCaseCount(options) + integerCaseCount(options);
}

void warmGemmKernels(const Options& options, INT adapterIndex) {
    DeviceContext ctx;
    openDevice(ctx, adapterIndex);
    for (const GemmCase& c : gemmCases(options)) {
        if (c.type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) continue;
        const TensorDesc a(c.type, c.transA ? matrixSizes(c.batch, c.k, c.m) : matrixSizes(c.batch, c.m, c.k), {});
        const TensorDesc b(c.type, c.transB ? matrixSizes(c.batch, c.n, c.k) : matrixSizes(c.batch, c.k, c.n), {});
        const TensorDesc out(c.type, matrixSizes(c.batch, c.m, c.n), {});
        DML_GEMM_OPERATOR_DESC gemm{a.desc(), b.desc(), nullptr, out.desc(),
                                    c.transA ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE,
                                    c.transB ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE,
                                    1.0f, 0.0f, nullptr};
        const DML_OPERATOR_DESC desc{DML_OPERATOR_GEMM, &gemm};
        Ref<VkdmlOperator> op;
        BENCH_CHECK(vkdmlCreateOperator(ctx.device, &desc, op.put()));
        Ref<VkdmlDispatchable> compiled;  // E_NOTIMPL here: the row reports it
        (void)vkdmlCompileOperator(ctx.device, op, DML_EXECUTION_FLAG_NONE, compiled.put());
    }
    warmNbitsKernels(options, ctx);
    warmIntegerKernels(options, ctx);
}  // the device's release waits for its background spirv-opt -O, whose modules are now in the disk cache

void runGemm(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    double bestRate[2] = {0, 0};  // FLOP/s of the square rows so far: FLOAT32, FLOAT16
    for (const GemmCase& c : gemmCases(options)) {
        progress.step(std::string("gemm ") + gemmShapeName(c.kind) + " " + gemmTransName(c.transA, c.transB) + " " +
                      typeName(c.type) + " " + std::to_string(c.batch) + "x" + std::to_string(c.m) + "x" +
                      std::to_string(c.n) + "x" + std::to_string(c.k));
        double& rate = bestRate[c.type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 1 : 0];
        report.gemm.push_back(runRow(options, ctx, c, rate));
        const GemmRow& row = report.gemm.back();
        if (row.kind == GemmShapeKind::Square && !row.skipped) rate = std::max(rate, row.tflops.best * 1e12);
    }
    runNbits(options, ctx, report, progress);
    runInteger(options, ctx, report, progress);
}

}  // namespace bench
