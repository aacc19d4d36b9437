// The DXGI formats a typed buffer view may have in vkdml's subset: uniform channels of 8, 16 or 32 bits.
#pragma once

#include <cstdint>

#include <wsl/winadapter.h>
#include <directx/dxgiformat.h>

namespace vkdml::dropin {

struct FormatLayout {
    uint32_t channels = 0;  // 0: not a format vkdml's buffer views support
    uint32_t channelBits = 0;
    bool isFloat = false;  // FLOAT channels (ClearUnorderedAccessViewFloat writes them as IEEE values)
    uint32_t bytes() const { return channels * channelBits / 8; }
};

FormatLayout formatLayout(DXGI_FORMAT format);

}  // namespace vkdml::dropin
