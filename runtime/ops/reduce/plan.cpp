#include "ops/reduce/plan.h"

#include <algorithm>
#include <sstream>

#include "vk/cache_directory.h"

namespace vkdml::reduce {

namespace {

Kind kindOf(DML_OPERATOR_TYPE type) {
    switch (type) {
        case DML_OPERATOR_ACTIVATION_SOFTMAX:
        case DML_OPERATOR_ACTIVATION_SOFTMAX1: return Kind::Softmax;
        case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX:
        case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1: return Kind::LogSoftmax;
        case DML_OPERATOR_ACTIVATION_HARDMAX:
        case DML_OPERATOR_ACTIVATION_HARDMAX1: return Kind::Hardmax;
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION:
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1:
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2:
        case DML_OPERATOR_BATCH_NORMALIZATION_TRAINING: return Kind::Normalize;
        case DML_OPERATOR_BATCH_NORMALIZATION: return Kind::BatchNorm;
        case DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION: return Kind::Lrn;
        case DML_OPERATOR_LP_NORMALIZATION: return Kind::LpNormalize;
        case DML_OPERATOR_CUMULATIVE_SUMMATION:
        case DML_OPERATOR_CUMULATIVE_PRODUCT: return Kind::Scan;
        default: return Kind::Reduce;
    }
}

// Appends dimension `d` to `dims` (innermost first), merged into the last one when every slot steps over the last
// one's whole extent.
void addDim(std::vector<Dim>& dims, const Dim& dim) {
    if (dim.size == 1) return;
    if (!dims.empty()) {
        Dim& inner = dims.back();
        bool mergeable = true;
        for (uint32_t s = 0; s < kMaxSlots; ++s) mergeable = mergeable && dim.strides[s] == inner.strides[s] * inner.size;
        if (mergeable) {
            inner.size *= dim.size;
            return;
        }
    }
    dims.push_back(dim);
}

// The binding slot of input field `slot` (absent optional tensors counted), as a source.
SlotSource inputSource(const dml::OperatorInfo& info, uint32_t slot) {
    SlotSource s;
    const dml::TensorLayout* t = info.slotInput(slot);
    if (!t) return s;
    s.present = true;
    s.index = static_cast<uint32_t>(t - info.inputs.data());
    return s;
}

SlotSource outputSource(uint32_t index) {
    SlotSource s;
    s.present = s.output = true;
    s.index = index;
    return s;
}

}  // namespace

void slotSources(const dml::OperatorInfo& info, SlotSource (&sources)[kMaxSlots]) {
    for (SlotSource& s : sources) s = SlotSource{};
    sources[kInput] = inputSource(info, 0);
    sources[kOutput] = outputSource(0);
    switch (info.schema->type) {
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION:
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1:
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2:
            sources[kScale] = inputSource(info, 1);
            sources[kBias] = inputSource(info, 2);
            break;
        case DML_OPERATOR_BATCH_NORMALIZATION:  // Input, Mean, Variance, Scale, Bias
            sources[kMean] = inputSource(info, 1);
            sources[kVariance] = inputSource(info, 2);
            sources[kScale] = inputSource(info, 3);
            sources[kBias] = inputSource(info, 4);
            break;
        case DML_OPERATOR_BATCH_NORMALIZATION_TRAINING:  // Input, Scale, Bias, FusedAdd?; Output, Mean, Variance
            sources[kScale] = inputSource(info, 1);
            sources[kBias] = inputSource(info, 2);
            sources[kAddend] = inputSource(info, 3);
            sources[kMean] = outputSource(1);
            sources[kVariance] = outputSource(2);
            break;
        default: break;
    }
}

uint32_t reducedAxes(const dml::OperatorInfo& info) {
    const uint32_t rank = info.inputs[0].rank;
    switch (info.schema->type) {
        case DML_OPERATOR_BATCH_NORMALIZATION:
        case DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION: return 0;  // rows of one element
        case DML_OPERATOR_BATCH_NORMALIZATION_TRAINING: {
            // The statistics are taken over every axis where OutputMeanTensor (the scale's shape) is 1.
            uint32_t mask = 0;
            for (uint32_t d = 0; d < rank; ++d)
                if (info.outputs[1].sizes[d] == 1) mask |= 1u << d;
            return mask;
        }
        case DML_OPERATOR_ACTIVATION_SOFTMAX:
        case DML_OPERATOR_ACTIVATION_LOG_SOFTMAX:
        case DML_OPERATOR_ACTIVATION_HARDMAX: return 1u << (rank - 1);
        case DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION:
            return info.attributes.uintAt(0) != 0 ? 0b1110u : 0b1100u;  // CrossChannel: {1,2,3}, else {2,3}
        case DML_OPERATOR_LP_NORMALIZATION:
        case DML_OPERATOR_CUMULATIVE_SUMMATION:
        case DML_OPERATOR_CUMULATIVE_PRODUCT: return 1u << info.attributes.uintAt(0);  // Axis
        default: break;
    }
    uint32_t mask = 0;
    for (uint32_t axis : info.attributes.uintArrayAt(0)) mask |= 1u << axis;
    return mask;
}

uint32_t firstLentSlot(const SlotSource (&sources)[kMaxSlots]) {
    uint32_t first = kFirstExtra;
    for (uint32_t s = kFirstExtra; s < kMaxSlots; ++s)
        if (sources[s].present) first = s + 1;
    return first;
}

void slotLayouts(const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours,
                 const dml::TensorLayout* (&layouts)[kMaxSlots]) {
    SlotSource sources[kMaxSlots];
    slotSources(info, sources);
    for (uint32_t s = 0; s < kMaxSlots; ++s)
        layouts[s] = !sources[s].present ? nullptr
                     : sources[s].output ? &info.outputs[sources[s].index]
                                         : &info.inputs[sources[s].index];
    if (!neighbours) return;
    uint32_t next = firstLentSlot(sources);
    if (neighbours->prologue) {
        layouts[kInput] = &neighbours->prologueTensors[0];
        for (size_t i = 1; i < neighbours->prologueTensors.size(); ++i) layouts[next++] = &neighbours->prologueTensors[i];
    }
    if (neighbours->epilogue) {
        layouts[kOutput] = &neighbours->epilogueOutput;
        for (const dml::TensorLayout& t : neighbours->epilogueTensors) layouts[next++] = &t;
    }
}

namespace {

// Elements of `slot` per 16-byte vector where the innermost reduced dimension is packed in it and every other
// stride is a multiple of that; 0 otherwise.
uint32_t slotVectorWidth(const Plan& p, uint32_t slot) {
    const DML_TENSOR_DATA_TYPE type = p.types[slot];
    const uint32_t width = type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 8
                           : (type == DML_TENSOR_DATA_TYPE_FLOAT32 || type == DML_TENSOR_DATA_TYPE_INT32 ||
                              type == DML_TENSOR_DATA_TYPE_UINT32) ? 4 : 0;
    if (!width || p.reduced.empty() || p.reduced.front().strides[slot] != 1 || p.reduced.front().size % width)
        return 0;
    for (size_t d = 1; d < p.reduced.size(); ++d)
        if (p.reduced[d].strides[slot] % width) return 0;
    for (const Dim& d : p.kept)
        if (d.strides[slot] % width) return 0;
    return width;
}

}  // namespace

uint32_t inputVectorWidth(const Plan& p) {
    if (p.kind == Kind::Scan && p.decreasing) return 0;
    const uint32_t width = slotVectorWidth(p, kInput);
    if (!p.prologue) return width;
    // With a prologue: every tensor it reads by vectors of the same width, the one the operator's own kernel uses
    // (the same order of terms in every sum).
    if (width != p.operandVectorWidth) return 0;
    for (uint32_t slot : p.prologueSlots)
        if (slotVectorWidth(p, slot) != width) return 0;
    return width;
}

uint32_t outputVectorWidth(const Plan& p) {
    const bool kindFits = p.kind == Kind::Softmax || p.kind == Kind::LogSoftmax || p.kind == Kind::Hardmax ||
                          p.kind == Kind::Normalize || p.kind == Kind::LpNormalize || p.kind == Kind::Scan;
    const DML_TENSOR_DATA_TYPE out = p.types[kOutput];
    if (!kindFits || (out != DML_TENSOR_DATA_TYPE_FLOAT32 && out != DML_TENSOR_DATA_TYPE_FLOAT16))
        return 0;
    const uint32_t width = inputVectorWidth(p);
    return width && slotVectorWidth(p, kOutput) == width ? width : 0;
}

Plan planReduction(const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours) {
    Plan plan;
    const DML_OPERATOR_TYPE type = info.schema->type;
    plan.kind = kindOf(type);
    const dml::Attributes& a = info.attributes;
    if (type == DML_OPERATOR_REDUCE) plan.function = a.enumAt(0);
    if (type == DML_OPERATOR_ARGMAX || type == DML_OPERATOR_ARGMIN) {
        plan.function = type == DML_OPERATOR_ARGMAX ? DML_REDUCE_FUNCTION_ARGMAX : DML_REDUCE_FUNCTION_ARGMIN;
        plan.decreasing = a.enumAt(0) == DML_AXIS_DIRECTION_DECREASING;
    }
    if (plan.kind == Kind::LpNormalize) {
        plan.epsilon = a.floatAt(0);
        plan.p = a.uintAt(1);
    }
    if (plan.kind == Kind::Scan) {
        plan.function = type == DML_OPERATOR_CUMULATIVE_SUMMATION ? DML_REDUCE_FUNCTION_SUM
                                                                  : DML_REDUCE_FUNCTION_MULTIPLY;
        plan.decreasing = a.enumAt(0) == DML_AXIS_DIRECTION_DECREASING;
        plan.exclusive = a.uintAt(1) != 0;
    }
    if (plan.kind == Kind::Normalize) {
        // MVN: CrossChannel, NormalizeVariance; MVN1: NormalizeVariance; MVN2: UseMean, UseVariance.
        if (type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2) {
            plan.useMean = a.uintAt(0) != 0;
            plan.useVariance = a.uintAt(1) != 0;
        } else {
            plan.useVariance = type == DML_OPERATOR_BATCH_NORMALIZATION_TRAINING ||
                               a.uintAt(type == DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION ? 1 : 0) != 0;
        }
        plan.writesStatistics = type == DML_OPERATOR_BATCH_NORMALIZATION_TRAINING;
        plan.epsilon = a.floatAt(0);
        plan.fused = info.fused;
    }

    if (plan.kind == Kind::BatchNorm) {
        plan.epsilon = a.floatAt(0);  // Spatial (a UINT) has no effect
        plan.fused = info.fused;
    }

    const dml::TensorLayout& input = info.inputs[0];
    slotSources(info, plan.sources);
    const dml::TensorLayout* slots[kMaxSlots] = {};
    slotLayouts(info, neighbours, slots);
    plan.operandType = info.inputs[0].dataType;
    plan.resultType = info.outputs[0].dataType;
    if (neighbours) {
        // The neighbours' extra tensors follow the operator's inputs in the bindings (ops::Family).
        uint32_t next = firstLentSlot(plan.sources), binding = static_cast<uint32_t>(info.inputs.size());
        auto lend = [&](std::vector<uint32_t>& list, size_t count) {
            for (size_t i = 0; i < count; ++i, ++next) {
                list.push_back(next);
                plan.sources[next].present = true;
                plan.sources[next].index = binding++;
            }
        };
        if (neighbours->prologue) {
            plan.operandVectorWidth = inputVectorWidth(planReduction(info));
            plan.prologue = neighbours->prologue;
            plan.prologueSlots.push_back(kInput);
            lend(plan.prologueSlots, neighbours->prologueTensors.size() - 1);
        }
        if (neighbours->epilogue) {
            plan.epilogue = neighbours->epilogue;
            plan.epilogueSlots.push_back(kOutput);
            lend(plan.epilogueSlots, neighbours->epilogueTensors.size());
        }
    }
    for (uint32_t s = 0; s < kMaxSlots; ++s) plan.types[s] = slots[s] ? slots[s]->dataType : DML_TENSOR_DATA_TYPE_UNKNOWN;
    if (plan.kind == Kind::Lrn) {
        LrnWindow& w = plan.lrn;
        for (uint32_t d = 0; d < 4; ++d) {
            w.sizes[d] = input.sizes[d];
            for (uint32_t s = 0; s < kMaxSlots; ++s)
                if (slots[s]) w.strides[s][d] = slots[s]->strides[d];
        }
        w.crossChannel = a.uintAt(0) != 0;
        w.localSize = a.uintAt(1);
        w.alphaOverSize = static_cast<float>(double(a.floatAt(0)) / double(w.localSize));
        w.beta = a.floatAt(1);
        w.bias = a.floatAt(2);
    }

    const uint32_t mask = reducedAxes(info);
    for (uint32_t d = input.rank; d-- > 0;) {
        Dim dim;
        dim.size = input.sizes[d];
        const bool reduced = (mask >> d) & 1u;
        for (uint32_t s = 0; s < kMaxSlots; ++s) {
            // One value per row: REDUCE's output, the statistics BATCH_NORMALIZATION_TRAINING writes (their sizes
            // are 1 along the reduced axes).
            // The epilogue's tensors have the output's sizes.
            const bool epilogueTensor =
                std::find(plan.epilogueSlots.begin(), plan.epilogueSlots.end(), s) != plan.epilogueSlots.end();
            const bool perRow = ((s == kOutput || epilogueTensor) && !plan.writesRows()) ||
                                (plan.written(Slot(s)) && s != kOutput);
            if (slots[s] && !(reduced && perRow)) dim.strides[s] = slots[s]->strides[d];
        }
        addDim(reduced ? plan.reduced : plan.kept, dim);
        (reduced ? plan.rowLength : plan.rows) *= dim.size;
    }
    return plan;
}

std::string Plan::describe() const {
    std::ostringstream out;
    static const char* const kKinds[] = {"reduce", "softmax", "log_softmax", "hardmax", "normalize", "lp", "scan",
                                         "batch_normalization", "lrn"};
    out << kKinds[static_cast<int>(kind)];
    if (kind == Kind::Reduce || kind == Kind::Scan)
        out << " function " << function << (decreasing ? " decreasing" : "") << (exclusive ? " exclusive" : "");
    if (kind == Kind::LpNormalize) out << " p " << p << " epsilon " << dml::floatText(epsilon);
    if (kind == Kind::Normalize)
        out << " mean " << useMean << " variance " << useVariance << " epsilon " << dml::floatText(epsilon)
            << " activation " << fused.type << (writesStatistics ? " statistics" : "");
    if (kind == Kind::BatchNorm) out << " epsilon " << dml::floatText(epsilon) << " activation " << fused.type;
    if (kind == Kind::Lrn) {
        out << " window " << (lrn.crossChannel ? "channels" : "spatial") << " " << lrn.localSize << " alpha/size "
            << dml::floatText(lrn.alphaOverSize) << " beta " << dml::floatText(lrn.beta) << " bias "
            << dml::floatText(lrn.bias) << " sizes";
        for (uint32_t d = 0; d < 4; ++d) {
            out << " " << lrn.sizes[d] << ":";
            for (uint32_t s = 0; s < kMaxSlots; ++s)
                if (types[s] != DML_TENSOR_DATA_TYPE_UNKNOWN) out << lrn.strides[s][d] << ",";
        }
    }
    out << " types";
    for (DML_TENSOR_DATA_TYPE t : types) out << " " << dml::dataTypeName(t);
    auto dims = [&](const char* name, const std::vector<Dim>& list) {
        out << " " << name << " {";
        for (const Dim& d : list) {
            out << " " << d.size << ":";
            for (uint64_t s : d.strides) out << s << ",";
        }
        out << " }";
    };
    dims("kept", kept);
    dims("reduced", reduced);
    auto neighbour = [&](const char* name, const std::optional<kernel::ElementwiseProgram>& program,
                         const std::vector<uint32_t>& slots) {
        if (!program) return;
        out << " " << name << " " << program->hash() << " slots";
        for (uint32_t s : slots) out << " " << s;
    };
    neighbour("prologue", prologue, prologueSlots);
    neighbour("epilogue", epilogue, epilogueSlots);
    if (prologue) out << " operand " << dml::dataTypeName(operandType) << " order " << operandVectorWidth;
    if (epilogue) out << " result " << dml::dataTypeName(resultType);
    return out.str();
}

uint64_t Plan::hash() const {
    const std::string text = describe();
    uint64_t h = vk::fnv1a64(text.data(), text.size());
    for (const dml::Attribute& attribute : fused.attributes.all()) h = vk::fnv1a64(&attribute.value, sizeof(float), h);
    return h;
}

}  // namespace vkdml::reduce
