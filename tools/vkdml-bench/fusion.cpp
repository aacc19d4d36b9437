// vkdml-bench: the fusion table. A graph of k element-wise nodes (ADD of two inputs, then NEGATE and ABS in turn) is
// compiled fused and with VKDML_DISABLE_FUSION=1 and timed interleaved with a copy of the graph's external bytes
// (both inputs read, the output written) on the same device.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>

#include <vkdml/vkdml_testing.h>

#include "report.h"
#include "timing.h"

namespace bench {

namespace {

class ChainGraph {
public:
    ChainGraph(VkdmlDevice device, DML_TENSOR_DATA_TYPE type, UINT rows, UINT cols, int nodes) {
        for (int n = 0; n < nodes; ++n) {
            const TensorDesc* x = tensors_.emplace_back(std::make_unique<TensorDesc>(type, std::vector<UINT>{rows, cols}, std::vector<UINT>{})).get();
            const TensorDesc* y = tensors_.emplace_back(std::make_unique<TensorDesc>(type, std::vector<UINT>{rows, cols}, std::vector<UINT>{})).get();
            const TensorDesc* o = tensors_.emplace_back(std::make_unique<TensorDesc>(type, std::vector<UINT>{rows, cols}, std::vector<UINT>{})).get();
            DML_OPERATOR_DESC desc{};
            DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{x->desc(), y->desc(), o->desc()};
            DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC negate{x->desc(), o->desc()};
            DML_ELEMENT_WISE_ABS_OPERATOR_DESC abs{x->desc(), o->desc(), nullptr};
            if (n == 0) desc = {DML_OPERATOR_ELEMENT_WISE_ADD, &add};
            else if (n % 2) desc = {DML_OPERATOR_ELEMENT_WISE_NEGATE, &negate};
            else desc = {DML_OPERATOR_ELEMENT_WISE_ABS, &abs};
            Ref<VkdmlOperator>& op = operators_.emplace_back();
            BENCH_CHECK(vkdmlCreateOperator(device, &desc, op.put()));
            operatorNodes_.push_back({op.get(), nullptr});
            nodes_.push_back({DML_GRAPH_NODE_TYPE_OPERATOR, &operatorNodes_.back()});
            if (n == 0) {
                inputs_.push_back({0, 0, 0, nullptr});
                inputs_.push_back({1, 0, 1, nullptr});
            } else {
                intermediates_.push_back({UINT(n - 1), 0, UINT(n), 0, nullptr});
            }
        }
        outputs_.push_back({UINT(nodes - 1), 0, 0, nullptr});
        for (auto& e : inputs_) inputEdges_.push_back({DML_GRAPH_EDGE_TYPE_INPUT, &e});
        for (auto& e : intermediates_) intermediateEdges_.push_back({DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &e});
        for (auto& e : outputs_) outputEdges_.push_back({DML_GRAPH_EDGE_TYPE_OUTPUT, &e});
    }

    DML_GRAPH_DESC desc() const {
        return {2, 1, UINT(nodes_.size()), nodes_.data(), UINT(inputEdges_.size()), inputEdges_.data(),
                UINT(outputEdges_.size()), outputEdges_.data(), UINT(intermediateEdges_.size()),
                intermediateEdges_.empty() ? nullptr : intermediateEdges_.data()};
    }

private:
    std::vector<std::unique_ptr<TensorDesc>> tensors_;
    std::deque<Ref<VkdmlOperator>> operators_;
    std::deque<DML_OPERATOR_GRAPH_NODE_DESC> operatorNodes_;
    std::vector<DML_GRAPH_NODE_DESC> nodes_;
    std::deque<DML_INPUT_GRAPH_EDGE_DESC> inputs_;
    std::deque<DML_INTERMEDIATE_GRAPH_EDGE_DESC> intermediates_;
    std::deque<DML_OUTPUT_GRAPH_EDGE_DESC> outputs_;
    std::vector<DML_GRAPH_EDGE_DESC> inputEdges_, intermediateEdges_, outputEdges_;
};

// A compiled graph bound to the workload's buffers, its temporary resource allocated, initialized once.
struct BoundGraph {
    Ref<VkdmlDispatchable> compiled;
    Ref<VkdmlBindingTable> table;
    Ref<VkdmlBuffer> temporary;
    double compileMs = 0;
};

BoundGraph bindGraph(DeviceContext& ctx, const ChainGraph& graph, bool fused, VkdmlBuffer a, VkdmlBuffer b,
                     VkdmlBuffer out, uint64_t bytes) {
    BoundGraph g;
    BENCH_CHECK(vkdmlTestSetOption(ctx.device, VKDML_TEST_OPTION_FUSION, fused ? 1 : 0));
    const DML_GRAPH_DESC desc = graph.desc();
    const auto start = std::chrono::steady_clock::now();
    const HRESULT hr = vkdmlCompileGraph(ctx.device, &desc, DML_EXECUTION_FLAG_NONE, g.compiled.put());
    g.compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    BENCH_CHECK(vkdmlTestSetOption(ctx.device, VKDML_TEST_OPTION_FUSION, 1));
    BENCH_CHECK(hr);
    const DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(g.compiled);
    BENCH_CHECK(vkdmlCreateBindingTable(ctx.device, g.compiled, g.table.put()));
    DML_BUFFER_BINDING ab{a, 0, bytes}, bb{b, 0, bytes}, ob{out, 0, bytes};
    const DML_BINDING_DESC inputs[2] = {{DML_BINDING_TYPE_BUFFER, &ab}, {DML_BINDING_TYPE_BUFFER, &bb}};
    const DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &ob};
    BENCH_CHECK(vkdmlBindInputs(g.table, 2, inputs));
    BENCH_CHECK(vkdmlBindOutputs(g.table, 1, &output));
    if (props.TemporaryResourceSize) {
        BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, props.TemporaryResourceSize, g.temporary.put()));
        DML_BUFFER_BINDING tb{g.temporary, 0, props.TemporaryResourceSize};
        const DML_BINDING_DESC temporary{DML_BINDING_TYPE_BUFFER, &tb};
        BENCH_CHECK(vkdmlBindTemporaryResource(g.table, &temporary));
    }
    Ref<VkdmlDispatchable> init;
    Ref<VkdmlBindingTable> initTable;
    VkdmlDispatchable target = g.compiled;
    BENCH_CHECK(vkdmlCreateOperatorInitializer(ctx.device, 1, &target, init.put()));
    BENCH_CHECK(vkdmlCreateBindingTable(ctx.device, init, initTable.put()));
    Ref<VkdmlCommandList> list;
    BENCH_CHECK(vkdmlCreateCommandList(ctx.device, list.put()));
    BENCH_CHECK(vkdmlRecordDispatch(list, init, initTable));
    BENCH_CHECK(vkdmlCloseCommandList(list));
    executeAndWait(ctx.device, list);
    return g;
}

FusionRow runChain(const Options& options, DeviceContext& ctx, DML_TENSOR_DATA_TYPE type, uint64_t elements, int k) {
    FusionRow row;
    row.type = type;
    row.nodes = k;
    row.elements = elements;
    const uint64_t bytes = (elements * elementBytes(type) + 3) & ~uint64_t(3);
    row.externalBytes = 3 * bytes;  // A and B read, the output written
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && !ctx.float16) row.note = "no FLOAT16 on this device";
    // Buffers: A, B, out, and the unfused graph's temporary resource (two intermediates alive at once).
    if (row.note.empty()) row.note = memoryCheck(options, ctx, 5 * bytes, 0);
    row.skipped = !row.note.empty();
    if (row.skipped) return row;

    const UINT cols = elements % 1024 == 0 ? 1024 : static_cast<UINT>(elements);
    const UINT rows = static_cast<UINT>(elements / cols);
    Ref<VkdmlBuffer> a, b, out;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bytes, a.put()));
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bytes, b.put()));
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, bytes, out.put()));
    const ChainGraph graph(ctx.device, type, rows, cols, k);
    BoundGraph fused = bindGraph(ctx, graph, true, a, b, out, bytes);
    BoundGraph unfused = bindGraph(ctx, graph, false, a, b, out, bytes);
    row.fusedCompileMs = fused.compileMs;
    row.unfusedCompileMs = unfused.compileMs;

    auto recordGraph = [](const BoundGraph& g) {
        VkdmlDispatchable compiled = g.compiled;
        VkdmlBindingTable table = g.table;
        return [compiled, table](VkdmlCommandList list) { BENCH_CHECK(vkdmlRecordDispatch(list, compiled, table)); };
    };
    // The copy moves the same bytes: half of them read, half written (A and B into the output's buffer pair).
    VkdmlBuffer src = a, dst = out;
    const uint64_t half = (row.externalBytes / 2) & ~uint64_t(3);
    const uint64_t copyBytes = std::min(half, bytes);
    auto copy = [src, dst, copyBytes](VkdmlCommandList list) {
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, dst, 0, src, 0, copyBytes));
    };
    const double external = static_cast<double>(row.externalBytes);
    auto fusedSubject = commandListSubject("fused", ctx.device, external, recordGraph(fused));
    auto unfusedSubject = commandListSubject("unfused", ctx.device, external, recordGraph(unfused));
    auto copySubject = commandListSubject("copy", ctx.device, 2.0 * static_cast<double>(copyBytes), copy);
    for (Subject* s : {fusedSubject.get(), unfusedSubject.get(), copySubject.get()}) calibrate(*s, options.minMeasureSeconds);
    measureInterleaved({fusedSubject.get(), unfusedSubject.get(), copySubject.get()}, options.repetitions);
    row.fusedGBps = fusedSubject->gbps();
    row.unfusedGBps = unfusedSubject->gbps();
    row.copyGBps = copySubject->gbps();
    return row;
}

}  // namespace

void runFusion(const Options& options, DeviceContext& ctx, Report& report, Progress& progress) {
    const uint64_t elements = options.quick ? (1ull << 18) : (16ull << 20);
    for (DML_TENSOR_DATA_TYPE type : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16}) {
        if (std::find(options.types.begin(), options.types.end(), type) == options.types.end()) continue;
        for (int k : {1, 2, 4, 8}) {
            progress.step(std::string("fusion ") + typeName(type) + " k=" + std::to_string(k));
            report.fusion.push_back(runChain(options, ctx, type, elements, k));
        }
    }
}

}  // namespace bench
