#include "vk/float_controls.h"

#include <cstring>

namespace vkdml::vk {

namespace {

constexpr uint32_t kOpExtension = 10, kOpCapability = 17, kOpEntryPoint = 15, kOpExecutionMode = 16;
constexpr uint32_t kCapabilityFloat16 = 9, kCapabilityFloat64 = 10, kCapabilitySignedZeroInfNanPreserve = 4466;
constexpr uint32_t kModeSignedZeroInfNanPreserve = 4461;
constexpr uint32_t kHeaderWords = 5;

uint32_t instruction(uint32_t wordCount, uint32_t opcode) { return wordCount << 16 | opcode; }

void appendString(std::vector<uint32_t>& out, const char* text) {
    const size_t bytes = std::strlen(text) + 1;  // NUL-terminated, padded to whole words
    const size_t start = out.size();
    out.resize(start + (bytes + 3) / 4, 0);
    std::memcpy(out.data() + start, text, bytes);
}

}  // namespace

std::vector<uint32_t> withSignedZeroInfNanPreserve(const std::vector<uint32_t>& words,
                                                   const FloatControlSupport& support) {
    if (words.size() <= kHeaderWords) return words;
    // First pass: the capabilities and entry point the module has, and whether the mode is there already.
    bool float16 = false, float64 = false;
    std::vector<uint32_t> entryPoints;
    size_t lastEntryPoint = 0;
    for (size_t i = kHeaderWords; i < words.size();) {
        const uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
        if (count == 0 || i + count > words.size()) return words;  // malformed: leave it to the validator
        if (opcode == kOpCapability) {
            float16 = float16 || words[i + 1] == kCapabilityFloat16;
            float64 = float64 || words[i + 1] == kCapabilityFloat64;
            if (words[i + 1] == kCapabilitySignedZeroInfNanPreserve) return words;
        }
        if (opcode == kOpEntryPoint && count >= 3) {
            entryPoints.push_back(words[i + 2]);
            lastEntryPoint = i;
        }
        i += count;
    }
    std::vector<uint32_t> widths;
    if (support.signedZeroInfNanPreserve32) widths.push_back(32);
    if (float16 && support.signedZeroInfNanPreserve16) widths.push_back(16);
    if (float64 && support.signedZeroInfNanPreserve64) widths.push_back(64);
    if (widths.empty() || entryPoints.empty()) return words;

    const bool needsExtension = words[1] < 0x00010400;  // SPIR-V before 1.4
    std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
    out.push_back(instruction(2, kOpCapability));
    out.push_back(kCapabilitySignedZeroInfNanPreserve);
    bool extensionDone = !needsExtension;
    for (size_t i = kHeaderWords; i < words.size();) {
        const uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
        if (!extensionDone && opcode != kOpCapability) {  // extensions follow the capabilities
            const size_t at = out.size();
            out.push_back(0);
            appendString(out, "SPV_KHR_float_controls");
            out[at] = instruction(static_cast<uint32_t>(out.size() - at), kOpExtension);
            extensionDone = true;
        }
        out.insert(out.end(), words.begin() + i, words.begin() + i + count);
        if (i == lastEntryPoint) {  // execution modes follow all the entry points
            for (uint32_t entry : entryPoints) {
                for (uint32_t width : widths) {
                    out.push_back(instruction(4, kOpExecutionMode));
                    out.push_back(entry);
                    out.push_back(kModeSignedZeroInfNanPreserve);
                    out.push_back(width);
                }
            }
        }
        i += count;
    }
    return out;
}

}  // namespace vkdml::vk
