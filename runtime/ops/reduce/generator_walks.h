// The loops over a row's elements inside a reduction kernel: generator.cpp's bodies give the per-element code, and
// RowWalks puts it in the loop that visits this invocation's share of its row's elements [jBase, jEnd) (the whole row,
// or one part of it: KernelShape::segments) as elements jBase + lane, + T, + 2T, ..., or as whole 16-byte vectors of a
// packed innermost dimension, in a fixed order, so that every walk of a row, fused with neighbours or not, adds the
// same terms in the same order.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "ops/reduce/plan.h"

namespace vkdml::reduce {

class RowWalks {
public:
    // buffers: the GLSL name of each bound slot's word array (the input's vector view is the name + "v", the
    // output's + "w"); valueType: the input's GLSL value type; vectorWidth: inputVectorWidth(plan) (0: element loads);
    // outputWidth: outputVectorWidth(plan) (0: element stores).
    RowWalks(const Plan& plan, uint32_t vectorWidth, uint32_t outputWidth,
             const std::array<std::string, kMaxSlots>& buffers, const std::string& valueType);

    // `code` for every element j of this invocation's share, with o (and o2) its slots' element indices and xIn the
    // input element.
    std::string forElements(const std::string& code) const;

    // The same, then the float `value` stored as the element's output: a whole 16-byte vector of results at once
    // where the output is written by vectors, else the statement `scalarStore`. With `readsOutput`, `code` may read
    // outIn, the FLOAT32 output element as it is before this walk stores it.
    // `intermediate`: a later walk reads these results back (readsOutput) and stores the final ones; with kept
    // rows they stay in registers instead of memory.
    std::string forElementsStoring(const std::string& code, const std::string& value, const std::string& scalarStore,
                                   bool readsOutput = false, bool intermediate = false) const;

    // Kept rows (KernelShape::keptRows): this invocation's share of its row, `vectors` 16-byte vectors at most, is
    // loaded once, by keptLoads() before the first walk, and every vector walk takes it from registers (the same
    // elements in the same order: the same bits). Only for vector walks without a prologue.
    void keepRows(uint32_t vectors) { kept_ = vectors; }
    uint32_t keptVectors() const { return kept_; }
    std::string keptLoads() const;

private:
    std::string element(const std::string& j, const std::string& code) const;
    struct Storing {
        std::string value;
        bool readsOutput = false;
        bool intermediate = false;
    };
    std::string forVectors(const std::string& code, const Storing* storing = nullptr) const;
    std::string forVectorOrder(const std::string& code) const;
    std::string vectorLane(DML_TENSOR_DATA_TYPE type, const std::string& words, uint32_t k) const;
    std::string high() const;

    const Plan& p_;
    uint32_t vector_, outputVector_;
    uint32_t kept_ = 0;
    std::array<std::string, kMaxSlots> buffers_;
    std::string vt_;
};

}  // namespace vkdml::reduce
