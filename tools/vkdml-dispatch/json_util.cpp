#include "json_util.h"

#include <cfloat>
#include <cmath>
#include <limits>

namespace vkdml::dispatch {

namespace {

// Skips whitespace and comments starting at i; returns the index of the next significant character (or size).
size_t skipInsignificant(const std::string& text, size_t i) {
    while (i < text.size()) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            ++i;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            i += 2;
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            const size_t end = text.find("*/", i + 2);
            i = end == std::string::npos ? text.size() : end + 2;
        } else {
            break;
        }
    }
    return i;
}

// Non-negative integers (nlohmann parses them as unsigned; values built in code may be signed).
bool isNonNegativeInteger(const Json& value) {
    return value.is_number_unsigned() || (value.is_number_integer() && value.get<int64_t>() >= 0);
}

std::string numberText(const Json& value) {
    if (value.is_number_unsigned()) return std::to_string(value.get<uint64_t>());
    if (value.is_number_integer()) return std::to_string(value.get<int64_t>());
    return value.dump();
}

}  // namespace

std::string blankTrailingCommas(std::string text) {
    size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') {  // string: skip to the closing quote, honouring escapes
            ++i;
            while (i < text.size() && text[i] != '"') i += (text[i] == '\\') ? 2 : 1;
            ++i;
        } else if (c == '/' && i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '*')) {
            i = skipInsignificant(text, i);
        } else if (c == ',') {
            const size_t next = skipInsignificant(text, i + 1);
            if (next < text.size() && (text[next] == '}' || text[next] == ']')) text[i] = ' ';
            ++i;
        } else {
            ++i;
        }
    }
    return text;
}

Json parseModelText(const std::string& text) {
    try {
        return Json::parse(blankTrailingCommas(text), nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/true);
    } catch (const nlohmann::json::exception& e) {
        std::string what = e.what();
        const size_t close = what.find("] ");
        if (what.rfind("[json.exception.", 0) == 0 && close != std::string::npos) what = what.substr(close + 2);
        throw DispatchError(kExitModel, "invalid JSON: " + what);
    }
}

std::string describe(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::object: return "an object";
        case Json::value_t::array: return "an array";
        case Json::value_t::string: {
            std::string s = value.get<std::string>();
            if (s.size() > 40) s = s.substr(0, 40) + "...";
            return "the string \"" + s + "\"";
        }
        case Json::value_t::boolean: return value.get<bool>() ? "true" : "false";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
        case Json::value_t::number_float: return "the number " + numberText(value);
        default: return "an unsupported JSON value";
    }
}

const Json* findMember(const Json& object, const char* name) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(name);
    return it == object.end() ? nullptr : &*it;
}

void requireObject(const Json& value, const JsonPath& path) {
    if (!value.is_object()) modelError(path, "expected an object, got " + describe(value));
}

const Json& requireMember(const Json& object, const char* name, const JsonPath& path) {
    requireObject(object, path);
    const Json* member = findMember(object, name);
    if (!member) modelError(path, std::string("missing required field '") + name + "'");
    return *member;
}

std::string readString(const Json& value, const JsonPath& path) {
    if (!value.is_string()) modelError(path, "expected a string, got " + describe(value));
    return value.get<std::string>();
}

bool readBool(const Json& value, const JsonPath& path) {
    if (!value.is_boolean()) modelError(path, "expected true or false, got " + describe(value));
    return value.get<bool>();
}

uint64_t readUInt64(const Json& value, const JsonPath& path) {
    if (isNonNegativeInteger(value)) return value.get<uint64_t>();
    modelError(path, "expected an unsigned integer, got " + describe(value));
}

uint32_t readUInt32(const Json& value, const JsonPath& path) {
    if (!isNonNegativeInteger(value)) modelError(path, "expected an unsigned integer, got " + describe(value));
    const uint64_t v = value.get<uint64_t>();
    if (v > std::numeric_limits<uint32_t>::max())
        modelError(path, "value " + std::to_string(v) + " does not fit in a 32-bit UINT");
    return static_cast<uint32_t>(v);
}

int32_t readInt32(const Json& value, const JsonPath& path) {
    return static_cast<int32_t>(readIntInRange(value, path, std::numeric_limits<int32_t>::min(),
                                               std::numeric_limits<int32_t>::max(), "INT32"));
}

int64_t readIntInRange(const Json& value, const JsonPath& path, int64_t minValue, int64_t maxValue,
                       const char* typeName) {
    if (value.is_number_unsigned()) {
        const uint64_t v = value.get<uint64_t>();
        if (v > static_cast<uint64_t>(maxValue))
            modelError(path, "value " + std::to_string(v) + " is out of range for " + typeName);
        return static_cast<int64_t>(v);
    }
    if (value.is_number_integer()) {
        const int64_t v = value.get<int64_t>();
        if (v < minValue || v > maxValue)
            modelError(path, "value " + std::to_string(v) + " is out of range for " + typeName);
        return v;
    }
    modelError(path, std::string("expected an integer (") + typeName + "), got " + describe(value));
}

uint64_t readUIntInRange(const Json& value, const JsonPath& path, uint64_t maxValue, const char* typeName) {
    if (isNonNegativeInteger(value)) {
        const uint64_t v = value.get<uint64_t>();
        if (v > maxValue) modelError(path, "value " + std::to_string(v) + " is out of range for " + typeName);
        return v;
    }
    if (value.is_number_integer())
        modelError(path, "value " + numberText(value) + " is negative; " + typeName + " is unsigned");
    modelError(path, std::string("expected an unsigned integer (") + typeName + "), got " + describe(value));
}

double readFloat64(const Json& value, const JsonPath& path) {
    if (value.is_number()) return value.get<double>();
    if (value.is_string()) {
        const std::string s = value.get<std::string>();
        if (equalsIgnoreCase(s, "nan")) return std::numeric_limits<double>::quiet_NaN();
        if (equalsIgnoreCase(s, "inf")) return std::numeric_limits<double>::infinity();
        if (equalsIgnoreCase(s, "-inf")) return -std::numeric_limits<double>::infinity();
    }
    modelError(path, "expected a number or \"nan\", \"inf\", \"-inf\", got " + describe(value));
}

float readFloat32(const Json& value, const JsonPath& path) {
    const double d = readFloat64(value, path);
    // Finite values beyond FLOAT's range become infinities, as a C cast does on IEEE hardware.
    if (std::isfinite(d) && std::fabs(d) > static_cast<double>(FLT_MAX)) {
        // Halfway between FLT_MAX and 2^128; the tie rounds to even, which is infinity.
        const double halfway = (static_cast<double>(FLT_MAX) + std::ldexp(1.0, 128)) / 2;
        if (std::fabs(d) >= halfway)
            return d < 0 ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
        return d < 0 ? -FLT_MAX : FLT_MAX;
    }
    return static_cast<float>(d);
}

std::vector<uint32_t> readUInt32Array(const Json& value, const JsonPath& path) {
    if (!value.is_array()) modelError(path, "expected an array of unsigned integers, got " + describe(value));
    std::vector<uint32_t> out;
    out.reserve(value.size());
    for (size_t i = 0; i < value.size(); ++i) out.push_back(readUInt32(value[i], path.index(i)));
    return out;
}

std::vector<int32_t> readInt32Array(const Json& value, const JsonPath& path) {
    if (!value.is_array()) modelError(path, "expected an array of integers, got " + describe(value));
    std::vector<int32_t> out;
    out.reserve(value.size());
    for (size_t i = 0; i < value.size(); ++i) out.push_back(readInt32(value[i], path.index(i)));
    return out;
}

std::vector<float> readFloat32Array(const Json& value, const JsonPath& path) {
    if (!value.is_array()) modelError(path, "expected an array of numbers, got " + describe(value));
    std::vector<float> out;
    out.reserve(value.size());
    for (size_t i = 0; i < value.size(); ++i) out.push_back(readFloat32(value[i], path.index(i)));
    return out;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

}  // namespace vkdml::dispatch
