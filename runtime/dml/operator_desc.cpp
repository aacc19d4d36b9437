#include "dml/operator_desc.h"

#include <cmath>
#include <cstring>
#include <sstream>

#include "core/error.h"
#include "core/raw_value.h"
#include "dml/feature_levels.h"

namespace vkdml::dml {

std::string OperatorInfo::name() const { return operatorName(schema->type); }

namespace {

std::string floatText(float value) {
    std::ostringstream out;
    out.precision(9);
    out << value;
    return out.str();
}

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

}  // namespace

OperatorInfo readOperatorDesc(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level) {
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
    const OperatorSchema* schema = findSchema(type);
    if (!schema) fail(E_NOTIMPL, std::string("DML_OPERATOR_") + name + " is not implemented by vkdml yet");
    require(desc->Desc != nullptr, std::string("DML_OPERATOR_DESC.Desc is NULL (DML_OPERATOR_") + name + ")");

    OperatorInfo info;
    info.schema = schema;
    const auto* base = static_cast<const unsigned char*>(desc->Desc);
    size_t offset = 0;
    const std::string prefix = std::string("DML_") + name + "_OPERATOR_DESC.";
    const FieldSpec* typed = nullptr;  // the first tensor whose DataType the operator's other tensors share
    TensorLayout typedLayout;
    std::vector<const FieldSpec*> inputSpecs, outputSpecs;  // per tensor in `inputs` / `outputs`: its field
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
            info.outputs.push_back(t);
            info.outputNames.push_back(fieldName);
            outputSpecs.push_back(&field);
        } else {
            if (t.flags & DML_TENSOR_FLAG_OWNED_BY_DML)
                fail(E_NOTIMPL, where + ".Flags: DML_TENSOR_FLAG_OWNED_BY_DML inputs are not implemented by vkdml yet");
            info.inputSlots.push_back(static_cast<int32_t>(info.inputs.size()));
            info.inputSlotNames.push_back(fieldName);
            info.inputs.push_back(t);
            info.inputNames.push_back(fieldName);
            inputSpecs.push_back(&field);
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
            info.floats[info.floatCount++] = scaleBias ? scaleBias->Scale : 1.0f;
            info.floats[info.floatCount++] = scaleBias ? scaleBias->Bias : 0.0f;
            continue;
        }
        if (field.kind == FieldKind::Enum) {
            offset = (offset + alignof(UINT) - 1) & ~(alignof(UINT) - 1);
            uint32_t value;
            std::memcpy(&value, base + offset, sizeof(value));
            offset += sizeof(UINT);
            require(value < field.enumCount, where + " = " + std::to_string(value) + " is not a valid value (0 to " +
                                                 std::to_string(field.enumCount - 1) + ")");
            info.enums[info.enumCount++] = value;
            continue;
        }
        if (field.kind == FieldKind::Float) {
            offset = (offset + alignof(FLOAT) - 1) & ~(alignof(FLOAT) - 1);
            float value;
            std::memcpy(&value, base + offset, sizeof(value));
            offset += sizeof(FLOAT);
            checkFloatRule(field, value, level, where);
            info.floats[info.floatCount++] = value;
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
            const uint32_t quantizationType = info.enumCount ? info.enums[info.enumCount - 1] : 0;
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
    // Element-wise rule: every tensor has the first input's DimensionCount and Sizes, and the DataType of the first
    // tensor without a type rule of its own.
    const TensorLayout& first = info.inputs.front();
    auto sameAsFirst = [&](TensorLayout& t, const char* field, const FieldSpec& spec) {
        if (spec.broadcastOnes && &t != &first && t.rank == first.rank) {
            // Dimensions of size 1 repeat their element along the others' size (stride 0).
            uint64_t elements = 1;
            for (uint32_t d = 0; d < t.rank; ++d) {
                if (t.sizes[d] == 1 && first.sizes[d] != 1) t.sizes[d] = first.sizes[d], t.strides[d] = 0;
                elements *= t.sizes[d];
            }
            t.explicitStrides = true;
            t.elementCount = elements;
        }
        require(spec.ownSupport || !typed || t.dataType == typedLayout.dataType,
                prefix + field + ".DataType = " + dataTypeName(t.dataType) + " differs from " +
                    (typed ? typed->name : "") + ".DataType = " + dataTypeName(typedLayout.dataType));
        require(t.rank == first.rank, prefix + field + ".DimensionCount = " + std::to_string(t.rank) +
                                          " differs from " + info.inputNames[0] +
                                          ".DimensionCount = " + std::to_string(first.rank));
        for (uint32_t d = 0; d < t.rank; ++d)
            require(t.sizes[d] == first.sizes[d],
                    prefix + field + ".Sizes[" + std::to_string(d) + "] = " + std::to_string(t.sizes[d]) +
                        " differs from " + info.inputNames[0] + ".Sizes[" + std::to_string(d) +
                        "] = " + std::to_string(first.sizes[d]) +
                        (spec.broadcastOnes ? " (and is not 1, which would broadcast)" : ""));
    };
    for (size_t i = 0; i < info.inputs.size(); ++i) sameAsFirst(info.inputs[i], info.inputNames[i], *inputSpecs[i]);
    for (size_t o = 0; o < info.outputs.size(); ++o)
        sameAsFirst(info.outputs[o], info.outputNames[o], *outputSpecs[o]);
    for (uint32_t i = 0; i < schema->fieldCount; ++i)
        if (schema->fields[i].kind == FieldKind::OptionalScaleBias && !(kFloatTypes & kTypeMask(first.dataType)) &&
            (info.floats[0] != 1.0f || info.floats[1] != 0.0f))
            fail(E_NOTIMPL, prefix + schema->fields[i].name + " = {" + floatText(info.floats[0]) + ", " +
                                floatText(info.floats[1]) + "} on " + dataTypeName(first.dataType) +
                                " tensors: a scale or bias is implemented for FLOAT32 and FLOAT16 only");
    if (schema->checkTypes) schema->checkTypes(info, prefix);
    return info;
}

}  // namespace vkdml::dml
