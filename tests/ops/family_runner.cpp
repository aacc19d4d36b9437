#include "family_runner.h"

#include "runner_backend.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>
#include <sstream>

#include "reference.h"

namespace vkdml::test {

namespace {

struct DescStorage {
    std::vector<UINT> sizes, strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    explicit DescStorage(const FamilyTensor& t) : sizes(t.spec.sizes), strides(t.spec.strides) {
        buffer.DataType = t.type;
        buffer.Flags = DML_TENSOR_FLAG_NONE;
        buffer.DimensionCount = static_cast<UINT>(sizes.size());
        buffer.Sizes = sizes.data();
        buffer.Strides = strides.empty() ? nullptr : strides.data();
        buffer.TotalTensorSizeInBytes = t.bytes();
        buffer.GuaranteedBaseOffsetAlignment = 0;
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

// The descs of every input, then the output; addresses stay valid as long as the set lives.
struct DescSet {
    std::deque<DescStorage> storage;
    std::vector<const DML_TENSOR_DESC*> pointers;
    explicit DescSet(const FamilyCase& c) {
        for (const auto& t : c.inputs) storage.emplace_back(t);
        storage.emplace_back(c.output);
        for (size_t i = 0; i < storage.size(); ++i)
            pointers.push_back(i < c.inputs.size() && c.inputs[i].absent ? nullptr : &storage[i].tensor);
    }
};

template <class Desc>
HRESULT createWith(VkdmlDevice device, DML_OPERATOR_TYPE type, const Desc& desc, VkdmlOperator* op) {
    DML_OPERATOR_DESC opDesc{type, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

template <class Desc>
HRESULT binary(VkdmlDevice device, DML_OPERATOR_TYPE type, const std::vector<const DML_TENSOR_DESC*>& t,
               VkdmlOperator* op) {
    REQUIRE(t.size() == 3);
    return createWith(device, type, Desc{t[0], t[1], t[2]}, op);
}

template <class Desc>
HRESULT unary(VkdmlDevice device, DML_OPERATOR_TYPE type, const std::vector<const DML_TENSOR_DESC*>& t,
              VkdmlOperator* op) {
    REQUIRE(t.size() == 2);
    return createWith(device, type, Desc{t[0], t[1]}, op);
}

// Descs with an optional ScaleBias after the tensors (NULL here).
template <class Desc>
HRESULT unaryScaleBias(VkdmlDevice device, DML_OPERATOR_TYPE type, const std::vector<const DML_TENSOR_DESC*>& t,
                       VkdmlOperator* op) {
    REQUIRE(t.size() == 2);
    return createWith(device, type, Desc{t[0], t[1], nullptr}, op);
}

constexpr uint64_t kPad = 256;

uint64_t align256(uint64_t v) { return (v + 255) & ~uint64_t(255); }

}  // namespace

HRESULT createElementwiseOperator(VkdmlDevice device, DML_OPERATOR_TYPE type,
                                  const std::vector<const DML_TENSOR_DESC*>& t, VkdmlOperator* op) {
    switch (type) {
        case DML_OPERATOR_ELEMENT_WISE_ADD: return binary<DML_ELEMENT_WISE_ADD_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_SUBTRACT:
            return binary<DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_MULTIPLY:
            return binary<DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_DIVIDE:
            return binary<DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_MAX: return binary<DML_ELEMENT_WISE_MAX_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_MIN: return binary<DML_ELEMENT_WISE_MIN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_MEAN: return binary<DML_ELEMENT_WISE_MEAN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE:
            return binary<DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE:
            return binary<DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR:
            return binary<DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS:
            return binary<DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN:
            return binary<DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN:
            return binary<DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL:
            return binary<DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL:
            return binary<DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND:
            return binary<DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR:
            return binary<DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR:
            return binary<DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_AND:
            return binary<DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_OR: return binary<DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_XOR:
            return binary<DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT:
            return binary<DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT:
            return binary<DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT:
            return unary<DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_NOT: return unary<DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_BIT_COUNT:
            return unary<DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_CAST: return unary<DML_CAST_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_NEGATE: return unary<DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_SIGN: return unary<DML_ELEMENT_WISE_SIGN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_IS_NAN: return unary<DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ABS: return unaryScaleBias<DML_ELEMENT_WISE_ABS_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_CEIL: return unaryScaleBias<DML_ELEMENT_WISE_CEIL_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_FLOOR:
            return unaryScaleBias<DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_EXP: return unaryScaleBias<DML_ELEMENT_WISE_EXP_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_LOG: return unaryScaleBias<DML_ELEMENT_WISE_LOG_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_RECIP:
            return unaryScaleBias<DML_ELEMENT_WISE_RECIP_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_SQRT: return unaryScaleBias<DML_ELEMENT_WISE_SQRT_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR:
            REQUIRE(t.size() == 4);
            return createWith(device, type, DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC{t[0], t[1], t[2], t[3]}, op);
        case DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR:
            REQUIRE(t.size() == 4);
            return createWith(device, type, DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC{t[0], t[1], t[2], t[3]},
                              op);
        case DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD:
            REQUIRE(t.size() == 9);
            return createWith(device, type,
                              DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC{t[0], t[1], t[2], t[3], t[4], t[5], t[6],
                                                                                  t[7], t[8]},
                              op);
        case DML_OPERATOR_ELEMENT_WISE_SIN: return unaryScaleBias<DML_ELEMENT_WISE_SIN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_COS: return unaryScaleBias<DML_ELEMENT_WISE_COS_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_TAN: return unaryScaleBias<DML_ELEMENT_WISE_TAN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ASIN: return unaryScaleBias<DML_ELEMENT_WISE_ASIN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ACOS: return unaryScaleBias<DML_ELEMENT_WISE_ACOS_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ATAN: return unaryScaleBias<DML_ELEMENT_WISE_ATAN_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_SINH: return unaryScaleBias<DML_ELEMENT_WISE_SINH_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_COSH: return unaryScaleBias<DML_ELEMENT_WISE_COSH_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_TANH: return unaryScaleBias<DML_ELEMENT_WISE_TANH_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ASINH:
            return unaryScaleBias<DML_ELEMENT_WISE_ASINH_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ACOSH:
            return unaryScaleBias<DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ATANH:
            return unaryScaleBias<DML_ELEMENT_WISE_ATANH_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_ERF: return unaryScaleBias<DML_ELEMENT_WISE_ERF_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_POW:
            REQUIRE(t.size() == 3);
            return createWith(device, type, DML_ELEMENT_WISE_POW_OPERATOR_DESC{t[0], t[1], t[2], nullptr}, op);
        case DML_OPERATOR_ELEMENT_WISE_ATAN_YX:
            return binary<DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC>(device, type, t, op);
        case DML_OPERATOR_ELEMENT_WISE_IF:
            REQUIRE(t.size() == 4);
            return createWith(device, type, DML_ELEMENT_WISE_IF_OPERATOR_DESC{t[0], t[1], t[2], t[3]}, op);
        default: return E_NOTIMPL;
    }
}

HRESULT tryCreate(VkdmlDevice device, const FamilyCase& c, VkdmlOperator* op) {
    DescSet descs(c);
    Owned<VkdmlOperator> local;
    VkdmlOperator* target = op ? op : local.put();
    return c.build ? c.build(device, c.op, descs.pointers, target)
                   : createElementwiseOperator(device, c.op, descs.pointers, target);
}

namespace {
// The device of the case being checked flushes fp32 subnormals (no shaderDenormPreserveFloat32): set by runFamily.
bool gFp32MayFlush = false;
}  // namespace

FamilyRun runFamily(TestDevice& device, const FamilyCase& c) {
    VKDML_ADAPTER_INFO adapter{};
    REQUIRE(vkdmlGetAdapterInfo(device, &adapter) == S_OK);
    gFp32MayFlush = !adapter.SupportsDenormPreserveFloat32;
    const size_t n = c.inputs.size();
    for (size_t i = 0; i < n; ++i) {  // the case itself must be consistent
        const FamilyTensor& t = c.inputs[i];
        REQUIRE(t.offset % 16 == 0);
        if (t.absent) {
            REQUIRE(t.aliasOf < 0);
        } else if (t.aliasOf >= 0) {
            REQUIRE(size_t(t.aliasOf) < i);
            REQUIRE(c.inputs[t.aliasOf].aliasOf < 0);
            REQUIRE(t.bytes() <= c.inputs[t.aliasOf].bytes());
        } else {
            REQUIRE_MESSAGE(t.memory.size() == t.bytes(), "input " << i << " memory is not TotalTensorSizeInBytes");
        }
    }
    REQUIRE(c.output.offset % 16 == 0);
    if (c.inPlaceInput >= 0) {
        REQUIRE(size_t(c.inPlaceInput) < n);
        const FamilyTensor& t = c.inputs[c.inPlaceInput];
        REQUIRE(t.aliasOf < 0);
        REQUIRE((t.type == c.output.type && t.spec.sizes == c.output.spec.sizes &&
                 stridesOf(t.spec) == stridesOf(c.output.spec) && t.bytes() == c.output.bytes()));
    }

    FamilyRun run;
    auto fail = [&](HRESULT hr, const char* call) {
        run.hr = hr;
        run.failedCall = std::string(call) + (device.lastError().empty() ? "" : " (" + device.lastError() + ")");
        return run;
    };
    HRESULT hr = S_OK;
    Owned<VkdmlOperator> op;
    if ((hr = tryCreate(device, c, op.put())) != S_OK) return fail(hr, "vkdmlCreateOperator");
    std::unique_ptr<RunnerBackend> backend = makeRunnerBackend(device);
    std::vector<bool> present;
    for (const FamilyTensor& t : c.inputs) present.push_back(!t.absent);
    if ((hr = backend->compile(op, c.flags, present, 1)) != S_OK) return fail(hr, backend->failedCall().c_str());
    CHECK_MESSAGE(backend->properties().PersistentResourceSize == 0,
                  "an element-wise operator asks for a persistent resource");

    // Regions: [kPad canary][tensor at a 256-aligned slot + offset][kPad canary]... in one buffer or one per tensor.
    std::vector<uint64_t> bufferEnds;
    auto place = [&](uint64_t bytes, uint64_t offset) {
        if (c.separateBuffers || bufferEnds.empty()) bufferEnds.push_back(kPad);
        const size_t b = bufferEnds.size() - 1;
        const uint64_t start = align256(bufferEnds[b]) + offset;
        bufferEnds[b] = start + bytes + kPad;
        return RunnerRange{b, start, bytes};
    };
    std::vector<RunnerRange> regions;
    for (const FamilyTensor& t : c.inputs)
        regions.push_back(t.absent       ? RunnerRange{0, 0, 0, false}
                          : t.aliasOf >= 0 ? RunnerRange{regions[t.aliasOf].buffer, regions[t.aliasOf].offset, t.bytes()}
                                           : place(t.bytes(), t.offset));
    // A compiled graph's output must not alias its inputs (CompiledGraph::checkBindings): through a graph an in-place
    // case runs with the output in a range of its own.
    const int inPlaceInput = backend->graph() ? -1 : c.inPlaceInput;
    const RunnerRange out = inPlaceInput >= 0 ? regions[inPlaceInput] : place(c.output.bytes(), c.output.offset);

    std::vector<std::vector<uint8_t>> images;
    for (uint64_t end : bufferEnds) images.emplace_back(end, kCanary);
    for (size_t i = 0; i < n; ++i)
        if (c.inputs[i].aliasOf < 0 && !c.inputs[i].absent)
            std::copy(c.inputs[i].memory.begin(), c.inputs[i].memory.end(),
                      images[regions[i].buffer].begin() + regions[i].offset);
    for (const auto& image : images) backend->createBuffer(image);
    if ((hr = backend->execute(regions, {out})) != S_OK) return fail(hr, backend->failedCall().c_str());

    for (size_t b = 0; b < images.size(); ++b) {
        const std::vector<uint8_t> after = backend->download(b);
        if (b == out.buffer) run.output.assign(after.begin() + out.offset, after.begin() + out.offset + out.bytes);
        for (uint64_t i = 0; i < after.size() && run.canaryIntact; ++i) {
            const bool inOutput = b == out.buffer && i >= out.offset && i < out.offset + out.bytes;
            if (!inOutput && after[i] != images[b][i]) run.canaryIntact = false;
        }
    }
    return run;
}

// ---- values ----------------------------------------------------------------------------------------------------------

const char* typeName(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return "FLOAT32";
        case DML_TENSOR_DATA_TYPE_FLOAT16: return "FLOAT16";
        case DML_TENSOR_DATA_TYPE_FLOAT64: return "FLOAT64";
        case DML_TENSOR_DATA_TYPE_UINT8: return "UINT8";
        case DML_TENSOR_DATA_TYPE_UINT16: return "UINT16";
        case DML_TENSOR_DATA_TYPE_UINT32: return "UINT32";
        case DML_TENSOR_DATA_TYPE_UINT64: return "UINT64";
        case DML_TENSOR_DATA_TYPE_INT8: return "INT8";
        case DML_TENSOR_DATA_TYPE_INT16: return "INT16";
        case DML_TENSOR_DATA_TYPE_INT32: return "INT32";
        case DML_TENSOR_DATA_TYPE_INT64: return "INT64";
        case DML_TENSOR_DATA_TYPE_UINT4: return "UINT4";
        case DML_TENSOR_DATA_TYPE_INT4: return "INT4";
        default: return "UNKNOWN";
    }
}

bool isFloatType(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT32 || type == DML_TENSOR_DATA_TYPE_FLOAT16 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

bool isSignedType(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_INT8 || type == DML_TENSOR_DATA_TYPE_INT16 ||
           type == DML_TENSOR_DATA_TYPE_INT32 || type == DML_TENSOR_DATA_TYPE_INT64 || type == DML_TENSOR_DATA_TYPE_INT4;
}

uint32_t bitWidth(DML_TENSOR_DATA_TYPE type) { return elementBits(type); }

uint64_t typeMask(DML_TENSOR_DATA_TYPE type) {
    return bitWidth(type) == 64 ? ~uint64_t(0) : (uint64_t(1) << bitWidth(type)) - 1;
}

uint64_t readBits(const std::vector<uint8_t>& memory, uint64_t element, DML_TENSOR_DATA_TYPE type) {
    if (bitWidth(type) == 4) {  // two per byte, the first in the low nibble
        if (element / 2 >= memory.size()) FAIL("element " << element << " lies past the tensor's memory");
        return (memory[element / 2] >> (4 * (element % 2))) & 0xf;
    }
    const uint32_t bytes = elementBytes(type);
    if ((element + 1) * bytes > memory.size()) FAIL("element " << element << " lies past the tensor's memory");
    uint64_t bits = 0;
    std::memcpy(&bits, memory.data() + element * bytes, bytes);  // little-endian: the low bytes
    return bits;
}

void writeBits(std::vector<uint8_t>& memory, uint64_t element, DML_TENSOR_DATA_TYPE type, uint64_t bits) {
    if (bitWidth(type) == 4) {
        if (element / 2 >= memory.size()) FAIL("element " << element << " lies past the tensor's memory");
        const uint32_t shift = 4 * (element % 2);
        memory[element / 2] = static_cast<uint8_t>((memory[element / 2] & ~(0xfu << shift)) | ((bits & 0xf) << shift));
        return;
    }
    const uint32_t bytes = elementBytes(type);
    if ((element + 1) * bytes > memory.size()) FAIL("element " << element << " lies past the tensor's memory");
    std::memcpy(memory.data() + element * bytes, &bits, bytes);
}

double floatValue(DML_TENSOR_DATA_TYPE type, uint64_t bits) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return double_from_half(static_cast<uint16_t>(bits));
        case DML_TENSOR_DATA_TYPE_FLOAT32: return static_cast<double>(float_of_bits(static_cast<uint32_t>(bits)));
        default: {
            double d;
            std::memcpy(&d, &bits, 8);
            return d;
        }
    }
}

int64_t signedValue(DML_TENSOR_DATA_TYPE type, uint64_t bits) {
    const uint32_t w = bitWidth(type);
    bits &= typeMask(type);
    if (isSignedType(type) && w < 64 && (bits >> (w - 1)) & 1) bits |= ~typeMask(type);
    return static_cast<int64_t>(bits);
}

uint64_t floatBits(DML_TENSOR_DATA_TYPE type, double value) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return half_from_double(value);
        case DML_TENSOR_DATA_TYPE_FLOAT32: return bits_of_float(float_from_double(value));
        default: {
            uint64_t bits;
            std::memcpy(&bits, &value, 8);
            return bits;
        }
    }
}

std::string formatValue(DML_TENSOR_DATA_TYPE type, uint64_t bits) {
    char buf[96];
    bits &= typeMask(type);
    if (isFloatType(type))
        std::snprintf(buf, sizeof buf, "%.17g (0x%0*" PRIx64 ")", floatValue(type, bits), int(bitWidth(type) / 4), bits);
    else if (isSignedType(type))
        std::snprintf(buf, sizeof buf, "%" PRId64, signedValue(type, bits));
    else
        std::snprintf(buf, sizeof buf, "%" PRIu64, bits);
    return buf;
}

std::vector<uint64_t> float32Sweep() {
    const uint64_t count = (uint64_t(1) << 20) / denseStride(), step = (uint64_t(1) << 32) / count;
    std::vector<uint64_t> bits(count);
    for (uint64_t i = 0; i < count; ++i) bits[i] = i * step + i % step;
    return bits;
}

std::vector<uint64_t> specialValues(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32:
            return {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00123, 0x7f800001,
                    0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000,
                    0x3f000000, 0x40400000, 0xc0200000, 0x3f800001};
        case DML_TENSOR_DATA_TYPE_FLOAT16:
            return {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7d00, 0x0001, 0x83ff,
                    0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3800, 0x4200, 0xc100, 0x3c01};
        case DML_TENSOR_DATA_TYPE_FLOAT64:
            return {0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                    0x7ff8000000000000ull, 0xfff8000000000123ull, 0x7ff0000000000001ull, 0x0000000000000001ull,
                    0x800fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
                    0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3fe0000000000000ull, 0x4008000000000000ull,
                    0xc004000000000000ull, 0x3ff0000000000001ull};
        default: break;
    }
    const uint32_t w = bitWidth(type);
    const uint64_t mask = typeMask(type), top = uint64_t(1) << (w - 1);
    // As bits: 0, 1, 2, all ones (-1 / max), max-1 (-2), the top bit (min / 2^(w-1)), top+1, top-1, and 3 / -3.
    return {0, 1, 2, mask, mask - 1, top, top + 1, top - 1, 3, mask - 2};
}

uint64_t randomValue(DML_TENSOR_DATA_TYPE type, std::mt19937_64& rng) {
    const uint64_t r = rng() % 100;
    if (isFloatType(type)) {
        static const double kSmall[] = {0, 1, -1, 2, -2, 3, -3, 0.5, -0.5, 4, 0.25, -4};
        if (r < 25) return floatBits(type, kSmall[rng() % 12]);
        if (r < 35) {
            const auto specials = specialValues(type);
            return specials[rng() % specials.size()];
        }
        if (r < 75) {  // moderate magnitude, every significand bit random
            const int mant = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 10 : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 23 : 52;
            const int range = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 6 : type == DML_TENSOR_DATA_TYPE_FLOAT32 ? 12 : 30;
            const double m = 1.0 + std::ldexp(static_cast<double>(rng() & ((uint64_t(1) << mant) - 1)), -mant);
            const int e = static_cast<int>(rng() % (2 * range + 1)) - range;
            return floatBits(type, (rng() & 1 ? -1.0 : 1.0) * std::ldexp(m, e));
        }
        return rng() & typeMask(type);
    }
    if (r < 30) return static_cast<uint64_t>(static_cast<int64_t>(rng() % 9) - 4) & typeMask(type);
    if (r < 45) {
        const auto specials = specialValues(type);
        return specials[rng() % specials.size()];
    }
    return rng() & typeMask(type);
}

void fillTensor(FamilyTensor& t, std::mt19937_64& rng, const std::vector<uint64_t>& prefix, ValueGen gen) {
    t.memory.assign(t.bytes(), 0);
    const uint64_t slots = t.memory.size() * 8 / bitWidth(t.type);
    for (uint64_t i = 0; i < slots; ++i) writeBits(t.memory, i, t.type, gen ? gen(rng) : randomValue(t.type, rng));
    const auto strides = stridesOf(t.spec);
    const uint64_t count = std::min<uint64_t>(prefix.size(), elementCount(t.spec.sizes));
    for (uint64_t e = 0; e < count; ++e) writeBits(t.memory, elementIndex(t.spec.sizes, strides, e), t.type, prefix[e]);
}

void specialPairs(DML_TENSOR_DATA_TYPE type, std::vector<uint64_t>& a, std::vector<uint64_t>& b) {
    const auto s = specialValues(type);
    a.clear(), b.clear();
    for (uint64_t x : s)
        for (uint64_t y : s) a.push_back(x), b.push_back(y);
}

std::vector<uint32_t> paddedStrides(const std::vector<uint32_t>& sizes, uint32_t padding) {
    std::vector<uint32_t> strides(sizes.size());
    uint32_t s = 1;
    for (size_t i = sizes.size(); i-- > 0;) strides[i] = s, s = s * sizes[i] + padding;
    return strides;
}

std::vector<uint32_t> permutedStrides(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& order,
                                      uint32_t padding) {
    REQUIRE(order.size() == sizes.size());
    std::vector<uint32_t> strides(sizes.size());
    uint32_t s = 1;
    for (size_t i = order.size(); i-- > 0;) strides[order[i]] = s, s = s * sizes[order[i]] + padding;
    return strides;
}

namespace {
// The smallest error (real ULPs) among the references floatResultOk accepted for the element compareFamily is
// judging; negative while there is none.
thread_local double gElementError = -1;

void noteAcceptedError(DML_TENSOR_DATA_TYPE type, uint64_t got, double exact) {
    const double e = type == DML_TENSOR_DATA_TYPE_FLOAT16
                         ? real_ulp_error_f16(static_cast<uint16_t>(got), exact)
                         : real_ulp_error_f32(float_of_bits(static_cast<uint32_t>(got)), exact);
    if (e >= 0 && (gElementError < 0 || e < gElementError)) gElementError = e;
}
}  // namespace

bool floatResultOk(DML_TENSOR_DATA_TYPE type, uint64_t got, double exact, uint64_t bound) {
    // Such a device (NVIDIA's) returns, where the exact result is below 2^-126, a zero of either sign, from MIN and
    // MAX the subnormal operand unflushed, and from MODULUS_FLOOR the divisor 2^-126 where the remainder it adds it
    // to flushed: any magnitude up to 2^-126 is accepted there.
    if (gFp32MayFlush && type == DML_TENSOR_DATA_TYPE_FLOAT32 && std::fabs(exact) < 0x1p-126 &&
        std::fabs(floatValue(type, got)) <= 0x1p-126)
        return true;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64) {
        const double g = floatValue(type, got);
        return std::isnan(exact) ? std::isnan(g) : got == floatBits(type, exact);
    }
    const uint64_t d = type == DML_TENSOR_DATA_TYPE_FLOAT16
                           ? ulp_error_f16(static_cast<uint16_t>(got), exact)
                           : ulp_error_f32(float_of_bits(static_cast<uint32_t>(got)), exact, bound);
    if (d > bound) return false;
    const double g = floatValue(type, got);
    if (g == 0 && (exact == 0 || (bound == 0 && floatValue(type, floatBits(type, exact)) == 0)) &&
        std::signbit(g) != std::signbit(exact))
        return false;
    noteAcceptedError(type, got, exact);
    return true;
}

std::vector<double> readAs(DML_TENSOR_DATA_TYPE type, double x) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32 && x != 0 && std::fabs(x) < 0x1p-126) return {x, 0.0, -0.0};
    return {x};
}

FamilyTensor tensorOf(DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& sizes,
                      const std::vector<uint32_t>& strides) {
    FamilyTensor t;
    t.type = type;
    t.spec = TensorSpec{sizes, strides, 0};
    return t;
}

std::vector<uint32_t> randomStrides(const std::vector<uint32_t>& sizes, std::mt19937_64& rng, bool input,
                                    std::string& name) {
    std::vector<uint32_t> order(sizes.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    switch (rng() % (input ? 6 : 4)) {
        case 0: name += "packed"; return {};
        case 1: name += "padded"; return paddedStrides(sizes, 1 + static_cast<uint32_t>(rng() % 3));
        case 2: name += "permuted"; std::shuffle(order.begin(), order.end(), rng); return permutedStrides(sizes, order);
        case 3:
            name += "permuted+padded";
            std::shuffle(order.begin(), order.end(), rng);
            return permutedStrides(sizes, order, 1);
        case 4: {
            name += "broadcast";
            std::vector<uint32_t> strides = paddedStrides(sizes, 0);
            for (auto& s : strides)
                if (rng() % 2) s = 0;
            return strides;
        }
        default: name += "scalar"; return std::vector<uint32_t>(sizes.size(), 0);
    }
}

// ---- comparison ------------------------------------------------------------------------------------------------------

FamilyCheck compareFamily(const FamilyCase& c, const FamilyRun& run, const FamilyAccept& accept) {
    FamilyCheck check;
    const auto& sizes = c.output.spec.sizes;
    const auto outStrides = stridesOf(c.output.spec);
    std::vector<std::vector<uint32_t>> inStrides;
    for (const auto& t : c.inputs) inStrides.push_back(stridesOf(t.spec));
    std::vector<uint64_t> in(c.inputs.size());
    std::string expected;
    const uint64_t count = elementCount(sizes);
    for (uint64_t e = 0; e < count; ++e) {
        for (size_t i = 0; i < c.inputs.size(); ++i) {
            const FamilyTensor& t = c.inputs[i];
            if (t.absent) {
                in[i] = 0;
                continue;
            }
            const auto& memory = t.aliasOf >= 0 ? c.inputs[t.aliasOf].memory : t.memory;
            if (t.spec.sizes != sizes && t.spec.sizes.size() == sizes.size()) {
                // Dimensions of size 1 broadcast (QUANTIZE/DEQUANTIZE, QUANTIZED_LINEAR_ADD scales).
                uint64_t rest = e, index = 0;
                for (size_t d = sizes.size(); d-- > 0;) {
                    const uint64_t coord = rest % sizes[d];
                    rest /= sizes[d];
                    if (t.spec.sizes[d] != 1) index += coord * inStrides[i][d];
                }
                in[i] = readBits(memory, index, t.type);
                continue;
            }
            in[i] = readBits(memory, elementIndex(t.spec.sizes, inStrides[i], e), t.type);
        }
        const uint64_t got = readBits(run.output, elementIndex(sizes, outStrides, e), c.output.type);
        ++check.checked;
        expected.clear();
        gElementError = -1;
        if (accept(in, got, expected)) {
            if (gElementError >= 0) check.maxUlp = std::max(check.maxUlp, gElementError), ++check.measured;
            continue;
        }
        if (check.wrong++ > 0) continue;
        std::ostringstream s;
        s << "element #" << e << " [";
        uint64_t rest = e;
        std::vector<uint64_t> coords(sizes.size());
        for (size_t d = sizes.size(); d-- > 0;) coords[d] = rest % sizes[d], rest /= sizes[d];
        for (size_t d = 0; d < coords.size(); ++d) s << (d ? "," : "") << coords[d];
        s << "]:";
        for (size_t i = 0; i < in.size(); ++i)
            s << " in" << i << " " << typeName(c.inputs[i].type) << " " << formatValue(c.inputs[i].type, in[i]) << ";";
        s << " got " << typeName(c.output.type) << " " << formatValue(c.output.type, got) << ", expected " << expected;
        check.first = s.str();
    }
    return check;
}

bool checkFamily(const std::string& label, const FamilyCase& c, const FamilyRun& run, const FamilyAccept& accept,
                 FamilyCheck* result) {
    if (!run.ok()) {
        char hr[16];
        std::snprintf(hr, sizeof hr, "0x%08x", static_cast<unsigned>(run.hr));
        CHECK_MESSAGE(run.ok(), label << ": " << run.failedCall << " returned " << hr);
        return false;
    }
    CHECK_MESSAGE(run.canaryIntact, label << ": bytes outside the output tensor were written");
    const FamilyCheck check = compareFamily(c, run, accept);
    CHECK_MESSAGE(check.wrong == 0, label << ": " << check.wrong << " of " << check.checked
                                          << " elements wrong; first: " << check.first);
    if (result) *result = check;
    return true;
}

FamilyCheck runChecked(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& label,
                       const FamilyAccept& accept, const std::vector<std::vector<uint64_t>>& prefixes,
                       const std::vector<ValueGen>& gens) {
    for (size_t i = 0; i < c.inputs.size(); ++i)
        if (c.inputs[i].aliasOf < 0 && !c.inputs[i].absent)
            fillTensor(c.inputs[i], rng, i < prefixes.size() ? prefixes[i] : std::vector<uint64_t>{},
                       i < gens.size() ? gens[i] : ValueGen{});
    FamilyCheck check;
    checkFamily(label, c, runFamily(device, c), accept, &check);
    return check;
}

void runMeasured(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& label,
                 const FamilyAccept& accept, const std::vector<std::vector<uint64_t>>& prefixes,
                 const std::vector<ValueGen>& gens) {
    const FamilyCheck check = runChecked(device, c, rng, label, accept, prefixes, gens);
    if (check.measured > 0)
        MESSAGE(label << ": " << check.measured << " float results, largest error " << check.maxUlp << " ULP");
}


}  // namespace vkdml::test
