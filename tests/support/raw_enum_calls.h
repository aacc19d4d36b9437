// Calls into the C API with enum arguments a C caller may pass but C++ may not (values outside the enum's range).
// The calls are made from C (raw_enum_calls.c), where any int is a valid enum value.
#pragma once

#include <cstring>

#include <vkdml/vkdml.h>

extern "C" {
HRESULT vkdmlTestCreateBufferRaw(VkdmlDevice device, unsigned heapType, UINT64 size, VkdmlBuffer* buffer);
HRESULT vkdmlTestCompileOperatorRaw(VkdmlDevice device, VkdmlOperator op, unsigned flags,
                                    VkdmlCompiledOperator* compiled);
HRESULT vkdmlTestCheckFeatureSupportRaw(VkdmlDevice device, unsigned feature, UINT querySize, const void* query,
                                        UINT dataSize, void* data);
}

namespace vkdml::test {
// Stores any integer in an enum-typed field, as C code may.
template <class E>
void setRaw(E& field, unsigned value) {
    static_assert(sizeof(E) == sizeof(unsigned), "DirectML enums are 32-bit");
    std::memcpy(&field, &value, sizeof(value));
}
}  // namespace vkdml::test
