#include "dxcore_attributes.h"

namespace vkdml::dropin {
namespace {

// DXCore's attribute GUIDs (defined here so the library needs neither libDirectX-Guids nor a DirectX-Headers
// version that has the newer ones).
constexpr GUID kCoreCompute = {0x248e2800, 0xa793, 0x4724, {0xab, 0xaa, 0x23, 0xa6, 0xde, 0x1b, 0xe0, 0x90}};
constexpr GUID kGenericMl = {0xb71b0d41, 0x1088, 0x422f, {0xa2, 0x7c, 0x02, 0x50, 0xb7, 0xd3, 0xa9, 0x88}};
constexpr GUID kHardwareTypeGpu = {0xb69eb219, 0x3ded, 0x4464, {0x97, 0x9f, 0xa0, 0x0b, 0xd4, 0x68, 0x70, 0x06}};

}  // namespace

bool adapterHasAttribute(const AdapterRecord& adapter, REFGUID attribute) {
    if (attribute == kCoreCompute || attribute == kGenericMl) return true;
    if (attribute == kHardwareTypeGpu) return !adapter.isSoftware();
    return false;
}

}  // namespace vkdml::dropin
