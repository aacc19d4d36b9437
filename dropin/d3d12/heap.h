// ID3D12Heap1: one VkdmlBuffer that placed buffers are ranges of.
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then takes the D3D12 and Windows types from it
#include <vkdml/vkdml.h>

#include "object_base.h"

namespace vkdml::dropin {

class Heap final : public DeviceChild<ID3D12Heap1> {
public:
    // Takes over the reference on `buffer`.
    Heap(Device& device, const D3D12_HEAP_DESC& desc, VKDML_HEAP_TYPE vkdmlHeap, VkdmlBuffer buffer);
    ~Heap() override;
    static Heap* fromInterface(const void* heap);

    D3D12_HEAP_DESC STDMETHODCALLTYPE GetDesc() override { return desc_; }
    HRESULT STDMETHODCALLTYPE GetProtectedResourceSession(REFIID riid, void** session) override;

    VkdmlBuffer buffer() const { return buffer_; }
    VKDML_HEAP_TYPE vkdmlHeap() const { return vkdmlHeap_; }
    uint64_t gpuAddress() const { return gpuAddress_; }

protected:
    void* findInterface(REFIID riid) override;
    void nameChanged(const std::string& name) override { vkdmlSetName(buffer_, name.c_str()); }

private:
    const D3D12_HEAP_DESC desc_;
    const VKDML_HEAP_TYPE vkdmlHeap_;
    VkdmlBuffer buffer_;
    const uint64_t gpuAddress_;
};

}  // namespace vkdml::dropin
