#include "kernel/program_glsl.h"

#include <cstdio>

namespace vkdml::kernel {

namespace {

std::string str(uint32_t v) { return std::to_string(v); }
std::string mask(uint32_t bits) { return bits == 4 ? "0xfu" : bits == 8 ? "0xffu" : "0xffffu"; }

}  // namespace

std::string valueType(ScalarType type) {
    switch (type) {
        case ScalarType::Float32:
        case ScalarType::Float16: return "float";
        case ScalarType::Float64: return "double";
        case ScalarType::Int64: return "int64_t";
        case ScalarType::UInt64: return "uint64_t";
        default: return isSignedIntegerType(type) ? "int" : "uint";
    }
}

std::string literal(const Op& op) {
    char text[96];
    const auto lo = static_cast<unsigned>(op.bits & 0xffffffffu);
    const auto hi = static_cast<unsigned>(op.bits >> 32);
    switch (op.type) {
        case ScalarType::Float32:
        case ScalarType::Float16: std::snprintf(text, sizeof(text), "uintBitsToFloat(0x%08xu)", lo); break;
        case ScalarType::Float64: std::snprintf(text, sizeof(text), "packDouble2x32(uvec2(0x%08xu, 0x%08xu))", lo, hi); break;
        case ScalarType::Int64:
        case ScalarType::UInt64:
            std::snprintf(text, sizeof(text), "%s((uint64_t(0x%08xu) << 32) | uint64_t(0x%08xu))",
                          valueType(op.type).c_str(), hi, lo);
            break;
        default:
            if (isSignedIntegerType(op.type)) std::snprintf(text, sizeof(text), "int(0x%08xu)", lo);
            else std::snprintf(text, sizeof(text), "0x%08xu", lo);
    }
    return text;
}

std::string fromBitsExpr(ScalarType type, const std::string& b) {
    const uint32_t bits = scalarTypeBits(type);
    switch (type) {
        case ScalarType::Float64: return "packDouble2x32(" + b + ")";
        case ScalarType::Int64:
        case ScalarType::UInt64: return valueType(type) + "((uint64_t(" + b + ".y) << 32) | uint64_t(" + b + ".x))";
        case ScalarType::Float32: return "uintBitsToFloat(" + b + ")";
        case ScalarType::Float16: return "vk_float_from_half_bits(" + b + " & 0xffffu)";
        case ScalarType::Int32: return "int(" + b + ")";
        case ScalarType::UInt32: return b;
        default:
            return isSignedIntegerType(type) ? "bitfieldExtract(int(" + b + "), 0, " + std::to_string(bits) + ")"
                                             : "(" + b + " & " + mask(bits) + ")";
    }
}

std::string toBitsExpr(ScalarType type, const std::string& v) {
    switch (type) {
        case ScalarType::Float64: return "unpackDouble2x32(" + v + ")";
        case ScalarType::Int64:
        case ScalarType::UInt64:
            return "uvec2(uint(uint64_t(" + v + ") & 0xffffffffUL), uint(uint64_t(" + v + ") >> 32))";
        case ScalarType::Float32: return "floatBitsToUint(" + v + ")";
        case ScalarType::Float16: return "vk_half_bits_from_float(" + v + ")";
        case ScalarType::Int32: return "uint(" + v + ")";
        case ScalarType::UInt32: return v;
        default: return "(uint(" + v + ") & " + mask(scalarTypeBits(type)) + ")";
    }
}

// The library function a Call op runs: ADD, SUBTRACT and MULTIPLY on floats of two different input tensors take the
// plain IEEE operation (vk_ew_*_loaded), which needs no rebuilt zero: only an operand the compiler knows (a constant,
// an attribute, one value used twice, as fused graphs have) lets it fold (glsl/vkdml_elementwise.glsl).
std::string callee(const ElementwiseProgram& p, const Op& op) {
    const FnInfo& fn = fnInfo(op.fn);
    const bool arithmetic = op.fn == Fn::Add || op.fn == Fn::Subtract || op.fn == Fn::Multiply;
    if (!arithmetic || (op.type != ScalarType::Float32 && op.type != ScalarType::Float16)) return fn.glsl;
    const Op& a = p.ops[op.args[0]];
    const Op& b = p.ops[op.args[1]];
    const bool loaded = a.code == OpCode::Input && b.code == OpCode::Input && a.index != b.index;
    return loaded ? std::string(fn.glsl) + "_loaded" : std::string(fn.glsl);
}

std::vector<std::string> programLibraryRoots(const ElementwiseProgram& program) {
    std::vector<std::string> roots;
    for (const Op& op : program.ops)
        if (op.code == OpCode::Call) roots.push_back(callee(program, op));
    return roots;
}

std::string programFunctionGlsl(const ElementwiseProgram& program, const std::string& name,
                                const std::function<std::string(const Op&)>& attribute) {
    std::string params;
    for (uint32_t i = 0; i < program.inputs.size(); ++i)
        params += (params.empty() ? "" : ", ") + valueType(program.inputs[i]) + " x" + str(i);
    for (uint32_t o = 0; o < program.outputs.size(); ++o)
        params += (params.empty() ? "" : ", ") + std::string("out ") + valueType(program.outputs[o]) + " y" + str(o);
    std::string out = "void " + name + "(" + params + ") {\n";
    for (uint32_t i = 0; i < program.ops.size(); ++i) {
        const Op& op = program.ops[i];
        const std::string define = "    const " + valueType(op.type) + " v" + str(i) + " = ";
        switch (op.code) {
            case OpCode::Input: out += define + "x" + str(op.index) + ";\n"; break;
            case OpCode::Attribute: out += define + attribute(op) + ";\n"; break;
            case OpCode::Constant: out += define + literal(op) + ";\n"; break;
            case OpCode::Call: {
                const FnInfo& fn = fnInfo(op.fn);
                out += define + callee(program, op) + "(";
                for (uint32_t k = 0; k < fn.arity; ++k) out += (k ? ", v" : "v") + str(op.args[k]);
                out += ");\n";
                break;
            }
            case OpCode::Cast: out += define + valueType(op.type) + "(v" + str(op.args[0]) + ");\n"; break;
            case OpCode::Store: out += "    y" + str(op.index) + " = v" + str(op.args[0]) + ";\n"; break;
            case OpCode::Reinterpret: {
                const std::string raw = toBitsExpr(program.ops[op.args[0]].type, "v" + str(op.args[0]));
                out += define + fromBitsExpr(op.type, raw) + ";\n";
                break;
            }
        }
    }
    return out + "}\n";
}

}  // namespace vkdml::kernel
