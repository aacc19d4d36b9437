// ElementwiseProgram -> a complete GLSL 450 compute shader (no #include left): the storage defines and loads/stores
// of glsl/elementwise_io.glsl for the tensors' type, the math library functions the program calls, the program as
// the per-element function `vkdml_apply`, and the kernel body of its walk (flat, rows, strided, naive).
#pragma once

#include <string>

#include "kernel/program.h"

namespace vkdml::kernel {

// Throws std::invalid_argument for a program that fails validate() or that the kernel bodies cannot carry yet: one
// output, one or two inputs, every tensor of one type.
std::string generateGlsl(const ElementwiseProgram& program);

}  // namespace vkdml::kernel
