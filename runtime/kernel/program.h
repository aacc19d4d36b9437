// An element-wise program: typed input and output tensors and a short SSA list of scalar operations between them,
// evaluated once per element. Every element-wise kernel vkdml runs is one (docs/ARCHITECTURE.md, "Kernels and caches"):
// descs are lowered into it (runtime/ops/elementwise/lowering.h), the GLSL generator turns it into a compute shader.
// Plain data, no DirectML and no Vulkan.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernel/functions.h"

namespace vkdml::kernel {

enum class ScalarType : uint8_t {
    Float32, Float16, Float64, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64,
    Int4, UInt4,  // two per byte, the first element in the low nibble (QUANTIZE and DEQUANTIZE only)
};
const char* scalarTypeName(ScalarType type);  // "float32"
uint32_t scalarTypeBits(ScalarType type);
bool isFloatType(ScalarType type);
bool isSignedIntegerType(ScalarType type);

// How the kernel walks its tensors; the host picks it from the tensors' layouts (runtime/core/dispatchable.cpp).
enum class Walk : uint8_t {
    Flat,     // every tensor packed alike: one 16-byte vector per invocation, the tail after the last whole vector
    Rows,     // strided, but every row a whole number of 16-byte vectors in every tensor: one vector per invocation
    Strided,  // any strides (0 broadcasts), 1-6 dimensions, a grid-stride loop
    Naive,    // vkdml-bench's baseline: one vec4 per invocation, no tail (packed fp32 only)
    // General kernels: any number of tensors, each of its own type and with its own Access.
    Linear,    // every tensor packed or broadcast: 4 consecutive elements per invocation, no coordinates
    Quads,     // 4 consecutive innermost elements per invocation (innermost size a multiple of 4)
    Elements,  // one element per invocation
    // A tensor contiguous along another dimension than the output (transposed, permuted): the host moves that
    // dimension to 1; one invocation per output column x and block of kTileRows rows (general_params.h).
    Tiles,
    TileQuads,  // Tiles with 4 consecutive columns per invocation (innermost size a multiple of 4), like Quads
};
bool isGeneralWalk(Walk walk);
inline bool isTileWalk(Walk walk) { return walk == Walk::Tiles || walk == Walk::TileQuads; }

// How a general kernel finds a tensor's element at a flat index i of the walk (chosen per tensor on the host).
enum class Access : uint8_t {
    Packed,     // base + i
    Broadcast,  // base: every element reads the same one (all strides 0)
    Strided,    // base + the coordinates of i times the tensor's strides
    // Strided with inner stride 1, every quad of the walk on whole vectors (outer strides and the base multiples
    // of 4, checked on the host): coordinates once per quad, then one vector load or store. Quads walk only.
    Rows,
    // An input whose dimension 1 has stride 1 (a transposed one) in the tile quads walk, the others and the base
    // multiples of 4, dimension 1 a multiple of 4: 4 vectors down 4 columns give a block of 4 x 4 elements.
    Columns,
};
const char* accessName(Access access);
constexpr uint32_t kMaxAttributes = 4;  // general kernels: attribute words; the others: p0, p1
const char* walkName(Walk walk);

enum class OpCode : uint8_t {
    Input,      // value of input tensor `index` at this element
    Attribute,  // operator attribute `index` (a push constant: 0 = p0, 1 = p1), as `type`
    Constant,   // the literal whose bits are `bits`, as `type`
    Call,       // fn(args[0..arity-1]): one function of the GLSL library (functions.h)
    Cast,       // args[0] converted to `type`
    Store,      // args[0] written to output tensor `index`
    // args[0] as it reads back after a trip through memory as `type` (of the same width): written as a tensor
    // element of its own type, read as one of `type`. Rounds fp16, wraps narrow integers, reinterprets bits. Fused
    // graphs (runtime/graph/) put it where one node's output feeds another's input. General walks only.
    Reinterpret,
};

struct Op {
    OpCode code = OpCode::Input;
    ScalarType type = ScalarType::Float32;  // the value's type (Store: the output's)
    Fn fn = Fn::None;                       // Call only
    uint32_t index = 0;                     // Input, Attribute, Store
    uint32_t args[3] = {0, 0, 0};           // SSA values: indices of earlier ops
    uint64_t bits = 0;                      // Constant
};

struct ElementwiseProgram {
    std::vector<ScalarType> inputs;
    std::vector<ScalarType> outputs;
    std::vector<Op> ops;
    Walk walk = Walk::Strided;
    // General walks: one per tensor, outputs first, then inputs (the binding order).
    std::vector<Access> access;
    // Quads, Elements and Tiles walks: the dimensions walked, fixed in the code (the coordinate arithmetic unrolled); 0
    // reads the rank from the push constants.
    uint32_t rank = 0;
    // Device-dependent forms of the library the host chose: LINEAR-based functions in double (CPU devices with
    // shaderFloat64), 64-bit integer arithmetic (shaderInt64), fp16 tensors as 16-bit storage (strided walk).
    bool float64Math = false;
    bool int64Math = false;
    bool storage16 = false;
    // The driver's own division and square root in vk_div_cr/vk_sqrt_cr (VKDML_EXACT_DIV_SQRT): drivers where they
    // are known to be correctly rounded (AdapterCaps::exactDivSqrt); set only where a float call reaches them.
    bool exactDivSqrt = false;
    // The driver's own fp16 <-> fp32 conversions in vk_float_from_half_bits and vk_half_bits_from_float
    // (VKDML_NATIVE_HALF): drivers where they are known exact (AdapterCaps::nativeHalf); set only where the program
    // reads, computes or writes FLOAT16.
    bool nativeHalf = false;
    // 16-byte vectors of packed tensors moved as 64-bit words (AdapterCaps::wideWords, llvmpipe): the same bytes in
    // half the load and store components. Needs shaderInt64.
    bool wideWords = false;
    // The math library's forms for a fused fma() (VKDML_FUSED_FMA): devices whose fma() rounds once
    // (AdapterCaps::fusedFma); set only where the program calls a float function.
    bool fusedFma = false;
    // With fusedFma: the fma computed in double (VKDML_EMULATED_FMA; AdapterCaps::emulatedFma, tests on lavapipe).
    bool emulatedFma = false;
    // What tests and messages call the kernel ("celu_straight"); not part of the hash.
    std::string label;

    // Builders; each returns the new value's index.
    uint32_t input(uint32_t index);
    uint32_t attribute(uint32_t index, ScalarType type);  // 32-bit types only
    uint32_t constant(uint64_t bits, ScalarType type);
    uint32_t call(Fn fn, ScalarType type, std::initializer_list<uint32_t> args);
    uint32_t cast(uint32_t value, ScalarType type);
    uint32_t reinterpret(uint32_t value, ScalarType type);
    void store(uint32_t output, uint32_t value);

    // A stable 64-bit hash of everything that decides the generated code (not `label`): the same on every run and
    // machine.
    uint64_t hash() const;
    bool general() const { return isGeneralWalk(walk); }
    uint32_t tensorCount() const { return static_cast<uint32_t>(outputs.size() + inputs.size()); }
    ScalarType tensorType(uint32_t tensor) const {
        return tensor < outputs.size() ? outputs[tensor] : inputs[tensor - outputs.size()];
    }
    uint32_t attributeCount() const;  // 1 + the highest attribute index used (0 if none)

    // "" when well formed, else what is wrong: operands defined before use, arities, indices in range, every output
    // stored exactly once, types that fit the operation.
    std::string validate() const;
    // The kernel name tests see: "<label>_<storage>_<walk>[_d]", e.g. "celu_straight_f32_contig".
    std::string name() const;
    // A readable listing for messages: "v0 = input 0 : float32; v1 = celu(v0, v2) ...".
    std::string describe() const;

private:
    uint32_t append(OpCode code, ScalarType type, uint32_t index, uint64_t bits);
};

}  // namespace vkdml::kernel
