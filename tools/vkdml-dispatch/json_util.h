// Reading typed values out of the model's JSON (nlohmann::ordered_json) with errors that name the JSON path.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "errors.h"

namespace vkdml::dispatch {

using Json = nlohmann::ordered_json;

// Parses model text the way DxDispatch's reader does: comments and trailing commas are allowed. Syntax errors throw
// DispatchError(kExitModel) with the line and column.
Json parseModelText(const std::string& text);

// Replaces commas that directly precede '}' or ']' (ignoring whitespace and comments) by spaces, outside strings and
// comments, so that the byte offsets of everything else stay the same.
std::string blankTrailingCommas(std::string text);

// "a string", "an array", "null", "the number -3", ...
std::string describe(const Json& value);

// Member lookup; nullptr when absent.
const Json* findMember(const Json& object, const char* name);
// Requires `value` to be a JSON object.
void requireObject(const Json& value, const JsonPath& path);
// Required member: "missing required field 'X'" at `path` (the object's path) when absent.
const Json& requireMember(const Json& object, const char* name, const JsonPath& path);

std::string readString(const Json& value, const JsonPath& path);
bool readBool(const Json& value, const JsonPath& path);
uint64_t readUInt64(const Json& value, const JsonPath& path);
uint32_t readUInt32(const Json& value, const JsonPath& path);
int32_t readInt32(const Json& value, const JsonPath& path);
// Signed or unsigned integer that must fit [minValue, maxValue] (for typed initial values).
int64_t readIntInRange(const Json& value, const JsonPath& path, int64_t minValue, int64_t maxValue,
                       const char* typeName);
uint64_t readUIntInRange(const Json& value, const JsonPath& path, uint64_t maxValue, const char* typeName);
// A number, or one of the strings "nan", "inf", "-inf" (any case), as DxDispatch accepts for floating-point values.
double readFloat64(const Json& value, const JsonPath& path);
float readFloat32(const Json& value, const JsonPath& path);
std::vector<uint32_t> readUInt32Array(const Json& value, const JsonPath& path);
std::vector<int32_t> readInt32Array(const Json& value, const JsonPath& path);
std::vector<float> readFloat32Array(const Json& value, const JsonPath& path);

// Case-insensitive ASCII comparison.
bool equalsIgnoreCase(std::string_view a, std::string_view b);

}  // namespace vkdml::dispatch
