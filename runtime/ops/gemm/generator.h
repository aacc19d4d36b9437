// A GEMM plan -> a complete GLSL 450 compute shader. Tiled: each workgroup computes one tile of (wy * tm) x (wx * tn)
// outputs of one batch matrix (the grid's Z walks the batch), each invocation tm x tn of them, strided by wy rows and
// wx columns so that neighbouring invocations touch neighbouring elements. Skinny (M of a few rows, an LLM's decode
// step): each workgroup computes every row of wx columns, so B is read exactly once; kLanes invocations share a
// column, each summing every kLanes-th step of K, and their partial sums meet in shared memory. Sizes, strides, Alpha, Beta and the
// activation are constants of the source (a pipeline per shape); the push constants hold each tensor's first element
// in its binding. Accumulation is FLOAT32 (fma) for FLOAT32 and FLOAT16 tensors, INT32 for the integer multiplies.
#pragma once

#include <cstdint>
#include <string>

#include "ops/gemm/plan.h"

namespace vkdml::gemm {

struct KernelShape {
    // GPUs: A and B tiles of depth `depth` staged in shared memory between two barriers. CPU devices (a workgroup is
    // one thread's SIMD lanes, shared memory is the same cache, a barrier costs a switch between lane groups): every
    // invocation reads its own rows of A and columns of B, `depth` steps of K per loop iteration.
    bool staged = true;
    bool skinny = false;        // every row of A per invocation, B streamed once (wy and tm unused)
    uint32_t kLanes = 1;        // skinny: invocations that split K for one column
    // Skinny: B read by 16-byte vectors (skinnyVectors): along N, each invocation's tn columns adjacent (tn = one
    // vector); along K, each lane's steps in runs of one vector.
    enum class Vectors : uint8_t { None, AlongN, AlongK } vectors = Vectors::None;
    uint32_t wx = 16, wy = 16;  // invocations along n and m
    uint32_t tm = 4, tn = 4;    // outputs per invocation along m and n
    uint32_t depth = 16;        // K per shared tile (staged), per loop iteration (direct), per lane and loop iteration (skinny)
    // FLOAT16 A and B on a device with cooperative matrices (vk::AdapterCaps::cooperativeMatrix16): 128 x 128 output
    // tiles, K by 32, workgroups of 256 invocations in subgroups of `subgroupSize` (16, 32 or 64), each subgroup a
    // block of 16 x 16 products on the matrix units (generator_cooperative.cpp). The other fields then describe its
    // tile: wx = wy = 16, tm = tn = 8, depth = 32.
    // With 8-bit A and B (the integer multiplies): the same tile of INT32 sums, K by 64 (depth = 64), 16 x 16 x 32
    // products of signed bytes.
    bool cooperative = false;
    bool cooperativeEightBit = false;
    bool cooperativeEmulated = false;  // its matrix operations in plain GLSL (cooperative_emulation.h; tests)
    uint32_t subgroupSize = 32;
    bool nativeHalf = false;    // the device's fp16 conversions are exact (VKDML_NATIVE_HALF)
    bool fusedFma = false;      // the device's fma() rounds once (VKDML_FUSED_FMA)
    bool emulatedFma = false;   // ... computed in double (VKDML_EMULATED_FMA, tests)

    uint32_t workgroupSize() const { return wx * (skinny ? kLanes : wy); }
    uint32_t tileM() const { return wy * tm; }
    uint32_t tileN() const { return wx * tn; }
};

// Throws std::invalid_argument for what the kernel cannot express (a bug in the family's checks).
std::string generateGemmGlsl(const Plan& plan, const KernelShape& shape);

// How the skinny kernel may read B by 16-byte vectors (4 FLOAT32 or 8 FLOAT16 elements, returned in `width`): along
// N where N is innermost and packed, along K where K is; with every other stride of B and the extent along the
// vectors whole vectors (tensor offsets are 16-byte aligned, so every vector is too). Float GEMMs only.
KernelShape::Vectors skinnyVectors(const Plan& plan, uint32_t& width);

// How the cooperative-matrix kernel copies A and B for `plan` (generator_cooperative.cpp): each with K innermost or
// not, by 16-byte vectors or element by element; FLOAT16 or 8-bit elements, each 8-bit operand signed or not. A
// device checks each combination before it runs it (cooperative_check.h).
struct CooperativeLayout {
    bool aKInner = true, aVectors = false, bKInner = true, bVectors = false;
    bool eightBit = false, aUnsigned = false, bUnsigned = false;
    uint32_t key() const {
        return uint32_t(aKInner) | uint32_t(aVectors) << 1 | uint32_t(bKInner) << 2 | uint32_t(bVectors) << 3 |
               uint32_t(eightBit) << 4 | uint32_t(aUnsigned) << 5 | uint32_t(bUnsigned) << 6;
    }
};
CooperativeLayout cooperativeLayout(const Plan& plan);

// The cooperative-matrix kernel's shape for a device whose subgroups have `subgroupSize` invocations: for FLOAT16
// A and B, or for 8-bit ones.
KernelShape cooperativeShape(uint32_t subgroupSize, bool eightBit = false);
// Shared memory the cooperative-matrix kernel declares, in bytes.
uint32_t cooperativeSharedBytes(const KernelShape& shape);
// The cooperative-matrix kernel (shape.cooperative): FLOAT16 A and B of a Float plan, or 8-bit A and B of an
// integer multiply.
std::string generateCooperativeGemmGlsl(const Plan& plan, const KernelShape& shape);

}  // namespace vkdml::gemm
