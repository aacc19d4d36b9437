// libd3d12.so's exported functions: D3D12CreateDevice, D3D12GetDebugInterface, vkdml's interop entry points, and
// the root-signature and experimental-feature functions, which are outside the compute subset.
#include <string>

#include "debug_interface.h"
#include "common/debug_message.h"
#include "descriptor_heap.h"
#include "device.h"
#include "device_singletons.h"
#include "feature_levels.h"

using namespace vkdml::dropin;

namespace {

void forwardVkdmlMessage(VKDML_MESSAGE_SEVERITY, HRESULT, const char* message, void*) {
    debugMessage(message);
}

// The vkdml adapter index `adapter` stands for (NULL: vkdml's default).
HRESULT adapterIndexOf(IUnknown* adapter, INT* index) {
    *index = VKDML_ADAPTER_INDEX_DEFAULT;
    if (!adapter) return S_OK;
    IVkdmlAdapter* vkdmlAdapter = nullptr;
    if (FAILED(adapter->QueryInterface(__uuidof(IVkdmlAdapter), reinterpret_cast<void**>(&vkdmlAdapter)))) {
        debugMessage("D3D12CreateDevice: pAdapter is not an adapter of vkdml's libdxgi.so or libdxcore.so "
                     "(it does not answer IVkdmlAdapter)");
        return E_INVALIDARG;
    }
    *index = INT(vkdmlAdapter->GetVkdmlAdapterIndex());
    vkdmlAdapter->Release();
    UINT count = 0;
    if (FAILED(vkdmlEnumerateAdapters(&count, nullptr)) || UINT(*index) >= count) {
        debugMessagef("D3D12CreateDevice: adapter %d is not among vkdml's %u adapters", *index, count);
        return DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

HRESULT wrapDevice(VkdmlDevice vkdml, REFIID riid, void** device) {
    return returnObject(S_OK, new Device(vkdml), riid, device);
}

}  // namespace

extern "C" {

HRESULT WINAPI D3D12CreateDevice(IUnknown* adapter, D3D_FEATURE_LEVEL minimumFeatureLevel, REFIID riid,
                                 void** device) {
    if (device) *device = nullptr;
    const HRESULT levelCheck = checkMinimumFeatureLevel(minimumFeatureLevel);
    if (FAILED(levelCheck)) {
        debugMessagef("D3D12CreateDevice: MinimumFeatureLevel 0x%x is %s", unsigned(minimumFeatureLevel),
                      levelCheck == DXGI_ERROR_UNSUPPORTED ? "above the 12_0 vkdml supports"
                                                           : "not one vkdml accepts (1_0_GENERIC, 1_0_CORE, 11_0, "
                                                             "11_1, 12_0)");
        return levelCheck;
    }
    VKDML_DEVICE_DESC desc{};
    HRESULT hr = adapterIndexOf(adapter, &desc.AdapterIndex);
    if (FAILED(hr)) return hr;
    desc.Flags = debugLayerEnabled() ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE;
    desc.MessageCallback = forwardVkdmlMessage;
    if (!device) {  // "would it succeed": an adapter exists
        UINT count = 0;
        return SUCCEEDED(vkdmlEnumerateAdapters(&count, nullptr)) && count > 0 ? S_FALSE : DXGI_ERROR_UNSUPPORTED;
    }
    Device* created = nullptr;
    hr = findOrCreateDevice(
        desc.AdapterIndex,
        [&](Device** made) {
            VkdmlDevice vkdml = nullptr;
            const HRESULT result = vkdmlCreateDevice(&desc, &vkdml);
            if (FAILED(result)) {
                debugMessagef("D3D12CreateDevice: vkdml could not create a device (0x%08x)", unsigned(result));
                return result;
            }
            *made = new Device(vkdml);
            return S_OK;
        },
        &created);
    return returnObject(hr, static_cast<ID3D12Device*>(created), riid, device);
}

HRESULT WINAPI D3D12GetDebugInterface(REFIID riid, void** debug) {
    if (!debug) return E_POINTER;
    return returnObject(S_OK, new DebugInterface, riid, debug);
}

HRESULT WINAPI D3D12EnableExperimentalFeatures(UINT, const IID*, void*, UINT*) {
    return notImplemented("D3D12EnableExperimentalFeatures");
}

HRESULT WINAPI D3D12GetInterface(REFCLSID, REFIID, void** object) {
    if (object) *object = nullptr;
    return notImplemented("D3D12GetInterface");
}

HRESULT WINAPI D3D12SerializeRootSignature(const D3D12_ROOT_SIGNATURE_DESC*, D3D_ROOT_SIGNATURE_VERSION,
                                           ID3DBlob** blob, ID3DBlob** errorBlob) {
    if (blob) *blob = nullptr;
    if (errorBlob) *errorBlob = nullptr;
    return notImplemented("D3D12SerializeRootSignature");
}

HRESULT WINAPI D3D12SerializeVersionedRootSignature(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC*, ID3DBlob** blob,
                                                    ID3DBlob** errorBlob) {
    if (blob) *blob = nullptr;
    if (errorBlob) *errorBlob = nullptr;
    return notImplemented("D3D12SerializeVersionedRootSignature");
}

HRESULT WINAPI D3D12CreateRootSignatureDeserializer(LPCVOID, SIZE_T, REFIID, void** deserializer) {
    if (deserializer) *deserializer = nullptr;
    return notImplemented("D3D12CreateRootSignatureDeserializer");
}

HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializer(LPCVOID, SIZE_T, REFIID, void** deserializer) {
    if (deserializer) *deserializer = nullptr;
    return notImplemented("D3D12CreateVersionedRootSignatureDeserializer");
}

HRESULT VkdmlD3D12CreateDeviceFromVulkan(const VKDML_DEVICE_DESC* desc, REFIID riid, void** device) {
    if (device) *device = nullptr;
    if (!device) return E_POINTER;
    if (!desc || !desc->Device) {
        debugMessage("VkdmlD3D12CreateDeviceFromVulkan: desc is NULL or desc->Device is VK_NULL_HANDLE");
        return E_INVALIDARG;
    }
    VKDML_DEVICE_DESC withMessages = *desc;
    if (!withMessages.MessageCallback) withMessages.MessageCallback = forwardVkdmlMessage;
    VkdmlDevice vkdml = nullptr;
    const HRESULT hr = vkdmlCreateDevice(&withMessages, &vkdml);
    if (FAILED(hr)) {
        debugMessagef("VkdmlD3D12CreateDeviceFromVulkan: vkdml could not adopt the Vulkan device (0x%08x)",
                      unsigned(hr));
        return hr;
    }
    return wrapDevice(vkdml, riid, device);
}

HRESULT VkdmlD3D12FindDescriptorHeap(D3D12_CPU_DESCRIPTOR_HANDLE handle, IVkdmlD3D12DescriptorHeap** heap,
                                     UINT* index) {
    if (heap) *heap = nullptr;
    if (index) *index = 0;
    if (!heap || !index) return E_POINTER;
    DescriptorHeap* found = DescriptorHeap::findByCpuHandle(handle.ptr, index);
    if (!found) {
        debugMessage("VkdmlD3D12FindDescriptorHeap: the handle is no live descriptor heap's");
        return E_INVALIDARG;
    }
    *heap = found;
    return S_OK;
}

}  // extern "C"
