#include <stdexcept>

#include "kernel/program_glsl.h"
#include "ops/reduce/generator.h"

namespace vkdml::reduce {

namespace {

// Slot s's element index in the kernel's loops: o (slots 0-3) or o2 (4-7), one component each.
std::string indexOf(uint32_t slot, const std::string& low, const std::string& high) {
    return (slot < 4 ? low : high) + "." + "xyzw"[slot % 4];
}

// A float value as it reads back from a tensor of `type`.
std::string roundTrip(DML_TENSOR_DATA_TYPE type, const std::string& v) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return v;
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return "vk_float_from_half_bits(vk_half_bits_from_float(" + v + "))";
    throw std::invalid_argument(std::string("fused neighbours on ") + dml::dataTypeName(type) + " values");
}

const std::function<std::string(const kernel::Op&)> kNoAttributes = [](const kernel::Op&) -> std::string {
    throw std::invalid_argument("a fused neighbour with an attribute left");
};

// The program's input i > 0 as a load of its slot.
std::string extraArguments(const std::vector<uint32_t>& slots) {
    std::string args;
    for (size_t i = 1; i < slots.size(); ++i)
        args += ", loadX" + std::to_string(slots[i]) + "(" + indexOf(slots[i], "o", "o2") + ")";
    return args;
}

}  // namespace

std::string neighboursGlsl(const Plan& plan) {
    std::string out;
    if (plan.prologue) {
        out += kernel::programFunctionGlsl(*plan.prologue, "prologue", kNoAttributes);
        // The operator's input element from the prologue's inputs: its output as the operator would have read it
        // from memory; and the same from the element indices.
        std::string params, args;
        for (size_t i = 0; i < plan.prologueSlots.size(); ++i) {
            params += std::string(i ? ", " : "") + "float x" + std::to_string(i);
            args += std::string(i ? ", " : "") + "x" + std::to_string(i);
        }
        out += "float inputOf(" + params + ") {\n    float y;\n    prologue(" + args + ", y);\n    return " +
               roundTrip(plan.operandType, "y") + ";\n}\n";
        out += "float inputAt(uvec4 o, uvec4 o2) { return inputOf(loadIn(o.x)" + extraArguments(plan.prologueSlots) +
               "); }\n";
    }
    if (plan.epilogue) {
        out += kernel::programFunctionGlsl(*plan.epilogue, "epilogue", kNoAttributes);
        // The operator's result as it would have read back from its output tensor, through the epilogue.
        out += "float fusedValue(uvec4 o, uvec4 o2, float v) {\n    float y;\n    epilogue(" +
               roundTrip(plan.resultType, "v") + extraArguments(plan.epilogueSlots) + ", y);\n    return y;\n}\n";
        out += "void storeFused(uvec4 o, uvec4 o2, float v) { store(o.y, fusedValue(o, o2, v)); }\n";
    }
    return out;
}

std::vector<std::string> neighbourRoots(const Plan& plan) {
    std::vector<std::string> roots;
    for (const auto* program : {&plan.prologue, &plan.epilogue})
        if (*program)
            for (const std::string& root : kernel::programLibraryRoots(**program)) roots.push_back(root);
    return roots;
}

}  // namespace vkdml::reduce
