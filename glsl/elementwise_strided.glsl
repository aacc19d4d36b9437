// The general kernel: up to 6 dimensions (5 with two inputs; the host cuts plans of higher rank into chunks) with
// arbitrary element strides per tensor (0 broadcasts an input), in a grid-stride loop.
void main() {
    const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    for (uint i = gl_GlobalInvocationID.x; i < pc.count; i += stride) {
        const TensorIndices at = tensorIndices(i);
#ifdef VKDML_BINARY
        storeOutput(at.outIndex, vkdml_apply(loadInput(at.inIndex), loadInput2(at.in2Index)));
#else
        storeOutput(at.outIndex, vkdml_apply(loadInput(at.inIndex)));
#endif
    }
}
