// A row's fold over its T invocations by subgroup operations (KernelShape::subgroupSize): the same tree as the
// shared-memory form (generator.cpp), level by level (invocation `lane` < w combines its value with lane + w's),
// so the same bits, with the levels inside a subgroup as shuffles instead of shared-memory rounds and barriers.
// Levels wider than a subgroup (T > subgroupSize) still meet in shared memory; the row's result reaches its T
// invocations by a shuffle (T <= subgroupSize) or through shared memory.
#pragma once

#include <string>
#include <vector>

#include "ops/reduce/generator.h"

namespace vkdml::reduce {

struct FoldVar {
    std::string type;    // float, uint, int, int64_t, uint64_t
    std::string name;    // the kernel declares a<name> (this invocation's) and b<name> (the other's)
    std::string init;    // a<name>'s first value, from the function's arguments
    std::string shared;  // the shared array that holds it across subgroups
};

struct RowFold {
    std::string type, signature;  // "vk_f2", "rowSumUnnormalized(vk_f2 s)"
    std::vector<FoldVar> vars;
    std::string combine;          // GLSL statements: a* = a* combined with b*
    std::string result;           // an expression of a*: the function's value
};

// The function's GLSL; the kernel defines lid from its subgroup (subgroupLocalInvocationGlsl) so that a row's T
// consecutive invocations share one subgroup, or whole subgroups.
std::string subgroupFoldGlsl(const RowFold& fold, const KernelShape& shape);

// The extensions the folds need, and the kernel's invocation index as the folds number it.
std::string subgroupExtensionsGlsl();
std::string subgroupLocalInvocationGlsl();

}  // namespace vkdml::reduce
