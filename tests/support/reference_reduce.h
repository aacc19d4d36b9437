// reference_reduce.h - double-precision references of the reduction family (REDUCE, ARGMIN, ARGMAX), the softmax
// family (SOFTMAX, LOG_SOFTMAX, HARDMAX and their *1 forms), the mean-variance normalizations (MVN, MVN1, MVN2)
// over any set of axes, BATCH_NORMALIZATION (given statistics) and BATCH_NORMALIZATION_TRAINING (MVN's formula plus
// FusedAdd, and its mean and variance outputs), LOCAL_RESPONSE_NORMALIZATION, LP_NORMALIZATION and the cumulative scans (CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT) along
// one axis; the error bound of every result; the check of device output against them; and the
// operator descs these tests build.
//
// Values are logical: a HostTensor holds a tensor's elements in row-major order of its sizes, whatever the strides
// on the device. A reference returns one Expected per output element: the exact result (rounded to double) and
// the absolute error allowed. The bounds model the implementation's contract: FLOAT32 accumulation (FLOAT16 too)
// with compensated per-thread sums combined in a tree, so that a sum of N terms is within
// (ceil(log2 N) + 2) u S of the exact sum, u = 2^-24 and S the sum of the terms' magnitudes; each bound's derivation
// is next to its formula in reference_reduce.cpp.
//
// Semantics where DirectML says nothing, as vkdml implements them:
//  - Axes are a set in any order (duplicates are invalid); AxisCount 0 reduces every element alone.
//  - The members of a reduction are ordered row-major over the reduced axes in ascending axis order; ARG* return
//    that flattened position.
//  - NaN propagates through MAX, MIN, LOG_SUM_EXP and the softmax family; in ARGMAX/ARGMIN and HARDMAX a NaN is
//    the extreme, the first one in the scan direction wins. -0 equals +0.
//  - Integer SUM, MULTIPLY, L1 and SUM_SQUARE wrap around at the tensor's width (two's complement).
//  - LOG_SUM_EXP and the softmax family subtract the maximum first: a maximum of -inf gives -inf (LOG_SUM_EXP) and
//    NaN (softmax), +inf gives +inf (LOG_SUM_EXP) and NaN (softmax).
//  - MVN: population variance (divided by N) of the centred values, Epsilon inside the square root and unused when
//    the variance is not normalized.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "family_runner.h"

namespace vkdml::test {

constexpr double kUnitRoundoff = 0x1p-24;  // u: half the FLOAT32 spacing at 1

struct HostTensor {
    std::vector<uint32_t> sizes;
    std::vector<double> values;  // row-major over sizes
};

// The members of every reduction of a tensor of `sizes` over `axes` (any order, no duplicates).
class ReductionGroups {
public:
    ReductionGroups(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes);
    const std::vector<uint32_t>& outputSizes() const { return outputSizes_; }  // the reduced axes set to 1
    uint64_t groupCount() const { return base_.size(); }                     // = output elements
    uint64_t groupSize() const { return offset_.size(); }                    // N
    // Row-major input index of member k of group g (the group of output element g, row-major).
    uint64_t member(uint64_t g, uint64_t k) const { return base_[g] + offset_[k]; }
    std::vector<double> gather(const std::vector<double>& values, uint64_t g) const;

private:
    std::vector<uint32_t> outputSizes_;
    std::vector<uint64_t> base_, offset_;
};

// What one output element must be: `value`, within `bound` (absolute). Integer outputs: exactly `value`.
// bound 0 on a float output: the value itself (either zero for a zero); an infinite bound accepts anything.
struct Expected {
    double value = 0;
    double bound = 0;
};

// ---- the references -------------------------------------------------------------------------------------------------
// The spacing of FLOAT32 or FLOAT16 at |x| (its binade; the subnormal spacing below the normal range).
double ulpOf(DML_TENSOR_DATA_TYPE type, double x);
uint32_t ceilLog2(uint64_t n);

// REDUCE with `function` on a tensor of `inType` (values exact in it), output of `outType`.
std::vector<Expected> expectReduce(DML_REDUCE_FUNCTION function, DML_TENSOR_DATA_TYPE inType,
                                   DML_TENSOR_DATA_TYPE outType, const HostTensor& x,
                                   const std::vector<uint32_t>& axes);
// ARGMAX (max = true) / ARGMIN: the flattened member position; DECREASING takes the last extreme.
std::vector<Expected> expectArg(bool max, DML_AXIS_DIRECTION direction, const HostTensor& x,
                                const std::vector<uint32_t>& axes);

enum class SoftmaxKind { Softmax, LogSoftmax, Hardmax };
// SOFTMAX1 / LOG_SOFTMAX1 / HARDMAX1 over `axes` jointly (the legacy operators: the last axis), output of `type`.
std::vector<Expected> expectSoftmax(SoftmaxKind kind, DML_TENSOR_DATA_TYPE type, const HostTensor& x,
                                    const std::vector<uint32_t>& axes);

struct MvnParams {
    std::vector<uint32_t> axes;
    bool useMean = true, useVariance = true;  // MVN1: useMean; useVariance = NormalizeVariance
    double epsilon = 1e-5;
    const HostTensor* scale = nullptr;  // same rank as the input, each dimension 1 or the input's
    const HostTensor* bias = nullptr;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;  // RELU, SIGMOID, TANH, LINEAR (alpha, beta) or none
    double alpha = 0, beta = 0;
    const HostTensor* addend = nullptr;  // BATCH_NORMALIZATION_TRAINING's FusedAdd: the input's sizes, added last
};
std::vector<Expected> expectMvn(DML_TENSOR_DATA_TYPE type, const HostTensor& x, const MvnParams& p);

// BATCH_NORMALIZATION_TRAINING's OutputMeanTensor and OutputVarianceTensor: per group of `axes` (the axes where
// the scale has size 1), the mean and the population variance (divided by N, Epsilon not included), row-major over
// the reduced shape.
void expectBatchNormStatistics(DML_TENSOR_DATA_TYPE type, const HostTensor& x, const std::vector<uint32_t>& axes,
                               std::vector<Expected>& mean, std::vector<Expected>& variance);

// BATCH_NORMALIZATION: activation(scale (x - mean) / sqrt(variance + epsilon) + bias), every statistics tensor the
// input's rank with each dimension 1 or the input's (Spatial has no effect).
struct BatchNormParams {
    const HostTensor *mean = nullptr, *variance = nullptr, *scale = nullptr, *bias = nullptr;  // all required
    double epsilon = 1e-5;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;  // as MvnParams
    double alpha = 0, beta = 0;
};
std::vector<Expected> expectBatchNorm(DML_TENSOR_DATA_TYPE type, const HostTensor& x, const BatchNormParams& p);

// LOCAL_RESPONSE_NORMALIZATION of a 4-D {N,C,H,W} tensor: x / (bias + alpha / localSize * S)^beta, S the sum of
// squares over the window [i - floor((localSize-1)/2), i + ceil((localSize-1)/2)] clipped to the tensor, along C
// (crossChannel) or along both H and W.
std::vector<Expected> expectLrn(DML_TENSOR_DATA_TYPE type, const HostTensor& x, bool crossChannel, uint32_t localSize,
                                double alpha, double beta, double bias);

// LP_NORMALIZATION along `axis`: y = x / max(||x||_P, epsilon) over each row, P = 1 (sum of |x|) or 2 (square
// root of the sum of squares), `epsilon` the desc's FLOAT; a NaN anywhere in a row makes the row NaN. Output of
// `type` (FLOAT16: computed in FLOAT32, rounded once).
std::vector<Expected> expectLpNormalization(DML_TENSOR_DATA_TYPE type, const HostTensor& x, uint32_t axis,
                                            double epsilon, uint32_t p);
// CUMULATIVE_SUMMATION (product = false) and CUMULATIVE_PRODUCT along `axis`: the running sum or product in the
// scan direction (INCREASING: ascending indices), written before the current element is included when `exclusive`
// (the first written element 0 or 1). Integers: exact, wrapping at the tensor's width. Floats: the exact prefix
// within the bounds of a compensated scan (reference_reduce.cpp); NaN and infinities propagate as in IEEE
// arithmetic (inf + -inf and 0 * inf: NaN).
std::vector<Expected> expectCumulative(bool product, DML_TENSOR_DATA_TYPE type, const HostTensor& x, uint32_t axis,
                                       DML_AXIS_DIRECTION direction, bool exclusive);

// The FLOAT32 values of `x` with every subnormal replaced by a zero of its sign (what a device that flushes
// inputs computes from); false when `x` has no subnormal.
bool flushSubnormals(const HostTensor& x, HostTensor& flushed);

// ---- checking device output ----------------------------------------------------------------------------------------
// Whether the raw element `bits` of `type` is acceptable for `e`. FLOAT32: where |e.value| < 2^-126, any result of
// magnitude up to 2^-126 is also accepted (a device may flush subnormal results). A result of +-inf is accepted
// where e.value + e.bound reaches the type's overflow threshold.
bool accepts(DML_TENSOR_DATA_TYPE type, uint64_t bits, const Expected& e);

struct OutputCheck {
    uint64_t checked = 0, wrong = 0;
    std::string first;  // the first wrong element: coordinates, got, expected
};
// Compares every element of the output (read through its strides) with `expected` (row-major), accepting also
// `alternative` where given.
OutputCheck checkOutput(const FamilyTensor& out, const std::vector<uint8_t>& bytes,
                        const std::vector<Expected>& expected, const std::vector<Expected>* alternative = nullptr);

// The logical values of an input tensor (its memory read through its strides).
HostTensor hostTensor(const FamilyTensor& t);

// Runs `c` (inputs filled), CHECKs that every call succeeded, that nothing outside the output changed and every
// output element; false when the run failed.
bool runAndCheck(TestDevice& device, const FamilyCase& c, const std::string& label,
                 const std::vector<Expected>& expected, const std::vector<Expected>* alternative = nullptr);

// ---- values ---------------------------------------------------------------------------------------------------------
// Finite values: sign random, magnitude 2^[minExp, maxExp) with a random significand of the type; one in eight a small
// integer in [-4, 4] (ties, exact sums).
ValueGen mixedFloats(DML_TENSOR_DATA_TYPE type, int minExp, int maxExp);
// Positive values in [lo, hi) rounded to the type.
ValueGen uniformFloats(DML_TENSOR_DATA_TYPE type, double lo, double hi, bool randomSign = false);
// Integers in [lo, hi] as values of the type (many ties).
ValueGen smallIntegers(DML_TENSOR_DATA_TYPE type, int lo, int hi);

// ---- operator descs -------------------------------------------------------------------------------------------------
FamilyDescBuilder reduceBuilder(DML_REDUCE_FUNCTION function, std::vector<uint32_t> axes);
// REDUCE with `function` over `axes` of an `in` tensor of `sizes`, the output of type `out` (strides empty: packed).
FamilyCase reduceCase(DML_REDUCE_FUNCTION function, DML_TENSOR_DATA_TYPE in, DML_TENSOR_DATA_TYPE out,
                      const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes,
                      const std::vector<uint32_t>& inStrides = {}, const std::vector<uint32_t>& outStrides = {});
// DML_OPERATOR_ARGMIN or DML_OPERATOR_ARGMAX (the case's op).
// `direction` is stored raw: validation tests pass values outside DML_AXIS_DIRECTION.
// A named tensor shape and the axes an operator reduces over (the suites' lists of axis patterns).
struct AxisPattern {
    const char* name;
    std::vector<uint32_t> sizes, axes;
};

// Random sizes of `rank` dimensions (smaller the higher the rank), at most `maxElements` in all.
std::vector<uint32_t> randomSizes(uint32_t rank, std::mt19937_64& rng, uint64_t maxElements);

FamilyDescBuilder argBuilder(std::vector<uint32_t> axes, uint32_t direction);
// The legacy softmax operators ({Input, Output}) and the *1 ones ({Input, Output, AxisCount, Axes}).
FamilyDescBuilder softmaxBuilder(std::vector<uint32_t> axes);
struct MvnDesc {
    std::vector<uint32_t> axes;  // MVN1, MVN2
    bool crossChannel = false;   // MVN
    bool normalizeVariance = true;  // MVN, MVN1
    bool useMean = true, useVariance = true;  // MVN2
    float epsilon = 1e-5f;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;
    float alpha = 0, beta = 0;  // LINEAR's
    const DML_TENSOR_DESC* activationInput = nullptr;  // a (wrong) tensor in the fused activation's desc
};
// MEAN_VARIANCE_NORMALIZATION, 1 or 2 (the case's op); the case's inputs are Input, Scale, Bias (absent: NULL).
FamilyDescBuilder mvnBuilder(MvnDesc desc);
FamilyDescBuilder lpNormalizationBuilder(uint32_t axis, float epsilon, uint32_t p);
struct BatchNormDesc {
    BOOL spatial = TRUE;
    float epsilon = 1e-5f;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_INVALID;
    float alpha = 0, beta = 0;  // LINEAR's
};
// BATCH_NORMALIZATION: the case's inputs are Input, Mean, Variance, Scale, Bias.
FamilyDescBuilder batchNormBuilder(BatchNormDesc desc);
FamilyDescBuilder lrnBuilder(BOOL crossChannel, uint32_t localSize, float alpha, float beta, float bias);
// CUMULATIVE_SUMMATION or CUMULATIVE_PRODUCT (the case's op); `direction` is passed as given (invalid ones too).
FamilyDescBuilder cumulativeBuilder(uint32_t axis, uint32_t direction, bool exclusive);  // direction raw

// ---- 64-bit integers: exact references on the bits (a double holds 53) ----------------------------------------------
// The tensor's elements in row-major order, as bits.
std::vector<uint64_t> logicalBits(const FamilyTensor& t, const std::vector<uint8_t>& memory);
// Arithmetic wraps modulo 2^64; MAX and MIN compare as signed for INT64. ARGMAX, ARGMIN: the member position of
// the first extreme, of the last with `lastOnTies` (AxisDirection DECREASING).
std::vector<uint64_t> expectReduce64(DML_REDUCE_FUNCTION function, bool isSigned, const std::vector<uint64_t>& x,
                                     const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes,
                                     bool lastOnTies = false);
std::vector<uint64_t> expectCumulative64(bool product, const std::vector<uint64_t>& x,
                                         const std::vector<uint32_t>& sizes, uint32_t axis,
                                         DML_AXIS_DIRECTION direction, bool exclusive);
// Fills `c`'s input from `gen`, runs it and compares every output element's bits with `reference` of the input's
// bits (row-major).
void checkExact64(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& label, ValueGen gen,
                  const std::function<std::vector<uint64_t>(const std::vector<uint64_t>&)>& reference);
// INT64 / UINT64 values that make sums and products wrap and extremes tie: the extremes, 0, +-1, 2^32 neighbours,
// small integers, and random bit patterns (odd ones with `forProducts`, so that long products stay nonzero).
ValueGen wrappingInt64s(bool forProducts);

}  // namespace vkdml::test
