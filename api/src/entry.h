// What every C entry point shares: handle -> object with kind checks, and exceptions -> HRESULT plus a message to the
// device's callback. No DirectML or Vulkan logic lives in api/.
#pragma once

#include <string>

#include <vkdml/vkdml.h>

#include "core/binding_table.h"
#include "core/command_list.h"
#include "core/error.h"
#include "core/raw_value.h"

namespace vkdml::api {

template <class T>
constexpr ObjectKind kindOf();
template <> constexpr ObjectKind kindOf<Device>() { return ObjectKind::Device; }
template <> constexpr ObjectKind kindOf<Operator>() { return ObjectKind::Operator; }
template <> constexpr ObjectKind kindOf<Dispatchable>() { return ObjectKind::Dispatchable; }
template <> constexpr ObjectKind kindOf<BindingTable>() { return ObjectKind::BindingTable; }
template <> constexpr ObjectKind kindOf<Buffer>() { return ObjectKind::Buffer; }
template <> constexpr ObjectKind kindOf<CommandList>() { return ObjectKind::CommandList; }

// The object behind a handle, or nullptr when the handle is NULL or not a live object of that kind.
inline Object* objectOf(const void* handle) {
    if (!handle) return nullptr;
    auto* object = static_cast<Object*>(const_cast<void*>(handle));
    return object->alive() ? object : nullptr;
}

template <class T>
T* as(const void* handle) {
    Object* object = objectOf(handle);
    return object && object->kind() == kindOf<T>() ? static_cast<T*>(object) : nullptr;
}

// Throws E_INVALIDARG naming the parameter when the handle is not a live T.
template <class T>
T& need(const void* handle, const char* parameter) {
    T* object = as<T>(handle);
    if (!object)
        invalidArg(std::string(parameter) + (handle ? " is not a live " : " is NULL; expected a ") +
                   objectKindName(kindOf<T>()));
    return *object;
}

template <class Handle>
Handle toHandle(Object* object) {
    return reinterpret_cast<Handle>(object);
}

// Runs `body`; an exception becomes its HRESULT and `message` (hresultOfCurrentException in core/error.h).
template <class Body>
HRESULT catchingErrors(Body&& body, std::string& message) {
    try {
        body();
        return S_OK;
    } catch (...) {
        return hresultOfCurrentException(message);
    }
}

// Runs `body`; an exception becomes its HRESULT, with the message sent to `device` (when known). A Vulkan device
// loss also removes the device.
template <class Body>
HRESULT guarded(Device* device, const char* function, Body&& body) {
    std::string message;
    const HRESULT hr = catchingErrors(
        [&] {
            if (device) device->throwIfRemoved();
            body();
        },
        message);
    if (SUCCEEDED(hr)) return hr;
    if (device) {
        if (hr == DXGI_ERROR_DEVICE_REMOVED) device->markRemoved(DXGI_ERROR_DEVICE_REMOVED);
        try {
            device->report(VKDML_MESSAGE_SEVERITY_ERROR, hr, std::string(function) + ": " + message);
        } catch (...) {
        }
    }
    return hr;
}

// The device an arbitrary handle reports to, or nullptr.
inline Device* deviceOf(const void* handle) {
    Object* object = objectOf(handle);
    return object ? &object->owningDevice() : nullptr;
}

}  // namespace vkdml::api
