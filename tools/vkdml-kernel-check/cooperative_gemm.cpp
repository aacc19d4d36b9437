#include "cooperative_gemm.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "ops/gemm/generator.h"
#include "vk/shader_compiler.h"

namespace kernel_check {

namespace {

using namespace vkdml::gemm;

// A plan whose A and B take `layout`: the innermost dimension packed, the other strides whole 16-byte vectors where
// the layout copies by vectors and odd element counts where it does not; two batch dimensions.
// 8-bit A and B (layout.eightBit): an integer multiply, `withEpilogue` QUANTIZED_LINEAR_MATRIX_MULTIPLY to UINT8
// with scales and zero points, else MATRIX_MULTIPLY_INTEGER with zero points per row of A and column of B.
Plan planFor(const CooperativeLayout& layout, bool withEpilogue) {
    const bool eightBit = layout.eightBit;
    const uint32_t m = eightBit ? 208 : 200, n = eightBit ? 144 : 136, k = eightBit ? 80 : 72, per = eightBit ? 16 : 8;
    auto strides = [&](bool kInner, bool vectors, uint32_t x, uint32_t& kStride, uint32_t& xStride, uint32_t& batch) {
        const uint32_t inner = kInner ? k : x, outer = kInner ? x : k, lead = vectors ? inner + per : inner + 1;
        kStride = kInner ? 1 : lead;
        xStride = kInner ? lead : 1;
        batch = outer * lead + (vectors ? 0 : 1);
    };
    Plan plan;
    plan.kind = Kind::Float;
    plan.types[kA] = plan.types[kB] = DML_TENSOR_DATA_TYPE_FLOAT16;
    plan.m = m, plan.n = n, plan.k = k;
    plan.batch[0] = 2, plan.batch[1] = 3;
    Operand& a = plan.operands[kA];
    Operand& b = plan.operands[kB];
    strides(layout.aKInner, layout.aVectors, m, a.column, a.row, a.batch[1]);
    strides(layout.bKInner, layout.bVectors, n, b.row, b.column, b.batch[1]);
    a.batch[0] = a.batch[1] * 3, b.batch[0] = 0;  // B broadcast along the first batch dimension
    Operand& o = plan.operands[kOutput];
    o.row = n, o.column = 1, o.batch[1] = m * n, o.batch[0] = 3 * m * n;
    plan.inputs = {kA, kB};
    if (eightBit) {
        const DML_TENSOR_DATA_TYPE aType = layout.aUnsigned ? DML_TENSOR_DATA_TYPE_UINT8 : DML_TENSOR_DATA_TYPE_INT8;
        const DML_TENSOR_DATA_TYPE bType = layout.bUnsigned ? DML_TENSOR_DATA_TYPE_UINT8 : DML_TENSOR_DATA_TYPE_INT8;
        plan.types[kA] = aType, plan.types[kB] = bType;
        plan.types[kAZeroPoint] = aType, plan.types[kBZeroPoint] = bType;
        plan.operands[kAZeroPoint].row = 1, plan.operands[kBZeroPoint].column = 1;
        if (withEpilogue) {
            plan.kind = Kind::QuantizedLinear;
            plan.types[kOutput] = DML_TENSOR_DATA_TYPE_UINT8;
            for (Slot s : {kAScale, kBScale, kOutScale}) plan.types[s] = DML_TENSOR_DATA_TYPE_FLOAT32;
            plan.types[kOutZeroPoint] = DML_TENSOR_DATA_TYPE_UINT8;
            plan.inputs = {kA, kAScale, kAZeroPoint, kB, kBScale, kBZeroPoint, kOutScale, kOutZeroPoint};
        } else {
            plan.kind = Kind::Integer;
            plan.types[kOutput] = DML_TENSOR_DATA_TYPE_INT32;
            plan.inputs = {kA, kAZeroPoint, kB, kBZeroPoint};
        }
        return plan;
    }
    if (withEpilogue) {
        plan.types[kOutput] = DML_TENSOR_DATA_TYPE_FLOAT16;
        plan.types[kC] = DML_TENSOR_DATA_TYPE_FLOAT16;
        plan.operands[kC].column = 1;  // a bias row broadcast over M and the batches
        plan.alpha = 0.125f, plan.beta = 0.5f;
        plan.fused.type = DML_OPERATOR_ACTIVATION_RELU;
        plan.inputs = {kA, kB, kC};
    } else {
        plan.types[kOutput] = DML_TENSOR_DATA_TYPE_FLOAT32;
    }
    return plan;
}

}  // namespace

int checkCooperativeGemmKernels(bool verbose) {
    int count = 0;
    // FLOAT16 (16 layouts), then 8-bit A and B: each layout with A and B both UINT8, both INT8, and UINT8 A with INT8 B.
    for (uint32_t key = 0; key < 64; ++key) {
        CooperativeLayout layout;
        layout.aKInner = key & 1, layout.aVectors = key & 2, layout.bKInner = key & 4, layout.bVectors = key & 8;
        layout.eightBit = key >= 16;
        if (layout.eightBit) layout.aUnsigned = (key >> 4) != 2, layout.bUnsigned = (key >> 4) == 1;
        for (const uint32_t subgroup : {16u, 32u, 64u})
            for (const bool epilogue : {false, true}) {
                const Plan plan = planFor(layout, epilogue);
                if (cooperativeLayout(plan).key() != layout.key())
                    throw std::logic_error("kernel-check's plan does not take layout " + std::to_string(layout.key()));
                KernelShape shape = cooperativeShape(subgroup, layout.eightBit);
                shape.fusedFma = true;
                const std::string glsl = generateGemmGlsl(plan, shape);
                const auto optimization = subgroup == 32 ? vkdml::vk::SpirvOptimization::Performance
                                                         : vkdml::vk::SpirvOptimization::None;
                try {
                    const std::vector<uint32_t> spirv = vkdml::vk::compileComputeShader(glsl, optimization);
                    if (verbose) std::printf("cooperative GEMM layout %2u subgroup %2u%s: %zu words\n", layout.key(),
                                             subgroup, !epilogue ? "" : layout.eightBit ? " requantized" : " FLOAT16 with C and RELU",
                                             spirv.size());
                } catch (const std::exception& e) {
                    throw std::runtime_error("the cooperative-matrix GEMM kernel for " + plan.describe() +
                                             " (subgroups of " + std::to_string(subgroup) + ") does not compile:\n" +
                                             e.what());
                }
                ++count;
            }
    }
    return count;
}

}  // namespace kernel_check
