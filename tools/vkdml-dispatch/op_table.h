// The data that drives desc building: DirectML enum tables and one row per operator vkdml-dispatch can build, listing
// the operator desc's fields in declaration order with their kinds. Adding an operator is one row in op_table.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <vkdml/DirectML.h>

namespace vkdml::dispatch {

// ---------------------------------------------------------------------------------------------------------------
// Enums. A value is accepted by its full name (DML_TENSOR_DATA_TYPE_FLOAT32) or by the suffix after the prefix
// (FLOAT32), exactly (case-sensitive), as DxDispatch does.
// ---------------------------------------------------------------------------------------------------------------

struct EnumValue {
    const char* name;  // full name
    uint32_t value;
};

struct EnumInfo {
    const char* typeName;  // DML_TENSOR_DATA_TYPE
    const char* prefix;    // DML_TENSOR_DATA_TYPE_
    std::vector<EnumValue> values;
    bool isFlags = false;  // a string or an array of strings, OR-ed together
};

extern const EnumInfo kTensorDataTypeEnum;
extern const EnumInfo kTensorTypeEnum;
extern const EnumInfo kTensorFlagsEnum;
extern const EnumInfo kExecutionFlagsEnum;
extern const EnumInfo kRoundingModeEnum;
extern const EnumInfo kIsInfinityModeEnum;
extern const EnumInfo kQuantizationTypeEnum;
extern const EnumInfo kReduceFunctionEnum;
extern const EnumInfo kAxisDirectionEnum;
extern const EnumInfo kMatrixTransformEnum;

std::optional<uint32_t> findEnumValue(const EnumInfo& info, std::string_view text);
// Full name of a value ("DML_TENSOR_DATA_TYPE_FLOAT32"), or the number when it has none.
std::string enumValueName(const EnumInfo& info, uint32_t value);

// DML_OPERATOR_TYPE: every value DirectML.h (0x6400) declares, by value; names without the DML_OPERATOR_ prefix.
size_t operatorTypeCount();
const char* operatorTypeName(DML_OPERATOR_TYPE type);  // "ACTIVATION_CELU"
// "DML_OPERATOR_ACTIVATION_CELU" or "ACTIVATION_CELU" (and the alias SCATTER); nullopt if not a DML_OPERATOR_TYPE.
std::optional<DML_OPERATOR_TYPE> findOperatorType(std::string_view text);

// Byte size of one element (0 for UNKNOWN and the 4-bit types, which resources cannot hold).
uint32_t dataTypeSize(DML_TENSOR_DATA_TYPE type);
const char* dataTypeShortName(DML_TENSOR_DATA_TYPE type);  // "FLOAT32"

// ---------------------------------------------------------------------------------------------------------------
// Operators.
// ---------------------------------------------------------------------------------------------------------------

enum class FieldKind : uint8_t {
    InputTensor,      // const DML_TENSOR_DESC*           (bind point, input)
    OutputTensor,     // const DML_TENSOR_DESC*           (bind point, output)
    Float,            // FLOAT
    UInt,             // UINT
    Int,              // INT
    Bool,             // BOOL (JSON true/false)
    Enum,             // a DirectML enum (4 bytes), from `enumInfo`
    UIntArray,        // const UINT*  (element count in the UINT field named `countField`)
    IntArray,         // const INT*
    FloatArray,       // const FLOAT*
    ScaleBias,        // const DML_SCALE_BIAS*   {"Scale": f, "Bias": f}
    FusedActivation,  // const DML_OPERATOR_DESC* (an activation, its tensors NULL), short or long form
    ScalarUnion,      // DML_SCALAR_UNION (8 bytes, inline): a number read as the type in the Enum field `typeField`,
                      // or {"<union member>": value} ({"Float32": 1.5}, {"Bytes": [8 numbers]}, ...)
    InputTensorArray, // const DML_TENSOR_DESC* to an array of descs (count in `countField`): a JSON array of tensor
                      // descs; element i is the input bind point "<name>[i]" (QUANTIZE's QuantizationTensors)
};

struct FieldSpec {
    const char* name;
    FieldKind kind;
    bool optional = false;
    const EnumInfo* enumInfo = nullptr;  // Enum
    const char* countField = nullptr;    // *Array
    const char* typeField = nullptr;     // ScalarUnion: the DML_TENSOR_DATA_TYPE field that says how to read it
};

struct OperatorSpec {
    DML_OPERATOR_TYPE type;
    std::vector<FieldSpec> fields;  // declaration order of DML_<NAME>_OPERATOR_DESC
};

// The row for `type`, or nullptr when vkdml-dispatch has none (the operator is then reported as not implemented).
const OperatorSpec* findOperatorSpec(DML_OPERATOR_TYPE type);
const std::vector<OperatorSpec>& operatorSpecs();

// Where each field of the desc struct lives, computed the way a C compiler lays the struct out: fields in order,
// each at its natural alignment (pointers 8 bytes, FLOAT/UINT/INT/BOOL/enums 4), the size rounded up to the largest
// alignment.
struct DescLayout {
    std::vector<size_t> offsets;
    size_t size = 0;
    size_t alignment = 1;
};
size_t fieldSize(FieldKind kind);
size_t fieldAlignment(FieldKind kind);
DescLayout computeLayout(const OperatorSpec& spec);

}  // namespace vkdml::dispatch
