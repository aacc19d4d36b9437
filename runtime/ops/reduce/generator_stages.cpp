#include "ops/reduce/generator_stages.h"

#include <stdexcept>

namespace vkdml::reduce {

namespace {

std::string u(uint64_t v) { return std::to_string(v) + "u"; }

// Scratch words of stage k: 2k and 2k + 1 of each part's four (an Arg stage, always the only one: its value in words
// 0-1, its index in word 2).
std::string keptWord(uint32_t k, const std::string& partIndex) {
    return "pc.scratchBase + (" + partIndex + ") * 4u + " + u(2 * k);
}

std::string valueBits(const std::string& type, const std::string& v, const std::string& at) {
    if (type == "float") return "scratch[" + at + "] = floatBitsToUint(" + v + ");";
    if (type == "int64_t" || type == "uint64_t")
        return "{ uvec2 w = unpackUint2x32(uint64_t(" + v + ")); scratch[" + at + "] = w.x; scratch[" + at +
               " + 1u] = w.y; }";
    return "scratch[" + at + "] = uint(" + v + ");";
}

std::string valueOfBits(const std::string& type, const std::string& at) {
    if (type == "float") return "uintBitsToFloat(scratch[" + at + "])";
    if (type == "int64_t" || type == "uint64_t")
        return type + "(packUint2x32(uvec2(scratch[" + at + "], scratch[" + at + " + 1u])))";
    return type + "(scratch[" + at + "])";
}

// The row's first invocation keeps the part's value (`part`: the part's index, row * S + k).
std::string keep(const Stage& stage, uint32_t k) {
    std::string code;
    switch (stage.kept) {
        case Stage::Kept::Pair:
        case Stage::Kept::Product:
            code = "scratch[kw] = floatBitsToUint(" + stage.var + ".hi); scratch[kw + 1u] = floatBitsToUint(" +
                   stage.var + ".lo);";
            break;
        case Stage::Kept::Value: code = valueBits(stage.type, stage.var, "kw"); break;
        case Stage::Kept::Arg:  // argBest: the extreme rowArg found
            code = valueBits(stage.type, "argBest", "kw") + " scratch[kw + 2u] = " + stage.index + ";";
            break;
    }
    return "        if (live && lane == 0u) { uint kw = " + keptWord(k, "part") + "; " + code + " }\n";
}

// Each invocation of the row combines a strided share of the row's S kept values into its partial (a prefix: the
// part's one invocation combines the parts before its own, in order).
std::string combineKept(const Stage& stage, uint32_t k) {
    std::string code;
    switch (stage.kept) {
        case Stage::Kept::Pair:
        case Stage::Kept::Product:
            code = stage.var + " = " + (stage.kept == Stage::Kept::Pair ? "addPairs" : "mulPairs") + "(" + stage.var +
                   ", pairOf(uintBitsToFloat(scratch[kw]), uintBitsToFloat(scratch[kw + 1u])));";
            break;
        case Stage::Kept::Value:
            code = stage.var + " = " + stage.combine + "(" + stage.var + ", " + valueOfBits(stage.type, "kw") + ");";
            break;
        case Stage::Kept::Arg:
            code = stage.type + " v = " + valueOfBits(stage.type, "kw") + "; uint i = scratch[kw + 2u]; " +
                   "if (replaces(" + stage.var + ", " + stage.index + ", v, i)) { " + stage.var + " = v; " +
                   stage.index + " = i; }";
            break;
    }
    const std::string parts = stage.prefix ? "for (uint k = 0u; k < jBase / RL; ++k)" : "for (uint k = lane; k < S; k += T)";
    return "        if (live) " + parts + " {\n            uint kw = " + keptWord(k, "row * S + k") +
           ";\n            " + code + "\n        }\n";
}

}  // namespace

std::string stagesGlsl(const Plan& plan, const KernelShape& shape, const std::vector<Stage>& stages,
                       const std::string& tail) {
    const bool split = shape.segments > 1;
    if (split && rowPhases(plan) != stages.size() + 1)
        throw std::invalid_argument("rowPhases disagrees with the kernel's stages");
    std::string out;
    for (uint32_t k = 0; k < stages.size(); ++k) {
        const Stage& stage = stages[k];
        out += stage.init;
        if (split && k < shape.phase) {
            out += combineKept(stage, k) + stage.fold + stage.post;
        } else if (split) {
            return out + stage.walk + stage.fold + keep(stage, k);
        } else {
            out += stage.walk + stage.fold + stage.post;
        }
    }
    return out + tail;
}

}  // namespace vkdml::reduce
