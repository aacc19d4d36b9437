#include "desc_builder.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "fp16.h"

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

// A DML_SCALAR_UNION: a number stored as `type` (FLOAT16: the half's bits in the low 2 bytes), or an object with one
// member naming the union field: {"Float32": 1.5}, {"Int64": -3}, {"Bytes": [8 numbers]}.
DML_SCALAR_UNION readScalarUnion(const Json& value, const JsonPath& path, DML_TENSOR_DATA_TYPE type) {
    DML_SCALAR_UNION s{};
    auto readAs = [&](const Json& v, const JsonPath& p, DML_TENSOR_DATA_TYPE t) {
        using L = std::numeric_limits<int64_t>;
        switch (t) {
            case DML_TENSOR_DATA_TYPE_FLOAT32: s.Float32 = readFloat32(v, p); break;
            case DML_TENSOR_DATA_TYPE_FLOAT64: s.Float64 = readFloat64(v, p); break;
            case DML_TENSOR_DATA_TYPE_FLOAT16: s.UInt16 = floatToHalf(readFloat32(v, p)); break;
            case DML_TENSOR_DATA_TYPE_INT8: s.Int8 = static_cast<int8_t>(readIntInRange(v, p, -128, 127, "INT8")); break;
            case DML_TENSOR_DATA_TYPE_INT16:
                s.Int16 = static_cast<int16_t>(readIntInRange(v, p, -32768, 32767, "INT16"));
                break;
            case DML_TENSOR_DATA_TYPE_INT32: s.Int32 = readInt32(v, p); break;
            case DML_TENSOR_DATA_TYPE_INT64: s.Int64 = readIntInRange(v, p, L::min(), L::max(), "INT64"); break;
            case DML_TENSOR_DATA_TYPE_UINT8: s.UInt8 = static_cast<uint8_t>(readUIntInRange(v, p, 255, "UINT8")); break;
            case DML_TENSOR_DATA_TYPE_UINT16:
                s.UInt16 = static_cast<uint16_t>(readUIntInRange(v, p, 65535, "UINT16"));
                break;
            case DML_TENSOR_DATA_TYPE_UINT32: s.UInt32 = readUInt32(v, p); break;
            case DML_TENSOR_DATA_TYPE_UINT64: s.UInt64 = readUIntInRange(v, p, UINT64_MAX, "UINT64"); break;
            default:
                modelError(p, std::string("cannot read a number as ") + dataTypeShortName(t) +
                                  " (give the union member explicitly, e.g. {\"Bytes\": [...]})");
        }
    };
    if (!value.is_object()) {
        readAs(value, path, type);
        return s;
    }
    if (value.size() != 1)
        modelError(path, "expected a number or an object with one DML_SCALAR_UNION member, got " +
                             std::to_string(value.size()) + " members");
    const std::string member = value.begin().key();
    const JsonPath memberPath = path.key(member);
    if (member == "Bytes") {
        const Json& bytes = value.begin().value();
        if (!bytes.is_array() || bytes.size() != 8) modelError(memberPath, "expected an array of 8 bytes");
        for (size_t i = 0; i < 8; ++i)
            s.Bytes[i] = static_cast<BYTE>(readUIntInRange(bytes[i], memberPath.index(i), 255, "a byte"));
        return s;
    }
    static const std::pair<const char*, DML_TENSOR_DATA_TYPE> kMembers[] = {
        {"Int8", DML_TENSOR_DATA_TYPE_INT8},       {"UInt8", DML_TENSOR_DATA_TYPE_UINT8},
        {"Int16", DML_TENSOR_DATA_TYPE_INT16},     {"UInt16", DML_TENSOR_DATA_TYPE_UINT16},
        {"Int32", DML_TENSOR_DATA_TYPE_INT32},     {"UInt32", DML_TENSOR_DATA_TYPE_UINT32},
        {"Int64", DML_TENSOR_DATA_TYPE_INT64},     {"UInt64", DML_TENSOR_DATA_TYPE_UINT64},
        {"Float32", DML_TENSOR_DATA_TYPE_FLOAT32}, {"Float64", DML_TENSOR_DATA_TYPE_FLOAT64},
    };
    for (const auto& [name, memberType] : kMembers) {
        if (member != name) continue;
        readAs(value.begin().value(), memberPath, memberType);
        return s;
    }
    modelError(memberPath, "'" + member + "' is not a DML_SCALAR_UNION member (Bytes, Int8, UInt8, Int16, UInt16, "
                                          "Int32, UInt32, Int64, UInt64, Float32, Float64)");
}

uint32_t storedUInt(const unsigned char* base, size_t offset) {
    uint32_t value = 0;
    std::memcpy(&value, base + offset, sizeof(value));
    return value;
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
            case FieldKind::ScalarUnion: {
                size_t typeIndex = 0;
                while (std::strcmp(spec.fields[typeIndex].name, field.typeField) != 0) ++typeIndex;
                const auto type = static_cast<DML_TENSOR_DATA_TYPE>(storedUInt(base, layout.offsets[typeIndex]));
                store(base, offset, readScalarUnion(*member, fieldPath, type));
                break;
            }
            case FieldKind::FusedActivation: {
                const DML_OPERATOR_DESC* activation = buildFusedActivation(*member, fieldPath, arena);
                store(base, offset, activation);
                break;
            }
            case FieldKind::InputTensorArray: {
                if (!member->is_array()) modelError(fieldPath, "must be an array of tensor descs");
                auto* tensors = arena.make<DML_TENSOR_DESC>(std::max<size_t>(1, member->size()));
                for (size_t k = 0; k < member->size(); ++k) {
                    BindPoint point;
                    point.name = std::string(field.name) + "[" + std::to_string(k) + "]";
                    point.present = true;
                    tensors[k] = *buildTensorDesc((*member)[k], fieldPath.index(k), arena, &point.tensor);
                    built.inputs.push_back(std::move(point));
                }
                arrayLengths[i] = member->size();
                store(base, offset, static_cast<const DML_TENSOR_DESC*>(tensors));
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
            const uint32_t count = storedUInt(base, layout.offsets[c]);
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
