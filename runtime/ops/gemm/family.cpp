#include "ops/gemm/family.h"

#include <algorithm>
#include <vector>

#include "core/error.h"
#include "ops/gemm/kernel.h"
#include "ops/gemm/schema.h"
#include "ops/gemm/softmax_activation.h"

namespace vkdml::gemm {

using namespace dml;

namespace {

std::string sizeText(const std::string& tensor, uint32_t d, uint32_t size) {
    return tensor + ".Sizes[" + std::to_string(d) + "] = " + std::to_string(size);
}

// The input bound in the slot whose field is `name`, or nullptr when absent.
const TensorLayout* inputNamed(const OperatorInfo& info, const char* name) {
    for (uint32_t s = 0; s < info.inputSlotCount(); ++s)
        if (std::string(info.inputSlotName(s)) == name) return info.slotInput(s);
    return nullptr;
}

// A, B and the output: one dimension count; K, M, N and the batch dimensions consistent.
void checkMatrices(const OperatorInfo& info, const std::string& prefix, bool transA, bool transB) {
    const TensorLayout& a = *inputNamed(info, "ATensor");
    const TensorLayout& b = *inputNamed(info, "BTensor");
    const TensorLayout& out = info.outputs[0];
    const uint32_t r = out.rank;
    for (const char* name : {"ATensor", "BTensor"}) {
        const TensorLayout& t = *inputNamed(info, name);
        require(t.rank == r, prefix + name + ".DimensionCount = " + std::to_string(t.rank) +
                                 " differs from OutputTensor.DimensionCount = " + std::to_string(r));
    }
    const uint32_t aRowDim = transA ? r - 1 : r - 2, aKDim = transA ? r - 2 : r - 1;
    const uint32_t bKDim = transB ? r - 1 : r - 2, bColDim = transB ? r - 2 : r - 1;
    const std::string transAText = transA ? " (TransA = TRANSPOSE)" : "";
    const std::string transBText = transB ? " (TransB = TRANSPOSE)" : "";
    require(b.sizes[bKDim] == a.sizes[aKDim], prefix + sizeText("BTensor", bKDim, b.sizes[bKDim]) + transBText +
                                                  " differs from " + sizeText("ATensor", aKDim, a.sizes[aKDim]) +
                                                  transAText + ": both are K");
    for (uint32_t d = 0; d + 2 < r; ++d)
        for (const char* name : {"ATensor", "BTensor"}) {
            const TensorLayout& t = *inputNamed(info, name);
            require(t.sizes[d] == out.sizes[d], prefix + sizeText(name, d, t.sizes[d]) + " differs from " +
                                                    sizeText("OutputTensor", d, out.sizes[d]) +
                                                    " (a batch dimension; broadcast with a stride of 0)");
        }
    require(out.sizes[r - 2] == a.sizes[aRowDim], prefix + sizeText("OutputTensor", r - 2, out.sizes[r - 2]) +
                                                      " differs from " + sizeText("ATensor", aRowDim, a.sizes[aRowDim]) +
                                                      transAText + ": both are M");
    require(out.sizes[r - 1] == b.sizes[bColDim], prefix + sizeText("OutputTensor", r - 1, out.sizes[r - 1]) +
                                                      " differs from " + sizeText("BTensor", bColDim, b.sizes[bColDim]) +
                                                      transBText + ": both are N");
}

// C or Bias: the output's dimension count and sizes (broadcasting is a stride of 0).
void checkLikeOutput(const OperatorInfo& info, const std::string& prefix, const char* name) {
    const TensorLayout* t = inputNamed(info, name);
    if (!t) return;
    const TensorLayout& out = info.outputs[0];
    require(t->rank == out.rank, prefix + name + ".DimensionCount = " + std::to_string(t->rank) +
                                     " differs from OutputTensor.DimensionCount = " + std::to_string(out.rank));
    for (uint32_t d = 0; d < out.rank; ++d)
        require(t->sizes[d] == out.sizes[d], prefix + sizeText(name, d, t->sizes[d]) + " differs from " +
                                                 sizeText("OutputTensor", d, out.sizes[d]) + " (" + name +
                                                 " has the output's sizes; broadcast with a stride of 0)");
}

// A scale or zero point of `target` (A, B or the output): at most its dimension count, right-aligned onto it, each
// size 1 or the target's; size 1 along K (`kDim` of the target, or none): one value per row of A, per column of B.
void checkParameter(const OperatorInfo& info, const std::string& prefix, const char* name, const char* targetName,
                    int kDim) {
    const TensorLayout* p = inputNamed(info, name);
    if (!p) return;
    const TensorLayout& target = std::string(targetName) == "OutputTensor" ? info.outputs[0] : *inputNamed(info, targetName);
    require(p->rank <= target.rank, prefix + name + ".DimensionCount = " + std::to_string(p->rank) + " exceeds " +
                                        targetName + ".DimensionCount = " + std::to_string(target.rank));
    for (uint32_t d = 0; d < p->rank; ++d) {
        const uint32_t td = target.rank - p->rank + d;
        if (int(td) == kDim)
            require(p->sizes[d] == 1, prefix + sizeText(name, d, p->sizes[d]) + " must be 1: it lies along " +
                                          targetName + "'s K dimension (one value per " +
                                          (std::string(targetName) == "ATensor" ? "row" : "column") + ")");
        require(p->sizes[d] == 1 || p->sizes[d] == target.sizes[td],
                prefix + sizeText(name, d, p->sizes[d]) + " is neither 1 nor " +
                    sizeText(targetName, td, target.sizes[td]));
    }
}

// Scales and zero points that DirectML requires to share one dimension count.
void checkParameterRanks(const OperatorInfo& info, const std::string& prefix, std::initializer_list<const char*> names) {
    const TensorLayout* first = nullptr;
    const char* firstName = nullptr;
    for (const char* name : names) {
        const TensorLayout* t = inputNamed(info, name);
        if (!t) continue;
        if (!first) {
            first = t, firstName = name;
            continue;
        }
        require(t->rank == first->rank, prefix + name + ".DimensionCount = " + std::to_string(t->rank) +
                                            " differs from " + firstName + ".DimensionCount = " +
                                            std::to_string(first->rank));
    }
}

class GemmFamily final : public ops::Family {
public:
    const char* name() const override { return "gemm"; }
    const OperatorSchema* schema(DML_OPERATOR_TYPE type) const override { return schemaOf(type); }

    void checkShapes(OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL) const override {
        const uint32_t r = info.outputs[0].rank;
        switch (info.schema->type) {
            case DML_OPERATOR_GEMM: {
                checkMatrices(info, prefix, info.attributes.enumAt(0) == DML_MATRIX_TRANSFORM_TRANSPOSE,
                              info.attributes.enumAt(1) == DML_MATRIX_TRANSFORM_TRANSPOSE);
                checkLikeOutput(info, prefix, "CTensor");
                checkSoftmaxAxes(info, prefix);
                return;
            }
            case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER:
                checkMatrices(info, prefix, false, false);
                checkParameter(info, prefix, "AZeroPointTensor", "ATensor", int(r) - 1);
                checkParameter(info, prefix, "BZeroPointTensor", "BTensor", int(r) - 2);
                return;
            case DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY:
                checkMatrices(info, prefix, false, false);
                checkParameterRanks(info, prefix, {"AScaleTensor", "AZeroPointTensor", "BScaleTensor",
                                                   "BZeroPointTensor", "OutputScaleTensor", "OutputZeroPointTensor"});
                for (const char* name : {"AScaleTensor", "AZeroPointTensor"})
                    checkParameter(info, prefix, name, "ATensor", int(r) - 1);
                for (const char* name : {"BScaleTensor", "BZeroPointTensor"})
                    checkParameter(info, prefix, name, "BTensor", int(r) - 2);
                for (const char* name : {"OutputScaleTensor", "OutputZeroPointTensor"})
                    checkParameter(info, prefix, name, "OutputTensor", -1);
                return;
            case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT: {
                checkMatrices(info, prefix, false, false);
                checkParameterRanks(info, prefix, {"AScaleTensor", "AZeroPointTensor", "BScaleTensor", "BZeroPointTensor"});
                for (const char* name : {"AScaleTensor", "AZeroPointTensor"})
                    checkParameter(info, prefix, name, "ATensor", int(r) - 1);
                for (const char* name : {"BScaleTensor", "BZeroPointTensor"})
                    checkParameter(info, prefix, name, "BTensor", int(r) - 2);
                checkLikeOutput(info, prefix, "BiasTensor");
                return;
            }
            default: return;
        }
    }

    std::unique_ptr<ops::CompiledKernel> compile(Device& device, const OperatorInfo& info,
                                                 DML_EXECUTION_FLAGS flags) const override {
        if (isSoftmaxActivation(info.fused)) return std::make_unique<GemmSoftmaxKernel>(device, info, flags);
        return std::make_unique<GemmKernel>(device, info);
    }

    // GEMM's store takes the element-wise run that reads its result (bias, activation, residual, CAST to a float
    // type), on floats, with up to kMaxEpilogueTensors more tensors of the output's sizes. GEMM's loads of B take
    // the run that computes B (a DEQUANTIZE of packed weights: ONNX Runtime's MatMulNBits) where A has at most 16
    // rows (the decode step), so that the weights are read in their packed form and the run's work is repeated for
    // few rows of A; a run computing A would be repeated for every column of B: not taken. Nor any run beside a fused
    // SOFTMAX, which is a kernel of its own after GEMM's.
    bool acceptsNeighbours(const OperatorInfo& info, const ops::FusedNeighbours& neighbours) const override {
        if (info.schema->type != DML_OPERATOR_GEMM || (!neighbours.prologue && !neighbours.epilogue) ||
            isSoftmaxActivation(info.fused))
            return false;
        if (neighbours.prologue && !acceptsPrologue(info, neighbours)) return false;
        if (!neighbours.epilogue) return true;
        const TensorLayout& out = info.outputs[0];
        if (!ops::isFloatTensorType(out.dataType) || !ops::isFloatProgram(*neighbours.epilogue) ||
            neighbours.epilogueTensors.size() > kMaxEpilogueTensors ||
            neighbours.epilogue->inputs.size() != neighbours.epilogueTensors.size() + 1)
            return false;
        auto fits = [&out](const TensorLayout& t) {
            return ops::isFloatTensorType(t.dataType) && t.rank == out.rank &&
                   std::equal(t.sizes, t.sizes + t.rank, out.sizes);
        };
        if (!fits(neighbours.epilogueOutput)) return false;
        for (const TensorLayout& t : neighbours.epilogueTensors)
            if (!fits(t)) return false;
        return true;
    }

    static bool acceptsPrologue(const OperatorInfo& info, const ops::FusedNeighbours& neighbours) {
        const kernel::ElementwiseProgram& program = *neighbours.prologue;
        const TensorLayout& b = info.inputs[1];
        const TensorLayout& out = info.outputs[0];
        if (neighbours.prologueInput != 1 || !ops::isFloatTensorType(b.dataType) || out.sizes[out.rank - 2] > 16 ||
            program.outputs.size() != 1 || program.attributeCount() != 0 ||
            program.inputs.size() != neighbours.prologueTensors.size() ||
            program.inputs.size() > kMaxPrologueTensors || neighbours.prologueOutput.rank > kMaxPrologueRank)
            return false;
        for (uint32_t t = 0; t < program.inputs.size(); ++t) {
            const uint32_t bits = kernel::scalarTypeBits(program.inputs[t]);
            const TensorLayout& tensor = neighbours.prologueTensors[t];
            if ((bits != 4 && bits != 8 && bits != 16 && bits != 32) || tensor.rank != neighbours.prologueOutput.rank ||
                !std::equal(tensor.sizes, tensor.sizes + tensor.rank, neighbours.prologueOutput.sizes))
                return false;
        }
        return true;
    }

    std::unique_ptr<ops::CompiledKernel> compileWithNeighbours(Device& device, const OperatorInfo& info,
                                                               const ops::FusedNeighbours& neighbours) const override {
        return std::make_unique<GemmKernel>(device, info, &neighbours);
    }
};

}  // namespace

const ops::Family& family() {
    static const GemmFamily instance;
    return instance;
}

}  // namespace vkdml::gemm
