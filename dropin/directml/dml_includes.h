// What every file of libdirectml.so compiles against, in the one order that works: DirectML's COM header first (it
// sets the object-field types of <vkdml/DirectML.h>), then vkdml's C API, the interop interfaces, and the IIDs.
#pragma once

#include <DirectML.h>

#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>
#include <vkdml/vkdml.h>
#include <vkdml_d3d12.h>
#include <vkdml_directml_iids.h>
#include <wrl/client.h>

namespace vkdml::dropin {

using Microsoft::WRL::ComPtr;

// vkdml's C functions take DML structs whose object fields hold vkdml handles; in this library those fields are typed
// as the COM pointers (same size, both pointers), so a handle is stored in them through this cast.
template <class Field, class Handle>
Field* handleAsField(Handle handle) {
    return reinterpret_cast<Field*>(handle);
}

}  // namespace vkdml::dropin
