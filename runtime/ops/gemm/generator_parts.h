// The parts of a GEMM kernel's GLSL that every kernel form shares (generator.cpp's portable kernels,
// generator_cooperative.cpp's cooperative-matrix kernel): the header with the bindings, push constants and sizes,
// the math library and a fused epilogue's function, the tensors' load and store functions, and the statement that
// finishes one output element from its sum (Alpha, C and Beta, the activation or the integer multiplies' scaling,
// a fused epilogue) and stores it.
#pragma once

#include <cstdint>
#include <string>

#include "ops/gemm/generator.h"

namespace vkdml::gemm {

std::string u(uint64_t v);                                 // "12u"
std::string scaled(const std::string& x, uint32_t stride);  // `x * stride`, trivial strides folded

class SourceParts {
protected:
    SourceParts(const Plan& plan, const KernelShape& shape);

    std::string buffer(uint32_t slot) const { return "t" + std::to_string(binding_[slot]); }
    uint32_t binding(Slot slot) const { return binding_[slot]; }
    const Operand& op(Slot slot) const { return p_.operands[slot]; }
    // `base<slot>`: the variable holding the first element of slot's matrix in the current batch.
    std::string base(Slot s) const { return "base" + std::to_string(s); }

    // "#version 450", then `extensions` (lines), the defines, the workgroup size, push constants, bindings and sizes.
    void header(const std::string& extensions = "");
    void library();
    // loadA(i) ... as floats or ints, store(i, v) for the output; with a fused prologue, prologueB(l) for B's element
    // at linear index l instead of loadB.
    void accessors();
    // An element of A or B (`value`, from loadA or loadB) less its zero point (`zero`; "" when there is none), as
    // the sums take it: an int, or a float where the sums are (Plan::floatSums).
    std::string lessZeroPoint(const std::string& value, const std::string& zero) const;
    // The first element of slot's matrix for batch (b0, b1).
    std::string batchBase(Slot slot) const;
    // Slot's element (m, n) through `loader`.
    std::string at(Slot s, const char* loader) const;
    // The stored value of output element (m, n) from its sum `r`.
    std::string finished(const std::string& r) const;
    // Stores output element (m, n) from its sum `r`: the finished value, or with a fused epilogue that value as it
    // would read back from GEMM's output tensor, through the epilogue with its tensors' elements (m, n).
    std::string storeStatement(const std::string& r) const;

    const Plan& p_;
    const KernelShape& s_;
    std::string acc_;  // the accumulators' GLSL type
    std::string out_;

private:
    void load(Slot slot, const char* name);
    // 32-bit integer operands summed as floats: loaded as their bits, differences taken by vk_exact_difference.
    bool wideOperands() const;
    void prologueAccessors();
    uint32_t binding_[kSlots] = {};
};

}  // namespace vkdml::gemm
