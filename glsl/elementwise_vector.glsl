// The operator on one 16-byte vector of packed elements (4 fp32 or 8 fp16, as uvec4 of raw words): shared by the
// flat kernel and the rows kernel.
#if defined(VKDML_F32)
uvec4 applyToVector(uvec4 w) {
    const vec4 x = uintBitsToFloat(w);
    return floatBitsToUint(vec4(vkdml_apply(x.x), vkdml_apply(x.y), vkdml_apply(x.z), vkdml_apply(x.w)));
}
#elif defined(VKDML_F16)
uint applyToHalfPair(uint w) {
    const vec2 x = vk_floats_from_half_pair(w);
    return vk_half_pair_from_floats(vkdml_apply(x.x), vkdml_apply(x.y));
}
uvec4 applyToVector(uvec4 w) {
    return uvec4(applyToHalfPair(w.x), applyToHalfPair(w.y), applyToHalfPair(w.z), applyToHalfPair(w.w));
}
#endif
