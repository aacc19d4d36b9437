// Every element-wise operator vkdml implements, the reductions that write every element of their rows back and
// GEMM (which graphs fuse with their element-wise neighbours), as nodes of random graphs: how the types of its tensors
// relate to the node's type, attributes drawn at random, and its DML_*_OPERATOR_DESC.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "op_runner.h"

namespace vkdml::test {

// How an operator's tensors are typed, given the node's type T (see nodeTypes).
enum class Signature {
    Unary,         // T -> T
    Binary,        // T, T -> T
    Compare,       // T, T -> UINT8 or UINT32
    Predicate,     // T -> UINT8 (IS_NAN, IS_INFINITY, BIT_COUNT)
    Select,        // UINT8, T, T -> T
    Cast,          // any -> T
    Gradient,      // T, T -> T (input, gradient)
    Quantize,      // T, scale T, [zero point Q] -> Q: INT8 or UINT8
    Dequantize,    // Q, scale T, [zero point Q] -> T
    QuantizedAdd,  // Q, FLOAT32 scale, [Q], Q, FLOAT32, [Q], FLOAT32, [Q] -> Q
    Rows,          // T[, scale T, bias T] -> T over some axes: the softmax family, MVN1, LP_NORMALIZATION
    MatMul,        // T, weight T -> T: GEMM; the weight's last two sizes are both the value's last (K = N)
};

struct RandomOperator {
    DML_OPERATOR_TYPE type;
    Signature signature;
    const char* name;
    bool scaleBias;  // the desc has an optional DML_SCALE_BIAS
};

// Every operator the random graphs draw from (operators of every type; nodeTypes/createRandomOperator decide).
const std::vector<RandomOperator>& randomOperators();
// The one of `type` among them.
const RandomOperator& randomOperator(DML_OPERATOR_TYPE type);

// Transcendental operators: their library functions make kernels that take lavapipe ~10x longer to compile, so
// the random graphs draw them less often (every one still appears in every full run).
bool isTranscendental(const RandomOperator& op);

// Bit operators: they read a float's encoding, NaN payload included, and the payload of a computed NaN is not
// specified (a compiler that folds inf - inf or x + NaN picks its own), so random graphs give them integers only.
bool readsEncoding(const RandomOperator& op);

// One node's attributes, drawn once so that the probe and the real node get the same desc.
struct RandomAttributes {
    float a0 = 0.0f, a1 = 0.0f;   // activation parameters, CLIP/THRESHOLD bounds, CONSTANT_POW exponent
    uint32_t mode = 0;            // ROUND's RoundingMode, IS_INFINITY's InfinityMode, ADD1's activation (0: none)
    bool scaleBias = false;       // a DML_SCALE_BIAS on the operators that take one
    DML_SCALE_BIAS scaleBiasValue{1.0f, 0.0f};
    bool zeroPoints = true;       // quantization: zero-point tensors present
    DML_TENSOR_DATA_TYPE compareOutput = DML_TENSOR_DATA_TYPE_UINT8;
    DML_TENSOR_DATA_TYPE castFrom = DML_TENSOR_DATA_TYPE_FLOAT32;
    DML_TENSOR_DATA_TYPE quantized = DML_TENSOR_DATA_TYPE_INT8;
    uint32_t axes = 1;            // Rows: a bit per axis, taken modulo the rank (at least one axis)
    bool fusedRelu = false;       // MatMul: GEMM's FusedActivation
};

// `type` is the node's type; CAST's source type is drawn from `types`.
RandomAttributes randomAttributes(const RandomOperator& op, std::mt19937_64& rng, DML_TENSOR_DATA_TYPE type,
                                  const std::vector<DML_TENSOR_DATA_TYPE>& types);

// The types of the node's inputs (desc field order; absent optional tensors left out) and of its output.
struct NodeTypes {
    std::vector<DML_TENSOR_DATA_TYPE> inputs;
    DML_TENSOR_DATA_TYPE output;
    std::vector<uint32_t> slots;  // each input's slot (ToNodeInputIndex): absent optional inputs keep theirs
};
NodeTypes nodeTypes(const RandomOperator& op, const RandomAttributes& a, DML_TENSOR_DATA_TYPE type);

// Creates the operator over `tensors` (the present inputs in field order, then the output).
HRESULT createRandomOperator(VkdmlDevice device, const RandomOperator& op, const RandomAttributes& a,
                             const std::vector<const DML_TENSOR_DESC*>& tensors, VkdmlOperator* out);

// "CLIP [-0.5, 2]", "ADD1+RELU", ... for the printed graph of a failing seed.
std::string describe(const RandomOperator& op, const RandomAttributes& a);

}  // namespace vkdml::test
