#include "resources.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <type_traits>

#include "desc_builder.h"
#include "fp16.h"
#include "npy.h"
#include "op_table.h"

namespace vkdml::dispatch {

namespace {

template <class T>
void appendRaw(std::vector<uint8_t>& out, T value) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof(T));
}

std::string limitText(uint64_t bytes) { return std::to_string(bytes) + " bytes"; }

void checkSize(uint64_t bytes, const ResourceOptions& options, const JsonPath& path, const std::string& what) {
    if (bytes > options.maxBytes)
        modelError(path, what + " makes " + limitText(bytes) + ", more than vkdml-dispatch's limit of " +
                             limitText(options.maxBytes) + " per resource (--max_resource_mib)");
}

// {valueCount, valueStart, valueDelta}: the value is accumulated in the element type, as DxDispatch does.
template <class T>
void appendIntegerSequence(std::vector<uint8_t>& out, int64_t start, int64_t delta, uint32_t count) {
    using U = std::make_unsigned_t<T>;
    U value = static_cast<U>(start);
    const U step = static_cast<U>(delta);
    for (uint32_t i = 0; i < count; ++i) {
        appendRaw(out, static_cast<T>(value));
        value = static_cast<U>(value + step);  // wraps like the element type
    }
}

void appendSequence(std::vector<uint8_t>& out, DML_TENSOR_DATA_TYPE type, const Json& object, const JsonPath& path,
                    uint32_t count) {
    const Json& startJson = requireMember(object, "valueStart", path);
    const Json& deltaJson = requireMember(object, "valueDelta", path);
    const JsonPath startPath = path.key("valueStart"), deltaPath = path.key("valueDelta");
    auto signedValue = [&](const Json& v, const JsonPath& p, int64_t lo, int64_t hi, const char* name) {
        return readIntInRange(v, p, lo, hi, name);
    };
    auto unsignedValue = [&](const Json& v, const JsonPath& p, uint64_t hi, const char* name) {
        return static_cast<int64_t>(readUIntInRange(v, p, hi, name));
    };
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: {
            float value = readFloat32(startJson, startPath);
            const float delta = readFloat32(deltaJson, deltaPath);
            for (uint32_t i = 0; i < count; ++i, value += delta) appendRaw(out, value);
            return;
        }
        case DML_TENSOR_DATA_TYPE_FLOAT16: {
            uint16_t value = floatToHalf(readFloat32(startJson, startPath));
            const uint16_t delta = floatToHalf(readFloat32(deltaJson, deltaPath));
            for (uint32_t i = 0; i < count; ++i) {
                appendRaw(out, value);
                value = floatToHalf(halfToFloat(value) + halfToFloat(delta));
            }
            return;
        }
        case DML_TENSOR_DATA_TYPE_FLOAT64: {
            double value = readFloat64(startJson, startPath);
            const double delta = readFloat64(deltaJson, deltaPath);
            for (uint32_t i = 0; i < count; ++i, value += delta) appendRaw(out, value);
            return;
        }
        case DML_TENSOR_DATA_TYPE_INT8:
            return appendIntegerSequence<int8_t>(out, signedValue(startJson, startPath, INT8_MIN, INT8_MAX, "INT8"),
                                                 signedValue(deltaJson, deltaPath, INT8_MIN, INT8_MAX, "INT8"), count);
        case DML_TENSOR_DATA_TYPE_INT16:
            return appendIntegerSequence<int16_t>(
                out, signedValue(startJson, startPath, INT16_MIN, INT16_MAX, "INT16"),
                signedValue(deltaJson, deltaPath, INT16_MIN, INT16_MAX, "INT16"), count);
        case DML_TENSOR_DATA_TYPE_INT32:
            return appendIntegerSequence<int32_t>(
                out, signedValue(startJson, startPath, INT32_MIN, INT32_MAX, "INT32"),
                signedValue(deltaJson, deltaPath, INT32_MIN, INT32_MAX, "INT32"), count);
        case DML_TENSOR_DATA_TYPE_INT64:
            return appendIntegerSequence<int64_t>(
                out, signedValue(startJson, startPath, INT64_MIN, INT64_MAX, "INT64"),
                signedValue(deltaJson, deltaPath, INT64_MIN, INT64_MAX, "INT64"), count);
        case DML_TENSOR_DATA_TYPE_UINT8:
            return appendIntegerSequence<uint8_t>(out, unsignedValue(startJson, startPath, UINT8_MAX, "UINT8"),
                                                  unsignedValue(deltaJson, deltaPath, UINT8_MAX, "UINT8"), count);
        case DML_TENSOR_DATA_TYPE_UINT16:
            return appendIntegerSequence<uint16_t>(out, unsignedValue(startJson, startPath, UINT16_MAX, "UINT16"),
                                                   unsignedValue(deltaJson, deltaPath, UINT16_MAX, "UINT16"), count);
        case DML_TENSOR_DATA_TYPE_UINT32:
            return appendIntegerSequence<uint32_t>(out, unsignedValue(startJson, startPath, UINT32_MAX, "UINT32"),
                                                   unsignedValue(deltaJson, deltaPath, UINT32_MAX, "UINT32"), count);
        case DML_TENSOR_DATA_TYPE_UINT64: {
            uint64_t value = readUIntInRange(startJson, startPath, UINT64_MAX, "UINT64");
            const uint64_t delta = readUIntInRange(deltaJson, deltaPath, UINT64_MAX, "UINT64");
            for (uint32_t i = 0; i < count; ++i, value += delta) appendRaw(out, value);
            return;
        }
        default: modelError(path, "sequences need a numeric initialValuesDataType");
    }
}

std::vector<uint8_t> readFileBytes(const std::filesystem::path& file, const JsonPath& path,
                                   const ResourceOptions& options) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) runtimeError(path.str() + ": cannot read '" + file.string() + "': " + ec.message());
    checkSize(size, options, path, "the file '" + file.string() + "'");
    std::ifstream in(file, std::ios::binary);
    if (!in) runtimeError(path.str() + ": cannot open '" + file.string() + "'");
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        runtimeError(path.str() + ": cannot read '" + file.string() + "'");
    return bytes;
}

std::string lowerExtension(const std::filesystem::path& file) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

}  // namespace

void appendElement(std::vector<uint8_t>& out, DML_TENSOR_DATA_TYPE type, const Json& value, const JsonPath& path) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return appendRaw(out, readFloat32(value, path));
        case DML_TENSOR_DATA_TYPE_FLOAT16: return appendRaw(out, floatToHalf(readFloat32(value, path)));
        case DML_TENSOR_DATA_TYPE_FLOAT64: return appendRaw(out, readFloat64(value, path));
        case DML_TENSOR_DATA_TYPE_INT8:
            return appendRaw(out, static_cast<int8_t>(readIntInRange(value, path, INT8_MIN, INT8_MAX, "INT8")));
        case DML_TENSOR_DATA_TYPE_INT16:
            return appendRaw(out, static_cast<int16_t>(readIntInRange(value, path, INT16_MIN, INT16_MAX, "INT16")));
        case DML_TENSOR_DATA_TYPE_INT32:
            return appendRaw(out, static_cast<int32_t>(readIntInRange(value, path, INT32_MIN, INT32_MAX, "INT32")));
        case DML_TENSOR_DATA_TYPE_INT64:
            return appendRaw(out, readIntInRange(value, path, INT64_MIN, INT64_MAX, "INT64"));
        case DML_TENSOR_DATA_TYPE_UINT8:
            return appendRaw(out, static_cast<uint8_t>(readUIntInRange(value, path, UINT8_MAX, "UINT8")));
        case DML_TENSOR_DATA_TYPE_UINT16:
            return appendRaw(out, static_cast<uint16_t>(readUIntInRange(value, path, UINT16_MAX, "UINT16")));
        case DML_TENSOR_DATA_TYPE_UINT32:
            return appendRaw(out, static_cast<uint32_t>(readUIntInRange(value, path, UINT32_MAX, "UINT32")));
        case DML_TENSOR_DATA_TYPE_UINT64: return appendRaw(out, readUIntInRange(value, path, UINT64_MAX, "UINT64"));
        default: modelError(path, std::string("resources cannot hold ") + dataTypeShortName(type) + " elements");
    }
}

ResourceDesc parseResource(const std::string& name, const Json& value, const JsonPath& path,
                           const ResourceOptions& options) {
    requireObject(value, path);
    ResourceDesc r;
    r.name = name;
    r.path = path;
    const JsonPath typePath = path.key("initialValuesDataType");
    if (const Json* type = findMember(value, "initialValuesDataType")) {
        r.dataType = static_cast<DML_TENSOR_DATA_TYPE>(readEnum(*type, typePath, kTensorDataTypeEnum));
        if (r.dataType != DML_TENSOR_DATA_TYPE_UNKNOWN && dataTypeSize(r.dataType) == 0)
            modelError(typePath, std::string("resources cannot hold ") + dataTypeShortName(r.dataType) +
                                     " elements (DxDispatch buffers hold 8- to 64-bit elements)");
    }
    auto requireDataType = [&](const char* form) {
        if (r.dataType == DML_TENSOR_DATA_TYPE_UNKNOWN)
            modelError(path, std::string("'initialValuesDataType' is required (and not UNKNOWN) for ") + form);
    };

    const JsonPath valuesPath = path.key("initialValues");
    const Json& init = requireMember(value, "initialValues", path);
    if (init.is_string()) {
        if (init.get<std::string>() != "deferred")
            modelError(valuesPath, "expected an array, an object or \"deferred\", got " + describe(init));
        unsupportedError(valuesPath, "\"deferred\" resources (bound by ONNX dispatchables) are not supported by "
                                     "vkdml-dispatch");
    } else if (init.is_array()) {
        if (r.dataType == DML_TENSOR_DATA_TYPE_UNKNOWN) {  // [{"type": "UINT32", "value": 42, "name": ...}, ...]
            for (size_t i = 0; i < init.size(); ++i) {
                const JsonPath elementPath = valuesPath.index(i);
                const Json& element = init[i];
                if (!element.is_object())
                    modelError(elementPath, "expected an object {\"type\", \"value\"} (initialValuesDataType is "
                                            "absent or UNKNOWN), got " + describe(element));
                const auto type = static_cast<DML_TENSOR_DATA_TYPE>(readEnum(
                    requireMember(element, "type", elementPath), elementPath.key("type"), kTensorDataTypeEnum));
                appendElement(r.initialValues, type, requireMember(element, "value", elementPath),
                              elementPath.key("value"));
            }
        } else {
            checkSize(init.size() * uint64_t{dataTypeSize(r.dataType)}, options, valuesPath, "the list");
            for (size_t i = 0; i < init.size(); ++i)
                appendElement(r.initialValues, r.dataType, init[i], valuesPath.index(i));
        }
    } else if (init.is_object()) {
        const bool hasValue = findMember(init, "value") != nullptr;
        const bool hasStart = findMember(init, "valueStart") != nullptr;
        const bool hasSource = findMember(init, "sourcePath") != nullptr;
        if (hasValue + hasStart + hasSource > 1)
            modelError(valuesPath, "'value', 'valueStart' and 'sourcePath' are mutually exclusive");
        if (hasValue || hasStart) {
            requireDataType(hasValue ? "constant initializers" : "sequence initializers");
            const uint32_t count = readUInt32(requireMember(init, "valueCount", valuesPath), valuesPath.key("valueCount"));
            checkSize(uint64_t{count} * dataTypeSize(r.dataType), options, valuesPath.key("valueCount"),
                      "valueCount " + std::to_string(count));
            if (hasValue) {
                std::vector<uint8_t> one;
                appendElement(one, r.dataType, *findMember(init, "value"), valuesPath.key("value"));
                r.initialValues.reserve(one.size() * count);
                for (uint32_t i = 0; i < count; ++i) r.initialValues.insert(r.initialValues.end(), one.begin(), one.end());
            } else {
                r.initialValues.reserve(size_t{count} * dataTypeSize(r.dataType));
                appendSequence(r.initialValues, r.dataType, init, valuesPath, count);
            }
        } else if (hasSource) {
            const JsonPath sourcePath = valuesPath.key("sourcePath");
            const std::string source = readString(*findMember(init, "sourcePath"), sourcePath);
            if (source.empty()) modelError(sourcePath, "is empty");
            std::filesystem::path file = options.baseDirectory / source;
            std::error_code ec;
            if (!std::filesystem::exists(file, ec)) file = std::filesystem::path(source);
            if (!std::filesystem::is_regular_file(file, ec))
                modelError(sourcePath, "file '" + source + "' not found (looked in '" +
                                           options.baseDirectory.string() + "' and the current directory)");
            const std::string ext = lowerExtension(file);
            if (ext == ".png" || ext == ".jpg" || ext == ".jpeg")
                unsupportedError(sourcePath, "image files are not supported by vkdml-dispatch (use .npy or raw data)");
            std::vector<uint8_t> bytes = readFileBytes(file, sourcePath, options);
            if (ext == ".npy") {
                NpyArray array;
                try {
                    array = readNpy(bytes);
                } catch (const std::exception& e) {
                    modelError(sourcePath, "'" + file.string() + "': " + e.what());
                }
                if (r.dataType != DML_TENSOR_DATA_TYPE_UNKNOWN && r.dataType != array.dataType)
                    modelError(typePath, std::string("is ") + dataTypeShortName(r.dataType) + " but '" +
                                             file.string() + "' holds " + dataTypeShortName(array.dataType));
                r.dataType = array.dataType;
                r.initialValues = std::move(array.data);
            } else {
                requireDataType("raw data files");
                r.initialValues = std::move(bytes);
            }
        } else {
            modelError(valuesPath, "unknown initializer: expected 'value' (constant), 'valueStart' (sequence) or "
                                   "'sourcePath' (file)");
        }
    } else {
        modelError(valuesPath, "expected an array, an object or \"deferred\", got " + describe(init));
    }
    if (r.initialValues.empty()) modelError(valuesPath, "must not be empty");

    const JsonPath offsetPath = path.key("initialValuesOffsetInBytes");
    if (const Json* offset = findMember(value, "initialValuesOffsetInBytes"))
        r.initialValuesOffsetInBytes = readUInt64(*offset, offsetPath);
    const uint64_t implied = r.initialValues.size();
    if (const Json* size = findMember(value, "sizeInBytes")) {
        const JsonPath sizePath = path.key("sizeInBytes");
        r.sizeInBytes = readUInt64(*size, sizePath);
        checkSize(r.sizeInBytes, options, sizePath, "sizeInBytes " + std::to_string(r.sizeInBytes));
        if (r.initialValuesOffsetInBytes > r.sizeInBytes || implied > r.sizeInBytes - r.initialValuesOffsetInBytes)
            modelError(sizePath, "sizeInBytes = " + std::to_string(r.sizeInBytes) + " is too small for the " +
                                     std::to_string(implied) + " bytes of initialValues at offset " +
                                     std::to_string(r.initialValuesOffsetInBytes));
    } else {
        r.sizeInBytes = implied;
        if (r.initialValuesOffsetInBytes > 0)
            modelError(offsetPath, "needs an explicit 'sizeInBytes' large enough for the offset initialValues");
    }
    r.sizeInBytes = (r.sizeInBytes + 3) & ~uint64_t{3};  // DirectML binds whole 4-byte words
    return r;
}

}  // namespace vkdml::dispatch
