#include "desc_builder.h"

#include <cstring>

namespace vkdml::dispatch {

void* Arena::allocate(size_t bytes) {
    const size_t units = (bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
    const size_t count = units > 0 ? units : 1;
    blocks_.push_back(std::make_unique<std::max_align_t[]>(count));
    void* block = blocks_.back().get();
    std::memset(block, 0, count * sizeof(std::max_align_t));  // value-initialization leaves max_align_t's padding
    return block;
}

uint64_t calcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, uint32_t dimensionCount, const uint32_t* sizes,
                              const uint32_t* strides) {
    uint64_t elementBits = 0;
    switch (dataType) {
        case DML_TENSOR_DATA_TYPE_FLOAT32:
        case DML_TENSOR_DATA_TYPE_UINT32:
        case DML_TENSOR_DATA_TYPE_INT32: elementBits = 32; break;
        case DML_TENSOR_DATA_TYPE_FLOAT16:
        case DML_TENSOR_DATA_TYPE_UINT16:
        case DML_TENSOR_DATA_TYPE_INT16: elementBits = 16; break;
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT8: elementBits = 8; break;
        case DML_TENSOR_DATA_TYPE_FLOAT64:
        case DML_TENSOR_DATA_TYPE_UINT64:
        case DML_TENSOR_DATA_TYPE_INT64: elementBits = 64; break;
        case DML_TENSOR_DATA_TYPE_UINT4:
        case DML_TENSOR_DATA_TYPE_INT4: elementBits = 4; break;
        default: return 0;
    }
    uint64_t bits;
    if (strides == nullptr) {
        uint64_t elements = 1;
        for (uint32_t i = 0; i < dimensionCount; ++i) elements *= sizes[i];
        bits = elements * elementBits;
    } else {
        uint32_t indexOfLastElement = 0;  // 32-bit on purpose, as in DirectMLX
        for (uint32_t i = 0; i < dimensionCount; ++i) indexOfLastElement += (sizes[i] - 1) * strides[i];
        bits = (static_cast<uint64_t>(indexOfLastElement) + 1) * elementBits;
    }
    const uint64_t bytes = (bits + 7) / 8;
    return (bytes + 3) & ~uint64_t{3};
}

uint32_t readEnum(const Json& value, const JsonPath& path, const EnumInfo& info) {
    auto single = [&](const Json& item, const JsonPath& itemPath) -> uint32_t {
        if (!item.is_string())
            modelError(itemPath, std::string("expected a ") + info.typeName + " name, got " + describe(item));
        const std::string text = item.get<std::string>();
        if (const auto found = findEnumValue(info, text)) return *found;
        std::string known;
        for (const EnumValue& v : info.values) {
            known += known.empty() ? "" : ", ";
            known += v.name + std::strlen(info.prefix);
        }
        modelError(itemPath, "'" + text + "' is not a " + info.typeName + " value (expected one of " + known +
                                 ", with or without the " + info.prefix + " prefix)");
    };
    if (info.isFlags && value.is_array()) {
        uint32_t flags = 0;
        for (size_t i = 0; i < value.size(); ++i) flags |= single(value[i], path.index(i));
        return flags;
    }
    if (info.isFlags && !value.is_string())
        modelError(path, std::string("expected a ") + info.typeName + " name or an array of names, got " +
                             describe(value));
    return single(value, path);
}

DML_TENSOR_DESC* buildTensorDesc(const Json& value, const JsonPath& path, Arena& arena, TensorInfo* info) {
    requireObject(value, path);
    uint32_t tensorType = DML_TENSOR_TYPE_BUFFER;
    if (const Json* type = findMember(value, "Type")) tensorType = readEnum(*type, path.key("Type"), kTensorTypeEnum);
    if (tensorType != DML_TENSOR_TYPE_BUFFER)
        modelError(path.key("Type"), "DML_TENSOR_TYPE_INVALID is not a usable tensor type (use BUFFER)");

    const Json* bufferJson = &value;
    JsonPath bufferPath = path;
    if (const Json* desc = findMember(value, "Desc")) {  // long form {"Type": ..., "Desc": {...}}
        bufferJson = desc;
        bufferPath = path.key("Desc");
        requireObject(*bufferJson, bufferPath);
    }
    const Json& b = *bufferJson;

    TensorInfo t;
    t.dataType = static_cast<DML_TENSOR_DATA_TYPE>(
        readEnum(requireMember(b, "DataType", bufferPath), bufferPath.key("DataType"), kTensorDataTypeEnum));
    if (const Json* flags = findMember(b, "Flags")) t.flags = readEnum(*flags, bufferPath.key("Flags"), kTensorFlagsEnum);
    t.sizes = readUInt32Array(requireMember(b, "Sizes", bufferPath), bufferPath.key("Sizes"));
    uint32_t dimensionCount = static_cast<uint32_t>(t.sizes.size());
    if (const Json* count = findMember(b, "DimensionCount")) {
        dimensionCount = readUInt32(*count, bufferPath.key("DimensionCount"));
        if (dimensionCount != t.sizes.size())
            modelError(bufferPath.key("DimensionCount"), "DimensionCount = " + std::to_string(dimensionCount) +
                                                             " but Sizes has " + std::to_string(t.sizes.size()) +
                                                             " elements");
    }
    if (const Json* strides = findMember(b, "Strides")) {
        t.strides = readUInt32Array(*strides, bufferPath.key("Strides"));
        if (!t.strides.empty() && t.strides.size() != t.sizes.size())
            modelError(bufferPath.key("Strides"), "Strides has " + std::to_string(t.strides.size()) +
                                                      " elements but Sizes has " + std::to_string(t.sizes.size()));
    }
    if (const Json* total = findMember(b, "TotalTensorSizeInBytes"))
        t.totalTensorSizeInBytes = readUInt64(*total, bufferPath.key("TotalTensorSizeInBytes"));
    if (const Json* alignment = findMember(b, "GuaranteedBaseOffsetAlignment"))
        t.guaranteedBaseOffsetAlignment = readUInt32(*alignment, bufferPath.key("GuaranteedBaseOffsetAlignment"));

    uint32_t* sizes = arena.make<uint32_t>(t.sizes.size());
    if (!t.sizes.empty()) std::memcpy(sizes, t.sizes.data(), t.sizes.size() * sizeof(uint32_t));
    uint32_t* strides = nullptr;
    if (!t.strides.empty()) {
        strides = arena.make<uint32_t>(t.strides.size());
        std::memcpy(strides, t.strides.data(), t.strides.size() * sizeof(uint32_t));
    }
    if (t.totalTensorSizeInBytes == 0)
        t.totalTensorSizeInBytes = calcBufferTensorSize(t.dataType, dimensionCount, sizes, strides);

    auto* buffer = arena.make<DML_BUFFER_TENSOR_DESC>();
    buffer->DataType = t.dataType;
    buffer->Flags = static_cast<DML_TENSOR_FLAGS>(t.flags);
    buffer->DimensionCount = dimensionCount;
    buffer->Sizes = sizes;
    buffer->Strides = strides;
    buffer->TotalTensorSizeInBytes = t.totalTensorSizeInBytes;
    buffer->GuaranteedBaseOffsetAlignment = t.guaranteedBaseOffsetAlignment;
    auto* tensor = arena.make<DML_TENSOR_DESC>();
    tensor->Type = DML_TENSOR_TYPE_BUFFER;
    tensor->Desc = buffer;
    if (info) *info = std::move(t);
    return tensor;
}

const OperatorSpec& resolveOperator(const std::string& typeName, const JsonPath& path) {
    const auto type = findOperatorType(typeName);
    if (!type) modelError(path, "'" + typeName + "' is not a DML_OPERATOR_TYPE");
    const OperatorSpec* spec = findOperatorSpec(*type);
    if (!spec)
        unsupportedError(path, std::string("DML_OPERATOR_") + operatorTypeName(*type) +
                                   " is not implemented by vkdml-dispatch/vkdml yet");
    return *spec;
}

namespace {

template <class T>
void store(unsigned char* base, size_t offset, const T& value) {
    std::memcpy(base + offset, &value, sizeof(T));
}

template <class T>
const T* copyArray(Arena& arena, const std::vector<T>& values) {
    if (values.empty()) return nullptr;
    T* out = arena.make<T>(values.size());
    std::memcpy(out, values.data(), values.size() * sizeof(T));
    return out;
}

}  // namespace

BuiltOperator buildOperator(const OperatorSpec& spec, const Json& desc, const JsonPath& path, bool fused,
                            Arena& arena) {
    requireObject(desc, path);
    const DescLayout layout = computeLayout(spec);
    auto* base = static_cast<unsigned char*>(arena.allocate(layout.size));
    BuiltOperator built;
    std::vector<size_t> arrayLengths(spec.fields.size(), 0);

    for (size_t i = 0; i < spec.fields.size(); ++i) {
        const FieldSpec& field = spec.fields[i];
        const size_t offset = layout.offsets[i];
        const JsonPath fieldPath = path.key(field.name);
        const Json* member = findMember(desc, field.name);
        const bool isTensor = field.kind == FieldKind::InputTensor || field.kind == FieldKind::OutputTensor;

        if (isTensor && fused) continue;  // fused activations take their tensors from the parent operator
        if (!member) {
            if (!field.optional) modelError(path, std::string("missing required field '") + field.name + "'");
            if (isTensor) {
                BindPoint absent;
                absent.name = field.name;
                absent.optional = true;
                (field.kind == FieldKind::InputTensor ? built.inputs : built.outputs).push_back(std::move(absent));
            }
            continue;  // optional pointers stay NULL
        }

        switch (field.kind) {
            case FieldKind::InputTensor:
            case FieldKind::OutputTensor: {
                BindPoint point;
                point.name = field.name;
                point.optional = field.optional;
                point.present = true;
                const DML_TENSOR_DESC* tensor = buildTensorDesc(*member, fieldPath, arena, &point.tensor);
                store(base, offset, tensor);
                (field.kind == FieldKind::InputTensor ? built.inputs : built.outputs).push_back(std::move(point));
                break;
            }
            case FieldKind::Float: store(base, offset, readFloat32(*member, fieldPath)); break;
            case FieldKind::UInt: store(base, offset, readUInt32(*member, fieldPath)); break;
            case FieldKind::Int: store(base, offset, readInt32(*member, fieldPath)); break;
            case FieldKind::Bool: store(base, offset, static_cast<uint32_t>(readBool(*member, fieldPath) ? 1 : 0)); break;
            case FieldKind::Enum: store(base, offset, readEnum(*member, fieldPath, *field.enumInfo)); break;
            case FieldKind::UIntArray: {
                const auto values = readUInt32Array(*member, fieldPath);
                arrayLengths[i] = values.size();
                store(base, offset, copyArray(arena, values));
                break;
            }
            case FieldKind::IntArray: {
                const auto values = readInt32Array(*member, fieldPath);
                arrayLengths[i] = values.size();
                store(base, offset, copyArray(arena, values));
                break;
            }
            case FieldKind::FloatArray: {
                const auto values = readFloat32Array(*member, fieldPath);
                arrayLengths[i] = values.size();
                store(base, offset, copyArray(arena, values));
                break;
            }
            case FieldKind::ScaleBias: {
                requireObject(*member, fieldPath);
                auto* scaleBias = arena.make<DML_SCALE_BIAS>();
                scaleBias->Scale = readFloat32(requireMember(*member, "Scale", fieldPath), fieldPath.key("Scale"));
                scaleBias->Bias = readFloat32(requireMember(*member, "Bias", fieldPath), fieldPath.key("Bias"));
                store(base, offset, static_cast<const DML_SCALE_BIAS*>(scaleBias));
                break;
            }
            case FieldKind::FusedActivation: {
                const DML_OPERATOR_DESC* activation = buildFusedActivation(*member, fieldPath, arena);
                store(base, offset, activation);
                break;
            }
        }
    }

    // Arrays must hold as many elements as their count field says (DirectML reads that many).
    for (size_t i = 0; i < spec.fields.size(); ++i) {
        const FieldSpec& field = spec.fields[i];
        if (!field.countField || !findMember(desc, field.name)) continue;
        for (size_t c = 0; c < spec.fields.size(); ++c) {
            if (std::strcmp(spec.fields[c].name, field.countField) != 0) continue;
            uint32_t count = 0;
            std::memcpy(&count, base + layout.offsets[c], sizeof(count));
            if (count != arrayLengths[i])
                modelError(path.key(field.name), "has " + std::to_string(arrayLengths[i]) + " elements but " +
                                                     field.countField + " = " + std::to_string(count));
        }
    }

    built.desc = arena.make<DML_OPERATOR_DESC>();
    built.desc->Type = spec.type;
    built.desc->Desc = base;
    return built;
}

DML_OPERATOR_DESC* buildFusedActivation(const Json& value, const JsonPath& path, Arena& arena) {
    requireObject(value, path);
    const char* typeKey = findMember(value, "Type") ? "Type" : "type";
    const Json* type = findMember(value, typeKey);
    if (!type) modelError(path, "missing required field 'Type' (the activation's DML_OPERATOR_TYPE)");
    const std::string typeName = readString(*type, path.key(typeKey));
    const OperatorSpec& spec = resolveOperator(typeName, path.key(typeKey));
    const Json* desc = &value;
    JsonPath descPath = path;
    for (const char* key : {"Desc", "desc"}) {
        if (const Json* member = findMember(value, key)) {
            desc = member;
            descPath = path.key(key);
            break;
        }
    }
    return buildOperator(spec, *desc, descPath, /*fused=*/true, arena).desc;
}

}  // namespace vkdml::dispatch
