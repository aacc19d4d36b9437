#include "ops/gemm/generator.h"

#include "ops/gemm/cooperative_emulation.h"

#include <algorithm>
#include <stdexcept>

#include "ops/gemm/generator_parts.h"

namespace vkdml::gemm {

namespace {

class Writer : SourceParts {
public:
    Writer(const Plan& plan, const KernelShape& shape) : SourceParts(plan, shape) {
        const uint32_t wg = s_.workgroupSize();
        if (s_.staged && !s_.skinny && ((s_.tileM() * s_.depth) % wg || (s_.tileN() * s_.depth) % wg))
            throw std::invalid_argument("GEMM tiles must be whole multiples of the workgroup");
    }

    std::string source() {
        header();
        if (s_.skinny && s_.vectors != KernelShape::Vectors::None && !p_.prologue)
            out_ += "layout(std430, binding = " + std::to_string(binding(kB)) + ") readonly buffer T" +
                    std::to_string(binding(kB)) + "v { uvec4 " + buffer(kB) + "v[]; };\n";
        library();
        accessors();
        body();
        return out_;
    }

private:
    std::string acc(uint32_t i, uint32_t j) const { return "c" + std::to_string(i) + "_" + std::to_string(j); }

    void body() {
        // Tile rows padded by one element: invocations that store along K then hit different banks.
        if (s_.staged && !s_.skinny)
            out_ += "shared " + acc_ + " As[" + u(s_.depth * (s_.tileM() + 1)) + "];\nshared " + acc_ + " Bs[" +
                    u(s_.depth * (s_.tileN() + 1)) + "];\n";
        if (s_.skinny && s_.kLanes > 1)
            out_ += "shared " + acc_ + " partial[" + u(uint64_t(p_.m) * s_.tn * s_.workgroupSize()) + "];\n";
        out_ += "void main() {\n"
                "    const uint lid = gl_LocalInvocationID.x;\n";
        if (s_.skinny) {
            out_ += kMajor() ? "    const uint kl = lid % " + u(s_.kLanes) + ", tx = lid / " + u(s_.kLanes) + ";\n"
                             : "    const uint tx = lid % " + u(s_.wx) + ", kl = lid / " + u(s_.wx) + ";\n";
            out_ += "    const uint ty = 0u, m0 = 0u, n0 = gl_WorkGroupID.x * " + u(s_.tileN()) + ";\n";
        } else {
            out_ += "    const uint tx = lid % " + u(s_.wx) + ", ty = lid / " + u(s_.wx) + ";\n"
                    "    const uint m0 = gl_WorkGroupID.y * " + u(s_.tileM()) + ", n0 = gl_WorkGroupID.x * " +
                    u(s_.tileN()) + ";\n";
        }
        out_ += "    for (uint z = gl_WorkGroupID.z; z < BATCH; z += gl_NumWorkGroups.z) {\n"
                "        const uint b0 = z / B1, b1 = z % B1;\n";
        for (uint32_t s = 0; s < kSlots; ++s)
            if (p_.present(Slot(s))) out_ += "        const uint base" + std::to_string(s) + " = " + batchBase(Slot(s)) + ";\n";
        if (p_.prologue)  // B's batch matrix in B's own (packed) element order, which the prologue's follows
            out_ += "        const uint blin = " + scaled("b0", op(kB).batch[0]) + " + " + scaled("b1", op(kB).batch[1]) + ";\n";
        for (uint32_t i = 0; i < rows(); ++i)
            for (uint32_t j = 0; j < s_.tn; ++j) out_ += "        " + acc_ + " " + acc(i, j) + " = " + acc_ + "(0);\n";
        if (s_.skinny) {
            skinnyLoop();
            if (s_.kLanes > 1) lanesEpilogue();
            else epilogue(1);
        } else {
            if (s_.staged) stagedLoop();
            else directLoop();
            epilogue(s_.wy);
        }
        out_ += "    }\n}\n";
    }

    // Accumulator rows per invocation: the tile's, or every row of the matrix (skinny).
    uint32_t rows() const { return s_.skinny ? p_.m : s_.tm; }

    // Skinny: the invocations of one column are neighbours when B's K steps are (B stored {N, K}), so that
    // neighbouring invocations read neighbouring elements either way.
    bool kMajor() const { return op(kB).row == 1 && op(kB).column != 1; }

    // A's element (row x, column k) less its zero point (which is constant along k), B's (row k, column x).
    std::string aValue(const std::string& x, const std::string& k) const {
        const std::string v = "loadA(" + base(kA) + " + " + scaled(x, op(kA).row) + " + " + scaled(k, op(kA).column) + ")";
        return lessZeroPoint(v, p_.present(kAZeroPoint) ? "loadAZeroPoint(" + base(kAZeroPoint) + " + " +
                                                              scaled(x, op(kAZeroPoint).row) + ")"
                                                        : "");
    }
    std::string bValue(const std::string& x, const std::string& k) const {
        if (p_.prologue) return "prologueB(blin + " + scaled(k, op(kB).row) + " + " + scaled(x, op(kB).column) + ")";
        const std::string v = "loadB(" + base(kB) + " + " + scaled(k, op(kB).row) + " + " + scaled(x, op(kB).column) + ")";
        return lessZeroPoint(v, p_.present(kBZeroPoint) ? "loadBZeroPoint(" + base(kBZeroPoint) + " + " +
                                                              scaled(x, op(kBZeroPoint).column) + ")"
                                                        : "");
    }

    // The products of one K step from a[i] and b[j].
    void products(const std::string& indent) {
        for (uint32_t i = 0; i < rows(); ++i)
            for (uint32_t j = 0; j < s_.tn; ++j) {
                const std::string a = "a" + std::to_string(i), b = "b" + std::to_string(j);
                out_ += indent + acc(i, j) + (p_.floatSums() ? " = fma(" + a + ", " + b + ", " + acc(i, j) + ");\n"
                                                             : " += " + a + " * " + b + ";\n");
            }
    }

    void stagedLoop() {
        const uint32_t wg = s_.workgroupSize(), depth = s_.depth, tileM = s_.tileM(), tileN = s_.tileN();
        const bool kTail = p_.k % depth != 0;
        out_ += "        for (uint k0 = 0u; k0 < K; k0 += " + u(depth) + ") {\n";
        // One tile element per invocation and step; consecutive invocations take consecutive elements of whichever
        // of the tile's two directions is contiguous in memory. Rows and columns past the matrix read its last one
        // (never stored); steps past K hold zeros.
        auto stage = [&](const char* tile, bool isA, uint32_t extent, const char* origin, const char* limit,
                         uint32_t alongStride, uint32_t kStride) {
            const bool kInner = kStride == 1 && alongStride != 1;
            for (uint32_t step = 0; step < extent * depth / wg; ++step) {
                const std::string e = "(lid + " + u(step * wg) + ")";
                const std::string kk = kInner ? e + " % " + u(depth) : e + " / " + u(extent);
                const std::string xx = kInner ? e + " / " + u(depth) : e + " % " + u(extent);
                out_ += "            { const uint kk = " + kk + ", xx = " + xx + ";\n"
                        "              const uint k = k0 + kk, x = min(" + std::string(origin) + " + xx, " + limit +
                        " - 1u);\n";
                const std::string value = isA ? aValue("x", "k") : bValue("x", "k");
                out_ += "              " + std::string(tile) + "[kk * " + u(extent + 1) + " + xx] = " +
                        (kTail ? "k < K ? " + value + " : " + acc_ + "(0)" : value) + "; }\n";
            }
        };
        stage("As", true, tileM, "m0", "M", op(kA).row, op(kA).column);
        stage("Bs", false, tileN, "n0", "N", op(kB).column, op(kB).row);
        out_ += "            barrier();\n";
        // The tile's steps unrolled: llvmpipe ends an invocation after 65535 loop iterations in all.
        for (uint32_t kk = 0; kk < depth; ++kk) {
            out_ += "            {\n";
            for (uint32_t i = 0; i < s_.tm; ++i)
                out_ += "                " + acc_ + " a" + std::to_string(i) + " = As[" + u(kk * (tileM + 1)) + " + ty + " +
                        u(i * s_.wy) + "];\n";
            for (uint32_t j = 0; j < s_.tn; ++j)
                out_ += "                " + acc_ + " b" + std::to_string(j) + " = Bs[" + u(kk * (tileN + 1)) + " + tx + " +
                        u(j * s_.wx) + "];\n";
            products("                ");
            out_ += "            }\n";
        }
        out_ += "            barrier();\n        }\n";
    }

    void directLoop() {
        // Rows and columns past the matrix read its last one (results never stored): no branch in the loop.
        for (uint32_t i = 0; i < s_.tm; ++i)
            out_ += "        const uint ar" + std::to_string(i) + " = min(m0 + ty + " + u(i * s_.wy) + ", M - 1u);\n";
        for (uint32_t j = 0; j < s_.tn; ++j)
            out_ += "        const uint bc" + std::to_string(j) + " = min(n0 + tx + " + u(j * s_.wx) + ", N - 1u);\n";
        auto step = [&](const std::string& k, const std::string& indent) {
            for (uint32_t i = 0; i < s_.tm; ++i)
                out_ += indent + acc_ + " a" + std::to_string(i) + " = " + aValue("ar" + std::to_string(i), k) + ";\n";
            for (uint32_t j = 0; j < s_.tn; ++j)
                out_ += indent + acc_ + " b" + std::to_string(j) + " = " + bValue("bc" + std::to_string(j), k) + ";\n";
            products(indent);
        };
        const uint32_t main = p_.k - p_.k % s_.depth;
        if (main > 0) {
            out_ += "        for (uint k0 = 0u; k0 < " + u(main) + "; k0 += " + u(s_.depth) + ") {\n";
            for (uint32_t d = 0; d < s_.depth; ++d) {
                out_ += "            {\n";
                step("(k0 + " + u(d) + ")", "                ");
                out_ += "            }\n";
            }
            out_ += "        }\n";
        }
        for (uint32_t k = main; k < p_.k; ++k) {
            out_ += "        {\n";
            step(u(k), "            ");
            out_ += "        }\n";
        }
    }

    // Skinny: lane kl sums K steps kl, kl + kLanes, ... of every row for its columns; `depth` of its steps per loop
    // iteration, the last few guarded.
    void skinnyLoop() {
        if (s_.vectors == KernelShape::Vectors::AlongN) return skinnyLoopAlongN();
        if (s_.vectors == KernelShape::Vectors::AlongK) return skinnyLoopAlongK();
        for (uint32_t j = 0; j < s_.tn; ++j)
            out_ += "        const uint bc" + std::to_string(j) + " = min(n0 + tx + " + u(j * s_.wx) + ", N - 1u);\n";
        auto step = [&](const std::string& k, const std::string& indent) {
            for (uint32_t i = 0; i < p_.m; ++i)
                out_ += indent + acc_ + " a" + std::to_string(i) + " = " + aValue(u(i), k) + ";\n";
            for (uint32_t j = 0; j < s_.tn; ++j)
                out_ += indent + acc_ + " b" + std::to_string(j) + " = " + bValue("bc" + std::to_string(j), k) + ";\n";
            products(indent);
        };
        laneSteps(p_.k, s_.depth, "k", "K", step);
    }

    // B's elements per 16-byte vector. With a fused prologue the kernel takes B's elements in the same order as
    // from B's tensor (so that fused and unfused graphs add the same terms in the same order), each through the
    // prologue instead of a load.
    uint32_t vectorWidth() const {
        return (p_.prologue ? p_.operandB : p_.types[kB]) == DML_TENSOR_DATA_TYPE_FLOAT16 ? 8 : 4;
    }
    // b0.. b<width - 1>: B's elements first, first + 1, ... (`first` a linear index in B) through the prologue.
    void prologueElements(const std::string& first, const std::string& indent) {
        for (uint32_t e = 0; e < vectorWidth(); ++e)
            out_ += indent + "const float b" + std::to_string(e) + " = prologueB(" + first + " + " + u(e) + ");\n";
    }

    // b<first>.. b<first + width - 1> from the 16-byte vector `w` of B.
    void unpackB(const std::string& w, uint32_t first, const std::string& indent) {
        if (p_.types[kB] == DML_TENSOR_DATA_TYPE_FLOAT16) {
            for (uint32_t c = 0; c < 4; ++c)
                out_ += indent + "const vec2 h" + std::to_string(c) + " = vk_floats_from_half_pair(" + w + "[" +
                        std::to_string(c) + "]);\n";
            for (uint32_t e = 0; e < 8; ++e)
                out_ += indent + "const float b" + std::to_string(first + e) + " = h" + std::to_string(e / 2) +
                        (e % 2 ? ".y" : ".x") + ";\n";
        } else {
            for (uint32_t e = 0; e < 4; ++e)
                out_ += indent + "const float b" + std::to_string(first + e) + " = uintBitsToFloat(" + w + "[" +
                        std::to_string(e) + "]);\n";
        }
    }

    // Skinny, B's N innermost: invocation tx takes the tn = one vector of adjacent columns n0 + tx * tn ..; a vector
    // past N reads the last one (never stored). The K steps as skinnyLoop's.
    void skinnyLoopAlongN() {
        const uint32_t w = vectorWidth();
        out_ += "        const uint bn = min(n0 + tx * " + u(w) + ", N - " + u(w) + ");\n";
        if (!p_.prologue) out_ += "        const uint bv = (" + base(kB) + " + bn) / " + u(w) + ";\n";
        auto step = [&](const std::string& k, const std::string& indent) {
            for (uint32_t i = 0; i < p_.m; ++i)
                out_ += indent + acc_ + " a" + std::to_string(i) + " = " + aValue(u(i), k) + ";\n";
            if (p_.prologue) {
                prologueElements("blin + " + scaled(k, op(kB).row) + " + bn", indent);
            } else {
                out_ += indent + "const uvec4 w = " + buffer(kB) + "v[bv + " + scaled(k, op(kB).row / w) + "];\n";
                unpackB("w", 0, indent);
            }
            products(indent);
        };
        laneSteps(p_.k, s_.depth, "k", "K", step);
    }

    // The skinny kernel's loop over `count` steps (steps of K, or vectors of them) named `name`: lane kl takes steps
    // kl, kl + kLanes, ..., `perIteration` of them per loop iteration; the last few are guarded by `name < limit`.
    template <class Step>
    void laneSteps(uint32_t count, uint32_t perIteration, const std::string& name, const std::string& limit,
                   const Step& step) {
        const uint32_t stride = s_.kLanes * perIteration;
        const uint32_t main = count - count % stride;
        const std::string first = name + "0";
        if (main > 0) {
            out_ += "        for (uint " + first + " = kl; " + first + " < " + u(main) + "; " + first + " += " + u(stride) +
                    ") {\n";
            for (uint32_t d = 0; d < perIteration; ++d) {
                out_ += "            {\n";
                step("(" + first + " + " + u(d * s_.kLanes) + ")", "                ");
                out_ += "            }\n";
            }
            out_ += "        }\n";
        }
        const uint32_t tail = count - main;
        for (uint32_t d = 0; d * s_.kLanes < tail; ++d) {
            out_ += "        {\n            const uint " + name + " = " + u(main + d * s_.kLanes) + " + kl;\n";
            if ((d + 1) * s_.kLanes > tail) out_ += "            if (" + name + " < " + limit + ") {\n";
            step(name, "                ");
            if ((d + 1) * s_.kLanes > tail) out_ += "            }\n";
            out_ += "        }\n";
        }
    }

    // Skinny, B's K innermost (one column per invocation): lane kl takes the vectors kl, kl + kLanes, ... of its
    // column, each `width` consecutive K steps, so that the lanes of a column read adjacent vectors.
    void skinnyLoopAlongK() {
        const uint32_t w = vectorWidth();
        out_ += "        const uint bc = min(n0 + tx, N - 1u);\n";
        if (!p_.prologue) out_ += "        const uint bv = (" + base(kB) + " + " + scaled("bc", op(kB).column) + ") / " + u(w) + ";\n";
        const uint32_t vectors = p_.k / w, perLane = std::max<uint32_t>(1, s_.depth / w);
        auto step = [&](const std::string& v, const std::string& indent) {
            if (p_.prologue) {
                prologueElements("blin + " + scaled("bc", op(kB).column) + " + " + v + " * " + u(w), indent);
            } else {
                out_ += indent + "const uvec4 w = " + buffer(kB) + "v[bv + " + v + "];\n";
                unpackB("w", 0, indent);
            }
            for (uint32_t e = 0; e < w; ++e) {
                const std::string k = "(" + v + " * " + u(w) + " + " + u(e) + ")";
                for (uint32_t i = 0; i < p_.m; ++i)
                    out_ += indent + "c" + std::to_string(i) + "_0 = fma(" + aValue(u(i), k) + ", b" + std::to_string(e) +
                            ", c" + std::to_string(i) + "_0);\n";
            }
        };
        laneSteps(vectors, perLane, "v", u(vectors), step);
    }

    // The column of the invocation's accumulator j in the workgroup's tile, and the invocation of tile column c
    // with its accumulator: strided by wx, or adjacent with vectors along N.
    bool adjacentColumns() const { return s_.vectors == KernelShape::Vectors::AlongN; }
    std::string columnOf(const std::string& tx, const std::string& j) const {
        return adjacentColumns() ? tx + " * " + u(s_.tn) + " + " + j : tx + " + " + j + " * " + u(s_.wx);
    }

    // Skinny with several lanes per column: the lanes' partial sums meet in shared memory, and the workgroup's
    // invocations then finish its M x tileN outputs, each adding its column's kLanes partial sums in lane order.
    void lanesEpilogue() {
        const uint32_t wg = s_.workgroupSize(), outputs = p_.m * s_.tileN();
        for (uint32_t i = 0; i < p_.m; ++i)
            for (uint32_t j = 0; j < s_.tn; ++j)
                out_ += "        partial[" + u((i * s_.tn + j) * wg) + " + lid] = " + acc(i, j) + ";\n";
        const std::string lane = kMajor() ? "cx * " + u(s_.kLanes) + " + l" : "l * " + u(s_.wx) + " + cx";
        out_ += "        barrier();\n"
                "        for (uint o = lid; o < " + u(outputs) + "; o += " + u(wg) + ") {\n"
                "            const uint m = o / " + u(s_.tileN()) + ", c = o % " + u(s_.tileN()) + ";\n"
                "            const uint cx = " + (adjacentColumns() ? "c / " + u(s_.tn) : "c % " + u(s_.wx)) +
                ", first = (m * " + u(s_.tn) + " + " + (adjacentColumns() ? "c % " + u(s_.tn) : "c / " + u(s_.wx)) +
                ") * " + u(wg) + ";\n"
                "            " + acc_ + " sum = " + acc_ + "(0);\n"
                "            for (uint l = 0u; l < " + u(s_.kLanes) + "; ++l) sum += partial[first + " + lane + "];\n"
                "            const uint n = n0 + c;\n"
                "            if (n >= N) continue;\n" +
                storeStatement("sum") + "        }\n"
                "        barrier();\n";  // the next batch matrix rewrites `partial`
    }

    // One loop over the invocation's outputs, so that the epilogue's code appears once in the shader. `rowStep`: rows
    // between the invocation's consecutive accumulator rows.
    void epilogue(uint32_t rowStep) {
        const uint32_t count = rows() * s_.tn;
        out_ += "        " + acc_ + " results[" + u(count) + "] = " + acc_ + "[](";
        for (uint32_t i = 0; i < rows(); ++i)
            for (uint32_t j = 0; j < s_.tn; ++j) out_ += acc(i, j) + (i * s_.tn + j + 1 < count ? ", " : "");
        out_ += ");\n";
        out_ += "        for (uint e = 0u; e < " + u(count) + "; ++e) {\n"
                "            const uint m = m0 + ty + (e / " + u(s_.tn) + ") * " + u(rowStep) + ", n = n0 + " +
                columnOf("tx", "(e % " + u(s_.tn) + ")") + ";\n"
                "            if (m >= M || n >= N) continue;\n" +
                storeStatement("results[e]") + "        }\n";
    }
};

}  // namespace

KernelShape::Vectors skinnyVectors(const Plan& plan, uint32_t& width) {
    const DML_TENSOR_DATA_TYPE t = plan.prologue ? plan.operandB : plan.types[kB];
    if (plan.kind != Kind::Float || (t != DML_TENSOR_DATA_TYPE_FLOAT32 && t != DML_TENSOR_DATA_TYPE_FLOAT16))
        return KernelShape::Vectors::None;
    width = t == DML_TENSOR_DATA_TYPE_FLOAT16 ? 8 : 4;
    const Operand& b = plan.operands[kB];
    if (b.batch[0] % width || b.batch[1] % width) return KernelShape::Vectors::None;
    if (b.column == 1 && b.row != 1 && b.row % width == 0 && plan.n % width == 0) return KernelShape::Vectors::AlongN;
    if (b.row == 1 && b.column != 1 && b.column % width == 0 && plan.k % width == 0) return KernelShape::Vectors::AlongK;
    return KernelShape::Vectors::None;
}

std::string generateGemmGlsl(const Plan& plan, const KernelShape& shape) {
    if (shape.cooperative) {
        const std::string glsl = generateCooperativeGemmGlsl(plan, shape);
        return shape.cooperativeEmulated ? emulateCooperativeMatrices(glsl) : glsl;
    }
    return Writer(plan, shape).source();
}

}  // namespace vkdml::gemm
