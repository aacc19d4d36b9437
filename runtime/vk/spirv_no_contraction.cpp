#include "vk/spirv_no_contraction.h"

#include <cstddef>
#include <unordered_set>

namespace vkdml::vk {

namespace {

constexpr uint32_t kHeaderWords = 5;
constexpr uint32_t kOpFunction = 54;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kNoContraction = 42;

// OpFNegate, OpFAdd, OpFSub, OpFMul, OpFDiv, OpFRem, OpFMod, OpVectorTimesScalar: result id in word 2.
bool isFloatArithmetic(uint32_t opcode) {
    return opcode == 127 || opcode == 129 || opcode == 131 || opcode == 133 || opcode == 136 || opcode == 140 ||
           opcode == 141 || opcode == 142;
}

// OpDecorate, OpMemberDecorate, OpDecorationGroup, OpGroupDecorate, OpGroupMemberDecorate, OpDecorateId,
// OpDecorateString, OpMemberDecorateString: the annotation section.
bool isAnnotation(uint32_t opcode) {
    return (opcode >= 71 && opcode <= 75) || opcode == 332 || opcode == 5632 || opcode == 5633;
}

bool isTypeDeclaration(uint32_t opcode) { return opcode >= 19 && opcode <= 39; }

}  // namespace

void forbidContraction(std::vector<uint32_t>& spirv) {
    if (spirv.size() <= kHeaderWords) return;
    std::unordered_set<uint32_t> decorated;
    std::vector<uint32_t> targets;
    size_t insertAt = 0, firstType = 0;
    for (size_t at = kHeaderWords; at < spirv.size();) {
        const uint32_t opcode = spirv[at] & 0xffffu, words = spirv[at] >> 16;
        if (words == 0 || at + words > spirv.size()) return;  // malformed: leave it to spirv-val
        if (isAnnotation(opcode)) insertAt = at + words;
        if (isTypeDeclaration(opcode) && firstType == 0) firstType = at;
        if (opcode == kOpDecorate && words >= 3 && spirv[at + 2] == kNoContraction) decorated.insert(spirv[at + 1]);
        if (opcode == kOpFunction && insertAt == 0) insertAt = firstType;
        if (isFloatArithmetic(opcode) && words >= 3) targets.push_back(spirv[at + 2]);
        at += words;
    }
    if (insertAt == 0) return;
    std::vector<uint32_t> decorations;
    for (uint32_t id : targets) {
        if (!decorated.insert(id).second) continue;
        decorations.insert(decorations.end(), {(3u << 16) | kOpDecorate, id, kNoContraction});
    }
    spirv.insert(spirv.begin() + static_cast<std::ptrdiff_t>(insertAt), decorations.begin(), decorations.end());
}

}  // namespace vkdml::vk
