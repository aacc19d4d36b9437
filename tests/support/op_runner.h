// Runs one element-wise activation through the whole C API (create, compile, initialize, bind, record, execute,
// read back) on arbitrary layouts, with a canary pattern around the output to catch stray writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "test_device.h"

namespace vkdml::test {

struct TensorSpec {
    std::vector<uint32_t> sizes;
    std::vector<uint32_t> strides;  // empty: packed
    uint64_t totalBytes = 0;        // 0: DMLCalcBufferTensorSize
};

struct ActivationCase {
    DML_OPERATOR_TYPE type = DML_OPERATOR_ACTIVATION_LINEAR;
    float attr0 = 0.0f, attr1 = 0.0f;  // in desc order (Alpha/Beta, Alpha, Steepness, ...)
    DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    TensorSpec input, output;  // output.sizes empty: same as input
    bool inPlace = false;      // output bound to the input's buffer and offset (needs identical layouts)
    uint64_t inputOffset = 0, outputOffset = 0;  // binding offsets (multiples of 16)
    DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE;
};

constexpr uint8_t kCanary = 0xCD;

struct TwoFloatActivationDesc {  // same layout as every {Input, Output, FLOAT[, FLOAT]} activation desc
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT A0;
    FLOAT A1;
};

struct ActivationRun {
    std::vector<uint8_t> output;        // the output tensor's bytes [outputOffset, + TotalTensorSizeInBytes)
    bool canaryIntact = true;           // nothing written outside them
};

// ---- how the runners compile ------------------------------------------------------------------------------------------
// VKDML_TEST_THROUGH_GRAPH=1 (read here and nowhere else): every operator the runners (runActivation, runPrelu,
// runFamily) compile goes through a one-node DML_GRAPH_DESC and vkdmlCompileGraph instead of vkdmlCompileOperator.
// The graph's inputs are the operator's present input slots in slot order (an absent optional tensor is no graph
// input and is not bound), its outputs the operator's output slots; the runners bind by graph input/output index
// and initialize through the initializer (no runner makes an OWNED_BY_DML tensor, so nothing is bound to it).
// What differs for a graph: its outputs must not alias its inputs (CompiledGraph::checkBindings), so the runners run
// in-place cases with the output in a range of its own; the suites skip the few checks that do not apply (each
// marked with throughGraph()).
bool throughGraph();

uint32_t elementBytes(DML_TENSOR_DATA_TYPE type);  // INT4, UINT4: 1 (the byte holding two elements)
uint32_t elementBits(DML_TENSOR_DATA_TYPE type);   // 4 for INT4 and UINT4
uint64_t tensorBytes(const TensorSpec& spec, DML_TENSOR_DATA_TYPE type);
std::vector<uint32_t> stridesOf(const TensorSpec& spec);
uint64_t elementCount(const std::vector<uint32_t>& sizes);
// Element index (in elements from the tensor start) of the n-th element in row-major coordinate order.
uint64_t elementIndex(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& strides, uint64_t n);

// Dense sweeps take every `denseStride()`-th value: 1, or 16 in sanitizer builds (Debug + ASan/UBSan run the host
// references an order of magnitude slower; every code path still runs, on fewer values), or VKDML_TEST_DENSE_STRIDE.
uint32_t denseStride();

// `inputMemory` holds the input tensor's bytes (TotalTensorSizeInBytes of them). Fails the test on any HRESULT error.
ActivationRun runActivation(TestDevice& device, const ActivationCase& c, const std::vector<uint8_t>& inputMemory);

// Runs ACTIVATION_PARAMETERIZED_RELU on `input` and `slopes` (the bytes of the tensors `in` and `slope` describe) in
// one DEFAULT buffer, the output after them or, with `inPlace`, over the input; returns the output tensor's bytes.
std::vector<uint8_t> runPrelu(TestDevice& device, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* slope,
                              const DML_TENSOR_DESC* out, const std::vector<uint8_t>& input,
                              const std::vector<uint8_t>& slopes, bool inPlace);

// Builds the operator desc of any single-input activation whose desc is {InputTensor, OutputTensor, FLOAT, FLOAT}
// or {InputTensor, OutputTensor, FLOAT} (the layout DirectMLX's fused activations share), or of
// ELEMENT_WISE_IDENTITY with a DML_SCALE_BIAS {attr0, attr1}, and tries to create it.
HRESULT tryCreateActivation(VkdmlDevice device, DML_OPERATOR_TYPE type, const DML_TENSOR_DESC* input,
                            const DML_TENSOR_DESC* output, float attr0, float attr1, VkdmlOperator* op);

}  // namespace vkdml::test

#include "activation_reference.h"

namespace vkdml::test {

// Input memory of `bytes` bytes: random values in [lo, hi] with, every 16th element, a special value (±0, ±inf, NaN,
// subnormals, the largest finite values) of the tensor's type.
std::vector<uint8_t> randomTensorMemory(DML_TENSOR_DATA_TYPE type, uint64_t bytes, uint32_t seed, double lo = -30.0,
                                        double hi = 30.0);
// Compares every element of the output with the reference of its input element (ULP of the output type).
UlpCheck verifyActivation(const ActivationCase& c, const std::vector<uint8_t>& inputMemory, const ActivationRun& run,
                          uint64_t bound, const std::string& label);

}  // namespace vkdml::test
