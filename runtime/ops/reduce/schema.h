// The reduction family's operators as schema rows (dml/operator_schema.h): REDUCE, ARGMIN, ARGMAX, the softmax
// family, the mean-variance, batch, LP and local response normalizations and the cumulative sum and product, every
// operator that computes statistics (or running values) over a set of axes or a window.
#pragma once

#include "dml/operator_schema.h"

namespace vkdml::reduce {

constexpr uint32_t kI32U32 = dml::kTypeMask(DML_TENSOR_DATA_TYPE_INT32) | dml::kTypeMask(DML_TENSOR_DATA_TYPE_UINT32);
constexpr uint32_t kInts8To32 = dml::kSignedTypes | dml::kUnsignedTypes;
constexpr uint32_t kInts64 = dml::kTypeMask(DML_TENSOR_DATA_TYPE_INT64) | dml::kTypeMask(DML_TENSOR_DATA_TYPE_UINT64);

// nullptr when `type` is not a reduction vkdml runs.
const dml::OperatorSchema* schemaOf(DML_OPERATOR_TYPE type);

}  // namespace vkdml::reduce
