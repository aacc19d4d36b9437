// The DXCore attributes vkdml's adapters are asked about, including those newer than the installed DirectX-Headers
// (their values are DXCore's).
#pragma once

#include "dxgi/adapter_catalog.h"

namespace vkdml::dropin {

// Listed by CreateAdapterList and answered TRUE by IsAttributeSupported: vkdml adapters run compute and ML work
// (every one), and are GPUs unless Vulkan says they are CPUs. Graphics and media are not supported.
bool adapterHasAttribute(const AdapterRecord& adapter, REFGUID attribute);

}  // namespace vkdml::dropin
