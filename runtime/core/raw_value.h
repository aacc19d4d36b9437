// Reads an enum-typed field or parameter as the integer the caller stored. C callers may store any value in a
// DirectML enum; loading an out-of-range value through the C++ enum type is undefined behaviour, so every
// user-provided enum is read through here before it is checked.
#pragma once

#include <cstdint>
#include <cstring>

namespace vkdml {

template <class E>
uint32_t rawValue(const E& value) {
    static_assert(sizeof(E) == sizeof(uint32_t), "DirectML enums are 32-bit");
    uint32_t raw;
    std::memcpy(&raw, &value, sizeof(raw));
    return raw;
}

}  // namespace vkdml
