// IDMLCommandRecorder: records a dispatch into the vkdml command list behind an open ID3D12GraphicsCommandList.
#pragma once

#include "dml_device_child.h"

namespace vkdml::dropin {

class DmlCommandRecorder final : public DmlDeviceChild<IDMLCommandRecorder> {
public:
    explicit DmlCommandRecorder(DmlDevice& device) : DmlDeviceChild(device) {}

    void STDMETHODCALLTYPE RecordDispatch(ID3D12CommandList* commandList, IDMLDispatchable* dispatchable,
                                          IDMLBindingTable* bindings) override;

protected:
    void* findInterface(REFIID riid) override {
        return answer<IDMLCommandRecorder, IDMLDeviceChild, IDMLObject, IVkdmlDmlImplementation>(riid);
    }

private:
    // S_OK, or E_INVALIDARG with `error` saying what DirectML's rules for RecordDispatch the call breaks.
    HRESULT record(ID3D12CommandList* commandList, IDMLDispatchable* dispatchable, IDMLBindingTable* bindings,
                   std::string& error);
};

}  // namespace vkdml::dropin
