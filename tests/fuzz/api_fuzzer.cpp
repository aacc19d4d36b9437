// libFuzzer target: builds operator descs, tensor descs and bindings from the fuzz input and drives the whole C API
// (create, compile, initialize, bind, record, execute, read back). Whatever the bytes, every call must return an
// HRESULT; nothing may crash, read or write out of bounds (ASan), hit undefined behaviour (UBSan) or leak.
#include <algorithm>
#include <iterator>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include <vkdml/vkdml.h>

namespace {

// Reads fuzz bytes as little-endian values; zeros once the input is exhausted.
class Input {
public:
    Input(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    template <class T>
    T take() {
        T value{};
        size_t n = std::min(sizeof(T), size_ - pos_);
        std::memcpy(&value, data_ + pos_, n);
        pos_ += n;
        return value;
    }
    // Mostly small values, sometimes anything (to reach overflow checks).
    uint32_t size() {
        uint8_t kind = take<uint8_t>();
        if (kind < 200) return kind % 9;
        if (kind < 250) return take<uint16_t>() % 70;
        return take<uint32_t>();
    }

private:
    const uint8_t* data_;
    size_t size_;
    size_t pos_ = 0;
};

// C callers may store any integer in a DirectML enum field; C++ may not, so such values are written as bytes.
template <class E>
void setRaw(E& field, uint32_t value) {
    static_assert(sizeof(E) == 4, "DirectML enums are 32-bit");
    std::memcpy(&field, &value, 4);
}

struct Tensor {
    UINT sizes[8], strides[8];
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};
    void read(Input& in) {
        uint8_t shape = in.take<uint8_t>();
        setRaw(buffer.DataType, shape & 0x10 ? in.take<uint8_t>() % 16 : 1 + (shape & 1));
        setRaw(buffer.Flags, shape & 0x20 ? in.take<uint8_t>() % 4 : 0);
        buffer.DimensionCount = shape & 0x40 ? in.take<uint8_t>() % 10 : 1 + (shape >> 1) % 4;
        for (int i = 0; i < 8; ++i) sizes[i] = 1 + in.size();
        for (int i = 0; i < 8; ++i) strides[i] = in.size();
        buffer.Sizes = sizes;
        buffer.Strides = shape & 0x80 ? strides : nullptr;
        const uint8_t total = in.take<uint8_t>();
        buffer.TotalTensorSizeInBytes = total < 128 ? 4 * uint64_t(total) : in.take<uint64_t>() % (1u << 20);
        buffer.GuaranteedBaseOffsetAlignment = in.take<uint8_t>() < 240 ? 0 : 1u << (in.take<uint8_t>() % 8);
        desc.Desc = &buffer;
        setRaw(desc.Type, in.take<uint8_t>() < 250 ? 1 : in.take<uint8_t>());
    }
};

VkdmlDevice device() {
    static VkdmlDevice d = [] {
        VkdmlDevice created = nullptr;
        VKDML_DEVICE_DESC desc{};
        desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
        vkdmlCreateDevice(&desc, &created);
        return created;
    }();
    return d;
}

struct Releaser {
    std::vector<void*> objects;
    ~Releaser() {
        for (auto it = objects.rbegin(); it != objects.rend(); ++it) vkdmlRelease(*it);
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    VkdmlDevice dev = device();
    if (!dev) return 0;
    Input in(data, size);
    Releaser keep;

    static const DML_OPERATOR_TYPE kTypes[] = {
        DML_OPERATOR_ACTIVATION_CELU,    DML_OPERATOR_ACTIVATION_LINEAR,   DML_OPERATOR_ACTIVATION_SOFTPLUS,
        DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, DML_OPERATOR_ACTIVATION_ELU, DML_OPERATOR_ACTIVATION_SIGMOID,
        DML_OPERATOR_ACTIVATION_GELU,    DML_OPERATOR_ACTIVATION_SHRINK,   DML_OPERATOR_ACTIVATION_HARD_SWISH,
        DML_OPERATOR_ACTIVATION_RELU,    DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU,
        DML_OPERATOR_GEMM,               DML_OPERATOR_ELEMENT_WISE_ADD,    DML_OPERATOR_ELEMENT_WISE_DIVIDE,
        DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS, DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT,
        DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT, DML_OPERATOR_ELEMENT_WISE_BIT_COUNT, DML_OPERATOR_ELEMENT_WISE_IF,
        DML_OPERATOR_CAST,               DML_OPERATOR_ELEMENT_WISE_ABS,    DML_OPERATOR_ELEMENT_WISE_SQRT,
        DML_OPERATOR_ELEMENT_WISE_CLIP,  DML_OPERATOR_ELEMENT_WISE_ROUND,  DML_OPERATOR_ELEMENT_WISE_IS_INFINITY,
        DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR,
        DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, DML_OPERATOR_QUANTIZE, DML_OPERATOR_DEQUANTIZE,
        DML_OPERATOR_ELEMENT_WISE_SIN,   DML_OPERATOR_ELEMENT_WISE_COS,    DML_OPERATOR_ELEMENT_WISE_TAN,
        DML_OPERATOR_ELEMENT_WISE_ASIN,  DML_OPERATOR_ELEMENT_WISE_ACOS,   DML_OPERATOR_ELEMENT_WISE_ATAN,
        DML_OPERATOR_ELEMENT_WISE_SINH,  DML_OPERATOR_ELEMENT_WISE_COSH,   DML_OPERATOR_ELEMENT_WISE_TANH,
        DML_OPERATOR_ELEMENT_WISE_ASINH, DML_OPERATOR_ELEMENT_WISE_ACOSH,  DML_OPERATOR_ELEMENT_WISE_ATANH,
        DML_OPERATOR_ELEMENT_WISE_ERF,   DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, DML_OPERATOR_ELEMENT_WISE_POW,
        DML_OPERATOR_ELEMENT_WISE_ATAN_YX,
        DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE, DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR,
        DML_OPERATOR_ELEMENT_WISE_CLIP1, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1,
        DML_OPERATOR_ACTIVATION_RELU_GRAD, DML_OPERATOR_ELEMENT_WISE_ADD1,
        DML_OPERATOR_REDUCE,             DML_OPERATOR_ARGMAX,              DML_OPERATOR_ACTIVATION_SOFTMAX1,
        DML_OPERATOR_ACTIVATION_LOG_SOFTMAX, DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1,
        DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2, DML_OPERATOR_BATCH_NORMALIZATION,
        DML_OPERATOR_BATCH_NORMALIZATION_TRAINING, DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION,
        DML_OPERATOR_MATRIX_MULTIPLY_INTEGER, DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY,
        DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT, DML_OPERATOR_ARGMIN, DML_OPERATOR_ACTIVATION_SOFTMAX,
        DML_OPERATOR_ACTIVATION_HARDMAX, DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1, DML_OPERATOR_ACTIVATION_HARDMAX1,
        DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION, DML_OPERATOR_LP_NORMALIZATION, DML_OPERATOR_CUMULATIVE_SUMMATION,
        DML_OPERATOR_CUMULATIVE_PRODUCT};
    constexpr uint32_t kTypeCount = sizeof(kTypes) / sizeof(kTypes[0]);
    const uint8_t pick = in.take<uint8_t>();
    const uint32_t type = pick < 250 ? uint32_t(kTypes[pick % kTypeCount]) : in.take<uint32_t>();
    Tensor input, output;
    input.read(in);
    const uint8_t same = in.take<uint8_t>();
    if (same < 200) output = input, output.buffer.Sizes = output.sizes, output.desc.Desc = &output.buffer;
    else output.read(in);
    if (same < 200 && output.buffer.Strides) output.buffer.Strides = output.strides;
    // The desc must have the layout its type declares (a C caller's desc always does; pointers in it are the
    // caller's to keep valid): {Input, Output, FLOAT, FLOAT} for the activations, a DML_SCALE_BIAS pointer for
    // ELEMENT_WISE_IDENTITY, a second input before the output for PARAMETERIZED_RELU and the binary operators, a
    // condition and two inputs for IF; {Input, Output} (LOGICAL_NOT, BIT_COUNT, CAST) reads the first two fields of
    // the activations' layout. Operators vkdml does not implement are refused before their fields are read.
    struct {
        const DML_TENSOR_DESC* input;
        const DML_TENSOR_DESC* output;
        FLOAT a0, a1;
    } opDesc{&input.desc, &output.desc, in.take<float>(), in.take<float>()};
    DML_SCALE_BIAS scaleBias{opDesc.a0, opDesc.a1};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&input.desc, &output.desc, opDesc.a0 < 0 ? nullptr : &scaleBias};
    DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC prelu{&input.desc, &output.desc, &output.desc};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC binary{&input.desc, &input.desc, &output.desc};
    DML_ELEMENT_WISE_IF_OPERATOR_DESC select{&input.desc, &input.desc, &input.desc, &output.desc};
    DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip{&input.desc, &output.desc, identity.ScaleBias, opDesc.a0, opDesc.a1};
    DML_ELEMENT_WISE_ROUND_OPERATOR_DESC round{&input.desc, &output.desc, DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN};
    const uint32_t mode = in.take<uint8_t>() % 5;  // 3 and 4 are invalid (kept raw: never read as the enum here)
    setRaw(round.RoundingMode, mode);
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isInfinity{&input.desc, &output.desc, DML_IS_INFINITY_MODE_EITHER};
    setRaw(isInfinity.InfinityMode, mode);
    // QUANTIZE_LINEAR / DEQUANTIZE_LINEAR: {Input, Scale, ZeroPoint (may be NULL), Output}; the scale and zero point
    // are the input's or the output's desc.
    const uint8_t quantShape = in.take<uint8_t>();
    const DML_TENSOR_DESC* zeroPoint = quantShape & 1 ? nullptr : quantShape & 2 ? &input.desc : &output.desc;
    DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC quantize{&input.desc, quantShape & 4 ? &output.desc : &input.desc,
                                                            zeroPoint, &output.desc};
    DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC dequantize{&input.desc, quantize.ScaleTensor, zeroPoint,
                                                                &output.desc};
    // QUANTIZED_LINEAR_ADD: A and B the input, the scales the input's or the output's desc, zero points as above.
    DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC quantizedAdd{
        &input.desc, quantize.ScaleTensor, zeroPoint, &input.desc, quantize.ScaleTensor,
        quantShape & 16 ? nullptr : zeroPoint, quantize.ScaleTensor, quantShape & 32 ? nullptr : &output.desc,
        &output.desc};
    const bool quant = type == DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR ||
                       type == DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR;
    const bool quantizedAddType = type == DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD;
    // QUANTIZE / DEQUANTIZE: a raw QuantizationType (0-3), a count of 0-3 (the array holds 3) of the scale and zero
    // point descs; bindings: the input, then one per counted tensor.
    const DML_TENSOR_DESC quantizationTensors[3] = {*quantize.ScaleTensor, zeroPoint ? *zeroPoint : output.desc,
                                                    input.desc};
    DML_QUANTIZE_OPERATOR_DESC quantize63{&input.desc, DML_QUANTIZATION_TYPE_SCALE, (quantShape >> 6) & 3u,
                                          in.take<uint8_t>() < 8 ? nullptr : quantizationTensors,
                                          &output.desc};
    setRaw(quantize63.QuantizationType, (quantShape >> 4) & 3u);
    const bool quantize63Type = type == DML_OPERATOR_QUANTIZE || type == DML_OPERATOR_DEQUANTIZE;
    DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC constantPow{&input.desc, &output.desc, identity.ScaleBias, opDesc.a1};
    DML_ELEMENT_WISE_POW_OPERATOR_DESC pow{&input.desc, &input.desc, &output.desc, identity.ScaleBias};
    // CLIP1 / CLIP_GRAD1: MinMaxDataType kept raw (any value, valid or not) and union bounds of arbitrary bytes.
    DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip1{&input.desc, &output.desc, identity.ScaleBias, DML_TENSOR_DATA_TYPE_FLOAT32,
                                               {}, {}};
    uint32_t inputType;  // raw: the fuzzer may have stored a value outside the enum
    std::memcpy(&inputType, &input.buffer.DataType, sizeof(inputType));
    setRaw(clip1.MinMaxDataType, in.take<uint8_t>() < 200 ? inputType : in.take<uint8_t>());
    clip1.Min.UInt64 = in.take<uint64_t>();
    clip1.Max.UInt64 = in.take<uint64_t>();
    DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC clipGrad1{&input.desc, &input.desc, &output.desc,
                                                        DML_TENSOR_DATA_TYPE_FLOAT32, clip1.Min, clip1.Max};
    std::memcpy(&clipGrad1.MinMaxDataType, &clip1.MinMaxDataType, sizeof(UINT));
    DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC clipGrad{&input.desc, &input.desc, &output.desc, opDesc.a0, opDesc.a1};
    DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC reluGrad{&input.desc, &input.desc, &output.desc};
    // ADD1's FusedActivation: NULL, or an activation (fusable or not, or a raw type) in the {Input, Output, FLOAT,
    // FLOAT} layout every fusable activation shares, its tensors NULL or not; GEMM's own ELEMENT_WISE_CLIP (a
    // ScaleBias or not) and SOFTMAX1 (fuzzed axes) in their descs' layouts.
    static const DML_OPERATOR_TYPE kFused[] = {DML_OPERATOR_ACTIVATION_RELU,     DML_OPERATOR_ACTIVATION_ELU,
                                               DML_OPERATOR_ACTIVATION_SOFTPLUS, DML_OPERATOR_ACTIVATION_GELU,
                                               DML_OPERATOR_ACTIVATION_SWISH,    DML_OPERATOR_ACTIVATION_LINEAR,
                                               DML_OPERATOR_ELEMENT_WISE_CLIP,   DML_OPERATOR_ACTIVATION_SOFTMAX1};
    const uint8_t fusedPick = in.take<uint8_t>();
    const uint8_t fusedTensors = in.take<uint8_t>();
    struct {
        const DML_TENSOR_DESC* input;
        const DML_TENSOR_DESC* output;
        FLOAT a0, a1;
    } fusedStorage{fusedTensors % 8 == 1 ? &input.desc : nullptr, fusedTensors % 8 == 2 ? &output.desc : nullptr,
                   opDesc.a0, opDesc.a1};
    const DML_SCALE_BIAS fusedScaleBias{opDesc.a0, opDesc.a1};
    const DML_ELEMENT_WISE_CLIP_OPERATOR_DESC fusedClip{fusedStorage.input, fusedStorage.output,
                                                        fusedTensors >= 128 ? &fusedScaleBias : nullptr, opDesc.a0,
                                                        opDesc.a1};
    const UINT fusedAxes[3] = {in.take<uint8_t>() % 5u, in.take<uint8_t>() % 5u, in.take<uint8_t>() % 5u};
    const DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC fusedSoftmax1{fusedStorage.input, fusedStorage.output,
                                                              UINT(fusedTensors / 8 % 4), fusedAxes};
    DML_OPERATOR_DESC fused{};
    const uint32_t fusedType = fusedPick < 240 ? uint32_t(kFused[fusedPick % 8]) : in.take<uint32_t>();
    setRaw(fused.Type, fusedType);
    fused.Desc = fusedTensors % 8 == 3                             ? nullptr
                 : fusedType == DML_OPERATOR_ELEMENT_WISE_CLIP     ? static_cast<const void*>(&fusedClip)
                 : fusedType == DML_OPERATOR_ACTIVATION_SOFTMAX1   ? static_cast<const void*>(&fusedSoftmax1)
                                                                   : static_cast<const void*>(&fusedStorage);
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC add1{&input.desc, &input.desc, &output.desc, fusedPick % 4 == 0 ? nullptr : &fused};
    const bool twoInputs = type == DML_OPERATOR_ELEMENT_WISE_ADD || type == DML_OPERATOR_ELEMENT_WISE_DIVIDE ||
                           type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD || type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 ||
                           type == DML_OPERATOR_ACTIVATION_RELU_GRAD || type == DML_OPERATOR_ELEMENT_WISE_ADD1 ||
                           type == DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS ||
                           type == DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT ||
                           type == DML_OPERATOR_ELEMENT_WISE_ATAN_YX || type == DML_OPERATOR_ELEMENT_WISE_POW ||
                           type == DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE ||
                           type == DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR;
    const void* typedDesc = &opDesc;
    // ABS, SQRT and the float math functions share ELEMENT_WISE_IDENTITY's {Input, Output, ScaleBias} layout.
    static const DML_OPERATOR_TYPE kMath[] = {
        DML_OPERATOR_ELEMENT_WISE_SIN,   DML_OPERATOR_ELEMENT_WISE_COS,   DML_OPERATOR_ELEMENT_WISE_TAN,
        DML_OPERATOR_ELEMENT_WISE_ASIN,  DML_OPERATOR_ELEMENT_WISE_ACOS,  DML_OPERATOR_ELEMENT_WISE_ATAN,
        DML_OPERATOR_ELEMENT_WISE_SINH,  DML_OPERATOR_ELEMENT_WISE_COSH,  DML_OPERATOR_ELEMENT_WISE_TANH,
        DML_OPERATOR_ELEMENT_WISE_ASINH, DML_OPERATOR_ELEMENT_WISE_ACOSH, DML_OPERATOR_ELEMENT_WISE_ATANH,
        DML_OPERATOR_ELEMENT_WISE_ERF};
    bool scaleBiasLayout = false;
    for (DML_OPERATOR_TYPE t : kMath) scaleBiasLayout = scaleBiasLayout || uint32_t(t) == type;
    if (type == DML_OPERATOR_ELEMENT_WISE_IDENTITY || type == DML_OPERATOR_ELEMENT_WISE_ABS ||
        type == DML_OPERATOR_ELEMENT_WISE_SQRT || scaleBiasLayout)
        typedDesc = &identity;
    if (type == DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW) typedDesc = &constantPow;
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP) typedDesc = &clip;
    if (type == DML_OPERATOR_ELEMENT_WISE_ROUND) typedDesc = &round;
    if (type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY) typedDesc = &isInfinity;
    // Any other type (a raw value): a desc whose every 8-byte field is a valid tensor desc pointer, so whatever
    // layout the type declares reads valid memory (a C caller's desc always matches its type).
    const DML_TENSOR_DESC* anyLayout[16];
    std::fill(std::begin(anyLayout), std::end(anyLayout), &input.desc);
    bool known = false;
    for (DML_OPERATOR_TYPE t : kTypes) known = known || uint32_t(t) == type;  // raw values may be outside the enum
    if (!known) typedDesc = anyLayout;
    if (type == DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU) typedDesc = &prelu;
    if (twoInputs) typedDesc = type == DML_OPERATOR_ELEMENT_WISE_POW ? static_cast<const void*>(&pow) : &binary;
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD) typedDesc = &clipGrad;
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1) typedDesc = &clipGrad1;
    if (type == DML_OPERATOR_ACTIVATION_RELU_GRAD) typedDesc = &reluGrad;
    if (type == DML_OPERATOR_ELEMENT_WISE_ADD1) typedDesc = &add1;
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP1) typedDesc = &clip1;
    if (type == DML_OPERATOR_ELEMENT_WISE_IF) typedDesc = &select;
    if (type == DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR) typedDesc = &quantize;
    if (type == DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR) typedDesc = &dequantize;
    if (quantizedAddType) typedDesc = &quantizedAdd;
    if (quantize63Type) typedDesc = &quantize63;  // DEQUANTIZE's desc has the same layout
    // The reductions: a fuzzed axis list (0-9 entries of 0-9, so repeats and out-of-range axes occur; NULL
    // sometimes), a raw Function / AxisDirection, Scale and Bias the input's or the output's desc or NULL, the ADD1
    // fused activation.
    UINT axes[9];
    const uint32_t axisCount = in.take<uint8_t>() % 10u;
    for (UINT& a : axes) a = in.take<uint8_t>() % 10u;
    const UINT* axisList = in.take<uint8_t>() < 8 ? nullptr : axes;
    const uint8_t reduceShape = in.take<uint8_t>();
    const DML_TENSOR_DESC* scale = reduceShape & 1 ? nullptr : reduceShape & 2 ? &input.desc : &output.desc;
    const DML_TENSOR_DESC* bias = reduceShape & 4 ? nullptr : reduceShape & 8 ? &input.desc : &output.desc;
    DML_REDUCE_OPERATOR_DESC reduce{DML_REDUCE_FUNCTION_SUM, &input.desc, &output.desc, axisCount, axisList};
    setRaw(reduce.Function, in.take<uint8_t>() % 14u);  // 12 and 13 are invalid
    DML_ARGMAX_OPERATOR_DESC argmax{&input.desc, &output.desc, axisCount, axisList, DML_AXIS_DIRECTION_INCREASING};
    setRaw(argmax.AxisDirection, (reduceShape >> 4) % 3u);
    DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC softmax1{&input.desc, &output.desc, axisCount, axisList};
    DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC mvn1{&input.desc, scale, bias, &output.desc, axisCount, axisList,
                                                        reduceShape & 64 ? TRUE : FALSE, opDesc.a0,
                                                        add1.FusedActivation};
    DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC mvn2{&input.desc, scale, bias, &output.desc, axisCount, axisList,
                                                        reduceShape & 64 ? TRUE : FALSE, reduceShape & 128 ? TRUE : FALSE,
                                                        opDesc.a0, add1.FusedActivation};
    if (type == DML_OPERATOR_REDUCE) typedDesc = &reduce;
    if (type == DML_OPERATOR_ARGMAX || type == DML_OPERATOR_ARGMIN) typedDesc = &argmax;
    if (type == DML_OPERATOR_ACTIVATION_SOFTMAX1 || type == DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 ||
        type == DML_OPERATOR_ACTIVATION_HARDMAX1)
        typedDesc = &softmax1;
    DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC mvn{&input.desc, scale, bias, &output.desc,
                                                      reduceShape & 32 ? TRUE : FALSE, reduceShape & 64 ? TRUE : FALSE,
                                                      opDesc.a0, add1.FusedActivation};
    // LP_NORMALIZATION and the cumulative scans: a fuzzed axis (out of range from the tensor's rank on), a raw P
    // (only 1 and 2 valid) and AxisDirection (2 invalid).
    DML_LP_NORMALIZATION_OPERATOR_DESC lp{&input.desc, &output.desc, axes[0], opDesc.a0, axisCount % 4u};
    DML_CUMULATIVE_SUMMATION_OPERATOR_DESC cumulative{&input.desc, &output.desc, axes[0], DML_AXIS_DIRECTION_INCREASING,
                                                      reduceShape & 64 ? TRUE : FALSE};
    setRaw(cumulative.AxisDirection, (reduceShape >> 4) % 3u);
    if (type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION) typedDesc = &mvn;
    if (type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1) typedDesc = &mvn1;
    if (type == DML_OPERATOR_LP_NORMALIZATION) typedDesc = &lp;
    // CUMULATIVE_PRODUCT's desc has the same layout.
    if (type == DML_OPERATOR_CUMULATIVE_SUMMATION || type == DML_OPERATOR_CUMULATIVE_PRODUCT) typedDesc = &cumulative;
    if (type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2) typedDesc = &mvn2;
    // The batch normalizations: the statistics, scale and bias tensors the input's or the output's desc (or NULL
    // where the fuzz bytes say: invalid except FusedAdd), three outputs for the training form; LRN with a fuzzed
    // window (LocalSize 0 invalid) and attributes.
    const DML_TENSOR_DESC* stat = reduceShape & 16 ? &input.desc : &output.desc;
    DML_BATCH_NORMALIZATION_OPERATOR_DESC batchNorm{&input.desc, stat, scale ? scale : stat, scale, bias ? bias : stat,
                                                    &output.desc, reduceShape & 64 ? TRUE : FALSE, opDesc.a0,
                                                    add1.FusedActivation};
    DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC batchNormTraining{
        &input.desc, stat, scale ? scale : stat, bias, &output.desc, stat, reduceShape & 32 ? &output.desc : stat,
        opDesc.a0, add1.FusedActivation};
    DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC lrn{&input.desc, &output.desc, reduceShape & 64 ? TRUE : FALSE,
                                                       axisCount, opDesc.a0, opDesc.a1, float(axes[0])};
    if (type == DML_OPERATOR_BATCH_NORMALIZATION) typedDesc = &batchNorm;
    if (type == DML_OPERATOR_BATCH_NORMALIZATION_TRAINING) typedDesc = &batchNormTraining;
    if (type == DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION) typedDesc = &lrn;
    // The matrix multiplies: B, C and every scale and zero point the input's or the output's desc (or NULL where
    // optional), raw transposes (2 and 3 invalid), the ADD1 fused activation.
    const uint8_t gemmShape = in.take<uint8_t>();
    const DML_TENSOR_DESC* matrixB = gemmShape & 1 ? &output.desc : &input.desc;
    const DML_TENSOR_DESC* optional = gemmShape & 2 ? nullptr : gemmShape & 4 ? &input.desc : &output.desc;
    DML_GEMM_OPERATOR_DESC gemm{&input.desc, matrixB, optional, &output.desc, DML_MATRIX_TRANSFORM_NONE,
                                DML_MATRIX_TRANSFORM_NONE, opDesc.a0, opDesc.a1, add1.FusedActivation};
    setRaw(gemm.TransA, (gemmShape >> 3) & 3u);
    setRaw(gemm.TransB, (gemmShape >> 5) & 3u);
    DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC matmulInteger{&input.desc, optional, matrixB, optional, &output.desc};
    DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC qlinearMatmul{
        &input.desc, stat, optional, matrixB, stat, optional, stat, optional, &output.desc};
    DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC matmulIntegerToFloat{
        &input.desc, stat, optional, matrixB, stat, optional, optional, &output.desc};
    if (type == DML_OPERATOR_GEMM) typedDesc = &gemm;
    if (type == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER) typedDesc = &matmulInteger;
    if (type == DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY) typedDesc = &qlinearMatmul;
    if (type == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT) typedDesc = &matmulIntegerToFloat;
    DML_OPERATOR_DESC desc{};
    setRaw(desc.Type, type);
    desc.Desc = in.take<uint8_t>() < 250 ? typedDesc : nullptr;

    VkdmlOperator op = nullptr;
    if (FAILED(vkdmlCreateOperator(dev, &desc, &op))) return 0;
    keep.objects.push_back(op);
    // Sometimes the operator becomes the node(s) of a graph with fuzzed edges and a constant node, compiled with
    // vkdmlCompileGraph and run in place of the compiled operator below.
    const bool asGraph = in.take<uint8_t>() < 48;
    uint32_t graphInputs = 0, graphOutputs = 0;
    VkdmlCompiledOperator graph = nullptr;
    if (asGraph) {
        DML_OPERATOR_GRAPH_NODE_DESC opNode{op, "fuzzed"};
        uint8_t constantBytes[64] = {};
        for (uint8_t& b : constantBytes) b = in.take<uint8_t>();
        DML_CONSTANT_DATA_GRAPH_NODE_DESC constNode{constantBytes, 1 + in.take<uint8_t>() % 64u, nullptr};
        DML_GRAPH_NODE_DESC nodes[4];
        const uint32_t nodeCount = 1 + in.take<uint8_t>() % 4u;
        for (uint32_t n = 0; n < nodeCount; ++n) {
            const uint8_t kind = in.take<uint8_t>();
            nodes[n] = kind < 200 ? DML_GRAPH_NODE_DESC{DML_GRAPH_NODE_TYPE_OPERATOR, &opNode}
                                  : DML_GRAPH_NODE_DESC{DML_GRAPH_NODE_TYPE_CONSTANT, &constNode};
            if (kind == 255) {
                // An invalid node type, but never an operator node pointing at constant data: a desc that is not
                // the struct its Type names is undefined behaviour in DirectML too, not something to validate.
                const uint8_t raw = in.take<uint8_t>();
                setRaw(nodes[n].Type, raw);
                if (raw == DML_GRAPH_NODE_TYPE_OPERATOR) nodes[n].Desc = &opNode;
            }
        }
        DML_INPUT_GRAPH_EDGE_DESC inputEdges[6];
        DML_INTERMEDIATE_GRAPH_EDGE_DESC midEdges[6];
        DML_OUTPUT_GRAPH_EDGE_DESC outputEdges[3];
        DML_GRAPH_EDGE_DESC inputs[6], mids[6], outputs[3];
        auto small = [&](uint32_t n) { return uint32_t(in.take<uint8_t>() % n); };
        const uint32_t inputEdgeCount = small(7), midEdgeCount = small(7), outputEdgeCount = small(4);
        for (uint32_t e = 0; e < inputEdgeCount; ++e) {
            inputEdges[e] = {small(4), small(5), small(4), nullptr};
            inputs[e] = {DML_GRAPH_EDGE_TYPE_INPUT, &inputEdges[e]};
        }
        for (uint32_t e = 0; e < midEdgeCount; ++e) {
            midEdges[e] = {small(5), small(2), small(5), small(4), nullptr};
            mids[e] = {in.take<uint8_t>() < 250 ? DML_GRAPH_EDGE_TYPE_INTERMEDIATE : DML_GRAPH_EDGE_TYPE_INPUT, &midEdges[e]};
        }
        for (uint32_t e = 0; e < outputEdgeCount; ++e) {
            outputEdges[e] = {small(5), small(2), small(3), nullptr};
            outputs[e] = {DML_GRAPH_EDGE_TYPE_OUTPUT, &outputEdges[e]};
        }
        DML_GRAPH_DESC graphDesc{};
        graphDesc.InputCount = graphInputs = small(4);
        graphDesc.OutputCount = graphOutputs = small(3);
        graphDesc.NodeCount = nodeCount;
        graphDesc.Nodes = nodes;
        graphDesc.InputEdgeCount = inputEdgeCount;
        graphDesc.InputEdges = inputEdgeCount ? inputs : nullptr;
        graphDesc.IntermediateEdgeCount = midEdgeCount;
        graphDesc.IntermediateEdges = midEdgeCount ? mids : nullptr;
        graphDesc.OutputEdgeCount = outputEdgeCount;
        graphDesc.OutputEdges = outputEdgeCount ? outputs : nullptr;
        if (FAILED(vkdmlCompileGraph(dev, &graphDesc, DML_EXECUTION_FLAG_NONE, &graph))) return 0;
        keep.objects.push_back(graph);
    }
    VkdmlCompiledOperator compiled = nullptr;
    DML_EXECUTION_FLAGS flags;
    setRaw(flags, in.take<uint8_t>() % 8);  // passed by value: stay inside the enum's range (C++ callers must)
    if (graph) {
        compiled = graph;
    } else {
        if (FAILED(vkdmlCompileOperator(dev, op, flags, &compiled))) return 0;
        keep.objects.push_back(compiled);
    }
    VkdmlOperatorInitializer init = nullptr;
    if (FAILED(vkdmlCreateOperatorInitializer(dev, 1, &compiled, &init))) return 0;
    keep.objects.push_back(init);

    const uint64_t bufferSize = 1 + in.take<uint16_t>() * 16ull;
    VkdmlBuffer buffer = nullptr, readback = nullptr;
    VKDML_HEAP_TYPE heap;
    setRaw(heap, in.take<uint8_t>() < 240 ? 1 : in.take<uint8_t>() % 4);
    if (FAILED(vkdmlCreateBuffer(dev, heap, bufferSize, &buffer))) return 0;
    keep.objects.push_back(buffer);
    if (FAILED(vkdmlCreateBuffer(dev, VKDML_HEAP_TYPE_READBACK, bufferSize, &readback))) return 0;
    keep.objects.push_back(readback);

    VkdmlBindingTable table = nullptr, initTable = nullptr;
    if (FAILED(vkdmlCreateBindingTable(dev, compiled, &table))) return 0;
    keep.objects.push_back(table);
    if (FAILED(vkdmlCreateBindingTable(dev, init, &initTable))) return 0;
    keep.objects.push_back(initTable);
    DML_BUFFER_BINDING inB{buffer, in.take<uint16_t>() * 4ull, in.take<uint32_t>() % (bufferSize + 64)};
    DML_BUFFER_BINDING outB{buffer, in.take<uint16_t>() * 4ull, in.take<uint32_t>() % (bufferSize + 64)};
    DML_BINDING_DESC inD{DML_BINDING_TYPE_BUFFER, &inB}, outD{DML_BINDING_TYPE_BUFFER, &outB};
    setRaw(inD.Type, in.take<uint8_t>() < 240 ? 1 : in.take<uint8_t>());
    setRaw(outD.Type, in.take<uint8_t>() < 240 ? 1 : in.take<uint8_t>());
    // The arrays hold as many descs as the counts passed below can claim (a count larger than the array is a
    // caller bug DirectML cannot detect either). PARAMETERIZED_RELU's Slope shares the input binding.
    // An absent zero point's slot takes NONE (or, from the fuzz bytes, the buffer: refused).
    const DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    const DML_BINDING_DESC absentZeroPoint = (quant || quantizedAddType) && !zeroPoint && (quantShape & 8) ? none : inD;
    const DML_BINDING_DESC inputs[8] = {inD, inD, absentZeroPoint, inD, inD, absentZeroPoint, inD, inD},
                           outputs[3] = {outD, outD, outD};
    const uint32_t inputCount = graph ? graphInputs
                                : quantizedAddType ? 8
                                : quantize63Type ? 1 + quantize63.QuantizationTensorCount
                                : type == DML_OPERATOR_ELEMENT_WISE_IF || quant ? 3
                                : type == DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY ? 8
                                : type == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT ? 7
                                : type == DML_OPERATOR_MATRIX_MULTIPLY_INTEGER ? 4
                                : type == DML_OPERATOR_GEMM ? 3
                                : type == DML_OPERATOR_BATCH_NORMALIZATION ? 5
                                : type == DML_OPERATOR_BATCH_NORMALIZATION_TRAINING ? 4
                                : type == DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU || twoInputs ? 2
                                                                                                  : 1;
    const uint32_t outputCount = graph ? graphOutputs : type == DML_OPERATOR_BATCH_NORMALIZATION_TRAINING ? 3 : 1;
    vkdmlBindInputs(table, in.take<uint8_t>() < 240 ? inputCount : in.take<uint8_t>() % 9, inputs);
    vkdmlBindOutputs(table, in.take<uint8_t>() < 240 ? outputCount : in.take<uint8_t>() % 3, outputs);

    VkdmlCommandList list = nullptr;
    if (FAILED(vkdmlCreateCommandList(dev, &list))) return 0;
    keep.objects.push_back(list);
    vkdmlRecordDispatch(list, init, initTable);
    HRESULT recorded = vkdmlRecordDispatch(list, compiled, table);
    vkdmlRecordCopyBufferRegion(list, readback, 0, buffer, 0, bufferSize);
    if (FAILED(vkdmlCloseCommandList(list))) return 0;
    UINT64 value = 0;
    if (SUCCEEDED(recorded) && SUCCEEDED(vkdmlExecuteCommandLists(dev, 1, &list, &value)))
        vkdmlWaitForCompletion(dev, value, UINT64_MAX);
    return 0;
}
