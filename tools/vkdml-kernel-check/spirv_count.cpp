#include "spirv_count.h"

#include <glslang/SPIRV/GLSL.std.450.h>
#include <glslang/SPIRV/spirv.hpp>

#include <stdexcept>
#include <unordered_map>

namespace kernel_check {

namespace {

enum class Class { Float, Int, Conversion, Special, Control, Other };

Class classOf(spv::Op op) {
    using namespace spv;
    switch (op) {
        case OpFAdd: case OpFSub: case OpFMul: case OpFDiv: case OpFNegate: case OpFMod: case OpFRem:
        case OpVectorTimesScalar: case OpDot:
        case OpFOrdEqual: case OpFUnordEqual: case OpFOrdNotEqual: case OpFUnordNotEqual:
        case OpFOrdLessThan: case OpFUnordLessThan: case OpFOrdGreaterThan: case OpFUnordGreaterThan:
        case OpFOrdLessThanEqual: case OpFUnordLessThanEqual: case OpFOrdGreaterThanEqual:
        case OpFUnordGreaterThanEqual: case OpIsNan: case OpIsInf: case OpIsFinite: case OpIsNormal:
        case OpSignBitSet: case OpOrdered: case OpUnordered:
            return Class::Float;
        case OpIAdd: case OpISub: case OpIMul: case OpUDiv: case OpSDiv: case OpUMod: case OpSMod: case OpSRem:
        case OpSNegate: case OpShiftLeftLogical: case OpShiftRightLogical: case OpShiftRightArithmetic:
        case OpBitwiseAnd: case OpBitwiseOr: case OpBitwiseXor: case OpNot:
        case OpIEqual: case OpINotEqual: case OpULessThan: case OpSLessThan: case OpUGreaterThan: case OpSGreaterThan:
        case OpULessThanEqual: case OpSLessThanEqual: case OpUGreaterThanEqual: case OpSGreaterThanEqual:
        case OpBitFieldInsert: case OpBitFieldSExtract: case OpBitFieldUExtract: case OpBitReverse: case OpBitCount:
        case OpUMulExtended: case OpSMulExtended: case OpIAddCarry: case OpISubBorrow:
        case OpLogicalAnd: case OpLogicalOr: case OpLogicalNot: case OpLogicalEqual: case OpLogicalNotEqual:
        case OpSelect: case OpAny: case OpAll:
            return Class::Int;
        case OpConvertFToU: case OpConvertFToS: case OpConvertSToF: case OpConvertUToF: case OpFConvert:
        case OpUConvert: case OpSConvert: case OpBitcast: case OpQuantizeToF16:
            return Class::Conversion;
        case OpLabel: case OpBranch: case OpBranchConditional: case OpSwitch: case OpSelectionMerge: case OpLoopMerge:
        case OpPhi: case OpReturn: case OpReturnValue: case OpKill: case OpUnreachable:
            return Class::Control;
        default: return Class::Other;
    }
}

Class classOfGlsl(uint32_t instruction) {
    switch (instruction) {
        case GLSLstd450Fma: case GLSLstd450FMin: case GLSLstd450FMax: case GLSLstd450FClamp: case GLSLstd450NMin:
        case GLSLstd450NMax: case GLSLstd450NClamp: case GLSLstd450FAbs: case GLSLstd450FSign:
        case GLSLstd450Floor: case GLSLstd450Ceil: case GLSLstd450Trunc: case GLSLstd450Round:
        case GLSLstd450RoundEven: case GLSLstd450Fract: case GLSLstd450FMix: case GLSLstd450Step:
        case GLSLstd450SmoothStep:
            return Class::Float;
        case GLSLstd450SMin: case GLSLstd450SMax: case GLSLstd450UMin: case GLSLstd450UMax: case GLSLstd450SClamp:
        case GLSLstd450UClamp: case GLSLstd450SAbs: case GLSLstd450SSign: case GLSLstd450FindILsb:
        case GLSLstd450FindSMsb: case GLSLstd450FindUMsb:
            return Class::Int;
        case GLSLstd450PackHalf2x16: case GLSLstd450UnpackHalf2x16: case GLSLstd450PackDouble2x32:
        case GLSLstd450UnpackDouble2x32: case GLSLstd450PackSnorm4x8: case GLSLstd450PackUnorm4x8:
        case GLSLstd450PackSnorm2x16: case GLSLstd450PackUnorm2x16: case GLSLstd450UnpackSnorm2x16:
        case GLSLstd450UnpackUnorm2x16: case GLSLstd450UnpackSnorm4x8: case GLSLstd450UnpackUnorm4x8:
            return Class::Conversion;
        default: return Class::Special;
    }
}

const char* glslName(uint32_t instruction) {
    switch (instruction) {
        case GLSLstd450Sin: return "Sin";
        case GLSLstd450Cos: return "Cos";
        case GLSLstd450Tan: return "Tan";
        case GLSLstd450Asin: return "Asin";
        case GLSLstd450Acos: return "Acos";
        case GLSLstd450Atan: return "Atan";
        case GLSLstd450Atan2: return "Atan2";
        case GLSLstd450Sinh: return "Sinh";
        case GLSLstd450Cosh: return "Cosh";
        case GLSLstd450Tanh: return "Tanh";
        case GLSLstd450Asinh: return "Asinh";
        case GLSLstd450Acosh: return "Acosh";
        case GLSLstd450Atanh: return "Atanh";
        case GLSLstd450Pow: return "Pow";
        case GLSLstd450Exp: return "Exp";
        case GLSLstd450Log: return "Log";
        case GLSLstd450Exp2: return "Exp2";
        case GLSLstd450Log2: return "Log2";
        case GLSLstd450Sqrt: return "Sqrt";
        case GLSLstd450InverseSqrt: return "InverseSqrt";
        case GLSLstd450Ldexp: return "Ldexp";
        case GLSLstd450Frexp: return "Frexp";
        case GLSLstd450FrexpStruct: return "FrexpStruct";
        case GLSLstd450Modf: return "Modf";
        case GLSLstd450ModfStruct: return "ModfStruct";
        case GLSLstd450Radians: return "Radians";
        case GLSLstd450Degrees: return "Degrees";
        default: return nullptr;
    }
}

void add(ClassCounts& counts, Class c, uint32_t n) {
    switch (c) {
        case Class::Float: counts.floatOps += n; break;
        case Class::Int: counts.intOps += n; break;
        case Class::Conversion: counts.conversions += n; break;
        case Class::Special: counts.special += n; break;
        case Class::Control: counts.control += n; break;
        case Class::Other: counts.other += n; break;
    }
}

}  // namespace

EntryPointCounts countEntryPoint(const std::vector<uint32_t>& spirv) {
    if (spirv.size() < 5 || spirv[0] != spv::MagicNumber) throw std::runtime_error("not a SPIR-V module");
    // First pass: the entry point's function, the GLSL.std.450 import, the component count of every type.
    uint32_t entry = 0, glslSet = ~0u;
    std::unordered_map<uint32_t, uint32_t> components;  // type id -> components (vectors; scalars 1)
    for (size_t at = 5; at < spirv.size();) {
        const uint32_t words = spirv[at] >> 16, op = spirv[at] & 0xffffu;
        if (words == 0 || at + words > spirv.size()) throw std::runtime_error("malformed SPIR-V");
        if (op == spv::OpEntryPoint && entry == 0) entry = spirv[at + 2];
        if (op == spv::OpExtInstImport && std::string(reinterpret_cast<const char*>(&spirv[at + 2])) == "GLSL.std.450")
            glslSet = spirv[at + 1];
        if (op == spv::OpTypeVector) components[spirv[at + 1]] = spirv[at + 3];
        at += words;
    }
    if (entry == 0) throw std::runtime_error("no entry point");

    EntryPointCounts counts;
    bool inside = false;
    for (size_t at = 5; at < spirv.size();) {
        const uint32_t words = spirv[at] >> 16;
        const auto op = static_cast<spv::Op>(spirv[at] & 0xffffu);
        const uint32_t* w = &spirv[at];
        at += words;
        if (op == spv::OpFunction) {
            inside = w[2] == entry;
            continue;
        }
        if (!inside) continue;
        if (op == spv::OpFunctionEnd) {
            inside = false;
            continue;
        }
        if (op == spv::OpFunctionCall) ++counts.functionCalls;
        Class c = classOf(op);
        const char* special = nullptr;
        if (op == spv::OpExtInst) {
            c = w[3] == glslSet ? classOfGlsl(w[4]) : Class::Special;
            if (c == Class::Special) special = w[3] == glslSet ? glslName(w[4]) : "non-GLSL ext inst";
            if (c == Class::Special && !special) special = "GLSL.std.450 other";
        }
        // Instructions with a result type: w[1]; a vector result counts once per component.
        uint32_t width = 1;
        if (c != Class::Control && c != Class::Other && words > 1) {
            const auto found = components.find(w[1]);
            if (found != components.end()) width = found->second;
        }
        add(counts.instructions, c, 1);
        add(counts.scalar, c, width);
        if (special) counts.specialByName[special] += width;
    }
    return counts;
}

}  // namespace kernel_check
