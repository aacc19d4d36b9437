#include "ops/gemm/cooperative_check.h"

#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "core/device.h"
#include "core/device_checks.h"
#include "core/error.h"

namespace vkdml::gemm {

namespace {

constexpr uint32_t kM = 144, kN = 136, kK = 80;  // partial 128-tiles along M and N, K in two and a half steps

// Integers in [-3, 3] and [-2, 2] with no row or column alike (a transposed or shifted read changes the result):
// 462 of the 19584 sums are 0, the largest is 70 in magnitude.
int valueA(uint32_t m, uint32_t k) { return int((m * 5 + k * 3 + (m * k) % 3) % 7) - 3; }
int valueB(uint32_t k, uint32_t n) { return int((k * 7 + n * 2 + (k * n) % 4) % 5) - 2; }

// The 8-bit check (CooperativeLayout::eightBit): 144 x 176 x 96, every size a whole number of 16-byte vectors; A's
// and B's elements over their whole type, with zero points per row of A and per column of B, so that the sums
// along K the kernel adds for them are checked too. Every result fits INT32.
constexpr uint32_t kM8 = 144, kN8 = 176, kK8 = 96;
uint32_t byteA(uint32_t m, uint32_t k) { return (m * 37 + k * 11 + (m * k) % 5) % 256; }
uint32_t byteB(uint32_t k, uint32_t n) { return (k * 23 + n * 7 + (k * n) % 3) % 256; }
uint32_t byteAZeroPoint(uint32_t m) { return (m * 13 + 5) % 256; }
uint32_t byteBZeroPoint(uint32_t n) { return (n * 29 + 11) % 256; }
int valueOfByte(uint32_t byte, bool isUnsigned) { return isUnsigned ? int(byte) : int(int8_t(uint8_t(byte))); }

uint16_t halfOfSmallInteger(int v) {
    static const uint16_t magnitudes[] = {0x0000, 0x3c00, 0x4000, 0x4200};  // 0, 1, 2, 3
    return uint16_t(magnitudes[v < 0 ? -v : v] | (v < 0 ? 0x8000 : 0));
}

// One operand of the check problem: its strides (the layout's innermost dimension packed; the other one a whole
// number of 16-byte vectors when the layout copies by vectors, an odd number of elements otherwise).
struct CheckOperand {
    uint32_t kStride, xStride, elements;
};

CheckOperand operandFor(bool kInner, bool vectors, uint32_t x, uint32_t k = kK, uint32_t perVector = 8) {
    const uint32_t inner = kInner ? k : x, outer = kInner ? x : k;
    const uint32_t lead = vectors ? inner + perVector : inner + 3;
    CheckOperand o;
    o.kStride = kInner ? 1 : lead;
    o.xStride = kInner ? lead : 1;
    o.elements = (outer - 1) * lead + inner;
    return o;
}

Plan checkPlan(const CheckOperand& a, const CheckOperand& b, float alpha) {
    Plan plan;
    plan.kind = Kind::Float;
    plan.types[kA] = plan.types[kB] = DML_TENSOR_DATA_TYPE_FLOAT16;
    plan.types[kOutput] = DML_TENSOR_DATA_TYPE_FLOAT32;
    plan.m = kM, plan.n = kN, plan.k = kK;
    plan.operands[kA].row = a.xStride, plan.operands[kA].column = a.kStride;
    plan.operands[kB].row = b.kStride, plan.operands[kB].column = b.xStride;
    plan.operands[kOutput].row = kN, plan.operands[kOutput].column = 1;
    plan.alpha = alpha;
    plan.inputs = {kA, kB};
    return plan;
}

// The packed halves of an operand, element (x, k) at x * xStride + k * kStride, as 32-bit words.
std::vector<uint32_t> packedOperand(const CheckOperand& o, uint32_t x, bool isA) {
    std::vector<uint16_t> halves(o.elements + 1, 0);
    for (uint32_t i = 0; i < x; ++i)
        for (uint32_t k = 0; k < kK; ++k)
            halves[i * o.xStride + k * o.kStride] = halfOfSmallInteger(isA ? valueA(i, k) : valueB(k, i));
    std::vector<uint32_t> words((halves.size() + 1) / 2, 0);
    for (size_t i = 0; i < halves.size(); ++i) words[i / 2] |= uint32_t(halves[i]) << (16 * (i % 2));
    return words;
}

// Runs the kernel of `shape` for `plan` once over its M x N, its bindings (in slot order) holding `parts`, each at
// the device's alignment; returns the words after the run, `ranges` where each part lies in them. Throws what
// compiling or running the kernel threw.
std::vector<uint32_t> runCheckKernel(Device& device, const KernelShape& shape, const Plan& plan, const char* name,
                                     uint64_t key, const std::vector<std::vector<uint32_t>>& parts,
                                     std::vector<WordRange>& ranges) {
    vk::Context& ctx = device.context();
    const uint64_t alignWords = alignmentOf(ctx) / sizeof(uint32_t);
    ranges.clear();
    uint64_t next = 0;
    for (const std::vector<uint32_t>& part : parts) {
        ranges.push_back(WordRange{next, part.size()});
        next = (next + part.size() + alignWords - 1) / alignWords * alignWords;
    }
    std::vector<uint32_t> words(ranges.back().firstWord + ranges.back().words, 0);
    for (size_t i = 0; i < parts.size(); ++i) std::copy(parts[i].begin(), parts[i].end(), words.begin() + ranges[i].firstWord);

    vk::KernelSource source;
    source.key = key;
    source.name = name;
    source.layout = {static_cast<uint32_t>(parts.size()), kSlots * sizeof(uint32_t)};
    source.workgroupSize = shape.workgroupSize();
    source.glsl = [&plan, &shape] { return generateGemmGlsl(plan, shape); };
    source.describe = [&plan] { return plan.describe(); };
    const uint32_t bases[kSlots] = {};
    const uint32_t groups[3] = {(plan.n + shape.tileN() - 1) / shape.tileN(), (plan.m + shape.tileM() - 1) / shape.tileM(), 1};
    runKernelOnce(ctx, device.pipelines(), device.queue(), source, words, ranges, bases, sizeof(bases), groups);
    return words;
}

// Runs the check; the number of wrong outputs, or throws what compiling or running the kernel threw.
uint32_t wrongOutputs(Device& device, const KernelShape& shape, const CooperativeLayout& layout, bool wrongOnPurpose) {
    const CheckOperand a = operandFor(layout.aKInner, layout.aVectors, kM), b = operandFor(layout.bKInner, layout.bVectors, kN);
    const Plan plan = checkPlan(a, b, wrongOnPurpose ? 2.0f : 1.0f);
    const uint64_t key = plan.hash() ^ (uint64_t(layout.key()) << 40) ^ (uint64_t(shape.cooperative) << 63) ^
                         (uint64_t(shape.subgroupSize) << 48) ^ (uint64_t(shape.cooperativeEmulated) << 47) ^
                         0x636f6f7063686b00ull;
    std::vector<WordRange> ranges;
    const std::vector<uint32_t> words = runCheckKernel(
        device, shape, plan, shape.cooperative ? "gemm_cooperative_check" : "gemm_cooperative_stand_in_check", key,
        {packedOperand(a, kM, true), packedOperand(b, kN, false), std::vector<uint32_t>(kM * kN, 0x7fc00000u)},
        ranges);  // the outputs start as NaN

    uint32_t wrong = 0;
    for (uint32_t m = 0; m < kM; ++m)
        for (uint32_t n = 0; n < kN; ++n) {
            int exact = 0;
            for (uint32_t k = 0; k < kK; ++k) exact += valueA(m, k) * valueB(k, n);
            float got;
            std::memcpy(&got, &words[ranges[2].firstWord + m * kN + n], sizeof got);
            if (!(got == float(exact))) ++wrong;
        }
    return wrong;
}

// The 8-bit check: MATRIX_MULTIPLY_INTEGER with A and B of the layout's types; the number of wrong outputs.
uint32_t wrongEightBitOutputs(Device& device, const KernelShape& shape, const CooperativeLayout& layout) {
    const CheckOperand a = operandFor(layout.aKInner, layout.aVectors, kM8, kK8, 16);
    const CheckOperand b = operandFor(layout.bKInner, layout.bVectors, kN8, kK8, 16);
    Plan plan;
    plan.kind = Kind::Integer;
    plan.types[kA] = plan.types[kAZeroPoint] = layout.aUnsigned ? DML_TENSOR_DATA_TYPE_UINT8 : DML_TENSOR_DATA_TYPE_INT8;
    plan.types[kB] = plan.types[kBZeroPoint] = layout.bUnsigned ? DML_TENSOR_DATA_TYPE_UINT8 : DML_TENSOR_DATA_TYPE_INT8;
    plan.types[kOutput] = DML_TENSOR_DATA_TYPE_INT32;
    plan.m = kM8, plan.n = kN8, plan.k = kK8;
    plan.operands[kA].row = a.xStride, plan.operands[kA].column = a.kStride;
    plan.operands[kB].row = b.kStride, plan.operands[kB].column = b.xStride;
    plan.operands[kOutput].row = kN8, plan.operands[kOutput].column = 1;
    plan.operands[kAZeroPoint].row = 1, plan.operands[kBZeroPoint].column = 1;
    plan.inputs = {kA, kAZeroPoint, kB, kBZeroPoint};

    // The bindings in slot order: A, B, the output, A's and B's zero points.
    auto bytesToWords = [](const std::vector<uint8_t>& bytes) {
        std::vector<uint32_t> words((bytes.size() + 3) / 4, 0);
        for (size_t i = 0; i < bytes.size(); ++i) words[i / 4] |= uint32_t(bytes[i]) << (8 * (i % 4));
        return words;
    };
    std::vector<uint8_t> bytesA(a.elements, 0), bytesB(b.elements, 0), zeroA(kM8), zeroB(kN8);
    for (uint32_t m = 0; m < kM8; ++m)
        for (uint32_t k = 0; k < kK8; ++k) bytesA[m * a.xStride + k * a.kStride] = uint8_t(byteA(m, k));
    for (uint32_t n = 0; n < kN8; ++n)
        for (uint32_t k = 0; k < kK8; ++k) bytesB[n * b.xStride + k * b.kStride] = uint8_t(byteB(k, n));
    for (uint32_t m = 0; m < kM8; ++m) zeroA[m] = uint8_t(byteAZeroPoint(m));
    for (uint32_t n = 0; n < kN8; ++n) zeroB[n] = uint8_t(byteBZeroPoint(n));
    const uint64_t key = plan.hash() ^ (uint64_t(layout.key()) << 40) ^ (uint64_t(shape.subgroupSize) << 48) ^
                         (uint64_t(shape.cooperativeEmulated) << 47) ^ 0x636f6f7038636b00ull;
    std::vector<WordRange> ranges;
    const std::vector<uint32_t> words = runCheckKernel(
        device, shape, plan, "gemm_cooperative_int8_check", key,
        {bytesToWords(bytesA), bytesToWords(bytesB), std::vector<uint32_t>(kM8 * kN8, 0xdeadbeefu), bytesToWords(zeroA),
         bytesToWords(zeroB)},
        ranges);

    uint32_t wrong = 0;
    for (uint32_t m = 0; m < kM8; ++m)
        for (uint32_t n = 0; n < kN8; ++n) {
            int64_t exact = 0;
            const int za = valueOfByte(byteAZeroPoint(m), layout.aUnsigned), zb = valueOfByte(byteBZeroPoint(n), layout.bUnsigned);
            for (uint32_t k = 0; k < kK8; ++k)
                exact += int64_t(valueOfByte(byteA(m, k), layout.aUnsigned) - za) *
                         (valueOfByte(byteB(k, n), layout.bUnsigned) - zb);
            if (words[ranges[2].firstWord + m * kN8 + n] != uint32_t(int32_t(exact))) ++wrong;
        }
    return wrong;
}

}  // namespace

bool cooperativeKernelChecked(Device& device, const KernelShape& shape, const CooperativeLayout& layout) {
    const uint32_t standIn = layout.eightBit ? 0 : device.options().gemmCooperativeStandIn;
    const std::string which = "gemm-cooperative-" + std::to_string(layout.key()) + "-" + std::to_string(shape.subgroupSize) +
                              (standIn ? "-stand-in-" + std::to_string(standIn) : "") +
                              (shape.cooperativeEmulated ? "-emulated" : "");
    return rememberedPerDevice(device.context(), which, [&] {
        const std::string types = !layout.eightBit ? ""
                                  : std::string("A ") + (layout.aUnsigned ? "UINT8" : "INT8") + ", B " +
                                        (layout.bUnsigned ? "UINT8" : "INT8") + ", ";
        const std::string kernel = std::string(standIn                     ? "the stand-in for the cooperative-matrix GEMM kernel"
                                               : shape.cooperativeEmulated ? "the emulated cooperative-matrix GEMM kernel"
                                                                           : "the cooperative-matrix GEMM kernel") +
                                   " (" + types + "A " + (layout.aKInner ? "K" : "M") + "-innermost " +
                                   (layout.aVectors ? "by vectors" : "by elements") + ", B " +
                                   (layout.bKInner ? "K" : "N") + "-innermost " +
                                   (layout.bVectors ? "by vectors" : "by elements") + ")";
        std::string failure;
        try {
            const uint32_t wrong = layout.eightBit ? wrongEightBitOutputs(device, shape, layout)
                                                   : wrongOutputs(device, shape, layout, standIn == 2);
            if (wrong == 0) {
                if (device.debug())
                    device.report(VKDML_MESSAGE_SEVERITY_INFO, S_OK, "vkdml: " + kernel + " passed its check on this device");
                return true;
            }
            failure = std::to_string(wrong) + " of " + std::to_string(layout.eightBit ? kM8 * kN8 : kM * kN) +
                      " results of its check were wrong";
        } catch (const std::exception& e) {
            failure = std::string("its check failed: ") + e.what();
        }
        device.report(VKDML_MESSAGE_SEVERITY_WARNING, S_OK,
                      "vkdml: " + kernel + " is not used on this device: " + failure +
                          (layout.eightBit ? "; the integer multiplies run the portable kernel instead"
                                           : "; FLOAT16 GEMM runs the portable kernel instead"));
        return false;
    });
}

}  // namespace vkdml::gemm
