// vkdml-bench: the operator table. One row per benchmarked operator; adding an element-wise operator to the bench
// is one row here.
#pragma once

#include <vkdml/vkdml.h>

#include <cstddef>
#include <string>
#include <vector>

namespace bench {

// The tensors of an operator's desc, in the desc's order (inputs, then the output). T is the case's data type.
enum class Signature {
    Unary,    // {Input T, Output T}
    Test,     // {Input T, Output UINT8}: IS_NAN
    Binary,   // {A T, B T, Output T}
    Compare,  // {A T, B T, Output UINT8}
    If,       // {Condition UINT8, A T, B T, Output T}
    Cast,     // {Input castFrom, Output castTo}: the case's type is castFrom
};

struct OpSpec {
    const char* key;      // command-line name: "celu"
    const char* dmlName;  // "ACTIVATION_CELU"
    DML_OPERATOR_TYPE type;
    float attr0, attr1;  // the desc's FLOAT fields in order (unused ones ignored); chosen so that repeated
                         // in-place application stays finite
    // Creates the operator for the given tensors (inputs in the desc's order; the desc's attributes are attr0/attr1).
    HRESULT(*create)
    (VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* const* inputs, const DML_TENSOR_DESC* output,
     VkdmlOperator* op);
    // The host baseline: out[i] = the formula as a plain C++ float expression (std::exp/std::log), i in [0, n).
    // nullptr: no baselines (no naive shader either) for this operator.
    void (*hostLoop)(const float* in, float* out, size_t n, float attr0, float attr1);
    // Targets (lavapipe, FLOAT32 packed): vkdml's throughput / the naive shader's and / the 2-thread C++ loop's.
    // 0 = no target for this operator.
    double targetVsNaiveShader;
    double targetVsHostLoop;
    Signature signature = Signature::Unary;
    // B is +-1 (else [-6, 6) like A), so that repeated in-place application (A = A * B) stays finite and normal.
    bool unitB = false;
    // B in [-0.75, 0.75) (POW's exponent), so that in-place A = (A + 8)^B stays finite and positive.
    bool fractionB = false;
    // The one case type this row runs for (BIT_AND UINT32, LOGICAL_AND UINT8); UNKNOWN: FLOAT32 and FLOAT16.
    DML_TENSOR_DATA_TYPE onlyType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    DML_TENSOR_DATA_TYPE castFrom = DML_TENSOR_DATA_TYPE_UNKNOWN, castTo = DML_TENSOR_DATA_TYPE_UNKNOWN;

    size_t inputCount() const;
    // The case types this operator runs for: FLOAT32/FLOAT16, a CAST row its castFrom only, a row with onlyType that.
    bool takesType(DML_TENSOR_DATA_TYPE type) const;
    // The type of the rows that run once per operator (latency): castFrom, onlyType or FLOAT32.
    DML_TENSOR_DATA_TYPE firstType() const;
    DML_TENSOR_DATA_TYPE inputType(size_t input, DML_TENSOR_DATA_TYPE caseType) const;
    DML_TENSOR_DATA_TYPE outputType(DML_TENSOR_DATA_TYPE caseType) const;
    // Index of the first value input (A; the one a transposed or in-place layout applies to) and of the last (B; the
    // one broadcast and scalar layouts apply to). A single-input operator's input is both.
    size_t firstValueInput() const { return signature == Signature::If ? 1 : 0; }
    size_t lastValueInput() const { return inputCount() - 1; }
};

const std::vector<OpSpec>& opTable();
const OpSpec* findOp(const std::string& key);

}  // namespace bench
