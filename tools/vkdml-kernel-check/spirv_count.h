// Static instruction counts of a compute shader's entry point (vkdml-kernel-check --count): every instruction of the
// entry point's function counted once, whatever branch it is on, classified as float arithmetic, integer arithmetic,
// conversions and special functions (the other GLSL.std.450 instructions). A vector instruction counts once per
// component (the scalar operations a SIMT lane runs); `instructions` keeps the plain instruction counts.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kernel_check {

struct ClassCounts {
    uint32_t floatOps = 0;    // FAdd FSub FMul FDiv FNegate FMod FRem Dot, float compares, IsNan IsInf; Fma FMin FMax
                              // FClamp FAbs FSign Floor Ceil Trunc Round RoundEven Fract (GLSL.std.450)
    uint32_t intOps = 0;      // IAdd ISub IMul divisions, shifts, bitwise, integer compares, Select, logical
                              // operations, bit fields; SMin SMax UMin UMax SAbs FindUMsb ... (GLSL.std.450)
    uint32_t conversions = 0; // Convert*, FConvert UConvert SConvert, Bitcast, QuantizeToF16; Pack/UnpackHalf2x16 ...
    uint32_t special = 0;     // the other GLSL.std.450 instructions: Exp2 Log2 Sqrt InverseSqrt Sin ...
    uint32_t control = 0;     // labels, branches, merges, phis (not in total())
    uint32_t other = 0;       // loads, stores, access chains, composites, ... (not in total())
    uint32_t total() const { return floatOps + intOps + conversions + special; }
};

struct EntryPointCounts {
    ClassCounts scalar;        // vector instructions once per component
    ClassCounts instructions;  // every instruction once
    std::map<std::string, uint32_t> specialByName;  // "Exp2" -> scalar count
    uint32_t functionCalls = 0;                     // OpFunctionCall left in the entry point (0 after inlining)
};

// Throws std::runtime_error for a module that is not SPIR-V or has no entry point.
EntryPointCounts countEntryPoint(const std::vector<uint32_t>& spirv);

}  // namespace kernel_check
