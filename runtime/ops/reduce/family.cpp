#include "ops/reduce/family.h"

#include "core/device.h"
#include "core/error.h"
#include "dml/feature_levels.h"
#include "ops/reduce/kernel.h"
#include "ops/reduce/plan.h"
#include "ops/reduce/schema.h"

namespace vkdml::reduce {

using namespace dml;

namespace {


const char* const kFunctionNames[] = {"ARGMAX", "ARGMIN", "AVERAGE", "L1",       "L2",  "LOG_SUM",
                                      "LOG_SUM_EXP", "MAX", "MIN",   "MULTIPLY", "SUM", "SUM_SQUARE"};

// The input data types DirectML lists for REDUCE's `function` at `level`.
uint32_t reduceInputTypes(uint32_t function, DML_FEATURE_LEVEL level) {
    const bool l21 = level >= DML_FEATURE_LEVEL_2_1, l30 = level >= DML_FEATURE_LEVEL_3_0,
               l50 = level >= DML_FEATURE_LEVEL_5_0;
    switch (function) {
        case DML_REDUCE_FUNCTION_ARGMAX:
        case DML_REDUCE_FUNCTION_ARGMIN: return kFloatTypes | (l21 ? kInts8To32 : 0) | (l50 ? kInts64 : 0);
        case DML_REDUCE_FUNCTION_L1:
        case DML_REDUCE_FUNCTION_SUM_SQUARE: return kFloatTypes | (l50 ? kI32U32 | kInts64 : 0);
        case DML_REDUCE_FUNCTION_MAX:
        case DML_REDUCE_FUNCTION_MIN:
            return kFloatTypes | (l30 ? kInts8To32 : l21 ? kI32U32 : 0) | (l50 ? kInts64 : 0);
        case DML_REDUCE_FUNCTION_MULTIPLY:
        case DML_REDUCE_FUNCTION_SUM: return kFloatTypes | (l21 ? kI32U32 : 0) | (l50 ? kInts64 : 0);
        default: return kFloatTypes;  // AVERAGE, L2, LOG_SUM, LOG_SUM_EXP
    }
}

bool hasAxes(DML_OPERATOR_TYPE type) {
    switch (type) {
        case DML_OPERATOR_ACTIVATION_SOFTMAX:
        case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX:
        case DML_OPERATOR_ACTIVATION_HARDMAX:
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION:
        case DML_OPERATOR_BATCH_NORMALIZATION:
        case DML_OPERATOR_BATCH_NORMALIZATION_TRAINING:
        case DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION:
        case DML_OPERATOR_LP_NORMALIZATION:
        case DML_OPERATOR_CUMULATIVE_SUMMATION:
        case DML_OPERATOR_CUMULATIVE_PRODUCT: return false;
        default: return true;
    }
}

// Axes: each below the input's DimensionCount, none repeated (their order does not matter).
void checkAxes(const OperatorInfo& info, const std::string& prefix) {
    const std::vector<uint32_t>& axes = info.attributes.uintArrayAt(0);
    const uint32_t rank = info.inputs[0].rank;
    for (size_t k = 0; k < axes.size(); ++k) {
        require(axes[k] < rank, prefix + "Axes[" + std::to_string(k) + "] = " + std::to_string(axes[k]) +
                                    " is not below InputTensor.DimensionCount = " + std::to_string(rank));
        for (size_t j = 0; j < k; ++j)
            require(axes[j] != axes[k], prefix + "Axes[" + std::to_string(k) + "] = " + std::to_string(axes[k]) +
                                            " repeats Axes[" + std::to_string(j) + "]");
    }
}

// A scale or bias: the input's DimensionCount, each size equal to the input's or 1 (repeated along it).
void checkBroadcast(TensorLayout& t, const TensorLayout& input, const std::string& field) {
    require(t.rank == input.rank, field + ".DimensionCount = " + std::to_string(t.rank) +
                                      " differs from InputTensor.DimensionCount = " + std::to_string(input.rank));
    for (uint32_t d = 0; d < t.rank; ++d) {
        require(t.sizes[d] == input.sizes[d] || t.sizes[d] == 1,
                field + ".Sizes[" + std::to_string(d) + "] = " + std::to_string(t.sizes[d]) +
                    " is neither InputTensor.Sizes[" + std::to_string(d) + "] = " + std::to_string(input.sizes[d]) +
                    " nor 1");
        if (t.sizes[d] != input.sizes[d]) t.sizes[d] = input.sizes[d], t.strides[d] = 0;
    }
    t.elementCount = input.elementCount;
    t.explicitStrides = true;
}

class ReduceFamily final : public ops::Family {
public:
    const char* name() const override { return "reduction"; }
    const OperatorSchema* schema(DML_OPERATOR_TYPE type) const override { return schemaOf(type); }

    void checkShapes(OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) const override {
        const DML_OPERATOR_TYPE type = info.schema->type;
        const TensorLayout& input = info.inputs[0];
        const TensorLayout& output = info.outputs[0];
        if (hasAxes(type)) checkAxes(info, prefix);
        if (type == DML_OPERATOR_LP_NORMALIZATION || type == DML_OPERATOR_CUMULATIVE_SUMMATION ||
            type == DML_OPERATOR_CUMULATIVE_PRODUCT) {
            const uint32_t axis = info.attributes.uintAt(0);
            require(axis < input.rank, prefix + "Axis = " + std::to_string(axis) +
                                           " is not below InputTensor.DimensionCount = " + std::to_string(input.rank));
        }
        if (type == DML_OPERATOR_LP_NORMALIZATION) {
            const uint32_t p = info.attributes.uintAt(1);
            require(p == 1 || p == 2, prefix + "P = " + std::to_string(p) + " is not 1 or 2");
        }
        if (type == DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION)
            require(info.attributes.uintAt(1) >= 1, prefix + "LocalSize = 0: the window must hold at least 1 element");
        if (type == DML_OPERATOR_BATCH_NORMALIZATION_TRAINING) checkTrainingShapes(info, prefix);
        require(output.rank == input.rank, prefix + "OutputTensor.DimensionCount = " + std::to_string(output.rank) +
                                               " differs from InputTensor.DimensionCount = " +
                                               std::to_string(input.rank));
        const bool oneValuePerRow =
            type == DML_OPERATOR_REDUCE || type == DML_OPERATOR_ARGMIN || type == DML_OPERATOR_ARGMAX;
        const uint32_t reduced = reducedAxes(info);
        for (uint32_t d = 0; d < input.rank; ++d) {
            const bool one = oneValuePerRow && ((reduced >> d) & 1u);
            const uint32_t expected = one ? 1 : input.sizes[d];
            require(output.sizes[d] == expected,
                    prefix + "OutputTensor.Sizes[" + std::to_string(d) + "] = " + std::to_string(output.sizes[d]) +
                        (one ? " must be 1: axis " + std::to_string(d) + " is reduced"
                             : " differs from InputTensor.Sizes[" + std::to_string(d) + "] = " +
                                   std::to_string(input.sizes[d])));
        }
        if (type == DML_OPERATOR_REDUCE) checkReduceTypes(info, prefix, level);
        if (info.schema->type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION ||
            info.schema->type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 ||
            info.schema->type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2)
            checkScaleBias(info, prefix, level);
        if (type == DML_OPERATOR_BATCH_NORMALIZATION)  // Mean, Variance, Scale, Bias: each dimension 1 or the input's
            for (uint32_t i = 1; i < info.inputs.size(); ++i)
                checkBroadcast(info.inputs[i], input, prefix + info.inputNames[i]);
    }

    std::unique_ptr<ops::CompiledKernel> compile(Device& device, const OperatorInfo& info,
                                                 DML_EXECUTION_FLAGS) const override {
        const DML_TENSOR_DATA_TYPE in = info.inputs[0].dataType;
        if ((kInts64 & kTypeMask(in)) && !device.context().caps().int64)
            fail(E_NOTIMPL, std::string(operatorName(info.schema->type)) + ": InputTensor.DataType = " + dataTypeName(in) +
                                ": the device has no shaderInt64, which vkdml's 64-bit integer reductions need");
        return std::make_unique<ReductionKernel>(device, info);
    }

    // Float neighbours of the kernels that read their input and write their output element by element through the
    // common loops, with slots 4-7 free for the neighbours' tensors. ARGMAX and ARGMIN write indices: a prologue only.
    bool acceptsNeighbours(const OperatorInfo& info, const ops::FusedNeighbours& neighbours) const override {
        if (neighbours.prologue && neighbours.prologueInput != 0) return false;
        const Plan plan = planReduction(info);
        const bool kindFits = plan.kind == Kind::Softmax || plan.kind == Kind::LogSoftmax ||
                              plan.kind == Kind::Hardmax || plan.kind == Kind::LpNormalize ||
                              (plan.kind == Kind::Normalize && !plan.writesStatistics) || plan.kind == Kind::Reduce ||
                              plan.kind == Kind::Scan || plan.kind == Kind::BatchNorm || plan.kind == Kind::Lrn;
        if (!kindFits || neighbours.extraTensors() > kMaxSlots - firstLentSlot(plan.sources)) return false;
        const auto isFloat = ops::isFloatTensorType;
        const auto floatProgram = ops::isFloatProgram;
        if (!isFloat(info.inputs[0].dataType)) return false;
        if (plan.isArg() ? neighbours.epilogue.has_value() : !isFloat(info.outputs[0].dataType)) return false;
        if (neighbours.prologue) {
            if (!floatProgram(*neighbours.prologue) ||
                neighbours.prologue->inputs.size() != neighbours.prologueTensors.size())
                return false;
            for (const TensorLayout& t : neighbours.prologueTensors)
                if (!isFloat(t.dataType)) return false;
        }
        if (neighbours.epilogue) {
            if (!floatProgram(*neighbours.epilogue) ||
                neighbours.epilogue->inputs.size() != neighbours.epilogueTensors.size() + 1 ||
                !isFloat(neighbours.epilogueOutput.dataType))
                return false;
            for (const TensorLayout& t : neighbours.epilogueTensors)
                if (!isFloat(t.dataType)) return false;
        }
        return true;
    }

    std::unique_ptr<ops::CompiledKernel> compileWithNeighbours(Device& device, const OperatorInfo& info,
                                                               const ops::FusedNeighbours& neighbours) const override {
        return std::make_unique<ReductionKernel>(device, info, &neighbours);
    }

private:
    static void checkReduceTypes(const OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) {
        const uint32_t function = info.attributes.enumAt(0);
        const DML_TENSOR_DATA_TYPE in = info.inputs[0].dataType, out = info.outputs[0].dataType;
        require(reduceInputTypes(function, level) & kTypeMask(in),
                prefix + "InputTensor.DataType = " + dataTypeName(in) + " is not valid for DML_REDUCE_FUNCTION_" +
                    kFunctionNames[function] + " at feature level " + featureLevelName(level));
        if (function == DML_REDUCE_FUNCTION_ARGMAX || function == DML_REDUCE_FUNCTION_ARGMIN) {
            const uint32_t indexTypes = level >= DML_FEATURE_LEVEL_3_0 ? kI32U32 | kInts64
                                                                       : kTypeMask(DML_TENSOR_DATA_TYPE_UINT32);
            require(indexTypes & kTypeMask(out), prefix + "OutputTensor.DataType = " + dataTypeName(out) +
                                                     " is not an index type DML_REDUCE_FUNCTION_" +
                                                     kFunctionNames[function] + " writes at feature level " +
                                                     featureLevelName(level));
            return;
        }
        require(out == in, prefix + "OutputTensor.DataType = " + dataTypeName(out) +
                               " differs from InputTensor.DataType = " + dataTypeName(in));
    }

    // BATCH_NORMALIZATION_TRAINING: Scale, Bias, OutputMean and OutputVariance share sizes, each dimension 1 (the
    // statistics run along it) or the input's; FusedAdd and Output have the input's sizes (checked with the outputs
    // below); every tensor the input's DimensionCount. Scale and Bias then repeat along the reduced axes.
    static void checkTrainingShapes(OperatorInfo& info, const std::string& prefix) {
        const TensorLayout& input = info.inputs[0];
        const TensorLayout& scale = info.inputs[1];
        auto rankOf = [&](const TensorLayout& t, const char* name) {
            require(t.rank == input.rank, prefix + name + ".DimensionCount = " + std::to_string(t.rank) +
                                              " differs from InputTensor.DimensionCount = " + std::to_string(input.rank));
        };
        rankOf(scale, "ScaleTensor");
        for (uint32_t d = 0; d < input.rank; ++d)
            require(scale.sizes[d] == input.sizes[d] || scale.sizes[d] == 1,
                    prefix + "ScaleTensor.Sizes[" + std::to_string(d) + "] = " + std::to_string(scale.sizes[d]) +
                        " is neither InputTensor.Sizes[" + std::to_string(d) + "] = " +
                        std::to_string(input.sizes[d]) + " nor 1");
        auto sameAsScale = [&](const TensorLayout& t, const char* name) {
            rankOf(t, name);
            for (uint32_t d = 0; d < input.rank; ++d)
                require(t.sizes[d] == scale.sizes[d],
                        prefix + name + ".Sizes[" + std::to_string(d) + "] = " + std::to_string(t.sizes[d]) +
                            " differs from ScaleTensor.Sizes[" + std::to_string(d) + "] = " +
                            std::to_string(scale.sizes[d]));
        };
        sameAsScale(info.inputs[2], "BiasTensor");
        sameAsScale(info.outputs[1], "OutputMeanTensor");
        sameAsScale(info.outputs[2], "OutputVarianceTensor");
        if (const TensorLayout* add = info.slotInput(3)) {
            rankOf(*add, "FusedAddTensor");
            for (uint32_t d = 0; d < input.rank; ++d)
                require(add->sizes[d] == input.sizes[d],
                        prefix + "FusedAddTensor.Sizes[" + std::to_string(d) + "] = " + std::to_string(add->sizes[d]) +
                            " differs from InputTensor.Sizes[" + std::to_string(d) + "] = " +
                            std::to_string(input.sizes[d]));
        }
        checkBroadcast(info.inputs[1], input, prefix + "ScaleTensor");
        checkBroadcast(info.inputs[2], input, prefix + "BiasTensor");
    }

    static void checkScaleBias(OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) {
        const TensorLayout& input = info.inputs[0];
        const bool scale = info.slotInput(1) != nullptr, bias = info.slotInput(2) != nullptr;
        require(scale == bias || level >= DML_FEATURE_LEVEL_5_2,
                prefix + (scale ? "BiasTensor" : "ScaleTensor") + " is NULL while " + (scale ? "ScaleTensor" : "BiasTensor") +
                    " is not: below feature level 5_2 both or neither must be given (this device: " +
                    featureLevelName(level) + ")");
        for (uint32_t i = 1; i < info.inputs.size(); ++i)
            checkBroadcast(info.inputs[i], input, prefix + info.inputNames[i]);
    }
};

}  // namespace

const ops::Family& family() {
    static const ReduceFamily instance;
    return instance;
}

}  // namespace vkdml::reduce
