// The operator on one 16-byte vector of packed elements (4 fp32 or 8 fp16, as uvec4 of raw words): shared by the
// flat kernel and the rows kernel.
#if defined(VKDML_F32)
uvec4 applyToVector(uvec4 w) {
    const vec4 x = uintBitsToFloat(w);
    return floatBitsToUint(vec4(vkdml_apply(x.x), vkdml_apply(x.y), vkdml_apply(x.z), vkdml_apply(x.w)));
}
#elif defined(VKDML_F16)
uint applyToHalfPair(uint w) {
    const float lo = vkdml_apply(vk_float_from_half_bits(w & 0xffffu));
    const float hi = vkdml_apply(vk_float_from_half_bits(w >> 16));
    return vk_half_bits_from_float(lo) | (vk_half_bits_from_float(hi) << 16);
}
uvec4 applyToVector(uvec4 w) {
    return uvec4(applyToHalfPair(w.x), applyToHalfPair(w.y), applyToHalfPair(w.z), applyToHalfPair(w.w));
}
#endif
