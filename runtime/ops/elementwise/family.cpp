#include "ops/elementwise/family.h"

#include "core/device.h"
#include "core/error.h"
#include "dml/feature_levels.h"
#include "ops/elementwise/activation_kernel.h"
#include "ops/elementwise/general_kernel.h"
#include "ops/elementwise/general_lowering.h"
#include "ops/elementwise/quantization_blocks.h"
#include "ops/elementwise/schema.h"

namespace vkdml::elementwise {

namespace {

// The device's capabilities the lowering looks at.
KernelTarget targetOf(Device& device) {
    const vk::Context& context = device.context();
    KernelTarget target;
    target.deviceName = context.caps().properties.deviceName;
    target.float64Math = context.caps().float64Math;
    target.int64 = context.caps().int64;
    target.float64 = context.caps().float64;
    target.storage16 = context.caps().storage16Bit;
    target.exactDivSqrt = context.caps().exactDivSqrt;
    target.nativeHalf = context.caps().nativeHalf;
    target.wideWords = context.caps().wideWords;
    target.fusedFma = context.caps().fusedFma;
    target.emulatedFma = context.caps().emulatedFma;
    return target;
}

void foldAttributes(kernel::ElementwiseProgram& program, const std::vector<uint32_t>& words) {
    for (kernel::Op& op : program.ops) {
        if (op.code != kernel::OpCode::Attribute) continue;
        op.code = kernel::OpCode::Constant;
        op.bits = op.index < words.size() ? words[op.index] : 0;
        op.index = 0;
    }
}

class ElementwiseFamily final : public ops::Family {
public:
    const char* name() const override { return "element-wise"; }
    const OperatorSchema* schema(DML_OPERATOR_TYPE type) const override { return schemaOf(type); }

    // Every tensor has the first input's DimensionCount and Sizes; a dimension of size 1 of a broadcastOnes tensor
    // repeats its element (stride 0).
    void checkShapes(OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) const override {
        if (info.schema->type == DML_OPERATOR_QUANTIZE || info.schema->type == DML_OPERATOR_DEQUANTIZE)
            splitQuantizationBlocks(info, prefix);
        const TensorLayout& first = info.inputs.front();
        for (const TensorRef& ref : info.fieldOrder) {
            TensorLayout& t = info.tensor(ref);
            const FieldSpec& spec = info.fieldOf(ref);
            const std::string field = prefix + info.nameOf(ref);
            if (spec.broadcastOnes && &t != &first && t.rank == first.rank) {
                uint64_t elements = 1;
                for (uint32_t d = 0; d < t.rank; ++d) {
                    if (t.sizes[d] == 1 && first.sizes[d] != 1) t.sizes[d] = first.sizes[d], t.strides[d] = 0;
                    elements *= t.sizes[d];
                }
                t.explicitStrides = true;
                t.elementCount = elements;
            }
            require(t.rank == first.rank, field + ".DimensionCount = " + std::to_string(t.rank) + " differs from " +
                                              info.inputNames[0] + ".DimensionCount = " + std::to_string(first.rank));
            for (uint32_t d = 0; d < t.rank; ++d)
                require(t.sizes[d] == first.sizes[d],
                        field + ".Sizes[" + std::to_string(d) + "] = " + std::to_string(t.sizes[d]) +
                            " differs from " + info.inputNames[0] + ".Sizes[" + std::to_string(d) +
                            "] = " + std::to_string(first.sizes[d]) +
                            (spec.broadcastOnes ? " (and is not 1, which would broadcast)" : ""));
        }
        if (info.schema->type == DML_OPERATOR_ELEMENT_WISE_POW && level < DML_FEATURE_LEVEL_3_0)
            require(info.inputs[1].dataType == info.inputs[0].dataType,
                    prefix + "ExponentTensor.DataType = " + dataTypeName(info.inputs[1].dataType) +
                        " differs from InputTensor.DataType = " + dataTypeName(info.inputs[0].dataType) +
                        ": they must match below feature level 3_0 (this device: " + featureLevelName(level) + ")");
        const Attribute* scale = info.attributes.find("ScaleBias.Scale");
        const Attribute* bias = info.attributes.find("ScaleBias.Bias");
        if (scale && bias && !(kFloatTypes & kTypeMask(first.dataType)) && (scale->value != 1.0f || bias->value != 0.0f))
            fail(E_NOTIMPL, prefix + "ScaleBias = {" + floatText(scale->value) + ", " + floatText(bias->value) +
                                "} on " + dataTypeName(first.dataType) +
                                " tensors: a scale or bias is implemented for FLOAT32 and FLOAT16 only");
    }

    std::unique_ptr<ops::CompiledKernel> compile(Device& device, const OperatorInfo& info,
                                                 DML_EXECUTION_FLAGS) const override {
        std::vector<TensorLayout> tensors = info.outputs;
        tensors.insert(tensors.end(), info.inputs.begin(), info.inputs.end());
        const KernelTarget target = targetOf(device);
        ElementwisePlan plan = planElementwise(tensors);
        // Activations on strided layouts run as general kernels too (vectors along rows, any broadcast, no loop),
        // unless Options::activationOwnKernels keeps their own strided and rows kernels (benchmarks, tests).
        const bool general = isGeneralOperator(info.schema->type) ||
                             (!plan.contiguous && !device.options().activationOwnKernels);
        if (std::optional<GeneralLowering> lowered = general ? lowerAsGeneral(info, target) : std::nullopt)
            return std::make_unique<GeneralKernel>(device, tensors, std::move(lowered->program),
                                                   std::move(lowered->attributes));
        return std::make_unique<ActivationKernel>(device, info, tensors, target, std::move(plan));
    }

    // The program its own kernel would run, with the attributes folded into constants (a graph is compiled once,
    // so they never change); nullopt for the integer activations, whose library is not the general kernels'.
    std::optional<kernel::ElementwiseProgram> fusableProgram(Device& device, const OperatorInfo& info) const override {
        std::optional<GeneralLowering> lowered = lowerAsGeneral(info, targetOf(device));
        if (!lowered) return std::nullopt;
        foldAttributes(lowered->program, lowered->attributes);
        return std::move(lowered->program);
    }
};

}  // namespace

const ops::Family& family() {
    static const ElementwiseFamily instance;
    return instance;
}

std::unique_ptr<ops::CompiledKernel> compileFused(Device& device, const std::vector<TensorLayout>& tensors,
                                                  kernel::ElementwiseProgram program) {
    return std::make_unique<GeneralKernel>(device, tensors, std::move(program), std::vector<uint32_t>{});
}

}  // namespace vkdml::elementwise
