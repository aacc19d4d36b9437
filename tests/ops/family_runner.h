// Runs any DirectML element-wise operator with N typed, strided input tensors and one output tensor through the whole
// C API (create, compile, initialize, bind, record, execute, read back), with a canary pattern (kCanary = 0xCD)
// around every tensor, in one DEFAULT buffer or one per tensor, optionally in place or with aliased inputs. Plus the
// value helpers the element-wise family tests share: typed raw reads and writes, random and special values per data
// type, and an element-by-element comparison that names the first mismatch.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "op_runner.h"  // TensorSpec, elementBytes, tensorBytes, stridesOf, elementCount, elementIndex, kCanary

namespace vkdml::test {

struct FamilyTensor {
    DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32;
    TensorSpec spec;              // sizes; strides (empty: packed, 0: broadcast); totalBytes (0: computed)
    std::vector<uint8_t> memory;  // inputs: the tensor's bytes(), as uploaded; unused for the output
    int aliasOf = -1;             // inputs: bound to the exact range of an earlier input (its memory is used)
    uint64_t offset = 0;          // extra binding offset (a multiple of 16) past the tensor's 256-aligned slot
    bool absent = false;          // inputs: an omitted optional tensor (NULL in the desc, DML_BINDING_TYPE_NONE)
    uint64_t bytes() const { return tensorBytes(spec, type); }
};

// Creates the operator from its tensor descs: the inputs in the desc's field order, then the output.
using FamilyDescBuilder = std::function<HRESULT(VkdmlDevice, DML_OPERATOR_TYPE,
                                                std::vector<const DML_TENSOR_DESC*> tensors, VkdmlOperator*)>;

struct FamilyCase {
    DML_OPERATOR_TYPE op = DML_OPERATOR_ELEMENT_WISE_ADD;
    std::vector<FamilyTensor> inputs;
    FamilyTensor output;
    int inPlaceInput = -1;         // output bound to input k's exact range (same type, sizes, strides, bytes)
    bool separateBuffers = false;  // every tensor (range) in a DEFAULT buffer of its own
    DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE;
    FamilyDescBuilder build;       // empty: createElementwiseOperator
};

struct FamilyRun {
    HRESULT hr = S_OK;          // the first failing call's result (S_OK: it ran)
    std::string failedCall;     // that call's name
    std::vector<uint8_t> output;  // the output tensor's bytes (TotalTensorSizeInBytes of them)
    bool canaryIntact = true;     // no byte outside the output range changed (inputs and canaries included)
    bool ok() const { return hr == S_OK; }
};

// Fills the operator's DML_*_OPERATOR_DESC from `tensors` (ADD ... DIFFERENCE_SQUARE, MODULUS_*, LOGICAL_*, BIT_*, IF, CAST)
// and calls vkdmlCreateOperator. Unknown types: E_NOTIMPL without calling.
HRESULT createElementwiseOperator(VkdmlDevice device, DML_OPERATOR_TYPE type,
                                  const std::vector<const DML_TENSOR_DESC*>& tensors, VkdmlOperator* op);
// Builds the tensor descs of `c` and creates the operator; returns vkdmlCreateOperator's HRESULT. `op` may be NULL
// (the operator is released).
HRESULT tryCreate(VkdmlDevice device, const FamilyCase& c, VkdmlOperator* op = nullptr);
// Runs `c` on `device`. An API error is returned in FamilyRun::hr (the results are then empty); only failures of
// the test device itself (buffer creation, copies, execution) abort the test case.
FamilyRun runFamily(TestDevice& device, const FamilyCase& c);

// ---- values ----------------------------------------------------------------------------------------------------------
const char* typeName(DML_TENSOR_DATA_TYPE type);
bool isFloatType(DML_TENSOR_DATA_TYPE type);
bool isSignedType(DML_TENSOR_DATA_TYPE type);  // signed integers
uint32_t bitWidth(DML_TENSOR_DATA_TYPE type);
uint64_t typeMask(DML_TENSOR_DATA_TYPE type);  // the low bitWidth() bits set
uint64_t readBits(const std::vector<uint8_t>& memory, uint64_t element, DML_TENSOR_DATA_TYPE type);
void writeBits(std::vector<uint8_t>& memory, uint64_t element, DML_TENSOR_DATA_TYPE type, uint64_t bits);
double floatValue(DML_TENSOR_DATA_TYPE type, uint64_t bits);  // FLOAT16/32/64, exact
int64_t signedValue(DML_TENSOR_DATA_TYPE type, uint64_t bits);  // signed types: sign-extended; else the bits
uint64_t floatBits(DML_TENSOR_DATA_TYPE type, double value);  // rounded to nearest even into FLOAT16/32/64
std::string formatValue(DML_TENSOR_DATA_TYPE type, uint64_t bits);  // "1.5 (0x3e00)", "-7", ...

// Special values of the type (raw bits): signed zeros, infinities, NaNs (with payloads), subnormals, the extremes,
// +-1, small integers; for integers min, max, 0, +-1, min+1, max-1, the sign bit boundary.
std::vector<uint64_t> specialValues(DML_TENSOR_DATA_TYPE type);
// 2^20 FLOAT32 bit patterns (2^20 / denseStride() in sanitizer builds) spread evenly over all 2^32: both signs, every
// exponent, subnormals, infinities and NaNs, the low significand bits varying too.
std::vector<uint64_t> float32Sweep();
// A random value of the type: a mix of small values (equalities and exact results are common), specials, values of
// moderate magnitude with a full significand, and arbitrary bit patterns.
uint64_t randomValue(DML_TENSOR_DATA_TYPE type, std::mt19937_64& rng);
using ValueGen = std::function<uint64_t(std::mt19937_64&)>;
// Resizes t.memory to t.bytes(), fills every element slot with gen (default randomValue of t.type), then writes
// `prefix` into the first logical elements (row-major over the sizes, through the strides).
void fillTensor(FamilyTensor& t, std::mt19937_64& rng, const std::vector<uint64_t>& prefix = {}, ValueGen gen = {});
// The two prefixes whose pairs (a[i], b[i]) run through every pair of specialValues(type).
void specialPairs(DML_TENSOR_DATA_TYPE type, std::vector<uint64_t>& a, std::vector<uint64_t>& b);

// Strides: packed with `padding` elements added per dimension step.
std::vector<uint32_t> paddedStrides(const std::vector<uint32_t>& sizes, uint32_t padding);
// Strides of the dimensions stored in the order `order` (order[0] outermost; {2, 1, 0} transposes a 3-D tensor),
// with `padding` elements added per dimension step.
std::vector<uint32_t> permutedStrides(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& order,
                                      uint32_t padding = 0);

// Whether `got` (bits of FLOAT16/32/64 `type`) is `exact` rounded to the type within `bound` ULP: NaN for NaN (any
// payload), FLOAT32 with reference.h's rule (a) (an fp32-subnormal result may be a zero of its sign), and a zero
// with the sign of `exact` where `exact` is exactly zero or bound is 0 and `exact` rounds to zero (IEEE signed zeros).
// FLOAT64 (bound 0 only): the bits of `exact`.
bool floatResultOk(DML_TENSOR_DATA_TYPE type, uint64_t got, double exact, uint64_t bound);
// The values an fp32 input may be read as (reference.h rule (b)): x, and +-0 when x is an fp32 subnormal.
std::vector<double> readAs(DML_TENSOR_DATA_TYPE type, double x);

FamilyTensor tensorOf(DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& sizes,
                      const std::vector<uint32_t>& strides = {});
// Random strides for `sizes`: packed, padded, permuted (with or without padding) and, for an input, also broadcast
// (some strides 0) or scalar (all 0); appends the kind to `name`.
std::vector<uint32_t> randomStrides(const std::vector<uint32_t>& sizes, std::mt19937_64& rng, bool input,
                                    std::string& name);

// ---- comparison ------------------------------------------------------------------------------------------------------
// Judges one element: `in` holds the raw bits of every input's element, `got` the output's. Returns whether `got`
// is acceptable; when not, `expected` describes the expected value.
using FamilyAccept = std::function<bool(const std::vector<uint64_t>& in, uint64_t got, std::string& expected)>;
struct FamilyCheck {
    uint64_t checked = 0, wrong = 0;
    std::string first;  // the first mismatch: element, coordinates, inputs, got, expected
    // Float results accepted by floatResultOk: how many, and the largest error among them in real ULPs (each
    // element's error against the reference it was accepted for, the closest where several are allowed).
    uint64_t measured = 0;
    double maxUlp = 0;
};
FamilyCheck compareFamily(const FamilyCase& c, const FamilyRun& run, const FamilyAccept& accept);
// CHECKs the run's HRESULT, the canary and every element, with messages naming `label`; false when the run failed
// (nothing was compared). `result`, when given, receives the comparison.
bool checkFamily(const std::string& label, const FamilyCase& c, const FamilyRun& run, const FamilyAccept& accept,
                 FamilyCheck* result = nullptr);
// Fills every input of `c` that is not an alias (`prefixes[i]` first, the rest from `gens[i]`, or randomValue where
// that is empty), runs it and checks it with checkFamily.
FamilyCheck runChecked(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& label,
                       const FamilyAccept& accept, const std::vector<std::vector<uint64_t>>& prefixes = {},
                       const std::vector<ValueGen>& gens = {});
// runChecked, then a message with the largest error of the float results (the dense sweeps: the figures the
// closing notes and README quote).
void runMeasured(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& label,
                 const FamilyAccept& accept, const std::vector<std::vector<uint64_t>>& prefixes = {},
                 const std::vector<ValueGen>& gens = {});

}  // namespace vkdml::test
