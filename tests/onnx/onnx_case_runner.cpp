#include "onnx_case_runner.h"

#include "../ops/family_runner.h"  // createElementwiseOperator: the DML desc of each element-wise operator

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>

namespace vkdml::onnx_conformance {

namespace {

using T = DML_TENSOR_DATA_TYPE;

const DataTypeInfo kTypes[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT32, "FLOAT32", 4, true}, {DML_TENSOR_DATA_TYPE_FLOAT16, "FLOAT16", 2, true},
    {DML_TENSOR_DATA_TYPE_FLOAT64, "FLOAT64", 8, true}, {DML_TENSOR_DATA_TYPE_INT8, "INT8", 1, false},
    {DML_TENSOR_DATA_TYPE_INT16, "INT16", 2, false},    {DML_TENSOR_DATA_TYPE_INT32, "INT32", 4, false},
    {DML_TENSOR_DATA_TYPE_INT64, "INT64", 8, false},    {DML_TENSOR_DATA_TYPE_UINT8, "UINT8", 1, false},
    {DML_TENSOR_DATA_TYPE_UINT16, "UINT16", 2, false},  {DML_TENSOR_DATA_TYPE_UINT32, "UINT32", 4, false},
    {DML_TENSOR_DATA_TYPE_UINT64, "UINT64", 8, false},
};

struct OperatorName {
    DML_OPERATOR_TYPE type;
    const char* name;
    size_t inputs;
};

const OperatorName kOperators[] = {
    {DML_OPERATOR_ELEMENT_WISE_ADD, "ELEMENT_WISE_ADD", 2},
    {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, "ELEMENT_WISE_SUBTRACT", 2},
    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, "ELEMENT_WISE_MULTIPLY", 2},
    {DML_OPERATOR_ELEMENT_WISE_DIVIDE, "ELEMENT_WISE_DIVIDE", 2},
    {DML_OPERATOR_ELEMENT_WISE_MAX, "ELEMENT_WISE_MAX", 2},
    {DML_OPERATOR_ELEMENT_WISE_MIN, "ELEMENT_WISE_MIN", 2},
    {DML_OPERATOR_ELEMENT_WISE_MEAN, "ELEMENT_WISE_MEAN", 2},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, "ELEMENT_WISE_MODULUS_TRUNCATE", 2},
    {DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR, "ELEMENT_WISE_MODULUS_FLOOR", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, "ELEMENT_WISE_LOGICAL_EQUALS", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN, "ELEMENT_WISE_LOGICAL_GREATER_THAN", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN, "ELEMENT_WISE_LOGICAL_LESS_THAN", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND, "ELEMENT_WISE_LOGICAL_AND", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR, "ELEMENT_WISE_LOGICAL_OR", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR, "ELEMENT_WISE_LOGICAL_XOR", 2},
    {DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT, "ELEMENT_WISE_LOGICAL_NOT", 1},
    {DML_OPERATOR_ELEMENT_WISE_BIT_AND, "ELEMENT_WISE_BIT_AND", 2},
    {DML_OPERATOR_ELEMENT_WISE_BIT_OR, "ELEMENT_WISE_BIT_OR", 2},
    {DML_OPERATOR_ELEMENT_WISE_BIT_XOR, "ELEMENT_WISE_BIT_XOR", 2},
    {DML_OPERATOR_ELEMENT_WISE_BIT_NOT, "ELEMENT_WISE_BIT_NOT", 1},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, "ELEMENT_WISE_BIT_SHIFT_LEFT", 2},
    {DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT, "ELEMENT_WISE_BIT_SHIFT_RIGHT", 2},
    {DML_OPERATOR_ELEMENT_WISE_IF, "ELEMENT_WISE_IF", 3},
    {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, "ELEMENT_WISE_QUANTIZE_LINEAR", 3},
    {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, "ELEMENT_WISE_DEQUANTIZE_LINEAR", 3},
    {DML_OPERATOR_CAST, "CAST", 1},
    {DML_OPERATOR_ELEMENT_WISE_SIN, "ELEMENT_WISE_SIN", 1},
    {DML_OPERATOR_ELEMENT_WISE_COS, "ELEMENT_WISE_COS", 1},
    {DML_OPERATOR_ELEMENT_WISE_TAN, "ELEMENT_WISE_TAN", 1},
    {DML_OPERATOR_ELEMENT_WISE_ASIN, "ELEMENT_WISE_ASIN", 1},
    {DML_OPERATOR_ELEMENT_WISE_ACOS, "ELEMENT_WISE_ACOS", 1},
    {DML_OPERATOR_ELEMENT_WISE_ATAN, "ELEMENT_WISE_ATAN", 1},
    {DML_OPERATOR_ELEMENT_WISE_SINH, "ELEMENT_WISE_SINH", 1},
    {DML_OPERATOR_ELEMENT_WISE_COSH, "ELEMENT_WISE_COSH", 1},
    {DML_OPERATOR_ELEMENT_WISE_ASINH, "ELEMENT_WISE_ASINH", 1},
    {DML_OPERATOR_ELEMENT_WISE_ACOSH, "ELEMENT_WISE_ACOSH", 1},
    {DML_OPERATOR_ELEMENT_WISE_ATANH, "ELEMENT_WISE_ATANH", 1},
    {DML_OPERATOR_ELEMENT_WISE_ERF, "ELEMENT_WISE_ERF", 1},
    {DML_OPERATOR_ELEMENT_WISE_POW, "ELEMENT_WISE_POW", 2},
    {DML_OPERATOR_ELEMENT_WISE_CLIP1, "ELEMENT_WISE_CLIP1", 1},
    {DML_OPERATOR_ELEMENT_WISE_ABS, "ELEMENT_WISE_ABS", 1},
    {DML_OPERATOR_ELEMENT_WISE_CEIL, "ELEMENT_WISE_CEIL", 1},
    {DML_OPERATOR_ELEMENT_WISE_FLOOR, "ELEMENT_WISE_FLOOR", 1},
    {DML_OPERATOR_ELEMENT_WISE_EXP, "ELEMENT_WISE_EXP", 1},
    {DML_OPERATOR_ELEMENT_WISE_LOG, "ELEMENT_WISE_LOG", 1},
    {DML_OPERATOR_ELEMENT_WISE_NEGATE, "ELEMENT_WISE_NEGATE", 1},
    {DML_OPERATOR_ELEMENT_WISE_RECIP, "ELEMENT_WISE_RECIP", 1},
    {DML_OPERATOR_ELEMENT_WISE_SQRT, "ELEMENT_WISE_SQRT", 1},
    {DML_OPERATOR_ELEMENT_WISE_SIGN, "ELEMENT_WISE_SIGN", 1},
    {DML_OPERATOR_ELEMENT_WISE_IS_NAN, "ELEMENT_WISE_IS_NAN", 1},
    {DML_OPERATOR_ELEMENT_WISE_ROUND, "ELEMENT_WISE_ROUND", 1},
    {DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, "ELEMENT_WISE_IS_INFINITY", 1},
};

// The reduction family: every tensor packed at its own sizes, the desc's other fields from the case's attributes.
const OperatorName kReductionOperators[] = {
    {DML_OPERATOR_REDUCE, "REDUCE", 1},
    {DML_OPERATOR_ARGMIN, "ARGMIN", 1},
    {DML_OPERATOR_ARGMAX, "ARGMAX", 1},
    {DML_OPERATOR_ACTIVATION_SOFTMAX1, "ACTIVATION_SOFTMAX1", 1},
    {DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1, "ACTIVATION_LOG_SOFTMAX1", 1},
    {DML_OPERATOR_ACTIVATION_HARDMAX1, "ACTIVATION_HARDMAX1", 1},
    {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1, "MEAN_VARIANCE_NORMALIZATION1", 3},  // Input, Scale?, Bias?
    {DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2, "MEAN_VARIANCE_NORMALIZATION2", 3},
    // ---- BEGIN batch and local response normalization ----
    {DML_OPERATOR_BATCH_NORMALIZATION, "BATCH_NORMALIZATION", 5},  // Input, Mean, Variance, Scale, Bias
    {DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION, "LOCAL_RESPONSE_NORMALIZATION", 1},
    // ---- END batch and local response normalization ----
    // ---- BEGIN the GEMM family ----
    {DML_OPERATOR_GEMM, "GEMM", 3},                                          // A, B, C?
    {DML_OPERATOR_MATRIX_MULTIPLY_INTEGER, "MATRIX_MULTIPLY_INTEGER", 4},    // A, AZeroPoint?, B, BZeroPoint?
    {DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY, "QUANTIZED_LINEAR_MATRIX_MULTIPLY", 8},
    // ---- END the GEMM family ----
};

// The reduction family's desc fields, read in declaration order from a case's attributes.
class FieldReader {
public:
    explicit FieldReader(const std::vector<double>& values) : values_(values) {}
    UINT uint() { return static_cast<UINT>(next()); }
    BOOL boolean() { return next() != 0 ? 1 : 0; }
    FLOAT real() { return static_cast<FLOAT>(next()); }
    // AxisCount, then the axes; NULL for AxisCount 0. Valid until the next call.
    const UINT* axes(UINT& count) {
        axes_.resize(uint());
        for (UINT& a : axes_) a = uint();
        count = static_cast<UINT>(axes_.size());
        return axes_.empty() ? nullptr : axes_.data();
    }
    bool done() const { return next_ == values_.size(); }

private:
    double next() {
        REQUIRE_MESSAGE(next_ < values_.size(), "fewer attributes than the operator's desc has fields");
        return values_[next_++];
    }
    const std::vector<double>& values_;
    size_t next_ = 0;
    std::vector<UINT> axes_;
};

// {InputTensor, OutputTensor, AxisCount, Axes}: ACTIVATION_SOFTMAX1, LOG_SOFTMAX1, HARDMAX1.
template <class Desc>
Desc axesActivation(const std::vector<const DML_TENSOR_DESC*>& t, FieldReader& fields) {
    Desc d{t[0], t[1], 0, nullptr};
    d.Axes = fields.axes(d.AxisCount);
    return d;
}

// `t`: the input tensor descs in field order (NULL for an absent optional one), then the output's.
HRESULT createReductionOperator(VkdmlDevice device, DML_OPERATOR_TYPE type, const std::vector<double>& attributes,
                                const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
    FieldReader fields(attributes);
    auto create = [&](const void* desc) {
        REQUIRE_MESSAGE(fields.done(), "more attributes than the operator's desc has fields");
        const DML_OPERATOR_DESC d{type, desc};
        return vkdmlCreateOperator(device, &d, op);
    };
    switch (type) {
        case DML_OPERATOR_REDUCE: {
            DML_REDUCE_OPERATOR_DESC d{static_cast<DML_REDUCE_FUNCTION>(fields.uint()), t[0], t[1], 0, nullptr};
            d.Axes = fields.axes(d.AxisCount);
            return create(&d);
        }
        case DML_OPERATOR_ARGMIN: {
            DML_ARGMIN_OPERATOR_DESC d{t[0], t[1], 0, nullptr, DML_AXIS_DIRECTION_INCREASING};
            d.Axes = fields.axes(d.AxisCount);
            d.AxisDirection = static_cast<DML_AXIS_DIRECTION>(fields.uint());
            return create(&d);
        }
        case DML_OPERATOR_ARGMAX: {
            DML_ARGMAX_OPERATOR_DESC d{t[0], t[1], 0, nullptr, DML_AXIS_DIRECTION_INCREASING};
            d.Axes = fields.axes(d.AxisCount);
            d.AxisDirection = static_cast<DML_AXIS_DIRECTION>(fields.uint());
            return create(&d);
        }
        case DML_OPERATOR_ACTIVATION_SOFTMAX1: {
            const auto d = axesActivation<DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC>(t, fields);
            return create(&d);
        }
        case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1: {
            const auto d = axesActivation<DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC>(t, fields);
            return create(&d);
        }
        case DML_OPERATOR_ACTIVATION_HARDMAX1: {
            const auto d = axesActivation<DML_ACTIVATION_HARDMAX1_OPERATOR_DESC>(t, fields);
            return create(&d);
        }
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1: {
            DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC d{t[0], t[1], t[2], t[3], 0, nullptr, 0, 0.0f, nullptr};
            d.Axes = fields.axes(d.AxisCount);
            d.NormalizeVariance = fields.boolean();
            d.Epsilon = fields.real();
            return create(&d);
        }
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2: {
            DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC d{t[0], t[1], t[2], t[3], 0, nullptr, 0, 0, 0.0f, nullptr};
            d.Axes = fields.axes(d.AxisCount);
            d.UseMean = fields.boolean();
            d.UseVariance = fields.boolean();
            d.Epsilon = fields.real();
            return create(&d);
        }
        // ---- BEGIN batch and local response normalization ----
        case DML_OPERATOR_BATCH_NORMALIZATION: {
            DML_BATCH_NORMALIZATION_OPERATOR_DESC d{t[0], t[1], t[2], t[3], t[4], t[5], 0, 0.0f, nullptr};
            d.Spatial = fields.boolean();
            d.Epsilon = fields.real();
            return create(&d);
        }
        case DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION: {
            DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC d{t[0], t[1], 0, 0, 0.0f, 0.0f, 0.0f};
            d.CrossChannel = fields.boolean();
            d.LocalSize = fields.uint();
            d.Alpha = fields.real();
            d.Beta = fields.real();
            d.Bias = fields.real();
            return create(&d);
        }
        // ---- END batch and local response normalization ----
        // ---- BEGIN the GEMM family ----
        case DML_OPERATOR_GEMM: {
            DML_GEMM_OPERATOR_DESC d{t[0], t[1], t[2], t[3], DML_MATRIX_TRANSFORM_NONE, DML_MATRIX_TRANSFORM_NONE,
                                     1.0f, 0.0f, nullptr};
            d.TransA = fields.uint() ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE;
            d.TransB = fields.uint() ? DML_MATRIX_TRANSFORM_TRANSPOSE : DML_MATRIX_TRANSFORM_NONE;
            d.Alpha = fields.real();
            d.Beta = fields.real();
            return create(&d);
        }
        case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER: {
            const DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC d{t[0], t[1], t[2], t[3], t[4]};
            return create(&d);
        }
        case DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY: {
            const DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC d{t[0], t[1], t[2], t[3], t[4],
                                                                       t[5], t[6], t[7], t[8]};
            return create(&d);
        }
        // ---- END the GEMM family ----
        default: FAIL("not a reduction-family operator: " << int(type)); return E_NOTIMPL;
    }
}

// ELEMENT_WISE_CLIP1's bound `v` as a DML_SCALAR_UNION of `type` (FLOAT16: the half's bits in UInt16).
DML_SCALAR_UNION scalarUnion(T type, double v) {
    DML_SCALAR_UNION u{};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) u.Float32 = static_cast<float>(v);
    else if (type == DML_TENSOR_DATA_TYPE_FLOAT16) u.UInt16 = static_cast<UINT16>(test::floatBits(type, v));
    else if (type == DML_TENSOR_DATA_TYPE_UINT64) u.UInt64 = static_cast<uint64_t>(v);
    else u.Int64 = static_cast<int64_t>(v);  // the low bytes hold every narrower type's value
    return u;
}

uint64_t elementCount(const std::vector<uint32_t>& dims) {
    uint64_t n = 1;
    for (uint32_t d : dims) n *= d;
    return n;
}

std::vector<uint32_t> packedStrides(const std::vector<uint32_t>& sizes) {
    std::vector<uint32_t> strides(sizes.size());
    uint32_t stride = 1;
    for (size_t d = sizes.size(); d-- > 0;) strides[d] = stride, stride *= sizes[d];
    return strides;
}

uint64_t round4(uint64_t bytes) { return (bytes + 3) & ~uint64_t(3); }
uint64_t align256(uint64_t v) { return (v + 255) & ~uint64_t(255); }

constexpr uint8_t kCanary = 0xCD;
constexpr uint64_t kPad = 256;

struct DescStorage {
    std::vector<UINT> sizes, strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    DescStorage(T type, const std::vector<uint32_t>& s, const std::vector<uint32_t>& st, uint64_t bytes)
        : sizes(s), strides(st) {
        buffer.DataType = type;
        buffer.Flags = DML_TENSOR_FLAG_NONE;
        buffer.DimensionCount = static_cast<UINT>(sizes.size());
        buffer.Sizes = sizes.data();
        buffer.Strides = strides.data();
        buffer.TotalTensorSizeInBytes = bytes;
        buffer.GuaranteedBaseOffsetAlignment = 0;
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

uint64_t readBits(const std::vector<uint8_t>& memory, uint64_t element, uint32_t bytes) {
    uint64_t bits = 0;
    std::memcpy(&bits, &memory[element * bytes], bytes);  // little-endian host
    return bits;
}

double halfToDouble(uint16_t h) {
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    double magnitude;
    if (exponent == 0) magnitude = std::ldexp(mantissa, -24);
    else if (exponent == 31) magnitude = mantissa ? NAN : INFINITY;
    else magnitude = std::ldexp(mantissa + 1024, exponent - 25);
    return (h & 0x8000) ? -magnitude : magnitude;
}

double floatValue(T type, uint64_t bits) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return halfToDouble(static_cast<uint16_t>(bits));
        case DML_TENSOR_DATA_TYPE_FLOAT32: {
            float f;
            uint32_t b = static_cast<uint32_t>(bits);
            std::memcpy(&f, &b, 4);
            return f;
        }
        default: {
            double d;
            std::memcpy(&d, &bits, 8);
            return d;
        }
    }
}

}  // namespace

const DataTypeInfo* dataTypeFromName(const std::string& name) {
    for (const auto& t : kTypes)
        if (name == t.name) return &t;
    return nullptr;
}

const DataTypeInfo& dataTypeInfo(DML_TENSOR_DATA_TYPE type) {
    for (const auto& t : kTypes)
        if (t.type == type) return t;
    FAIL("no DataTypeInfo for DML_TENSOR_DATA_TYPE " << int(type));
    return kTypes[0];
}

DML_OPERATOR_TYPE elementwiseOperatorFromName(const std::string& name) {
    for (const auto& op : kOperators)
        if (name == op.name) return op.type;
    return DML_OPERATOR_INVALID;
}

DML_OPERATOR_TYPE reductionOperatorFromName(const std::string& name) {
    for (const auto& op : kReductionOperators)
        if (name == op.name) return op.type;
    return DML_OPERATOR_INVALID;
}

bool isReductionFamily(DML_OPERATOR_TYPE type) {
    for (const auto& op : kReductionOperators)
        if (op.type == type) return true;
    return false;
}

size_t inputCount(DML_OPERATOR_TYPE type) {
    for (const auto& op : kOperators)
        if (op.type == type) return op.inputs;
    for (const auto& op : kReductionOperators)
        if (op.type == type) return op.inputs;
    return 0;
}

bool broadcastStrides(const std::vector<uint32_t>& dims, const std::vector<uint32_t>& sizes,
                      std::vector<uint32_t>& strides) {
    if (dims.size() > sizes.size()) return false;
    strides.assign(sizes.size(), 0);
    uint32_t stride = 1;
    for (size_t k = 0; k < dims.size(); ++k) {  // k-th dimension from the innermost
        const size_t d = sizes.size() - 1 - k, sd = dims.size() - 1 - k;
        if (dims[sd] == sizes[d]) strides[d] = sizes[d] == 1 ? 0 : stride;
        else if (dims[sd] != 1) return false;
        stride *= dims[sd];
    }
    return true;
}

Run dispatch(TestDevice& device, DML_OPERATOR_TYPE type, const std::vector<Tensor>& inputs, T outType,
             const std::vector<uint32_t>& outSizes, const std::vector<double>& attributes) {
    Run run;
    auto fail = [&](HRESULT hr, const char* call) {
        run.hr = hr;
        run.failedCall = std::string(call) + (device.lastError().empty() ? "" : " (" + device.lastError() + ")");
        return run;
    };

    // Descs: every input broadcast to the output's sizes, or (the reduction family) packed at its own sizes; an
    // absent input NULL. TotalTensorSizeInBytes covers the tensor's own elements (rounded up to 4 bytes as
    // DMLCalcBufferTensorSize does).
    const bool ownSizes = isReductionFamily(type);
    std::deque<DescStorage> descs;  // stable addresses
    std::vector<const DML_TENSOR_DESC*> pointers;
    std::vector<uint64_t> bytes;
    for (const Tensor& in : inputs) {
        bytes.push_back(0);
        if (in.absent) {
            pointers.push_back(nullptr);
            continue;
        }
        std::vector<uint32_t> strides = packedStrides(in.dims);
        if (!ownSizes)
            REQUIRE_MESSAGE(broadcastStrides(in.dims, outSizes, strides), "an input shape does not broadcast");
        const uint64_t dataBytes = elementCount(in.dims) * dataTypeInfo(in.type).bytes;
        REQUIRE(in.data.size() == dataBytes);
        bytes.back() = round4(dataBytes);
        descs.emplace_back(in.type, ownSizes ? in.dims : outSizes, strides, bytes.back());
        pointers.push_back(&descs.back().tensor);
    }
    const uint64_t outDataBytes = elementCount(outSizes) * dataTypeInfo(outType).bytes;
    const uint64_t outBytes = round4(outDataBytes);
    descs.emplace_back(outType, outSizes, packedStrides(outSizes), outBytes);
    pointers.push_back(&descs.back().tensor);

    HRESULT hr = S_OK;
    Owned<VkdmlOperator> op;
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP1) {
        REQUIRE(attributes.size() == 2);
        const DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip1{pointers[0], pointers[1], nullptr, outType,
                                                         scalarUnion(outType, attributes[0]),
                                                         scalarUnion(outType, attributes[1])};
        const DML_OPERATOR_DESC desc{type, &clip1};
        hr = vkdmlCreateOperator(device, &desc, op.put());
    } else if (type == DML_OPERATOR_ELEMENT_WISE_ROUND) {
        REQUIRE(attributes.size() == 1);
        const DML_ELEMENT_WISE_ROUND_OPERATOR_DESC round{pointers[0], pointers[1],
                                                         static_cast<DML_ROUNDING_MODE>(attributes[0])};
        const DML_OPERATOR_DESC desc{type, &round};
        hr = vkdmlCreateOperator(device, &desc, op.put());
    } else if (type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY) {
        REQUIRE(attributes.size() == 1);
        const DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isInf{pointers[0], pointers[1],
                                                               static_cast<DML_IS_INFINITY_MODE>(attributes[0])};
        const DML_OPERATOR_DESC desc{type, &isInf};
        hr = vkdmlCreateOperator(device, &desc, op.put());
    } else if (ownSizes) {
        hr = createReductionOperator(device, type, attributes, pointers, op.put());
    } else {
        hr = createElementwiseOperator(device, type, pointers, op.put());
    }
    if (hr != S_OK) return fail(hr, "vkdmlCreateOperator");
    Owned<VkdmlDispatchable> compiled, init;
    if ((hr = vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put())) != S_OK)
        return fail(hr, "vkdmlCompileOperator");
    VkdmlDispatchable targets[] = {compiled.get()};
    if ((hr = vkdmlCreateOperatorInitializer(device, 1, targets, init.put())) != S_OK)
        return fail(hr, "vkdmlCreateOperatorInitializer");
    const DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(compiled);
    const DML_BINDING_PROPERTIES initProps = vkdmlGetBindingProperties(init);
    CHECK_MESSAGE(props.PersistentResourceSize == 0, "the operator asks for a persistent resource");

    // One buffer: [canary][input 0][canary]...[output][canary], every tensor at a 256-byte aligned offset.
    std::vector<uint64_t> starts;
    uint64_t end = kPad;
    for (uint64_t b : bytes) {
        starts.push_back(align256(end));
        end = starts.back() + b + kPad;
    }
    const uint64_t outStart = align256(end);
    const uint64_t total = outStart + outBytes + kPad;
    std::vector<uint8_t> image(total, kCanary);
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].absent) continue;
        std::copy(inputs[i].data.begin(), inputs[i].data.end(), image.begin() + starts[i]);
        std::fill(image.begin() + starts[i] + inputs[i].data.size(), image.begin() + starts[i] + bytes[i], 0);
    }
    Owned<VkdmlBuffer> buffer(device.createDefaultBuffer(total, kCanary));
    device.upload(buffer, 0, image.data(), total);

    Owned<VkdmlBuffer> temporary, initTemporary;
    auto bindTemporary = [&](VkdmlBindingTable table, uint64_t size, Owned<VkdmlBuffer>& temp) {
        if (size == 0) return vkdmlBindTemporaryResource(table, nullptr);
        *temp.put() = device.createDefaultBuffer(size);
        DML_BUFFER_BINDING b{temp.get(), 0, size};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindTemporaryResource(table, &d);
    };
    Owned<VkdmlBindingTable> initTable, table;
    if ((hr = vkdmlCreateBindingTable(device, init, initTable.put())) != S_OK)
        return fail(hr, "vkdmlCreateBindingTable(initializer)");
    if ((hr = bindTemporary(initTable, initProps.TemporaryResourceSize, initTemporary)) != S_OK)
        return fail(hr, "vkdmlBindTemporaryResource(initializer)");
    if ((hr = vkdmlCreateBindingTable(device, compiled, table.put())) != S_OK) return fail(hr, "vkdmlCreateBindingTable");
    std::vector<DML_BUFFER_BINDING> inBindings(inputs.size());
    std::vector<DML_BINDING_DESC> inDescs(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        inBindings[i] = {buffer.get(), starts[i], bytes[i]};
        inDescs[i] = inputs[i].absent ? DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr}
                                      : DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &inBindings[i]};
    }
    DML_BUFFER_BINDING outBinding{buffer.get(), outStart, outBytes};
    DML_BINDING_DESC outDesc{DML_BINDING_TYPE_BUFFER, &outBinding};
    if ((hr = vkdmlBindInputs(table, static_cast<UINT>(inDescs.size()), inDescs.data())) != S_OK)
        return fail(hr, "vkdmlBindInputs");
    if ((hr = vkdmlBindOutputs(table, 1, &outDesc)) != S_OK) return fail(hr, "vkdmlBindOutputs");
    if ((hr = bindTemporary(table, props.TemporaryResourceSize, temporary)) != S_OK)
        return fail(hr, "vkdmlBindTemporaryResource");
    if ((hr = vkdmlBindPersistentResource(table, nullptr)) != S_OK) return fail(hr, "vkdmlBindPersistentResource");
    HRESULT initHr = S_OK, dispatchHr = S_OK;
    device.run([&](VkdmlCommandList list) {
        initHr = vkdmlRecordDispatch(list, init, initTable);
        if (initHr == S_OK) dispatchHr = vkdmlRecordDispatch(list, compiled, table);
    });
    if (initHr != S_OK) return fail(initHr, "vkdmlRecordDispatch(initializer)");
    if (dispatchHr != S_OK) return fail(dispatchHr, "vkdmlRecordDispatch");

    const std::vector<uint8_t> after = device.download(buffer, 0, total);
    run.output.assign(after.begin() + outStart, after.begin() + outStart + outDataBytes);
    for (uint64_t i = 0; i < total && run.canaryIntact; ++i) {
        const bool inOutput = i >= outStart && i < outStart + outBytes;
        if (!inOutput && after[i] != image[i]) run.canaryIntact = false;  // inputs are never written either
    }
    return run;
}

Run runOperator(TestDevice& device, DML_OPERATOR_TYPE type, const std::vector<Tensor>& inputs, T outType,
                const std::vector<uint32_t>& outSizes, const std::vector<double>& attributes) {
    if (inputCount(type) != 2 || inputs.size() <= 2)
        return dispatch(device, type, inputs, outType, outSizes, attributes);
    Run run = dispatch(device, type, {inputs[0], inputs[1]}, outType, outSizes);
    for (size_t i = 2; i < inputs.size() && run.ok(); ++i) {
        Tensor partial{outType, outSizes, run.output};
        const bool canary = run.canaryIntact;
        run = dispatch(device, type, {partial, inputs[i]}, outType, outSizes);
        run.canaryIntact = run.canaryIntact && canary;
    }
    return run;
}

std::string formatElement(T type, const std::vector<uint8_t>& memory, uint64_t element) {
    const DataTypeInfo& info = dataTypeInfo(type);
    const uint64_t bits = readBits(memory, element, info.bytes);
    char text[96];
    if (info.isFloat) {
        std::snprintf(text, sizeof text, "%.17g (0x%0*" PRIx64 ")", floatValue(type, bits), int(info.bytes * 2), bits);
    } else if (type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
               type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64) {
        const unsigned shift = 64 - info.bytes * 8;
        std::snprintf(text, sizeof text, "%" PRId64, static_cast<int64_t>(bits << shift) >> shift);
    } else {
        std::snprintf(text, sizeof text, "%" PRIu64, bits);
    }
    return text;
}

namespace {

template <class Accept>
Comparison compare(T type, const std::vector<uint8_t>& expected, const std::vector<uint8_t>& got, Accept accept) {
    const DataTypeInfo& info = dataTypeInfo(type);
    Comparison c;
    REQUIRE(expected.size() == got.size());
    c.compared = expected.size() / info.bytes;
    for (uint64_t e = 0; e < c.compared; ++e) {
        const uint64_t want = readBits(expected, e, info.bytes), have = readBits(got, e, info.bytes);
        if (accept(want, have)) continue;
        if (c.mismatches++ == 0)
            c.first = "element " + std::to_string(e) + ": got " + formatElement(type, got, e) + ", expected " +
                      formatElement(type, expected, e);
    }
    return c;
}

}  // namespace

Comparison compareExact(T type, const std::vector<uint8_t>& expected, const std::vector<uint8_t>& got) {
    const bool isFloat = dataTypeInfo(type).isFloat;
    return compare(type, expected, got, [&](uint64_t want, uint64_t have) {
        if (want == have) return true;
        return isFloat && std::isnan(floatValue(type, want)) && std::isnan(floatValue(type, have));
    });
}

Comparison compareClose(T type, const std::vector<uint8_t>& expected, const std::vector<uint8_t>& got, double rtol,
                        double atol) {
    REQUIRE(dataTypeInfo(type).isFloat);
    return compare(type, expected, got, [&](uint64_t wantBits, uint64_t haveBits) {
        const double want = floatValue(type, wantBits), have = floatValue(type, haveBits);
        if (std::isnan(want) || std::isnan(have)) return std::isnan(want) && std::isnan(have);
        if (std::isinf(want) || std::isinf(have)) return want == have;
        return std::fabs(have - want) <= atol + rtol * std::fabs(want);
    });
}

}  // namespace vkdml::onnx_conformance
