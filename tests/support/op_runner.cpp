#include "op_runner.h"

#include "runner_backend.h"

#include <algorithm>
#include <cstdlib>

namespace vkdml::test {

namespace {

struct TensorDescStorage {
    std::vector<UINT> sizes, strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    TensorDescStorage(const TensorSpec& spec, DML_TENSOR_DATA_TYPE type) : sizes(spec.sizes), strides(spec.strides) {
        buffer.DataType = type;
        buffer.DimensionCount = static_cast<UINT>(sizes.size());
        buffer.Sizes = sizes.data();
        buffer.Strides = strides.empty() ? nullptr : strides.data();
        buffer.TotalTensorSizeInBytes = tensorBytes(spec, type);
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

}  // namespace

uint32_t elementBytes(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16:
        case DML_TENSOR_DATA_TYPE_INT16:
        case DML_TENSOR_DATA_TYPE_UINT16: return 2;
        case DML_TENSOR_DATA_TYPE_INT8:
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT4:  // the byte holding it (two elements)
        case DML_TENSOR_DATA_TYPE_UINT4: return 1;
        case DML_TENSOR_DATA_TYPE_INT64:
        case DML_TENSOR_DATA_TYPE_UINT64:
        case DML_TENSOR_DATA_TYPE_FLOAT64: return 8;
        default: return 4;
    }
}

uint32_t elementBits(DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_INT4 || type == DML_TENSOR_DATA_TYPE_UINT4 ? 4 : 8 * elementBytes(type);
}

uint64_t elementCount(const std::vector<uint32_t>& sizes) {
    uint64_t n = 1;
    for (uint32_t s : sizes) n *= s;
    return n;
}

std::vector<uint32_t> stridesOf(const TensorSpec& spec) {
    if (!spec.strides.empty()) return spec.strides;
    std::vector<uint32_t> strides(spec.sizes.size());
    uint32_t s = 1;
    for (size_t i = spec.sizes.size(); i-- > 0;) strides[i] = s, s *= spec.sizes[i];
    return strides;
}

uint64_t tensorBytes(const TensorSpec& spec, DML_TENSOR_DATA_TYPE type) {
    if (spec.totalBytes) return spec.totalBytes;
    auto strides = stridesOf(spec);
    uint64_t last = 0;
    for (size_t i = 0; i < spec.sizes.size(); ++i) last += uint64_t(spec.sizes[i] - 1) * strides[i];
    return (((last + 1) * elementBits(type) + 7) / 8 + 3) & ~uint64_t(3);
}

uint64_t elementIndex(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& strides, uint64_t n) {
    uint64_t index = 0;
    for (size_t i = sizes.size(); i-- > 0;) {
        index += (n % sizes[i]) * strides[i];
        n /= sizes[i];
    }
    return index;
}

bool throughGraph() {
    static const bool on = [] {
        const char* v = std::getenv("VKDML_TEST_THROUGH_GRAPH");
        return v != nullptr && v[0] != '\0' && std::string(v) != "0";
    }();
    return on;
}

HRESULT tryCreateActivation(VkdmlDevice device, DML_OPERATOR_TYPE type, const DML_TENSOR_DESC* input,
                            const DML_TENSOR_DESC* output, float attr0, float attr1, VkdmlOperator* op) {
    if (type == DML_OPERATOR_ELEMENT_WISE_IDENTITY) {  // {Input, Output, const DML_SCALE_BIAS*}
        DML_SCALE_BIAS scaleBias{attr0, attr1};
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc{input, output, &scaleBias};
        DML_OPERATOR_DESC opDesc{type, &desc};
        return vkdmlCreateOperator(device, &opDesc, op);
    }
    TwoFloatActivationDesc desc{input, output, attr0, attr1};
    DML_OPERATOR_DESC opDesc{type, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

std::vector<uint8_t> runPrelu(TestDevice& device, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* slope,
                              const DML_TENSOR_DESC* out, const std::vector<uint8_t>& input,
                              const std::vector<uint8_t>& slopes, bool inPlace) {
    DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC desc{in, slope, out};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, &desc};
    Owned<VkdmlOperator> op;
    REQUIRE(vkdmlCreateOperator(device, &opDesc, op.put()) == S_OK);
    std::unique_ptr<RunnerBackend> backend = makeRunnerBackend(device);
    REQUIRE(backend->compile(op, DML_EXECUTION_FLAG_NONE, {true, true}, 1) == S_OK);
    // A compiled graph's output must not alias its inputs: through a graph the output gets a range of its own.
    inPlace = inPlace && !backend->graph();

    const uint64_t inBytes = input.size(), slopeBytes = slopes.size();
    const uint64_t slopeOffset = (inBytes + 255) & ~uint64_t(255);
    const uint64_t outOffset = inPlace ? 0 : (slopeOffset + slopeBytes + 255) & ~uint64_t(255);
    std::vector<uint8_t> image(std::max(outOffset, slopeOffset + slopeBytes) + inBytes + 256, kCanary);
    std::copy(input.begin(), input.end(), image.begin());
    std::copy(slopes.begin(), slopes.end(), image.begin() + slopeOffset);
    const size_t buffer = backend->createBuffer(image);
    REQUIRE(backend->execute({{buffer, 0, inBytes}, {buffer, slopeOffset, slopeBytes}}, {{buffer, outOffset, inBytes}}) ==
            S_OK);
    const std::vector<uint8_t> after = backend->download(buffer);
    return std::vector<uint8_t>(after.begin() + outOffset, after.begin() + outOffset + inBytes);
}

ActivationRun runActivation(TestDevice& device, const ActivationCase& c, const std::vector<uint8_t>& inputMemory) {
    TensorSpec outSpec = c.output.sizes.empty() ? c.input : c.output;
    TensorDescStorage in(c.input, c.dataType), out(outSpec, c.dataType);
    const uint64_t inBytes = in.buffer.TotalTensorSizeInBytes, outBytes = out.buffer.TotalTensorSizeInBytes;
    REQUIRE(inputMemory.size() == inBytes);

    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, c.type, &in.tensor, &out.tensor, c.attr0, c.attr1, op.put()) == S_OK);
    std::unique_ptr<RunnerBackend> backend = makeRunnerBackend(device);
    REQUIRE(backend->compile(op, c.flags, {true}, 1) == S_OK);
    const DML_BINDING_PROPERTIES props = backend->properties();
    CHECK(props.TemporaryResourceSize == 0);
    CHECK(props.PersistentResourceSize == 0);

    // One buffer with canary bytes around the tensors: [pad][input][pad][output][pad] (or one tensor in place).
    const uint64_t pad = 256;
    const uint64_t inStart = pad + c.inputOffset;
    // A compiled graph's output must not alias its inputs: through a graph the output gets a range of its own.
    const bool inPlace = c.inPlace && !backend->graph();
    const uint64_t outStart = inPlace ? inStart : ((inStart + inBytes + pad + 255) & ~uint64_t(255)) + c.outputOffset;
    const uint64_t total = outStart + outBytes + pad;
    std::vector<uint8_t> initial(total, kCanary);
    std::copy(inputMemory.begin(), inputMemory.end(), initial.begin() + inStart);
    const size_t buffer = backend->createBuffer(initial);
    REQUIRE(backend->execute({{buffer, inStart, inBytes}}, {{buffer, outStart, outBytes}}) == S_OK);

    std::vector<uint8_t> after = backend->download(buffer);
    ActivationRun run;
    run.output.assign(after.begin() + outStart, after.begin() + outStart + outBytes);
    for (uint64_t i = 0; i < total && run.canaryIntact; ++i) {
        const bool inOutput = i >= outStart && i < outStart + outBytes;
        if (!inOutput && after[i] != initial[i]) run.canaryIntact = false;  // inputs are never written either
    }
    return run;
}

}  // namespace vkdml::test

#include <random>

namespace vkdml::test {

std::vector<uint8_t> randomTensorMemory(DML_TENSOR_DATA_TYPE type, uint64_t bytes, uint32_t seed, double lo,
                                        double hi) {
    std::vector<uint8_t> memory(bytes);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> uniform(lo, hi);
    const bool half = type == DML_TENSOR_DATA_TYPE_FLOAT16;
    const uint32_t specials32[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                   0x00000001u, 0x807fffffu, 0x7f7fffffu, 0xff7fffffu, 0x00800000u};
    const uint16_t specials16[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x83ff, 0x7bff, 0xfbff, 0x0400};
    const size_t count = bytes / (half ? 2 : 4);
    for (size_t i = 0; i < count; ++i) {
        const bool special = i % 16 == 15;
        if (half) {
            uint16_t v = special ? specials16[(i / 16) % 10] : half_from_double(uniform(rng));
            std::memcpy(&memory[i * 2], &v, 2);
        } else {
            uint32_t v = special ? specials32[(i / 16) % 10] : bits_of_float(static_cast<float>(uniform(rng)));
            std::memcpy(&memory[i * 4], &v, 4);
        }
    }
    return memory;
}

UlpCheck verifyActivation(const ActivationCase& c, const std::vector<uint8_t>& inputMemory, const ActivationRun& run,
                          uint64_t bound, const std::string& label) {
    UlpCheck check(label, bound);
    const TensorSpec& outSpec = c.output.sizes.empty() ? c.input : c.output;
    const auto inStrides = stridesOf(c.input), outStrides = stridesOf(outSpec);
    const uint64_t n = elementCount(c.input.sizes);
    auto ref = [&](double x) { return referenceActivation(c.type, x, c.attr0, c.attr1); };
    for (uint64_t e = 0; e < n; ++e) {
        const uint64_t in = elementIndex(c.input.sizes, inStrides, e), out = elementIndex(outSpec.sizes, outStrides, e);
        if (c.dataType == DML_TENSOR_DATA_TYPE_FLOAT16) {
            uint16_t x, y;
            std::memcpy(&x, &inputMemory[in * 2], 2);
            std::memcpy(&y, &run.output[out * 2], 2);
            check.f16(e, x, y, ref);
        } else {
            float x, y;
            std::memcpy(&x, &inputMemory[in * 4], 4);
            std::memcpy(&y, &run.output[out * 4], 4);
            check.f32(e, x, y, ref);
        }
    }
    return check;
}

uint32_t denseStride() {
    static const uint32_t stride = [] {
        if (const char* v = std::getenv("VKDML_TEST_DENSE_STRIDE")) {
            const unsigned long n = std::strtoul(v, nullptr, 10);
            if (n >= 1 && n <= 65536) return static_cast<uint32_t>(n);
        }
#if defined(__SANITIZE_ADDRESS__)
        return 16u;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
        return 16u;
#endif
#endif
        return 1u;
    }();
    return stride;
}

}  // namespace vkdml::test
