// The operator schema as data: what a row says of one operator (its desc's fields in struct order, the feature-level
// table it follows, whether it may run in place, the kernel that runs it), and the feature-level tables (dimension
// counts and data types per level range). Each operator family (runtime/ops) holds the rows of its operators.
#pragma once

#include <cstdint>
#include <string>

#include <vkdml/DirectML.h>

namespace vkdml::dml {

enum class FieldKind : uint8_t {
    InputTensor,        // const DML_TENSOR_DESC*
    OutputTensor,       // const DML_TENSOR_DESC*
    Float,              // FLOAT
    OptionalScaleBias,  // const DML_SCALE_BIAS* (NULL: scale 1, bias 0); read as two FLOAT attributes
    Enum,               // a 32-bit enum (DML_ROUNDING_MODE, DML_IS_INFINITY_MODE): values below enumCount
    // UINT count + const DML_TENSOR_DESC* array (QUANTIZE/DEQUANTIZE): input tensors, one binding each, their count
    // fixed by the DML_QUANTIZATION_TYPE Enum field just before (1: scale; 2: scale, zero point)
    QuantizationTensors,
    ScalarDataType,     // DML_TENSOR_DATA_TYPE of the Scalar fields (MinMaxDataType): must equal the tensors' type
    Scalar,             // DML_SCALAR_UNION (8 bytes, 8-aligned), read as the ScalarDataType field says
    FusedActivation,    // const DML_OPERATOR_DESC* (may be NULL): a fusable activation whose tensors are NULL
    Uint,               // UINT or BOOL: any value (a BOOL is true when non-zero)
    // UINT count + const UINT* array ("AxisCount" + "Axes"): the field's name is the array's, countName the count's;
    // the array may be NULL only when the count is 0
    UintArray,
};

// Constraints on FLOAT attributes beyond "any value".
enum class FloatRule : uint8_t {
    Any,
    SoftplusSteepness,  // >= 1 below FL 6_4; finite and non-zero from 6_4
};

struct SupportTable;
struct OperatorInfo;

struct FieldSpec {
    const char* name;
    FieldKind kind;
    FloatRule rule = FloatRule::Any;
    // Tensors: nullptr = the operator's table and the DataType of the operator's other tensors; else this tensor's
    // own table (comparison outputs, IF's condition, CAST's input and output), its DataType free of the others'.
    const SupportTable* ownSupport = nullptr;
    uint32_t enumCount = 0;  // Enum: the number of valid values
    // Tensors: 0 = required; else the feature level from which the pointer may be NULL (an absent optional tensor,
    // bound with DML_BINDING_TYPE_NONE).
    uint32_t optionalSince = 0;
    // Input tensors: a dimension of size 1 may repeat its element along the others' size (stride 0): one-element
    // scales and zero points (QUANTIZED_LINEAR_ADD), per-axis ones (QUANTIZE, DEQUANTIZE).
    bool broadcastOnes = false;
    const char* countName = nullptr;  // UintArray: the count field's name
};

constexpr uint32_t kTypeMask(DML_TENSOR_DATA_TYPE type) { return 1u << type; }
constexpr uint32_t kFloatTypes = kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT32) | kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT16);
constexpr uint32_t kSignedTypes = kTypeMask(DML_TENSOR_DATA_TYPE_INT32) | kTypeMask(DML_TENSOR_DATA_TYPE_INT16) |
                                  kTypeMask(DML_TENSOR_DATA_TYPE_INT8);
constexpr uint32_t kUnsignedTypes = kTypeMask(DML_TENSOR_DATA_TYPE_UINT32) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT16) |
                                    kTypeMask(DML_TENSOR_DATA_TYPE_UINT8);
constexpr uint32_t k64BitTypes = kTypeMask(DML_TENSOR_DATA_TYPE_INT64) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT64) |
                                 kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT64);
constexpr uint32_t k4BitTypes = kTypeMask(DML_TENSOR_DATA_TYPE_INT4) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT4);
// Every type but the 4-bit ones (which DirectML takes in QUANTIZE and DEQUANTIZE only).
constexpr uint32_t kAllTypes = kFloatTypes | kSignedTypes | kUnsignedTypes | k64BitTypes;
// The data types vkdml's kernels handle: every type a DirectML element-wise activation or identity takes (64-bit
// ones as bit-exact copies only), and the 4-bit ones of QUANTIZE and DEQUANTIZE.
constexpr uint32_t kImplementedTypes = kAllTypes | k4BitTypes;

// From `since` (a feature level) until the next row of the same table: the dimension counts and data types DirectML
// allows.
struct SupportRow {
    DML_FEATURE_LEVEL since;
    uint32_t minRank, maxRank;
    uint32_t dataTypes;  // kTypeMask bits
};

struct SupportTable {
    const SupportRow* rows;
    uint32_t rowCount;
    // The row in force at `level`, or nullptr below the first row.
    const SupportRow* at(DML_FEATURE_LEVEL level) const;
};

struct OperatorSchema {
    DML_OPERATOR_TYPE type;
    const FieldSpec* fields;
    uint32_t fieldCount;
    const SupportTable* support;
    bool inPlace;        // the output may alias an input with the identical layout
    const char* kernel;  // the kernel label ("celu"; general kernels: the lowering's name for the operator)
    // Attribute values the kernel receives when the desc has fewer FLOAT fields (e.g. a NULL ScaleBias).
    float defaultAttributes[2] = {0.0f, 0.0f};
    // Rules between the tensors' data types beyond "one shared type" (quantization operators): throws E_INVALIDARG
    // naming the field. `prefix` is "DML_<NAME>_OPERATOR_DESC.".
    void (*checkTypes)(const OperatorInfo& info, const std::string& prefix) = nullptr;
};

// "ACTIVATION_CELU", or nullptr for values outside 0..177.
const char* operatorName(DML_OPERATOR_TYPE type);
// The level that introduced the operator (0 for INVALID or unknown values).
DML_FEATURE_LEVEL operatorIntroducedLevel(DML_OPERATOR_TYPE type);
uint32_t operatorTypeCount();  // 178

}  // namespace vkdml::dml
