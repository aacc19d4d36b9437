// DirectML element-wise operators lowered into element-wise programs (runtime/kernel/program.h): which library
// function computes the operator on its data type, its attributes as push constants, and the device-dependent
// forms (branch-free kernels for common parameters, LINEAR-based functions in double on CPU devices, 64-bit integer
// arithmetic). No Vulkan: the device's relevant capabilities come in as a KernelTarget.
#pragma once

#include <string>

#include "dml/operator_desc.h"
#include "kernel/program.h"

namespace vkdml::elementwise {

using namespace dml;  // the element-wise family is written in the desc layer's terms

struct KernelTarget {
    std::string deviceName;    // for messages
    bool float64Math = false;  // LINEAR-based functions in double (CPU devices with shaderFloat64)
    bool int64 = false;        // shaderInt64
    bool float64 = false;      // shaderFloat64
    bool storage16 = false;    // fp16 tensors as 16-bit storage in the strided walk (storageBuffer16BitAccess)
    bool exactDivSqrt = false; // the driver's division and sqrt are correctly rounded (AdapterCaps::exactDivSqrt)
    bool nativeHalf = false;  // the driver converts fp16 <-> fp32 exactly (AdapterCaps::nativeHalf)
    bool wideWords = false;          // vectors as 64-bit words (AdapterCaps::wideWords)
    bool fusedFma = false;           // fma() rounds once (AdapterCaps::fusedFma)
    bool emulatedFma = false;        // ... computed in double (AdapterCaps::emulatedFma, tests)
};

struct LoweredKernel {
    kernel::ElementwiseProgram program;
    // The push constants every dispatch shares: the attributes' 32-bit patterns (FLOATs, or the integer terms of
    // integer SHRINK) and the fields integer SHRINK reads besides them (runtime/ops/elementwise/kernel_params.h).
    uint32_t p0Bits = 0, p1Bits = 0;
    uint32_t in2Base = 0, flags = 0;
};

kernel::ScalarType scalarType(DML_TENSOR_DATA_TYPE type);
// A float activation's library function (the general form, for any parameters; Fn::None for IDENTITY) and how many FLOAT attributes it
// takes after x; false for types that are not single-input float activations. ADD1's FusedActivation uses it.
bool activationFunction(DML_OPERATOR_TYPE type, kernel::Fn& fn, uint32_t& attributeCount);

// Lowers `info` (a validated element-wise operator) for the kernel body `walk`, chosen by the host from the tensors'
// layouts. Walk::Naive gives vkdml-bench's baseline formula. Throws E_NOTIMPL naming the missing device capability
// (integer SHRINK without shaderInt64) and E_FAIL for a naive baseline that does not exist.
LoweredKernel lowerElementwise(const OperatorInfo& info, const KernelTarget& target, kernel::Walk walk);

// The driver's own arithmetic where the target's is known exact (the other programs keep their code and hash):
// program.exactDivSqrt where a float call reaches vk_div_cr or vk_sqrt_cr, program.nativeHalf where the
// program reads, computes or writes FLOAT16 values, program.fusedFma where a float call reaches the math library
// and the target's fma() is fused; program.wideWords where the target moves vectors as 64-bit words (the
// general kernels clear it again once their walk moves no vectors: kernel::movesAnyVectors).
void useDriverArithmetic(kernel::ElementwiseProgram& program, const KernelTarget& target);

}  // namespace vkdml::elementwise
