// The SPIR-V that glsl/ compiled at build time (glslangValidator -> spirv-opt -> spirv-val), embedded in the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace vkdml::vk {

struct EmbeddedShader {
    const char* name;
    const uint32_t* words;
    size_t wordCount;
};

// nullptr when no shader has that name. Defined in the generated shader_registry.cpp.
const EmbeddedShader* findEmbeddedShader(std::string_view name);
size_t embeddedShaderCount();
const EmbeddedShader& embeddedShader(size_t index);

}  // namespace vkdml::vk
