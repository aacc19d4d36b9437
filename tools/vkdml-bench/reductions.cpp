// vkdml-bench: the reductions table. REDUCE SUM and MAX over the last axis, SOFTMAX1, a layer normalization (MVN1
// with scale and bias), the same after an ADD of a second tensor as a graph (SkipLayerNormalization, fused into one
// kernel) and an RMS normalization (MVN2 without the mean) on 16M and 64M elements (1M with --quick) as rows of 64 to
// 65536, as 32 rows (a group normalization's) and as one row, each timed interleaved with a copy of the same bytes and
// with ELEMENT_WISE_EXP of the same tensor (the cost of one pass of transcendental element-wise work over it).
#include <algorithm>

#include "report.h"
#include "timing.h"

namespace bench {

namespace {

// The tensors and operator of one row: input {rows, cols}, output {rows, 1} or {rows, cols}, scale and bias {1, cols}.
struct ReductionOperator {
    std::unique_ptr<TensorDesc> input, output, scale, bias;
    Ref<VkdmlOperator> op;
};

ReductionOperator makeOperator(VkdmlDevice device, ReductionKind kind, DML_TENSOR_DATA_TYPE type, UINT rows,
                               UINT cols) {
    ReductionOperator r;
    const bool reduces = kind == ReductionKind::Sum || kind == ReductionKind::Max;
    r.input = std::make_unique<TensorDesc>(type, std::vector<UINT>{rows, cols}, std::vector<UINT>{});
    r.output = std::make_unique<TensorDesc>(type, std::vector<UINT>{rows, reduces ? 1u : cols}, std::vector<UINT>{});
    r.scale = std::make_unique<TensorDesc>(type, std::vector<UINT>{1, cols}, std::vector<UINT>{});
    r.bias = std::make_unique<TensorDesc>(type, std::vector<UINT>{1, cols}, std::vector<UINT>{});
    const UINT axes[] = {1};
    DML_REDUCE_OPERATOR_DESC reduce{kind == ReductionKind::Sum ? DML_REDUCE_FUNCTION_SUM : DML_REDUCE_FUNCTION_MAX,
                                    r.input->desc(), r.output->desc(), 1, axes};
    DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC softmax{r.input->desc(), r.output->desc(), 1, axes};
    DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC layerNorm{r.input->desc(), r.scale->desc(), r.bias->desc(),
                                                             r.output->desc(), 1, axes, TRUE, 1e-5f, nullptr};
    DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC rmsNorm{r.input->desc(), r.scale->desc(), nullptr,
                                                           r.output->desc(), 1, axes, FALSE, TRUE, 1e-5f, nullptr};
    DML_ELEMENT_WISE_EXP_OPERATOR_DESC exp{r.input->desc(), r.output->desc(), nullptr};
    DML_OPERATOR_DESC desc{};
    switch (kind) {
        case ReductionKind::Sum:
        case ReductionKind::Max: desc = {DML_OPERATOR_REDUCE, &reduce}; break;
        case ReductionKind::Softmax: desc = {DML_OPERATOR_ACTIVATION_SOFTMAX1, &softmax}; break;
        case ReductionKind::LayerNorm:
        case ReductionKind::SkipLayerNorm: desc = {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1, &layerNorm}; break;
        case ReductionKind::RmsNorm: desc = {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2, &rmsNorm}; break;
        case ReductionKind::Exp: desc = {DML_OPERATOR_ELEMENT_WISE_EXP, &exp}; break;
    }
    BENCH_CHECK(vkdmlCreateOperator(device, &desc, r.op.put()));
    return r;
}

// The operator compiled and bound: input `in`, output `out`, scale and bias `params` (both at offset 0).
struct BoundOperator {
    Ref<VkdmlDispatchable> compiled;
    Ref<VkdmlBindingTable> table;
    Ref<VkdmlBuffer> temporary;  // where the operator asks for one (rows split into parts)
};

void bindTemporary(VkdmlDevice device, BoundOperator& b) {
    const uint64_t bytes = vkdmlGetBindingProperties(b.compiled).TemporaryResourceSize;
    if (bytes == 0) return;
    BENCH_CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes, b.temporary.put()));
    DML_BUFFER_BINDING binding{b.temporary.get(), 0, bytes};
    const DML_BINDING_DESC desc{DML_BINDING_TYPE_BUFFER, &binding};
    BENCH_CHECK(vkdmlBindTemporaryResource(b.table, &desc));
}

// A documented limit of vkdml on this device (E_NOTIMPL from compilation: a tensor past the binding range, say): the
// row is skipped with vkdml's message.
struct NotSupportedHere {
    std::string message;
};

void checkCompiled(HRESULT hr) {
    if (hr == E_NOTIMPL) throw NotSupportedHere{lastVkdmlMessage()};
    BENCH_CHECK(hr);
}

BoundOperator bindOperator(VkdmlDevice device, ReductionKind kind, const ReductionOperator& r, VkdmlBuffer in,
                           VkdmlBuffer out, VkdmlBuffer params) {
    BoundOperator b;
    checkCompiled(vkdmlCompileOperator(device, r.op, DML_EXECUTION_FLAG_NONE, b.compiled.put()));
    BENCH_CHECK(vkdmlCreateBindingTable(device, b.compiled, b.table.put()));
    DML_BUFFER_BINDING ib{in, 0, r.input->totalBytes()}, ob{out, 0, r.output->totalBytes()},
        pb{params, 0, r.scale->totalBytes()};
    std::vector<DML_BINDING_DESC> inputs = {{DML_BINDING_TYPE_BUFFER, &ib}};
    if (kind == ReductionKind::LayerNorm) inputs.insert(inputs.end(), 2, {DML_BINDING_TYPE_BUFFER, &pb});
    if (kind == ReductionKind::RmsNorm) {
        inputs.push_back({DML_BINDING_TYPE_BUFFER, &pb});
        inputs.push_back({DML_BINDING_TYPE_NONE, nullptr});
    }
    const DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &ob};
    BENCH_CHECK(vkdmlBindInputs(b.table, UINT(inputs.size()), inputs.data()));
    BENCH_CHECK(vkdmlBindOutputs(b.table, 1, &output));
    bindTemporary(device, b);
    return b;
}

// SkipLayerNorm: ADD(in, skip) -> the layer norm `r`, compiled as a graph (graph inputs: in, skip, scale, bias).
BoundOperator bindSkipLayerNorm(VkdmlDevice device, const ReductionOperator& r, VkdmlBuffer in, VkdmlBuffer skip,
                                VkdmlBuffer out, VkdmlBuffer params) {
    Ref<VkdmlOperator> add;
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC addDesc{r.input->desc(), r.input->desc(), r.input->desc()};
    const DML_OPERATOR_DESC addOp{DML_OPERATOR_ELEMENT_WISE_ADD, &addDesc};
    BENCH_CHECK(vkdmlCreateOperator(device, &addOp, add.put()));
    DML_OPERATOR_GRAPH_NODE_DESC nodes[2] = {{add.get(), nullptr}, {r.op.get(), nullptr}};
    const DML_GRAPH_NODE_DESC graphNodes[2] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &nodes[0]},
                                               {DML_GRAPH_NODE_TYPE_OPERATOR, &nodes[1]}};
    DML_INPUT_GRAPH_EDGE_DESC inputs[4] = {{0, 0, 0, nullptr}, {1, 0, 1, nullptr}, {2, 1, 1, nullptr}, {3, 1, 2, nullptr}};
    DML_INTERMEDIATE_GRAPH_EDGE_DESC sum{0, 0, 1, 0, nullptr};
    DML_OUTPUT_GRAPH_EDGE_DESC output{1, 0, 0, nullptr};
    DML_GRAPH_EDGE_DESC inputEdges[4], sumEdge{DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &sum},
        outputEdge{DML_GRAPH_EDGE_TYPE_OUTPUT, &output};
    for (int i = 0; i < 4; ++i) inputEdges[i] = {DML_GRAPH_EDGE_TYPE_INPUT, &inputs[i]};
    const DML_GRAPH_DESC graph{4, 1, 2, graphNodes, 4, inputEdges, 1, &outputEdge, 1, &sumEdge};
    BoundOperator b;
    checkCompiled(vkdmlCompileGraph(device, &graph, DML_EXECUTION_FLAG_NONE, b.compiled.put()));
    BENCH_CHECK(vkdmlCreateBindingTable(device, b.compiled, b.table.put()));
    DML_BUFFER_BINDING ib{in, 0, r.input->totalBytes()}, sb{skip, 0, r.input->totalBytes()},
        ob{out, 0, r.output->totalBytes()}, pb{params, 0, r.scale->totalBytes()};
    const DML_BINDING_DESC bound[4] = {{DML_BINDING_TYPE_BUFFER, &ib}, {DML_BINDING_TYPE_BUFFER, &sb},
                                       {DML_BINDING_TYPE_BUFFER, &pb}, {DML_BINDING_TYPE_BUFFER, &pb}};
    const DML_BINDING_DESC boundOutput{DML_BINDING_TYPE_BUFFER, &ob};
    BENCH_CHECK(vkdmlBindInputs(b.table, 4, bound));
    BENCH_CHECK(vkdmlBindOutputs(b.table, 1, &boundOutput));
    bindTemporary(device, b);
    return b;
}

ReductionRow runRow(const Options& options, DeviceContext& ctx, ReductionKind kind, DML_TENSOR_DATA_TYPE type,
                    uint64_t elements, UINT cols) {
    ReductionRow row;
    row.kind = kind;
    row.type = type;
    row.elements = elements;
    row.rowLength = cols;
    const UINT rows = static_cast<UINT>(elements / cols);
    const uint64_t bytes = elements * elementBytes(type);
    const bool reduces = kind == ReductionKind::Sum || kind == ReductionKind::Max;
    const bool skip = kind == ReductionKind::SkipLayerNorm;
    row.bytesMoved = (skip ? 2 : 1) * bytes + (reduces ? uint64_t(rows) * elementBytes(type) : bytes);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) row.note = "no FLOAT16 on this device";
    if (row.note.empty()) row.note = memoryCheck(options, ctx, (skip ? 3 : 2) * bytes, 0);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    Ref<VkdmlBuffer> in, out, params, second;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bytes, in.put()));
    if (skip) BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bytes, second.put()));
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bytes, out.put()));
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, (uint64_t(cols) * 4 + 255) & ~uint64_t(255),
                                  params.put()));
    const ReductionOperator op = makeOperator(ctx.device, kind, type, rows, cols);
    const ReductionOperator exp = makeOperator(ctx.device, ReductionKind::Exp, type, rows, cols);
    BoundOperator bound, boundExp;
    try {
        bound = skip ? bindSkipLayerNorm(ctx.device, op, in, second, out, params)
                     : bindOperator(ctx.device, kind, op, in, out, params);
        boundExp = bindOperator(ctx.device, ReductionKind::Exp, exp, in, out, params);
    } catch (const NotSupportedHere& e) {
        row.skipped = true;
        row.note = "not supported here: " + e.message;
        return row;
    }
    auto recordOf = [](const BoundOperator& b) {
        VkdmlDispatchable compiled = b.compiled;
        VkdmlBindingTable table = b.table;
        return [compiled, table](VkdmlCommandList list) { BENCH_CHECK(vkdmlRecordDispatch(list, compiled, table)); };
    };
    VkdmlBuffer src = in, dst = out;
    const uint64_t copyBytes = std::min(row.bytesMoved / 2, bytes) & ~uint64_t(3);  // a rate: any size near it
    auto copy = [src, dst, copyBytes](VkdmlCommandList list) {
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, dst, 0, src, 0, copyBytes));
    };
    auto opSubject = commandListSubject("op", ctx.device, double(row.bytesMoved), recordOf(bound));
    auto expSubject = commandListSubject("exp", ctx.device, double(2 * bytes), recordOf(boundExp));
    auto copySubject = commandListSubject("copy", ctx.device, double(2 * copyBytes), copy);
    for (Subject* s : {opSubject.get(), expSubject.get(), copySubject.get()}) calibrate(*s, options.minMeasureSeconds);
    measureInterleaved({opSubject.get(), expSubject.get(), copySubject.get()}, options.repetitions);
    row.opGBps = opSubject->gbps();
    row.expGBps = expSubject->gbps();
    row.copyGBps = copySubject->gbps();
    return row;
}

}  // namespace

const char* reductionName(ReductionKind kind) {
    switch (kind) {
        case ReductionKind::Sum: return "reduce_sum";
        case ReductionKind::Max: return "reduce_max";
        case ReductionKind::Softmax: return "softmax1";
        case ReductionKind::LayerNorm: return "layer_norm";
        case ReductionKind::SkipLayerNorm: return "add_layer_norm";
        case ReductionKind::RmsNorm: return "rms_norm";
        case ReductionKind::Exp: return "exp";
    }
    return "?";
}

std::vector<UINT> reductionRowLengths(const Options& options, uint64_t elements) {
    std::vector<uint64_t> lengths = options.reductionRowLengths;
    if (lengths.empty())
        lengths = options.quick ? std::vector<uint64_t>{64, 4096}
                                : std::vector<uint64_t>{64, 1024, 4096, 65536, elements / 32, 0};
    std::vector<UINT> rows;
    for (uint64_t length : lengths)
        if (length <= elements && elements % std::max<uint64_t>(length, 1) == 0)
            rows.push_back(static_cast<UINT>(length == 0 ? elements : length));
    return rows;
}

std::vector<uint64_t> reductionSizes(const Options& options) {
    if (!options.reductionSizes.empty()) return options.reductionSizes;
    return options.quick ? std::vector<uint64_t>{1ull << 20} : std::vector<uint64_t>{16ull << 20, 64ull << 20};
}

// The table's operators, those --reduction names where it names any.
std::vector<ReductionKind> reductionKinds(const Options& options) {
    std::vector<ReductionKind> kinds;
    for (ReductionKind kind : {ReductionKind::Sum, ReductionKind::Max, ReductionKind::Softmax, ReductionKind::LayerNorm,
                               ReductionKind::SkipLayerNorm, ReductionKind::RmsNorm})
        if (options.reductionRows.empty() ||
            std::find(options.reductionRows.begin(), options.reductionRows.end(), reductionName(kind)) !=
                options.reductionRows.end())
            kinds.push_back(kind);
    return kinds;
}

int reductionCaseCount(const Options& options) {
    int types = 0;
    for (DML_TENSOR_DATA_TYPE t : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16})
        types += std::find(options.types.begin(), options.types.end(), t) != options.types.end() ? 1 : 0;
    size_t rows = 0;
    for (uint64_t elements : reductionSizes(options)) rows += reductionRowLengths(options, elements).size();
    return types * static_cast<int>(reductionKinds(options).size() * rows);
}

void runReductions(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    for (uint64_t elements : reductionSizes(options))
        for (DML_TENSOR_DATA_TYPE type : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16}) {
            if (std::find(options.types.begin(), options.types.end(), type) == options.types.end()) continue;
            for (ReductionKind kind : reductionKinds(options))
                for (UINT cols : reductionRowLengths(options, elements)) {
                    progress.step(std::string(reductionName(kind)) + " " + typeName(type) + " " +
                                  formatCount(elements) + " rows of " + std::to_string(cols));
                    report.reductions.push_back(runRow(options, ctx, kind, type, elements, cols));
                }
        }
}

}  // namespace bench
