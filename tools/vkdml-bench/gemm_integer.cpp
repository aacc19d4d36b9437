// vkdml-bench: the GEMM table's integer rows. DML_OPERATOR_MATRIX_MULTIPLY_INTEGER as ONNX Runtime's MatMulInteger
// reaches it after DynamicQuantizeLinear: UINT8 activations A {M, K} with a per-tensor zero point, INT8 weights B
// ({K, N}: "nn"; stored {N, K} and read through swapped strides: "nt"), INT32 sums. Square M = N = K of 1024 and 4096
// (--quick: 256 and 512); TOPS = 2 M N K / time (the "TFLOPS" column), timed interleaved with a copy of half the
// bytes of the three matrices (read and written), as the other GEMM rows; a row whose one dispatch would last over
// 10 s at the smaller rows' rate is skipped (lavapipe at 4096).
#include <algorithm>

#include <vkdml/vkdml.h>

#include "report.h"

namespace bench {

namespace {

uint64_t alignUp(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

struct IntegerCase {
    bool transB = false;
    uint32_t size = 0;  // M = N = K
};

std::vector<IntegerCase> integerCases(const Options& options) {
    std::vector<IntegerCase> cases;
    const std::vector<uint32_t> sizes = options.quick ? std::vector<uint32_t>{256, 512} : std::vector<uint32_t>{1024, 4096};
    for (uint32_t s : sizes)
        for (bool transB : {false, true}) cases.push_back({transB, s});
    return cases;
}

// The operator's tensors: A, its zero point, B (strides swapped when transposed), the output.
class IntegerTensors {
public:
    explicit IntegerTensors(const IntegerCase& c)
        : a_(DML_TENSOR_DATA_TYPE_UINT8, {c.size, c.size}, {}), aZero_(DML_TENSOR_DATA_TYPE_UINT8, {1, 1}, {}),
          b_(DML_TENSOR_DATA_TYPE_INT8, {c.size, c.size}, c.transB ? std::vector<UINT>{1, c.size} : std::vector<UINT>{}),
          out_(DML_TENSOR_DATA_TYPE_INT32, {c.size, c.size}, {}) {}

    DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC desc() const {
        return {a_.desc(), aZero_.desc(), b_.desc(), nullptr, out_.desc()};
    }
    const TensorDesc& a() const { return a_; }
    const TensorDesc& aZero() const { return aZero_; }
    const TensorDesc& b() const { return b_; }
    const TensorDesc& out() const { return out_; }

private:
    TensorDesc a_, aZero_, b_, out_;
};

// opsPerSecond: the best rate of the smaller integer rows so far (0: none yet).
GemmRow runRow(const Options& options, DeviceContext& ctx, const IntegerCase& c, double opsPerSecond) {
    GemmRow row;
    row.kind = GemmShapeKind::Integer;
    row.transB = c.transB;
    row.type = DML_TENSOR_DATA_TYPE_UINT8;
    row.m = row.n = row.k = c.size;
    const uint64_t matrix = uint64_t(c.size) * c.size;
    row.flops = 2.0 * double(matrix) * c.size;
    row.bytesMoved = matrix + matrix + 4 * matrix;
    row.weightBytes = matrix;
    // One buffer: A, its zero point, B and the output at 256-byte aligned offsets.
    const uint64_t zeroOffset = alignUp(matrix, 256), bOffset = zeroOffset + 256, outOffset = bOffset + alignUp(matrix, 256);
    const uint64_t bufferBytes = outOffset + alignUp(4 * matrix, 256);
    row.deviceBytes = bufferBytes;
    row.note = memoryCheck(options, ctx, bufferBytes, 0);
    if (row.note.empty()) row.note = tooLongForOneDispatch(row.flops, opsPerSecond);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    const IntegerTensors tensors(c);
    const DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC mmi = tensors.desc();
    const DML_OPERATOR_DESC desc{DML_OPERATOR_MATRIX_MULTIPLY_INTEGER, &mmi};
    Ref<VkdmlDispatchable> compiled = compileGemmRow(ctx, desc, row);
    if (!compiled) return row;

    Ref<VkdmlBuffer> buffer;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bufferBytes, buffer.put()));
    fillBytes(ctx, buffer, bufferBytes, 11);
    bindAndTimeGemmRow(options, ctx, row, compiled, buffer,
                       {{0, tensors.a().totalBytes()},
                        {zeroOffset, tensors.aZero().totalBytes()},
                        {bOffset, tensors.b().totalBytes()},
                        {0, 0}},
                       {outOffset, tensors.out().totalBytes()});
    return row;
}

}  // namespace

int integerCaseCount(const Options& options) { return static_cast<int>(integerCases(options).size()); }

void warmIntegerKernels(const Options& options, DeviceContext& ctx) {
    for (const IntegerCase& c : integerCases(options)) {
        const IntegerTensors tensors(c);
        const DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC mmi = tensors.desc();
        const DML_OPERATOR_DESC desc{DML_OPERATOR_MATRIX_MULTIPLY_INTEGER, &mmi};
        Ref<VkdmlOperator> op;
        BENCH_CHECK(vkdmlCreateOperator(ctx.device, &desc, op.put()));
        Ref<VkdmlDispatchable> compiled;  // E_NOTIMPL here: the row reports it
        (void)vkdmlCompileOperator(ctx.device, op, DML_EXECUTION_FLAG_NONE, compiled.put());
    }
}

void runInteger(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    double rate = 0;
    for (const IntegerCase& c : integerCases(options)) {
        progress.step(std::string("gemm integer ") + (c.transB ? "nt" : "nn") + " u8 x i8 " + std::to_string(c.size));
        report.gemm.push_back(runRow(options, ctx, c, rate));
        const GemmRow& row = report.gemm.back();
        if (!row.skipped) rate = std::max(rate, row.tflops.best * 1e12);
    }
}

}  // namespace bench
