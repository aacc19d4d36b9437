#include "op_runner.h"

#include <algorithm>

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
        case DML_TENSOR_DATA_TYPE_UINT8: return 1;
        case DML_TENSOR_DATA_TYPE_INT64:
        case DML_TENSOR_DATA_TYPE_UINT64:
        case DML_TENSOR_DATA_TYPE_FLOAT64: return 8;
        default: return 4;
    }
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
    return ((last + 1) * elementBytes(type) + 3) & ~uint64_t(3);
}

uint64_t elementIndex(const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& strides, uint64_t n) {
    uint64_t index = 0;
    for (size_t i = sizes.size(); i-- > 0;) {
        index += (n % sizes[i]) * strides[i];
        n /= sizes[i];
    }
    return index;
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
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);

    const uint64_t inBytes = input.size(), slopeBytes = slopes.size();
    const uint64_t slopeOffset = (inBytes + 255) & ~uint64_t(255);
    const uint64_t outOffset = inPlace ? 0 : (slopeOffset + slopeBytes + 255) & ~uint64_t(255);
    Owned<VkdmlBuffer> buffer(
        device.createDefaultBuffer(std::max(outOffset, slopeOffset + slopeBytes) + inBytes + 256, kCanary));
    device.upload(buffer, 0, input.data(), inBytes);
    device.upload(buffer, slopeOffset, slopes.data(), slopeBytes);
    Owned<VkdmlBindingTable> table;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    DML_BUFFER_BINDING b[3] = {{buffer.get(), 0, inBytes}, {buffer.get(), slopeOffset, slopeBytes},
                               {buffer.get(), outOffset, inBytes}};
    DML_BINDING_DESC inputs[2] = {{DML_BINDING_TYPE_BUFFER, &b[0]}, {DML_BINDING_TYPE_BUFFER, &b[1]}};
    DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &b[2]};
    REQUIRE(vkdmlBindInputs(table, 2, inputs) == S_OK);
    REQUIRE(vkdmlBindOutputs(table, 1, &output) == S_OK);
    device.run([&](VkdmlCommandList list) { REQUIRE(vkdmlRecordDispatch(list, compiled, table) == S_OK); });
    return device.download(buffer, outOffset, inBytes);
}

ActivationRun runActivation(TestDevice& device, const ActivationCase& c, const std::vector<uint8_t>& inputMemory) {
    TensorSpec outSpec = c.output.sizes.empty() ? c.input : c.output;
    TensorDescStorage in(c.input, c.dataType), out(outSpec, c.dataType);
    const uint64_t inBytes = in.buffer.TotalTensorSizeInBytes, outBytes = out.buffer.TotalTensorSizeInBytes;
    REQUIRE(inputMemory.size() == inBytes);

    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, c.type, &in.tensor, &out.tensor, c.attr0, c.attr1, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled, init;
    REQUIRE(vkdmlCompileOperator(device, op, c.flags, compiled.put()) == S_OK);
    VkdmlDispatchable targets[] = {compiled.get()};
    REQUIRE(vkdmlCreateOperatorInitializer(device, 1, targets, init.put()) == S_OK);
    DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(compiled);
    CHECK(props.TemporaryResourceSize == 0);
    CHECK(props.PersistentResourceSize == 0);

    // One buffer with canary bytes around the tensors: [pad][input][pad][output][pad] (or one tensor in place).
    const uint64_t pad = 256;
    const uint64_t inStart = pad + c.inputOffset;
    const uint64_t outStart = c.inPlace ? inStart : ((inStart + inBytes + pad + 255) & ~uint64_t(255)) + c.outputOffset;
    const uint64_t total = outStart + outBytes + pad;
    std::vector<uint8_t> initial(total, kCanary);
    std::copy(inputMemory.begin(), inputMemory.end(), initial.begin() + inStart);
    Owned<VkdmlBuffer> buffer(device.createDefaultBuffer(total, kCanary));
    device.upload(buffer, inStart, inputMemory.data(), inBytes);

    Owned<VkdmlBindingTable> initTable, table;
    REQUIRE(vkdmlCreateBindingTable(device, init, initTable.put()) == S_OK);
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    DML_BUFFER_BINDING inBinding{buffer.get(), inStart, inBytes}, outBinding{buffer.get(), outStart, outBytes};
    DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &inBinding}, outDesc{DML_BINDING_TYPE_BUFFER, &outBinding};
    REQUIRE(vkdmlBindInputs(table, 1, &inDesc) == S_OK);
    REQUIRE(vkdmlBindOutputs(table, 1, &outDesc) == S_OK);
    REQUIRE(vkdmlBindTemporaryResource(table, nullptr) == S_OK);
    REQUIRE(vkdmlBindPersistentResource(table, nullptr) == S_OK);
    device.run([&](VkdmlCommandList list) {
        REQUIRE(vkdmlRecordDispatch(list, init, initTable) == S_OK);
        REQUIRE(vkdmlRecordDispatch(list, compiled, table) == S_OK);
    });

    std::vector<uint8_t> after = device.download(buffer, 0, total);
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

}  // namespace vkdml::test
