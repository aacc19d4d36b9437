// The GLSL sources of glsl/, embedded in the library at build time (glsl/embed_glsl.cmake), and the math library
// cut down to what a shader calls: glslang's time grows with the source (about 11 ms for the whole library, 1.5 ms
// for a kernel without it, measured on lavapipe's 2-core CI machine), so a kernel carries only the functions,
// structs and constants its calls reach.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vkdml::kernel {

struct GlslSource {
    const char* name;  // "vkdml_math.glsl"
    const char* text;
};

// Every embedded file (defined in the generated glsl_sources.cpp).
const std::vector<GlslSource>& glslSources();
// The named file's text; throws std::invalid_argument when it is not embedded.
std::string_view glslSource(std::string_view name);

// Is `name` one of the files the reachable-functions cut applies to (the math library: vkdml_math,
// vkdml_trig_hyperbolic_pow, vkdml_straight, vkdml_activations, vkdml_naive, vkdml_elementwise(64))?
bool isMathLibraryFile(std::string_view name);
// The top-level items of those files (in file order) that `roots` (identifiers) reach, with the VK_INLINE default
// they rely on; the files' include guards are dropped. Only the library's form for `fusedFma` is kept (the
// VKDML_FUSED_FMA conditionals resolved), so the closure neither follows nor carries the other form's helpers.
std::string mathLibraryClosure(const std::vector<std::string>& roots, bool fusedFma = false);
// Does the closure of `roots` hold the item `name` (a function, struct or constant of those files)?
bool mathLibraryReaches(const std::vector<std::string>& roots, const std::string& name);

}  // namespace vkdml::kernel
