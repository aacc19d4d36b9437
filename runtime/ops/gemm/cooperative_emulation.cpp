#include "ops/gemm/cooperative_emulation.h"

#include <stdexcept>

namespace vkdml::gemm {

namespace {

// The meaning of the constructs the kernel uses (GL_NV_cooperative_matrix), as a template for the two kernels: $T
// the element's type and $V a vector of 4 of them, $PER elements per 16-byte vector, $K the fragment's K.
// FLOAT16: a 16 x 16 operand loaded from As or Bs (arrays of uvec4: `offset` and `stride` count 16-byte vectors,
// rows or, column-major, columns of 16 halves) is read where it lies when it is multiplied: the kernel never writes
// those blocks between a load and its multiply. A FLOAT32 accumulator is spread over the slice: invocation `lane`
// holds elements lane + 32 i, row-major, that is rows lane / 16 + 2 i of column lane % 16 (two vec4s: arrays would
// live in memory, and llvmpipe's coroutines around every barrier copy them). Products of halves are exact in FLOAT32;
// each output adds its 16 products in order of k, then the sum to the accumulator. 8-bit
// (GL_NV_integer_cooperative_matrix): an A fragment is 16 x 32 signed bytes, a B fragment 32 x 16, an INT32
// accumulator spread in the same way; integer sums wrap, in any order. The loop over k runs to a bound the compiler
// cannot see (coopSixteen): unrolled, the kernel takes llvmpipe minutes to compile; its iterations count against
// llvmpipe's loop guard (emulatedCooperativeLoopIterations).
const char* const kDefinitions = R"(shared uint coopSixteen;  // 16, in a form the compiler cannot unroll a loop over
struct CoopRef { uint offset; uint stride; bool colMajor; };
struct CoopAcc { $V lo; $V hi; };
CoopAcc coopAccZero() { return CoopAcc($V(0), $V(0)); }
CoopRef coopRef(uint offset, uint stride, bool colMajor) { return CoopRef(offset, stride, colMajor); }
uint coopIndex(CoopRef r, uint row, uint col) {
    return r.colMajor ? (r.offset + col * r.stride) * $PER + row : (r.offset + row * r.stride) * $PER + col;
}
$T coopA(CoopRef r, uint row, uint col) { const uint e = coopIndex(r, row, col); return coopElement(As[e / $PER], e % $PER); }
$T coopB(CoopRef r, uint row, uint col) { const uint e = coopIndex(r, row, col); return coopElement(Bs[e / $PER], e % $PER); }
CoopAcc coopMulAdd(CoopRef a, CoopRef b, CoopAcc c) {
    const uint lane = gl_LocalInvocationID.x % 32u, row = lane / 16u, col = lane % 16u;
    $V lo = $V(0), hi = $V(0);
    for (uint k = 0u; k < $K; ++k) {
        const $T bk = coopB(b, k, col);
        lo += $V(coopA(a, row, k), coopA(a, row + 2u, k), coopA(a, row + 4u, k), coopA(a, row + 6u, k)) * bk;
        hi += $V(coopA(a, row + 8u, k), coopA(a, row + 10u, k), coopA(a, row + 12u, k), coopA(a, row + 14u, k)) * bk;
    }
    c.lo += lo;
    c.hi += hi;
    return c;
}
void coopStoreScratch(CoopAcc c, uint offset) {
    const uint base = offset + gl_LocalInvocationID.x % 32u;
    for (uint i = 0u; i < 4u; ++i) {
        scratch[base + 32u * i] = c.lo[i];
        scratch[base + 32u * (i + 4u)] = c.hi[i];
    }
}
)";
const char* const kHalfElement =
    "float coopElement(uvec4 v, uint h) { return unpackHalf2x16(v[h >> 1u] >> ((h & 1u) * 16u)).x; }\n";
const char* const kByteElement =
    "int coopElement(uvec4 v, uint b) { return bitfieldExtract(int(v[b >> 2u]), int((b & 3u) * 8u), 8); }\n";

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
    size_t at = text.find(from);
    if (at == std::string::npos)
        throw std::invalid_argument("cooperative-matrix emulation: the kernel has no '" + from + "'");
    for (; at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
}

// The definitions of kDefinitions for the FLOAT16 kernel or the 8-bit (`integer`) one.
std::string definitions(bool integer) {
    std::string text = kDefinitions;
    replaceAll(text, "$T", integer ? "int" : "float");
    replaceAll(text, "$V", integer ? "ivec4" : "vec4");
    replaceAll(text, "$PER", integer ? "16u" : "8u");
    replaceAll(text, "$K", integer ? "2u * coopSixteen" : "coopSixteen");
    const std::string before = "uint coopIndex(";
    text.insert(text.find(before), integer ? kByteElement : kHalfElement);
    return text;
}

// Each `<call>(<name>, <array>, <rest>)` becomes `<before><name><middle><rest>)`, <rest> running to the call's
// closing parenthesis; returns how many there were.
size_t rewriteCalls(std::string& text, const std::string& call, const std::string& array,
                    const std::string& before, const std::string& middle, const std::string& restSuffix) {
    size_t count = 0;
    for (size_t at = text.find(call + "("); at != std::string::npos; at = text.find(call + "(", at)) {
        const size_t nameStart = at + call.size() + 1, nameEnd = text.find(", ", nameStart);
        if (nameEnd == std::string::npos || text.compare(nameEnd + 2, array.size() + 2, array + ", ") != 0) {
            at = nameStart;
            continue;
        }
        const size_t restStart = nameEnd + 2 + array.size() + 2;
        int depth = 1;
        size_t end = restStart;
        for (; end < text.size() && depth > 0; ++end) depth += text[end] == '(' ? 1 : text[end] == ')' ? -1 : 0;
        std::string rest = text.substr(restStart, end - 1 - restStart);
        if (!restSuffix.empty()) {
            if (rest.size() < restSuffix.size() || rest.compare(rest.size() - restSuffix.size(), restSuffix.size(), restSuffix))
                throw std::invalid_argument("cooperative-matrix emulation: a store with another stride or layout");
            rest.resize(rest.size() - restSuffix.size());
        }
        const std::string replacement = before + text.substr(nameStart, nameEnd - nameStart) + middle + rest + ")";
        text.replace(at, end - at, replacement);
        at += replacement.size();
        ++count;
    }
    return count;
}

}  // namespace

uint64_t emulatedCooperativeLoopIterations(uint64_t k, uint64_t batchesPerWorkgroup, bool eightBit) {
    // FLOAT16, per step of 32: the K loop's iteration and 16 multiply-accumulates of 16. 8-bit, per step of 64: the
    // K loop's iteration, 16 multiply-accumulates of 32 and at most one block sum (64 steps, or 4 vectors of 16
    // bytes). Then the epilogue's 8 accumulators (a store of 4 and the outputs' loop of 8).
    constexpr uint64_t kEpilogue = 8 * (1 + 4 + 8);
    const uint64_t perStep = eightBit ? 1 + 16 * 32 + 64 : 1 + 16 * 16, step = eightBit ? 64 : 32;
    return batchesPerWorkgroup * ((k + step - 1) / step * perStep + kEpilogue);
}

std::string emulateCooperativeMatrices(const std::string& glsl) {
    std::string text = glsl;
    const bool integer = text.find("#extension GL_NV_integer_cooperative_matrix : require\n") != std::string::npos;
    replaceAll(text, "#extension GL_NV_cooperative_matrix : require\n", "");
    replaceAll(text, "#extension GL_KHR_memory_scope_semantics : require\n", "");
    if (integer) {
        replaceAll(text, "#extension GL_NV_integer_cooperative_matrix : require\n", "");
        replaceAll(text, "#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require\n", "");
        replaceAll(text, "icoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0)", "coopAccZero()");
        replaceAll(text, "icoopmatNV<32, gl_ScopeSubgroup, 16, 16>", "CoopAcc");
        replaceAll(text, "icoopmatNV<8, gl_ScopeSubgroup, 16, 32>", "CoopRef");
        replaceAll(text, "icoopmatNV<8, gl_ScopeSubgroup, 32, 16>", "CoopRef");
    } else {
        replaceAll(text, "fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0)", "coopAccZero()");
        replaceAll(text, "fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>", "CoopAcc");
        replaceAll(text, "fcoopmatNV<16, gl_ScopeSubgroup, 16, 16>", "CoopRef");
    }
    // coopMatLoadNV(m, As, offset, stride, colMajor) -> m = coopRef(offset, stride, colMajor)
    if (rewriteCalls(text, "coopMatLoadNV", "As", "", " = coopRef(", "") == 0 ||
        rewriteCalls(text, "coopMatLoadNV", "Bs", "", " = coopRef(", "") == 0)
        throw std::invalid_argument("cooperative-matrix emulation: the kernel loads no A or no B fragment");
    // The multiply-accumulate tells A's fragments from B's by its operands' order, so both load through coopRef and
    // the definitions read As for the first operand and Bs for the second.
    replaceAll(text, "coopMatMulAddNV(", "coopMulAdd(");
    // coopMatStoreNV(acc, scratch, offset, 16u, false) -> coopStoreScratch(acc, offset): the only store, row-major
    // 16 x 16 blocks.
    if (rewriteCalls(text, "coopMatStoreNV", "scratch", "coopStoreScratch(", ", ", ", 16u, false") == 0)
        throw std::invalid_argument("cooperative-matrix emulation: the kernel stores no accumulator");
    if (text.find("coopMat") != std::string::npos || text.find("coopmatNV") != std::string::npos)
        throw std::invalid_argument("cooperative-matrix emulation: the kernel uses a construct it does not emulate");
    // Subgroups of 32 become 32-invocation slices of the workgroup; the subgroup barriers (in the kernel's
    // workgroup-uniform epilogue loop) workgroup barriers.
    replaceAll(text, "gl_SubgroupInvocationID", "(gl_LocalInvocationID.x % 32u)");
    replaceAll(text, "gl_SubgroupID", "(gl_LocalInvocationID.x / 32u)");
    replaceAll(text, "gl_SubgroupSize", "32u");
    replaceAll(text, "subgroupMemoryBarrierShared()", "memoryBarrierShared()");
    replaceAll(text, "subgroupBarrier()", "barrier()");
    // The definitions go before main(); coopSixteen is set first thing in it, before the kernel's first barrier,
    // which comes before its first multiply.
    const std::string entry = "void main() {\n";
    const size_t main = text.find(entry);
    if (main == std::string::npos) throw std::invalid_argument("cooperative-matrix emulation: no main()");
    text.insert(main + entry.size(), "    if (gl_LocalInvocationID.x == 0u) coopSixteen = 16u;\n");
    text.insert(main, definitions(integer));
    return text;
}

}  // namespace vkdml::gemm
