// The flat kernel for tensors that are packed alike: one 16-byte vector (4 fp32, 8 fp16 or 4 to 16 integers) per
// invocation, no loop (both GPUs and lavapipe's SIMD-across-invocations compile this best); the invocation just past
// the last whole vector does the tail. outBase and inBase are multiples of 16 bytes. The host sizes the grid to cover
// every vector and splits larger tensors into several dispatches.
// kFlatMode (specialization constant 1): 0 = whole vectors and the tail, 1 = whole vectors only, 2 = the tail only
// (the host passes a count below one vector). CPU devices get modes 1 and 2 as two dispatches: lavapipe runs every
// branch of a shader under an execution mask, so a tail branch costs every invocation one more evaluation of the
// operator (a fifth for fp32).
layout(constant_id = 1) const uint kFlatMode = 0u;
#include "elementwise_vector.glsl"
const bool kVectorPart = kFlatMode != 2u;
const bool kTailPart = kFlatMode != 1u;
#if defined(VKDML_INT_BITS)
// The operator applied to every element packed in one 32-bit word.
uint applyToWord(uint word) {
    uint result = 0u;
    for (uint j = 0u; j < kPerWord; ++j) {
        const int offset = int(j * uint(VKDML_INT_BITS));
        const VKDML_VALUE x = bitfieldExtract(VKDML_VALUE(word), offset, VKDML_INT_BITS);
        result = bitfieldInsert(result, uint(vkdml_apply(x)), offset, VKDML_INT_BITS);
    }
    return result;
}
#endif

void main() {
    const uint v = gl_GlobalInvocationID.x;
#if defined(VKDML_F32)
    const uint vecs = pc.count / 4u;
    if (kVectorPart && v < vecs) {
        storeOutputVector(pc.outBase / 4u + v, applyToVector(loadInputVector(pc.inBase / 4u + v)));
    } else if (kTailPart && v == vecs) {
        for (uint i = vecs * 4u; i < pc.count; ++i)
            outWords[pc.outBase + i] = floatBitsToUint(vkdml_apply(uintBitsToFloat(inWords[pc.inBase + i])));
    }
#elif defined(VKDML_INT_BITS)
    // 16 bytes per invocation; the tail by whole words (padding elements of the last word lie inside the tensors'
    // TotalTensorSizeInBytes, as for fp16).
    const uint perVector = 4u * kPerWord;
    const uint vecs = pc.count / perVector;
    if (kVectorPart && v < vecs) {
        const uvec4 w = loadInputVector(pc.inBase / perVector + v);
        storeOutputVector(pc.outBase / perVector + v,
                          uvec4(applyToWord(w.x), applyToWord(w.y), applyToWord(w.z), applyToWord(w.w)));
    } else if (kTailPart && v == vecs) {
        const uint words = (pc.count + kPerWord - 1u) / kPerWord;
        for (uint i = vecs * 4u; i < words; ++i)
            outWords[pc.outBase / kPerWord + i] = applyToWord(inWords[pc.inBase / kPerWord + i]);
    }
#else
    const uint vecs = pc.count / 8u;
    if (kVectorPart && v < vecs) {
        storeOutputVector(pc.outBase / 8u + v, applyToVector(loadInputVector(pc.inBase / 8u + v)));
    } else if (kTailPart && v == vecs) {
        // The tail by whole words: an odd count's last word also holds 2 bytes of padding, which lie inside the
        // output's TotalTensorSizeInBytes (DirectML lets operators write anywhere in it).
        const uint words = (pc.count + 1u) / 2u;
        for (uint i = vecs * 4u; i < words; ++i) outWords[pc.outBase / 2u + i] = applyToHalfPair(inWords[pc.inBase / 2u + i]);
    }
#endif
}
