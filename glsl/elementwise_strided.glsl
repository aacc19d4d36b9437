// The general kernel: up to 6 dimensions (5 with two inputs; the host cuts plans of higher rank into chunks) with
// arbitrary element strides per tensor (0 broadcasts an input). Coordinates come from the flat index by
// multiply-high divisions (vk_divide_by_size).
void main() {
    const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    const uint last = pc.rank - 1u;
    for (uint i = gl_GlobalInvocationID.x; i < pc.count; i += stride) {
        uint rest = i;
        uint outIndex = pc.outBase, inIndex = pc.inBase;
#ifdef VKDML_BINARY
        uint in2Index = pc.in2Base;
#endif
        for (uint d = 0u; d < last; ++d) {
            uint size = pc.sizes[d];
            uint q = vk_divide_by_size(rest, d);
            uint c = rest - q * size;
            rest = q;
            outIndex += c * pc.outStrides[d];
            inIndex += c * pc.inStrides[d];
#ifdef VKDML_BINARY
            in2Index += c * pc.in2Strides[d];
#endif
        }
        outIndex += rest * pc.outStrides[last];
        inIndex += rest * pc.inStrides[last];
#ifdef VKDML_BINARY
        in2Index += rest * pc.in2Strides[last];
        storeOutput(outIndex, vkdml_apply(loadInput(inIndex), loadInput2(in2Index)));
#else
        storeOutput(outIndex, vkdml_apply(loadInput(inIndex)));
#endif
    }
}
