// The cooperative-matrix GEMM kernel (GL_NV_cooperative_matrix): FLOAT16 A and B, FLOAT32 sums on the matrix units.
//
// Each workgroup computes a 128 x 128 tile of one batch matrix, K by 32. Its 256 invocations first copy the A and B
// blocks of the step into shared memory (16 bytes per copy where the tensor allows it, else element by element), one
// step ahead: the next step's words are read into registers while the matrix units work on this one. The subgroups
// split the tile into blocks (2 x 4 blocks of 64 x 32 for subgroups of 32), each made of 16 x 16 accumulators that
// take 16 x 16 x 16 products from shared memory. Each block is laid out in shared memory as its tensor is in
// memory (K innermost, or M or N innermost), read by coopMatLoadNV row- or column-major accordingly, so a transposed
// operand costs nothing. Rows and columns past the matrix read its last one (their results are never stored), steps
// past K read zeros (in both operands: a clamped element times a zero could be a NaN). Every accumulator then goes
// through a subgroup's 16 x 16 block of shared memory to the same per-element code as the portable kernels
// (SourceParts::storeStatement: Alpha, C and Beta, the activation, a fused epilogue, the output's type).
#include "ops/gemm/generator.h"

#include <stdexcept>

#include "ops/gemm/generator_parts.h"

namespace vkdml::gemm {

namespace {

constexpr uint32_t kTile = 128, kStep = 32, kWorkgroup = 256, kFragment = 16;
constexpr uint32_t kHalvesPerVector = 8;
constexpr uint32_t kPad = kHalvesPerVector;  // shared rows padded by one vector: neighbouring rows in other banks

// How one operand's block is copied and laid out. kInner: K is innermost (A stored {M, K}, B stored {N, K}); the
// block is 128 rows of 32 halves. Otherwise M (A) or N (B) is innermost: 32 rows of 128 halves.
struct Staging {
    Slot slot;
    const char* name;       // "A", "B"
    bool kInner = true;
    bool vectors = false;   // 16-byte copies (else element by element)
    uint32_t kStride = 0, xStride = 0;  // strides along K and along M (A) or N (B)
    const char* xExtent;    // "M" or "N"

    uint32_t rowVectors() const { return ((kInner ? kStep : kTile) + kPad) / kHalvesPerVector; }
    uint32_t dataVectors() const { return (kInner ? kStep : kTile) / kHalvesPerVector; }
    uint32_t rows() const { return kInner ? kTile : kStep; }
    uint32_t sharedVectors() const { return rows() * rowVectors(); }
};

Staging stagingOf(const Plan& plan, Slot slot) {
    Staging s;
    s.slot = slot;
    const Operand& o = plan.operands[slot];
    const bool isA = slot == kA;
    s.name = isA ? "A" : "B";
    s.xExtent = isA ? "M" : "N";
    s.kStride = isA ? o.column : o.row;
    s.xStride = isA ? o.row : o.column;
    s.kInner = !(s.xStride == 1 && s.kStride != 1);
    const uint32_t inner = s.kInner ? plan.k : (isA ? plan.m : plan.n);
    const uint32_t innerStride = s.kInner ? s.kStride : s.xStride, outerStride = s.kInner ? s.xStride : s.kStride;
    s.vectors = innerStride == 1 && outerStride % kHalvesPerVector == 0 && o.batch[0] % kHalvesPerVector == 0 &&
                o.batch[1] % kHalvesPerVector == 0 && inner % kHalvesPerVector == 0 && inner >= kHalvesPerVector;
    return s;
}

class CooperativeWriter : SourceParts {
public:
    CooperativeWriter(const Plan& plan, const KernelShape& shape)
        : SourceParts(plan, shape), a_(stagingOf(plan, kA)), b_(stagingOf(plan, kB)) {
        if (plan.kind != Kind::Float || plan.types[kA] != DML_TENSOR_DATA_TYPE_FLOAT16 ||
            plan.types[kB] != DML_TENSOR_DATA_TYPE_FLOAT16)
            throw std::invalid_argument("the cooperative-matrix GEMM kernel takes FLOAT16 A and B only");
        const uint32_t subgroups = kWorkgroup / shape.subgroupSize;
        if (shape.subgroupSize < 16 || shape.subgroupSize > 64 || kWorkgroup % shape.subgroupSize)
            throw std::invalid_argument("the cooperative-matrix GEMM kernel needs subgroups of 16, 32 or 64");
        subgroupsM_ = subgroups >= 16 ? 4 : 2;
        subgroupsN_ = subgroups / subgroupsM_;
        fragmentsM_ = kTile / subgroupsM_ / kFragment;
        fragmentsN_ = kTile / subgroupsN_ / kFragment;
    }

    std::string source() {
        header("#extension GL_NV_cooperative_matrix : require\n"
               "#extension GL_KHR_memory_scope_semantics : require\n"
               "#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require\n"
               "#extension GL_KHR_shader_subgroup_basic : require\n");
        for (const Staging* s : {&a_, &b_})
            if (s->vectors)
                out_ += "layout(std430, binding = " + std::to_string(binding(s->slot)) + ") readonly buffer T" +
                        std::to_string(binding(s->slot)) + "v { uvec4 " + buffer(s->slot) + "v[]; };\n";
        library();
        accessors();
        fetch(a_);
        fetch(b_);
        body();
        return out_;
    }

private:
    std::string acc(uint32_t i, uint32_t j) const { return "c" + std::to_string(i) + "_" + std::to_string(j); }

    // fetch<X>(b, o, x): the 8 halves of one copy as raw bits, with o the block's outer coordinate (M or N where K is
    // innermost, else K) and x the first of the 8 inner ones, both counted in the whole matrix; b its batch base.
    void fetch(const Staging& s) {
        const std::string t = buffer(s.slot), n = s.name, ext = s.xExtent;
        out_ += "uint bits" + n + "(uint i) { return (" + t + "[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu; }\n";
        out_ += "uvec4 fetch" + n + "(uint b, uint o, uint x) {\n";
        if (s.kInner) {
            // o along M or N (clamped), x along K (zeros past K).
            out_ += "    const uint r = min(o, " + ext + " - 1u);\n";
            if (s.vectors) {
                out_ += "    if (x >= K) return uvec4(0u);\n"
                        "    return " + t + "v[(b + " + scaled("r", s.xStride) + " + x) >> 3u];\n";
            } else {
                out_ += "    uint h[8];\n"
                        "    for (uint e = 0u; e < 8u; ++e) h[e] = x + e < K ? bits" + n + "(b + " + scaled("r", s.xStride) +
                        " + " + scaled("(x + e)", s.kStride) + ") : 0u;\n";
                packHalves();
            }
        } else {
            // o along K (zeros past K), x along M or N (clamped).
            out_ += "    if (o >= K) return uvec4(0u);\n";
            if (s.vectors) {
                out_ += "    return " + t + "v[(b + " + scaled("o", s.kStride) + " + min(x, " + ext + " - 8u)) >> 3u];\n";
            } else {
                out_ += "    uint h[8];\n"
                        "    for (uint e = 0u; e < 8u; ++e) h[e] = bits" + n + "(b + " + scaled("o", s.kStride) + " + " +
                        scaled("min(x + e, " + ext + " - 1u)", s.xStride) + ");\n";
                packHalves();
            }
        }
        out_ += "}\n";
    }
    void packHalves() {
        out_ += "    return uvec4(h[0] | (h[1] << 16u), h[2] | (h[3] << 16u), h[4] | (h[5] << 16u), h[6] | (h[7] << 16u));\n";
    }

    // Copies per invocation and operand: each block holds 128 x 32 halves, 512 copies of 8.
    static constexpr uint32_t kCopies = kTile * kStep / kHalvesPerVector / kWorkgroup;

    // Copy c of this invocation: its block row, vector within the row, and the fetch arguments for step k0.
    std::string copyArgs(const Staging& s, uint32_t c, const char* origin, const std::string& k0) const {
        const std::string v = "(lid + " + u(c * kWorkgroup) + ")";
        const uint32_t per = s.dataVectors();
        const std::string row = v + " / " + u(per), col = v + " % " + u(per);
        return s.kInner ? std::string(origin) + " + " + row + ", " + k0 + " + " + col + " * 8u"
                        : k0 + " + " + row + ", " + origin + " + " + col + " * 8u";
    }
    std::string sharedIndex(const Staging& s, uint32_t c) const {
        const std::string v = "(lid + " + u(c * kWorkgroup) + ")";
        const uint32_t per = s.dataVectors();
        return v + " / " + u(per) + " * " + u(s.rowVectors()) + " + " + v + " % " + u(per);
    }

    void prefetch(const std::string& k0, const std::string& indent) {
        for (uint32_t c = 0; c < kCopies; ++c) {
            out_ += indent + "ra" + std::to_string(c) + " = fetchA(" + base(kA) + ", " + copyArgs(a_, c, "m0", k0) + ");\n";
            out_ += indent + "rb" + std::to_string(c) + " = fetchB(" + base(kB) + ", " + copyArgs(b_, c, "n0", k0) + ");\n";
        }
    }

    // coopMatLoadNV arguments for fragment `f` (its first row of A or column of B in the tile) at step offset kk.
    std::string fragmentLoad(const Staging& s, const std::string& f, uint32_t kk) const {
        const std::string shared = s.slot == kA ? "As" : "Bs";
        // (element offset, stride) in vectors; A's fragment is M x K, B's K x N.
        if (s.kInner) {
            const bool colMajor = s.slot == kB;  // B's (k, n) at n * row + k
            return shared + ", " + f + " * " + u(s.rowVectors()) + " + " + u(kk / kHalvesPerVector) + ", " +
                   u(s.rowVectors()) + ", " + (colMajor ? "true" : "false");
        }
        const bool colMajor = s.slot == kA;  // A's (m, k) at k * row + m
        return shared + ", " + u(kk * s.rowVectors()) + " + " + f + " / 8u, " + u(s.rowVectors()) + ", " +
               (colMajor ? "true" : "false");
    }

    void body() {
        const uint32_t subgroups = subgroupsM_ * subgroupsN_;
        out_ += "shared uvec4 As[" + u(a_.sharedVectors()) + "];\nshared uvec4 Bs[" + u(b_.sharedVectors()) + "];\n"
                "shared float scratch[" + u(subgroups * kFragment * kFragment) + "];\n";
        const std::string accType = "fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>";
        const std::string halfType = "fcoopmatNV<16, gl_ScopeSubgroup, 16, 16>";
        out_ += "void main() {\n"
                "    const uint lid = gl_LocalInvocationID.x, sg = gl_SubgroupID;\n"
                "    const uint wm = sg / " + u(subgroupsN_) + ", wn = sg % " + u(subgroupsN_) + ";\n"
                "    const uint m0 = gl_WorkGroupID.y * " + u(kTile) + ", n0 = gl_WorkGroupID.x * " + u(kTile) + ";\n"
                "    const uint fm = wm * " + u(fragmentsM_ * kFragment) + ", fn = wn * " + u(fragmentsN_ * kFragment) + ";\n"
                "    for (uint z = gl_WorkGroupID.z; z < BATCH; z += gl_NumWorkGroups.z) {\n"
                "        const uint b0 = z / B1, b1 = z % B1;\n";
        for (uint32_t s = 0; s < kSlots; ++s)
            if (p_.present(Slot(s))) out_ += "        const uint base" + std::to_string(s) + " = " + batchBase(Slot(s)) + ";\n";
        for (uint32_t i = 0; i < fragmentsM_; ++i)
            for (uint32_t j = 0; j < fragmentsN_; ++j)
                out_ += "        " + accType + " " + acc(i, j) + " = " + accType + "(0.0);\n";
        for (uint32_t c = 0; c < kCopies; ++c)
            out_ += "        uvec4 ra" + std::to_string(c) + ", rb" + std::to_string(c) + ";\n";
        prefetch("0u", "        ");
        out_ += "        for (uint k0 = 0u; k0 < K; k0 += " + u(kStep) + ") {\n"
                "            barrier();\n";  // every subgroup is done with the previous step's blocks
        for (uint32_t c = 0; c < kCopies; ++c) {
            out_ += "            As[" + sharedIndex(a_, c) + "] = ra" + std::to_string(c) + ";\n";
            out_ += "            Bs[" + sharedIndex(b_, c) + "] = rb" + std::to_string(c) + ";\n";
        }
        out_ += "            barrier();\n"
                "            if (k0 + " + u(kStep) + " < K) {\n";
        prefetch("(k0 + " + u(kStep) + ")", "                ");
        out_ += "            }\n";
        for (uint32_t kk = 0; kk < kStep; kk += kFragment) {
            out_ += "            {\n";
            for (uint32_t i = 0; i < fragmentsM_; ++i) {
                out_ += "                " + halfType + " a" + std::to_string(i) + ";\n";
                out_ += "                coopMatLoadNV(a" + std::to_string(i) + ", " +
                        fragmentLoad(a_, "(fm + " + u(i * kFragment) + ")", kk) + ");\n";
            }
            for (uint32_t j = 0; j < fragmentsN_; ++j) {
                out_ += "                {\n                    " + halfType + " b;\n"
                        "                    coopMatLoadNV(b, " + fragmentLoad(b_, "(fn + " + u(j * kFragment) + ")", kk) + ");\n";
                for (uint32_t i = 0; i < fragmentsM_; ++i)
                    out_ += "                    " + acc(i, j) + " = coopMatMulAddNV(a" + std::to_string(i) + ", b, " +
                            acc(i, j) + ");\n";
                out_ += "                }\n";
            }
            out_ += "            }\n";
        }
        out_ += "        }\n";
        epilogue();
        out_ += "    }\n}\n";
    }

    // Each accumulator in turn through the subgroup's block of `scratch`; the per-element code appears once.
    void epilogue() {
        const uint32_t fragments = fragmentsM_ * fragmentsN_, block = kFragment * kFragment;
        out_ += "        for (uint f = 0u; f < " + u(fragments) + "; ++f) {\n"
                "            switch (f) {\n";
        for (uint32_t i = 0; i < fragmentsM_; ++i)
            for (uint32_t j = 0; j < fragmentsN_; ++j)
                out_ += "            case " + u(i * fragmentsN_ + j) + ": coopMatStoreNV(" + acc(i, j) + ", scratch, sg * " +
                        u(block) + ", 16u, false); break;\n";
        out_ += "            }\n"
                "            subgroupMemoryBarrierShared();\n"
                "            subgroupBarrier();\n"
                "            for (uint e = gl_SubgroupInvocationID; e < " + u(block) + "; e += gl_SubgroupSize) {\n"
                "                const uint m = m0 + fm + (f / " + u(fragmentsN_) + ") * 16u + e / 16u;\n"
                "                const uint n = n0 + fn + (f % " + u(fragmentsN_) + ") * 16u + e % 16u;\n"
                "                if (m >= M || n >= N) continue;\n"
                "                const float r = scratch[sg * " + u(block) + " + e];\n" +
                storeStatement("r") +
                "            }\n"
                "            subgroupMemoryBarrierShared();\n"
                "            subgroupBarrier();\n"  // the next accumulator overwrites the block
                "        }\n";
    }

    Staging a_, b_;
    uint32_t subgroupsM_ = 2, subgroupsN_ = 4, fragmentsM_ = 4, fragmentsN_ = 2;
};

}  // namespace

CooperativeLayout cooperativeLayout(const Plan& plan) {
    const Staging a = stagingOf(plan, kA), b = stagingOf(plan, kB);
    CooperativeLayout layout;
    layout.aKInner = a.kInner;
    layout.aVectors = a.vectors;
    layout.bKInner = b.kInner;
    layout.bVectors = b.vectors;
    return layout;
}

KernelShape cooperativeShape(uint32_t subgroupSize) {
    KernelShape shape;
    shape.cooperative = true;
    shape.subgroupSize = subgroupSize;
    shape.staged = true;
    shape.wx = shape.wy = 16;
    shape.tm = shape.tn = kTile / 16;
    shape.depth = kStep;
    return shape;
}

uint32_t cooperativeSharedBytes(const KernelShape& shape) {
    const uint32_t largestBlock = kTile * (kStep + kPad) * 2;  // K innermost: 128 rows of 40 halves
    return 2 * largestBlock + (kWorkgroup / shape.subgroupSize) * kFragment * kFragment * 4;
}

std::string generateCooperativeGemmGlsl(const Plan& plan, const KernelShape& shape) {
    return CooperativeWriter(plan, shape).source();
}

}  // namespace vkdml::gemm
