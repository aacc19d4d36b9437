// The rows kernel: strided tensors whose innermost dimension is contiguous (stride 1) in every tensor and a whole
// number of 16-byte vectors long, with every other stride and every base a whole number of vectors (padded rows,
// broadcast rows, slices of packed tensors). The host passes sizes, strides, bases and count in vectors; one vector
// per invocation, its coordinates from tensorIndices, no loop (the grid covers the chunk).
#include "elementwise_vector.glsl"

void main() {
    const uint v = gl_GlobalInvocationID.x;
    if (v < pc.count) {
        const TensorIndices at = tensorIndices(v);
        storeOutputVector(at.outIndex, applyToVector(loadInputVector(at.inIndex)));
    }
}
