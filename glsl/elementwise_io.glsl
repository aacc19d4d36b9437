// What every element-wise kernel shares: the push constants (mirrored by runtime/ops/elementwise/kernel_params.h), the tensor
// bindings and the loads and stores for each storage variant. Binding 0 is the output, 1 the input, 2 the second
// input of two-input kernels (VKDML_BINARY).
//   VKDML_F32        fp32 elements in 32-bit words
//   VKDML_F16        fp16 elements packed two per 32-bit word (any device); strided stores use atomics
//   VKDML_F16_S16    fp16 elements as uint16_t (devices with storageBuffer16BitAccess), for strided kernels
//   VKDML_INT_BITS   8-, 16- or 32-bit integers packed in 32-bit words, signed if VKDML_INT_SIGNED is 1; computed as
//                    int or uint (vkdml_integer.glsl); strided stores of sub-word elements use atomics
//   VKDML_BITS64     any 64-bit element (INT64, UINT64, FLOAT64) as a pair of words, moved bit for bit (copies only)
// fp16 values are converted in integer arithmetic (vkdml_half.glsl), so rounding is to nearest even on every driver.
#ifdef VKDML_F16_S16
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#endif
#if defined(VKDML_INT64) || defined(VKDML_WIDE_WORDS)
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#endif

#if defined(VKDML_BITS64)
#define VKDML_VALUE uvec2
#elif defined(VKDML_INT_BITS)
#if VKDML_INT_SIGNED
#define VKDML_VALUE int
#else
#define VKDML_VALUE uint
#endif
#else
#define VKDML_VALUE float
#endif

layout(local_size_x_id = 0) in;

// 24 words of dimension arrays: 6 dimensions for two tensors, 5 for three (runtime/ops/elementwise/kernel_params.h).
#ifdef VKDML_BINARY
#define VKDML_MAX_RANK 5
#else
#define VKDML_MAX_RANK 6
#endif

layout(push_constant, std430) uniform KernelParams {
    uint count;      // elements in this dispatch
    uint rank;       // dimensions in sizes/strides (strided kernels)
    uint outBase;    // element offset of the first element within the bound output range
    uint inBase;
#ifdef VKDML_INT_BITS
    uint p0bits;     // operator attributes in the integer forms the host derived from them
    uint p1bits;
#else
    float p0;        // operator attributes (Alpha, Beta, Steepness, ...)
    float p1;
#endif
    uint in2Base;
    uint flags;      // operator-specific (integer SHRINK); the shifts of two-input kernels
    uint sizes[VKDML_MAX_RANK];  // innermost first
    uint magics[VKDML_MAX_RANK - 1];  // floor(n / sizes[d]) = umulHigh(n, magics[d]) >> shift d (n < 2^31)
    uint outStrides[VKDML_MAX_RANK];
    uint inStrides[VKDML_MAX_RANK];
#ifdef VKDML_BINARY
    uint in2Strides[VKDML_MAX_RANK];
#else
    uint shifts;     // 5 bits per dimension
#endif
} pc;

#ifdef VKDML_BINARY
#define VKDML_SHIFTS pc.flags
#else
#define VKDML_SHIFTS pc.shifts
#endif
// floor(n / sizes[d]) for n < 2^31.
uint vk_divide_by_size(uint n, uint d) {
    const uint magic = pc.magics[d];
    if (magic == 0u) return n;  // size 1
    uint high, low;
    umulExtended(n, magic, high, low);
    return high >> ((VKDML_SHIFTS >> (5u * d)) & 31u);
}

// Where flat index i of the chunk (over pc.sizes, innermost first) lies in each tensor: pc's base plus the
// coordinates times pc's strides. Coordinates come from multiply-high divisions (vk_divide_by_size).
struct TensorIndices {
    uint outIndex;
    uint inIndex;
    uint in2Index;
};
TensorIndices tensorIndices(uint i) {
    const uint last = pc.rank - 1u;
    uint rest = i;
    TensorIndices at;
    at.outIndex = pc.outBase;
    at.inIndex = pc.inBase;
    at.in2Index = pc.in2Base;
    for (uint d = 0u; d < last; ++d) {
        const uint q = vk_divide_by_size(rest, d);
        const uint c = rest - q * pc.sizes[d];
        rest = q;
        at.outIndex += c * pc.outStrides[d];
        at.inIndex += c * pc.inStrides[d];
#ifdef VKDML_BINARY
        at.in2Index += c * pc.in2Strides[d];
#endif
    }
    at.outIndex += rest * pc.outStrides[last];
    at.inIndex += rest * pc.inStrides[last];
#ifdef VKDML_BINARY
    at.in2Index += rest * pc.in2Strides[last];
#endif
    return at;
}

#if defined(VKDML_F16_S16)
layout(std430, binding = 0) buffer OutHalves { uint16_t outHalves[]; };
layout(std430, binding = 1) readonly buffer InHalves { uint16_t inHalves[]; };
layout(std430, binding = 2) readonly buffer In2Halves { uint16_t in2Halves[]; };
#else
layout(std430, binding = 0) buffer OutWords { uint outWords[]; };
layout(std430, binding = 1) readonly buffer InWords { uint inWords[]; };
layout(std430, binding = 2) readonly buffer In2Words { uint in2Words[]; };
layout(std430, binding = 0) buffer OutVecs { uvec4 outVecs[]; };
layout(std430, binding = 1) readonly buffer InVecs { uvec4 inVecs[]; };
#endif

// The flat and rows kernels' 16-byte vectors. VKDML_WIDE_WORDS (llvmpipe) moves them as two 64-bit words: its
// storage-buffer accesses run one component of one lane at a time, and 64-bit components halve their count.
#if defined(VKDML_WIDE_WORDS) && !defined(VKDML_F16_S16)
layout(std430, binding = 0) buffer OutPairs { u64vec2 outPairs[]; };
layout(std430, binding = 1) readonly buffer InPairs { u64vec2 inPairs[]; };
uvec4 loadInputVector(uint v) {
    const u64vec2 p = inPairs[v];
    return uvec4(unpack32(p.x), unpack32(p.y));
}
void storeOutputVector(uint v, uvec4 w) { outPairs[v] = u64vec2(pack64(w.xy), pack64(w.zw)); }
#elif !defined(VKDML_F16_S16)
uvec4 loadInputVector(uint v) { return inVecs[v]; }
void storeOutputVector(uint v, uvec4 w) { outVecs[v] = w; }
#endif

#include "vkdml_half.glsl"
#include "vkdml_math.glsl"
#include "vkdml_trig_hyperbolic_pow.glsl"
#include "vkdml_straight.glsl"
#include "vkdml_half_forms.glsl"
#include "vkdml_half_trig_pow.glsl"
#include "vkdml_activations.glsl"

#if defined(VKDML_BITS64)
VKDML_VALUE loadInput(uint index) { return uvec2(inWords[2u * index], inWords[2u * index + 1u]); }
#elif defined(VKDML_INT_BITS)
#include "vkdml_integer.glsl"
const uint kPerWord = 32u / uint(VKDML_INT_BITS);
VKDML_VALUE loadElement(uint word, uint index) {
    return bitfieldExtract(VKDML_VALUE(word), int((index % kPerWord) * uint(VKDML_INT_BITS)), VKDML_INT_BITS);
}
VKDML_VALUE loadInput(uint index) { return loadElement(inWords[index / kPerWord], index); }
VKDML_VALUE loadInput2(uint index) { return loadElement(in2Words[index / kPerWord], index); }
#elif defined(VKDML_F32)
#define VKDML_LOAD(words, index) uintBitsToFloat(words[index])
#elif defined(VKDML_F16_S16)
#define VKDML_LOAD(halves, index) vk_float_from_half_bits(uint(halves[index]))
#else
#define VKDML_LOAD(words, index) \
    vk_float_from_half_bits((((index) & 1u) != 0u) ? (words[(index) >> 1] >> 16) : (words[(index) >> 1] & 0xffffu))
#endif

#if defined(VKDML_INT_BITS) || defined(VKDML_BITS64)
#elif defined(VKDML_F16_S16)
float loadInput(uint index) { return VKDML_LOAD(inHalves, index); }
float loadInput2(uint index) { return VKDML_LOAD(in2Halves, index); }
#else
float loadInput(uint index) { return VKDML_LOAD(inWords, index); }
float loadInput2(uint index) { return VKDML_LOAD(in2Words, index); }
#endif

// Stores one element that other invocations may share a 32-bit word with.
void storeOutput(uint index, VKDML_VALUE value) {
#if defined(VKDML_BITS64)
    outWords[2u * index] = value.x;
    outWords[2u * index + 1u] = value.y;
#elif defined(VKDML_INT_BITS) && VKDML_INT_BITS == 32
    outWords[index] = uint(value);
#elif defined(VKDML_INT_BITS)
    const uint shift = (index % kPerWord) * uint(VKDML_INT_BITS);
    const uint mask = ((1u << VKDML_INT_BITS) - 1u) << shift;
    // One atomic flipping this element's bits to the value: its operand depends on the value, so an input bound in
    // place is read before it (see the generator's sub-word stores).
    atomicXor(outWords[index / kPerWord], (outWords[index / kPerWord] & mask) ^ ((uint(value) << shift) & mask));
#elif defined(VKDML_F32)
    outWords[index] = floatBitsToUint(value);
#elif defined(VKDML_F16_S16)
    outHalves[index] = uint16_t(vk_half_bits_from_float(value));
#else
    uint shift = (index & 1u) * 16u;
    atomicXor(outWords[index >> 1],
              (outWords[index >> 1] & (0xffffu << shift)) ^ (vk_half_bits_from_float(value) << shift));
#endif
}
