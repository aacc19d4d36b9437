// Reductions and GEMM with their element-wise neighbours fused in: the run that computes a reduction's input and the
// run that reads its output become one kernel with it (ADD -> MVN1 is SkipLayerNormalization, x * s -> SOFTMAX1 a
// scaled softmax, MVN1 -> MULTIPLY -> ADD an affine layer norm, BATCH_NORMALIZATION -> ADD -> RELU a ResNet block's
// tail, LOCAL_RESPONSE_NORMALIZATION between element-wise runs); GEMM's store takes the run after it (bias, GELU,
// residual: a transformer's feed-forward layer). Each graph is compiled fused and one kernel per
// node; both are checked against double references (the reduction's own bound, the element-wise roundings on top),
// and the kernel counts say what fused.
#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include "graph_runner.h"
#include "reference_reduce.h"
#include "vkdml/vkdml_testing.h"

using namespace vkdml::test;

namespace {

constexpr DML_TENSOR_DATA_TYPE kF32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr DML_TENSOR_DATA_TYPE kF16 = DML_TENSOR_DATA_TYPE_FLOAT16;

GraphTensorDesc tensor(DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {}) {
    GraphTensorDesc t;
    t.type = type;
    t.sizes = std::move(sizes);
    t.strides = std::move(strides);
    return t;
}

// A row of `n` repeated over the other dimensions of `sizes` (strides 0 there).
GraphTensorDesc row(DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& sizes) {
    std::vector<uint32_t> strides(sizes.size(), 0);
    strides.back() = 1;
    return tensor(type, sizes, strides);
}

// A graph input's memory and its logical values (row-major over its sizes, as the type holds them).
struct Input {
    GraphTensorDesc desc;
    std::vector<uint8_t> bytes;
    HostTensor host;
};

Input randomInput(const GraphTensorDesc& desc, uint32_t seed, double lo, double hi) {
    Input in{desc, std::vector<uint8_t>(desc.bytes(), 0), {desc.sizes, {}}};
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    const std::vector<uint32_t> strides = desc.strides.empty() ? stridesOf({desc.sizes, {}, 0}) : desc.strides;
    const uint64_t n = elementCount(desc.sizes);
    in.host.values.resize(n);
    for (uint64_t i = 0; i < n; ++i) {
        const uint64_t bits = floatBits(desc.type, dist(rng));
        writeBits(in.bytes, elementIndex(desc.sizes, strides, i), desc.type, bits);
        in.host.values[i] = floatValue(desc.type, bits);
    }
    // A broadcast tensor holds fewer elements than it shows: its logical values are what each position reads.
    for (uint64_t i = 0; i < n; ++i)
        in.host.values[i] = floatValue(desc.type, readBits(in.bytes, elementIndex(desc.sizes, strides, i), desc.type));
    return in;
}

// What an element-wise result holds in `type`: the double value rounded once.
double rounded(DML_TENSOR_DATA_TYPE type, double v) { return floatValue(type, floatBits(type, v)); }

using Factory = GraphBuilder::OperatorFactory;

Factory binary(VkdmlDevice device, DML_OPERATOR_TYPE type) {
    return [device, type](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_ELEMENT_WISE_ADD_OPERATOR_DESC desc{t[0], t[1], t[2]};  // ADD, MULTIPLY and SUBTRACT share this layout
        const DML_OPERATOR_DESC d{type, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory mvn1(VkdmlDevice device, const std::vector<uint32_t>& axes, bool scaleBias) {
    return [device, axes, scaleBias](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC desc{t[0], scaleBias ? t[1] : nullptr, scaleBias ? t[2] : nullptr,
                                                            t.back(), static_cast<UINT>(axes.size()), axes.data(), TRUE,
                                                            1e-5f, nullptr};
        const DML_OPERATOR_DESC d{DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory softmax1(VkdmlDevice device, DML_OPERATOR_TYPE type, const std::vector<uint32_t>& axes) {
    return [device, type, axes](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC desc{t[0], t[1], static_cast<UINT>(axes.size()), axes.data()};
        const DML_OPERATOR_DESC d{type, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory reduceSum(VkdmlDevice device, const std::vector<uint32_t>& axes) {
    return [device, axes](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_REDUCE_OPERATOR_DESC desc{DML_REDUCE_FUNCTION_SUM, t[0], t[1], static_cast<UINT>(axes.size()), axes.data()};
        const DML_OPERATOR_DESC d{DML_OPERATOR_REDUCE, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory cumulative(VkdmlDevice device, DML_OPERATOR_TYPE type, uint32_t axis, DML_AXIS_DIRECTION direction,
                   bool exclusive) {
    return [device, type, axis, direction, exclusive](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        // CUMULATIVE_PRODUCT's desc has the same layout (HasExclusiveProduct in the last field).
        DML_CUMULATIVE_SUMMATION_OPERATOR_DESC desc{t[0], t[1], axis, direction, exclusive ? TRUE : FALSE};
        const DML_OPERATOR_DESC d{type, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory reduceFunction(VkdmlDevice device, DML_REDUCE_FUNCTION function, const std::vector<uint32_t>& axes) {
    return [device, function, axes](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_REDUCE_OPERATOR_DESC desc{function, t[0], t[1], static_cast<UINT>(axes.size()), axes.data()};
        const DML_OPERATOR_DESC d{DML_OPERATOR_REDUCE, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory gemm(VkdmlDevice device, DML_MATRIX_TRANSFORM transB = DML_MATRIX_TRANSFORM_NONE) {
    return [device, transB](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_GEMM_OPERATOR_DESC desc{t[0], t[1], nullptr, t[2], DML_MATRIX_TRANSFORM_NONE, transB, 1.0f, 0.0f, nullptr};
        const DML_OPERATOR_DESC d{DML_OPERATOR_GEMM, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

// DEQUANTIZE with QuantizationTensors {t[1]} (SCALE) or {t[1], t[2]} (SCALE_ZERO_POINT).
Factory dequantize(VkdmlDevice device, bool zeroPoint) {
    return [device, zeroPoint](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        const DML_TENSOR_DESC quantization[2] = {*t[1], zeroPoint ? *t[2] : *t[1]};
        DML_DEQUANTIZE_OPERATOR_DESC desc{t[0], zeroPoint ? DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT : DML_QUANTIZATION_TYPE_SCALE,
                                          zeroPoint ? 2u : 1u, quantization, t.back()};
        const DML_OPERATOR_DESC d{DML_OPERATOR_DEQUANTIZE, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

// BATCH_NORMALIZATION {Input, Mean, Variance, Scale, Bias} -> Output, Epsilon 1e-5, no fused activation.
Factory batchNorm(VkdmlDevice device) {
    return [device](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_BATCH_NORMALIZATION_OPERATOR_DESC desc{t[0], t[1], t[2], t[3], t[4], t[5], TRUE, 1e-5f, nullptr};
        const DML_OPERATOR_DESC d{DML_OPERATOR_BATCH_NORMALIZATION, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

// LOCAL_RESPONSE_NORMALIZATION, LocalSize 3, Alpha 0.5, Beta 0.75, Bias 1.
Factory lrn(VkdmlDevice device, bool crossChannel) {
    return [device, crossChannel](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC desc{t[0], t[1], crossChannel ? TRUE : FALSE, 3, 0.5f, 0.75f, 1.0f};
        const DML_OPERATOR_DESC d{DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory relu(VkdmlDevice device) {
    return [device](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_ACTIVATION_RELU_OPERATOR_DESC desc{t[0], t[1]};
        const DML_OPERATOR_DESC d{DML_OPERATOR_ACTIVATION_RELU, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory gelu(VkdmlDevice device) {
    return [device](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        DML_ACTIVATION_GELU_OPERATOR_DESC desc{t[0], t[1]};
        const DML_OPERATOR_DESC d{DML_OPERATOR_ACTIVATION_GELU, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

Factory scaleBiasIdentity(VkdmlDevice device, float scale, float bias) {
    return [device, scale, bias](const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
        static thread_local DML_SCALE_BIAS sb;
        sb = {scale, bias};
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc{t[0], t[1], &sb};
        const DML_OPERATOR_DESC d{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc};
        return vkdmlCreateOperator(device, &d, op);
    };
}

// The graph compiled with fusion (into `fusedSteps` kernels, `fusedGroups` of them fusing nodes) and one kernel per
// node (`nodes` kernels), each run on `io` and checked element by element against `expected` (graph output 0).
// Both give the same bytes: the fused kernel adds the same terms in the same order and rounds every value where
// memory would.
void runBothWays(TestDevice& device, const std::function<void(GraphBuilder&)>& build, uint32_t nodes,
                 uint32_t fusedSteps, uint32_t fusedGroups, const GraphIO& io, DML_TENSOR_DATA_TYPE type,
                 const std::vector<Expected>& expected) {
    std::vector<std::vector<uint8_t>> outputs;
    for (const bool fuse : {true, false}) {
        CAPTURE(fuse);
        const Owned<VkdmlDispatchable> compiled = compileGraph(device, fuse, nodes, fusedSteps, fusedGroups, build);
        const GraphRun run = runGraph(device, compiled, io);
        REQUIRE(run.ok());
        CHECK(run.canaryIntact);
        REQUIRE(run.outputs[0].size() >= expected.size() * (type == kF16 ? 2 : 4));
        size_t bad = 0;
        for (size_t i = 0; i < expected.size(); ++i) {
            const uint64_t bits = readBits(run.outputs[0], i, type);
            if (accepts(type, bits, expected[i])) continue;
            if (++bad <= 5)
                MESSAGE("element " << i << ": got " << formatValue(type, bits) << ", expected " << expected[i].value
                                   << " within " << expected[i].bound);
        }
        CHECK(bad == 0);
        outputs.push_back(run.outputs[0]);
    }
    // Element by element: the bytes past the last element (a FLOAT16 tensor's tail) are undefined.
    size_t differing = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
        const uint64_t fused = readBits(outputs[0], i, type), unfused = readBits(outputs[1], i, type);
        if (fused != unfused && differing++ < 5)
            MESSAGE("element " << i << ": fused " << formatValue(type, fused) << ", unfused " << formatValue(type, unfused));
    }
    CHECK(differing == 0);
    CHECK(device.validationMessageCount() == 0);
}

// y = v * g + b after a reduction result v known within its bound: each operation rounds once in `type`.
std::vector<Expected> affine(DML_TENSOR_DATA_TYPE type, const std::vector<Expected>& v, const HostTensor* g,
                             const HostTensor* b) {
    std::vector<Expected> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        const double gi = g ? g->values[i] : 1.0, bi = b ? b->values[i] : 0.0;
        const double product = v[i].value * gi, spread = std::fabs(gi) * v[i].bound;
        out[i].value = product + bi;
        out[i].bound = spread + (g ? ulpOf(type, std::fabs(product) + spread) : 0.0) +
                       (b ? ulpOf(type, std::fabs(out[i].value) + spread + ulpOf(type, product)) : 0.0);
    }
    return out;
}

// f(x) of a value known within its bound, stored in `type`: f's slope spreads the bound, f's own error in FLOAT32
// ULPs (0.5 for one correctly rounded operation) adds to it, and a FLOAT16 store rounds once more.
Expected through(DML_TENSOR_DATA_TYPE type, const Expected& x, double value, double slope, double ownUlps) {
    Expected y;
    y.value = value;
    const double spread = slope * x.bound;
    y.bound = spread + ownUlps * ulpOf(kF32, std::fabs(value) + spread);
    if (type == kF16) y.bound += 0.5 * ulpOf(kF16, std::fabs(value) + y.bound);
    return y;
}

// RELU of values known within their bounds (exact: slope 1, no rounding of its own).
std::vector<Expected> throughRelu(DML_TENSOR_DATA_TYPE type, const std::vector<Expected>& v) {
    std::vector<Expected> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = through(type, v[i], std::max(0.0, v[i].value), 1.0, 0.0);
    return out;
}

HostTensor elementwise(DML_TENSOR_DATA_TYPE type, const HostTensor& a, const HostTensor& b,
                       const std::function<double(double, double)>& f) {
    HostTensor out{a.sizes, std::vector<double>(a.values.size())};
    for (size_t i = 0; i < a.values.size(); ++i) out.values[i] = rounded(type, f(a.values[i], b.values[i]));
    return out;
}

}  // namespace

TEST_CASE("graph neighbours: ADD -> MVN1 (SkipLayerNormalization) runs as one kernel") {
    TestDevice device;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16}) {
        for (const bool permutedSkip : {false, true}) {
            CAPTURE(typeName(type));
            CAPTURE(permutedSkip);
            const std::vector<uint32_t> sizes{2, 1, 5, 96};
            const Input x = randomInput(tensor(type, sizes), 1, -3.0, 5.0);
            // The skip tensor stored as {96, 5} rows: read across its memory (strides of a transposed layout).
            const Input skip = randomInput(permutedSkip ? tensor(type, sizes, {480, 480, 1, 5}) : tensor(type, sizes), 2,
                                           -1.0, 1.0);
            const Input gamma = randomInput(row(type, {1, 1, 1, 96}), 3, 0.5, 2.0);
            const Input beta = randomInput(row(type, {1, 1, 1, 96}), 4, -1.0, 1.0);
            const GraphTensorDesc out = tensor(type, sizes);
            auto build = [&](GraphBuilder& b) {
                const uint32_t add = b.addOperator({x.desc, skip.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                const uint32_t norm = b.addOperator({out, gamma.desc, beta.desc}, out, mvn1(device, {3}, true));
                b.inputEdge(0, add, 0);
                b.inputEdge(1, add, 1);
                b.edge(add, norm, 0);
                b.inputEdge(2, norm, 1);
                b.inputEdge(3, norm, 2);
                b.outputEdge(norm, 0);
            };
            const HostTensor sum = elementwise(type, x.host, skip.host, [](double a, double c) { return a + c; });
            MvnParams p;
            p.axes = {3};
            p.scale = &gamma.host;
            p.bias = &beta.host;
            HostTensor scale{sizes, {}}, bias{sizes, {}};  // the broadcast rows at every position
            for (size_t i = 0; i < sum.values.size(); ++i) {
                scale.values.push_back(gamma.host.values[i % 96]);
                bias.values.push_back(beta.host.values[i % 96]);
            }
            p.scale = &scale;
            p.bias = &bias;
            const GraphIO io{{x.bytes, skip.bytes, gamma.bytes, beta.bytes}, {}, {out.bytes()}};
            runBothWays(device, build, 2, 1, 1, io, type, expectMvn(type, sum, p));
        }
    }
}

TEST_CASE("graph neighbours: x * s -> SOFTMAX1 and -> LOG_SOFTMAX1 over non-adjacent axes, one kernel each") {
    TestDevice device;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16}) {
        for (const bool log : {false, true}) {
            CAPTURE(typeName(type));
            CAPTURE(log);
            const std::vector<uint32_t> sizes{3, 4, 2, 33};
            const std::vector<uint32_t> axes = log ? std::vector<uint32_t>{1, 3} : std::vector<uint32_t>{3};
            const Input x = randomInput(tensor(type, sizes), 5, -8.0, 8.0);
            const Input s = randomInput(tensor(type, sizes, {0, 0, 0, 0}), 6, 0.1, 0.2);  // one scalar, broadcast
            const GraphTensorDesc out = tensor(type, sizes);
            const DML_OPERATOR_TYPE op = log ? DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 : DML_OPERATOR_ACTIVATION_SOFTMAX1;
            auto build = [&](GraphBuilder& b) {
                const uint32_t mul =
                    b.addOperator({x.desc, s.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                const uint32_t sm = b.addOperator({out}, out, softmax1(device, op, axes));
                b.inputEdge(0, mul, 0);
                b.inputEdge(1, mul, 1);
                b.edge(mul, sm, 0);
                b.outputEdge(sm, 0);
            };
            const HostTensor scaled = elementwise(type, x.host, s.host, [](double a, double c) { return a * c; });
            const GraphIO io{{x.bytes, s.bytes}, {}, {out.bytes()}};
            runBothWays(device, build, 2, 1, 1, io, type,
                        expectSoftmax(log ? SoftmaxKind::LogSoftmax : SoftmaxKind::Softmax, type, scaled, axes));
        }
    }
}

// A FLOAT32 softmax kernel keeps exp(x - max) in its output between passes; a fused epilogue writes a tensor of its
// own, which must receive only the final values (a random graph found SOFTMAX1 -> RELU_GRAD reading its own
// epilogue's results back as exponentials).
TEST_CASE("graph neighbours: SOFTMAX1 and LOG_SOFTMAX1 -> MULTIPLY by a full tensor, one kernel each") {
    TestDevice device;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16}) {
        for (const bool log : {false, true}) {
            for (const uint32_t rowLength : {24u, 7u}) {  // rows read by vectors, and one element at a time
                CAPTURE(std::string(typeName(type)));
                CAPTURE(log);
                CAPTURE(rowLength);
                const std::vector<uint32_t> sizes{3, 5, rowLength};
                const Input x = randomInput(tensor(type, sizes), 41, -6.0, 6.0);
                const Input g = randomInput(tensor(type, sizes), 42, -3.0, 3.0);
                const GraphTensorDesc out = tensor(type, sizes);
                const DML_OPERATOR_TYPE op = log ? DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 : DML_OPERATOR_ACTIVATION_SOFTMAX1;
                auto build = [&](GraphBuilder& b) {
                    const uint32_t sm = b.addOperator({x.desc}, out, softmax1(device, op, {2}));
                    const uint32_t mul =
                        b.addOperator({out, g.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                    b.inputEdge(0, sm, 0);
                    b.inputEdge(1, mul, 1);
                    b.edge(sm, mul, 0);
                    b.outputEdge(mul, 0);
                };
                const GraphIO io{{x.bytes, g.bytes}, {}, {out.bytes()}};
                runBothWays(device, build, 2, 1, 1, io, type,
                            affine(type, expectSoftmax(log ? SoftmaxKind::LogSoftmax : SoftmaxKind::Softmax, type,
                                                       x.host, {2}),
                                   &g.host, nullptr));
            }
        }
    }
}

TEST_CASE("graph neighbours: MVN1 -> MULTIPLY -> ADD, and ADD -> MVN1 -> MULTIPLY -> ADD, one kernel each") {
    TestDevice device;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16}) {
        for (const bool withSkip : {false, true}) {
            CAPTURE(typeName(type));
            CAPTURE(withSkip);
            const std::vector<uint32_t> sizes{4, 3, 64};
            const Input x = randomInput(tensor(type, sizes), 7, -2.0, 6.0);
            const Input skip = randomInput(tensor(type, sizes), 8, -1.0, 1.0);
            const Input gamma = randomInput(tensor(type, sizes, {0, 0, 1}), 9, 0.5, 1.5);
            const Input beta = randomInput(tensor(type, sizes, {0, 0, 1}), 10, -0.5, 0.5);
            const GraphTensorDesc out = tensor(type, sizes);
            auto build = [&](GraphBuilder& b) {
                uint32_t first = 0;
                if (withSkip) {
                    first = b.addOperator({x.desc, skip.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                    b.inputEdge(0, first, 0);
                    b.inputEdge(3, first, 1);
                }
                const uint32_t norm = b.addOperator({out}, out, mvn1(device, {2}, false));
                const uint32_t mul = b.addOperator({out, gamma.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                const uint32_t add = b.addOperator({out, beta.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                if (withSkip) b.edge(first, norm, 0);
                else b.inputEdge(0, norm, 0);
                b.edge(norm, mul, 0);
                b.inputEdge(1, mul, 1);
                b.edge(mul, add, 0);
                b.inputEdge(2, add, 1);
                b.outputEdge(add, 0);
                if (!withSkip) b.inputCount = 4;  // graph input 3 (the skip) left unbound
            };
            const HostTensor in = withSkip ? elementwise(type, x.host, skip.host, [](double a, double c) { return a + c; })
                                           : x.host;
            MvnParams p;
            p.axes = {2};
            const GraphIO io{{x.bytes, gamma.bytes, beta.bytes, withSkip ? skip.bytes : std::vector<uint8_t>{}},
                             {},
                             {out.bytes()}};
            runBothWays(device, build, withSkip ? 4 : 3, 1, 1, io, type,
                        affine(type, expectMvn(type, in, p), &gamma.host, &beta.host));
        }
    }
}

TEST_CASE("graph neighbours: BATCH_NORMALIZATION -> ADD (residual) -> RELU, and x * s -> BATCH_NORMALIZATION, one kernel each") {
    TestDevice device;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16}) {
        CAPTURE(typeName(type));
        // A ResNet block's tail: per-channel statistics {1, C, 1, 1} over {N, C, H, W}.
        const std::vector<uint32_t> sizes{2, 6, 5, 7}, channel{1, 6, 1, 1};
        const Input x = randomInput(tensor(type, sizes), 21, -3.0, 3.0);
        const Input residual = randomInput(tensor(type, sizes), 22, -1.0, 1.0);
        const Input mean = randomInput(tensor(type, channel), 23, -0.5, 0.5);
        const Input variance = randomInput(tensor(type, channel), 24, 0.25, 2.0);
        const Input scale = randomInput(tensor(type, channel), 25, 0.5, 1.5);
        const Input bias = randomInput(tensor(type, channel), 26, -0.5, 0.5);
        const Input s = randomInput(tensor(type, sizes, {0, 0, 0, 0}), 27, 0.5, 2.0);
        const GraphTensorDesc out = tensor(type, sizes);
        BatchNormParams p;
        p.mean = &mean.host, p.variance = &variance.host, p.scale = &scale.host, p.bias = &bias.host;
        auto statistics = [&](GraphBuilder& b, uint32_t norm, uint32_t first) {
            for (uint32_t k = 0; k < 4; ++k) b.inputEdge(first + k, norm, k + 1);
        };
        const std::vector<GraphTensorDesc> normInputs{out, mean.desc, variance.desc, scale.desc, bias.desc};
        {
            auto build = [&](GraphBuilder& b) {
                const uint32_t norm = b.addOperator(normInputs, out, batchNorm(device));
                const uint32_t add = b.addOperator({out, residual.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                const uint32_t act = b.addOperator({out}, out, relu(device));
                b.inputEdge(0, norm, 0);
                statistics(b, norm, 1);
                b.edge(norm, add, 0);
                b.inputEdge(5, add, 1);
                b.edge(add, act, 0);
                b.outputEdge(act, 0);
            };
            const std::vector<Expected> normalized = expectBatchNorm(type, x.host, p);
            const std::vector<Expected> added = affine(type, normalized, nullptr, &residual.host);
            const std::vector<Expected> expected = throughRelu(type, added);
            const GraphIO io{{x.bytes, mean.bytes, variance.bytes, scale.bytes, bias.bytes, residual.bytes}, {}, {out.bytes()}};
            runBothWays(device, build, 3, 1, 1, io, type, expected);
        }
        {
            auto build = [&](GraphBuilder& b) {
                const uint32_t mul = b.addOperator({x.desc, s.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                const uint32_t norm = b.addOperator(normInputs, out, batchNorm(device));
                b.inputEdge(0, mul, 0);
                b.inputEdge(5, mul, 1);
                b.edge(mul, norm, 0);
                statistics(b, norm, 1);
                b.outputEdge(norm, 0);
            };
            const HostTensor scaled = elementwise(type, x.host, s.host, [](double a, double c) { return a * c; });
            const GraphIO io{{x.bytes, mean.bytes, variance.bytes, scale.bytes, bias.bytes, s.bytes}, {}, {out.bytes()}};
            runBothWays(device, build, 2, 1, 1, io, type, expectBatchNorm(type, scaled, p));
        }
    }
}

TEST_CASE("graph neighbours: x * s -> LOCAL_RESPONSE_NORMALIZATION -> ADD -> RELU, one kernel, across channels and spatial") {
    TestDevice device;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16}) {
        for (const bool crossChannel : {true, false}) {
            CAPTURE(typeName(type));
            CAPTURE(crossChannel);
            // The prologue runs for every element a window reads, the epilogue once per element.
            const std::vector<uint32_t> sizes{2, 5, 4, 6};
            const Input x = randomInput(tensor(type, sizes), 31, -3.0, 3.0);
            const Input s = randomInput(tensor(type, sizes, {0, 1, 0, 0}), 32, 0.5, 2.0);  // per channel
            const Input residual = randomInput(tensor(type, sizes), 33, -1.0, 1.0);
            const GraphTensorDesc out = tensor(type, sizes);
            auto build = [&](GraphBuilder& b) {
                const uint32_t mul = b.addOperator({x.desc, s.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                const uint32_t norm = b.addOperator({out}, out, lrn(device, crossChannel));
                const uint32_t add = b.addOperator({out, residual.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                const uint32_t act = b.addOperator({out}, out, relu(device));
                b.inputEdge(0, mul, 0);
                b.inputEdge(1, mul, 1);
                b.edge(mul, norm, 0);
                b.edge(norm, add, 0);
                b.inputEdge(2, add, 1);
                b.edge(add, act, 0);
                b.outputEdge(act, 0);
            };
            const HostTensor scaled = elementwise(type, x.host, s.host, [](double a, double c) { return a * c; });
            const std::vector<Expected> normalized = expectLrn(type, scaled, crossChannel, 3, 0.5, 0.75, 1.0);
            const std::vector<Expected> added = affine(type, normalized, nullptr, &residual.host);
            const std::vector<Expected> expected = throughRelu(type, added);
            const GraphIO io{{x.bytes, s.bytes, residual.bytes}, {}, {out.bytes()}};
            runBothWays(device, build, 4, 1, 1, io, type, expected);
        }
    }
}

TEST_CASE("graph neighbours: ADD -> REDUCE SUM -> IDENTITY with ScaleBias, one value per row through the epilogue") {
    TestDevice device;
    const std::vector<uint32_t> sizes{5, 7, 40};
    const Input x = randomInput(tensor(kF32, sizes), 11, -1.0, 3.0);
    const Input y = randomInput(tensor(kF32, sizes), 12, -1.0, 1.0);
    const GraphTensorDesc summed = tensor(kF32, {5, 1, 40});
    auto build = [&](GraphBuilder& b) {
        const uint32_t add = b.addOperator({x.desc, y.desc}, tensor(kF32, sizes), binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
        const uint32_t sum = b.addOperator({tensor(kF32, sizes)}, summed, reduceSum(device, {1}));
        const uint32_t scaled = b.addOperator({summed}, summed, scaleBiasIdentity(device, 0.25f, 1.0f));
        b.inputEdge(0, add, 0);
        b.inputEdge(1, add, 1);
        b.edge(add, sum, 0);
        b.edge(sum, scaled, 0);
        b.outputEdge(scaled, 0);
    };
    const HostTensor in = elementwise(kF32, x.host, y.host, [](double a, double c) { return a + c; });
    std::vector<Expected> expected = expectReduce(DML_REDUCE_FUNCTION_SUM, kF32, kF32, in, {1});
    HostTensor quarter{summed.sizes, std::vector<double>(expected.size(), 0.25)};
    HostTensor one{summed.sizes, std::vector<double>(expected.size(), 1.0)};
    const GraphIO io{{x.bytes, y.bytes}, {}, {summed.bytes()}};
    runBothWays(device, build, 3, 1, 1, io, kF32, affine(kF32, expected, &quarter, &one));
}

TEST_CASE("graph neighbours: ADD -> CUMULATIVE_SUMMATION -> MULTIPLY and ADD -> CUMULATIVE_PRODUCT, one kernel each") {
    TestDevice device;
    const std::vector<uint32_t> sizes{3, 29, 6};
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16})
        for (const bool product : {false, true})
            for (const DML_AXIS_DIRECTION direction : {DML_AXIS_DIRECTION_INCREASING, DML_AXIS_DIRECTION_DECREASING})
                for (const bool exclusive : {false, true}) {
                    CAPTURE(type);
                    CAPTURE(product);
                    CAPTURE(direction);
                    CAPTURE(exclusive);
                    // Products of 29 factors near 1 stay in FLOAT16's range.
                    const Input x = randomInput(tensor(type, sizes), 21, product ? 0.4 : -1.0, product ? 0.6 : 2.0);
                    const Input y = randomInput(tensor(type, sizes), 22, product ? 0.45 : -1.0, product ? 0.55 : 1.0);
                    const Input g = randomInput(row(type, sizes), 23, -2.0, 2.0);
                    const GraphTensorDesc t = tensor(type, sizes);
                    const DML_OPERATOR_TYPE scan =
                        product ? DML_OPERATOR_CUMULATIVE_PRODUCT : DML_OPERATOR_CUMULATIVE_SUMMATION;
                    auto build = [&](GraphBuilder& b) {
                        const uint32_t add = b.addOperator({x.desc, y.desc}, t, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                        const uint32_t scanned = b.addOperator({t}, t, cumulative(device, scan, 1, direction, exclusive));
                        const uint32_t scaled = b.addOperator({t, g.desc}, t, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                        b.inputEdge(0, add, 0);
                        b.inputEdge(1, add, 1);
                        b.inputEdge(2, scaled, 1);
                        b.edge(add, scanned, 0);
                        b.edge(scanned, scaled, 0);
                        b.outputEdge(scaled, 0);
                    };
                    const HostTensor in = elementwise(type, x.host, y.host, [](double a, double c) { return a + c; });
                    const std::vector<Expected> scanned = expectCumulative(product, type, in, 1, direction, exclusive);
                    const GraphIO io{{x.bytes, y.bytes, g.bytes}, {}, {t.bytes()}};
                    runBothWays(device, build, 3, 1, 1, io, type, affine(type, scanned, &g.host, nullptr));
                }
}

TEST_CASE("graph neighbours: x * s -> REDUCE ARGMAX and ARGMIN, one kernel (indices out, no epilogue)") {
    TestDevice device;
    const std::vector<uint32_t> sizes{4, 9, 70};
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16})
        for (const DML_REDUCE_FUNCTION f : {DML_REDUCE_FUNCTION_ARGMAX, DML_REDUCE_FUNCTION_ARGMIN}) {
            CAPTURE(type);
            CAPTURE(f);
            const Input x = randomInput(tensor(type, sizes), 31, -3.0, 3.0);
            const Input s = randomInput(row(type, sizes), 32, -2.0, 2.0);
            const GraphTensorDesc t = tensor(type, sizes), indices = tensor(DML_TENSOR_DATA_TYPE_UINT32, {4, 9, 1});
            auto build = [&](GraphBuilder& b) {
                const uint32_t scaled = b.addOperator({x.desc, s.desc}, t, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
                const uint32_t arg = b.addOperator({t}, indices, reduceFunction(device, f, {2}));
                b.inputEdge(0, scaled, 0);
                b.inputEdge(1, scaled, 1);
                b.edge(scaled, arg, 0);
                b.outputEdge(arg, 0);
            };
            const HostTensor in = elementwise(type, x.host, s.host, [](double a, double c) { return a * c; });
            const GraphIO io{{x.bytes, s.bytes}, {}, {indices.bytes()}};
            runBothWays(device, build, 2, 1, 1, io, DML_TENSOR_DATA_TYPE_UINT32,
                        expectReduce(f, type, DML_TENSOR_DATA_TYPE_UINT32, in, {2}));
        }
}

TEST_CASE("graph neighbours: a value that leaves the run is not fused away") {
    TestDevice device;
    const std::vector<uint32_t> sizes{2, 3, 48};
    const Input x = randomInput(tensor(kF32, sizes), 13, -2.0, 2.0);
    const Input skip = randomInput(tensor(kF32, sizes), 14, -1.0, 1.0);
    const GraphTensorDesc out = tensor(kF32, sizes);
    // The sum is also graph output 1: ADD stays a kernel of its own. The normalized value feeds two runs (a
    // MULTIPLY that is graph output 0 and an ADD that is output 2): no epilogue takes it.
    auto build = [&](GraphBuilder& b) {
        const uint32_t add = b.addOperator({x.desc, skip.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
        const uint32_t norm = b.addOperator({out}, out, mvn1(device, {2}, false));
        const uint32_t mul = b.addOperator({out, out}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_MULTIPLY));
        const uint32_t again = b.addOperator({out, out}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
        b.inputEdge(0, add, 0);
        b.inputEdge(1, add, 1);
        b.edge(add, norm, 0);
        b.edge(norm, mul, 0);
        b.edge(norm, mul, 1);
        b.edge(mul, again, 0);
        b.edge(norm, again, 1);
        b.outputEdge(mul, 0);
        b.outputEdge(add, 1);
        b.outputEdge(again, 2);
    };
    const HostTensor in = elementwise(kF32, x.host, skip.host, [](double a, double c) { return a + c; });
    MvnParams p;
    p.axes = {2};
    const std::vector<Expected> normalized = expectMvn(kF32, in, p);
    std::vector<Expected> squared(normalized.size());
    for (size_t i = 0; i < normalized.size(); ++i) {
        const double v = normalized[i].value, e = normalized[i].bound;
        squared[i] = {v * v, (2 * std::fabs(v) + e) * e + ulpOf(kF32, v * v + 3 * e)};
    }
    const GraphIO io{{x.bytes, skip.bytes}, {}, {out.bytes(), out.bytes(), out.bytes()}};
    // Fused: ADD; MVN1; MULTIPLY + ADD (one element-wise run). Unfused: 4 kernels.
    runBothWays(device, build, 4, 3, 1, io, kF32, squared);
}

TEST_CASE("graph neighbours: GEMM -> ADD (bias row) -> GELU -> ADD (residual) runs as one kernel") {
    TestDevice device;
    const uint32_t k = 48, n = 40;
    for (const DML_TENSOR_DATA_TYPE type : {kF32, kF16})
        for (const uint32_t m : {1u, 7u}) {  // M = 1: the skinny kernel where the device takes it
            CAPTURE(typeName(type));
            CAPTURE(m);
            const Input a = randomInput(tensor(type, {m, k}), 11, -1.0, 1.0);
            const Input b = randomInput(tensor(type, {k, n}), 12, -1.0, 1.0);
            const Input bias = randomInput(row(type, {m, n}), 13, -1.0, 1.0);
            const Input residual = randomInput(tensor(type, {m, n}), 14, -2.0, 2.0);
            const GraphTensorDesc out = tensor(type, {m, n});
            auto build = [&](GraphBuilder& g) {
                const uint32_t mm = g.addOperator({a.desc, b.desc}, out, gemm(device));
                const uint32_t biased = g.addOperator({out, bias.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                const uint32_t act = g.addOperator({out}, out, gelu(device));
                const uint32_t sum = g.addOperator({out, residual.desc}, out, binary(device, DML_OPERATOR_ELEMENT_WISE_ADD));
                g.inputEdge(0, mm, 0);
                g.inputEdge(1, mm, 1);
                g.edge(mm, biased, 0);
                g.inputEdge(2, biased, 1);
                g.edge(biased, act, 0);
                g.edge(act, sum, 0);
                g.inputEdge(3, sum, 1);
                g.outputEdge(sum, 0);
            };
            std::vector<Expected> expected(m * n);
            for (uint32_t i = 0; i < m; ++i)
                for (uint32_t j = 0; j < n; ++j) {
                    double dot = 0, magnitude = 0;
                    for (uint32_t q = 0; q < k; ++q) {
                        const double p = a.host.values[i * k + q] * b.host.values[q * n + j];
                        dot += p;
                        magnitude += std::fabs(p);
                    }
                    Expected e{dot, (k + 4) * std::ldexp(1.0, -24) * magnitude};
                    if (type == kF16) e.bound += 0.5 * ulpOf(kF16, std::fabs(dot) + e.bound);
                    const size_t at = i * n + j;
                    e = through(type, e, e.value + bias.host.values[at], 1.0, 0.5);
                    const double x = e.value;
                    e = through(type, e, 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))), 1.13, 8.0);
                    e = through(type, e, e.value + residual.host.values[at], 1.0, 0.5);
                    expected[at] = e;
                }
            const GraphIO io{{a.bytes, b.bytes, bias.bytes, residual.bytes}, {}, {out.bytes()}};
            runBothWays(device, build, 4, 1, 1, io, type, expected);
        }
}

// ONNX Runtime's MatMulNBits: 4-bit (INT4) or 8-bit (UINT8) weights {N, K} with one scale (and zero point) per 32
// elements of a row, given as {N, K / 32} tensors; DEQUANTIZE gives the float weights (FLOAT32 or FLOAT16, rounded
// once more), GEMM multiplies with TransB. Fused, GEMM's loads of B take the DEQUANTIZE where A has at most 16 rows:
// one kernel reading the packed weights, the same bytes as two; with 17 rows, two kernels either way.
TEST_CASE("graph: the MatMulNBits pattern, DEQUANTIZE (INT4, blocked scales by sizes) -> GEMM with TransB") {
    TestDevice device;
    const uint32_t k = 96, n = 24, blocks = k / 32;
    struct Variant {
        DML_TENSOR_DATA_TYPE type, quantized;
    };
    for (const Variant v : {Variant{kF32, DML_TENSOR_DATA_TYPE_INT4}, Variant{kF16, DML_TENSOR_DATA_TYPE_UINT8},
                            Variant{kF16, DML_TENSOR_DATA_TYPE_INT4}})
        for (const uint32_t m : {1u, 5u, 16u, 17u})
            for (const bool zeroPoint : {false, true}) {
                const std::string variant = std::string(typeName(v.type)) + " from " + typeName(v.quantized);
                CAPTURE(variant);
                CAPTURE(m);
                CAPTURE(zeroPoint);
                const bool int4 = v.quantized == DML_TENSOR_DATA_TYPE_INT4;
                const Input a = randomInput(tensor(v.type, {1, 1, m, k}), 51, -1.0, 1.0);
                const Input scale = randomInput(tensor(v.type, {1, 1, n, blocks}), 52, 0.01, 0.1);
                const GraphTensorDesc q = tensor(v.quantized, {1, 1, n, k}), zp = tensor(v.quantized, {1, 1, n, blocks}),
                                      weights = tensor(v.type, {1, 1, n, k}), out = tensor(v.type, {1, 1, m, n});
                std::mt19937_64 rng(53);
                std::vector<uint8_t> qBytes(q.bytes()), zpBytes(zp.bytes());
                for (uint8_t& byte : qBytes) byte = uint8_t(rng());
                for (uint8_t& byte : zpBytes) byte = uint8_t(rng());
                auto element = [int4](const std::vector<uint8_t>& bytes, uint64_t e) {
                    if (!int4) return int(bytes[e]);
                    const int nibble = (bytes[e / 2] >> (4 * (e % 2))) & 0xf;
                    return nibble >= 8 ? nibble - 16 : nibble;
                };
                auto build = [&](GraphBuilder& g) {
                    std::vector<GraphTensorDesc> inputs = {q, scale.desc};
                    if (zeroPoint) inputs.push_back(zp);
                    const uint32_t deq = g.addOperator(inputs, weights, dequantize(device, zeroPoint));
                    const uint32_t mm = g.addOperator({a.desc, weights}, out, gemm(device, DML_MATRIX_TRANSFORM_TRANSPOSE));
                    g.inputEdge(0, mm, 0);
                    g.inputEdge(1, deq, 0);
                    g.inputEdge(2, deq, 1);
                    if (zeroPoint) g.inputEdge(3, deq, 2);
                    g.edge(deq, mm, 1);
                    g.outputEdge(mm, 0);
                };
                std::vector<Expected> expected(m * n);
                for (uint32_t i = 0; i < m; ++i)
                    for (uint32_t j = 0; j < n; ++j) {
                        double dot = 0, magnitude = 0;
                        for (uint32_t c = 0; c < k; ++c) {
                            const uint32_t block = j * blocks + c / 32;
                            const int centred = element(qBytes, j * k + c) - (zeroPoint ? element(zpBytes, block) : 0);
                            const float product = float(centred) * float(scale.host.values[block]);  // rounded once
                            const double w = floatValue(v.type, floatBits(v.type, double(product)));  // as stored
                            dot += a.host.values[i * k + c] * w;
                            magnitude += std::fabs(a.host.values[i * k + c] * w);
                        }
                        Expected e{dot, (k + 4) * std::ldexp(1.0, -24) * magnitude};
                        if (v.type == kF16) e.bound += 0.5 * ulpOf(kF16, std::fabs(dot) + e.bound);
                        expected[i * n + j] = e;
                    }
                GraphIO io{{a.bytes, qBytes, scale.bytes}, {}, {out.bytes()}};
                if (zeroPoint) io.inputs.push_back(zpBytes);
                io.inputOffset = zeroPoint ? 48 : 0;  // 4-bit elements counted from a binding's start: 96 past it
                const bool fused = m <= 16;
                runBothWays(device, build, 2, fused ? 1 : 2, fused ? 1 : 0, io, v.type, expected);
            }
}
