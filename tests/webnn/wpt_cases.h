// The WebNN conformance cases (one JSON file per conformance test file, in the directory VKDML_WPT_CASES_DIR names)
// and how the reduction, softmax and normalization cases map onto DirectML operators, the way Chromium's DirectML
// backend maps them: reduce* -> REDUCE over the WebNN axes (all when absent; keepDimensions only reshapes, so the
// output keeps the input's rank with reduced dimensions 1), softmax -> ACTIVATION_SOFTMAX1 over the given axis,
// layerNormalization -> MEAN_VARIANCE_NORMALIZATION1 over its axes (default all but the first) with Scale and Bias
// strided to the input's rank, instanceNormalization -> MEAN_VARIANCE_NORMALIZATION1 over {2,3} (nchw) or {1,2}
// (nhwc) with Scale and Bias along the channels, batchNormalization -> BATCH_NORMALIZATION with Mean, Variance,
// Scale and Bias along WebNN's axis (default 1) at the input's rank, an absent Scale or Bias a one-element constant
// 1 or 0, Spatial TRUE. A 0-D tensor is a 1-element 1-D tensor.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "family_runner.h"
#include "reference_reduce.h"

namespace vkdml::test::wpt {

struct Tensor {
    std::vector<uint32_t> shape;  // WebNN's (empty: 0-D)
    std::string dataType;         // "float32", "float16", "int32", ...
    std::vector<double> data;     // the values (NaN, infinities, -0 included)
};

struct Operator {
    std::string name;           // "reduceSum", "softmax", ...
    nlohmann::json arguments;   // WebNN's argument list: [{"input": name}, {"options": {...}} or {"axis": n}]
    std::string output;
};

struct Case {
    std::string name;
    std::string skip;  // why the case could not be converted or run (empty: none)
    std::string toleranceKind;  // "ULP" or "ATOL", as the JSON records it
    double tolerance = 0;
    std::map<std::string, Tensor> inputs;
    std::vector<Operator> operators;
    std::map<std::string, Tensor> expectedOutputs;
};

// The directory of the JSON files; empty when it is not there (the suites then pass with a message).
std::string casesDirectory();
// The cases of `<directory>/<file>.json`.
std::vector<Case> loadCases(const std::string& file);

// The conformance files whose single-operator cases these tests run.
extern const char* const kReductionFiles[13];
// The batchNormalization file (its reference is not held to the 1-ULP agreement the reduction files' are: WPT's
// FLOAT16 expectations are rounded from another computation order).
extern const char* const kBatchNormalizationFile;

struct Tolerance {
    bool ulp = true;  // else absolute
    double value = 0;
};

// A case as one DirectML operator: the FamilyCase with its inputs filled and a packed output, what to compare the
// output with, and what the references need.
struct MappedCase {
    FamilyCase c;
    std::vector<double> expected;  // row-major over the output's sizes
    Tolerance tolerance;
    enum class Kind { Reduce, Softmax, Mvn, BatchNorm } kind = Kind::Reduce;
    DML_REDUCE_FUNCTION function = DML_REDUCE_FUNCTION_SUM;
    std::vector<uint32_t> axes;
    double epsilon = 1e-5;
};

// Maps a case whose graph is one reduction, softmax, layerNormalization, instanceNormalization or
// batchNormalization; false with the
// reason in `why` for any other graph or an unsupported data type. The tolerance is WPT's for the operator (the
// per-file rules of the conformance suite), or the case's own where the JSON gives a larger one.
bool mapCase(const Case& wptCase, MappedCase& mapped, std::string& why);

// Whether a case marked skip should still run: its skip reason only says the operator was missing.
bool runsDespiteSkip(const Case& wptCase);

// The double-precision reference (reference_reduce.h) of a mapped case, for its inputs.
std::vector<Expected> referenceOf(const MappedCase& m);

// Whether `bits` (the output's type) matches `expected` within the tolerance, as the conformance suite compares:
// ULP distance of the bit patterns (the expected value rounded to the type; +-0 equal; NaN matches NaN) or
// absolute difference; integers by their difference.
bool withinTolerance(DML_TENSOR_DATA_TYPE type, uint64_t bits, double expected, const Tolerance& tolerance,
                     double* distance = nullptr);

}  // namespace vkdml::test::wpt
