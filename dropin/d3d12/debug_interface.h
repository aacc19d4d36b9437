// ID3D12Debug..3: EnableDebugLayer makes later D3D12CreateDevice calls create vkdml devices with
// DML_CREATE_DEVICE_FLAG_DEBUG (the Vulkan validation layers). GPU-based validation settings are accepted and have
// no further effect.
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include "common/com_object.h"

namespace vkdml::dropin {

bool debugLayerEnabled();

class DebugInterface final : public ComObject<ID3D12Debug3, ID3D12Debug1, ID3D12Debug2> {
public:
    void STDMETHODCALLTYPE EnableDebugLayer() override;
    void STDMETHODCALLTYPE SetEnableGPUBasedValidation(BOOL) override {}
    void STDMETHODCALLTYPE SetEnableSynchronizedCommandQueueValidation(BOOL) override {}
    void STDMETHODCALLTYPE SetGPUBasedValidationFlags(D3D12_GPU_BASED_VALIDATION_FLAGS) override {}

protected:
    void* findInterface(REFIID riid) override;
};

}  // namespace vkdml::dropin
