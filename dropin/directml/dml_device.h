// IDMLDevice1 (with IDMLDevice, IDMLObject), IDMLDebugDevice and IVkdmlDmlDevice over the vkdml device behind an
// ID3D12Device. One per
// DMLCreateDevice call; every object it creates holds a reference to it.
#pragma once

#include <atomic>
#include <string>

#include "dml_object.h"
#include "vkdml_directml.h"

namespace vkdml::dropin {

class DmlDevice final : public DmlObject<IDMLDevice1, IDMLDebugDevice, IVkdmlDmlDevice> {
public:
    // d3d12Device and vkdmlDevice: borrowed here, each referenced by the device for its lifetime.
    DmlDevice(ID3D12Device* d3d12Device, VkdmlDevice vkdmlDevice, DML_CREATE_DEVICE_FLAGS flags);
    ~DmlDevice() override;

    // IDMLDevice
    HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DML_FEATURE feature, UINT featureQueryDataSize,
                                                  const void* featureQueryData, UINT featureSupportDataSize,
                                                  void* featureSupportData) override;
    HRESULT STDMETHODCALLTYPE CreateOperator(const DML_OPERATOR_DESC* desc, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CompileOperator(IDMLOperator* op, DML_EXECUTION_FLAGS flags, REFIID riid,
                                              void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateOperatorInitializer(UINT operatorCount, IDMLCompiledOperator* const* operators,
                                                        REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateCommandRecorder(REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE CreateBindingTable(const DML_BINDING_TABLE_DESC* desc, REFIID riid,
                                                 void** ppv) override;
    HRESULT STDMETHODCALLTYPE Evict(UINT count, IDMLPageable* const* ppObjects) override;
    HRESULT STDMETHODCALLTYPE MakeResident(UINT count, IDMLPageable* const* ppObjects) override;
    HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() override;
    HRESULT STDMETHODCALLTYPE GetParentDevice(REFIID riid, void** ppv) override;
    // IDMLDevice1
    HRESULT STDMETHODCALLTYPE CompileGraph(const DML_GRAPH_DESC* desc, DML_EXECUTION_FLAGS flags, REFIID riid,
                                           void** ppv) override;
    // IDMLDebugDevice (answered by devices created with DML_CREATE_DEVICE_FLAG_DEBUG)
    void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL mute) override;
    // IVkdmlDmlDevice (vkdml_directml.h)
    VkdmlDevice STDMETHODCALLTYPE GetVkdmlDevice() override { return vkdml_; }
    HRESULT STDMETHODCALLTYPE CreateOperatorFromVkdml(VkdmlOperator op, REFIID riid, void** ppv) override;
    HRESULT STDMETHODCALLTYPE GetVkdmlDispatchable(IDMLDispatchable* dispatchable,
                                                   VkdmlDispatchable* vkdmlDispatchable) override;

    VkdmlDevice vkdml() const { return vkdml_; }
    bool isDebug() const { return (static_cast<UINT>(flags_) & DML_CREATE_DEVICE_FLAG_DEBUG) != 0; }

    // A refused or failed call: `message` (naming the method and the field) goes to the debug output, and to stderr
    // on DEBUG devices whose output is not muted. Returns hr.
    HRESULT report(HRESULT hr, const std::string& message);
    // Invalid use of a method that returns no HRESULT: as DirectML documents, the device is removed, with `reason`
    // as GetDeviceRemovedReason's answer; the call records and binds nothing.
    void removeForMisuse(HRESULT reason, const std::string& message);
    // DXGI_ERROR_DEVICE_REMOVED once this device (or the vkdml device under it) is removed, else S_OK.
    HRESULT removedStatus();

protected:
    // The name stays here: the vkdml device under it is shared with the D3D12 device and its other DML devices.
    void* findInterface(REFIID riid) override;

private:
    HRESULT createChecked(const char* method, HRESULT hr, IUnknown* object, REFIID riid, void** ppv, bool optional);

    ID3D12Device* d3d12Device_;
    VkdmlDevice vkdml_;
    DML_CREATE_DEVICE_FLAGS flags_;
    std::atomic<HRESULT> removedReason_{S_OK};
    std::atomic<bool> muted_{false};
};

}  // namespace vkdml::dropin
