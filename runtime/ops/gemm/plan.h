// What one matrix multiply computes, in the kernel's terms: for every batch coordinate (b0, b1) and output element
// (m, n), the sum over k of A[m][k] * B[k][n], then the operator's own epilogue:
//   GEMM: activation(Alpha * sum + Beta * C[m][n]), FLOAT32 accumulation;
//   MATRIX_MULTIPLY_INTEGER: sum of (A - AZeroPoint)(B - BZeroPoint) in INT32;
//   MATRIX_MULTIPLY_INTEGER_TO_FLOAT: that sum * AScale * BScale + Bias;
//   QUANTIZED_LINEAR_MATRIX_MULTIPLY: that sum * AScale * BScale / OutputScale, rounded half to even, plus
//   OutputZeroPoint, saturated to the output's type.
// In a graph, GEMM's result may go on through the element-wise run that reads it (ops::FusedNeighbours::epilogue:
// a bias ADD, GELU, a residual ADD, a CAST) before it is stored: the run's output is then the tensor written.
// Each tensor is reduced to four strides in elements (two batch dimensions, rows, columns): a transposed operand is
// the same tensor read with its last two strides swapped, never a copy; a broadcast dimension has stride 0; scales and
// zero points are right-aligned onto the tensor they apply to (A's per row, B's per column, the output's per element).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dml/operator_desc.h"
#include "ops/fused_neighbours.h"

namespace vkdml::gemm {

enum class Kind : uint8_t { Float, Integer, IntegerToFloat, QuantizedLinear };

constexpr uint32_t kMaxEpilogueTensors = 4;
constexpr uint32_t kMaxPrologueTensors = 3;
constexpr uint32_t kMaxPrologueRank = 8;

// Tensor slots, in the kernel's binding order (absent slots bind nothing). kC is GEMM's C or the integer
// multiplies' Bias; kEpilogue0.. the tensors a fused epilogue reads besides GEMM's result; with a fused prologue
// computing B, slot kB holds the prologue's input 0 and kPrologue1.. its others.
enum Slot : uint32_t {
    kA, kB, kC, kOutput, kAZeroPoint, kBZeroPoint, kAScale, kBScale, kOutScale, kOutZeroPoint, kEpilogue0,
    kPrologue1 = kEpilogue0 + kMaxEpilogueTensors,
    kSlots = kPrologue1 + kMaxPrologueTensors - 1
};

// One tensor's strides in elements: along the two batch dimensions, its rows and its columns (A, its scale and zero
// point: m, k; B's: k, n; C, the output and the output's scale and zero point: m, n).
struct Operand {
    uint32_t batch[2] = {0, 0};
    uint32_t row = 0, column = 0;
};

struct Plan {
    Kind kind = Kind::Float;
    DML_TENSOR_DATA_TYPE types[kSlots] = {};  // UNKNOWN: not bound (absent, or C with Beta 0)
    uint32_t batch[2] = {1, 1};               // the batch dimensions' sizes (1 where absent)
    uint32_t m = 1, n = 1, k = 1;
    Operand operands[kSlots];
    float alpha = 1.0f, beta = 0.0f;  // GEMM
    dml::FusedActivation fused;      // GEMM
    std::vector<Slot> inputs;        // the slot of each present input, in binding order (the epilogue's last)
    // A fused epilogue: computes the stored element from GEMM's result as it reads back from GEMM's own output
    // (resultType) and the kEpilogue0.. tensors, then kOutput is the epilogue's output tensor.
    std::optional<kernel::ElementwiseProgram> epilogue;
    DML_TENSOR_DATA_TYPE resultType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    // A fused prologue (GEMM's B only): computes B's element from program input i read from prologue tensor i
    // (slot kB, then kPrologue1..). B is packed, and its element at linear index l is the prologue's element l over
    // the prologue's own dimensions (prologueSizes, row-major), where each prologue tensor has its strides.
    std::optional<kernel::ElementwiseProgram> prologue;
    uint32_t prologueRank = 0;
    uint32_t prologueSizes[kMaxPrologueRank] = {};
    uint32_t prologueStrides[kMaxPrologueTensors][kMaxPrologueRank] = {};
    DML_TENSOR_DATA_TYPE operandB = DML_TENSOR_DATA_TYPE_UNKNOWN;  // B's own type where a prologue computes it

    bool present(Slot slot) const { return types[slot] != DML_TENSOR_DATA_TYPE_UNKNOWN; }
    // FLOAT32 sums: GEMM's, and MATRIX_MULTIPLY_INTEGER_TO_FLOAT's of 16- and 32-bit operands, whose products do not
    // fit INT32 (each operand's difference from its zero point is then taken exactly and rounded once to FLOAT32).
    bool floatSums() const;
    // The slot of prologue tensor i.
    static Slot prologueSlot(uint32_t i) { return i == 0 ? kB : Slot(kPrologue1 + i - 1); }
    uint64_t batchCount() const { return uint64_t(batch[0]) * batch[1]; }
    std::string describe() const;  // for messages and tests
    uint64_t hash() const;
};

// The plan of an operator whose desc passed the family's checks (checkShapes), with the neighbours its family
// accepted (an epilogue only).
Plan planGemm(const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours = nullptr);

}  // namespace vkdml::gemm
