#include "kernel/glsl_generator.h"

#include <cstdio>
#include <stdexcept>

#include "kernel/general_generator.h"
#include "kernel/glsl_library.h"

namespace vkdml::kernel {

namespace {

// The storage defines of glsl/elementwise_io.glsl for a tensor type.
std::string storageDefines(ScalarType type, bool storage16, Walk walk) {
    switch (type) {
        case ScalarType::Float32: return "#define VKDML_F32\n";
        case ScalarType::Float16: return storage16 && walk == Walk::Strided ? "#define VKDML_F16_S16\n" : "#define VKDML_F16\n";
        case ScalarType::Float64:
        case ScalarType::Int64:
        case ScalarType::UInt64: return "#define VKDML_BITS64\n";
        default:
            return "#define VKDML_INT_BITS " + std::to_string(scalarTypeBits(type)) + "\n#define VKDML_INT_SIGNED " +
                   (isSignedIntegerType(type) ? "1" : "0") + "\n";
    }
}

const char* bodyFile(Walk walk) {
    switch (walk) {
        case Walk::Flat: return "elementwise_contiguous.glsl";
        case Walk::Rows: return "elementwise_rows.glsl";
        case Walk::Strided: return "elementwise_strided.glsl";
        case Walk::Naive: return "elementwise_naive.glsl";
        case Walk::Linear:
        case Walk::Quads:
        case Walk::Elements:
        case Walk::Tiles:
        case Walk::TileQuads: break;  // general kernels: general_generator.cpp
    }
    throw std::invalid_argument("unknown walk");
}

// The GLSL type a value of `type` is computed in (64-bit tensors are moved as raw word pairs).
std::string computeType(ScalarType type) {
    if (scalarTypeBits(type) == 64) return "VKDML_VALUE";
    if (isFloatType(type)) return "float";
    return isSignedIntegerType(type) ? "int" : "uint";
}

std::string literal(const Op& op) {
    char text[64];
    if (op.type == ScalarType::Float32 || op.type == ScalarType::Float16)
        std::snprintf(text, sizeof(text), "uintBitsToFloat(0x%08xu)", static_cast<unsigned>(op.bits));
    else if (isSignedIntegerType(op.type))
        std::snprintf(text, sizeof(text), "int(0x%08xu)", static_cast<unsigned>(op.bits));
    else
        std::snprintf(text, sizeof(text), "0x%08xu", static_cast<unsigned>(op.bits));
    return text;
}

// The program as `VKDML_VALUE vkdml_apply(VKDML_VALUE x[, VKDML_VALUE y])`.
std::string applyFunction(const ElementwiseProgram& program) {
    std::string text = "VKDML_VALUE vkdml_apply(VKDML_VALUE x";
    if (program.inputs.size() > 1) text += ", VKDML_VALUE y";
    text += ") {\n";
    auto v = [](uint32_t index) { return "v" + std::to_string(index); };
    const bool integerKernel = !isFloatType(program.outputs[0]);
    for (uint32_t i = 0; i < program.ops.size(); ++i) {
        const Op& op = program.ops[i];
        const std::string define = "    const " + computeType(op.type) + " " + v(i) + " = ";
        switch (op.code) {
            case OpCode::Input: text += define + (op.index == 0 ? "x" : "y") + ";\n"; break;
            case OpCode::Attribute:
                // Integer kernels receive attributes as the integer bits the host derived (pc.p0bits).
                text += define + (integerKernel ? computeType(op.type) + "(pc.p" + std::to_string(op.index) + "bits)"
                                                : "pc.p" + std::to_string(op.index)) + ";\n";
                break;
            case OpCode::Constant: text += define + literal(op) + ";\n"; break;
            case OpCode::Call: {
                const FnInfo& fn = fnInfo(op.fn);
                text += define + fn.glsl + "(";
                for (uint32_t k = 0; k < fn.arity; ++k) text += (k ? ", " : "") + v(op.args[k]);
                text += ");\n";
                break;
            }
            case OpCode::Cast: text += define + computeType(op.type) + "(" + v(op.args[0]) + ");\n"; break;
            case OpCode::Store: text += "    return " + v(op.args[0]) + ";\n"; break;
            case OpCode::Reinterpret: break;  // general walks only (ElementwiseProgram::validate)
        }
    }
    return text + "}\n";
}

// A file's text with its #include lines replaced by the files (each once); the math library files become the
// functions `roots` reach in the library's form for `fusedFma`, at the place of the first of them.
void expandInto(std::string& out, std::string_view file, const std::vector<std::string>& roots, bool fusedFma,
                std::vector<std::string>& included) {
    const std::string_view text = glslSource(file);
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        const size_t directive = line.find("#include \"");
        if (directive == std::string_view::npos || line.find_first_not_of(" \t") != directive) {
            out.append(line).append("\n");
            continue;
        }
        const size_t open = directive + 10;
        const std::string name(line.substr(open, line.find('"', open) - open));
        const std::string key = isMathLibraryFile(name) ? "<math library>" : name;
        bool seen = false;
        for (const std::string& done : included) seen = seen || done == key;
        if (seen) continue;
        included.push_back(key);
        if (isMathLibraryFile(name))
            out += mathLibraryClosure(roots, fusedFma);
        else
            expandInto(out, name, roots, fusedFma, included);
    }
}

}  // namespace

std::string generateGlsl(const ElementwiseProgram& program) {
    if (program.general()) return generateGeneralGlsl(program);
    if (std::string problem = program.validate(); !problem.empty())
        throw std::invalid_argument("invalid element-wise program: " + problem + "\n" + program.describe());
    const ScalarType type = program.outputs[0];
    bool oneType = program.outputs.size() == 1 && !program.inputs.empty() && program.inputs.size() <= 2;
    for (ScalarType t : program.inputs) oneType = oneType && t == type;
    if (!oneType || program.ops.back().code != OpCode::Store)
        throw std::invalid_argument("the kernel bodies take one output and one or two inputs of one type, stored last: " +
                                    program.describe());

    std::vector<std::string> roots;
    for (const Op& op : program.ops)
        if (op.code == OpCode::Call) roots.push_back(fnInfo(op.fn).glsl);

    std::string source = "#version 450\n// " + program.name() + "\n" +
                         storageDefines(type, program.storage16, program.walk);
    if (program.inputs.size() == 2) source += "#define VKDML_BINARY\n";
    if (program.int64Math) source += "#define VKDML_INT64\n";
    if (program.float64Math) source += "#define VKDML_FP64_MATH\n";
    if (program.exactDivSqrt) source += "#define VKDML_EXACT_DIV_SQRT\n";
    if (program.nativeHalf) source += "#define VKDML_NATIVE_HALF\n";
    if (program.fusedFma) source += "#define VKDML_FUSED_FMA\n";
    if (program.emulatedFma) source += "#define VKDML_EMULATED_FMA\n";
    if (program.wideWords && (program.walk == Walk::Flat || program.walk == Walk::Rows))
        source += "#define VKDML_WIDE_WORDS\n";
    std::vector<std::string> included;
    expandInto(source, "elementwise_io.glsl", roots, program.fusedFma, included);
    source += applyFunction(program);
    expandInto(source, bodyFile(program.walk), roots, program.fusedFma, included);
    return source;
}

}  // namespace vkdml::kernel
