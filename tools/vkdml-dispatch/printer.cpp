#include "printer.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "fp16.h"
#include "op_table.h"

namespace vkdml::dispatch {

namespace {

template <class T>
T load(const uint8_t* data) {
    T value;
    std::memcpy(&value, data, sizeof(T));
    return value;
}

// Right-aligns `text` in `width` columns with spaces, as fmt's "{:{}}" does for numbers.
std::string padLeft(const std::string& text, int width) {
    const auto w = static_cast<size_t>(width > 0 ? width : 0);
    return text.size() >= w ? text : std::string(w - text.size(), ' ') + text;
}

}  // namespace

std::string formatFloat(double value) {
    if (std::isnan(value)) {
        uint64_t bits;
        std::memcpy(&bits, &value, sizeof(bits));
        const bool negative = (bits >> 63) != 0;
        const uint64_t mantissa = bits & ((uint64_t{1} << 52) - 1);
        const bool quiet = (mantissa >> 51) & 1;
        if (!quiet) return negative ? "-nan(snan)" : "nan(snan)";
        if (negative && mantissa == (uint64_t{1} << 51)) return "-nan(ind)";
        return negative ? "-nan" : "nan";
    }
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%g", value);
    return buffer;
}

std::string formatElement(DML_TENSOR_DATA_TYPE type, const uint8_t* data) {
    switch (type) {
        // Widening to double quiets signaling NaNs, as the widening inside `ostream << float` does.
        case DML_TENSOR_DATA_TYPE_FLOAT32: return formatFloat(static_cast<double>(load<float>(data)));
        case DML_TENSOR_DATA_TYPE_FLOAT16: return formatFloat(static_cast<double>(halfToFloat(load<uint16_t>(data))));
        case DML_TENSOR_DATA_TYPE_FLOAT64: return formatFloat(load<double>(data));
        case DML_TENSOR_DATA_TYPE_UINT8: return std::to_string(load<uint8_t>(data));
        case DML_TENSOR_DATA_TYPE_UINT16: return std::to_string(load<uint16_t>(data));
        case DML_TENSOR_DATA_TYPE_UINT32: return std::to_string(load<uint32_t>(data));
        case DML_TENSOR_DATA_TYPE_UINT64: return std::to_string(load<uint64_t>(data));
        case DML_TENSOR_DATA_TYPE_INT8: return std::to_string(load<int8_t>(data));
        case DML_TENSOR_DATA_TYPE_INT16: return std::to_string(load<int16_t>(data));
        case DML_TENSOR_DATA_TYPE_INT32: return std::to_string(load<int32_t>(data));
        case DML_TENSOR_DATA_TYPE_INT64: return std::to_string(load<int64_t>(data));
        default: return "?";
    }
}

std::string formatResource(const std::string& name, DML_TENSOR_DATA_TYPE type, const uint8_t* data,
                           size_t elementCount, bool verbose) {
    const size_t size = dataTypeSize(type);
    std::string text = "Resource '" + name + "':";
    if (!verbose) {
        text += ' ';
        for (size_t i = 0; i < elementCount; ++i) {
            if (i) text += ", ";
            text += formatElement(type, data + i * size);
        }
        return text;
    }
    text += '\n';
    const int indexWidth =
        elementCount > 0 ? static_cast<int>(std::floor(std::log10(static_cast<double>(elementCount)))) + 1 : 1;
    const int hexWidth = static_cast<int>(size * 2);
    for (size_t i = 0; i < elementCount; ++i) {
        uint64_t bits = 0;
        std::memcpy(&bits, data + i * size, size);
        char hexDigits[24];
        std::snprintf(hexDigits, sizeof(hexDigits), "%llX", static_cast<unsigned long long>(bits));
        text += "[" + padLeft(std::to_string(i), indexWidth) + "] " + formatElement(type, data + i * size) + " (0x" +
                padLeft(hexDigits, hexWidth) + ")\n";
    }
    return text;
}

}  // namespace vkdml::dispatch
