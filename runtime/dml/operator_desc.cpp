#include "dml/operator_desc.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "core/error.h"
#include "core/raw_value.h"
#include "dml/feature_levels.h"

namespace vkdml::dml {

std::string OperatorInfo::name() const { return operatorName(schema->type); }

namespace {


void checkFloatRule(const FieldSpec& field, float value, DML_FEATURE_LEVEL level, const std::string& where) {
    switch (field.rule) {
        case FloatRule::Any: return;
        case FloatRule::SoftplusSteepness:
            if (level < DML_FEATURE_LEVEL_6_4) {
                require(value >= 1.0f, where + " = " + floatText(value) +
                                           ": must be >= 1 below feature level 6_4 (this device: " +
                                           featureLevelName(level) + ")");
            } else {
                require(std::isfinite(value) && value != 0.0f,
                        where + " = " + floatText(value) + ": must be finite and non-zero");
            }
            return;
    }
}

void checkSupport(const OperatorSchema& schema, const SupportTable& support, const TensorLayout& t,
                  DML_FEATURE_LEVEL level, const std::string& where) {
    const SupportRow* row = support.at(level);
    require(row != nullptr, where + ": not supported at feature level " + featureLevelName(level));
    require(t.rank >= row->minRank && t.rank <= row->maxRank,
            where + ".DimensionCount = " + std::to_string(t.rank) + ": " + operatorName(schema.type) +
                " takes " + std::to_string(row->minRank) +
                (row->minRank == row->maxRank ? "" : " to " + std::to_string(row->maxRank)) +
                " dimensions at feature level " + featureLevelName(level));
    require((row->dataTypes & kTypeMask(t.dataType)) != 0,
            where + ".DataType = " + dataTypeName(t.dataType) + " is not supported by " + operatorName(schema.type) +
                " at feature level " + featureLevelName(level));
    if (!(kImplementedTypes & kTypeMask(t.dataType)))
        fail(E_NOTIMPL, where + ".DataType = " + dataTypeName(t.dataType) + ": " + operatorName(schema.type) +
                            " on this data type is not implemented by vkdml yet");
}

// The activations DirectML lets an operator fuse (the descs' FusedActivation field).
constexpr DML_OPERATOR_TYPE kFusable[] = {
    DML_OPERATOR_ACTIVATION_LINEAR,      DML_OPERATOR_ACTIVATION_SIGMOID,          DML_OPERATOR_ACTIVATION_HARD_SIGMOID,
    DML_OPERATOR_ACTIVATION_TANH,        DML_OPERATOR_ACTIVATION_SCALED_TANH,      DML_OPERATOR_ACTIVATION_RELU,
    DML_OPERATOR_ACTIVATION_LEAKY_RELU,  DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, DML_OPERATOR_ACTIVATION_ELU,
    DML_OPERATOR_ACTIVATION_CELU,        DML_OPERATOR_ACTIVATION_SCALED_ELU,       DML_OPERATOR_ACTIVATION_SOFTPLUS,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, DML_OPERATOR_ACTIVATION_SOFTSIGN, DML_OPERATOR_ACTIVATION_IDENTITY,
    DML_OPERATOR_ACTIVATION_SHRINK,      DML_OPERATOR_ACTIVATION_GELU,
};

// GEMM's own fusable activations: ELEMENT_WISE_CLIP from feature level 6_0 (CONVOLUTION's too, which vkdml does
// not have), SOFTMAX and SOFTMAX1 from 6_1. DML_FEATURE_LEVEL_1_0 (0x1000) where `type` is not one of them.
DML_FEATURE_LEVEL gemmOnlyFusionLevel(uint32_t type) {
    if (type == DML_OPERATOR_ELEMENT_WISE_CLIP) return DML_FEATURE_LEVEL_6_0;
    if (type == DML_OPERATOR_ACTIVATION_SOFTMAX || type == DML_OPERATOR_ACTIVATION_SOFTMAX1) return DML_FEATURE_LEVEL_6_1;
    return DML_FEATURE_LEVEL_1_0;
}

// A FusedActivation field: NULL, or a fusable activation available at `level` whose InputTensor and OutputTensor
// are NULL; its other fields (FLOATs, CLIP's ScaleBias, SOFTMAX1's Axes) go to info.fused.attributes.
void readFusedActivation(const DML_OPERATOR_DESC* fused, DML_FEATURE_LEVEL level, const std::string& where,
                         const SchemaSource& schemas, OperatorInfo& info) {
    if (!fused) return;
    const uint32_t rawType = rawValue(fused->Type);
    const bool gemm = info.schema->type == DML_OPERATOR_GEMM;
    const DML_FEATURE_LEVEL gemmLevel = gemmOnlyFusionLevel(rawType);
    bool fusable = gemm && gemmLevel != DML_FEATURE_LEVEL_1_0;
    for (DML_OPERATOR_TYPE t : kFusable) fusable = fusable || uint32_t(t) == rawType;
    const char* name = rawType < operatorTypeCount() ? operatorName(static_cast<DML_OPERATOR_TYPE>(rawType)) : nullptr;
    const std::string typeText = name ? std::string("DML_OPERATOR_") + name : std::to_string(rawType);
    require(fusable, where + "->Type = " + typeText + " cannot be fused (DirectML fuses LINEAR, SIGMOID, HARD_SIGMOID, "
                     "TANH, SCALED_TANH, RELU, LEAKY_RELU, THRESHOLDED_RELU, ELU, CELU, SCALED_ELU, SOFTPLUS, "
                     "PARAMETRIC_SOFTPLUS, SOFTSIGN, IDENTITY, SHRINK and GELU activations here" +
                     std::string(gemm ? ", and ELEMENT_WISE_CLIP, SOFTMAX and SOFTMAX1 into GEMM)" : ")"));
    const auto type = static_cast<DML_OPERATOR_TYPE>(rawType);
    const DML_FEATURE_LEVEL introduced = std::max(operatorIntroducedLevel(type), gemmLevel);
    require(introduced <= level, where + "->Type = " + typeText + (gemmLevel > DML_FEATURE_LEVEL_1_0 ? " fused into GEMM" : "") +
                                     " needs feature level " + featureLevelName(introduced) +
                                     "; this device is capped at " + featureLevelName(level));
    require(fused->Desc != nullptr, where + "->Desc is NULL");
    const OperatorSchema* schema = schemas.schema(type);
    if (!schema) fail(E_FAIL, "internal: fusable " + typeText + " has no schema");
    const auto* base = static_cast<const unsigned char*>(fused->Desc);
    size_t offset = 0;
    const std::string prefix = where + "->Desc (DML_" + name + "_OPERATOR_DESC).";
    auto read = [&](auto& value) {
        offset = (offset + alignof(decltype(value)) - 1) & ~(alignof(decltype(value)) - 1);
        std::memcpy(&value, base + offset, sizeof(value));
        offset += sizeof(value);
    };
    for (uint32_t i = 0; i < schema->fieldCount; ++i) {
        const FieldSpec& field = schema->fields[i];
        if (field.kind == FieldKind::Float) {
            float value;
            read(value);
            checkFloatRule(field, value, level, prefix + field.name);
            info.fused.attributes.addFloat(field.name, value);
            continue;
        }
        if (field.kind == FieldKind::OptionalScaleBias) {  // CLIP's
            const DML_SCALE_BIAS* scaleBias;
            read(scaleBias);
            info.fused.attributes.addFloat("ScaleBias.Scale", scaleBias ? scaleBias->Scale : 1.0f);
            info.fused.attributes.addFloat("ScaleBias.Bias", scaleBias ? scaleBias->Bias : 0.0f);
            continue;
        }
        if (field.kind == FieldKind::UintArray) {  // SOFTMAX1's Axes (checked against the output by the family)
            uint32_t count;
            read(count);
            const UINT* array;
            read(array);
            require(count == 0 || array != nullptr,
                    prefix + field.name + " is NULL but " + prefix + field.countName + " = " + std::to_string(count));
            require(count <= DML_TENSOR_DIMENSION_COUNT_MAX1,
                    prefix + field.countName + " = " + std::to_string(count) + " exceeds " +
                        std::to_string(DML_TENSOR_DIMENSION_COUNT_MAX1));
            info.fused.attributes.addUintArray(field.name, std::vector<uint32_t>(array, array + count));
            continue;
        }
        // The activations' descs hold tensors, FLOATs, a ScaleBias and an axis list only.
        const DML_TENSOR_DESC* tensor;
        read(tensor);
        require(tensor == nullptr, prefix + field.name + " must be NULL: a fused activation runs on the operator's "
                                   "own output");
    }
    info.fused.type = type;
}

}  // namespace

std::string floatText(float value) {
    std::ostringstream out;
    out.precision(9);
    out << value;
    return out.str();
}

uint32_t Attributes::count(FieldKind kind) const {
    uint32_t n = 0;
    for (const Attribute& a : list_) n += a.kind == kind ? 1 : 0;
    return n;
}

const Attribute* Attributes::find(const char* name) const {
    for (const Attribute& a : list_)
        if (std::strcmp(a.name, name) == 0) return &a;
    return nullptr;
}

const Attribute& Attributes::nth(FieldKind kind, uint32_t k) const {
    for (const Attribute& a : list_)
        if (a.kind == kind && k-- == 0) return a;
    fail(E_FAIL, "internal: an operator read an attribute of kind " + std::to_string(static_cast<int>(kind)) +
                     " its desc does not have");
}

bool isFusableActivation(DML_OPERATOR_TYPE type) {
    for (DML_OPERATOR_TYPE t : kFusable)
        if (t == type) return true;
    return false;
}

OperatorInfo readOperatorDesc(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, const SchemaSource& schemas) {
    require(desc != nullptr, "DML_OPERATOR_DESC is NULL");
    const uint32_t rawType = rawValue(desc->Type);
    require(rawType != DML_OPERATOR_INVALID && rawType < operatorTypeCount(),
            "DML_OPERATOR_DESC.Type = " + std::to_string(rawType) + " is not a valid DML_OPERATOR_TYPE");
    const auto type = static_cast<DML_OPERATOR_TYPE>(rawType);
    const char* name = operatorName(type);
    const DML_FEATURE_LEVEL introduced = operatorIntroducedLevel(type);
    require(introduced <= level, std::string("DML_OPERATOR_") + name + " needs feature level " +
                                     featureLevelName(introduced) + "; this device is capped at " +
                                     featureLevelName(level));
    const OperatorSchema* schema = schemas.schema(type);
    if (!schema) fail(E_NOTIMPL, std::string("DML_OPERATOR_") + name + " is not implemented by vkdml yet");
    require(desc->Desc != nullptr, std::string("DML_OPERATOR_DESC.Desc is NULL (DML_OPERATOR_") + name + ")");

    OperatorInfo info;
    info.schema = schema;
    const auto* base = static_cast<const unsigned char*>(desc->Desc);
    size_t offset = 0;
    const std::string prefix = std::string("DML_") + name + "_OPERATOR_DESC.";
    const FieldSpec* typed = nullptr;  // the first tensor whose DataType the operator's other tensors share
    TensorLayout typedLayout;
    // Reads, checks and records one tensor of `field`.
    auto addTensor = [&](const DML_TENSOR_DESC* tensorDesc, const FieldSpec& field, const std::string& where,
                         const char* fieldName, bool output) {
        TensorLayout t = readTensorDesc(tensorDesc, where);
        checkSupport(*schema, field.ownSupport ? *field.ownSupport : *schema->support, t, level, where);
        if (!field.ownSupport && !typed) typed = &field, typedLayout = t;
        if (output) {
            require(!(t.flags & DML_TENSOR_FLAG_OWNED_BY_DML),
                    where + ".Flags: DML_TENSOR_FLAG_OWNED_BY_DML is only valid on input tensors");
            require(!hasSelfOverlap(t), where + ": Strides make two elements share an address (" + t.describe() +
                                            "); outputs must not alias themselves");
            info.fieldOrder.push_back({true, static_cast<uint32_t>(info.outputs.size())});
            info.outputs.push_back(t);
            info.outputNames.push_back(fieldName);
            info.outputFields.push_back(&field);
        } else {
            info.inputSlots.push_back(static_cast<int32_t>(info.inputs.size()));
            info.inputSlotNames.push_back(fieldName);
            info.fieldOrder.push_back({false, static_cast<uint32_t>(info.inputs.size())});
            info.inputs.push_back(t);
            info.inputNames.push_back(fieldName);
            info.inputFields.push_back(&field);
        }
    };
    for (uint32_t i = 0; i < schema->fieldCount; ++i) {
        const FieldSpec& field = schema->fields[i];
        const std::string where = prefix + field.name;
        if (field.kind == FieldKind::OptionalScaleBias) {
            offset = (offset + alignof(const DML_SCALE_BIAS*) - 1) & ~(alignof(const DML_SCALE_BIAS*) - 1);
            const DML_SCALE_BIAS* scaleBias;
            std::memcpy(&scaleBias, base + offset, sizeof(scaleBias));
            offset += sizeof(scaleBias);
            info.hasScaleBias = scaleBias != nullptr;
            info.attributes.addFloat("ScaleBias.Scale", scaleBias ? scaleBias->Scale : 1.0f);
            info.attributes.addFloat("ScaleBias.Bias", scaleBias ? scaleBias->Bias : 0.0f);
            continue;
        }
        if (field.kind == FieldKind::Enum) {
            offset = (offset + alignof(UINT) - 1) & ~(alignof(UINT) - 1);
            uint32_t value;
            std::memcpy(&value, base + offset, sizeof(value));
            offset += sizeof(UINT);
            require(value < field.enumCount, where + " = " + std::to_string(value) + " is not a valid value (0 to " +
                                                 std::to_string(field.enumCount - 1) + ")");
            info.attributes.addEnum(field.name, value);
            continue;
        }
        if (field.kind == FieldKind::Uint) {
            offset = (offset + alignof(UINT) - 1) & ~(alignof(UINT) - 1);
            uint32_t value;
            std::memcpy(&value, base + offset, sizeof(value));
            offset += sizeof(UINT);
            info.attributes.addUint(field.name, value);
            continue;
        }
        if (field.kind == FieldKind::UintArray) {
            offset = (offset + alignof(UINT) - 1) & ~(alignof(UINT) - 1);
            uint32_t count;
            std::memcpy(&count, base + offset, sizeof(count));
            offset += sizeof(UINT);
            offset = (offset + alignof(const UINT*) - 1) & ~(alignof(const UINT*) - 1);
            const UINT* array;
            std::memcpy(&array, base + offset, sizeof(array));
            offset += sizeof(array);
            require(count == 0 || array != nullptr,
                    where + " is NULL but " + prefix + field.countName + " = " + std::to_string(count));
            require(count <= DML_TENSOR_DIMENSION_COUNT_MAX1,
                    prefix + field.countName + " = " + std::to_string(count) + " exceeds " +
                        std::to_string(DML_TENSOR_DIMENSION_COUNT_MAX1));
            info.attributes.addUintArray(field.name, std::vector<uint32_t>(array, array + count));
            continue;
        }
        if (field.kind == FieldKind::Float) {
            offset = (offset + alignof(FLOAT) - 1) & ~(alignof(FLOAT) - 1);
            float value;
            std::memcpy(&value, base + offset, sizeof(value));
            offset += sizeof(FLOAT);
            checkFloatRule(field, value, level, where);
            info.attributes.addFloat(field.name, value);
            continue;
        }
        if (field.kind == FieldKind::QuantizationTensors) {
            // QUANTIZE / DEQUANTIZE: UINT QuantizationTensorCount, then a pointer to that many DML_TENSOR_DESCs (one
            // binding each, after InputTensor): [scale] for DML_QUANTIZATION_TYPE_SCALE, [scale, zero point] for
            // SCALE_ZERO_POINT (the Enum field just before).
            offset = (offset + alignof(UINT) - 1) & ~(alignof(UINT) - 1);
            uint32_t count;
            std::memcpy(&count, base + offset, sizeof(count));
            offset += sizeof(UINT);
            offset = (offset + alignof(const DML_TENSOR_DESC*) - 1) & ~(alignof(const DML_TENSOR_DESC*) - 1);
            const DML_TENSOR_DESC* array;
            std::memcpy(&array, base + offset, sizeof(array));
            offset += sizeof(array);
            const uint32_t enums = info.attributes.count(FieldKind::Enum);
            const uint32_t quantizationType = enums ? info.attributes.enumAt(enums - 1) : 0;
            require(quantizationType != DML_QUANTIZATION_TYPE_NONE,
                    prefix + "QuantizationType = 0 (DML_QUANTIZATION_TYPE_NONE): use SCALE (1) or SCALE_ZERO_POINT (2)");
            const uint32_t expected = quantizationType == DML_QUANTIZATION_TYPE_SCALE ? 1 : 2;
            require(count == expected, prefix + "QuantizationTensorCount = " + std::to_string(count) + ", but " +
                                           (expected == 1 ? "DML_QUANTIZATION_TYPE_SCALE takes 1 tensor (the scale)"
                                                          : "DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT takes 2 tensors "
                                                            "(scale, zero point)"));
            require(array != nullptr, where + " is NULL");
            static const char* const kNames[] = {"QuantizationTensors[0]", "QuantizationTensors[1]"};
            for (uint32_t k = 0; k < count; ++k) addTensor(&array[k], field, prefix + kNames[k], kNames[k], false);
            continue;
        }
        if (field.kind == FieldKind::ScalarDataType) {  // follows the tensors: their DataType is known
            offset = (offset + alignof(UINT) - 1) & ~(alignof(UINT) - 1);
            uint32_t value;
            std::memcpy(&value, base + offset, sizeof(value));
            offset += sizeof(UINT);
            require(typed && value == uint32_t(typedLayout.dataType),
                    where + " = " + (value <= DML_TENSOR_DATA_TYPE_INT64
                                         ? std::string(dataTypeName(static_cast<DML_TENSOR_DATA_TYPE>(value)))
                                         : std::to_string(value)) + " must equal " +
                        (typed ? typed->name : "the tensors'") + ".DataType = " +
                        dataTypeName(typedLayout.dataType));
            continue;
        }
        if (field.kind == FieldKind::Scalar) {
            offset = (offset + alignof(DML_SCALAR_UNION) - 1) & ~(alignof(DML_SCALAR_UNION) - 1);
            uint64_t raw;
            std::memcpy(&raw, base + offset, sizeof(raw));
            info.attributes.addScalar(field.name, raw);
            offset += sizeof(DML_SCALAR_UNION);
            continue;
        }
        if (field.kind == FieldKind::FusedActivation) {
            offset = (offset + alignof(const DML_OPERATOR_DESC*) - 1) & ~(alignof(const DML_OPERATOR_DESC*) - 1);
            const DML_OPERATOR_DESC* fused;
            std::memcpy(&fused, base + offset, sizeof(fused));
            offset += sizeof(fused);
            readFusedActivation(fused, level, where, schemas, info);
            continue;
        }
        offset = (offset + alignof(const DML_TENSOR_DESC*) - 1) & ~(alignof(const DML_TENSOR_DESC*) - 1);
        const DML_TENSOR_DESC* tensorDesc;
        std::memcpy(&tensorDesc, base + offset, sizeof(tensorDesc));
        offset += sizeof(tensorDesc);
        if (!tensorDesc && field.optionalSince != 0) {
            require(level >= field.optionalSince,
                    where + " is NULL: it is optional only from feature level " +
                        featureLevelName(static_cast<DML_FEATURE_LEVEL>(field.optionalSince)) + " (this device: " +
                        featureLevelName(level) + ")");
            info.inputSlots.push_back(-1);
            info.inputSlotNames.push_back(field.name);
            continue;
        }
        addTensor(tensorDesc, field, where, field.name, field.kind == FieldKind::OutputTensor);
    }
    // Every tensor without a type table of its own has the DataType of the first such tensor.
    for (const TensorRef& ref : info.fieldOrder) {
        const TensorLayout& t = info.tensor(ref);
        require(info.fieldOf(ref).ownSupport || !typed || t.dataType == typedLayout.dataType,
                prefix + info.nameOf(ref) + ".DataType = " + dataTypeName(t.dataType) + " differs from " +
                    (typed ? typed->name : "") + ".DataType = " + dataTypeName(typedLayout.dataType));
    }
    schemas.checkShapes(info, prefix, level);
    if (schema->checkTypes) schema->checkTypes(info, prefix);
    return info;
}

}  // namespace vkdml::dml
