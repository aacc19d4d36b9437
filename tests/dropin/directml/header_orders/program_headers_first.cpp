// A program that includes winadapter, d3d12 and dxguids itself before DirectML.h, and defines one IID it uses.
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <DirectML.h>
#include <DirectMLConfig.h>

WINADAPTER_IID(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f);

static_assert(DIRECTML_PREVIEW_BUILD == 0, "DirectMLConfig.h");
static_assert(DML_TARGET_VERSION == 0x6400, "the default target version");

int main() {
    IDMLDevice* device = nullptr;
    return device == nullptr && __uuidof(IDMLDevice).Data1 == 0x6dbd6437 && __uuidof(ID3D12Device).Data1 != 0 ? 0 : 1;
}
