// What a graph fuses around an operator of a family with kernels of its own (a reduction): element-wise programs
// its kernel runs on the elements it reads and writes, so that the values between them never touch memory. Plain
// data, shared by the graph planner (runtime/graph/fusion.h) and the families (ops::Family::acceptsNeighbours).
#pragma once

#include <optional>
#include <vector>

#include "dml/tensor.h"
#include "kernel/program.h"

namespace vkdml::ops {

// Programs have their attributes folded into constants; every tensor they read has the sizes of the element they
// compute.
struct FusedNeighbours {
    // Computes each element of the operator's input `prologueInput` (in binding order; output 0, of that tensor's
    // data type): program input i reads prologueTensors[i]. Input 0 takes the input's place in the bindings, the
    // others come after the operator's own inputs.
    std::optional<kernel::ElementwiseProgram> prologue;
    std::vector<dml::TensorLayout> prologueTensors;
    uint32_t prologueInput = 0;
    // The prologue's output as its producer wrote it (prologueTensors have its sizes): the operator's input itself
    // for input 0; for another input possibly other dimensions over the same packed elements (a DEQUANTIZE with
    // blocked scales writes {N, K / 32, 32} where GEMM reads {N, K}).
    dml::TensorLayout prologueOutput;
    // Computes each element of `epilogueOutput`, written instead of the operator's OutputTensor: program input 0 is
    // the operator's output element (as it would read back from memory), input i > 0 reads epilogueTensors[i - 1]
    // (bound after the prologue's).
    std::optional<kernel::ElementwiseProgram> epilogue;
    std::vector<dml::TensorLayout> epilogueTensors;
    dml::TensorLayout epilogueOutput;

    uint32_t extraTensors() const {
        const size_t prologueExtra = prologueTensors.empty() ? 0 : prologueTensors.size() - 1;
        return static_cast<uint32_t>(prologueExtra + epilogueTensors.size());
    }
};

inline bool isFloatTensorType(DML_TENSOR_DATA_TYPE t) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16;
}

// A neighbour program a float kernel can run: one float output, FLOAT32/FLOAT16 inputs, attributes folded.
inline bool isFloatProgram(const kernel::ElementwiseProgram& p) {
    if (p.outputs.size() != 1 || !kernel::isFloatType(p.outputs[0]) || p.attributeCount() != 0) return false;
    for (kernel::ScalarType t : p.inputs)
        if (t != kernel::ScalarType::Float32 && t != kernel::ScalarType::Float16) return false;
    return true;
}

}  // namespace vkdml::ops
