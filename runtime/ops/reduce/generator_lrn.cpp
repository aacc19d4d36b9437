// LOCAL_RESPONSE_NORMALIZATION -> a GLSL 450 compute shader: one invocation per output element, which sums the
// squares of its window (clipped to the tensor) as a compensated FLOAT32 pair and divides:
//   y = x / (Bias + (Alpha / LocalSize) * sum)^Beta
// CrossChannel TRUE: the window runs along C; FALSE: the same window along H and along W (LocalSize^2 elements
// before clipping). The window of element i covers [i - floor((LocalSize - 1) / 2), i + ceil((LocalSize - 1) / 2)].
// The power is C's pow (within about 1 ULP), the division correctly rounded. Fused neighbours: a prologue computes
// every element the window reads (the one normalized too) from its tensors at that element, an epilogue the stored
// element from the result and its tensors (slots 4-7).
#include <stdexcept>
#include <utility>
#include <vector>

#include "kernel/fused_activation.h"
#include "kernel/glsl_library.h"
#include "ops/reduce/generator.h"

namespace vkdml::reduce {

namespace {

std::string u(uint64_t v) { return std::to_string(v) + "u"; }

std::string slotIndex(uint32_t slot, const uint64_t* strides, const std::string& n, const std::string& c,
                      const std::string& h, const std::string& w) {
    return "pc.base[" + std::to_string(slot) + "] + " + n + " * " + u(uint32_t(strides[0])) + " + " + c + " * " +
           u(uint32_t(strides[1])) + " + " + h + " * " + u(uint32_t(strides[2])) + " + " + w + " * " +
           u(uint32_t(strides[3]));
}

std::string loadExpr(DML_TENSOR_DATA_TYPE type, const std::string& b) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return "uintBitsToFloat(" + b + "[i])";
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return "vk_float_from_half_bits(" + b + "[i >> 1u] >> ((i & 1u) * 16u))";
    throw std::invalid_argument(std::string("no LOCAL_RESPONSE_NORMALIZATION kernel for ") + dml::dataTypeName(type));
}

}  // namespace

std::string generateLrnGlsl(const Plan& plan, const KernelShape& shape) {
    const LrnWindow& w = plan.lrn;
    const DML_TENSOR_DATA_TYPE type = plan.types[kInput];
    std::string out = "#version 450\n// lrn: " + plan.describe() + "\n";
    if (shape.nativeHalf) out += "#define VKDML_NATIVE_HALF\n";
    if (shape.exactDivSqrt) out += "#define VKDML_EXACT_DIV_SQRT\n";
    if (shape.fusedFma) out += "#define VKDML_FUSED_FMA\n";
    if (shape.emulatedFma) out += "#define VKDML_EMULATED_FMA\n";
    out += "layout(local_size_x = " + std::to_string(shape.workgroupSize) + ") in;\n";
    out += "layout(push_constant, std430) uniform Constants { uint base[" + std::to_string(kMaxSlots) +
           "]; uint firstRow; uint rowEnd; } pc;\n";
    // The present slots bound in order: the input, the output, the neighbours' tensors.
    std::string buffers[kMaxSlots];
    uint32_t binding = 0;
    for (uint32_t slot = 0; slot < kMaxSlots; ++slot) {
        if (!plan.present(Slot(slot))) continue;
        buffers[slot] = "t" + std::to_string(binding);
        out += "layout(std430, binding = " + std::to_string(binding) + ") " +
               (slot == kOutput ? "buffer" : "readonly buffer") + " T" + std::to_string(binding) + " { uint " +
               buffers[slot] + "[]; };\n";
        ++binding;
    }
    out += std::string(kernel::glslSource("vkdml_half.glsl"));
    std::vector<std::string> roots = {"vk_f2", "vk_two_sum", "vk_pow", "vk_div_cr", "vk_m_isnan", "vk_m_isinf"};
    for (const std::string& root : neighbourRoots(plan)) roots.push_back(root);
    out += kernel::mathLibraryClosure(roots, shape.fusedFma);
    out += "float loadIn(uint i) { return " + loadExpr(type, buffers[kInput]) + "; }\n";
    for (uint32_t slot = kFirstExtra; slot < kMaxSlots; ++slot)
        if (plan.extra(Slot(slot)))
            out += "float loadX" + std::to_string(slot) + "(uint i) { return " +
                   loadExpr(plan.types[slot], buffers[slot]) + "; }\n";
    const std::string t1 = buffers[kOutput];
    if (plan.types[kOutput] == DML_TENSOR_DATA_TYPE_FLOAT32) {
        out += "void store(uint i, float v) { " + t1 + "[i] = floatBitsToUint(v); }\n";
    } else if (plan.types[kOutput] == DML_TENSOR_DATA_TYPE_FLOAT16) {
        // Two FLOAT16 elements share a word with another invocation's: one atomic flips exactly this element's bits.
        out += "void store(uint i, float v) {\n"
               "    uint shift = (i & 1u) * 16u;\n"
               "    uint current = " + t1 + "[i >> 1u];\n"
               "    atomicXor(" + t1 + "[i >> 1u], (current & (0xffffu << shift)) ^ ((vk_half_bits_from_float(v) & 0xffffu) << shift));\n"
               "}\n";
    } else {
        throw std::invalid_argument(std::string("no LOCAL_RESPONSE_NORMALIZATION store of ") +
                                    dml::dataTypeName(plan.types[kOutput]));
    }
    out += neighboursGlsl(plan);
    // Every slot's element index at (n, c, h, w): slots 0-3, then 4-7.
    for (uint32_t half = 0; half < 2; ++half) {
        out += std::string("uvec4 at") + (half ? "2" : "") + "(uint n, uint c, uint h, uint w) {\n    return uvec4(";
        for (uint32_t k = 0; k < 4; ++k) {
            const uint32_t slot = half * 4 + k;
            out += (k ? ", " : "") + (plan.present(Slot(slot)) ? slotIndex(slot, w.strides[slot], "n", "c", "h", "w")
                                                               : std::string("0u"));
        }
        out += ");\n}\n";
    }
    const std::string read = plan.prologue ? "inputAt(at(cn, KC, KH, KW), at2(cn, KC, KH, KW))"
                                           : "loadIn(at(cn, KC, KH, KW).x)";
    auto readAt = [&](const std::string& c, const std::string& h, const std::string& wv) {
        std::string r = read;
        for (const auto& [key, value] : {std::pair<std::string, std::string>{"KC", c}, {"KH", h}, {"KW", wv}})
            for (size_t at = r.find(key); at != std::string::npos; at = r.find(key)) r.replace(at, key.size(), value);
        return r;
    };
    const uint32_t before = (w.localSize - 1) / 2, after = w.localSize / 2;  // floor and ceil of (size - 1) / 2
    // Adds v^2 to the compensated pair s (the square rounded once).
    out += "vk_f2 addSquare(vk_f2 s, float v) {\n"
           "    vk_f2 t = vk_two_sum(s.hi, v * v);\n"
           "    t.lo = t.lo + s.lo;\n"
           "    return t;\n}\n";
    // The window [i - before, i + after] clipped to [0, n - 1], as first and last index.
    out += "uvec2 windowOf(uint i, uint n) {\n"
           "    return uvec2(i >= " + u(before) + " ? i - " + u(before) + " : 0u, min(i + " + u(after) + ", n - 1u));\n}\n";
    out += "void main() {\n"
           "    uint block = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;\n"
           "    uint e = pc.firstRow + block * " + u(shape.workgroupSize) + " + gl_LocalInvocationID.x;\n"
           "    if (e >= pc.rowEnd) return;\n"
           "    uint q = e;\n"
           "    uint cw = q % " + u(w.sizes[3]) + "; q = q / " + u(w.sizes[3]) + ";\n"
           "    uint ch = q % " + u(w.sizes[2]) + "; q = q / " + u(w.sizes[2]) + ";\n"
           "    uint cc = q % " + u(w.sizes[1]) + "; uint cn = q / " + u(w.sizes[1]) + ";\n";
    out += "    float x = " + readAt("cc", "ch", "cw") + ";\n"
           "    vk_f2 s; s.hi = 0.0; s.lo = 0.0;\n";
    if (w.crossChannel) {
        out += "    uvec2 wc = windowOf(cc, " + u(w.sizes[1]) + ");\n"
               "    for (uint k = wc.x; k <= wc.y; ++k)\n"
               "        s = addSquare(s, " + readAt("k", "ch", "cw") + ");\n";
    } else {
        out += "    uvec2 wh = windowOf(ch, " + u(w.sizes[2]) + ");\n"
               "    uvec2 ww = windowOf(cw, " + u(w.sizes[3]) + ");\n"
               "    for (uint kh = wh.x; kh <= wh.y; ++kh)\n"
               "        for (uint kw = ww.x; kw <= ww.y; ++kw)\n"
               "            s = addSquare(s, " + readAt("cc", "kh", "kw") + ");\n";
    }
    out += "    float sum = (vk_m_isinf(s.hi) || vk_m_isnan(s.hi)) ? s.hi : s.hi + s.lo;\n"
           "    float b = " + kernel::exactFloatLiteral(w.bias) + " + " + kernel::exactFloatLiteral(w.alphaOverSize) + " * sum;\n"
           "    float y = vk_div_cr(x, vk_pow(b, " + kernel::exactFloatLiteral(w.beta) + "));\n"
           "    uvec4 o = at(cn, cc, ch, cw), o2 = at2(cn, cc, ch, cw);\n" +
           (plan.epilogue ? "    storeFused(o, o2, y);\n" : "    store(o.y, y);\n") + "}\n";
    return out;
}

}  // namespace vkdml::reduce
