#include "feature_levels.h"

namespace vkdml::dropin {

bool isSupportedFeatureLevel(D3D_FEATURE_LEVEL level) {
    return level == kFeatureLevel1_0Generic || level == D3D_FEATURE_LEVEL_1_0_CORE ||
           level == D3D_FEATURE_LEVEL_11_0 || level == D3D_FEATURE_LEVEL_11_1 || level == D3D_FEATURE_LEVEL_12_0;
}

HRESULT checkMinimumFeatureLevel(D3D_FEATURE_LEVEL level) {
    if (isSupportedFeatureLevel(level)) return S_OK;
    if (level == D3D_FEATURE_LEVEL_12_1 || level == D3D_FEATURE_LEVEL_12_2) return DXGI_ERROR_UNSUPPORTED;
    return E_INVALIDARG;
}

}  // namespace vkdml::dropin
