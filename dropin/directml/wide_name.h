// Object names: SetName takes a wide string (wchar_t is 4 bytes on Linux); vkdml names are UTF-8.
#pragma once

#include <string>

#include <wsl/winadapter.h>

namespace vkdml::dropin {

// UTF-8 of a NUL-terminated wide string (UTF-32 code points; invalid ones become U+FFFD).
std::string utf8OfWide(PCWSTR name);

}  // namespace vkdml::dropin
