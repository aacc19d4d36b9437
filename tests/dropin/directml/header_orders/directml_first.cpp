// A program that includes DirectML.h first (it brings winadapter and d3d12.h), then dxguids and vkdml's opt-in IIDs.
// It also uses std::runtime_error without <stdexcept>, as DirectMLX.h does.
#include <DirectML.h>
#include <dxguids/dxguids.h>
#include <vkdml_directml_iids.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>

int main() {
    DML_BINDING_TABLE_DESC desc{};
    IDMLDispatchable* dispatchable = desc.Dispatchable;
    const std::runtime_error directmlxThrows("DirectMLX.h throws this");
    (void)directmlxThrows;
    return dispatchable == nullptr && __uuidof(IDMLDevice1).Data1 == 0xa0884f9a ? 0 : 1;
}
