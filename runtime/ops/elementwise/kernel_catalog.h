// Every element-wise program the lowering can produce for the operators vkdml implements: each operator on each data
// type it takes at the highest feature level, for each walk its layouts can get, each device form (double-precision
// LINEAR on CPU devices, 16-bit storage) and each attribute class (branch-free or general kernels). The build
// compiles all of them (tools/vkdml-kernel-check) so that a GLSL error fails the build, not a user's first call.
#pragma once

#include <vector>

#include "ops/elementwise/lowering.h"

namespace vkdml::elementwise {

using namespace dml;  // the element-wise family is written in the desc layer's terms

struct CatalogEntry {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE dataType;
    LoweredKernel kernel;
};

// Distinct programs only (by hash), in a fixed order.
std::vector<CatalogEntry> elementwiseKernelCatalog();

// The kernel `info` runs where every tensor is packed alike (family.cpp's choice for a contiguous plan): the general
// operators' linear walk with every tensor Packed, the other operators' flat walk (ActivationKernel). Its program's
// walk is kernel::Walk::Linear or kernel::Walk::Flat. vkdml-kernel-check --count counts its instructions.
LoweredKernel packedKernel(const OperatorInfo& info, const KernelTarget& target);

}  // namespace vkdml::elementwise
