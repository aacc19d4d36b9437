// A baseline for vkdml-bench only: the plain kernel other runtimes use (one vec4 per invocation, no grid-stride
// loop, the driver's exp/log, no tail handling beyond a bounds check). Never selected by operators.
void main() {
    const uint v = gl_GlobalInvocationID.x;
    const uint vecs = pc.count / 4u;
    if (v < vecs) {
        vec4 x = uintBitsToFloat(inVecs[pc.inBase / 4u + v]);
        outVecs[pc.outBase / 4u + v] = floatBitsToUint(vec4(vkdml_apply(x.x), vkdml_apply(x.y), vkdml_apply(x.z),
                                                            vkdml_apply(x.w)));
    }
}
