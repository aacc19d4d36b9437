#include "ops/reduce/generator.h"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

#include "kernel/fused_activation.h"
#include "kernel/glsl_library.h"
#include "ops/reduce/generator_stages.h"
#include "ops/reduce/generator_subgroup_folds.h"
#include "ops/reduce/generator_walks.h"

namespace vkdml::reduce {

namespace {

std::string u(uint64_t v) { return std::to_string(v) + "u"; }

enum class Value { Float, Int, Uint, Int64, Uint64 };

Value valueOf(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32:
        case DML_TENSOR_DATA_TYPE_FLOAT16: return Value::Float;
        case DML_TENSOR_DATA_TYPE_INT32:
        case DML_TENSOR_DATA_TYPE_INT16:
        case DML_TENSOR_DATA_TYPE_INT8: return Value::Int;
        case DML_TENSOR_DATA_TYPE_UINT32:
        case DML_TENSOR_DATA_TYPE_UINT16:
        case DML_TENSOR_DATA_TYPE_UINT8: return Value::Uint;
        case DML_TENSOR_DATA_TYPE_INT64: return Value::Int64;
        case DML_TENSOR_DATA_TYPE_UINT64: return Value::Uint64;
        default: throw std::invalid_argument(std::string("no reduction kernel for ") + dml::dataTypeName(type));
    }
}

const char* glslType(Value v) {
    switch (v) {
        case Value::Float: return "float";
        case Value::Int: return "int";
        case Value::Uint: return "uint";
        case Value::Int64: return "int64_t";
        case Value::Uint64: return "uint64_t";
    }
    return "uint";
}

bool isSigned(Value v) { return v == Value::Int || v == Value::Int64; }

class Writer {
public:
    Writer(const Plan& plan, const KernelShape& shape) : p_(plan), s_(shape) {
        uint32_t next = 0;
        for (uint32_t slot = 0; slot < kMaxSlots; ++slot) binding_[slot] = p_.present(Slot(slot)) ? next++ : ~0u;
        in_ = valueOf(p_.types[kInput]);
        vector_ = inputVectorWidth(p_);
        outputVector_ = outputVectorWidth(p_);
        std::array<std::string, kMaxSlots> buffers;
        for (uint32_t slot = 0; slot < kMaxSlots; ++slot)
            if (binding_[slot] != ~0u) buffers[slot] = buffer(slot);
        walks_.emplace(p_, vector_, outputVector_, buffers, vt());
        if (keepsRows()) walks_->keepRows(keptVectors());
    }

    std::string source() {
        header();
        library();
        loads();
        stores();
        out_ += neighboursGlsl(p_);
        offsets();
        helpers();
        body();
        return out_;
    }

private:
    std::string buffer(uint32_t slot) const { return "t" + std::to_string(binding_[slot]); }
    const char* vt() const { return glslType(in_); }
    bool floats() const { return in_ == Value::Float; }
    // The integer value types' extremes, the starting values of MAX and MIN.
    std::string lowest() const {
        switch (in_) {
            case Value::Int: return "int(0x80000000u)";
            case Value::Int64: return "int64_t(0x8000000000000000ul)";
            case Value::Uint64: return "uint64_t(0ul)";
            default: return "0u";
        }
    }
    std::string highest() const {
        switch (in_) {
            case Value::Int: return "int(0x7fffffffu)";
            case Value::Int64: return "int64_t(0x7ffffffffffffffful)";
            case Value::Uint64: return "uint64_t(0xfffffffffffffffful)";
            default: return "~0u";
        }
    }

    void header() {
        out_ = "#version 450\n// reduction: " + p_.describe() + "\n";
        if (in_ == Value::Int64 || in_ == Value::Uint64)
            out_ += "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n";
        if (s_.subgroupSize) out_ += subgroupExtensionsGlsl();
        if (s_.nativeHalf) out_ += "#define VKDML_NATIVE_HALF\n";
        if (s_.exactDivSqrt) out_ += "#define VKDML_EXACT_DIV_SQRT\n";
        if (s_.fusedFma) out_ += "#define VKDML_FUSED_FMA\n";
        if (s_.emulatedFma) out_ += "#define VKDML_EMULATED_FMA\n";
        out_ += "layout(local_size_x = " + std::to_string(s_.workgroupSize) + ") in;\n";
        out_ += "layout(push_constant, std430) uniform Constants { uint base[" + std::to_string(kMaxSlots) +
                "]; uint firstRow; uint rowEnd;" + std::string(split() ? " uint scratchBase;" : "") + " } pc;\n";
        for (uint32_t slot = 0; slot < kMaxSlots; ++slot) {
            if (binding_[slot] == ~0u) continue;
            const std::string access = p_.written(Slot(slot)) ? "buffer" : "readonly buffer";
            out_ += "layout(std430, binding = " + std::to_string(binding_[slot]) + ") " + access + " T" +
                    std::to_string(binding_[slot]) + " { uint " + buffer(slot) + "[]; };\n";
            const bool prologueSlot =
                std::find(p_.prologueSlots.begin(), p_.prologueSlots.end(), slot) != p_.prologueSlots.end();
            if ((slot == kInput || prologueSlot) && vector_)
                out_ += "layout(std430, binding = " + std::to_string(binding_[slot]) + ") readonly buffer T" +
                        std::to_string(binding_[slot]) + "v { uvec4 " + buffer(slot) + "v[]; };\n";
            if (slot == kOutput && outputVector_)
                out_ += "layout(std430, binding = " + std::to_string(binding_[slot]) + ") buffer T" +
                        std::to_string(binding_[slot]) + "w { uvec4 " + buffer(slot) + "w[]; };\n";
        }
        if (split()) {
            uint32_t scratch = 0;
            for (uint32_t slot = 0; slot < kMaxSlots; ++slot) scratch += binding_[slot] != ~0u ? 1 : 0;
            out_ += "layout(std430, binding = " + std::to_string(scratch) + ") buffer Scratch { uint scratch[]; };\n";
        }
        const uint32_t rowsPerGroup = s_.workgroupSize / s_.threadsPerRow;
        out_ += "const uint WG = " + u(s_.workgroupSize) + ";\nconst uint T = " + u(s_.threadsPerRow) +
                ";\nconst uint N = " + u(p_.rowLength) + ";\nconst uint RPG = " + u(rowsPerGroup) + ";\n";
        if (split())
            out_ += "const uint S = " + u(s_.segments) + ";\nconst uint RL = " + u(s_.segmentLength) +
                    ";\nconst uint R = " + u(p_.rows) + ";\n";
        out_ += "uint lid, lane, rowSlot;\n";
    }

    void library() {
        std::vector<std::string> roots = {"vk_f2", "vk_two_sum", "vk_fast_two_sum", "vk_two_prod", "vk_m_isnan",
                                          "vk_m_isinf", "vk_m_signbit", "vk_m_inf", "vk_m_nan", "vk_m_signed_zero",
                                          "vk_div_cr", "vk_sqrt_cr", "vk_m_sqrt2", "vk_m_div2", "vk_m_div_pair",
                                          "vk_m_exp_hl", "vk_m_log_hl", "vk_log"};
        if ((p_.kind == Kind::Normalize || p_.kind == Kind::BatchNorm) && p_.fused.type != DML_OPERATOR_INVALID) {
            for (const std::string& root : kernel::fusedActivationRoots(p_.fused)) roots.push_back(root);
        }
        for (const std::string& root : neighbourRoots(p_)) roots.push_back(root);
        if (halfSoftmax()) roots.push_back("vk_h_exp");
        if (p_.kind == Kind::Softmax) roots.push_back("vk_m_exp_lean_hl");
        out_ += std::string(kernel::glslSource("vkdml_half.glsl"));
        out_ += kernel::mathLibraryClosure(roots, s_.fusedFma);
    }

    // loadIn(i) for the input (its value type), loadScale(i) / loadBias(i) as floats,
    // loadX<slot>(i) for the tensors of fused neighbours.
    void loads() {
        load(kInput, "loadIn");
        if (p_.present(kScale)) load(kScale, "loadScale");
        if (p_.present(kBias)) load(kBias, "loadBias");
        for (uint32_t s = kFirstExtra; s < kMaxSlots; ++s)
            if (p_.extra(Slot(s))) load(s, ("loadX" + std::to_string(s)).c_str());
        auto own = [&](Slot slot) { return p_.present(slot) && !p_.written(slot) && !p_.extra(slot); };
        if (own(kMean)) load(kMean, "loadMean");
        if (own(kVariance)) load(kVariance, "loadVariance");
        if (own(kAddend)) load(kAddend, "loadAddend");
    }
    void load(uint32_t slot, const char* name) {
        const std::string b = buffer(slot);
        const DML_TENSOR_DATA_TYPE type = p_.types[slot];
        const std::string t = glslType(valueOf(type));
        std::string expr;
        switch (type) {
            case DML_TENSOR_DATA_TYPE_FLOAT32: expr = "uintBitsToFloat(" + b + "[i])"; break;
            case DML_TENSOR_DATA_TYPE_FLOAT16: expr = "vk_float_from_half_bits(" + b + "[i >> 1u] >> ((i & 1u) * 16u))"; break;
            case DML_TENSOR_DATA_TYPE_INT32: expr = "int(" + b + "[i])"; break;
            case DML_TENSOR_DATA_TYPE_UINT32: expr = b + "[i]"; break;
            case DML_TENSOR_DATA_TYPE_INT16: expr = "bitfieldExtract(int(" + b + "[i >> 1u]), int((i & 1u) * 16u), 16)"; break;
            case DML_TENSOR_DATA_TYPE_UINT16: expr = "bitfieldExtract(" + b + "[i >> 1u], int((i & 1u) * 16u), 16)"; break;
            case DML_TENSOR_DATA_TYPE_INT8: expr = "bitfieldExtract(int(" + b + "[i >> 2u]), int((i & 3u) * 8u), 8)"; break;
            case DML_TENSOR_DATA_TYPE_UINT8: expr = "bitfieldExtract(" + b + "[i >> 2u], int((i & 3u) * 8u), 8)"; break;
            case DML_TENSOR_DATA_TYPE_INT64:
            case DML_TENSOR_DATA_TYPE_UINT64:
                expr = t + "(packUint2x32(uvec2(" + b + "[2u * i], " + b + "[2u * i + 1u])))";
                break;
            default: throw std::invalid_argument(std::string("no load for ") + dml::dataTypeName(type));
        }
        out_ += t + " " + name + "(uint i) { return " + expr + "; }\n";
    }

    // store(i, v): the output element i. Elements narrower than a word share it with other invocations' elements:
    // one atomic flips exactly this element's bits from what they were to the new value.
    void stores() {
        store(kOutput, "");
        if (p_.written(kMean)) store(kMean, "Mean");
        if (p_.written(kVariance)) store(kVariance, "Variance");
    }
    void store(uint32_t slot, const std::string& suffix) {
        const std::string b = buffer(slot);
        const DML_TENSOR_DATA_TYPE type = p_.types[slot];
        const std::string storeBits = "storeBits" + suffix;
        out_ += "void " + storeBits + "(uint w, uint shift, uint mask, uint bits) {\n"
                "    uint current = " + b + "[w];\n"
                "    atomicXor(" + b + "[w], (current & (mask << shift)) ^ ((bits & mask) << shift));\n}\n";
        const std::string arg = p_.isArg() ? "uint" : glslType(valueOf(type));
        std::string body;
        switch (type) {
            case DML_TENSOR_DATA_TYPE_FLOAT32: body = b + "[i] = floatBitsToUint(v);"; break;
            case DML_TENSOR_DATA_TYPE_FLOAT16: body = storeBits + "(i >> 1u, (i & 1u) * 16u, 0xffffu, vk_half_bits_from_float(v));"; break;
            case DML_TENSOR_DATA_TYPE_INT32:
            case DML_TENSOR_DATA_TYPE_UINT32: body = b + "[i] = uint(v);"; break;
            case DML_TENSOR_DATA_TYPE_INT16:
            case DML_TENSOR_DATA_TYPE_UINT16: body = storeBits + "(i >> 1u, (i & 1u) * 16u, 0xffffu, uint(v));"; break;
            case DML_TENSOR_DATA_TYPE_INT8:
            case DML_TENSOR_DATA_TYPE_UINT8: body = storeBits + "(i >> 2u, (i & 3u) * 8u, 0xffu, uint(v));"; break;
            case DML_TENSOR_DATA_TYPE_INT64:
            case DML_TENSOR_DATA_TYPE_UINT64:
                body = p_.isArg() ? b + "[2u * i] = v; " + b + "[2u * i + 1u] = 0u;"
                                  : "uvec2 w = unpackUint2x32(uint64_t(v)); " + b + "[2u * i] = w.x; " + b +
                                        "[2u * i + 1u] = w.y;";
                break;
            default: throw std::invalid_argument(std::string("no store for ") + dml::dataTypeName(type));
        }
        out_ += "void store" + suffix + "(uint i, " + arg + " v) { " + body + " }\n";
    }

    // rowBase(r): every slot's element index of row r's first element; elementOffset(j): of element j of a row.
    void offsets() {
        offsets(0, "");
        if (p_.hasHighSlots()) offsets(4, "2");
    }
    // The functions for slots first..first+3, their names ending in `suffix`.
    void offsets(uint32_t first, const std::string& suffix) {
        auto walk = [&](const std::vector<Dim>& dims, const std::string& index) {
            std::string code = "    uint q = " + index + ";\n";
            for (size_t d = 0; d < dims.size(); ++d) {
                const bool last = d + 1 == dims.size();
                code += last ? "    uint c" + std::to_string(d) + " = q;\n"
                             : "    uint c" + std::to_string(d) + " = q % " + u(dims[d].size) + "; q = q / " +
                                   u(dims[d].size) + ";\n";
                code += "    o += c" + std::to_string(d) + " * uvec4(" + u(uint32_t(dims[d].strides[first])) + ", " +
                        u(uint32_t(dims[d].strides[first + 1])) + ", " + u(uint32_t(dims[d].strides[first + 2])) +
                        ", " + u(uint32_t(dims[d].strides[first + 3])) + ");\n";
            }
            return code;
        };
        const std::string f = std::to_string(first);
        out_ += "uvec4 rowBase" + suffix + "(uint r) {\n    uvec4 o = uvec4(pc.base[" + f + "], pc.base[" + f +
                " + 1], pc.base[" + f + " + 2], pc.base[" + f + " + 3]);\n" + walk(p_.kept, "r") +
                "    return o;\n}\n";
        out_ += "uvec4 elementOffset" + suffix + "(uint j) {\n    uvec4 o = uvec4(0u);\n" + walk(p_.reduced, "j") +
                "    return o;\n}\n";
    }

    // Folds, the tree over a row's invocations, and the float helpers.
    void helpers() {
        const std::string v = vt();
        out_ += "shared float shHi[WG];\nshared float shLo[WG];\nshared " + v + " shV[WG];\nshared uint shI[WG];\n";
        out_ += "void sync() { memoryBarrierShared(); barrier(); }\n";
        // Compensated sums: hi + lo, lo collecting every rounding error of hi.
        out_ += "vk_f2 pairOf(float hi, float lo) { vk_f2 r; r.hi = hi; r.lo = lo; return r; }\n"
                "vk_f2 addTo(vk_f2 s, float x) { vk_f2 t = vk_two_sum(s.hi, x); t.lo = s.lo + t.lo; return t; }\n"
                "vk_f2 addPairs(vk_f2 a, vk_f2 b) { vk_f2 t = vk_two_sum(a.hi, b.hi); t.lo = t.lo + (a.lo + b.lo); "
                "return t; }\n"
                "float value(vk_f2 s) { return (vk_m_isinf(s.hi) || vk_m_isnan(s.hi) || s.lo == 0.0) ? s.hi : s.hi + s.lo; }\n"
                // x * x as an exact pair where Dekker's product allows it.
                "vk_f2 square(float x) {\n"
                "    float p = x * x;\n"
                "    if (vk_m_isinf(p) || vk_m_isnan(p) || abs(x) > 1.0e30 || abs(x) < 1.0e-15) return pairOf(p, 0.0);\n"
                "    return vk_two_prod(x, x);\n}\n"
                "vk_f2 addSquare(vk_f2 s, vk_f2 d) {\n"
                "    vk_f2 p = square(d.hi);\n"
                "    vk_f2 t = addTo(s, p.hi);\n"
                "    t.lo = t.lo + (p.lo + 2.0 * d.hi * d.lo);\n"
                "    return t;\n}\n"
                // Products: hi + lo, kept exact where Dekker's product allows it.
                "vk_f2 mulPairs(vk_f2 a, vk_f2 b) {\n"
                "    float p = a.hi * b.hi;\n"
                "    if (vk_m_isinf(p) || vk_m_isnan(p) || p == 0.0) return pairOf(p, 0.0);\n"
                "    if (abs(a.hi) > 1.0e30 || abs(b.hi) > 1.0e30 || abs(p) < 1.0e-28)\n"
                "        return pairOf(p + (a.hi * b.lo + a.lo * b.hi), 0.0);\n"
                "    vk_f2 t = vk_two_prod(a.hi, b.hi);\n"
                "    return vk_fast_two_sum(t.hi, t.lo + (a.hi * b.lo + a.lo * b.hi));\n}\n"
                // (n.hi + n.lo) / (d.hi + d.lo), d >= 1 finite, as a pair.
                "vk_f2 dividePairs(vk_f2 n, vk_f2 d) {\n"
                "    if (!(abs(n.hi) >= 1.0e-30) || vk_m_isinf(n.hi) || vk_m_isinf(d.hi) || vk_m_isnan(d.hi))\n"
                "        return pairOf(n.hi / d.hi, 0.0);\n"
                "    return vk_m_div2(n.hi, n.lo, d.hi, d.lo);\n}\n"
                "vk_f2 countPair() { return pairOf(" + kernel::exactFloatLiteral(float(p_.rowLength)) + ", " +
                kernel::exactFloatLiteral(float(double(p_.rowLength) - double(float(p_.rowLength)))) + "); }\n";
        // Extremes: NaN wins; +0 is above -0.
        out_ += "float maxOf(float a, float b) {\n"
                "    if (vk_m_isnan(a)) return a;\n    if (vk_m_isnan(b)) return b;\n"
                "    return (b > a || (b == a && vk_m_signbit(a) && !vk_m_signbit(b))) ? b : a;\n}\n"
                "float minOf(float a, float b) {\n"
                "    if (vk_m_isnan(a)) return a;\n    if (vk_m_isnan(b)) return b;\n"
                "    return (b < a || (b == a && !vk_m_signbit(a) && vk_m_signbit(b))) ? b : a;\n}\n";
        if (!floats()) out_ += v + " maxOf(" + v + " a, " + v + " b) { return max(a, b); }\n" + v + " minOf(" + v +
                               " a, " + v + " b) { return min(a, b); }\n";
        // ARGMAX/ARGMIN and HARDMAX: does (bv, bi) replace (av, ai)? ~0u is "no element yet".
        const bool argMin = p_.kind == Kind::Reduce && p_.function == DML_REDUCE_FUNCTION_ARGMIN;
        out_ += "bool replaces(" + v + " av, uint ai, " + v + " bv, uint bi) {\n"
                "    if (bi == ~0u) return false;\n    if (ai == ~0u) return true;\n"
                "    bool tie = " + std::string(p_.decreasing ? "bi > ai" : "bi < ai") + ";\n";
        if (floats())
            out_ += "    bool an = vk_m_isnan(av), bn = vk_m_isnan(bv);\n"
                    "    if (an || bn) return an == bn ? tie : bn;\n";
        out_ += "    if (bv == av) return tie;\n    return " + std::string(argMin ? "bv < av" : "bv > av") + ";\n}\n";
        trees();
        elementFunctions();
    }

    // The fold of a row's T invocations, each leaving the row's result in every invocation of the row: in shared
    // memory, or by subgroup operations (KernelShape::subgroupSize; the same tree, the same bits).
    void trees() {
        const std::string v = vt();
        const bool bySubgroups = s_.subgroupSize > 0;
        auto tree = [&](const std::string& type, const std::string& signature, const std::string& store,
                        const std::string& combine, const std::string& result) {
            out_ += type + " " + signature + " {\n" + store + "    sync();\n"
                    "    for (uint w = T / 2u; w > 0u; w >>= 1u) {\n"
                    "        if (lane < w) {\n" + combine + "        }\n        sync();\n    }\n"
                    "    " + type + " total = " + result + ";\n    sync();\n    return total;\n}\n";
        };
        const std::string storePair = "    shHi[lid] = s.hi; shLo[lid] = s.lo;\n";
        const std::string pairResult = "pairOf(shHi[rowSlot * T], shLo[rowSlot * T])";
        auto combinePairs = [](const char* fn) {
            return std::string("            vk_f2 r = ") + fn +
                   "(pairOf(shHi[lid], shLo[lid]), pairOf(shHi[lid + w], shLo[lid + w]));\n"
                   "            shHi[lid] = r.hi; shLo[lid] = r.lo;\n";
        };
        auto pairFold = [&](const std::string& signature, const char* fn) {
            if (!bySubgroups) return tree("vk_f2", signature, storePair, combinePairs(fn), pairResult);
            RowFold fold{"vk_f2", signature, {{"float", "Hi", "s.hi", "shHi"}, {"float", "Lo", "s.lo", "shLo"}},
                         std::string("            vk_f2 r = ") + fn +
                             "(pairOf(aHi, aLo), pairOf(bHi, bLo));\n            aHi = r.hi; aLo = r.lo;\n",
                         "pairOf(aHi, aLo)"};
            out_ += subgroupFoldGlsl(fold, s_);
        };
        pairFold("rowSumUnnormalized(vk_f2 s)", "addPairs");
        // hi + lo exactly, |lo| <= ulp(hi) / 2 (the pair divisions and square roots rely on it).
        out_ += "vk_f2 rowSum(vk_f2 s) {\n    vk_f2 t = rowSumUnnormalized(s);\n"
                "    return (vk_m_isinf(t.hi) || vk_m_isnan(t.hi)) ? t : vk_two_sum(t.hi, t.lo);\n}\n";
        pairFold("rowProduct(vk_f2 s)", "mulPairs");
        for (const char* fold : {"Sum", "Product", "Max", "Min"}) {
            const std::string f = fold;
            const std::string op = f == "Sum"       ? "a + b"
                                   : f == "Product" ? "a * b"
                                   : f == "Max"     ? "maxOf(a, b)"
                                                    : "minOf(a, b)";
            out_ += v + " fold" + f + "(" + v + " a, " + v + " b) { return " + op + "; }\n";
            const std::string signature = "row" + f + "Value(" + v + " x)";
            if (bySubgroups)
                out_ += subgroupFoldGlsl(RowFold{v, signature, {{v, "V", "x", "shV"}},
                                                 "            aV = fold" + f + "(aV, bV);\n", "aV"},
                                         s_);
            else
                tree(v, signature, "    shV[lid] = x;\n",
                     "            shV[lid] = fold" + f + "(shV[lid], shV[lid + w]);\n", "shV[rowSlot * T]");
        }
        // A split row's parts keep their extreme too (argBest).
        if (split()) out_ += v + " argBest;\n";
        const std::string argSignature = "rowArg(" + v + " x, uint i)";
        if (bySubgroups)
            out_ += subgroupFoldGlsl(RowFold{"uint", argSignature, {{v, "V", "x", "shV"}, {"uint", "I", "i", "shI"}},
                                             "            if (replaces(aV, aI, bV, bI)) { aV = bV; aI = bI; }\n",
                                             split() ? "(argBest = aV, aI)" : "aI"},
                                     s_);
        else
            tree("uint", argSignature, "    shV[lid] = x; shI[lid] = i;\n",
                 "            if (replaces(shV[lid], shI[lid], shV[lid + w], shI[lid + w])) {\n"
                 "                shV[lid] = shV[lid + w]; shI[lid] = shI[lid + w];\n            }\n",
                 split() ? "(argBest = shV[rowSlot * T], shI[rowSlot * T])" : "shI[rowSlot * T]");
    }

    // The per-element functions of the softmax family and the normalizations.
    void elementFunctions() {
        if (halfSoftmax()) {
            // A softmax with a FLOAT16 result needs each exp(x - m) within about 2^-16 only (the sum adds no
            // more, the quotient two roundings): vk_h_exp's 2^-17 (glsl/vkdml_half_forms.glsl) with x - m rounded
            // once (at most 87 * 2^-24 = 2^-17.6 more), no pairs. 0 below -87, where e^(x - m) < 2^-125.
            out_ += "float expOf(float x, float m) {\n"
                    "    precise float d = x - m;\n"
                    "    if (vk_m_isnan(d)) return d;\n"
                    "    if (d < -87.0) return 0.0;\n"
                    "    vk_h_exp_parts e = vk_h_exp(d);\n"
                    "    precise float r = e.m * vk_m_pow2(e.k);\n"
                    "    return r;\n}\n";
        } else {
            // exp(x - m) for x <= m, with x - m formed exactly: within 1 ULP whatever the magnitudes (0 below the
            // smallest subnormal; NaN when x - m is). SOFTMAX's quotients need each exponential within about 1 ULP
            // only (SEMANTICS.md): the lean form, 1.2 ULP; LOG_SOFTMAX and LOG_SUM_EXP take the logarithm of the
            // sum, whose error is absolute there, so they keep the pair form's 2^-40.
            const std::string exp = p_.kind == Kind::Softmax ? "vk_m_exp_lean_hl" : "vk_m_exp_hl";
            out_ += "float expOf(float x, float m) {\n"
                    "    vk_f2 d = vk_two_sum(x, -m);\n"
                    "    if (vk_m_isnan(d.hi)) return d.hi;\n"
                    "    if (d.hi < -104.5) return 0.0;\n"
                    "    return " + exp + "(d.hi, d.lo);\n}\n";
        }
        // log(s.hi + s.lo) as a pair, for a finite s >= 2^-100.
        out_ += "vk_f2 logOf(vk_f2 s) {\n"
                "    vk_f2 l = vk_m_log_hl(s.hi);\n"
                "    l.lo = l.lo + s.lo / s.hi;\n"
                "    return l;\n}\n";
        // 1 / (s.hi + s.lo) as a pair, once per row (s >= 1, or NaN), and x times it: one rounding more than a
        // division, far cheaper.
        out_ += "vk_f2 reciprocalOf(vk_f2 s) {\n"
                "    if (vk_m_isnan(s.hi) || vk_m_isinf(s.hi) || !(s.hi >= 1.0e-30)) return pairOf(1.0 / s.hi, 0.0);\n"
                "    return vk_m_div2(1.0, 0.0, s.hi, s.lo);\n}\n"
                "float timesPair(float x, vk_f2 r) { return x * r.hi + x * r.lo; }\n";
        out_ += "float logSoftmaxOf(float x, float m, vk_f2 l) {\n"
                "    vk_f2 d = vk_two_sum(x, -m);\n"
                "    if (vk_m_isinf(d.hi) || vk_m_isnan(d.hi) || vk_m_isnan(l.hi)) return d.hi - l.hi;\n"
                "    vk_f2 r = vk_two_sum(d.hi, -l.hi);\n"
                "    return r.hi + (r.lo + (d.lo - l.lo));\n}\n";
        // Adds (d.hi + d.lo)^2 to s, the square within 2u (one rounding of d.hi + 2 d.lo, one of the product): the
        // variance's bound in SEMANTICS.md allows (L + 6)u, and the exact square pair costs a Dekker split where
        // fma() rounds twice (lavapipe) and a branch for its range everywhere.
        out_ += "vk_f2 addRoundedSquare(vk_f2 s, vk_f2 d) { return addTo(s, d.hi * (d.hi + 2.0 * d.lo)); }\n";
        // x - mean as a pair.
        out_ += "vk_f2 minusMean(float x, vk_f2 mean) {\n"
                "    vk_f2 d = vk_two_sum(x, -mean.hi);\n"
                "    if (vk_m_isinf(d.hi) || vk_m_isnan(d.hi)) return pairOf(d.hi, 0.0);\n"
                "    d.lo = d.lo - mean.lo;\n"
                "    return d;\n}\n";
        // d / deviation: times the deviation's reciprocal pair where it is a normal number, else divided (0 and
        // non-finite deviations give the quotient's IEEE result).
        out_ += "float normalized(vk_f2 d, vk_f2 deviation, vk_f2 inverse, bool invertible) {\n"
                "    if (!invertible || vk_m_isinf(d.hi) || vk_m_isnan(d.hi)) return vk_div_cr(value(d), value(deviation));\n"
                "    return d.hi * inverse.hi + (d.hi * inverse.lo + d.lo * inverse.hi);\n}\n";
    }

    std::string forElements(const std::string& code) const { return walks_->forElements(code); }
    // `code`, then `value` stored as the element's result (through the fused epilogue if there is one).
    std::string forElementsStoring(const std::string& code, const std::string& value, bool readsOutput = false,
                                   bool intermediate = false) const {
        const std::string stored = p_.epilogue ? "fusedValue(o, o2, " + value + ")" : value;
        return walks_->forElementsStoring(code, stored, storeCall("o", value), readsOutput, intermediate);
    }

    // SOFTMAX with a FLOAT16 result (its own output type, before any fused epilogue): the exponentials of
    // glsl/vkdml_half_forms.glsl. Not LOG_SOFTMAX, whose result near 0 needs the sum's logarithm to more than 2^-16.
    bool halfSoftmax() const { return p_.kind == Kind::Softmax && p_.resultType == DML_TENSOR_DATA_TYPE_FLOAT16; }

    // The store of `value` as the result at `where`'s element (o in the element loops, rb for a row's value),
    // through the fused epilogue if there is one.
    std::string storeCall(const std::string& where, const std::string& value) const {
        if (!p_.epilogue) return "store(" + where + ".y, " + value + ");";
        return "storeFused(" + where + ", " + where + "2, " + value + ");";
    }

    bool split() const { return s_.segments > 1; }

    // This invocation's vectors of its row: ceil(row's vectors / T).
    uint32_t keptVectors() const {
        const uint64_t vectors = vector_ ? p_.rowLength / vector_ : 0;
        return uint32_t(std::min<uint64_t>((vectors + s_.threadsPerRow - 1) / s_.threadsPerRow, kMaxKeptVectors + 1));
    }
    bool keepsRows() const {
        const bool walksAgain = p_.kind == Kind::Softmax || p_.kind == Kind::LogSoftmax || p_.kind == Kind::Hardmax ||
                                p_.kind == Kind::Normalize || p_.kind == Kind::LpNormalize;
        return s_.keptRows && walksAgain && vector_ && !p_.prologue && !split() && keptVectors() <= kMaxKeptVectors;
    }

    void body() {
        out_ += "void main() {\n"
                "    lid = " + std::string(s_.subgroupSize ? subgroupLocalInvocationGlsl() : "gl_LocalInvocationID.x") +
                ";\n    lane = lid % T;\n    rowSlot = lid / T;\n"
                "    uint block = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;\n"
                "    if (block * RPG < pc.rowEnd - pc.firstRow) {\n";
        if (split() && !(lastPhasePerRow(p_) && s_.phase + 1 == rowPhases(p_))) {
            // Row slots take parts: unit k * R + r is part k of row r, whose statistics are kept at r * S + k.
            out_ += "        uint unit = pc.firstRow + block * RPG + rowSlot;\n        bool live = unit < pc.rowEnd;\n"
                    "        if (!live) unit = pc.firstRow;\n        uint row = unit % R;\n"
                    "        uint part = row * S + unit / R;\n"
                    "        uint jBase = (unit / R) * RL;\n        uint jEnd = min(jBase + RL, N);\n"
                    "        uvec4 rb = rowBase(row);\n";
            if (p_.hasHighSlots()) out_ += "        uvec4 rb2 = rowBase2(row);\n";
        } else {
            out_ += "        uint row = pc.firstRow + block * RPG + rowSlot;\n        bool live = row < pc.rowEnd;\n"
                    "        const uint jBase = 0u, jEnd = N;\n"
                    "        uvec4 rb = rowBase(live ? row : pc.firstRow);\n";
            if (p_.hasHighSlots()) out_ += "        uvec4 rb2 = rowBase2(live ? row : pc.firstRow);\n";
        }
        if (keepsRows()) out_ += walks_->keptLoads();
        switch (p_.kind) {
            case Kind::Reduce: reduceBody(); break;
            case Kind::Softmax:
            case Kind::LogSoftmax: softmaxBody(); break;
            case Kind::Hardmax: hardmaxBody(); break;
            case Kind::Normalize: normalizeBody(); break;
            case Kind::LpNormalize: lpNormalizeBody(); break;
            case Kind::Scan: scanBody(); break;
            case Kind::BatchNorm:
                out_ += forElementsStoring(batchNormElementGlsl(p_, kernel::fusedActivationCall(p_.fused, "y")), "y");
                break;
            case Kind::Lrn: throw std::invalid_argument("LOCAL_RESPONSE_NORMALIZATION has a generator of its own");
        }
        out_ += "    }\n}\n";
    }

    void emitStages(const std::vector<Stage>& stages, const std::string& tail) {
        out_ += stagesGlsl(p_, s_, stages, tail);
    }

    // One value per row, written by the row's first invocation.
    void reduceBody() {
        const std::string v = vt();
        const uint32_t f = p_.function;
        auto write = [&](const std::string& result) {
            return "        if (live && lane == 0u) " + storeCall("rb", result) + "\n";
        };
        auto value = [&](const std::string& type, const std::string& var, const std::string& init,
                         const std::string& walk, const std::string& fold, const std::string& combine) {
            Stage s;
            s.init = "        " + type + " " + var + " = " + init + ";\n";
            s.walk = forElements(walk);
            s.fold = "        " + var + " = " + fold + "(" + var + ");\n";
            s.kept = Stage::Kept::Value;
            s.var = var, s.type = type, s.combine = combine;
            return s;
        };
        auto pair = [&](Stage::Kept kept, const std::string& init, const std::string& walk, const std::string& fold) {
            Stage s;
            s.init = "        vk_f2 acc = " + init + ";\n";
            s.walk = forElements(walk);
            s.fold = "        acc = " + fold + "(acc);\n";
            s.kept = kept;
            s.var = "acc";
            return s;
        };
        if (f == DML_REDUCE_FUNCTION_ARGMAX || f == DML_REDUCE_FUNCTION_ARGMIN) {
            emitStages({argStage()}, write("at"));
            return;
        }
        if (!floats()) {
            std::string fold = "Sum", term = "x", init = v + "(0)";
            if (f == DML_REDUCE_FUNCTION_MULTIPLY) fold = "Product", init = v + "(1)";
            if (f == DML_REDUCE_FUNCTION_MAX) fold = "Max", init = lowest();
            if (f == DML_REDUCE_FUNCTION_MIN) fold = "Min", init = highest();
            if (f == DML_REDUCE_FUNCTION_L1) term = isSigned(in_) ? "(x < " + v + "(0) ? -x : x)" : "x";
            if (f == DML_REDUCE_FUNCTION_SUM_SQUARE) term = "x * x";
            emitStages({value(v, "acc", init,
                              "            " + v + " x = xIn;\n            acc = fold" + fold + "(acc, " + term + ");\n",
                              "row" + fold + "Value", "fold" + fold)},
                       write("acc"));
            return;
        }
        switch (f) {
            case DML_REDUCE_FUNCTION_MAX:
            case DML_REDUCE_FUNCTION_MIN: {
                const bool isMax = f == DML_REDUCE_FUNCTION_MAX;
                const std::string fn = isMax ? "maxOf" : "minOf";
                emitStages({value("float", "acc", isMax ? "-vk_m_inf()" : "vk_m_inf()",
                                  "            acc = " + fn + "(acc, xIn);\n", isMax ? "rowMaxValue" : "rowMinValue",
                                  fn)},
                           write("acc"));
                return;
            }
            case DML_REDUCE_FUNCTION_MULTIPLY:
                emitStages({pair(Stage::Kept::Product, "pairOf(1.0, 0.0)",
                                 "            acc = mulPairs(acc, pairOf(xIn, 0.0));\n", "rowProduct")},
                           write("value(acc)"));
                return;
            case DML_REDUCE_FUNCTION_LOG_SUM_EXP:
                emitStages({value("float", "m", "-vk_m_inf()", "            m = maxOf(m, xIn);\n", "rowMaxValue",
                                  "maxOf"),
                            pair(Stage::Kept::Pair, "pairOf(0.0, 0.0)",
                                 "            acc = addTo(acc, expOf(xIn, m));\n", "rowSum")},
                           "        float result = m;\n"
                           "        if (!vk_m_isinf(m) && !vk_m_isnan(m)) {\n"
                           "            vk_f2 l = logOf(acc);\n"
                           "            vk_f2 r = vk_two_sum(m, l.hi);\n"
                           "            result = vk_m_isnan(acc.hi) ? acc.hi : r.hi + (r.lo + l.lo);\n        }\n" +
                               write("result"));
                return;
            default: break;
        }
        std::string term = "            acc = addTo(acc, x);\n";
        if (f == DML_REDUCE_FUNCTION_L1) term = "            acc = addTo(acc, abs(x));\n";
        if (f == DML_REDUCE_FUNCTION_L2 || f == DML_REDUCE_FUNCTION_SUM_SQUARE)
            term = "            acc = addSquare(acc, pairOf(x, 0.0));\n";
        std::string tail;
        switch (f) {
            case DML_REDUCE_FUNCTION_AVERAGE:
                tail = "        vk_f2 c = countPair();\n"
                       "        float result = vk_div_cr(value(acc), c.hi);\n"
                       "        if (c.lo != 0.0) result = result - result * (c.lo / c.hi);\n" + write("result");
                break;
            case DML_REDUCE_FUNCTION_L2:
                tail = "        float result = vk_sqrt_cr(value(acc));\n"
                       "        if (acc.hi >= 7.9e-31 && acc.hi <= 1.2e30) {\n"
                       "            vk_f2 r = vk_m_sqrt2(acc.hi, acc.lo);\n            result = r.hi + r.lo;\n        }\n" +
                       write("result");
                break;
            case DML_REDUCE_FUNCTION_LOG_SUM:
                tail = "        float result = vk_log(value(acc));\n"
                       "        if (acc.hi >= 1.0e-30 && !vk_m_isinf(acc.hi)) {\n"
                       "            vk_f2 l = logOf(acc);\n            result = l.hi + l.lo;\n        }\n" +
                       write("result");
                break;
            default: tail = write("value(acc)"); break;
        }
        emitStages({pair(Stage::Kept::Pair, "pairOf(vk_m_signed_zero(true), 0.0)", "            float x = xIn;\n" + term,
                         "rowSum")},
                   tail);
    }

    // ARGMAX, ARGMIN and HARDMAX's stage: the row's extreme (best) and its element index (at).
    Stage argStage() const {
        Stage s;
        s.init = "        " + std::string(vt()) + " best = " + vt() + "(0); uint at = ~0u;\n";
        s.walk = forElements("            " + std::string(vt()) + " x = xIn;\n"
                             "            if (replaces(best, at, x, j)) { best = x; at = j; }\n");
        s.fold = "        at = rowArg(best, at);\n";
        s.kept = Stage::Kept::Arg;
        s.var = "best", s.type = vt(), s.index = "at";
        return s;
    }

    // The maximum, the sum of exp(x - max), then every element. The maximum is a plain max(): where it skips a NaN
    // (Vulkan lets it return either operand), that NaN's exponential makes the sum NaN, so the row is NaN all the
    // same, and a signed zero's sign does not change any x - max. A FLOAT32 softmax keeps each exp(x - max) in its
    // output element between the last two walks (the same invocation writes and reads it) instead of computing it
    // twice; not with a fused epilogue, whose output tensor is not the softmax's and receives only final values.
    void softmaxBody() {
        const bool keepExp =
            p_.kind == Kind::Softmax && !p_.epilogue && p_.types[kOutput] == DML_TENSOR_DATA_TYPE_FLOAT32;
        const std::string sum = "            float e = expOf(xIn, m);\n            s = addTo(s, e);\n";
        Stage max;
        max.init = "        float m = -vk_m_inf();\n";
        max.walk = forElements("            m = max(m, xIn);\n");
        max.fold = "        m = rowMaxValue(m);\n";
        max.kept = Stage::Kept::Value;
        max.var = "m", max.type = "float", max.combine = "maxOf";
        Stage total;
        total.init = "        vk_f2 s = pairOf(0.0, 0.0);\n";
        total.walk = keepExp ? forElementsStoring(sum, "e", false, true) : forElements(sum);
        total.fold = "        s = rowSum(s);\n";
        total.var = "s";
        std::string tail;
        if (p_.kind == Kind::Softmax) {
            tail = "        vk_f2 r = reciprocalOf(s);\n" +
                   (keepExp ? forElementsStoring("", "timesPair(outIn, r)", true)
                            : forElementsStoring("", "timesPair(expOf(xIn, m), r)"));
        } else {
            tail = "        vk_f2 l = vk_m_isnan(s.hi) ? pairOf(s.hi, 0.0) : logOf(s);\n" +
                   forElementsStoring("", "logSoftmaxOf(xIn, m, l)");
        }
        emitStages({max, total}, tail);
    }

    // The P-norm of the row (compensated), at least Epsilon, then every element times its reciprocal pair.
    void lpNormalizeBody() {
        Stage norm;
        norm.init = "        vk_f2 acc = pairOf(0.0, 0.0);\n";
        norm.walk = forElements(p_.p == 1 ? "            acc = addTo(acc, abs(xIn));\n"
                                          : "            acc = addSquare(acc, pairOf(xIn, 0.0));\n");
        norm.fold = "        acc = rowSum(acc);\n";
        norm.var = "acc";
        std::string tail;
        if (p_.p == 1) {
            tail = "        vk_f2 norm = acc;\n";
        } else {
            tail = "        vk_f2 norm = pairOf(vk_sqrt_cr(value(acc)), 0.0);\n"
                   "        if (acc.hi >= 7.9e-31 && acc.hi <= 1.2e30) norm = vk_m_sqrt2(acc.hi, acc.lo);\n";
        }
        tail += "        if (norm.hi < " + kernel::exactFloatLiteral(p_.epsilon) + ") norm = pairOf(" +
                kernel::exactFloatLiteral(p_.epsilon) + ", 0.0);\n"
                "        vk_f2 r = reciprocalOf(norm);\n" +
                forElementsStoring("", "timesPair(xIn, r)");
        emitStages({norm}, tail);
    }

    // Running values in the row's order (one invocation per row): the compensated sum or the product pair for
    // floats, wrapping integer arithmetic otherwise; an exclusive scan takes its result before adding its element.
    // Results are stored by vectors where the output is packed like the input (an increasing scan's). A split row:
    // each part's total first (from the same start), then each part's scan from the start and the totals of the
    // parts before it in the scan's order.
    void scanBody() {
        const bool sum = p_.function == DML_REDUCE_FUNCTION_SUM;
        std::string init, update, result, type = vt();
        if (floats()) {
            // An inclusive sum of a leading -0 is -0 (a one-element sum); an exclusive one starts at +0.
            init = sum ? (p_.exclusive ? "pairOf(0.0, 0.0)" : "pairOf(vk_m_signed_zero(true), 0.0)")
                       : "pairOf(1.0, 0.0)";
            update = sum ? "acc = addTo(acc, xIn);" : "acc = mulPairs(acc, pairOf(xIn, 0.0));";
            init = "        vk_f2 acc = " + init + ";\n";
            result = "value(acc)";
            type = "float";
        } else {
            init = "        " + type + " acc = " + type + (sum ? "(0)" : "(1)") + ";\n";
            update = sum ? "acc = acc + xIn;" : "acc = acc * xIn;";
            result = "acc";
        }
        const std::string take = "            " + type + " r = " + result + ";\n";
        const std::string step = "            " + update + "\n";
        const std::string tail = forElementsStoring(p_.exclusive ? take + step : step + take, "r");
        if (!split()) {
            out_ += init + tail;
            return;
        }
        Stage total;
        total.init = init;
        total.walk = forElements(step);
        total.var = "acc";
        total.prefix = true;
        if (floats()) {
            total.kept = sum ? Stage::Kept::Pair : Stage::Kept::Product;
        } else {
            total.kept = Stage::Kept::Value;
            total.type = vt();
            total.combine = sum ? "foldSum" : "foldProduct";
        }
        emitStages({total}, tail);
    }

    void hardmaxBody() { emitStages({argStage()}, forElementsStoring("", "(j == at ? 1.0 : 0.0)")); }

    void normalizeBody() {
        out_ += "        vk_f2 mean = pairOf(0.0, 0.0);\n        vk_f2 deviation = pairOf(1.0, 0.0);\n";
        std::vector<Stage> stages;
        if (p_.useMean) {
            Stage s;
            s.init = "        vk_f2 s = pairOf(0.0, 0.0);\n";
            s.walk = forElements("            s = addTo(s, xIn);\n");
            s.fold = "        s = rowSum(s);\n";
            s.post = "        mean = dividePairs(s, countPair());\n";
            s.var = "s";
            stages.push_back(s);
        }
        if (p_.useVariance) {
            Stage s;
            s.init = "        vk_f2 v = pairOf(0.0, 0.0);\n";
            s.walk = forElements("            v = addRoundedSquare(v, minusMean(xIn, mean));\n");
            s.fold = "        v = rowSum(v);\n";
            s.post = "        v = dividePairs(v, countPair());\n"
                     "        vk_f2 e = vk_two_sum(v.hi, " + kernel::exactFloatLiteral(p_.epsilon) + ");\n"
                     "        e.lo = e.lo + v.lo;\n"
                     "        deviation = pairOf(vk_sqrt_cr(value(e)), 0.0);\n"
                     "        if (e.hi >= 7.9e-31 && e.hi <= 1.2e30) deviation = vk_m_sqrt2(e.hi, e.lo);\n";
            s.var = "v";
            stages.push_back(s);
        }
        std::string tail =
            "        bool invertible = deviation.hi >= 1.0e-30 && !vk_m_isinf(deviation.hi);\n"
            "        vk_f2 inverse = invertible ? vk_m_div2(1.0, 0.0, deviation.hi, deviation.lo) : pairOf(0.0, 0.0);\n";
        std::string y = "            float y = normalized(minusMean(xIn, mean), deviation, inverse, invertible);\n";
        if (p_.present(kScale)) y += "            y = y * loadScale(o.z);\n";
        if (p_.present(kBias)) y += "            y = y + loadBias(o.w);\n";
        if (p_.present(kAddend) && !p_.extra(kAddend)) y += "            y = y + loadAddend(o2.z);\n";
        if (p_.writesStatistics) tail += batchNormStatisticsGlsl(p_);
        tail += forElementsStoring(y, kernel::fusedActivationCall(p_.fused, "y"));
        emitStages(stages, tail);
    }

    const Plan& p_;
    KernelShape s_;
    uint32_t binding_[kMaxSlots];
    Value in_;
    uint32_t vector_ = 0, outputVector_ = 0;
    std::optional<RowWalks> walks_;
    std::string out_;
};

}  // namespace

bool splittable(const Plan& plan) {
    switch (plan.kind) {
        case Kind::Reduce:
        case Kind::Softmax:
        case Kind::LogSoftmax:
        case Kind::Hardmax:
        case Kind::LpNormalize:
        case Kind::Scan: return true;
        case Kind::Normalize: return plan.useMean || plan.useVariance;
        default: return false;
    }
}

uint32_t rowPhases(const Plan& plan) {
    switch (plan.kind) {
        case Kind::Softmax:
        case Kind::LogSoftmax: return 3;
        case Kind::Normalize: return 1 + (plan.useMean ? 1 : 0) + (plan.useVariance ? 1 : 0);
        case Kind::Reduce:  // LOG_SUM_EXP: the maximum, then the sum
            return plan.function == DML_REDUCE_FUNCTION_LOG_SUM_EXP && valueOf(plan.types[kInput]) == Value::Float ? 3
                                                                                                                 : 2;
        default: return 2;
    }
}

bool lastPhasePerRow(const Plan& plan) { return plan.kind == Kind::Reduce; }

uint32_t threadsPerRowFor(uint64_t rowLength, uint32_t workgroupSize, uint32_t share) {
    uint32_t t = 1;
    while (t < workgroupSize && uint64_t(t) * 2 * share <= rowLength) t *= 2;
    return t;
}

std::string generateReductionGlsl(const Plan& plan, const KernelShape& shape) {
    return Writer(plan, shape).source();
}

}  // namespace vkdml::reduce
