// vkdml-bench: the operator table. One row per benchmarked operator; adding an element-wise operator to the bench
// is one row here.
#pragma once

#include <vkdml/vkdml.h>

#include <cstddef>
#include <string>
#include <vector>

namespace bench {

struct OpSpec {
    const char* key;      // command-line name: "celu"
    const char* dmlName;  // "ACTIVATION_CELU"
    DML_OPERATOR_TYPE type;
    float attr0, attr1;  // the desc's FLOAT fields in order (unused ones ignored); chosen so that repeated
                         // in-place application stays finite
    // Creates the operator for the given input/output tensors (the desc's attributes are attr0/attr1).
    HRESULT(*create)
    (VkdmlDevice device, const OpSpec& spec, const DML_TENSOR_DESC* input, const DML_TENSOR_DESC* output,
     VkdmlOperator* op);
    // The host baseline: out[i] = the formula as a plain C++ float expression (std::exp/std::log), i in [0, n).
    // nullptr: no baselines (no naive shader either) for this operator.
    void (*hostLoop)(const float* in, float* out, size_t n, float attr0, float attr1);
    // Targets (lavapipe, FLOAT32 packed): vkdml's throughput / the naive shader's and / the 2-thread C++ loop's.
    // 0 = no target for this operator.
    double targetVsNaiveShader;
    double targetVsHostLoop;
};

const std::vector<OpSpec>& opTable();
const OpSpec* findOp(const std::string& key);

}  // namespace bench
