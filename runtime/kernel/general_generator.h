// ElementwiseProgram with a general walk (Linear, Quads, Elements) -> a complete GLSL 450 compute shader: tensors of
// any types, each packed, broadcast or strided, any number of inputs and outputs. generateGlsl() (glsl_generator.h)
// calls it for those walks.
#pragma once

#include <string>

#include "kernel/program.h"

namespace vkdml::kernel {

// Throws std::invalid_argument for a program that fails validate() or needs more push constants than there are.
std::string generateGeneralGlsl(const ElementwiseProgram& program);

}  // namespace vkdml::kernel
