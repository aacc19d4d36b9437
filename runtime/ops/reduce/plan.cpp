#include "ops/reduce/plan.h"

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

Plan planReduction(const dml::OperatorInfo& info) {
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
    for (uint32_t s = 0; s < kMaxSlots; ++s) {
        const SlotSource& source = plan.sources[s];
        if (source.present) slots[s] = source.output ? &info.outputs[source.index] : &info.inputs[source.index];
        plan.types[s] = slots[s] ? slots[s]->dataType : DML_TENSOR_DATA_TYPE_UNKNOWN;
    }
    if (plan.kind == Kind::Lrn) {
        LrnWindow& w = plan.lrn;
        for (uint32_t d = 0; d < 4; ++d) {
            w.sizes[d] = input.sizes[d];
            w.inStrides[d] = input.strides[d];
            w.outStrides[d] = info.outputs[0].strides[d];
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
            const bool perRow = (s == kOutput && !plan.writesRows()) || (plan.written(Slot(s)) && s != kOutput);
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
        for (uint32_t d = 0; d < 4; ++d) out << " " << lrn.sizes[d] << ":" << lrn.inStrides[d] << "," << lrn.outStrides[d];
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
    return out.str();
}

uint64_t Plan::hash() const {
    const std::string text = describe();
    uint64_t h = vk::fnv1a64(text.data(), text.size());
    for (const dml::Attribute& attribute : fused.attributes.all()) h = vk::fnv1a64(&attribute.value, sizeof(float), h);
    return h;
}

}  // namespace vkdml::reduce
