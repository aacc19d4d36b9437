// The cooperative-matrix GEMM kernel (GL_NV_cooperative_matrix): FLOAT16 A and B with FLOAT32 sums, or (with
// GL_NV_integer_cooperative_matrix) 8-bit A and B of the integer multiplies with INT32 sums, on the matrix units.
//
// Each workgroup computes a 128 x 128 tile of one batch matrix, K by 64 bytes (32 halves, 64 bytes of 8-bit
// elements). Its 256 invocations first copy the A and B
// blocks of the step into shared memory (16 bytes per copy where the tensor allows it, else element by element), one
// step ahead: the next step's words are read into registers while the matrix units work on this one. The subgroups
// split the tile into blocks (2 x 4 blocks of 64 x 32 for subgroups of 32), each made of 16 x 16 accumulators that
// take 16 x 16 x 16 products (16 x 16 x 32 of 8-bit elements) from shared memory. Each block is laid out in shared memory as its tensor is in
// memory (K innermost, or M or N innermost), read by coopMatLoadNV row- or column-major accordingly, so a transposed
// operand costs nothing. Rows and columns past the matrix read its last one (their results are never stored), steps
// past K read zeros (in both operands: a clamped element times a zero could be a NaN). Every accumulator then goes
// through a subgroup's 16 x 16 block of shared memory to the same per-element code as the portable kernels
// (SourceParts::storeStatement: Alpha, C and Beta, the activation, a fused epilogue, the output's type).
//
// 8-bit operands: the matrix units multiply signed bytes (INT8 x INT8 -> INT32, the one integer form every device
// with integer cooperative matrices lists), so a UINT8 element x is staged as x - 128 (its top bit flipped), and
// with z the zero point less that shift (z = AZeroPoint - 128 for UINT8 A, AZeroPoint or 0 for INT8 A; likewise w
// for B) the sum DirectML defines is
//   sum_k (A' - z)(B' - w) = sum_k A'B' - z sum_k B' - w sum_k A' + K z w,
// an identity of integers that holds modulo 2^32 too, so the INT32 result (wrapping where it overflows) is the
// portable kernel's to the bit. sum_k A' (for each row) and sum_k B' (for each column) are added up from the staged
// blocks by the workgroup's invocations while the matrix units work, where the result needs them (w or z not 0).
#include "ops/gemm/generator.h"

#include <stdexcept>

#include "ops/gemm/generator_parts.h"

namespace vkdml::gemm {

namespace {

constexpr uint32_t kTile = 128, kWorkgroup = 256, kFragment = 16;
constexpr uint32_t kStepBytes = 64;  // K per step: 32 halves or 64 bytes

bool isEightBit(DML_TENSOR_DATA_TYPE t) { return t == DML_TENSOR_DATA_TYPE_INT8 || t == DML_TENSOR_DATA_TYPE_UINT8; }

// The element the kernel multiplies: FLOAT16, or 8 bits (the integer multiplies).
struct Element {
    bool eightBit = false;
    uint32_t perVector() const { return eightBit ? 16 : 8; }    // elements per 16-byte vector
    uint32_t step() const { return kStepBytes / (eightBit ? 1 : 2); }  // K per staged block
    uint32_t fragmentK() const { return eightBit ? 32 : 16; }  // K of one multiply on the matrix units
};

// How one operand's block is copied and laid out. kInner: K is innermost (A stored {M, K}, B stored {N, K}); the
// block is 128 rows of one step of K. Otherwise M (A) or N (B) is innermost: one step's rows of 128 elements. Shared
// rows are padded by one vector, so that neighbouring rows lie in other banks.
struct Staging {
    Slot slot;
    const char* name;       // "A", "B"
    Element element;
    bool isUnsigned = false;  // UINT8: staged with its top bit flipped (x - 128)
    bool kInner = true;
    bool vectors = false;   // 16-byte copies (else element by element)
    uint32_t kStride = 0, xStride = 0;  // strides along K and along M (A) or N (B)
    const char* xExtent;    // "M" or "N"

    uint32_t rowVectors() const { return ((kInner ? element.step() : kTile) + element.perVector()) / element.perVector(); }
    uint32_t dataVectors() const { return (kInner ? element.step() : kTile) / element.perVector(); }
    uint32_t rows() const { return kInner ? kTile : element.step(); }
    uint32_t sharedVectors() const { return rows() * rowVectors(); }
};

Staging stagingOf(const Plan& plan, Slot slot) {
    Staging s;
    s.slot = slot;
    const Operand& o = plan.operands[slot];
    const bool isA = slot == kA;
    s.name = isA ? "A" : "B";
    s.element.eightBit = isEightBit(plan.types[slot]);
    s.isUnsigned = plan.types[slot] == DML_TENSOR_DATA_TYPE_UINT8;
    s.xExtent = isA ? "M" : "N";
    s.kStride = isA ? o.column : o.row;
    s.xStride = isA ? o.row : o.column;
    s.kInner = !(s.xStride == 1 && s.kStride != 1);
    const uint32_t inner = s.kInner ? plan.k : (isA ? plan.m : plan.n), per = s.element.perVector();
    const uint32_t innerStride = s.kInner ? s.kStride : s.xStride, outerStride = s.kInner ? s.xStride : s.kStride;
    s.vectors = innerStride == 1 && outerStride % per == 0 && o.batch[0] % per == 0 && o.batch[1] % per == 0 &&
                inner % per == 0 && inner >= per;
    return s;
}

// The integer multiplies' zero point of A (or B) as the matrix units see it: the zero point (0 where absent) less
// 128 for a UINT8 operand; empty where that is 0 for every element.
std::string shiftedZeroPoint(const Plan& plan, Slot slot) {
    const bool isA = slot == kA;
    const Slot zero = isA ? kAZeroPoint : kBZeroPoint;
    const bool shifted = plan.types[slot] == DML_TENSOR_DATA_TYPE_UINT8;
    if (!plan.present(zero)) return shifted ? "-128" : "";
    const Operand& z = plan.operands[zero];
    std::string v = std::string(isA ? "loadAZeroPoint" : "loadBZeroPoint") + "(base" + std::to_string(zero) + " + " +
                    scaled(isA ? "m" : "n", isA ? z.row : z.column) + ")";
    return shifted ? "(" + v + " - 128)" : v;
}

class CooperativeWriter : SourceParts {
public:
    CooperativeWriter(const Plan& plan, const KernelShape& shape)
        : SourceParts(plan, shape), a_(stagingOf(plan, kA)), b_(stagingOf(plan, kB)) {
        const bool half = plan.kind == Kind::Float && plan.types[kA] == DML_TENSOR_DATA_TYPE_FLOAT16 &&
                          plan.types[kB] == DML_TENSOR_DATA_TYPE_FLOAT16;
        const bool eightBit = plan.kind != Kind::Float && isEightBit(plan.types[kA]) && isEightBit(plan.types[kB]);
        if ((!half && !eightBit) || plan.prologue)
            throw std::invalid_argument(
                "the cooperative-matrix GEMM kernel takes FLOAT16 A and B (GEMM) or 8-bit ones (the integer multiplies)");
        aZero_ = eightBit ? shiftedZeroPoint(plan, kA) : "";
        bZero_ = eightBit ? shiftedZeroPoint(plan, kB) : "";
        const uint32_t subgroups = kWorkgroup / shape.subgroupSize;
        if (shape.subgroupSize < 16 || shape.subgroupSize > 64 || kWorkgroup % shape.subgroupSize)
            throw std::invalid_argument("the cooperative-matrix GEMM kernel needs subgroups of 16, 32 or 64");
        subgroupsM_ = subgroups >= 16 ? 4 : 2;
        subgroupsN_ = subgroups / subgroupsM_;
        fragmentsM_ = kTile / subgroupsM_ / kFragment;
        fragmentsN_ = kTile / subgroupsN_ / kFragment;
    }

    std::string source() {
        header(element().eightBit ? "#extension GL_NV_cooperative_matrix : require\n"
                                   "#extension GL_NV_integer_cooperative_matrix : require\n"
                                   "#extension GL_KHR_memory_scope_semantics : require\n"
                                   "#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require\n"
                                   "#extension GL_KHR_shader_subgroup_basic : require\n"
                                 : "#extension GL_NV_cooperative_matrix : require\n"
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

    // fetch<X>(b, o, x): the elements of one copy (a vector's worth) as raw bits, UINT8 ones less 128, with o the
    // block's outer coordinate (M or N where K is innermost, else K) and x the first of the inner ones, both counted
    // in the whole matrix; b its batch base.
    void fetch(const Staging& s) {
        const std::string t = buffer(s.slot), n = s.name, ext = s.xExtent;
        const uint32_t per = s.element.perVector();
        const std::string shift = u(per == 16 ? 4 : 3), count = u(per);
        if (s.element.eightBit)
            out_ += "uint bits" + n + "(uint i) { return ((" + t + "[i >> 2u] >> ((i & 3u) * 8u)) & 0xffu)" +
                    (s.isUnsigned ? " ^ 0x80u" : "") + "; }\n";
        else
            out_ += "uint bits" + n + "(uint i) { return (" + t + "[i >> 1u] >> ((i & 1u) * 16u)) & 0xffffu; }\n";
        const std::string flip = s.isUnsigned ? " ^ uvec4(0x80808080u)" : "";
        out_ += "uvec4 fetch" + n + "(uint b, uint o, uint x) {\n";
        if (s.kInner) {
            // o along M or N (clamped), x along K (zeros past K).
            out_ += "    const uint r = min(o, " + ext + " - 1u);\n";
            if (s.vectors) {
                out_ += "    if (x >= K) return uvec4(0u);\n"
                        "    return " + t + "v[(b + " + scaled("r", s.xStride) + " + x) >> " + shift + "]" + flip + ";\n";
            } else {
                out_ += "    uint h[" + std::to_string(per) + "];\n"
                        "    for (uint e = 0u; e < " + count + "; ++e) h[e] = x + e < K ? bits" + n + "(b + " +
                        scaled("r", s.xStride) + " + " + scaled("(x + e)", s.kStride) + ") : 0u;\n";
                pack(s.element);
            }
        } else {
            // o along K (zeros past K), x along M or N (clamped).
            out_ += "    if (o >= K) return uvec4(0u);\n";
            if (s.vectors) {
                out_ += "    return " + t + "v[(b + " + scaled("o", s.kStride) + " + min(x, " + ext + " - " + count +
                        ")) >> " + shift + "]" + flip + ";\n";
            } else {
                out_ += "    uint h[" + std::to_string(per) + "];\n"
                        "    for (uint e = 0u; e < " + count + "; ++e) h[e] = bits" + n + "(b + " + scaled("o", s.kStride) +
                        " + " + scaled("min(x + e, " + ext + " - 1u)", s.xStride) + ");\n";
                pack(s.element);
            }
        }
        out_ += "}\n";
    }
    void pack(const Element& e) {
        if (e.eightBit)
            out_ += "    uvec4 v;\n"
                    "    for (uint w = 0u; w < 4u; ++w)\n"
                    "        v[w] = h[4u * w] | (h[4u * w + 1u] << 8u) | (h[4u * w + 2u] << 16u) | (h[4u * w + 3u] << 24u);\n"
                    "    return v;\n";
        else
            out_ += "    return uvec4(h[0] | (h[1] << 16u), h[2] | (h[3] << 16u), h[4] | (h[5] << 16u), h[6] | (h[7] << 16u));\n";
    }

    // Copies per invocation and operand: each block holds 128 rows of 64 bytes, 512 copies of 16 bytes.
    static constexpr uint32_t kCopies = kTile * kStepBytes / 16 / kWorkgroup;

    // Copy c of this invocation: its block row, vector within the row, and the fetch arguments for step k0.
    std::string copyArgs(const Staging& s, uint32_t c, const char* origin, const std::string& k0) const {
        const std::string v = "(lid + " + u(c * kWorkgroup) + ")";
        const uint32_t per = s.dataVectors();
        const std::string row = v + " / " + u(per), col = v + " % " + u(per), width = u(s.element.perVector());
        return s.kInner ? std::string(origin) + " + " + row + ", " + k0 + " + " + col + " * " + width
                        : k0 + " + " + row + ", " + origin + " + " + col + " * " + width;
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
        const uint32_t per = s.element.perVector();
        if (s.kInner) {
            const bool colMajor = s.slot == kB;  // B's (k, n) at n * row + k
            return shared + ", " + f + " * " + u(s.rowVectors()) + " + " + u(kk / per) + ", " + u(s.rowVectors()) +
                   ", " + (colMajor ? "true" : "false");
        }
        const bool colMajor = s.slot == kA;  // A's (m, k) at k * row + m
        return shared + ", " + u(kk * s.rowVectors()) + " + " + f + " / " + u(per) + ", " + u(s.rowVectors()) + ", " +
               (colMajor ? "true" : "false");
    }

    // The integer multiplies: which of the sums along K the result needs (sum_k A' for w, sum_k B' for z).
    bool rowSumsOfA() const { return !bZero_.empty(); }
    bool columnSumsOfB() const { return !aZero_.empty(); }

    // sum<X>(x): the sum of row x of A's staged block (column x of B's) over the step, as signed bytes.
    void blockSum(const Staging& s) {
        const std::string shared = s.slot == kA ? "As" : "Bs";
        out_ += "int sum" + std::string(s.name) + "(uint x) {\n    int s = 0;\n";
        if (s.kInner)
            out_ += "    for (uint j = 0u; j < " + u(s.dataVectors()) + "; ++j) s += byteSum(" + shared + "[x * " +
                    u(s.rowVectors()) + " + j]);\n";
        else
            out_ += "    for (uint k = 0u; k < " + u(s.element.step()) + "; ++k)\n"
                    "        s += bitfieldExtract(int(" + shared + "[k * " + u(s.rowVectors()) +
                    " + x / 16u][(x / 4u) % 4u]), int((x % 4u) * 8u), 8);\n";
        out_ += "    return s;\n}\n";
    }

    void body() {
        const uint32_t subgroups = subgroupsM_ * subgroupsN_;
        const bool eightBit = element().eightBit;
        out_ += "shared uvec4 As[" + u(a_.sharedVectors()) + "];\nshared uvec4 Bs[" + u(b_.sharedVectors()) + "];\n"
                "shared " + std::string(eightBit ? "int" : "float") + " scratch[" +
                u(subgroups * kFragment * kFragment) + "];\n";
        const bool sums = rowSumsOfA() || columnSumsOfB();
        if (sums) {
            out_ += "shared int sums[" + u(2 * kTile) + "];  // sum_k A' of the tile's rows, then sum_k B' of its columns\n"
                    "int byteSum(uvec4 v) {\n"
                    "    int s = 0;\n"
                    "    for (uint c = 0u; c < 4u; ++c)\n"
                    "        for (int b = 0; b < 32; b += 8) s += bitfieldExtract(int(v[c]), b, 8);\n"
                    "    return s;\n}\n";
            if (rowSumsOfA()) blockSum(a_);
            if (columnSumsOfB()) blockSum(b_);
        }
        const std::string accType = eightBit ? "icoopmatNV<32, gl_ScopeSubgroup, 16, 16>" : "fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>";
        const std::string aType = eightBit ? "icoopmatNV<8, gl_ScopeSubgroup, 16, 32>" : "fcoopmatNV<16, gl_ScopeSubgroup, 16, 16>";
        const std::string bType = eightBit ? "icoopmatNV<8, gl_ScopeSubgroup, 32, 16>" : "fcoopmatNV<16, gl_ScopeSubgroup, 16, 16>";
        const uint32_t step = element().step(), fragmentK = element().fragmentK();
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
                out_ += "        " + accType + " " + acc(i, j) + " = " + accType + (eightBit ? "(0);\n" : "(0.0);\n");
        for (uint32_t c = 0; c < kCopies; ++c)
            out_ += "        uvec4 ra" + std::to_string(c) + ", rb" + std::to_string(c) + ";\n";
        if (sums) out_ += "        int partialSum = 0;  // invocations 0-127: row lid of A; 128-255: column lid - 128 of B\n";
        prefetch("0u", "        ");
        out_ += "        for (uint k0 = 0u; k0 < K; k0 += " + u(step) + ") {\n"
                "            barrier();\n";  // every subgroup is done with the previous step's blocks
        for (uint32_t c = 0; c < kCopies; ++c) {
            out_ += "            As[" + sharedIndex(a_, c) + "] = ra" + std::to_string(c) + ";\n";
            out_ += "            Bs[" + sharedIndex(b_, c) + "] = rb" + std::to_string(c) + ";\n";
        }
        out_ += "            barrier();\n"
                "            if (k0 + " + u(step) + " < K) {\n";
        prefetch("(k0 + " + u(step) + ")", "                ");
        out_ += "            }\n";
        if (rowSumsOfA() && columnSumsOfB())
            out_ += "            partialSum += lid < " + u(kTile) + " ? sumA(lid) : sumB(lid - " + u(kTile) + ");\n";
        else if (rowSumsOfA())
            out_ += "            if (lid < " + u(kTile) + ") partialSum += sumA(lid);\n";
        else if (columnSumsOfB())
            out_ += "            if (lid >= " + u(kTile) + ") partialSum += sumB(lid - " + u(kTile) + ");\n";
        for (uint32_t kk = 0; kk < step; kk += fragmentK) {
            out_ += "            {\n";
            for (uint32_t i = 0; i < fragmentsM_; ++i) {
                out_ += "                " + aType + " a" + std::to_string(i) + ";\n";
                out_ += "                coopMatLoadNV(a" + std::to_string(i) + ", " +
                        fragmentLoad(a_, "(fm + " + u(i * kFragment) + ")", kk) + ");\n";
            }
            for (uint32_t j = 0; j < fragmentsN_; ++j) {
                out_ += "                {\n                    " + bType + " b;\n"
                        "                    coopMatLoadNV(b, " + fragmentLoad(b_, "(fn + " + u(j * kFragment) + ")", kk) + ");\n";
                for (uint32_t i = 0; i < fragmentsM_; ++i)
                    out_ += "                    " + acc(i, j) + " = coopMatMulAddNV(a" + std::to_string(i) + ", b, " +
                            acc(i, j) + ");\n";
                out_ += "                }\n";
            }
            out_ += "            }\n";
        }
        out_ += "        }\n";
        // The previous batch matrix's epilogue read `sums` before this one's first barrier.
        if (sums) out_ += "        sums[lid] = partialSum;\n        barrier();\n";
        epilogue();
        out_ += "    }\n}\n";
    }

    // The integer sum of output (m, n) from r, the matrix units' sum of A'B' (see the top of the file).
    std::string correctedSum(const std::string& r) const {
        std::string v = r;
        if (columnSumsOfB()) v += " - " + aZero_ + " * sums[" + u(kTile) + " + n - n0]";
        if (rowSumsOfA()) v += " - " + bZero_ + " * sums[m - m0]";
        if (columnSumsOfB() && rowSumsOfA()) v += " + int(K) * " + aZero_ + " * " + bZero_;
        return v;
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
        const std::string sum = "scratch[sg * " + u(block) + " + e]";
        out_ += "            }\n"
                "            subgroupMemoryBarrierShared();\n"
                "            subgroupBarrier();\n"
                "            for (uint e = gl_SubgroupInvocationID; e < " + u(block) + "; e += gl_SubgroupSize) {\n"
                "                const uint m = m0 + fm + (f / " + u(fragmentsN_) + ") * 16u + e / 16u;\n"
                "                const uint n = n0 + fn + (f % " + u(fragmentsN_) + ") * 16u + e % 16u;\n"
                "                if (m >= M || n >= N) continue;\n" +
                (element().eightBit ? "                const int r = " + correctedSum(sum) + ";\n"
                                   : "                const float r = " + sum + ";\n") +
                storeStatement("r") +
                "            }\n"
                "            subgroupMemoryBarrierShared();\n"
                "            subgroupBarrier();\n"  // the next accumulator overwrites the block
                "        }\n";
    }

    // The element both operands hold (the constructor requires A's and B's to agree).
    const Element& element() const { return a_.element; }

    Staging a_, b_;
    std::string aZero_, bZero_;  // the integer multiplies' zero points as the matrix units see them (shiftedZeroPoint)
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
    layout.eightBit = a.element.eightBit;
    layout.aUnsigned = a.isUnsigned;
    layout.bUnsigned = b.isUnsigned;
    return layout;
}

KernelShape cooperativeShape(uint32_t subgroupSize, bool eightBit) {
    KernelShape shape;
    shape.cooperative = true;
    shape.cooperativeEightBit = eightBit;
    shape.subgroupSize = subgroupSize;
    shape.staged = true;
    shape.wx = shape.wy = 16;
    shape.tm = shape.tn = kTile / 16;
    shape.depth = Element{eightBit}.step();
    return shape;
}

uint32_t cooperativeSharedBytes(const KernelShape& shape) {
    const uint32_t largestBlock = kTile * (kStepBytes + 16);  // K innermost: 128 rows of 64 bytes and one vector
    const uint32_t sums = shape.cooperativeEightBit ? 2 * kTile * 4 : 0;
    return 2 * largestBlock + (kWorkgroup / shape.subgroupSize) * kFragment * kFragment * 4 + sums;
}

std::string generateCooperativeGemmGlsl(const Plan& plan, const KernelShape& shape) {
    return CooperativeWriter(plan, shape).source();
}

}  // namespace vkdml::gemm
