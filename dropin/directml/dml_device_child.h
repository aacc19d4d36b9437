// IDMLDeviceChild for the objects a DML device creates: each holds a reference to its device, so releasing the
// device first leaves it alive until its last child goes.
#pragma once

#include "dml_device.h"

namespace vkdml::dropin {

template <class Primary, class... Others>
class DmlDeviceChild : public DmlObject<Primary, Others...> {
public:
    explicit DmlDeviceChild(DmlDevice& device) : device_(device) { device_.AddRef(); }
    ~DmlDeviceChild() override { device_.Release(); }

    HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppv) override {
        if (!ppv) return device_.report(E_POINTER, "IDMLDeviceChild::GetDevice: ppv is NULL");
        return device_.QueryInterface(riid, ppv);
    }

    DmlDevice& device() { return device_; }

private:
    DmlDevice& device_;
};

}  // namespace vkdml::dropin
