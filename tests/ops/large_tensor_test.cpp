// Tensors larger than lavapipe's 128 MiB maxStorageBufferRange: split into several dispatches, every element right.
#include <iterator>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

uint64_t boundFor(const ActivationInfo& op, DML_TENSOR_DATA_TYPE type) {
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 ? op.boundF16 : op.boundF32;
}

// Checks a sample of elements (every 61st, plus the neighbourhood of each 32 MiB boundary) to keep the reference
// cost down; the kernels are the ones checked exhaustively on small tensors.
void checkSampled(const ActivationInfo& op, const ActivationCase& c, const std::vector<uint8_t>& memory,
                  const ActivationRun& run, const char* label) {
    UlpCheck check(label, boundFor(op, c.dataType));
    const TensorSpec& outSpec = c.output.sizes.empty() ? c.input : c.output;
    const auto inStrides = stridesOf(c.input), outStrides = stridesOf(outSpec);
    const uint64_t n = elementCount(c.input.sizes);
    auto ref = [&](double x) { return referenceActivation(c.type, x, c.attr0, c.attr1); };
    auto visit = [&](uint64_t e) {
        const uint64_t in = elementIndex(c.input.sizes, inStrides, e), out = elementIndex(outSpec.sizes, outStrides, e);
        if (c.dataType == DML_TENSOR_DATA_TYPE_FLOAT16) {
            uint16_t x, y;
            std::memcpy(&x, &memory[in * 2], 2);
            std::memcpy(&y, &run.output[out * 2], 2);
            check.f16(e, x, y, ref);
        } else {
            float x, y;
            std::memcpy(&x, &memory[in * 4], 4);
            std::memcpy(&y, &run.output[out * 4], 4);
            check.f32(e, x, y, ref);
        }
    };
    for (uint64_t e = 0; e < n; e += 61) visit(e);
    for (uint64_t boundary = 1u << 23; boundary < n; boundary += 1u << 23)
        for (uint64_t e = boundary - 64; e < boundary + 64 && e < n; ++e) visit(e);
    visit(n - 1);
    MESSAGE(check.summary());
    CHECK(check.ok());
    CHECK(run.canaryIntact);
}

}  // namespace

TEST_CASE("packed fp32 tensors of 144 MiB, every seed operator") {
    TestDevice device;
    // The split into dispatches does not depend on the operator: sanitizer builds (denseStride() > 1), where a
    // 144 MiB tensor's generation and checks take half a minute, run the first operator only.
    const size_t operators = denseStride() > 1 ? 1 : std::size(kSeedActivations);
    for (size_t i = 0; i < operators; ++i) {
        const ActivationInfo& op = kSeedActivations[i];
        ActivationCase c;
        c.type = op.type;
        c.attr0 = op.attr0;
        c.attr1 = op.attr1;
        c.input.sizes = {6, 6000, 1000};  // 36 M elements
        auto memory = randomTensorMemory(c.dataType, tensorBytes(c.input, c.dataType), 11);
        ActivationRun run = runActivation(device, c, memory);
        checkSampled(op, c, memory, run, (std::string(op.name) + " 144 MiB packed").c_str());
    }
}

TEST_CASE("a 144 MiB transpose (strided tiles) and an in-place run") {
    TestDevice device;
    const auto& op = kSeedActivations[0];
    ActivationCase c;
    c.type = op.type;
    c.attr0 = op.attr0;
    c.input.sizes = {6000, 6000};
    c.input.strides = {1, 6000};
    auto memory = randomTensorMemory(c.dataType, tensorBytes(c.input, c.dataType), 12);
    ActivationRun run = runActivation(device, c, memory);
    checkSampled(op, c, memory, run, "CELU 144 MiB transposed");

    ActivationCase inPlace;
    inPlace.type = DML_OPERATOR_ACTIVATION_LINEAR;
    inPlace.attr0 = 2.0f;
    inPlace.attr1 = 1.0f;
    inPlace.input.sizes = {36000000};
    inPlace.inPlace = true;
    auto memory2 = randomTensorMemory(inPlace.dataType, tensorBytes(inPlace.input, inPlace.dataType), 13);
    ActivationRun run2 = runActivation(device, inPlace, memory2);
    checkSampled(kSeedActivations[1], inPlace, memory2, run2, "LINEAR 144 MiB in place");
}

TEST_CASE("a 140 MiB FLOAT16 tensor (flat kernel, chunked at 16-byte granules)") {
    TestDevice device;
    const auto& op = kSeedActivations[2];  // SOFTPLUS
    ActivationCase c;
    c.type = op.type;
    c.attr0 = op.attr0;
    c.dataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    c.input.sizes = {70000001};  // odd: the last word is half padding
    auto memory = randomTensorMemory(c.dataType, tensorBytes(c.input, c.dataType), 14);
    ActivationRun run = runActivation(device, c, memory);
    checkSampled(op, c, memory, run, "SOFTPLUS 140 MiB FLOAT16");
}
