#include "ops/reduce/generator_walks.h"

#include <stdexcept>

#include "ops/reduce/generator.h"

namespace vkdml::reduce {

namespace {

std::string u(uint64_t v) { return std::to_string(v) + "u"; }

}  // namespace

RowWalks::RowWalks(const Plan& plan, uint32_t vectorWidth, uint32_t outputWidth,
                   const std::array<std::string, kMaxSlots>& buffers, const std::string& valueType)
    : p_(plan), vector_(vectorWidth), outputVector_(outputWidth), buffers_(buffers), vt_(valueType) {}

std::string RowWalks::forElementsStoring(const std::string& code, const std::string& value,
                                         const std::string& scalarStore, bool readsOutput, bool intermediate) const {
    if (readsOutput && p_.types[kOutput] != DML_TENSOR_DATA_TYPE_FLOAT32)
        throw std::invalid_argument("a walk reading back a non-FLOAT32 output");
    if (outputVector_) {
        Storing storing{value, readsOutput, intermediate};
        return forVectors(code, &storing);
    }
    const std::string read =
        readsOutput ? "            float outIn = uintBitsToFloat(" + buffers_[kOutput] + "[o.y]);\n" : "";
    return forElements(read + code + "            " + scalarStore + "\n");
}

// kUnroll elements per iteration without bounds checks, then the rest one at a time; or, where the row's innermost
// dimension is packed in the input, a whole 16-byte vector of it per iteration. llvmpipe ends an invocation's loops
// after 65535 iterations in all (its guard against endless shaders), so the kernel shape keeps a walk's elements /
// (T * kUnroll) below kMaxLoopIterations.
std::string RowWalks::forElements(const std::string& code) const {
    if (vector_) return forVectors(code);
    if (p_.prologue && p_.operandVectorWidth) return forVectorOrder(code);
    // A DECREASING scan walks its row from the last element (one invocation per row).
    const bool reverse = p_.kind == Kind::Scan && p_.decreasing;
    auto at = [&](const std::string& step) { return element(reverse ? "N - 1u - (" + step + ")" : step, code); };
    std::string out = "        if (live) {\n            uint next = jBase + lane;\n"
                      "            for (; next + " + u(kUnroll - 1) + " * T < jEnd; next += " + u(kUnroll) +
                      " * T) {\n";
    for (uint32_t k = 0; k < kUnroll; ++k) out += at("next + " + u(k) + " * T");
    out += "            }\n            for (; next < jEnd; next += T) {\n" + at("next") + "            }\n";
    return out + "        }\n";
}

std::string RowWalks::element(const std::string& j, const std::string& code) const {
    return "            { uint j = " + j + ";\n            uvec4 o = rb + elementOffset(j);\n" + high() +
           "            " + vt_ + " xIn = " + (p_.prologue ? "inputAt(o, o2)" : "loadIn(o.x)") + ";\n" + code +
           "            }\n";
}

// Vectors of vector_ elements: the innermost reduced dimension is packed in the input (stride 1, a multiple of
// vector_ elements long, every other input stride a multiple of vector_, and the binding's base is: 16-byte aligned
// offsets).
std::string RowWalks::keptLoads() const {
    if (!kept_ || !vector_ || p_.prologue) throw std::invalid_argument("kept rows need plain vector walks");
    return "        uvec4 keptIn[" + u(kept_) + "], keptOut[" + u(kept_) + "];\n"
           "        if (live) for (uint i = 0u; i < " + u(kept_) + "; ++i) {\n"
           "            uint q = jBase / " + u(vector_) + " + lane + i * T;\n"
           "            if (q < jEnd / " + u(vector_) + ") keptIn[i] = " + buffers_[kInput] + "v[(rb.x + elementOffset(q * " +
           u(vector_) + ").x) / " + u(vector_) + "];\n        }\n";
}

std::string RowWalks::forVectors(const std::string& code, const Storing* storing) const {
    const Dim& inner = p_.reduced.front();
    const std::string step = "uvec4(" + u(uint32_t(inner.strides[0])) + ", " + u(uint32_t(inner.strides[1])) + ", " +
                             u(uint32_t(inner.strides[2])) + ", " + u(uint32_t(inner.strides[3])) + ")";
    std::string out =
        kept_ ? "        if (live) for (uint i = 0u; i < " + u(kept_) + "; ++i) {\n"
                "            uint q = jBase / " + u(vector_) + " + lane + i * T;\n"
                "            if (q >= jEnd / " + u(vector_) + ") break;\n"
                "            uvec4 first = rb + elementOffset(q * " + u(vector_) + ");\n"
                "            uvec4 words = keptIn[i];\n"
              : "        if (live) for (uint q = jBase / " + u(vector_) + " + lane; q < jEnd / " + u(vector_) +
                "; q += T) {\n"
                "            uvec4 first = rb + elementOffset(q * " + u(vector_) + ");\n"
                "            uvec4 words = " + buffers_[kInput] + "v[first.x / " + u(vector_) + "];\n";
    // A prologue's other tensors: their vectors at the same element (slots 4-7).
    if (p_.prologue && p_.prologueSlots.size() > 1)
        out += "            uvec4 first2 = rb2 + elementOffset2(q * " + u(vector_) + ");\n";
    for (size_t i = 1; i < p_.prologueSlots.size(); ++i) {
        const uint32_t slot = p_.prologueSlots[i];
        out += "            uvec4 words" + std::to_string(slot) + " = " + buffers_[slot] + "v[first2." +
               "xyzw"[slot % 4] + " / " + u(vector_) + "];\n";
    }
    // The output's vector at the same element (its words start at first.y, a multiple of the width).
    const std::string outVector = buffers_[kOutput] + "w[first.y / " + u(vector_) + "]";
    const bool halfOut = p_.types[kOutput] == DML_TENSOR_DATA_TYPE_FLOAT16;
    if (storing) {
        const std::string earlier = kept_ ? "keptOut[i]" : outVector;
        out += "            uvec4 outWords = " + std::string(storing->readsOutput ? earlier : "uvec4(0u)") + ";\n";
    }
    for (uint32_t k = 0; k < vector_; ++k) {
        std::string x = vectorLane(p_.types[kInput], "words", k);
        if (p_.prologue) {
            std::string args = x;
            for (size_t i = 1; i < p_.prologueSlots.size(); ++i)
                args += ", " + vectorLane(p_.types[p_.prologueSlots[i]], "words" + std::to_string(p_.prologueSlots[i]), k);
            x = "inputOf(" + args + ")";
        }
        std::string body = code;
        if (storing) {
            const std::string word = std::string("outWords.") + "xyzw"[halfOut ? k / 2 : k];
            const std::string read =
                storing->readsOutput ? "            float outIn = uintBitsToFloat(" + word + ");\n" : "";
            const std::string write =
                halfOut ? "            " + word + " |= (vk_half_bits_from_float(" + storing->value + ") & 0xffffu) << " +
                              u(16 * (k % 2)) + ";\n"
                        : "            " + word + " = floatBitsToUint(" + storing->value + ");\n";
            body = read + code + write;
        }
        out += "            { uint j = q * " + u(vector_) + " + " + u(k) + ";\n            uvec4 o = first + " + u(k) +
               " * " + step + ";\n" + high() + "            " + vt_ + " xIn = " + x + ";\n" + body + "            }\n";
    }
    if (storing)
        out += "            " + (kept_ && storing->intermediate ? std::string("keptOut[i]") : outVector) + " = outWords;\n";
    return out + "        }\n";
}

// The elements one at a time in the order forVectors takes them (the kernel of the operator without its prologue
// reads its own input by vectors): each lane's sums then add the same terms in the same order.
std::string RowWalks::forVectorOrder(const std::string& code) const {
    const uint32_t width = p_.operandVectorWidth;
    std::string out = "        if (live) for (uint q = jBase / " + u(width) + " + lane; q < jEnd / " + u(width) +
                      "; q += T) {\n";
    for (uint32_t k = 0; k < width; ++k)
        out += "            { uint j = q * " + u(width) + " + " + u(k) + ";\n            uvec4 o = rb + elementOffset(j);\n" +
               high() + "            " + vt_ + " xIn = inputAt(o, o2);\n" + code + "            }\n";
    return out + "        }\n";
}

// Element k of a vector of `type` held in the uvec4 `words`.
std::string RowWalks::vectorLane(DML_TENSOR_DATA_TYPE type, const std::string& words, uint32_t k) const {
    const std::string word = words + "." + "xyzw"[vector_ == 4 ? k : k / 2];
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return "uintBitsToFloat(" + word + ")";
        case DML_TENSOR_DATA_TYPE_INT32: return "int(" + word + ")";
        case DML_TENSOR_DATA_TYPE_UINT32: return word;
        default: return "vk_float_from_half_bits(" + word + (k % 2 ? " >> 16u" : "") + ")";  // FLOAT16
    }
}

// o2: slots 4-7's element indices of element j (only where such a slot is bound).
std::string RowWalks::high() const {
    return p_.hasHighSlots() ? "            uvec4 o2 = rb2 + elementOffset2(j);\n" : "";
}

}  // namespace vkdml::reduce
