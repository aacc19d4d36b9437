// Differential test of fusion: random valid graphs (1-40 nodes of every element-wise operator and activation vkdml
// implements, and of the softmax family, MVN1, LP_NORMALIZATION, LOCAL_RESPONSE_NORMALIZATION and GEMM, which fuse with
// their element-wise neighbours;
// see random_operators.h; over FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32 and UINT8 values, and INT4
// and UINT4 ones between QUANTIZE and DEQUANTIZE; GEMMs whose B a DEQUANTIZE of 4- or 8-bit weights with blocked
// scales computes (ONNX Runtime's MatMulNBits, which fusion takes into GEMM's loads where A has at most 16 rows, and
// leaves as two kernels where it has more); random attributes; ranks 1-8; fan-out; broadcast, padded and
// OWNED_BY_DML graph inputs; constant nodes; dead nodes, whose output no graph output depends on, alone or in
// chains, with packed or padded outputs; graph inputs that feed nothing or only dead nodes), each compiled
// fused and with VKDML_DISABLE_FUSION=1 and run on the same inputs. Every operator is deterministic and both
// compilations call the same library functions, so the outputs must be bit-equal (NaNs equal to any NaN; where the
// device may flush FLOAT32 subnormals, a subnormal equal to a zero of its sign). A failing
// seed prints its graph; a full run must have used every operator.
// VKDML_GRAPH_TEST_SHARD=i/n runs the i-th of n equal parts of the seeds (CTest runs four: each graph
// compiles kernels no earlier run has seen, and a fresh machine compiles them all); VKDML_GRAPH_TEST_COUNT and
// VKDML_GRAPH_TEST_SEED override the number of graphs and the first seed.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "graph_runner.h"
#include "random_operators.h"
#include "vkdml/vkdml_testing.h"

using namespace vkdml::test;

namespace {

using Type = DML_TENSOR_DATA_TYPE;
constexpr Type kTypes[] = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT32,
                           DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_UINT32,
                           DML_TENSOR_DATA_TYPE_INT16};

struct Value {
    Type type;
    int node = -1;        // -1: a graph input
    uint32_t input = 0;   // graph input index
    bool deadEnd = false; // a node made to be dead: nothing reads it and it is no graph output
    bool weight = false;  // a GEMM's B or what a DEQUANTIZE computes it from: sizes of its own, read by one node
    std::vector<uint32_t> sizes;  // a weight's (empty: the graph's)
};

// What a graph holds that a compiler may get wrong, counted once per graph.
using Properties = std::map<std::string, uint64_t>;
const char* const kNBitsFewRows = "GEMM whose B a DEQUANTIZE computes (MatMulNBits), A of at most 16 rows";
const char* const kNBitsManyRows = "GEMM whose B a DEQUANTIZE computes (MatMulNBits), A of more than 16 rows";
const char* const kNBitsFused = "GEMM whose B a DEQUANTIZE computes, which its loads take (one kernel for both)";

struct RandomGraph {
    std::vector<uint32_t> sizes;
    std::vector<Value> values;
    std::vector<std::vector<uint8_t>> inputData;
    std::vector<bool> owned;
    std::vector<uint64_t> outputBytes;
    std::vector<uint64_t> outputElementBytes;
    std::vector<Type> outputTypes;  // the bytes of the elements (packed); the rest is padding
    std::string text;  // the graph, for a failing seed
    std::vector<uint32_t> dequantizedB;  // live DEQUANTIZE nodes computing a GEMM's B that no graph output takes
};

// Finite values of either sign, 2^-3 to 2^1 in magnitude.
ValueGen finiteValues(Type type) {
    return [type](std::mt19937_64& rng) {
        const double magnitude = std::ldexp(1.0 + double(rng() % 1024) / 1024.0, int(rng() % 4) - 3);
        return floatBits(type, rng() % 2 ? -magnitude : magnitude);
    };
}

class Generator {
public:
    // The first node of graph `seed` is operator seed % count (where it takes a type), so that every run of a few
    // hundred graphs uses every operator. Every 32nd graph has a GEMM whose B a DEQUANTIZE computes (chosen by the
    // seed: no draw, so the other graphs do not depend on it). With exposeDequantizedB, the graph is the same but
    // for one more output per node of RandomGraph::dequantizedB (a second reader: GEMM may not take it).
    Generator(VkdmlDevice device, uint64_t seed, std::map<std::string, uint64_t>& coverage,
              bool exposeDequantizedB = false)
        : device_(device), rng_(seed), builder_(device), coverage_(coverage),
          firstOperator_(static_cast<uint32_t>(seed % randomOperators().size())), nbits_(seed % 32 == 0),
          exposeDequantizedB_(exposeDequantizedB) {}

    const Properties& properties() const { return properties_; }

    GraphBuilder& builder() { return builder_; }

    RandomGraph make() {
        RandomGraph& g = graph_;
        // A MatMulNBits graph's DEQUANTIZE has two or more blocks of block_ along B's last dimension (K = N); A has
        // at most 16 rows in three graphs of four, more in the others.
        if (nbits_) {
            const uint32_t rank = 2 + uniform(3);
            for (uint32_t d = 0; d + 2 < rank; ++d) g.sizes.push_back(1 + uniform(2));
            g.sizes.push_back(uniform(4) == 0 ? 17 + uniform(8) : 1 + uniform(16));
            g.sizes.push_back(uniform(2) ? 64 : 32);
            block_ = g.sizes.back() == 64 && uniform(2) ? 32 : 16;
        } else {
            const uint32_t rank = 1 + uniform(8);
            uint64_t count = 1;
            for (uint32_t d = 0; d < rank; ++d) {
                const uint32_t size = count > 64 ? 1 : 1 + uniform(d + 1 == rank ? 37 : 4);
                g.sizes.push_back(size);
                count *= size;
            }
        }
        log() << "sizes {";
        for (uint32_t s : g.sizes) log() << s << " ";
        log() << "}\n";
        const uint32_t nodes = 1 + uniform(uniform(8) == 0 ? 40 : 6);  // mostly small, some up to 40
        const uint32_t nbitsNode = nbits_ ? uniform(nodes) : nodes;
        for (uint32_t n = 0; n < nodes; ++n) addNode(n > 0 && uniform(6) == 0, n == 0, n == nbitsNode);
        // Values no node reads leave the graph, but some are left dead (with what only they read); a few others
        // leave too (fan-out to graph outputs). The last value that is not a dead end always leaves.
        std::vector<bool> readByLive(builder_.nodes.size(), false);
        for (const auto& e : builder_.intermediates)
            if (!deadEnd(e.ToNodeIndex)) readByLive[e.FromNodeIndex] = true;
        int last = -1;
        for (const Value& v : g.values)
            if (v.node >= 0 && !isConstant(v.node) && !v.deadEnd) last = v.node;
        uint32_t outputs = 0;
        for (const Value& v : g.values) {
            if (v.node < 0 || isConstant(v.node) || v.deadEnd) continue;
            const bool leaves = !readByLive[v.node] ? v.node == last || uniform(5) != 0 : uniform(5) == 0;
            if (leaves) {
                builder_.outputEdge(v.node, outputs++);
                g.outputBytes.push_back(desc(v.type, {}, v.sizes).bytes());
                g.outputTypes.push_back(v.type);
                const uint64_t elements = elementCount(v.sizes.empty() ? g.sizes : v.sizes);
                g.outputElementBytes.push_back((elements * elementBits(v.type) + 7) / 8);
                log() << "output " << outputs - 1 << " = n" << v.node << "\n";
            }
        }
        if (uniform(8) == 0) {  // a graph input no edge reads (bound or not)
            g.inputData.emplace_back(uniform(2) ? std::vector<uint8_t>(16, 0) : std::vector<uint8_t>{});
            g.owned.push_back(false);
            builder_.inputCount = static_cast<uint32_t>(g.inputData.size());
            properties_["graph input feeding no node"] = 1;
            log() << "input " << g.inputData.size() - 1 << " feeds nothing\n";
        }
        noteDeadNodes();
        if (exposeDequantizedB_)
            for (uint32_t n : g.dequantizedB) builder_.outputEdge(n, outputs++);
        return g;
    }

private:
    uint32_t uniform(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }
    bool deadEnd(uint32_t node) const { return deadEnds_.count(node) != 0; }

    // Which nodes no graph output depends on, and what they are like; graph inputs only they read are sometimes
    // left unbound (DML_BINDING_TYPE_NONE), as for inputs no edge reads.
    void noteDeadNodes() {
        const size_t count = builder_.nodes.size();
        std::vector<bool> live(count, false);
        for (const auto& e : builder_.outputs) live[e.FromNodeIndex] = true;
        for (size_t n = count; n-- > 0;)  // nodes are added producers first
            if (live[n])
                for (const auto& e : builder_.intermediates)
                    if (e.ToNodeIndex == n) live[e.FromNodeIndex] = true;
        std::vector<bool> graphOutput(count, false);
        for (const auto& e : builder_.outputs) graphOutput[e.FromNodeIndex] = true;
        std::vector<bool> inputLive(graph_.inputData.size(), false), inputDead(graph_.inputData.size(), false);
        for (const auto& e : builder_.inputs) (live[e.ToNodeIndex] ? inputLive : inputDead)[e.GraphInputIndex] = true;
        bool any = false;
        for (uint32_t n = 0; n < count; ++n) {
            if (live[n] || isConstant(static_cast<int>(n))) continue;
            any = true;
            log() << "n" << n << " is dead\n";
            const NodeFacts& facts = facts_[n];
            if (facts.ownKernel) properties_["dead node run by its own kernel (integer activation)"] = 1;
            if (facts.paddedOutput) properties_["dead node with a padded output"] = 1;
            if (facts.type == DML_TENSOR_DATA_TYPE_FLOAT16) properties_["dead FLOAT16 node"] = 1;
            if (facts.broadcastInput) properties_["dead node reading a broadcast or strided source"] = 1;
            for (const auto& e : builder_.intermediates) {
                if (e.ToNodeIndex != n || isConstant(static_cast<int>(e.FromNodeIndex))) continue;
                if (!live[e.FromNodeIndex]) properties_["dead chain (a dead node read by a dead node)"] = 1;
                if (live[e.FromNodeIndex] && !graphOutput[e.FromNodeIndex])
                    properties_["dead node fed by a live intermediate value"] = 1;
            }
        }
        if (any) properties_["dead node"] = 1;
        for (uint32_t n : dequantizeNodes_)
            if (live[n] && !graphOutput[n]) graph_.dequantizedB.push_back(n);
        for (uint32_t i = 0; i < graph_.inputData.size(); ++i) {
            if (!inputDead[i] || inputLive[i]) continue;
            properties_["graph input read by dead nodes only"] = 1;
            if (uniform(2) == 0) graph_.inputData[i].clear();  // bound NONE (at initialization too when owned)
        }
    }

    // Padded strides over the graph's sizes: each dimension one element longer than it is.
    std::vector<uint32_t> paddedStrides() const {
        std::vector<uint32_t> s(graph_.sizes.size());
        uint64_t stride = 1;
        for (size_t d = graph_.sizes.size(); d-- > 0;) {
            s[d] = static_cast<uint32_t>(stride);
            stride *= graph_.sizes[d] + 1;
        }
        return s;
    }
    std::ostringstream& log() { return text_; }
    bool isConstant(int node) const { return builder_.nodes[node].Type == DML_GRAPH_NODE_TYPE_CONSTANT; }

    GraphTensorDesc desc(Type type, std::vector<uint32_t> strides = {}, std::vector<uint32_t> sizes = {}) const {
        GraphTensorDesc t;
        t.type = type;
        t.sizes = sizes.empty() ? graph_.sizes : std::move(sizes);
        t.strides = std::move(strides);
        return t;
    }

    // A GEMM weight's sizes: the graph's, with the second-to-last size equal to the last (K = N).
    std::vector<uint32_t> weightSizes() const {
        std::vector<uint32_t> sizes = graph_.sizes;
        if (sizes.size() >= 2) sizes[sizes.size() - 2] = sizes.back();
        return sizes;
    }

    // A new graph input (or, sometimes, a constant node) of `type` and `sizes` (default: the graph's), read
    // through random strides; `values` draws its elements (default: randomValue's mix, specials included).
    uint32_t newSource(Type type, std::vector<uint32_t>& strides, std::vector<uint32_t> sizes = {},
                       const ValueGen& values = {}) {
        RandomGraph& g = graph_;
        if (sizes.empty()) sizes = g.sizes;
        std::vector<uint32_t> s(sizes.size());
        uint64_t stride = 1;
        const uint32_t kind = uniform(4);  // 0,1: packed; 2: broadcast over some dimensions; 3: padded
        for (size_t d = sizes.size(); d-- > 0;) {
            const bool broadcast = kind == 2 && uniform(2) == 0;
            s[d] = broadcast ? 0 : static_cast<uint32_t>(stride);
            if (!broadcast) stride *= sizes[d] + (kind == 3 ? 1 : 0);
        }
        if (kind != 0 && kind != 1) strides = s;
        std::mt19937_64 data(rng_());
        FamilyTensor memory = tensorOf(type, sizes, strides);
        fillTensor(memory, data, {}, values);
        if (uniform(6) == 0) {  // a constant node
            g.values.push_back({type, static_cast<int>(builder_.addConstant(memory.memory)), 0});
            log() << "n" << g.values.back().node << " = constant " << typeName(type) << " (" << memory.memory.size()
                  << " bytes)" << (strides.empty() ? "" : " strided") << "\n";
            return static_cast<uint32_t>(g.values.size() - 1);
        }
        const uint32_t index = static_cast<uint32_t>(g.inputData.size());
        g.inputData.push_back(memory.memory);
        g.owned.push_back(uniform(5) == 0);
        g.values.push_back({type, -1, index});
        log() << "input " << index << " " << typeName(type) << (strides.empty() ? "" : " strided")
              << (g.owned.back() ? " OWNED_BY_DML" : "") << "\n";
        return static_cast<uint32_t>(g.values.size() - 1);
    }

    // An operand of `type`: an existing value (read packed) or a new source.
    struct Operand {
        uint32_t value;
        GraphTensorDesc layout;
    };
    Operand operand(Type type) {
        std::vector<uint32_t> candidates;
        for (uint32_t v = 0; v < graph_.values.size(); ++v)
            if (graph_.values[v].type == type && !graph_.values[v].deadEnd && !graph_.values[v].weight)
                candidates.push_back(v);
        std::vector<uint32_t> strides;
        if (!candidates.empty() && uniform(4) != 0) {
            const uint32_t v = candidates[candidates.size() - 1 - uniform(std::min<uint32_t>(4, candidates.size()))];
            // Graph inputs keep the strides they were first read with (one binding size per input).
            const Value& value = graph_.values[v];
            if (value.node < 0 || isConstant(value.node)) strides = strides_[v];
            return {v, desc(type, strides)};
        }
        const uint32_t v = newSource(type, strides);
        strides_[v] = strides;
        return {v, desc(type, strides)};
    }

    void connect(uint32_t node, uint32_t slot, bool first, const Operand& o) {
        const Value& v = graph_.values[o.value];
        if (v.node < 0) {
            builder_.inputEdge(v.input, node, slot);
        } else {
            builder_.edge(static_cast<uint32_t>(v.node), node, slot);
        }
        log() << (first ? "(" : ", ") << (v.node < 0 ? "in" + std::to_string(v.input) : "n" + std::to_string(v.node));
    }

    GraphTensorDesc inputDesc(const Operand& o) {
        GraphTensorDesc t = o.layout;
        const Value& v = graph_.values[o.value];
        if (v.node < 0 && graph_.owned[v.input]) t.flags = DML_TENSOR_FLAG_OWNED_BY_DML;
        return t;
    }

    // A GEMM's B of `type` as ONNX Runtime's MatMulNBits computes it: DEQUANTIZE of 4- or 8-bit weights, one finite
    // scale (and zero point) per block_ elements along the last dimension, given by sizes ({..., N, K / block}) or
    // over the weights split in blocks ({..., N, K / block, block} against {..., N, K / block, 1}, which GEMM reads
    // as {..., N, K}). Returns the DEQUANTIZE's value.
    uint32_t dequantizedWeight(Type type) {
        const RandomOperator& op = randomOperator(DML_OPERATOR_DEQUANTIZE);
        const RandomAttributes a = randomAttributes(op, rng_, type, {type});
        const NodeTypes t = nodeTypes(op, a, type);
        std::vector<uint32_t> sizes = weightSizes(), scaleSizes = sizes;
        const uint32_t blocks = sizes.back() / block_;
        scaleSizes.back() = blocks;
        const bool split = uniform(2) == 0;
        if (split) {
            sizes.back() = blocks;
            sizes.push_back(block_);
            scaleSizes.push_back(1);
        }
        std::vector<Operand> operands;
        std::vector<GraphTensorDesc> inputs;
        bool strided = false;
        for (size_t i = 0; i < t.inputs.size(); ++i) {
            std::vector<uint32_t> strides;
            const std::vector<uint32_t>& s = i == 0 ? sizes : scaleSizes;
            const uint32_t v = newSource(t.inputs[i], strides, s, i == 1 ? finiteValues(type) : ValueGen{});
            graph_.values[v].weight = true;
            operands.push_back({v, desc(t.inputs[i], strides, s)});
            inputs.push_back(inputDesc(operands.back()));
            strided = strided || !strides.empty();
        }
        const GraphBuilder::OperatorFactory create = [&](const std::vector<const DML_TENSOR_DESC*>& tensors,
                                                         VkdmlOperator* out) {
            return createRandomOperator(device_, op, a, tensors, out);
        };
        const uint32_t node = builder_.addOperator(inputs, desc(type, {}, sizes), create);
        ++coverage_[op.name];
        log() << "n" << node << " = " << describe(op, a) << " " << typeName(a.quantized) << " in blocks of " << block_
              << (split ? " (split)" : "") << " " << typeName(type);
        for (size_t i = 0; i < operands.size(); ++i) connect(node, t.slots[i], i == 0, operands[i]);
        log() << ")\n";
        graph_.values.push_back({type, static_cast<int>(node), 0, false, true, sizes});
        facts_[node] = {type, false, false, strided};
        dequantizeNodes_.push_back(node);
        const bool fewRows = graph_.sizes[graph_.sizes.size() - 2] <= 16;
        properties_[fewRows ? kNBitsFewRows : kNBitsManyRows] = 1;
        return static_cast<uint32_t>(graph_.values.size() - 1);
    }

    // A node of a random operator and type; combinations the operator does not accept (checked on packed tensors
    // first, so that no source is made for nothing) are drawn again. A dead end is a node nothing reads and no
    // graph output takes; its output is sometimes padded.
    // `matMulNBits`: a FLOAT32 or FLOAT16 GEMM whose B a DEQUANTIZE computes (block_ set) and whose A is a new
    // source, whatever `first` says.
    void addNode(bool makeDeadEnd, bool first, bool matMulNBits) {
        const std::vector<RandomOperator>& operators = randomOperators();
        const std::vector<Type> types(std::begin(kTypes), std::end(kTypes));
        for (uint32_t attempt = 0;; ++attempt) {
            REQUIRE(attempt < 10000);
            const bool forced = first && !matMulNBits && attempt < 64;
            const RandomOperator& op =
                matMulNBits ? randomOperator(DML_OPERATOR_GEMM)
                            : operators[forced ? firstOperator_ : uniform(uint32_t(operators.size()))];
            if (!forced && isTranscendental(op) && uniform(4) != 0) continue;
            const Type type = matMulNBits ? (uniform(2) ? DML_TENSOR_DATA_TYPE_FLOAT32 : DML_TENSOR_DATA_TYPE_FLOAT16)
                                          : types[uniform(uint32_t(types.size()))];
            if (readsEncoding(op) && isFloatType(type)) continue;
            const RandomAttributes a = randomAttributes(op, rng_, type, types);
            const NodeTypes t = nodeTypes(op, a, type);
            const GraphBuilder::OperatorFactory create = [&](const std::vector<const DML_TENSOR_DESC*>& tensors,
                                                             VkdmlOperator* out) {
                return createRandomOperator(device_, op, a, tensors, out);
            };
            const bool matMul = op.signature == Signature::MatMul;
            std::vector<GraphTensorDesc> packed;
            for (Type input : t.inputs) packed.push_back(desc(input));
            if (matMul) packed[1] = desc(t.inputs[1], {}, weightSizes());
            const GraphTensorDesc output = desc(t.output, makeDeadEnd && uniform(2) ? paddedStrides()
                                                                                   : std::vector<uint32_t>{});
            if (!builder_.accepts(packed, output, create)) continue;

            sourceStrided_ = false;
            const bool dequantizedB = matMul && block_ && isFloatType(type) && (matMulNBits || uniform(2) == 0);
            std::vector<Operand> operands;
            for (size_t i = 0; i < t.inputs.size(); ++i) {
                if (dequantizedB && i == 1) {
                    operands.push_back({dequantizedWeight(t.inputs[1]), desc(t.inputs[1], {}, weightSizes())});
                    continue;
                }
                if (matMulNBits && i == 0) {  // finite, so that each of B's elements shows in the result
                    std::vector<uint32_t> strides;
                    const uint32_t v = newSource(t.inputs[0], strides, {}, finiteValues(t.inputs[0]));
                    strides_[v] = strides;
                    operands.push_back({v, desc(t.inputs[0], strides)});
                    continue;
                }
                if (matMul && i == 1) {  // the weight: a source of its own sizes, which no other node reads
                    std::vector<uint32_t> strides;
                    const uint32_t weight = newSource(t.inputs[1], strides, weightSizes());
                    graph_.values[weight].weight = true;
                    operands.push_back({weight, desc(t.inputs[1], strides, weightSizes())});
                    continue;
                }
                operands.push_back(operand(t.inputs[i]));
            }
            std::vector<GraphTensorDesc> inputs;
            for (const Operand& o : operands) {
                inputs.push_back(inputDesc(o));
                sourceStrided_ = sourceStrided_ || !o.layout.strides.empty();
            }
            const uint32_t node = builder_.addOperator(inputs, output, create);
            ++coverage_[op.name];
            log() << "n" << node << " = " << describe(op, a) << " " << typeName(t.output)
                  << (output.strides.empty() ? "" : " padded");
            for (size_t i = 0; i < operands.size(); ++i) connect(node, t.slots[i], i == 0, operands[i]);
            log() << ")" << (makeDeadEnd ? " dead end" : "") << "\n";
            graph_.values.push_back({t.output, static_cast<int>(node), 0, makeDeadEnd});
            if (makeDeadEnd) deadEnds_.insert(node);
            const bool activation = std::string(op.name).rfind("ACTIVATION_", 0) == 0;
            facts_[node] = {t.output, activation && !isFloatType(t.output), !output.strides.empty(), sourceStrided_};
            return;
        }
    }

    VkdmlDevice device_;
    std::mt19937_64 rng_;
    GraphBuilder builder_;
    std::map<std::string, uint64_t>& coverage_;  // nodes made per operator
    uint32_t firstOperator_;
    RandomGraph graph_;
    std::map<uint32_t, std::vector<uint32_t>> strides_;
    std::ostringstream text_;
    struct NodeFacts {
        Type type;
        bool ownKernel, paddedOutput, broadcastInput;
    };
    std::map<uint32_t, NodeFacts> facts_;  // per operator node
    std::set<uint32_t> deadEnds_;
    bool sourceStrided_ = false;  // the node being added reads a broadcast, padded or strided source
    Properties properties_;
    bool nbits_;  // a MatMulNBits graph
    uint32_t block_ = 0;  // its DEQUANTIZE block length (0: not such a graph)
    std::vector<uint32_t> dequantizeNodes_;  // DEQUANTIZE nodes computing a GEMM's B
    bool exposeDequantizedB_;

public:
    std::string text() const { return text_.str(); }
};

// A FLOAT32 subnormal and a zero of its sign: the same value on a device that may flush FLOAT32 subnormals
// (SupportsDenormPreserveFloat32 false), where Vulkan lets any float instruction flush them and the driver's compiler
// picks the instruction per kernel, so one kernel may keep a subnormal that another flushes (seen on NVIDIA: CLIP of
// 0x00000001 kept unfused, flushed fused).
bool flushedAlike(uint32_t x, uint32_t y) {
    const uint32_t sign = 0x80000000u, exponent = 0x7f800000u;
    if ((x & sign) != (y & sign)) return false;
    const bool xZero = (x & ~sign) == 0, yZero = (y & ~sign) == 0;
    const bool xSubnormal = !xZero && (x & exponent) == 0, ySubnormal = !yZero && (y & exponent) == 0;
    return (xZero && ySubnormal) || (yZero && xSubnormal);
}

// Padding past the last element is undefined (DirectML leaves it so); NaNs of either payload are equal; with
// fp32MayFlush, a FLOAT32 subnormal equals a zero of its sign (flushedAlike). 4-bit values are compared a byte (two
// elements) at a time; the tail nibble is untouched in both runs.
bool sameValues(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, uint64_t bytes, Type type,
                bool fp32MayFlush) {
    const uint32_t width = elementBytes(type);
    for (uint64_t i = 0; i < bytes; i += width) {
        if (std::memcmp(a.data() + i, b.data() + i, width) == 0) continue;
        if (isFloatType(type)) {
            std::vector<uint8_t> x(a.begin() + i, a.begin() + i + width), y(b.begin() + i, b.begin() + i + width);
            if (std::isnan(floatValue(type, readBits(x, 0, type))) && std::isnan(floatValue(type, readBits(y, 0, type))))
                continue;
            if (fp32MayFlush && type == DML_TENSOR_DATA_TYPE_FLOAT32 &&
                flushedAlike(static_cast<uint32_t>(readBits(x, 0, type)), static_cast<uint32_t>(readBits(y, 0, type))))
                continue;
        }
        MESSAGE("element " << i / width << ": unfused " << formatValue(type, readBits(a, i / width, type)) << ", fused "
                           << formatValue(type, readBits(b, i / width, type)));
        return false;
    }
    return true;
}

uint64_t envNumber(const char* name, uint64_t fallback) {
    const char* value = std::getenv(name);
    return value && *value ? std::strtoull(value, nullptr, 10) : fallback;
}

// The seeds of this run: all of them, or one shard (VKDML_GRAPH_TEST_SHARD=i/n, i from 0).
struct SeedRange {
    uint64_t first = 1, count = 2000 / denseStride();
};

SeedRange seedRange() {
    SeedRange range;
    unsigned shard = 0, shards = 1;
    if (const char* value = std::getenv("VKDML_GRAPH_TEST_SHARD"); value && *value) {
        REQUIRE_MESSAGE((std::sscanf(value, "%u/%u", &shard, &shards) == 2 && shard < shards),
                        "VKDML_GRAPH_TEST_SHARD must be i/n with i < n: ", value);
        range.count /= shards;
        range.first += shard * range.count;
    }
    range.count = envNumber("VKDML_GRAPH_TEST_COUNT", range.count);
    range.first = envNumber("VKDML_GRAPH_TEST_SEED", range.first);
    return range;
}

}  // namespace

TEST_CASE("graph: the fused/unfused comparison: NaNs alike, FLOAT32 subnormals as zeros only where the device flushes") {
    auto f32 = [](uint32_t bits) { return std::vector<uint8_t>{uint8_t(bits), uint8_t(bits >> 8), uint8_t(bits >> 16), uint8_t(bits >> 24)}; };
    const Type f = DML_TENSOR_DATA_TYPE_FLOAT32;
    CHECK(sameValues(f32(0x7fc00000u), f32(0xffc00001u), 4, f, false));
    CHECK(sameValues(f32(0x00000001u), f32(0x00000000u), 4, f, true));
    CHECK(sameValues(f32(0x80000000u), f32(0x807fffffu), 4, f, true));
    CHECK_FALSE(sameValues(f32(0x00000001u), f32(0x00000000u), 4, f, false));
    CHECK_FALSE(sameValues(f32(0x00000001u), f32(0x80000000u), 4, f, true));  // the sign stays
    CHECK_FALSE(sameValues(f32(0x00800000u), f32(0x00000000u), 4, f, true));  // the smallest normal is no subnormal
    CHECK_FALSE(sameValues(f32(0x00000001u), f32(0x00000002u), 4, f, true));  // two subnormals are compared
    CHECK_FALSE(sameValues({1, 0}, {0, 0}, 2, DML_TENSOR_DATA_TYPE_FLOAT16, true));  // FLOAT16 is never flushed
}

TEST_CASE("graph: random graphs give the same bits fused and with one kernel per node") {
    TestDevice device;
    VKDML_ADAPTER_INFO adapter{};
    REQUIRE(vkdmlGetAdapterInfo(device, &adapter) == S_OK);
    const bool fp32MayFlush = !adapter.SupportsDenormPreserveFloat32;
    const auto [first, count] = seedRange();
    uint64_t graphs = 0, nodes = 0, fusedSteps = 0, steps = 0;
    std::map<std::string, uint64_t> coverage;
    Properties properties;  // graphs with each property
    for (uint64_t seed = first; seed < first + count; ++seed) {
        std::vector<std::vector<uint8_t>> results[2];
        std::string text;
        RandomGraph shape;
        UINT graphSteps = 0;
        for (int fused = 1; fused >= 0; --fused) {
            std::unique_ptr<FusionDisabled> unfused(fused ? nullptr : new FusionDisabled(device));
            Generator generator(device, seed, coverage);
            const RandomGraph g = generator.make();
            text = generator.text();
            shape = g;
            Owned<VkdmlDispatchable> compiled;
            const HRESULT hr = generator.builder().compile(compiled.put());
            REQUIRE_MESSAGE(hr == S_OK, "seed ", seed, ": ", device.lastError(), "\n", text);
            if (fused) {
                for (const auto& [name, n] : generator.properties()) properties[name] += n;
                UINT s = 0, f = 0;
                REQUIRE(vkdmlTestGraphSteps(compiled, &s, &f));
                graphSteps = s;
                steps += s;
                fusedSteps += f;
                nodes += generator.builder().nodes.size();
            }
            const GraphRun run = runGraph(device, compiled, {g.inputData, g.owned, g.outputBytes});
            REQUIRE_MESSAGE(run.ok(), "seed ", seed, ": ", run.failedCall, ": ", device.lastError(), "\n", text);
            REQUIRE_MESSAGE(run.canaryIntact, "seed ", seed, ": a write outside the outputs\n", text);
            results[fused] = run.outputs;
        }
        for (size_t o = 0; o < results[0].size(); ++o)
            REQUIRE_MESSAGE(sameValues(results[0][o], results[1][o], shape.outputElementBytes[o], shape.outputTypes[o],
                                               fp32MayFlush), "seed ", seed, ": output ", o,
                            " differs between fused and unfused\n", text);
        if (!shape.dequantizedB.empty()) {
            // Whether GEMM took the DEQUANTIZE: with B a graph output as well, the DEQUANTIZE runs as a kernel of its
            // own, one more than fused. Compiled only (its kernels are mostly those compiled above).
            std::map<std::string, uint64_t> probeCoverage;
            Generator probe(device, seed, probeCoverage, true);
            probe.make();
            Owned<VkdmlDispatchable> compiled;
            REQUIRE_MESSAGE(probe.builder().compile(compiled.put()) == S_OK, "seed ", seed, ": ", device.lastError());
            UINT s = 0, f = 0;
            REQUIRE(vkdmlTestGraphSteps(compiled, &s, &f));
            if (s > graphSteps) ++properties[kNBitsFused];
        }
        ++graphs;
    }
    MESSAGE(graphs << " random graphs, " << nodes << " nodes: fused into " << steps << " kernels (" << fusedSteps
                   << " of them fusing two nodes or more)");
    std::ostringstream anchors;  // the nodes that take element-wise neighbours into their own kernels
    for (const RandomOperator& op : randomOperators())
        if (op.signature == Signature::Rows || op.signature == Signature::MatMul)
            anchors << " " << op.name << " " << coverage[op.name] / 2;
    MESSAGE("nodes with kernels of their own:" << anchors.str());
    // Both compilations draw the same nodes, so each operator is counted twice per node.
    std::string missing;
    for (const RandomOperator& op : randomOperators())
        if (coverage[op.name] == 0) missing += std::string(" ") + op.name;
    if (count >= 200) CHECK_MESSAGE(missing.empty(), "operators no random graph used:" << missing);
    std::ostringstream report;
    for (const auto& [name, graphsWith] : properties) report << "\n  " << graphsWith << " with a " << name;
    MESSAGE("graphs of this run with each property:" << report.str());
    static const char* const kDeadProperties[] = {
        "dead node", "dead chain (a dead node read by a dead node)", "dead node with a padded output",
        "dead FLOAT16 node", "dead node fed by a live intermediate value", "dead node run by its own kernel (integer activation)",
        "dead node reading a broadcast or strided source", "graph input feeding no node", "graph input read by dead nodes only"};
    if (count >= 200)
        for (const char* name : kDeadProperties) CHECK_MESSAGE(properties[name] > 0, "no random graph had a " << name);
    if (count >= 200)
        for (const char* name : {kNBitsFewRows, kNBitsManyRows, kNBitsFused})
            CHECK_MESSAGE(properties[name] > 0, "no random graph had a " << name);
    CHECK(device.validationMessageCount() == 0);
}
