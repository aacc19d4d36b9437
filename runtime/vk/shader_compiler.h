// Run-time GLSL -> SPIR-V: glslang (GLSL -> SPIR-V 1.3 for Vulkan 1.1), optionally spirv-opt, then spirv-val.
// A failure is a vkdml bug (the GLSL is generated), so the error carries the tool's log and the numbered source.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace vkdml::vk {

// Light: SSA form and dead-code removal per function (no inlining); Inline: the same after inlining every call;
// Performance: spirv-opt -O.
enum class SpirvOptimization { None, Light, Inline, Performance };

struct ShaderCompileTimes {
    double glslangMs = 0, optimizeMs = 0, validateMs = 0;
};

// `glsl` is a complete "#version 450" compute shader (no #include). Thread-safe. Throws vk::Error of kind Internal
// naming the failed stage ("glslang parse", "glslang link", "spirv-opt", "spirv-val"), or of kind OutOfMemory.
std::vector<uint32_t> compileComputeShader(const std::string& glsl, SpirvOptimization optimization,
                                           ShaderCompileTimes* times = nullptr);

// spirv-opt then spirv-val on a module compileComputeShader made with SpirvOptimization::None (the same result as
// compiling with `optimization` directly). No fault-injection points: it runs on the pipeline store's background
// thread. Throws like compileComputeShader (`glsl` only appears in messages).
std::vector<uint32_t> optimizeComputeShader(const std::vector<uint32_t>& spirv, SpirvOptimization optimization,
                                            const std::string& glsl);

}  // namespace vkdml::vk
