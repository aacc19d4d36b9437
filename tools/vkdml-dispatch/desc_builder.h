// Builds DML_OPERATOR_DESC structs from a dispatchable's JSON desc, driven by the rows of op_table.h: each field is
// read by its kind and written at the offset the C struct has, into storage owned by an Arena.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <vkdml/DirectML.h>

#include "errors.h"
#include "json_util.h"
#include "op_table.h"

namespace vkdml::dispatch {

// Owns the memory behind built descs (zero-initialized, aligned for any field). Pointers stay valid for its life.
class Arena {
public:
    void* allocate(size_t bytes);
    template <class T>
    T* make(size_t count = 1) {
        return static_cast<T*>(allocate(sizeof(T) * count));
    }

private:
    std::vector<std::unique_ptr<std::max_align_t[]>> blocks_;
};

// DMLCalcBufferTensorSize (DirectMLX.h): the bytes a buffer tensor spans, rounded up to 4.
uint64_t calcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, uint32_t dimensionCount, const uint32_t* sizes,
                              const uint32_t* strides);

// What the tool needs to know of a tensor to check bindings.
struct TensorInfo {
    DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    std::vector<uint32_t> sizes;
    std::vector<uint32_t> strides;  // empty: packed
    uint64_t totalTensorSizeInBytes = 0;
    uint32_t guaranteedBaseOffsetAlignment = 0;
    uint32_t flags = 0;
};

// A tensor field of the operator desc: something a dispatch command binds a resource to.
struct BindPoint {
    std::string name;   // the desc field name, e.g. "InputTensor"
    bool optional = false;
    bool present = false;  // the field appears in the JSON desc (then it must be bound)
    TensorInfo tensor;     // when present
};

struct BuiltOperator {
    DML_OPERATOR_DESC* desc = nullptr;
    std::vector<BindPoint> inputs;   // binding order = field order
    std::vector<BindPoint> outputs;
};

// Reads a DML_TENSOR_DESC in short form ({"DataType", "Sizes", ...}) or long form ({"Type", "Desc": {...}}) with
// DxDispatch's defaults: Type BUFFER, Flags NONE, Strides NULL, DimensionCount = len(Sizes),
// TotalTensorSizeInBytes = DMLCalcBufferTensorSize (also when 0), GuaranteedBaseOffsetAlignment 0.
DML_TENSOR_DESC* buildTensorDesc(const Json& value, const JsonPath& path, Arena& arena, TensorInfo* info);

// Builds the desc of `spec` from the JSON object `desc` (the fields), at `path`. `fused` builds a fused activation:
// its tensor fields are left NULL and not read.
BuiltOperator buildOperator(const OperatorSpec& spec, const Json& desc, const JsonPath& path, bool fused,
                            Arena& arena);

// Reads {"Type": <operator>, ...fields} or {"Type": <operator>, "Desc": {...fields}} ("type"/"desc" accepted too) as
// a fused activation and returns its DML_OPERATOR_DESC. Operators without a row are reported as not implemented.
DML_OPERATOR_DESC* buildFusedActivation(const Json& value, const JsonPath& path, Arena& arena);

// Parses an operator type name at `path`: exit 2 for names that are no DML_OPERATOR_TYPE, exit 3 for operators
// without a row in op_table.cpp.
const OperatorSpec& resolveOperator(const std::string& typeName, const JsonPath& path);

// Reads an enum value (full name or suffix) or, for flag enums, a string or an array of strings.
uint32_t readEnum(const Json& value, const JsonPath& path, const EnumInfo& info);

}  // namespace vkdml::dispatch
