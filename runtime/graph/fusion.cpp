#include "graph/fusion.h"

#include <algorithm>
#include <map>

namespace vkdml::graph {

using kernel::ElementwiseProgram;
using kernel::OpCode;
using kernel::ScalarType;

namespace {

bool sameSizes(const dml::TensorLayout& a, const dml::TensorLayout& b) {
    return a.rank == b.rank && std::equal(a.sizes, a.sizes + a.rank, b.sizes);
}

// A consumer can take a producer's value straight from the fused program when it reads each element at the
// coordinates the producer wrote it: the same type, sizes and strides.
bool sameElements(const dml::TensorLayout& written, const dml::TensorLayout& read) {
    return written.dataType == read.dataType && sameSizes(written, read) &&
           std::equal(written.strides, written.strides + written.rank, read.strides);
}

// Whether the tensor's elements lie packed in row-major order (size-1 dimensions aside).
bool packed(const dml::TensorLayout& t) {
    uint64_t expected = 1;
    for (uint32_t d = t.rank; d-- > 0;) {
        if (t.sizes[d] != 1 && t.strides[d] != expected) return false;
        expected *= t.sizes[d];
    }
    return true;
}

// A consumer reading a value as another shape of the same packed elements (element l written is element l read).
bool samePackedElements(const dml::TensorLayout& written, const dml::TensorLayout& read) {
    return written.dataType == read.dataType && written.elementCount == read.elementCount && packed(written) &&
           packed(read);
}

// A value of `from` becomes a value of `to` through memory unchanged only when both are the same 32- or 64-bit
// type: fp16 values are computed in fp32, narrow integers in 32 bits, and bit operators read raw encodings.
bool needsRoundTrip(ScalarType from, ScalarType to) {
    return from != to || from == ScalarType::Float16 || kernel::scalarTypeBits(from) < 32;
}

// Whether a call's result is a value of its type whenever its value operands are (nothing to round or wrap): then
// no round trip is needed where it is passed on. Conservative: constants and other functions do not count.
bool staysExact(const kernel::Op& op, const std::vector<bool>& exact) {
    if (op.code != OpCode::Call) return false;
    auto all = [&](std::initializer_list<uint32_t> operands) {
        for (uint32_t k : operands)
            if (!exact[op.args[k]]) return false;
        return true;
    };
    switch (op.fn) {
        case kernel::Fn::Max:
        case kernel::Fn::Min: return all({0, 1});
        case kernel::Fn::Select: return all({1, 2});
        case kernel::Fn::Abs:
        case kernel::Fn::Negate:
        case kernel::Fn::Relu:
        case kernel::Fn::Floor:
        case kernel::Fn::Ceil: return kernel::isFloatType(op.type) && all({0});
        default: return false;
    }
}

class Planner {
public:
    Planner(const GraphInfo& graph, const std::vector<std::optional<ElementwiseProgram>>& programs, uint32_t maxTensors)
        : graph_(graph), programs_(programs), maxTensors_(maxTensors) {
        consumers_.resize(graph.valueCount());
        graphOutputs_.resize(graph.valueCount());
        for (uint32_t n = 0; n < graph.nodes.size(); ++n)
            if (graph.live[n])  // a dead consumer reads nothing: it never runs
                for (const ValueRef& in : graph.nodes[n].inputs)
                    if (in.kind == ValueRef::Kind::NodeOutput) consumers_[graph.valueId(in)].push_back(n);
        for (uint32_t g = 0; g < graph.outputs.size(); ++g) graphOutputs_[graph.valueId(graph.outputs[g])].push_back(g);
    }

    std::vector<Step> plan(bool fuse, const NeighbourCheck& accepts) {
        group_.assign(graph_.nodes.size(), -1);
        for (uint32_t n : graph_.order) {
            if (!graph_.live[n] || graph_.nodes[n].constant()) continue;
            const int64_t g = fuse && programs_[n] ? groupToJoin(n) : -1;
            if (g >= 0) {
                groups_[g].push_back(n);
                group_[n] = g;
                continue;
            }
            group_[n] = static_cast<int64_t>(groups_.size());
            groups_.push_back({n});
            fusable_.push_back(fuse && programs_[n].has_value());
        }
        absorbed_.assign(groups_.size(), false);
        std::vector<std::optional<Step>> anchored(groups_.size());
        if (fuse && accepts)
            for (size_t a = 0; a < groups_.size(); ++a)
                if (groups_[a].size() == 1 && !fusable_[a] && !absorbed_[a]) anchored[a] = anchor(a, accepts);
        std::vector<Step> steps;
        for (size_t g = 0; g < groups_.size(); ++g) {
            if (absorbed_[g]) continue;
            if (anchored[g]) {
                steps.push_back(std::move(*anchored[g]));
                continue;
            }
            Step step;
            step.nodes = groups_[g];
            if (step.nodes.size() > 1) buildProgram(step);
            steps.push_back(std::move(step));
        }
        return steps;
    }

private:
    // Fused nodes have one output (groupToJoin sees to it): value (node, 0).
    static ValueRef resultOf(uint32_t node) { return {ValueRef::Kind::NodeOutput, node, 0}; }
    const dml::TensorLayout& outputOf(uint32_t node) const { return graph_.nodes[node].info().outputs[0]; }

    // Whether a node outside `members` reads `value`.
    bool readOutside(const ValueRef& value, const std::vector<uint32_t>& members) const {
        for (uint32_t c : consumers_[graph_.valueId(value)])
            if (!inGroup(members, c)) return true;
        return false;
    }

    // The latest group a producer of n is in (n must run after it), or the last group when n reads only graph
    // inputs and constants; -1 when n cannot join it.
    int64_t groupToJoin(uint32_t n) const {
        const GraphNode& node = graph_.nodes[n];
        int64_t g = -1;
        bool producers = false;
        for (const ValueRef& in : node.inputs)
            if (in.kind == ValueRef::Kind::NodeOutput && !graph_.nodes[in.index].constant()) {
                g = std::max(g, group_[in.index]);
                producers = true;
            }
        if (!producers) g = static_cast<int64_t>(groups_.size()) - 1;
        if (g < 0 || !fusable_[g] || graph_.outputCountOf(n) != 1 ||
            !sameSizes(outputOf(groups_[g][0]), node.info().outputs[0]))
            return -1;
        for (size_t s = 0; s < node.inputs.size(); ++s) {
            const ValueRef& in = node.inputs[s];
            if (in.kind == ValueRef::Kind::NodeOutput && group_[in.index] == g &&
                !sameElements(outputOf(in.index), *node.info().slotInput(static_cast<uint32_t>(s))))
                return -1;
        }
        std::vector<uint32_t> members = groups_[g];
        members.push_back(n);
        return tensorCount(members) <= maxTensors_ ? g : -1;
    }

    // Group a's single node with the element-wise run that computes one of its inputs (whose only value leaving is
    // that input, read by nothing else) and the run that reads its output (all of its readers, one value leaving,
    // every other input available before a), as far as the node's family accepts them; nullopt when it takes
    // neither. Input 0's run is tried first, then input 1's (GEMM's B), each with and without the run after.
    std::optional<Step> anchor(size_t a, const NeighbourCheck& accepts) {
        const uint32_t n = groups_[a][0];
        const GraphNode& node = graph_.nodes[n];
        const dml::OperatorInfo& info = node.info();
        if (info.inputs.empty() || info.outputs.empty() || graph_.outputCountOf(n) != 1) return std::nullopt;
        std::optional<Step> after = runReading(n, info.outputs[0], a);
        auto attempt = [&](const Step* before, uint32_t input, bool useEpilogue) -> std::optional<Step> {
            ops::FusedNeighbours neighbours;
            if (before) {
                neighbours.prologue = before->program;
                for (const StepTensor& t : before->inputs) neighbours.prologueTensors.push_back(t.layout);
                neighbours.prologueInput = input;
                neighbours.prologueOutput = before->outputs[0].layout;
            }
            if (useEpilogue) {
                neighbours.epilogue = after->program;
                for (size_t i = 1; i < after->inputs.size(); ++i) neighbours.epilogueTensors.push_back(after->inputs[i].layout);
                neighbours.epilogueOutput = after->outputs[0].layout;
            }
            if (!accepts(n, neighbours)) return std::nullopt;
            return anchoredStep(n, std::move(neighbours), before, useEpilogue ? &*after : nullptr);
        };
        for (uint32_t input = 0; input < std::min<size_t>(2, info.inputs.size()); ++input) {
            const std::optional<Step> before =
                runComputing(node.inputs[info.inputSlot(input)], info.inputs[input], a, input != 0);
            if (!before) continue;
            if (after)
                if (std::optional<Step> both = attempt(&*before, input, true)) return both;
            if (std::optional<Step> prologueOnly = attempt(&*before, input, false)) return prologueOnly;
        }
        if (after) return attempt(nullptr, 0, true);
        return std::nullopt;
    }

    // The fused run (an earlier, not yet absorbed group) whose only value leaving is `value`, read as `read` by
    // one node in one slot (or, `reshaped`, as another shape of the same packed elements); its program has that
    // value as its single output.
    std::optional<Step> runComputing(const ValueRef& value, const dml::TensorLayout& read, size_t a,
                                     bool reshaped) const {
        if (value.kind != ValueRef::Kind::NodeOutput || graph_.nodes[value.index].constant()) return std::nullopt;
        const uint32_t id = graph_.valueId(value);
        const int64_t g = group_[value.index];
        if (g < 0 || g >= static_cast<int64_t>(a) || !fusable_[g] || absorbed_[g] || consumers_[id].size() != 1 ||
            !graphOutputs_[id].empty())
            return std::nullopt;
        Step run;
        run.nodes = groups_[g];
        buildProgram(run);
        if (run.outputs.size() != 1 || !(run.outputs[0].value == value)) return std::nullopt;
        const dml::TensorLayout& written = run.outputs[0].layout;
        if (!sameElements(written, read) && !(reshaped && samePackedElements(written, read))) return std::nullopt;
        return run;
    }

    // The fused run (a later, not yet absorbed group) holding every reader of node n's output `written`, reading it
    // as written, with one value leaving and every other input produced before group a; its program's input 0 is
    // n's output.
    std::optional<Step> runReading(uint32_t n, const dml::TensorLayout& written, size_t a) const {
        const ValueRef value{ValueRef::Kind::NodeOutput, n, 0};
        const uint32_t id = graph_.valueId(value);
        const std::vector<uint32_t>& readers = consumers_[id];
        if (readers.empty() || !graphOutputs_[id].empty()) return std::nullopt;
        const int64_t g = group_[readers[0]];
        if (g <= static_cast<int64_t>(a) || !fusable_[g] || absorbed_[g]) return std::nullopt;
        for (uint32_t r : readers)
            if (group_[r] != g) return std::nullopt;
        Step run;
        run.nodes = groups_[g];
        buildProgram(run);
        if (run.outputs.size() != 1) return std::nullopt;
        int64_t first = -1;
        for (size_t i = 0; i < run.inputs.size(); ++i) {
            const ValueRef& in = run.inputs[i].value;
            if (in == value) {
                if (first >= 0 || !sameElements(written, run.inputs[i].layout)) return std::nullopt;
                first = static_cast<int64_t>(i);
            } else if (in.kind == ValueRef::Kind::NodeOutput && !graph_.nodes[in.index].constant() &&
                       group_[in.index] >= static_cast<int64_t>(a)) {
                return std::nullopt;
            }
        }
        if (first < 0) return std::nullopt;
        moveInputFirst(run, static_cast<uint32_t>(first));
        return run;
    }

    // Program input `i` becomes input 0 (the others keep their order).
    static void moveInputFirst(Step& run, uint32_t i) {
        ElementwiseProgram& p = run.program;
        for (kernel::Op& op : p.ops)
            if (op.code == OpCode::Input) op.index = op.index == i ? 0 : op.index < i ? op.index + 1 : op.index;
        std::rotate(p.inputs.begin(), p.inputs.begin() + i, p.inputs.begin() + i + 1);
        std::rotate(run.inputs.begin(), run.inputs.begin() + i, run.inputs.begin() + i + 1);
    }

    // The step of node n with its neighbours; marks the runs it takes as absorbed. Inputs: n's present inputs (the
    // prologue's input 0 in place of the one it computes), the prologue's others, the epilogue's others.
    Step anchoredStep(uint32_t n, ops::FusedNeighbours neighbours, const Step* before, const Step* after) {
        const GraphNode& node = graph_.nodes[n];
        const dml::OperatorInfo& info = node.info();
        Step step;
        step.anchor = n;
        const uint32_t prologueInput = neighbours.prologueInput;
        step.neighbours = std::move(neighbours);
        if (before) {
            step.nodes = before->nodes;
            absorbed_[group_[before->nodes[0]]] = true;
        }
        step.nodes.push_back(n);
        for (uint32_t i = 0; i < info.inputs.size(); ++i)
            step.inputs.push_back(i == prologueInput && before ? before->inputs[0]
                                                               : StepTensor{node.inputs[info.inputSlot(i)], info.inputs[i]});
        if (before) step.inputs.insert(step.inputs.end(), before->inputs.begin() + 1, before->inputs.end());
        if (after) {
            step.nodes.insert(step.nodes.end(), after->nodes.begin(), after->nodes.end());
            absorbed_[group_[after->nodes[0]]] = true;
            step.inputs.insert(step.inputs.end(), after->inputs.begin() + 1, after->inputs.end());
            step.outputs.push_back(after->outputs[0]);
        } else {
            step.outputs.push_back({resultOf(n), info.outputs[0]});
        }
        step.outputGraphIndex.push_back(-1);  // the value's own home; further graph outputs are copies
        return step;
    }

    bool inGroup(const std::vector<uint32_t>& members, uint32_t node) const {
        return std::find(members.begin(), members.end(), node) != members.end();
    }

    // An upper bound of the tensors the fused step binds: distinct external inputs, plus every output that leaves
    // (graph outputs, and one temporary home for a value some node outside may read).
    uint32_t tensorCount(const std::vector<uint32_t>& members) const {
        std::vector<StepTensor> inputs;
        std::vector<ScalarType> types;
        uint32_t outputs = 0;
        for (uint32_t m : members) {
            const GraphNode& node = graph_.nodes[m];
            // The program's input i is the node's present input i (info.inputs order), bound in its slot.
            for (uint32_t i = 0; i < node.info().inputs.size(); ++i) {
                const ValueRef& in = node.inputs[node.info().inputSlot(i)];
                if (in.kind == ValueRef::Kind::NodeOutput && inGroup(members, in.index)) continue;
                addInput(inputs, types, {in, node.info().inputs[i]}, programs_[m]->inputs[i]);
            }
            const std::vector<uint32_t>& leaves = graphOutputs_[graph_.valueId(resultOf(m))];
            outputs += leaves.empty() ? (readOutside(resultOf(m), members) ? 1 : 0) : static_cast<uint32_t>(leaves.size());
        }
        return static_cast<uint32_t>(inputs.size()) + outputs;
    }

    // The index of the fused program's input reading `tensor` as `type`, added if new.
    static uint32_t addInput(std::vector<StepTensor>& inputs, std::vector<ScalarType>& types, const StepTensor& tensor,
                             ScalarType type) {
        for (uint32_t i = 0; i < inputs.size(); ++i)
            if (inputs[i].value == tensor.value && inputs[i].layout.sameMemoryLayout(tensor.layout) && types[i] == type)
                return i;
        inputs.push_back(tensor);
        types.push_back(type);
        return static_cast<uint32_t>(inputs.size() - 1);
    }

    // The nodes' programs spliced into one: inputs read from inside become the producer's value (through a round
    // trip where memory would have changed it), attributes are constants already, stores become the outputs that
    // leave the step.
    void buildProgram(Step& step) const {
        ElementwiseProgram& p = step.program;
        p.label = "graph";
        std::map<uint32_t, uint32_t> produced;  // value id -> SSA value, of the type the value is stored as
        std::vector<bool> exact;                // per SSA value: exactly a value of its type (as read from memory)
        auto track = [&](bool isExact) { exact.resize(p.ops.size(), false), exact.back() = isExact; };
        for (uint32_t m : step.nodes) {
            const GraphNode& node = graph_.nodes[m];
            const ElementwiseProgram& fragment = *programs_[m];
            std::vector<uint32_t> value(fragment.ops.size(), 0);
            for (uint32_t v = 0; v < fragment.ops.size(); ++v) {
                kernel::Op op = fragment.ops[v];
                if (op.code == OpCode::Input) {
                    // op.index counts the present inputs (info.inputs order); edges are per binding slot.
                    const ValueRef& in = node.inputs[node.info().inputSlot(op.index)];
                    const ScalarType type = fragment.inputs[op.index];
                    if (in.kind == ValueRef::Kind::NodeOutput && inGroup(step.nodes, in.index)) {
                        const uint32_t source = produced.at(graph_.valueId(in));
                        const bool passes = p.ops[source].type == type && exact[source];
                        if (needsRoundTrip(p.ops[source].type, type) && !passes) {
                            value[v] = p.reinterpret(source, type);
                            track(true);
                        } else {
                            value[v] = source;
                        }
                        continue;
                    }
                    value[v] = p.input(addInput(step.inputs, p.inputs, {in, node.info().inputs[op.index]}, type));
                    track(true);
                    continue;
                }
                if (op.code == OpCode::Store) {
                    uint32_t stored = value[op.args[0]];
                    if (p.ops[stored].type != fragment.outputs[0]) {
                        stored = p.cast(stored, fragment.outputs[0]);
                        track(false);
                    }
                    produced[graph_.valueId(resultOf(m))] = stored;
                    continue;
                }
                for (uint32_t& a : op.args) a = a < v ? value[a] : 0;
                p.ops.push_back(op);
                track(staysExact(op, exact));
                value[v] = static_cast<uint32_t>(p.ops.size() - 1);
            }
            p.float64Math = p.float64Math || fragment.float64Math;
            p.int64Math = p.int64Math || fragment.int64Math;
            p.exactDivSqrt = p.exactDivSqrt || fragment.exactDivSqrt;
            p.nativeHalf = p.nativeHalf || fragment.nativeHalf;
            p.wideWords = p.wideWords || fragment.wideWords;
            p.fusedFma = p.fusedFma || fragment.fusedFma;
            p.emulatedFma = p.emulatedFma || fragment.emulatedFma;
            // The step's output for this node, where it leaves the step.
            const dml::TensorLayout& layout = node.info().outputs[0];
            const uint32_t result = graph_.valueId(resultOf(m));
            std::vector<int64_t> targets(graphOutputs_[result].begin(), graphOutputs_[result].end());
            if (targets.empty() && readOutside(resultOf(m), step.nodes)) targets.push_back(-1);
            for (int64_t target : targets) {
                p.outputs.push_back(fragment.outputs[0]);
                p.store(static_cast<uint32_t>(p.outputs.size() - 1), produced.at(result));
                step.outputs.push_back({resultOf(m), layout});
                step.outputGraphIndex.push_back(target);
            }
        }
    }

    const GraphInfo& graph_;
    const std::vector<std::optional<ElementwiseProgram>>& programs_;
    uint32_t maxTensors_;
    std::vector<std::vector<uint32_t>> consumers_;     // per value: the live nodes reading it
    std::vector<std::vector<uint32_t>> graphOutputs_;  // per value: the graph outputs it feeds
    std::vector<int64_t> group_;                       // per node
    std::vector<std::vector<uint32_t>> groups_;
    std::vector<bool> fusable_;                        // per group
    std::vector<bool> absorbed_;                       // per group: taken into an anchored step
};

}  // namespace

std::vector<Step> planSteps(const GraphInfo& graph, const std::vector<std::optional<ElementwiseProgram>>& programs,
                            uint32_t maxTensors, bool fuse, const NeighbourCheck& accepts) {
    return Planner(graph, programs, maxTensors).plan(fuse, accepts);
}

}  // namespace vkdml::graph
