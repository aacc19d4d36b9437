#include "ops/gemm/generator_parts.h"

#include <stdexcept>

#include "kernel/fused_activation.h"
#include "kernel/glsl_library.h"
#include "kernel/program_glsl.h"

namespace vkdml::gemm {

std::string u(uint64_t v) { return std::to_string(v) + "u"; }

// `x * stride` with the multiplication left out where the stride makes it trivial.
std::string scaled(const std::string& x, uint32_t stride) {
    if (stride == 0) return "0u";
    if (stride == 1) return x;
    return x + " * " + u(stride);
}

namespace {

bool isFloat(DML_TENSOR_DATA_TYPE t) { return t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16; }

// The element i of word array `b` holding `type`, as a float (float types) or an int (integer types).
std::string loadExpression(const std::string& b, DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return "uintBitsToFloat(" + b + "[i])";
        case DML_TENSOR_DATA_TYPE_FLOAT16: return "vk_float_from_half_bits(" + b + "[i >> 1u] >> ((i & 1u) * 16u))";
        case DML_TENSOR_DATA_TYPE_INT32:
        case DML_TENSOR_DATA_TYPE_UINT32: return "int(" + b + "[i])";
        case DML_TENSOR_DATA_TYPE_INT16: return "bitfieldExtract(int(" + b + "[i >> 1u]), int((i & 1u) * 16u), 16)";
        case DML_TENSOR_DATA_TYPE_UINT16: return "int(bitfieldExtract(" + b + "[i >> 1u], int((i & 1u) * 16u), 16))";
        case DML_TENSOR_DATA_TYPE_INT8: return "bitfieldExtract(int(" + b + "[i >> 2u]), int((i & 3u) * 8u), 8)";
        case DML_TENSOR_DATA_TYPE_UINT8: return "int(bitfieldExtract(" + b + "[i >> 2u], int((i & 3u) * 8u), 8))";
        default: throw std::invalid_argument(std::string("no GEMM load for ") + dml::dataTypeName(type));
    }
}

// The raw bits of element i of word array `b` holding elements of `bits` bits.
std::string rawBitsFunction(const std::string& name, const std::string& b, uint32_t bits) {
    std::string e;
    switch (bits) {
        case 4: e = "(" + b + "[i >> 3u] >> ((i & 7u) * 4u)) & 0xfu"; break;
        case 8: e = "(" + b + "[i >> 2u] >> ((i & 3u) * 8u)) & 0xffu"; break;
        case 16: e = "(" + b + "[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu"; break;
        case 32: e = b + "[i]"; break;
        default: throw std::invalid_argument("no GEMM prologue load of " + std::to_string(bits) + "-bit elements");
    }
    return "uint " + name + "(uint i) { return " + e + "; }\n";
}

}  // namespace

// prologueB(l): B's element at linear index l, its coordinates over the prologue's dimensions (row-major), each
// prologue tensor's element there as the program's input, the program's output as B's type holds it.
void SourceParts::prologueAccessors() {
    const kernel::ElementwiseProgram& program = *p_.prologue;
    std::string args;
    for (uint32_t t = 0; t < program.inputs.size(); ++t) {
        const Slot slot = Plan::prologueSlot(t);
        out_ += rawBitsFunction("rawP" + std::to_string(t), buffer(slot), dml::elementSizeInBits(p_.types[slot]));
    }
    out_ += "float prologueB(uint l) {\n";
    for (uint32_t d = p_.prologueRank; d-- > 1;)
        out_ += "    const uint c" + std::to_string(d) + " = l % " + u(p_.prologueSizes[d]) + ";\n    l /= " +
                u(p_.prologueSizes[d]) + ";\n";
    out_ += "    const uint c0 = l;\n";
    for (uint32_t t = 0; t < program.inputs.size(); ++t) {
        std::string index = "pc.base[" + std::to_string(binding(Plan::prologueSlot(t))) + "]";
        for (uint32_t d = 0; d < p_.prologueRank; ++d)
            if (p_.prologueStrides[t][d]) index += " + " + scaled("c" + std::to_string(d), p_.prologueStrides[t][d]);
        const std::string x = "x" + std::to_string(t);
        out_ += "    const " + kernel::valueType(program.inputs[t]) + " " + x + " = " +
                kernel::fromBitsExpr(program.inputs[t], "rawP" + std::to_string(t) + "(" + index + ")") + ";\n";
        args += x + ", ";
    }
    // The value as B would read it back from memory (a FLOAT16 B rounded to half).
    const kernel::ScalarType result = program.outputs[0];
    out_ += "    float y;\n    prologue(" + args + "y);\n    return " +
            kernel::fromBitsExpr(result, kernel::toBitsExpr(result, "y")) + ";\n}\n";
}

SourceParts::SourceParts(const Plan& plan, const KernelShape& shape) : p_(plan), s_(shape) {
    uint32_t next = 0;
    for (uint32_t slot = 0; slot < kSlots; ++slot) binding_[slot] = p_.present(Slot(slot)) ? next++ : ~0u;
    acc_ = p_.floatSums() ? "float" : "int";
}

void SourceParts::header(const std::string& extensions) {
    out_ = "#version 450\n" + extensions + "// " + p_.describe() + "\n";
    if (s_.nativeHalf) out_ += "#define VKDML_NATIVE_HALF\n";
    if (s_.fusedFma) out_ += "#define VKDML_FUSED_FMA\n";
    if (s_.emulatedFma) out_ += "#define VKDML_EMULATED_FMA\n";
    out_ += "layout(local_size_x = " + std::to_string(s_.workgroupSize()) + ") in;\n";
    out_ += "layout(push_constant, std430) uniform Bases { uint base[" + std::to_string(kSlots) + "]; } pc;\n";
    for (uint32_t slot = 0; slot < kSlots; ++slot) {
        if (binding_[slot] == ~0u) continue;
        const std::string access = slot == kOutput ? "buffer" : "readonly buffer";
        out_ += "layout(std430, binding = " + std::to_string(binding_[slot]) + ") " + access + " T" +
                std::to_string(binding_[slot]) + " { uint " + buffer(slot) + "[]; };\n";
    }
    out_ += "const uint M = " + u(p_.m) + ", N = " + u(p_.n) + ", K = " + u(p_.k) + ";\n";
    out_ += "const uint B1 = " + u(p_.batch[1]) + ", BATCH = " + u(p_.batchCount()) + ";\n";
}

void SourceParts::library() {
    out_ += std::string(kernel::glslSource("vkdml_half.glsl"));
    std::vector<std::string> roots = kernel::fusedActivationRoots(p_.fused);
    for (const std::optional<kernel::ElementwiseProgram>* program : {&p_.prologue, &p_.epilogue})
        if (*program)
            for (const std::string& root : kernel::programLibraryRoots(**program)) roots.push_back(root);
    out_ += kernel::mathLibraryClosure(roots, s_.fusedFma);
    auto noAttributes = [](const kernel::Op&) -> std::string {
        throw std::invalid_argument("a fused GEMM neighbour with an attribute left");
    };
    if (p_.prologue) out_ += kernel::programFunctionGlsl(*p_.prologue, "prologue", noAttributes);
    if (p_.epilogue) out_ += kernel::programFunctionGlsl(*p_.epilogue, "epilogue", noAttributes);
    if (wideOperands()) {
        // v - z exact: the borrow gives the sign of a difference of up to 33 bits, rounded once to FLOAT32. Signed
        // operands are shifted by 2^31 first (their order becomes the unsigned one; their differences stay).
        const bool signedOperands = p_.types[kA] == DML_TENSOR_DATA_TYPE_INT32;
        out_ += std::string("float vk_exact_difference(uint v, uint z) {\n") +
                (signedOperands ? "    v ^= 0x80000000u;\n    z ^= 0x80000000u;\n" : "") +
                "    uint borrow;\n"
                "    const uint d = usubBorrow(v, z, borrow);\n"
                "    return borrow == 0u ? float(d) : -float(0u - d);\n}\n";
    }
}

bool SourceParts::wideOperands() const {
    return p_.kind == Kind::IntegerToFloat && dml::elementSizeInBits(p_.types[kA]) == 32;
}

std::string SourceParts::lessZeroPoint(const std::string& value, const std::string& zero) const {
    if (wideOperands()) {
        if (!zero.empty()) return "vk_exact_difference(" + value + ", " + zero + ")";
        return p_.types[kA] == DML_TENSOR_DATA_TYPE_INT32 ? "float(int(" + value + "))" : "float(" + value + ")";
    }
    const std::string difference = zero.empty() ? value : value + " - " + zero;
    return p_.kind != Kind::Float && p_.floatSums() ? "float(" + difference + ")" : difference;
}

void SourceParts::load(Slot slot, const char* name) {
    if (!p_.present(slot)) return;
    const DML_TENSOR_DATA_TYPE type = p_.types[slot];
    if (wideOperands() && (slot == kA || slot == kB || slot == kAZeroPoint || slot == kBZeroPoint)) {
        out_ += "uint " + std::string(name) + "(uint i) { return " + buffer(slot) + "[i]; }\n";
        return;
    }
    out_ += std::string(isFloat(type) ? "float " : "int ") + name + "(uint i) { return " +
            loadExpression(buffer(slot), type) + "; }\n";
}

void SourceParts::accessors() {
    load(kA, "loadA");
    if (p_.prologue)
        prologueAccessors();
    else
        load(kB, "loadB");
    load(kC, "loadC");
    load(kAZeroPoint, "loadAZeroPoint");
    load(kBZeroPoint, "loadBZeroPoint");
    load(kAScale, "loadAScale");
    load(kBScale, "loadBScale");
    load(kOutScale, "loadOutScale");
    load(kOutZeroPoint, "loadOutZeroPoint");
    for (uint32_t e = 0; e < kMaxEpilogueTensors; ++e) load(Slot(kEpilogue0 + e), ("loadE" + std::to_string(e)).c_str());
    const std::string b = buffer(kOutput);
    // Elements narrower than a word share it with other invocations' elements: one atomic flips exactly this
    // element's bits.
    auto partial = [&](const char* bits, const char* width, const char* mask, const char* type, const char* value) {
        out_ += std::string("void store(uint i, ") + type + " v) {\n"
                "    uint shift = (i & " + (std::string(width) == "16" ? "1u) * 16u" : "3u) * 8u") +
                ", w = i >> " + bits + ";\n"
                "    uint current = " + b + "[w];\n"
                "    atomicXor(" + b + "[w], (current & (" + mask + " << shift)) ^ ((" + value + " & " + mask +
                ") << shift));\n}\n";
    };
    switch (p_.types[kOutput]) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: out_ += "void store(uint i, float v) { " + b + "[i] = floatBitsToUint(v); }\n"; break;
        case DML_TENSOR_DATA_TYPE_FLOAT16: partial("1u", "16", "0xffffu", "float", "vk_half_bits_from_float(v)"); break;
        case DML_TENSOR_DATA_TYPE_INT32: out_ += "void store(uint i, int v) { " + b + "[i] = uint(v); }\n"; break;
        case DML_TENSOR_DATA_TYPE_INT8:
        case DML_TENSOR_DATA_TYPE_UINT8: partial("2u", "8", "0xffu", "int", "uint(v)"); break;
        default: throw std::invalid_argument(std::string("no GEMM store for ") + dml::dataTypeName(p_.types[kOutput]));
    }
}

std::string SourceParts::batchBase(Slot slot) const {
    return "pc.base[" + std::to_string(binding_[slot]) + "] + " + scaled("b0", op(slot).batch[0]) + " + " +
           scaled("b1", op(slot).batch[1]);
}

std::string SourceParts::at(Slot s, const char* loader) const {
    return std::string(loader) + "(" + base(s) + " + " + scaled("m", op(s).row) + " + " + scaled("n", op(s).column) + ")";
}

std::string SourceParts::finished(const std::string& r) const {
    switch (p_.kind) {
        case Kind::Float: {
            std::string v = r;
            if (p_.alpha != 1.0f) v = kernel::exactFloatLiteral(p_.alpha) + " * " + v;
            if (p_.present(kC))
                v += " + " + (p_.beta == 1.0f ? at(kC, "loadC")
                                              : kernel::exactFloatLiteral(p_.beta) + " * " + at(kC, "loadC"));
            return kernel::fusedActivationCall(p_.fused, v);
        }
        case Kind::Integer: return r;
        case Kind::IntegerToFloat: {
            std::string v = "float(" + r + ") * " + at(kAScale, "loadAScale") + " * " + at(kBScale, "loadBScale");
            if (p_.present(kC)) v += " + " + at(kC, "loadC");
            return v;
        }
        case Kind::QuantizedLinear: {
            const bool int8 = p_.types[kOutput] == DML_TENSOR_DATA_TYPE_INT8;
            std::string v = "roundEven(float(" + r + ") * (" + at(kAScale, "loadAScale") + " * " +
                            at(kBScale, "loadBScale") + " / " + at(kOutScale, "loadOutScale") + "))";
            if (p_.present(kOutZeroPoint)) v += " + float(" + at(kOutZeroPoint, "loadOutZeroPoint") + ")";
            return "int(clamp(" + v + (int8 ? ", -128.0, 127.0))" : ", 0.0, 255.0))");
        }
    }
    return r;
}

std::string SourceParts::storeStatement(const std::string& r) const {
    const std::string index =
        base(kOutput) + " + " + scaled("m", op(kOutput).row) + " + " + scaled("n", op(kOutput).column);
    if (!p_.epilogue) return "            store(" + index + ", " + finished(r) + ");\n";
    std::string v = finished(r);
    if (p_.resultType == DML_TENSOR_DATA_TYPE_FLOAT16) v = "vk_float_from_half_bits(vk_half_bits_from_float(" + v + "))";
    std::string args = v;
    for (uint32_t e = 0; e < kMaxEpilogueTensors; ++e) {
        const Slot slot = Slot(kEpilogue0 + e);
        if (p_.present(slot)) args += ", " + at(slot, ("loadE" + std::to_string(e)).c_str());
    }
    return "            { float y; epilogue(" + args + ", y); store(" + index + ", y); }\n";
}

}  // namespace vkdml::gemm
