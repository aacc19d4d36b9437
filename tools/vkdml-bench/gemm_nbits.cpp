// vkdml-bench: the GEMM table's MatMulNBits rows. ONNX Runtime's MatMulNBits as its DirectML provider emits it: a
// graph of DEQUANTIZE (INT4 weights {N, K}, FLOAT scales {N, K / 32} given by sizes: blocks of 32 along K) -> GEMM
// (A {M, K} times the weights transposed). M = 1 and 16 (decode steps, where vkdml fuses the DEQUANTIZE into GEMM's
// loads of B) and 128 (a prefill), K = 4096, N = 14336 (--quick: 512, 2048); each compiled fused ("nbits") and with
// fusion off ("nbits-unfused": the DEQUANTIZE writes the weights as floats, GEMM reads them), each timed interleaved
// with a copy of the packed weights' bytes. Weights GB/s = the packed weights and their scales / time.
#include <algorithm>
#include <deque>

#include <vkdml/vkdml_testing.h>

#include "report.h"

namespace bench {

namespace {

constexpr uint32_t kBlock = 32;

uint64_t alignUp(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

struct NbitsCase {
    DML_TENSOR_DATA_TYPE type{};
    uint32_t m = 0, n = 0, k = 0;
};

std::vector<NbitsCase> nbitsCases(const Options& options) {
    std::vector<NbitsCase> cases;
    const uint32_t k = options.quick ? 512 : 4096, n = options.quick ? 2048 : 14336;
    for (DML_TENSOR_DATA_TYPE type : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16}) {
        if (std::find(options.types.begin(), options.types.end(), type) == options.types.end()) continue;
        for (uint32_t m : {1u, 16u, 128u}) cases.push_back({type, m, n, k});
    }
    return cases;
}

// The two-node graph and the tensors it names. Packed INT4 weights: TotalTensorSizeInBytes is half a byte per
// element, rounded up to 4 (the bench's TensorDesc counts whole bytes, so this one is built here).
class NbitsGraph {
public:
    NbitsGraph(VkdmlDevice device, const NbitsCase& c)
        : a_(c.type, {1, 1, c.m, c.k}, {}), scales_(c.type, {1, 1, c.n, c.k / kBlock}, {}),
          weights_(c.type, {1, 1, c.n, c.k}, {}), out_(c.type, {1, 1, c.m, c.n}, {}) {
        packedSizes_ = {1, 1, c.n, c.k};
        packed_ = {DML_TENSOR_DATA_TYPE_INT4, DML_TENSOR_FLAG_NONE, 4, packedSizes_.data(), nullptr,
                   alignUp((uint64_t(c.n) * c.k + 1) / 2, 4), 0};
        packedDesc_ = {DML_TENSOR_TYPE_BUFFER, &packed_};
        const DML_TENSOR_DESC quantization[1] = {*scales_.desc()};
        DML_DEQUANTIZE_OPERATOR_DESC deq{&packedDesc_, DML_QUANTIZATION_TYPE_SCALE, 1, quantization, weights_.desc()};
        DML_GEMM_OPERATOR_DESC gemm{a_.desc(), weights_.desc(), nullptr, out_.desc(), DML_MATRIX_TRANSFORM_NONE,
                                    DML_MATRIX_TRANSFORM_TRANSPOSE, 1.0f, 0.0f, nullptr};
        const DML_OPERATOR_DESC descs[2] = {{DML_OPERATOR_DEQUANTIZE, &deq}, {DML_OPERATOR_GEMM, &gemm}};
        for (const DML_OPERATOR_DESC& desc : descs) {
            BENCH_CHECK(vkdmlCreateOperator(device, &desc, operators_.emplace_back().put()));
            operatorNodes_.push_back({operators_.back().get(), nullptr});
            nodes_.push_back({DML_GRAPH_NODE_TYPE_OPERATOR, &operatorNodes_.back()});
        }
        inputs_ = {{0, 1, 0, nullptr}, {1, 0, 0, nullptr}, {2, 0, 1, nullptr}};  // A -> GEMM; weights, scales -> DEQ
        intermediate_ = {0, 0, 1, 1, nullptr};
        output_ = {1, 0, 0, nullptr};
        for (auto& e : inputs_) inputEdges_.push_back({DML_GRAPH_EDGE_TYPE_INPUT, &e});
        intermediateEdge_ = {DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &intermediate_};
        outputEdge_ = {DML_GRAPH_EDGE_TYPE_OUTPUT, &output_};
    }

    DML_GRAPH_DESC desc() const {
        return {3, 1, UINT(nodes_.size()), nodes_.data(), UINT(inputEdges_.size()), inputEdges_.data(), 1,
                &outputEdge_, 1, &intermediateEdge_};
    }
    uint64_t aBytes() const { return a_.totalBytes(); }
    uint64_t packedBytes() const { return packed_.TotalTensorSizeInBytes; }
    uint64_t scaleBytes() const { return scales_.totalBytes(); }
    uint64_t outBytes() const { return out_.totalBytes(); }

private:
    TensorDesc a_, scales_, weights_, out_;
    std::vector<UINT> packedSizes_;
    DML_BUFFER_TENSOR_DESC packed_{};
    DML_TENSOR_DESC packedDesc_{};
    std::deque<Ref<VkdmlOperator>> operators_;
    std::deque<DML_OPERATOR_GRAPH_NODE_DESC> operatorNodes_;
    std::vector<DML_GRAPH_NODE_DESC> nodes_;
    std::vector<DML_INPUT_GRAPH_EDGE_DESC> inputs_;
    DML_INTERMEDIATE_GRAPH_EDGE_DESC intermediate_{};
    DML_OUTPUT_GRAPH_EDGE_DESC output_{};
    std::vector<DML_GRAPH_EDGE_DESC> inputEdges_;
    DML_GRAPH_EDGE_DESC intermediateEdge_{}, outputEdge_{};
};

HRESULT compileGraph(DeviceContext& ctx, const NbitsGraph& graph, bool fused, VkdmlDispatchable* compiled) {
    BENCH_CHECK(vkdmlTestSetOption(ctx.device, VKDML_TEST_OPTION_FUSION, fused ? 1 : 0));
    const DML_GRAPH_DESC desc = graph.desc();
    const HRESULT hr = vkdmlCompileGraph(ctx.device, &desc, DML_EXECUTION_FLAG_NONE, compiled);
    BENCH_CHECK(vkdmlTestSetOption(ctx.device, VKDML_TEST_OPTION_FUSION, 1));
    return hr;
}

GemmRow runRow(const Options& options, DeviceContext& ctx, const NbitsCase& c, bool fused) {
    GemmRow row;
    row.kind = fused ? GemmShapeKind::NBits : GemmShapeKind::NBitsUnfused;
    row.transB = true;
    row.type = c.type;
    row.m = c.m;
    row.n = c.n;
    row.k = c.k;
    row.flops = 2.0 * double(c.m) * c.n * c.k;
    if (c.type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) row.note = "no FLOAT16 on this device";
    if (!row.note.empty()) {
        row.skipped = true;
        return row;
    }
    const NbitsGraph graph(ctx.device, c);
    row.weightBytes = graph.packedBytes() + graph.scaleBytes();
    row.bytesMoved = graph.aBytes() + row.weightBytes + graph.outBytes();
    // One buffer: A, the packed weights, the scales, the output; the unfused graph's temporary resource beside it.
    const uint64_t aOffset = 0, qOffset = alignUp(graph.aBytes(), 256), sOffset = qOffset + alignUp(graph.packedBytes(), 256),
                   outOffset = sOffset + alignUp(graph.scaleBytes(), 256), bufferBytes = outOffset + alignUp(graph.outBytes(), 256);
    row.deviceBytes = bufferBytes;
    const uint64_t floatWeights = uint64_t(c.n) * c.k * elementBytes(c.type);
    row.note = memoryCheck(options, ctx, bufferBytes + (fused ? 0 : floatWeights), 0);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    Ref<VkdmlDispatchable> compiled;
    const HRESULT hr = compileGraph(ctx, graph, fused, compiled.put());
    if (hr == E_NOTIMPL) {
        row.skipped = true;
        row.note = "not supported here: " + lastVkdmlMessage();
        return row;
    }
    BENCH_CHECK(hr);
    Ref<VkdmlBuffer> buffer, temporary;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bufferBytes, buffer.put()));
    fillFractions(ctx, buffer, bufferBytes, c.type, 11);  // any bytes are INT4 weights; fractions for A and scales
    Ref<VkdmlBindingTable> table;
    BENCH_CHECK(vkdmlCreateBindingTable(ctx.device, compiled, table.put()));
    DML_BUFFER_BINDING ab{buffer, aOffset, graph.aBytes()}, qb{buffer, qOffset, graph.packedBytes()},
        sb{buffer, sOffset, graph.scaleBytes()}, ob{buffer, outOffset, graph.outBytes()};
    const DML_BINDING_DESC inputs[3] = {
        {DML_BINDING_TYPE_BUFFER, &ab}, {DML_BINDING_TYPE_BUFFER, &qb}, {DML_BINDING_TYPE_BUFFER, &sb}};
    const DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &ob};
    BENCH_CHECK(vkdmlBindInputs(table, 3, inputs));
    BENCH_CHECK(vkdmlBindOutputs(table, 1, &output));
    const DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(compiled);
    if (props.TemporaryResourceSize) {
        BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, props.TemporaryResourceSize, temporary.put()));
        DML_BUFFER_BINDING tb{temporary, 0, props.TemporaryResourceSize};
        const DML_BINDING_DESC binding{DML_BINDING_TYPE_BUFFER, &tb};
        BENCH_CHECK(vkdmlBindTemporaryResource(table, &binding));
    }

    timeGemmRow(options, ctx, row, compiled, table, buffer, std::min(row.weightBytes, bufferBytes / 2) & ~uint64_t(3));
    return row;
}

}  // namespace

int nbitsCaseCount(const Options& options) { return static_cast<int>(2 * nbitsCases(options).size()); }

void warmNbitsKernels(const Options& options, DeviceContext& ctx) {
    for (const NbitsCase& c : nbitsCases(options)) {
        if (c.type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) continue;
        const NbitsGraph graph(ctx.device, c);
        for (bool fused : {true, false}) {
            Ref<VkdmlDispatchable> compiled;  // E_NOTIMPL here: the row reports it
            (void)compileGraph(ctx, graph, fused, compiled.put());
        }
    }
}

void runNbits(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    for (const NbitsCase& c : nbitsCases(options))
        for (bool fused : {true, false}) {
            progress.step(std::string("gemm nbits ") + (fused ? "" : "unfused ") + typeName(c.type) + " " +
                          std::to_string(c.m) + "x" + std::to_string(c.n) + "x" + std::to_string(c.k));
            report.gemm.push_back(runRow(options, ctx, c, fused));
        }
}

}  // namespace bench
