// Which family runs each DML_OPERATOR_TYPE. Adding a family adds one line to registry.cpp and touches no other
// family's files.
#pragma once

#include "ops/family.h"

namespace vkdml::ops {

// The family that runs `type`, or nullptr when vkdml does not implement it.
const Family* familyOf(DML_OPERATOR_TYPE type);

// Every family's schema rows and shape rules, for dml::readOperatorDesc.
const dml::SchemaSource& schemas();

// A graph's fused run of element-wise nodes (program inputs and outputs bound as `tensors`: outputs first), compiled
// for `device` by the element-wise family.
// Tensors (inputs and outputs) one fused run may bind on `device`.
uint32_t fusedRunTensorLimit(Device& device);

std::unique_ptr<CompiledKernel> compileFusedProgram(Device& device, const std::vector<dml::TensorLayout>& tensors,
                                                    kernel::ElementwiseProgram program);

}  // namespace vkdml::ops
