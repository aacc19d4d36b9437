// The GEMM family's schema rows: GEMM and the integer matrix multiplies.
#pragma once

#include "dml/operator_schema.h"

namespace vkdml::gemm {

const dml::OperatorSchema* schemaOf(DML_OPERATOR_TYPE type);

}  // namespace vkdml::gemm
