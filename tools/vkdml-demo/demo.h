// Shared pieces of vkdml-demo: error checking and running a compiled operator or graph end to end.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <vkdml/vkdml.h>

namespace demo {

#define CHECK_HR(expr)                                                                                   \
    do {                                                                                                 \
        HRESULT hr_ = (expr);                                                                            \
        if (FAILED(hr_)) {                                                                               \
            std::fprintf(stderr, "vkdml-demo: %s failed: 0x%08X\n", #expr, static_cast<unsigned>(hr_)); \
            std::exit(1);                                                                                \
        }                                                                                                \
    } while (0)

// Uploads each input into a DEFAULT buffer of its own, initializes `compiled`, binds the inputs, one output of
// `outputCount` floats and a temporary resource when the binding properties ask for one, executes, reads back.
std::vector<float> runCompiled(VkdmlDevice device, VkdmlCompiledOperator compiled,
                               const std::vector<std::vector<float>>& inputs, size_t outputCount);

// The activation section: four activations against their double-precision formulas.
void activationSection(VkdmlDevice device);
// The graph section: GELU written as five element-wise nodes, compiled fused and one kernel per node; false when
// the two differ.
bool graphSection(VkdmlDevice device);

}  // namespace demo
