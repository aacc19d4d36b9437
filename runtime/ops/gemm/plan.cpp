#include "ops/gemm/plan.h"

#include <algorithm>
#include <sstream>

#include "vk/cache_directory.h"

namespace vkdml::gemm {

namespace {

// `t`'s strides in the plan's terms, right-aligned onto four dimensions (a dimension of size 1 or
// missing has stride 0); `transposed`: its last two dimensions are stored swapped.
Operand operandOf(const dml::TensorLayout& t, bool transposed = false) {
    uint32_t strides[4] = {0, 0, 0, 0};  // b0, b1, row, column of a 4-D tensor
    for (uint32_t d = 0; d < t.rank; ++d)
        if (t.sizes[d] != 1) strides[4 - t.rank + d] = t.strides[d];
    Operand o;
    o.batch[0] = strides[0], o.batch[1] = strides[1];
    o.row = transposed ? strides[3] : strides[2];
    o.column = transposed ? strides[2] : strides[3];
    return o;
}

// The slots of the operator's input fields, in desc order.
std::vector<Slot> inputSlotsOf(DML_OPERATOR_TYPE type) {
    switch (type) {
        case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER: return {kA, kAZeroPoint, kB, kBZeroPoint};
        case DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY:
            return {kA, kAScale, kAZeroPoint, kB, kBScale, kBZeroPoint, kOutScale, kOutZeroPoint};
        case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT:
            return {kA, kAScale, kAZeroPoint, kB, kBScale, kBZeroPoint, kC};
        default: return {kA, kB, kC};
    }
}

Kind kindOf(DML_OPERATOR_TYPE type) {
    switch (type) {
        case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER: return Kind::Integer;
        case DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY: return Kind::QuantizedLinear;
        case DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT: return Kind::IntegerToFloat;
        default: return Kind::Float;
    }
}

}  // namespace

Plan planGemm(const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours) {
    Plan plan;
    plan.kind = kindOf(info.schema->type);
    const dml::TensorLayout& out = info.outputs[0];
    const uint32_t r = out.rank;
    const bool isGemm = plan.kind == Kind::Float;
    const bool transA = isGemm && info.attributes.enumAt(0) == DML_MATRIX_TRANSFORM_TRANSPOSE;
    const bool transB = isGemm && info.attributes.enumAt(1) == DML_MATRIX_TRANSFORM_TRANSPOSE;
    if (isGemm) {
        plan.alpha = info.attributes.floatAt(0);
        plan.beta = info.attributes.floatAt(1);
        plan.fused = info.fused;
    }
    for (uint32_t d = 0; d + 2 < r; ++d) plan.batch[2 - (r - 2) + d] = out.sizes[d];
    plan.m = out.sizes[r - 2];
    plan.n = out.sizes[r - 1];
    const std::vector<Slot> slots = inputSlotsOf(info.schema->type);
    const dml::TensorLayout& a = *info.slotInput(0);
    plan.k = transA ? a.sizes[a.rank - 2] : a.sizes[a.rank - 1];
    for (uint32_t s = 0; s < slots.size(); ++s) {
        const dml::TensorLayout* t = info.slotInput(s);
        if (!t) continue;
        plan.inputs.push_back(slots[s]);
        if (slots[s] == kC && isGemm && plan.beta == 0.0f) continue;  // C is not read when Beta is 0
        plan.types[slots[s]] = t->dataType;
        const bool transposed = slots[s] == kA ? transA : slots[s] == kB ? transB : false;
        plan.operands[slots[s]] = operandOf(*t, transposed);
    }
    plan.types[kOutput] = out.dataType;
    plan.operands[kOutput] = operandOf(out);
    if (neighbours && neighbours->prologue) {
        const dml::TensorLayout& produced = neighbours->prologueOutput;
        plan.prologue = neighbours->prologue;
        plan.operandB = plan.types[kB];
        plan.prologueRank = produced.rank;
        std::copy(produced.sizes, produced.sizes + produced.rank, plan.prologueSizes);
        for (uint32_t t = 0; t < neighbours->prologueTensors.size(); ++t) {
            const dml::TensorLayout& tensor = neighbours->prologueTensors[t];
            const Slot slot = Plan::prologueSlot(t);
            if (t > 0) plan.inputs.push_back(slot);
            plan.types[slot] = tensor.dataType;
            for (uint32_t d = 0; d < tensor.rank; ++d)
                plan.prologueStrides[t][d] = tensor.sizes[d] == 1 ? 0 : tensor.strides[d];
        }
    }
    if (neighbours && neighbours->epilogue) {
        plan.epilogue = neighbours->epilogue;
        plan.resultType = out.dataType;
        plan.types[kOutput] = neighbours->epilogueOutput.dataType;
        plan.operands[kOutput] = operandOf(neighbours->epilogueOutput);
        for (uint32_t e = 0; e < neighbours->epilogueTensors.size(); ++e) {
            const Slot slot = Slot(kEpilogue0 + e);
            plan.inputs.push_back(slot);
            plan.types[slot] = neighbours->epilogueTensors[e].dataType;
            plan.operands[slot] = operandOf(neighbours->epilogueTensors[e]);
        }
    }
    return plan;
}

bool Plan::floatSums() const {
    return kind == Kind::Float || (kind == Kind::IntegerToFloat && dml::elementSizeInBits(types[kA]) > 8);
}

std::string Plan::describe() const {
    static const char* const kKinds[] = {"gemm", "matmul_integer", "matmul_integer_to_float", "qlinear_matmul"};
    static const char* const kNames[] = {"A",      "B",      "C",        "Out", "AZP", "BZP", "AScale",
                                         "BScale", "OutScale", "OutZP", "E0",  "E1",  "E2",  "E3", "P1", "P2"};
    static_assert(sizeof(kNames) / sizeof(kNames[0]) == kSlots, "a name per slot");
    std::ostringstream out;
    out << kKinds[static_cast<int>(kind)] << " batch " << batch[0] << "x" << batch[1] << " m " << m << " n " << n
        << " k " << k;
    if (kind == Kind::Float) {
        out << " alpha " << dml::floatText(alpha) << " activation " << fused.type;
        if (present(kC)) out << " beta " << dml::floatText(beta);
    }
    for (uint32_t s = 0; s < kSlots; ++s) {
        if (!present(Slot(s))) continue;
        const Operand& o = operands[s];
        out << " " << kNames[s] << " " << dml::dataTypeName(types[s]) << " {" << o.batch[0] << "," << o.batch[1]
            << "," << o.row << "," << o.column << "}";
    }
    if (epilogue) out << " epilogue " << epilogue->hash() << " result " << dml::dataTypeName(resultType);
    if (prologue) {
        out << " prologue " << prologue->hash() << " B " << dml::dataTypeName(operandB) << " over {";
        for (uint32_t d = 0; d < prologueRank; ++d) out << prologueSizes[d] << (d + 1 < prologueRank ? "," : "}");
        for (uint32_t t = 0; t < prologue->inputs.size(); ++t) {
            out << " strides {";
            for (uint32_t d = 0; d < prologueRank; ++d)
                out << prologueStrides[t][d] << (d + 1 < prologueRank ? "," : "}");
        }
    }
    return out.str();
}

uint64_t Plan::hash() const {
    const std::string text = describe();
    uint64_t h = vk::fnv1a64(text.data(), text.size());
    h = vk::fnv1a64(&alpha, sizeof alpha, h);
    h = vk::fnv1a64(&beta, sizeof beta, h);
    for (const dml::Attribute& attribute : fused.attributes.all()) h = vk::fnv1a64(&attribute.value, sizeof(float), h);
    return h;
}

}  // namespace vkdml::gemm
