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
    if (dml::isGeneralOperator(info.schema->type)) {
        dml::GeneralLowering lowered = dml::lowerGeneral(info, target);
        foldAttributes(lowered.program, lowered.attributes);
        return std::move(lowered.program);
    }
    // The strided walk's lowering: the plain library forms (the naive baselines belong to vkdml-bench).
    dml::LoweredKernel lowered = dml::lowerElementwise(info, target, kernel::Walk::Strided);
    if (lowered.in2Base != 0 || lowered.flags != 0 || lowered.program.int64Math) return std::nullopt;
    lowered.program.storage16 = false;
    foldAttributes(lowered.program, {lowered.p0Bits, lowered.p1Bits});
    return std::move(lowered.program);
}

}  // namespace vkdml::graph
