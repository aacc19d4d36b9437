// What one reduction-family operator computes, in the kernel's terms: every operator here splits its input's
// dimensions into kept ones (one row per coordinate) and reduced ones (the elements of a row), computes statistics
// over each row, and either writes one value per row (REDUCE, ARGMIN, ARGMAX) or writes every element of the row
// again (the softmax family, the normalizations). Dimensions are merged where every tensor allows it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dml/operator_desc.h"
#include "kernel/program.h"
#include "ops/family.h"

namespace vkdml::reduce {

enum class Kind : uint8_t {
    Reduce,      // one value per row: DML_REDUCE_FUNCTION `function`
    Softmax,     // exp(x - max) / sum
    LogSoftmax,  // x - max - log(sum)
    Hardmax,     // 1 at the row's first maximum, 0 elsewhere
    Normalize,   // (x - mean) / sqrt(variance + epsilon) * scale + bias, then the fused activation
    LpNormalize, // x / max(||x||_p, epsilon)
    Scan,        // running SUM or MULTIPLY (`function`) along the row, in `decreasing` order, `exclusive` or not
    BatchNorm,   // (x - mean) / sqrt(variance + epsilon) * scale + bias with given statistics: rows of one element
    Lrn,         // x / (bias + alpha / size * sum of squares over a window)^beta: rows of one element
};

// Tensor slots in the kernel's bindings. The shaders step slots 0-3 as one uvec4 and 4-7 as a second one.
// kMean, kVariance: BATCH_NORMALIZATION's statistics inputs, BATCH_NORMALIZATION_TRAINING's statistics outputs;
// kAddend: BATCH_NORMALIZATION_TRAINING's FusedAddTensor. Operators that use none of slots 4-7 lend them to the
// tensors of fused neighbours (ops::FusedNeighbours), from kFirstExtra on; BATCH_NORMALIZATION lends 6-7.
enum Slot : uint32_t {
    kInput = 0, kOutput = 1, kScale = 2, kBias = 3, kMean = 4, kVariance = 5, kAddend = 6, kMaxSlots = 8,
    kFirstExtra = 4
};

// Where one slot's tensor is: an output or an input, its index in OperatorInfo::outputs / inputs.
struct SlotSource {
    bool present = false, output = false;
    uint32_t index = 0;
};

// LOCAL_RESPONSE_NORMALIZATION's window: the 4-D input and output, unmerged.
struct LrnWindow {
    uint32_t sizes[4] = {};
    uint64_t strides[kMaxSlots][4] = {};  // per slot (0 where absent): the input, the output, fused neighbours' tensors
    bool crossChannel = true;
    uint32_t localSize = 1;
    float alphaOverSize = 0.0f, beta = 0.0f, bias = 0.0f;  // alphaOverSize: Alpha / LocalSize rounded once
};

// One (possibly merged) dimension: its size and, per slot, the stride in elements (0 where the slot does not move
// along it: the output of a one-value-per-row reduction along reduced dimensions, broadcast scales and biases).
struct Dim {
    uint32_t size = 1;
    uint64_t strides[kMaxSlots] = {};
};

struct Plan {
    Kind kind = Kind::Reduce;
    uint32_t function = DML_REDUCE_FUNCTION_SUM;  // Reduce
    bool decreasing = false;                      // ARGMAX/ARGMIN: the last extreme wins ties
    bool useMean = true, useVariance = true;      // Normalize
    float epsilon = 0.0f;                         // Normalize, LpNormalize
    uint32_t p = 2;                               // LpNormalize: 1 or 2
    bool exclusive = false;                       // Scan: each output excludes its own element
    bool writesStatistics = false;                // Normalize: mean and variance to kMean / kVariance (BN training)
    dml::FusedActivation fused;                   // Normalize, BatchNorm
    LrnWindow lrn;                                // Lrn
    // Fused graph neighbours: the prologue computes the input element from slot kInput's element and the slots
    // prologueSlots[1..]; the epilogue the output element from the operator's result and epilogueSlots[1..]
    // (element 0 of each list stands for the program's input 0).
    std::optional<kernel::ElementwiseProgram> prologue, epilogue;
    std::vector<uint32_t> prologueSlots, epilogueSlots;
    // With a prologue: the vector width the operator's kernel alone reads its input with (inputVectorWidth), so
    // that the fused kernel adds the same terms in the same order.
    uint32_t operandVectorWidth = 0;
    // The operator's own InputTensor and OutputTensor types (the values between it and its neighbours).
    DML_TENSOR_DATA_TYPE operandType = DML_TENSOR_DATA_TYPE_UNKNOWN, resultType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    DML_TENSOR_DATA_TYPE types[kMaxSlots] = {};   // UNKNOWN for an absent slot
    SlotSource sources[kMaxSlots];
    std::vector<Dim> kept, reduced;               // innermost first
    uint64_t rows = 1, rowLength = 1;

    bool present(Slot slot) const { return types[slot] != DML_TENSOR_DATA_TYPE_UNKNOWN; }
    bool written(Slot slot) const { return slot == kOutput || (writesStatistics && (slot == kMean || slot == kVariance)); }
    // Whether the kernels compute slots 4-7's element indices (o2): a tensor there, or fused neighbours.
    bool hasHighSlots() const {
        if (prologue || epilogue) return true;
        for (uint32_t s = kFirstExtra; s < kMaxSlots; ++s)
            if (present(Slot(s))) return true;
        return false;
    }
    // A slot lent to a fused neighbour's tensor.
    bool extra(Slot slot) const {
        for (const auto* list : {&prologueSlots, &epilogueSlots})
            for (size_t i = 1; i < list->size(); ++i)
                if ((*list)[i] == slot) return true;
        return false;
    }
    bool writesRows() const { return kind != Kind::Reduce; }  // every element of a row written back
    bool isArg() const {
        return kind == Kind::Reduce &&
               (function == DML_REDUCE_FUNCTION_ARGMAX || function == DML_REDUCE_FUNCTION_ARGMIN);
    }
    std::string describe() const;  // for messages and tests
    uint64_t hash() const;
};

// Where every slot of `type`'s kernel finds its tensor in `info`.
void slotSources(const dml::OperatorInfo& info, SlotSource (&sources)[kMaxSlots]);
// The first slot an operator with these sources lends to its fused neighbours' tensors (after its own high slots).
uint32_t firstLentSlot(const SlotSource (&sources)[kMaxSlots]);

// The reduced axes of an operator, as a bit mask over the input's dimensions.
uint32_t reducedAxes(const dml::OperatorInfo& info);

// Elements per vector load of slot kInput (4 FLOAT32/INT32/UINT32 or 8 FLOAT16 elements; 0: no vector loads): the
// innermost reduced dimension packed, every other stride a multiple of the width, no reversed scan; with a prologue,
// every tensor it reads so, by vectors of the width the operator alone would read its input with.
uint32_t inputVectorWidth(const Plan& plan);

// Elements per 16-byte vector store of slot kOutput (0: element stores): the kernels that write every element of
// their rows, reading their input by vectors (inputVectorWidth), with a FLOAT32 or FLOAT16 output (a fused
// epilogue's) packed the same way.
uint32_t outputVectorWidth(const Plan& plan);

// The tensor of every slot (nullptr where absent): the operator's, with its fused neighbours' in their places.
void slotLayouts(const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours,
                 const dml::TensorLayout* (&layouts)[kMaxSlots]);

// The plan of an operator whose desc passed the family's checks (checkShapes), with its fused neighbours if any
// (accepted by the family: a plan without slots 4-7 of its own).
Plan planReduction(const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours = nullptr);

}  // namespace vkdml::reduce
