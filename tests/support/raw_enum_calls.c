/* See raw_enum_calls.h: C lets these calls carry any integer in their enum arguments. */
#include <vkdml/vkdml.h>

HRESULT vkdmlTestCreateBufferRaw(VkdmlDevice device, unsigned heapType, UINT64 size, VkdmlBuffer* buffer) {
    return vkdmlCreateBuffer(device, (VKDML_HEAP_TYPE)heapType, size, buffer);
}

HRESULT vkdmlTestCompileOperatorRaw(VkdmlDevice device, VkdmlOperator op, unsigned flags,
                                    VkdmlCompiledOperator* compiled) {
    return vkdmlCompileOperator(device, op, (DML_EXECUTION_FLAGS)flags, compiled);
}

HRESULT vkdmlTestCheckFeatureSupportRaw(VkdmlDevice device, unsigned feature, UINT querySize, const void* query,
                                        UINT dataSize, void* data) {
    return vkdmlCheckFeatureSupport(device, (DML_FEATURE)feature, querySize, query, dataSize, data);
}
