// The Direct3D feature levels a vkdml device has: the compute-only levels 1_0_GENERIC and 1_0_CORE, and 11_0 up to
// 12_0 (what DirectML programs ask for; vkdml has no graphics, so the graphics parts of those levels are absent).
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3dcommon.h>

namespace vkdml::dropin {

// 1_0_GENERIC (newer headers than Debian's name it D3D_FEATURE_LEVEL_1_0_GENERIC).
constexpr D3D_FEATURE_LEVEL kFeatureLevel1_0Generic = D3D_FEATURE_LEVEL(0x100);
constexpr D3D_FEATURE_LEVEL kHighestFeatureLevel = D3D_FEATURE_LEVEL_12_0;

bool isSupportedFeatureLevel(D3D_FEATURE_LEVEL level);
// D3D12CreateDevice's MinimumFeatureLevel: S_OK when supported, DXGI_ERROR_UNSUPPORTED for a real level above
// 12_0, E_INVALIDARG for levels below 11_0 other than the 1_0 compute levels, and for values that are no level.
HRESULT checkMinimumFeatureLevel(D3D_FEATURE_LEVEL level);

}  // namespace vkdml::dropin
