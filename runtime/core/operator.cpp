#include "core/operator.h"

#include "ops/registry.h"

namespace vkdml {

Operator* Operator::create(Device& device, const DML_OPERATOR_DESC* desc) {
    return new Operator(device, dml::readOperatorDesc(desc, device.featureLevel(), ops::schemas()));
}

}  // namespace vkdml
