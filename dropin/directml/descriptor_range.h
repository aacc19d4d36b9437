// The descriptor range of a DML_BINDING_TABLE_DESC: DirectML writes a dispatchable's descriptors there, so the CPU
// handle must lie in a shader-visible CBV_SRV_UAV heap with SizeInDescriptors descriptors left from it, the GPU
// handle must name the same descriptor, and SizeInDescriptors must cover the dispatchable's RequiredDescriptorCount.
#pragma once

#include <string>

#include "dml_includes.h"

namespace vkdml::dropin {

struct DescriptorRange {
    ComPtr<IUnknown> heap;  // the heap's identity; null when the range is empty and no heap was given
    UINT firstIndex = 0;
    UINT count = 0;
};

// S_OK with `range` filled, or E_INVALIDARG with `error` naming the field at fault.
HRESULT findDescriptorRange(const DML_BINDING_TABLE_DESC& desc, UINT requiredDescriptorCount, DescriptorRange& range,
                            std::string& error);

// The IUnknown identity of a COM object (nullptr for nullptr), for comparing two interface pointers.
ComPtr<IUnknown> identityOf(IUnknown* object);

}  // namespace vkdml::dropin
