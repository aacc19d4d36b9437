// The element-wise family's operators as schema rows (dml/operator_schema.h): adding an element-wise operator is one
// row here, one library function (glsl/) and one reference function in the tests.
#pragma once

#include "dml/operator_schema.h"

namespace vkdml::elementwise {

using namespace dml;  // the element-wise family is written in the desc layer's terms

// nullptr when `type` is not an element-wise operator vkdml runs.
const dml::OperatorSchema* schemaOf(DML_OPERATOR_TYPE type);

}  // namespace vkdml::elementwise
