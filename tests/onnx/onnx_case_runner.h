// Runs one ONNX backend node test case (as export_onnx_cases.py writes it) through vkdml's C API: any element-wise
// DirectML operator with typed input tensors, each read NumPy-broadcast to the output's sizes through DirectML strides
// (stride 0 on broadcast dimensions, right-aligned like ONNX Runtime's DML EP), or a reduction-family operator
// (REDUCE, ARGMIN/ARGMAX, the softmax family, MEAN_VARIANCE_NORMALIZATION1/2) with every tensor packed at its own
// sizes; one packed output tensor, canary bytes around every tensor. Plus the exact and tolerance comparisons of the
// suite.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "test_device.h"

namespace vkdml::onnx_conformance {

using test::Owned;
using test::TestDevice;

struct DataTypeInfo {
    DML_TENSOR_DATA_TYPE type;
    const char* name;  // the DML_TENSOR_DATA_TYPE name without DML_TENSOR_DATA_TYPE_, as cases.txt spells it
    uint32_t bytes;
    bool isFloat;
};
// nullptr for a name that is not one of DirectML's 11 types.
const DataTypeInfo* dataTypeFromName(const std::string& name);
const DataTypeInfo& dataTypeInfo(DML_TENSOR_DATA_TYPE type);

// The DML operators the runner builds descs for: the element-wise ones cases.txt names (ELEMENT_WISE_ADD, ...,
// ELEMENT_WISE_IF, CAST), by their DML_OPERATOR_TYPE name without DML_OPERATOR_. DML_OPERATOR_INVALID otherwise.
DML_OPERATOR_TYPE elementwiseOperatorFromName(const std::string& name);
// The reduction-family operators cases.txt names (REDUCE, ARGMIN, ARGMAX, ACTIVATION_SOFTMAX1,
// ACTIVATION_LOG_SOFTMAX1, ACTIVATION_HARDMAX1, MEAN_VARIANCE_NORMALIZATION1, MEAN_VARIANCE_NORMALIZATION2).
// DML_OPERATOR_INVALID otherwise.
DML_OPERATOR_TYPE reductionOperatorFromName(const std::string& name);
bool isReductionFamily(DML_OPERATOR_TYPE type);
// How many input tensors the operator's desc has (1, 2 or 3), optional ones included.
size_t inputCount(DML_OPERATOR_TYPE type);

struct Tensor {
    DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32;
    std::vector<uint32_t> dims;  // the ONNX shape (a scalar as {1}); the DML sizes for the reduction family
    std::vector<uint8_t> data;   // the packed elements, little-endian
    bool absent = false;         // an omitted optional input: NULL in the desc, DML_BINDING_TYPE_NONE
};

// The strides that read a packed tensor of `dims` as a tensor of `sizes` with NumPy's broadcasting (dims aligned to
// the innermost dimensions, missing ones and dimensions of 1 repeated through stride 0). False when `dims` does not
// broadcast to `sizes`.
bool broadcastStrides(const std::vector<uint32_t>& dims, const std::vector<uint32_t>& sizes,
                      std::vector<uint32_t>& strides);

struct Run {
    HRESULT hr = S_OK;          // the first failing API call's result (S_OK: it ran)
    std::string failedCall;     // that call, with vkdml's message
    std::vector<uint8_t> output;  // the output's packed elements
    bool canaryIntact = true;     // no byte outside the output tensor changed
    bool ok() const { return hr == S_OK; }
};

// One dispatch of `type` on `inputs` (in the desc's field order) into a packed tensor of `outType` and `outSizes`.
// `attributes`: the desc's other fields as cases.txt lists them: ELEMENT_WISE_CLIP1's Min and Max (converted to the
// tensors' type for the DML_SCALAR_UNIONs), ROUND's and IS_INFINITY's mode, the reduction family's fields (an Axes
// array as AxisCount then the axes; FusedActivation NULL).
Run dispatch(TestDevice& device, DML_OPERATOR_TYPE type, const std::vector<Tensor>& inputs,
             DML_TENSOR_DATA_TYPE outType, const std::vector<uint32_t>& outSizes,
             const std::vector<double>& attributes = {});
// As dispatch; a binary operator given more than two inputs runs as a left fold: op(op(in0, in1), in2)...
Run runOperator(TestDevice& device, DML_OPERATOR_TYPE type, const std::vector<Tensor>& inputs,
                DML_TENSOR_DATA_TYPE outType, const std::vector<uint32_t>& outSizes,
                const std::vector<double>& attributes = {});

struct Comparison {
    uint64_t compared = 0, mismatches = 0;
    std::string first;  // the first mismatch: element, got, expected
};
// Bit for bit; for float types any NaN matches any NaN.
Comparison compareExact(DML_TENSOR_DATA_TYPE type, const std::vector<uint8_t>& expected,
                        const std::vector<uint8_t>& got);
// |got - want| <= atol + rtol * |want| (numpy.testing.assert_allclose, as ONNX's backend tests compare); NaN == NaN.
Comparison compareClose(DML_TENSOR_DATA_TYPE type, const std::vector<uint8_t>& expected,
                        const std::vector<uint8_t>& got, double rtol, double atol);
// One element of `type` at `element`, e.g. "1.5 (0x3fc00000)" or "-7".
std::string formatElement(DML_TENSOR_DATA_TYPE type, const std::vector<uint8_t>& memory, uint64_t element);

}  // namespace vkdml::onnx_conformance
