// Every single-input element-wise activation end to end through the C API on the default device, against the
// double-precision reference: fp32 and fp16, ranks 1..8, packed / padded / permuted / broadcast / in-place layouts,
// odd sizes, binding offsets, and dense input sweeps (every fp16 value, 2^20 fp32 values across the range).
#include <random>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

const DML_TENSOR_DATA_TYPE kTypes[] = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16};

const char* typeName(DML_TENSOR_DATA_TYPE type) { return type == DML_TENSOR_DATA_TYPE_FLOAT16 ? "f16" : "f32"; }

uint64_t boundFor(const ActivationInfo& op, DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 ? op.boundF16 : op.boundF32;
}

// Runs the case on random input and checks accuracy and the canary.
void runAndCheck(TestDevice& device, const ActivationInfo& op, ActivationCase c, const std::string& label,
                 uint32_t seed) {
    c.type = op.type;
    if (c.attr0 == 0.0f && c.attr1 == 0.0f) c.attr0 = op.attr0, c.attr1 = op.attr1;
    auto memory = randomTensorMemory(c.dataType, tensorBytes(c.input, c.dataType), seed);
    ActivationRun run = runActivation(device, c, memory);
    UlpCheck check = verifyActivation(c, memory, run, boundFor(op, c.dataType), label);
    INFO(check.summary());
    CHECK(check.ok());
    INFO(label);
    CHECK_MESSAGE(run.canaryIntact, "bytes outside the output tensor were written");
}

std::vector<uint32_t> packedStrides(const std::vector<uint32_t>& sizes, uint32_t padding = 0) {
    std::vector<uint32_t> strides(sizes.size());
    uint32_t s = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
        strides[i] = s;
        s = s * sizes[i] + padding;
    }
    return strides;
}

}  // namespace

TEST_CASE("odd packed sizes 1, 7, 1023, 4099") {
    TestDevice device;
    for (const auto& op : kAllActivations)
        for (auto type : kTypes)
            for (uint32_t n : {1u, 7u, 1023u, 4099u}) {
                ActivationCase c;
                c.dataType = type;
                c.input.sizes = {n};
                runAndCheck(device, op, c, std::string(op.name) + " " + typeName(type) + " n=" + std::to_string(n), n);
            }
}

TEST_CASE("ranks 1..8: packed, padded, permuted, broadcast and in-place layouts") {
    TestDevice device;
    std::mt19937 rng(2024);
    // Sanitizer builds (denseStride() > 1) give each activation every other rank, alternating between activations:
    // every rank and every activation still runs, on half the pairs.
    uint32_t pair = 0;
    for (const auto& op : kAllActivations)
        for (auto type : kTypes)
            for (uint32_t rank = 1; rank <= 8; ++rank) {
                if (denseStride() > 1 && (rank + pair++ / 8) % 2 == 0) continue;
                std::vector<uint32_t> sizes(rank);
                for (auto& s : sizes) s = 1 + rng() % (rank > 5 ? 3 : 5);
                sizes[rank - 1] += 2;  // an innermost dimension of at least 3
                const std::string base = std::string(op.name) + " " + typeName(type) + " rank " + std::to_string(rank);

                ActivationCase c;
                c.dataType = type;
                c.input.sizes = sizes;
                runAndCheck(device, op, c, base + " packed", rng());

                ActivationCase padded = c;
                padded.input.strides = packedStrides(sizes, 3);
                padded.output.sizes = sizes;
                padded.output.strides = packedStrides(sizes, 1);
                runAndCheck(device, op, padded, base + " padded", rng());

                ActivationCase permuted = c;  // input stored in reversed dimension order (a transpose)
                std::vector<uint32_t> reversed(sizes.rbegin(), sizes.rend());
                auto rs = packedStrides(reversed);
                permuted.input.strides.assign(rs.rbegin(), rs.rend());
                runAndCheck(device, op, permuted, base + " permuted", rng());

                ActivationCase broadcast = c;  // every other dimension broadcast from the input
                broadcast.input.strides = packedStrides(sizes);
                for (uint32_t d = 0; d < rank; d += 2) broadcast.input.strides[d] = 0;
                broadcast.output.sizes = sizes;
                runAndCheck(device, op, broadcast, base + " broadcast", rng());

                ActivationCase inPlace = padded;
                inPlace.output = inPlace.input;
                inPlace.inPlace = true;
                runAndCheck(device, op, inPlace, base + " in-place padded", rng());
                ActivationCase inPlacePacked = c;
                inPlacePacked.inPlace = true;
                runAndCheck(device, op, inPlacePacked, base + " in-place packed", rng());
            }
}

// Layouts whose rows are whole 16-byte vectors in every tensor (fp32 and fp16) run the rows kernel; under the
// 4 KiB binding cap (activation_test_chunked) the long rows are tiled, some tiles not whole vectors (the strided
// kernel takes those).
TEST_CASE("whole-vector rows layouts: padded, broadcast, permuted outer dimensions, in place, long rows") {
    TestDevice device;
    uint32_t seed = 77;
    // Sanitizer builds (denseStride() > 1): each activation in one of the two types, alternating.
    uint32_t pair = 0;
    for (const auto& op : kAllActivations)
        for (auto type : kTypes) {
            const uint32_t k = pair++;
            if (denseStride() > 1 && (k + k / 2) % 2 == 0) continue;
            const std::string base = std::string(op.name) + " " + typeName(type) + " rows";
            ActivationCase padded;
            padded.dataType = type;
            padded.input.sizes = {3, 5, 16};
            padded.input.strides = packedStrides(padded.input.sizes, 8);
            padded.output.sizes = padded.input.sizes;
            padded.output.strides = packedStrides(padded.input.sizes, 16);
            runAndCheck(device, op, padded, base + " padded", ++seed);

            ActivationCase broadcast = padded;
            broadcast.input.strides = {0, 16, 1};
            broadcast.output.strides = {};
            runAndCheck(device, op, broadcast, base + " broadcast", ++seed);

            ActivationCase permuted;
            permuted.dataType = type;
            permuted.input.sizes = {4, 6, 8};
            permuted.input.strides = {8, 32, 1};  // the two outer dimensions stored swapped
            runAndCheck(device, op, permuted, base + " permuted", ++seed);

            ActivationCase inPlace = padded;
            inPlace.output = inPlace.input;
            inPlace.inPlace = true;
            runAndCheck(device, op, inPlace, base + " in place", ++seed);

            ActivationCase longRows;
            longRows.dataType = type;
            longRows.input.sizes = {2, 2000};
            longRows.input.strides = {2008, 1};
            runAndCheck(device, op, longRows, base + " long", ++seed);
        }
}

TEST_CASE("binding offsets and generous TotalTensorSizeInBytes") {
    TestDevice device;
    for (const auto& op : kAllActivations)
        for (auto type : kTypes) {
            ActivationCase c;
            c.dataType = type;
            c.input.sizes = {3, 37};
            c.input.totalBytes = 4096;
            c.inputOffset = 48;
            c.outputOffset = 16;
            runAndCheck(device, op, c, std::string(op.name) + " " + typeName(type) + " offsets", 5);
        }
}

TEST_CASE("dense sweep: 2^20 fp32 inputs across the whole range and every fp16 value") {
    TestDevice device;
    // fp32: every 4096th bit pattern (both signs, infinities and NaNs included); every 65536th in sanitizer builds.
    const uint32_t count32 = (1u << 20) / denseStride(), step = uint32_t((uint64_t(1) << 32) / count32);
    std::vector<uint8_t> memory32(count32 * 4);
    for (uint32_t i = 0; i < count32; ++i) {
        uint32_t bits = i * step + (i % step);
        std::memcpy(&memory32[i * 4], &bits, 4);
    }
    // fp16: all 65536 patterns (63488 finite values, ±inf and NaNs).
    std::vector<uint8_t> memory16(65536 * 2);
    for (uint32_t i = 0; i < 65536; ++i) {
        uint16_t bits = static_cast<uint16_t>(i);
        std::memcpy(&memory16[i * 2], &bits, 2);
    }
    struct Params {
        float a0, a1;
    };
    for (const auto& op : kAllActivations) {
        std::vector<Params> params = {{op.attr0, op.attr1}, {1e-3f, 0.5f}, {1e3f, -2.0f}, {-0.75f, 3.0f},
                                      {1e-30f, 1e30f}};
        const bool hasAttributes = op.attr0 != 0.0f || op.attr1 != 0.0f;
        if (!hasAttributes) params.resize(1);
        // x * p0 + p1: the scale alone and the bias alone take cheap forms of their own (program_test).
        if (op.type == DML_OPERATOR_ACTIVATION_LINEAR || op.type == DML_OPERATOR_ELEMENT_WISE_IDENTITY)
            params.insert(params.end(), {{3.0f, 0.0f}, {-0.25f, -0.0f}, {1.0f, -7.5f}, {1.0f, 1e-30f}});
        for (const Params& p : params) {
            if (op.type == DML_OPERATOR_ACTIVATION_SOFTPLUS && p.a0 < 1.0f) continue;  // Steepness >= 1 before 6_4
            for (auto type : kTypes) {
                ActivationCase c;
                c.type = op.type;
                c.attr0 = p.a0;
                c.attr1 = p.a1;
                c.dataType = type;
                c.input.sizes = {type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 65536u : count32};
                const auto& memory = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? memory16 : memory32;
                ActivationRun run = runActivation(device, c, memory);
                char label[160];
                std::snprintf(label, sizeof(label), "%s %s a0=%g a1=%g sweep", op.name, typeName(type), p.a0, p.a1);
                UlpCheck check = verifyActivation(c, memory, run, boundFor(op, type), label);
                MESSAGE(check.summary());
                CHECK(check.ok());
                CHECK(run.canaryIntact);
            }
        }
    }
}

TEST_CASE("SOFTPLUS Steepness below 1 is rejected before feature level 6_4 and accepted at 6_4") {
    UINT sizes[] = {8};
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 32, 0};
    DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
    {
        TestDevice device(DML_FEATURE_LEVEL_6_3);
        Owned<VkdmlOperator> op;
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_SOFTPLUS, &tensor, &tensor, 0.5f, 0, op.put()) ==
              E_INVALIDARG);
        CHECK(device.lastError().find("Steepness") != std::string::npos);
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_SOFTPLUS, &tensor, &tensor, 1.0f, 0, op.put()) ==
              S_OK);
    }
    TestDevice device;  // 6_4
    for (float s : {0.5f, -2.0f, 1e-20f}) {
        Owned<VkdmlOperator> op;
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_SOFTPLUS, &tensor, &tensor, s, 0, op.put()) == S_OK);
    }
    for (float s : {0.0f, -0.0f, INFINITY, NAN}) {
        Owned<VkdmlOperator> op;
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_SOFTPLUS, &tensor, &tensor, s, 0, op.put()) ==
              E_INVALIDARG);
    }
    // Steepness 0.5 at 6_4 computes correctly.
    ActivationCase c;
    c.attr0 = 0.5f;
    c.input.sizes = {257};
    runAndCheck(device, kSeedActivations[2], c, "SOFTPLUS steepness 0.5", 3);
}

TEST_CASE("CELU needs feature level 3_0; dimension counts follow the level") {
    UINT sizes4[] = {1, 2, 3, 4}, sizes3[] = {2, 3, 4}, sizes5[] = {1, 1, 2, 3, 4};
    auto make = [](UINT count, UINT* sizes, DML_BUFFER_TENSOR_DESC& b) {
        b = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, count, sizes, nullptr, 96, 0};
        return DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &b};
    };
    DML_BUFFER_TENSOR_DESC b4, b3, b5;
    DML_TENSOR_DESC t4 = make(4, sizes4, b4), t3 = make(3, sizes3, b3), t5 = make(5, sizes5, b5);
    {
        TestDevice device(DML_FEATURE_LEVEL_2_1);
        Owned<VkdmlOperator> op;
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, &t4, &t4, 1.0f, 0, op.put()) == E_INVALIDARG);
        CHECK(device.lastError().find("3_0") != std::string::npos);
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, &t4, &t4, 1, 0, op.put()) == S_OK);
        Owned<VkdmlOperator> op5, op3;
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, &t5, &t5, 1, 0, op5.put()) == S_OK);
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, &t3, &t3, 1, 0, op3.put()) == E_INVALIDARG);
        CHECK(device.lastError().find("DimensionCount") != std::string::npos);
    }
    {
        TestDevice device(DML_FEATURE_LEVEL_1_0);
        Owned<VkdmlOperator> op4, op5;
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_SOFTPLUS, &t4, &t4, 1, 0, op4.put()) == S_OK);
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_SOFTPLUS, &t5, &t5, 1, 0, op5.put()) == E_INVALIDARG);
    }
    TestDevice device(DML_FEATURE_LEVEL_3_0);
    Owned<VkdmlOperator> op;
    CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, &t3, &t3, 1.0f, 0, op.put()) == S_OK);
}
