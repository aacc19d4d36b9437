#include "graph/node_program.h"

#include "dml/general_lowering.h"

namespace vkdml::graph {

namespace {

void foldAttributes(kernel::ElementwiseProgram& program, const std::vector<uint32_t>& words) {
    for (kernel::Op& op : program.ops) {
        if (op.code != kernel::OpCode::Attribute) continue;
        op.code = kernel::OpCode::Constant;
        op.bits = op.index < words.size() ? words[op.index] : 0;
        op.index = 0;
    }
}

}  // namespace

std::optional<kernel::ElementwiseProgram> nodeProgram(const dml::OperatorInfo& info, const dml::KernelTarget& target) {
    std::optional<dml::GeneralLowering> lowered = dml::lowerAsGeneral(info, target);
    if (!lowered) return std::nullopt;
    foldAttributes(lowered->program, lowered->attributes);
    return std::move(lowered->program);
}

}  // namespace vkdml::graph
