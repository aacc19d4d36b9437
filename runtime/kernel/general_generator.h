// ElementwiseProgram with a general walk (Linear, Quads, Elements) -> a complete GLSL 450 compute shader: tensors of
// any types, each packed, broadcast or strided, any number of inputs and outputs. generateGlsl() (glsl_generator.h)
// calls it for those walks.
#pragma once

#include <string>

#include "kernel/program.h"

namespace vkdml::kernel {

// Throws std::invalid_argument for a program that fails validate() or needs more push constants than there are.
std::string generateGeneralGlsl(const ElementwiseProgram& program);

// Whether the kernel reads or writes tensor t as whole vectors of 4 elements (packed, row and column tensors of 8 to
// 32 bits in the vector walks), and whether it does so for any tensor: ElementwiseProgram::wideWords changes only
// those, so callers clear it where there are none (one kernel, one pipeline-cache entry).
bool movesVectors(const ElementwiseProgram& program, uint32_t t);
bool movesAnyVectors(const ElementwiseProgram& program);

}  // namespace vkdml::kernel
