// An ElementwiseProgram's operations as GLSL, for every generator that runs one: the general kernels (the whole
// kernel around it) and the families that run element-wise programs inside their own kernels (a reduction's fused
// neighbours). Values of each type are computed as valueType(type); tensors hold them as raw bits.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "kernel/program.h"

namespace vkdml::kernel {

// The GLSL type a value of `type` is computed in: fp16 in fp32, 8- and 16-bit integers in 32 bits.
std::string valueType(ScalarType type);
// A Constant op's value as a GLSL expression with its exact bits.
std::string literal(const Op& op);
// A value of `type` from its raw element bits `b` (uint, or uvec2 for 64-bit types), and back.
std::string fromBitsExpr(ScalarType type, const std::string& b);
std::string toBitsExpr(ScalarType type, const std::string& v);
// The library function a Call op runs.
std::string callee(const ElementwiseProgram& program, const Op& op);
// The math-library functions the program's calls reach (kernel::mathLibraryClosure roots).
std::vector<std::string> programLibraryRoots(const ElementwiseProgram& program);

// `void <name>(<input types> x0, ..., out <output types> y0, ...)` running the program's ops; `attribute` gives the
// expression of an Attribute op (programs with attributes folded into constants never call it).
std::string programFunctionGlsl(const ElementwiseProgram& program, const std::string& name,
                                const std::function<std::string(const Op&)>& attribute);

}  // namespace vkdml::kernel
