// Short names for DirectML's tensor data types, for the operator and case tables of the element-wise family tests.
#pragma once

#include <vkdml/DirectML.h>

namespace vkdml::test::data_type_names {

using Type = DML_TENSOR_DATA_TYPE;
inline constexpr Type F32 = DML_TENSOR_DATA_TYPE_FLOAT32, F16 = DML_TENSOR_DATA_TYPE_FLOAT16,
                      F64 = DML_TENSOR_DATA_TYPE_FLOAT64, I8 = DML_TENSOR_DATA_TYPE_INT8,
                      I16 = DML_TENSOR_DATA_TYPE_INT16, I32 = DML_TENSOR_DATA_TYPE_INT32,
                      I64 = DML_TENSOR_DATA_TYPE_INT64, U8 = DML_TENSOR_DATA_TYPE_UINT8,
                      U16 = DML_TENSOR_DATA_TYPE_UINT16, U32 = DML_TENSOR_DATA_TYPE_UINT32,
                      U64 = DML_TENSOR_DATA_TYPE_UINT64;
// The 10 types of the arithmetic and bit operators (all but FLOAT64, which only CAST takes).
inline constexpr Type kAll10[] = {F32, F16, I32, U32, I16, U16, I8, U8, I64, U64};

}  // namespace vkdml::test::data_type_names
