// Model resources: buffers and their initial contents, from every DxDispatch initializer form: a list of numbers
// (with "nan", "inf", "-inf"), a list of {type, value} elements, {valueCount, value}, {valueCount, valueStart,
// valueDelta} and {sourcePath} (.npy, or raw .bin/.dat bytes).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <vkdml/DirectML.h>

#include "errors.h"
#include "json_util.h"

namespace vkdml::dispatch {

struct ResourceDesc {
    std::string name;
    JsonPath path;
    DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_UNKNOWN;  // UNKNOWN: heterogeneous {type, value} list
    std::vector<uint8_t> initialValues;                            // never empty
    uint64_t initialValuesOffsetInBytes = 0;
    uint64_t sizeInBytes = 0;  // >= initialValues + offset, rounded up to a multiple of 4
};

struct ResourceOptions {
    std::filesystem::path baseDirectory;    // relative sourcePaths are looked up here first, then in the cwd
    uint64_t maxBytes = uint64_t{1} << 30;  // larger resources are rejected as model errors
};

ResourceDesc parseResource(const std::string& name, const Json& value, const JsonPath& path,
                           const ResourceOptions& options);

// Appends one element of `type` read from `value` (a number, or "nan"/"inf"/"-inf" for floating-point types).
void appendElement(std::vector<uint8_t>& out, DML_TENSOR_DATA_TYPE type, const Json& value, const JsonPath& path);

}  // namespace vkdml::dispatch
