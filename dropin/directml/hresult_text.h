// HRESULTs in messages: "0x80070057".
#pragma once

#include <cstdio>
#include <string>

#include <wsl/winadapter.h>

namespace vkdml::dropin {

inline std::string hresultText(HRESULT hr) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08X", static_cast<unsigned>(hr));
    return text;
}

}  // namespace vkdml::dropin
