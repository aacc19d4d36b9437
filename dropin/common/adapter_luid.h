// The LUID every drop-in library reports for a vkdml adapter (DXGI, DXCore and ID3D12Device::GetAdapterLuid agree):
// derived from the Vulkan device UUID, so it is stable across processes and distinct between devices.
#pragma once

#include <cstdint>

#include <wsl/winadapter.h>

namespace vkdml::dropin {

inline LUID luidOfDeviceUuid(const uint8_t (&uuid)[16]) {
    uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a over the 16 bytes
    for (uint8_t byte : uuid) hash = (hash ^ byte) * 0x100000001b3ull;
    LUID luid;
    luid.LowPart = static_cast<DWORD>(hash);
    luid.HighPart = static_cast<LONG>(hash >> 32);
    return luid;
}

}  // namespace vkdml::dropin
