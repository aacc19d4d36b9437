// The general kernels (Walk::Linear, Quads, Elements, Tiles, TileQuads): every tensor with its own type and
// access, any number of inputs and outputs. The source is written per program: one storage buffer per tensor
// (binding = tensor index: outputs, then inputs), a load and a store per tensor type, the program as
// vkdml_apply(inputs..., out outputs...), and the walk. Push constants: kernel/general_params.h.
#include "kernel/general_generator.h"

#include <cstdio>
#include <stdexcept>
#include <vector>

#include "kernel/general_params.h"
#include "kernel/glsl_library.h"
#include "kernel/program_glsl.h"

namespace vkdml::kernel {

namespace {

std::string str(uint32_t v) { return std::to_string(v); }
std::string word(uint32_t index) { return "pc.w[" + str(index) + "]"; }
std::string mask(uint32_t bits) { return bits == 4 ? "0xfu" : bits == 8 ? "0xffu" : "0xffffu"; }

class Writer {
public:
    explicit Writer(const ElementwiseProgram& program)
        : p_(program), layout_(generalParamsLayout(program)), outputs_(static_cast<uint32_t>(program.outputs.size())) {}

    std::string source(std::string_view library) {
        header();
        out_ += library;
        conversions();
        applyFunction();
        if (p_.walk == Walk::Linear) linearMain();
        else if (isTileWalk(p_.walk)) tilesMain(p_.walk == Walk::TileQuads ? 4 : 1);
        else loopMain(p_.walk == Walk::Quads ? 4 : 1);
        return out_;
    }

private:
    ScalarType type(uint32_t t) const { return p_.tensorType(t); }
    bool isOutput(uint32_t t) const { return t < outputs_; }
    std::string base(uint32_t t) const { return word(layout_.bases + t); }
    uint32_t bits(uint32_t t) const { return scalarTypeBits(type(t)); }
    // A packed tensor (or one read by rows) read or written as whole vectors (4 elements) in the linear and quads
    // walks, starting at element vectorStart(t). 4-bit tensors are not: their 4 elements are half a word (see
    // storeOutput).
    bool vectorized(uint32_t t) const { return movesVectors(p_, t); }
    // A vector in registers: 4 elements of 32, 16 or 8 bits as uvec4, uvec2 or uint. In memory the same bytes,
    // or, with wideWords, 64-bit words (llvmpipe loads and stores storage buffers one component and one lane at a
    // time: 64-bit components halve the count).
    std::string vectorType(uint32_t t) const { return bits(t) == 32 ? "uvec4" : bits(t) == 16 ? "uvec2" : "uint"; }
    bool wideVector(uint32_t t) const { return p_.wideWords && bits(t) != 8; }
    std::string vectorMemoryType(uint32_t t) const {
        if (!wideVector(t)) return vectorType(t);
        return bits(t) == 32 ? "u64vec2" : "uint64_t";
    }
    // The vector at vector index `at` of tensor t, and the statement storing `value` there.
    std::string vectorElement(uint32_t t, const std::string& at) const {
        return "t" + str(t) + (bits(t) == 8 ? "" : "q") + "[" + at + "]";
    }
    std::string loadVector(uint32_t t, const std::string& at) const {
        const std::string element = vectorElement(t, at);
        if (!wideVector(t)) return element;
        return bits(t) == 32 ? "vk_words_of_pairs(" + element + ")" : "unpack32(" + element + ")";
    }
    std::string storeVector(uint32_t t, const std::string& at, const std::string& value) const {
        const std::string element = vectorElement(t, at);
        if (!wideVector(t)) return element + " = " + value + ";\n";
        return element + " = " + (bits(t) == 32 ? "vk_pairs_of_words(" : "pack64(") + value + ");\n";
    }
    std::string vectorStart(uint32_t t) const {
        return p_.access[t] == Access::Rows ? "at" + str(t) : "(" + base(t) + " + e)";
    }

    void header() {
        out_ = "#version 450\n// " + p_.name() + " (general kernel)\n";
        bool int64 = false;
        for (uint32_t t = 0; t < p_.tensorCount(); ++t) int64 = int64 || type(t) == ScalarType::Int64 || type(t) == ScalarType::UInt64;
        for (const Op& op : p_.ops) int64 = int64 || op.type == ScalarType::Int64 || op.type == ScalarType::UInt64;
        if (int64 || p_.int64Math || p_.wideWords)
            out_ += "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n";
        if (p_.int64Math) out_ += "#define VKDML_INT64\n";
        if (p_.float64Math) out_ += "#define VKDML_FP64_MATH\n";  // activations fused from graphs
        if (p_.exactDivSqrt) out_ += "#define VKDML_EXACT_DIV_SQRT\n";
        if (p_.nativeHalf) out_ += "#define VKDML_NATIVE_HALF\n";
        if (p_.fusedFma) out_ += "#define VKDML_FUSED_FMA\n";
        if (p_.emulatedFma) out_ += "#define VKDML_EMULATED_FMA\n";
        out_ += "layout(local_size_x_id = 0) in;\nlayout(constant_id = 1) const uint kFlatMode = 0u;\n";
        out_ += "layout(push_constant, std430) uniform KernelParams { uint w[" + str(kGeneralParamWords) + "]; } pc;\n";
        for (uint32_t t = 0; t < p_.tensorCount(); ++t) {
            const std::string access = isOutput(t) ? "buffer" : "readonly buffer";
            const std::string b = "layout(std430, binding = " + str(t) + ") " + access + " ";
            const std::string n = "t" + str(t);
            if (bits(t) == 64) {
                out_ += b + "T" + str(t) + "d { uvec2 " + n + "d[]; };\n";
                continue;
            }
            out_ += b + "T" + str(t) + " { uint " + n + "[]; };\n";
            if (vectorized(t) && bits(t) >= 16)
                out_ += b + "T" + str(t) + "q { " + vectorMemoryType(t) + " " + n + "q[]; };\n";
        }
        if (p_.wideWords)
            out_ += "uvec4 vk_words_of_pairs(u64vec2 p) { return uvec4(unpack32(p.x), unpack32(p.y)); }\n"
                    "u64vec2 vk_pairs_of_words(uvec4 w) { return u64vec2(pack64(w.xy), pack64(w.zw)); }\n";
        out_ += "uint vk_divide_by_size(uint n, uint d) {\n"
                "    const uint magic = pc.w[" + str(layout_.magics) + "u + d];\n"
                "    if (magic == 0u) return n;\n"
                "    uint high, low;\n"
                "    umulExtended(n, magic, high, low);\n"
                "    return high >> ((pc.w[2] >> (5u * d)) & 31u);\n"
                "}\n";
    }

    // Per tensor: fromBitsT/toBitsT between the value and its raw element bits, loadT/storeT of one element.
    void conversions() {
        for (uint32_t t = 0; t < p_.tensorCount(); ++t) {
            const ScalarType ty = type(t);
            const std::string vt = valueType(ty), n = "t" + str(t), s = str(t);
            const uint32_t b = bits(t);
            const std::string raw = b == 64 ? "uvec2" : "uint";
            out_ += vt + " fromBits" + s + "(" + raw + " b) { return " + fromBitsExpr(ty, "b") + "; }\n";
            out_ += raw + " toBits" + s + "(" + vt + " v) { return " + toBitsExpr(ty, "v") + "; }\n";
            if (b == 64) {
                if (!isOutput(t)) out_ += vt + " load" + s + "(uint i) { return fromBits" + s + "(" + n + "d[i]); }\n";
                else out_ += "void store" + s + "(uint i, " + vt + " v) { " + n + "d[i] = toBits" + s + "(v); }\n";
                continue;
            }
            const std::string perWord = str(32 / b);
            if (!isOutput(t)) {
                if (b == 32) out_ += vt + " load" + s + "(uint i) { return fromBits" + s + "(" + n + "[i]); }\n";
                else
                    out_ += vt + " load" + s + "(uint i) { return fromBits" + s + "(" + n + "[i / " + perWord +
                            "u] >> ((i % " + perWord + "u) * " + str(b) + "u)); }\n";
            } else if (b == 32) {
                out_ += "void store" + s + "(uint i, " + vt + " v) { " + n + "[i] = toBits" + s + "(v); }\n";
            } else {
                // Elements narrower than a word share it with other invocations' elements: one atomic flips this
                // element's bits from their current value to v (no other invocation writes them). Its operand depends
                // on v, so the load of an input bound in place cannot move after it; with atomicAnd then atomicOr,
                // NVIDIA's compiler read such an input after the atomicAnd had cleared it (SPIR-V assumes that two
                // bindings do not alias).
                const std::string word = n + "[i / " + perWord + "u]";
                out_ += "void store" + s + "(uint i, " + vt + " v) {\n"
                        "    const uint shift = (i % " + perWord + "u) * " + str(b) + "u;\n"
                        "    atomicXor(" + word + ", (" + word + " & (" + mask(b) + " << shift)) ^ (toBits" + s +
                        "(v) << shift));\n"
                        "}\n";
            }
        }
    }

    void applyFunction() {
        out_ += programFunctionGlsl(p_, "vkdml_apply", [this](const Op& op) {
            const std::string w = word(layout_.attributes + op.index);
            return isFloatType(op.type) ? "uintBitsToFloat(" + w + ")" : valueType(op.type) + "(" + w + ")";
        });
    }

    // How a lane finds its element: `index(t, k)` is the element index of tensor t for lane k.
    enum class Lanes { Vector, Guarded, Strided, Single };

    std::string laneIndex(uint32_t t, uint32_t k) const {
        switch (p_.access[t]) {
            case Access::Broadcast: return base(t);
            case Access::Packed: return "(" + base(t) + " + e + " + str(k) + "u)";
            case Access::Strided:
                return "(at" + str(t) + (k == 0 ? std::string() : " + " + str(k) + "u * " + word(layout_.strides[t])) + ")";
            case Access::Rows: return "(at" + str(t) + " + " + str(k) + "u)";
            case Access::Columns: return "(at" + str(t) + " + " + str(k) + "u * " + word(layout_.strides[t]) + ")";
        }
        return "";
    }

    // Loads, vkdml_apply and stores for `count` lanes (elements e .. e + count - 1); `row`: the row of the tile
    // quads' 4 x 4 block (column vectors c<t>_<k>, loaded by tilesMain).
    std::string laneBlock(uint32_t count, Lanes lanes, const std::string& indent, uint32_t row = 0) const {
        std::string code;
        const uint32_t inputs = static_cast<uint32_t>(p_.inputs.size());
        for (uint32_t i = 0; i < inputs; ++i) {
            const uint32_t t = outputs_ + i;
            const std::string vt = valueType(type(t)), s = str(t), n = "t" + s;
            if (p_.access[t] == Access::Broadcast) {
                code += indent + "const " + vt + " a" + s + " = load" + s + "(" + base(t) + ");\n";
                for (uint32_t k = 0; k < count; ++k) code += indent + "const " + vt + " a" + s + "_" + str(k) + " = a" + s + ";\n";
                continue;
            }
            if (p_.access[t] == Access::Columns) {
                for (uint32_t k = 0; k < 4; ++k) {
                    const std::string c = "c" + s + "_" + str(k);
                    const std::string element = bits(t) == 32 ? c + "[" + str(row) + "]"
                                                : bits(t) == 16 ? "(" + c + "[" + str(row / 2) + "] >> " + str(16 * (row % 2)) + "u)"
                                                                : "(" + c + " >> " + str(8 * row) + "u)";
                    code += indent + "const " + vt + " a" + s + "_" + str(k) + " = fromBits" + s + "(" + element + ");\n";
                }
                continue;
            }
            if (lanes == Lanes::Vector && vectorized(t)) {
                const std::string at = vectorStart(t) + " >> 2u";
                if (bits(t) == 32) {
                    code += indent + "const uvec4 r" + s + " = " + loadVector(t, at) + ";\n";
                    for (uint32_t k = 0; k < 4; ++k)
                        code += indent + "const " + vt + " a" + s + "_" + str(k) + " = fromBits" + s + "(r" + s + "[" + str(k) + "]);\n";
                } else if (bits(t) == 16 && type(t) == ScalarType::Float16) {
                    // Two halves of a word converted at once (vkdml_half.glsl).
                    code += indent + "const uvec2 r" + s + " = " + loadVector(t, at) + ";\n";
                    for (uint32_t j = 0; j < 2; ++j)
                        code += indent + "const vec2 p" + s + "_" + str(j) + " = vk_floats_from_half_pair(r" + s + "[" + str(j) + "]);\n";
                    for (uint32_t k = 0; k < 4; ++k)
                        code += indent + "const " + vt + " a" + s + "_" + str(k) + " = p" + s + "_" + str(k / 2) + "." + "xy"[k % 2] + ";\n";
                } else if (bits(t) == 16) {
                    code += indent + "const uvec2 r" + s + " = " + loadVector(t, at) + ";\n";
                    for (uint32_t k = 0; k < 4; ++k)
                        code += indent + "const " + vt + " a" + s + "_" + str(k) + " = fromBits" + s + "(r" + s + "[" + str(k / 2) +
                                "]" + (k % 2 ? " >> 16u" : "") + ");\n";
                } else {
                    code += indent + "const uint r" + s + " = " + loadVector(t, at) + ";\n";
                    for (uint32_t k = 0; k < 4; ++k)
                        code += indent + "const " + vt + " a" + s + "_" + str(k) + " = fromBits" + s + "(r" + s + " >> " + str(8 * k) + "u);\n";
                }
                continue;
            }
            for (uint32_t k = 0; k < count; ++k) {
                const std::string load = "load" + s + "(" + laneIndex(t, k) + ")";
                code += indent + "const " + vt + " a" + s + "_" + str(k) + " = " +
                        (lanes == Lanes::Guarded ? "e + " + str(k) + "u < count ? " + load + " : " + vt + "(0)" : load) + ";\n";
            }
        }
        for (uint32_t k = 0; k < count; ++k) {
            for (uint32_t o = 0; o < outputs_; ++o) code += indent + valueType(type(o)) + " o" + str(o) + "_" + str(k) + ";\n";
            std::string args;
            for (uint32_t i = 0; i < inputs; ++i) args += (args.empty() ? "a" : ", a") + str(outputs_ + i) + "_" + str(k);
            for (uint32_t o = 0; o < outputs_; ++o) args += (args.empty() ? "o" : ", o") + str(o) + "_" + str(k);
            code += indent + "vkdml_apply(" + args + ");\n";
        }
        for (uint32_t o = 0; o < outputs_; ++o) code += storeOutput(o, count, lanes, indent);
        return code;
    }

    std::string storeOutput(uint32_t o, uint32_t count, Lanes lanes, const std::string& indent) const {
        const std::string s = str(o), n = "t" + s;
        auto lane = [&](uint32_t k) { return "toBits" + s + "(o" + s + "_" + str(k) + ")"; };
        if ((lanes == Lanes::Vector || lanes == Lanes::Guarded) && vectorized(o) && bits(o) < 32) {
            // Whole words: lanes past the count write the padding of the tensor's last word (inside
            // TotalTensorSizeInBytes, as DMLCalcBufferTensorSize rounds up to 4 bytes).
            const std::string at = vectorStart(o) + " >> 2u";
            if (bits(o) == 8)
                return indent + n + "[" + at + "] = " + lane(0) + " | (" + lane(1) + " << 8u) | (" + lane(2) +
                       " << 16u) | (" + lane(3) + " << 24u);\n";
            auto pair = [&](uint32_t j) {
                if (type(o) == ScalarType::Float16)
                    return "vk_half_pair_from_floats(o" + s + "_" + str(2 * j) + ", o" + s + "_" + str(2 * j + 1) + ")";
                return lane(2 * j) + " | (" + lane(2 * j + 1) + " << 16u)";
            };
            // One 8-byte store where all 4 lanes are in: CPU drivers pay per store instruction, not per byte.
            if (lanes == Lanes::Vector) return indent + storeVector(o, at, "uvec2(" + pair(0) + ", " + pair(1) + ")");
            std::string code;
            for (uint32_t j = 0; j < 2; ++j) {
                const std::string value = pair(j);
                const std::string target = n + "[(" + vectorStart(o) + " >> 1u) + " + str(j) + "u]";
                if (lanes == Lanes::Guarded) code += indent + "if (e + " + str(2 * j) + "u < count) " + target + " = " + value + ";\n";
                else code += indent + target + " = " + value + ";\n";
            }
            return code;
        }
        if (lanes == Lanes::Vector && vectorized(o))
            return indent + storeVector(o, vectorStart(o) + " >> 2u",
                                        "uvec4(" + lane(0) + ", " + lane(1) + ", " + lane(2) + ", " + lane(3) + ")");
        if (lanes == Lanes::Vector && bits(o) == 4 && (p_.access[o] == Access::Packed || p_.access[o] == Access::Rows)) {
            // 4 nibbles, 16 bits of a word whose other half another invocation (or the tensor's padding) owns: one
            // atomic for the 4 when they lie in one half word (as in the scalar stores), else one per nibble.
            const std::string i = vectorStart(o);
            const std::string word = n + "[" + i + " >> 3u]";
            std::string code = indent + "if ((" + i + " & 3u) == 0u) {\n" + indent + "    const uint shift = (" + i +
                               " & 4u) * 4u;\n" + indent + "    const uint v = " + lane(0) + " | (" + lane(1) +
                               " << 4u) | (" + lane(2) + " << 8u) | (" + lane(3) + " << 12u);\n" + indent +
                               "    atomicXor(" + word + ", (" + word + " & (0xffffu << shift)) ^ (v << shift));\n" +
                               indent + "} else {\n";
            for (uint32_t k = 0; k < count; ++k)
                code += indent + "    store" + s + "(" + laneIndex(o, k) + ", o" + s + "_" + str(k) + ");\n";
            return code + indent + "}\n";
        }
        std::string code;
        for (uint32_t k = 0; k < count; ++k) {
            const std::string call = "store" + s + "(" + laneIndex(o, k) + ", o" + s + "_" + str(k) + ");";
            code += indent + (lanes == Lanes::Guarded ? "if (e + " + str(k) + "u < count) " : "") + call + "\n";
        }
        return code;
    }

    void linearMain() {
        out_ += "void main() {\n"
                "    const uint count = pc.w[0];\n"
                "    const uint e = 4u * gl_GlobalInvocationID.x;\n"
                "    const bool whole = e + 4u <= count;\n"
                "    // kFlatMode 1: whole quads only, 2: the tail only (CPU devices run them as two dispatches).\n"
                "    if (e >= count || (kFlatMode == 1u && !whole) || (kFlatMode == 2u && whole)) return;\n"
                "    if (kFlatMode == 1u || (kFlatMode == 0u && whole)) {\n";
        out_ += laneBlock(4, Lanes::Vector, "        ");
        out_ += "    } else {\n";
        out_ += laneBlock(4, Lanes::Guarded, "        ");
        out_ += "    }\n}\n";
    }

    std::vector<uint32_t> stridedTensors() const {
        std::vector<uint32_t> strided;
        for (uint32_t t = 0; t < p_.tensorCount(); ++t)
            if (hasStrides(p_.access[t])) strided.push_back(t);
        return strided;
    }
    std::string stride(uint32_t t, const std::string& d) const {
        return "pc.w[" + str(layout_.strides[t]) + "u + " + d + "]";
    }
    // at<t> += c * (stride of dimension d) for every strided tensor; c and d are GLSL expressions.
    void addCoordinate(const std::vector<uint32_t>& strided, const std::string& c, const std::string& d,
                       const std::string& indent) {
        for (uint32_t t : strided) out_ += indent + "at" + str(t) + " += " + c + " * " + stride(t, d) + ";\n";
    }
    // Splits `rest` into the coordinates of dimensions first .. rank - 2 by multiply-high divisions, adding each to
    // the strided tensors' positions: unrolled when the program fixes the rank, else a loop up to `last`
    // (rank - 1, from the push constants). `rest` is left holding the outermost coordinate.
    void splitCoordinates(const std::vector<uint32_t>& strided, uint32_t first) {
        if (p_.rank > 0) {
            for (uint32_t d = first; d + 1 < p_.rank; ++d) {
                out_ += "    {\n"
                        "        const uint q = vk_divide_by_size(rest, " + str(d) + "u);\n"
                        "        const uint c = rest - q * " + word(layout_.sizes + d) + ";\n"
                        "        rest = q;\n";
                addCoordinate(strided, "c", str(d) + "u", "        ");
                out_ += "    }\n";
            }
            return;
        }
        out_ += "    const uint last = pc.w[1] - 1u;\n"
                "    for (uint d = " + str(first) + "u; d < last; ++d) {\n"
                "        const uint q = vk_divide_by_size(rest, d);\n"
                "        const uint c = rest - q * pc.w[" + str(layout_.sizes) + "u + d];\n"
                "        rest = q;\n";
        addCoordinate(strided, "c", "d", "        ");
        out_ += "    }\n";
    }
    std::string outermost() const { return p_.rank > 0 ? str(p_.rank - 1) + "u" : "last"; }

    // Quads (lanes = 4) or single elements, one per invocation (the host dispatches a 2D grid of workgroups when
    // one row of groups is too short), coordinates by multiply-high divisions.
    void loopMain(uint32_t lanesPerStep) {
        const std::string step = str(lanesPerStep);
        out_ += "void main() {\n"
                "    const uint count = pc.w[0];\n"
                "    const uint g = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x);\n"
                "    if (g >= count / " + step + "u) return;\n"
                "    const uint e = " + step + "u * g;\n";
        const std::vector<uint32_t> strided = stridedTensors();
        for (uint32_t t : strided) out_ += "    uint at" + str(t) + " = " + base(t) + ";\n";
        if (!strided.empty()) {
            out_ += "    uint rest = e;\n";
            splitCoordinates(strided, 0);
            addCoordinate(strided, "rest", outermost(), "    ");
        }
        out_ += laneBlock(lanesPerStep, lanesPerStep == 4 ? Lanes::Vector : Lanes::Single, "    ");
        out_ += "}\n";
    }

    // One invocation per column x (dimension 0; a quad of columns for TileQuads) and block of kTileRows rows of
    // dimension 1, x fastest; the outer dimensions come from the rest of the invocation index.
    void tilesMain(uint32_t lanes) {
        const std::string rows = str(kTileRows) + "u";
        const std::vector<uint32_t> strided = stridedTensors();
        out_ += "void main() {\n"
                "    const uint g = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x);\n"
                "    const uint height = " + word(layout_.sizes + 1) + ";\n"
                "    const uint blocks = (height + " + str(kTileRows - 1) + "u) / " + rows + ";\n"
                "    const uint xq = vk_divide_by_size(" + str(lanes) + "u * g, 0u);\n"
                "    const uint x = " + str(lanes) + "u * g - xq * " + word(layout_.sizes) + ";\n"
                "    uint rest = xq / blocks;\n"
                "    const uint y0 = (xq - rest * blocks) * " + rows + ";\n";
        for (uint32_t t : strided)
            out_ += "    uint at" + str(t) + " = " + base(t) + " + x * " + stride(t, "0u") + " + y0 * " + stride(t, "1u") + ";\n";
        splitCoordinates(strided, 2);
        // The outermost coordinate is what is left: past its size (or past 0 in rank 2), the invocation is spare.
        if (p_.rank == 2) {
            out_ += "    if (rest != 0u) return;\n";
        } else if (p_.rank > 0) {
            out_ += "    if (rest >= " + word(layout_.sizes + p_.rank - 1) + ") return;\n";
            addCoordinate(strided, "rest", outermost(), "    ");
        } else {
            out_ += "    if (last < 2u ? rest != 0u : rest >= pc.w[" + str(layout_.sizes) + "u + last]) return;\n"
                    "    if (last >= 2u) {\n";
            addCoordinate(strided, "rest", "last", "        ");
            out_ += "    }\n";
        }
        out_ += "    const uint n = min(" + rows + ", height - y0);\n";
        std::vector<uint32_t> columns;
        for (uint32_t t : strided)
            if (p_.access[t] == Access::Columns) columns.push_back(t);
        if (columns.empty()) {
            out_ += "    for (uint k = 0u; k < n; ++k) {\n";
            out_ += laneBlock(lanes, lanes == 4 ? Lanes::Vector : Lanes::Single, "        ");
            for (uint32_t t : strided) out_ += "        at" + str(t) + " += " + stride(t, "1u") + ";\n";
            out_ += "    }\n}\n";
            return;
        }
        // Blocks of 4 x 4: one vector down each of the 4 columns of every tensor read by columns (a register
        // transpose), then 4 rows of quads for the others.
        out_ += "    for (uint k = 0u; k < n; k += 4u) {\n";
        for (uint32_t t : columns) {
            for (uint32_t k = 0; k < 4; ++k)
                out_ += "        const " + vectorType(t) + " c" + str(t) + "_" + str(k) + " = " +
                        loadVector(t, "(at" + str(t) + " + " + str(k) + "u * " + stride(t, "0u") + ") >> 2u") + ";\n";
        }
        for (uint32_t row = 0; row < 4; ++row) {
            out_ += "        {\n" + laneBlock(4, Lanes::Vector, "            ", row) + "        }\n";
            for (uint32_t t : strided)
                if (p_.access[t] != Access::Columns) out_ += "        at" + str(t) + " += " + stride(t, "1u") + ";\n";
        }
        for (uint32_t t : columns) out_ += "        at" + str(t) + " += 4u * " + stride(t, "1u") + ";\n";
        out_ += "    }\n}\n";
    }

    const ElementwiseProgram& p_;
    GeneralParamsLayout layout_;
    uint32_t outputs_;
    std::string out_;
};

}  // namespace

std::string generateGeneralGlsl(const ElementwiseProgram& program) {
    if (!program.general()) throw std::invalid_argument("not a general walk: " + program.describe());
    if (std::string problem = program.validate(); !problem.empty())
        throw std::invalid_argument("invalid element-wise program: " + problem + "\n" + program.describe());
    const GeneralParamsLayout layout = generalParamsLayout(program);
    if (layout.maxRank < (isTileWalk(program.walk) ? 2u : 1u))
        throw std::invalid_argument("too many tensors and attributes for the push constants: " + program.describe());
    std::vector<std::string> roots = {"vk_float_from_half_bits", "vk_half_bits_from_float"};
    for (const std::string& root : programLibraryRoots(program)) roots.push_back(root);
    return Writer(program).source(std::string(glslSource("vkdml_half.glsl")) +
                                  mathLibraryClosure(roots, program.fusedFma));
}

bool movesVectors(const ElementwiseProgram& program, uint32_t t) {
    const Access a = program.access[t];
    const uint32_t bits = scalarTypeBits(program.tensorType(t));
    return program.walk != Walk::Elements && (a == Access::Packed || a == Access::Rows || a == Access::Columns) &&
           bits >= 8 && bits < 64;
}

bool movesAnyVectors(const ElementwiseProgram& program) {
    for (uint32_t t = 0; t < program.tensorCount(); ++t)
        if (movesVectors(program, t)) return true;
    return false;
}

}  // namespace vkdml::kernel
