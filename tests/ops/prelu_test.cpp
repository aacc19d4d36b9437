// ACTIVATION_PARAMETERIZED_RELU: a second input (SlopeTensor), usually broadcast through stride 0, on every rank,
// fp32 and fp16, in place, against the reference; and its validation (slope shape and type must match).
#include <random>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

struct Storage {
    std::vector<UINT> sizes, strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    Storage(DML_TENSOR_DATA_TYPE type, std::vector<UINT> s, std::vector<UINT> st) : sizes(std::move(s)), strides(std::move(st)) {
        TensorSpec spec{sizes, strides, 0};
        buffer = {type, DML_TENSOR_FLAG_NONE, UINT(sizes.size()), sizes.data(), strides.empty() ? nullptr : strides.data(),
                  tensorBytes(spec, type), 0};
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

// Runs PRELU with the slope broadcast over every dimension but `channel`; checks every element.
void checkPrelu(TestDevice& device, DML_TENSOR_DATA_TYPE type, const std::vector<UINT>& sizes, uint32_t channel,
              bool inPlace, uint32_t seed) {
    std::vector<UINT> slopeStrides(sizes.size(), 0);
    slopeStrides[channel] = 1;
    Storage in(type, sizes, {}), out(type, sizes, {}), slope(type, sizes, slopeStrides);
    const uint64_t inBytes = in.buffer.TotalTensorSizeInBytes, slopeBytes = slope.buffer.TotalTensorSizeInBytes;
    auto input = randomTensorMemory(type, inBytes, seed);
    auto slopes = randomTensorMemory(type, slopeBytes, seed + 1, -2.0, 2.0);
    auto result = runPrelu(device, &in.tensor, &slope.tensor, &out.tensor, input, slopes, inPlace);

    UlpCheck check("PRELU", 1);
    const uint64_t n = elementCount(sizes);
    for (uint64_t e = 0; e < n; ++e) {
        const uint64_t slopeIndex = elementIndex(sizes, slopeStrides, e);
        double x, s;
        if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            uint16_t hx, hs, hy;
            std::memcpy(&hx, &input[e * 2], 2);
            std::memcpy(&hs, &slopes[slopeIndex * 2], 2);
            std::memcpy(&hy, &result[e * 2], 2);
            x = double_from_half(hx), s = double_from_half(hs);
            check.record(e, x, ulp_error_f16(hy, ref_prelu(x, s)), ref_prelu(x, s), double_from_half(hy));
        } else {
            float fx, fs, fy;
            std::memcpy(&fx, &input[e * 4], 4);
            std::memcpy(&fs, &slopes[slopeIndex * 4], 4);
            std::memcpy(&fy, &result[e * 4], 4);
            check.record(e, fx, ulp_error_f32_binary(fx, fs, fy, ref_prelu, 1), ref_prelu(fx, fs), fy);
        }
    }
    INFO(check.summary());
    CHECK(check.ok());
}

}  // namespace

TEST_CASE("PARAMETERIZED_RELU with a broadcast slope, ranks 1..8, fp32 and fp16, in place") {
    TestDevice device;
    std::mt19937 rng(99);
    for (auto type : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16})
        for (uint32_t rank = 1; rank <= 8; ++rank) {
            std::vector<UINT> sizes(rank);
            for (auto& s : sizes) s = 1 + rng() % (rank > 5 ? 3 : 6);
            CAPTURE(rank);
            checkPrelu(device, type, sizes, rng() % rank, false, rng());
            checkPrelu(device, type, sizes, rng() % rank, true, rng());
        }
    checkPrelu(device, DML_TENSOR_DATA_TYPE_FLOAT32, {2, 64, 17, 19}, 1, false, 5);  // NCHW, per-channel slope
}

TEST_CASE("PARAMETERIZED_RELU validation: the slope must match the input's type and sizes") {
    TestDevice device;
    Storage in(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 3}, {}), out(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 3}, {});
    Storage badSize(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 1}, {}), badType(DML_TENSOR_DATA_TYPE_FLOAT16, {2, 3}, {});
    Owned<VkdmlOperator> op;
    DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC desc{&in.tensor, &badSize.tensor, &out.tensor};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, &desc};
    CHECK(vkdmlCreateOperator(device, &opDesc, op.put()) == E_INVALIDARG);
    CHECK(device.lastError().find("SlopeTensor") != std::string::npos);
    desc.SlopeTensor = &badType.tensor;
    CHECK(vkdmlCreateOperator(device, &opDesc, op.put()) == E_INVALIDARG);
    desc.SlopeTensor = nullptr;
    CHECK(vkdmlCreateOperator(device, &opDesc, op.put()) == E_INVALIDARG);
}
