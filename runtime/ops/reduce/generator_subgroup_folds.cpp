#include "ops/reduce/generator_subgroup_folds.h"

#include <algorithm>
#include <stdexcept>

namespace vkdml::reduce {

namespace {

std::string u(uint64_t v) { return std::to_string(v) + "u"; }

// `fn`(x, arg) for any value type: 64-bit integers travel as two 32-bit words.
std::string shuffled(const FoldVar& var, const std::string& fn, const std::string& arg) {
    const std::string x = "a" + var.name;
    if (var.type == "int64_t" || var.type == "uint64_t")
        return var.type + "(packUint2x32(" + fn + "(unpackUint2x32(uint64_t(" + x + ")), " + arg + ")))";
    return fn + "(" + x + ", " + arg + ")";
}

}  // namespace

std::string subgroupExtensionsGlsl() {
    return "#extension GL_KHR_shader_subgroup_basic : require\n"
           "#extension GL_KHR_shader_subgroup_shuffle : require\n"
           "#extension GL_KHR_shader_subgroup_shuffle_relative : require\n";
}

std::string subgroupLocalInvocationGlsl() { return "gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID"; }

std::string subgroupFoldGlsl(const RowFold& fold, const KernelShape& shape) {
    const uint32_t t = shape.threadsPerRow, sg = shape.subgroupSize;
    if (sg == 0 || (sg & (sg - 1)) != 0 || shape.workgroupSize % sg != 0)
        throw std::invalid_argument("subgroup folds need a power-of-two subgroup dividing the workgroup");
    std::string out = fold.type + " " + fold.signature + " {\n";
    for (const FoldVar& var : fold.vars) out += "    " + var.type + " a" + var.name + " = " + var.init + ";\n";
    auto declareOthers = [&](auto valueOf) {
        std::string code;
        for (const FoldVar& var : fold.vars) code += "        " + var.type + " b" + var.name + " = " + valueOf(var) + ";\n";
        return code;
    };
    if (t > sg) {
        // The levels that combine invocations of different subgroups: shared memory, as the shared-memory form.
        for (const FoldVar& var : fold.vars) out += "    " + var.shared + "[lid] = a" + var.name + ";\n";
        out += "    sync();\n    for (uint w = T / 2u; w >= " + u(sg) + "; w >>= 1u) {\n        if (lane < w) {\n" +
               declareOthers([](const FoldVar& var) { return var.shared + "[lid + w]"; }) + fold.combine;
        for (const FoldVar& var : fold.vars) out += "            " + var.shared + "[lid] = a" + var.name + ";\n";
        out += "        }\n        sync();\n    }\n";
    }
    if (t > 1) {
        // Inside a subgroup: lane < w takes lane + w's value by a shuffle (every invocation shuffles, so that the
        // source is active; only the combining ones use it).
        out += "    for (uint w = " + u(std::min(t, sg) / 2) + "; w > 0u; w >>= 1u) {\n" +
               declareOthers([&](const FoldVar& var) { return shuffled(var, "subgroupShuffleDown", "w"); }) +
               "        if (lane < w) {\n" + fold.combine + "        }\n    }\n";
    }
    if (t > 1 && t <= sg) {
        // The row's first invocation is lane 0 of the row's T consecutive subgroup invocations.
        for (const FoldVar& var : fold.vars)
            out += "    a" + var.name + " = " +
                   shuffled(var, "subgroupShuffle", "gl_SubgroupInvocationID & " + u(~(t - 1))) + ";\n";
    } else if (t > sg) {
        out += "    if (lane == 0u) {\n";
        for (const FoldVar& var : fold.vars) out += "        " + var.shared + "[lid] = a" + var.name + ";\n";
        out += "    }\n    sync();\n";
        for (const FoldVar& var : fold.vars) out += "    a" + var.name + " = " + var.shared + "[rowSlot * T];\n";
        out += "    sync();\n";
    }
    return out + "    return " + fold.result + ";\n}\n";
}

}  // namespace vkdml::reduce
