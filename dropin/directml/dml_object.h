// The base of every IDML* object of libdirectml.so: IUnknown (ComObject), IDMLObject (private data, SetName), and a
// private interface through which the library finds its own object behind an interface pointer a program passes in.
#pragma once

#include <mutex>
#include <string>

#include "common/com_object.h"
#include "dml_includes.h"
#include "common/private_data.h"
#include "wide_name.h"

namespace vkdml::dropin {

// The C++ side of this library's objects, reached from a COM pointer with implementationOf().
class DmlImplementation {
public:
    virtual ~DmlImplementation() = default;
};

MIDL_INTERFACE("5b7f0c1e-3d4a-4f6b-9e21-7a8c9d0e1f23")
IVkdmlDmlImplementation : public IUnknown {
    virtual DmlImplementation* STDMETHODCALLTYPE GetImplementation() = 0;
};

}  // namespace vkdml::dropin

__CRT_UUID_DECL(vkdml::dropin::IVkdmlDmlImplementation, 0x5b7f0c1e, 0x3d4a, 0x4f6b, 0x9e, 0x21, 0x7a, 0x8c, 0x9d, 0x0e,
                0x1f, 0x23)

namespace vkdml::dropin {

// This library's T behind `object` (borrowed: the caller's reference keeps it alive), or nullptr when `object` is
// null or not one of this library's T.
template <class T>
T* implementationOf(IUnknown* object) {
    if (!object) return nullptr;
    IVkdmlDmlImplementation* implementation = nullptr;
    if (FAILED(object->QueryInterface(__uuidof(IVkdmlDmlImplementation), reinterpret_cast<void**>(&implementation))) ||
        !implementation)
        return nullptr;
    DmlImplementation* found = implementation->GetImplementation();
    implementation->Release();
    return dynamic_cast<T*>(found);
}

// IDMLObject for `Primary` (an interface deriving from IDMLObject). `vkdmlObject()` is the vkdml handle SetName
// names (nullptr: the name is only kept here).
template <class Primary, class... Others>
class DmlObject : public ComObject<Primary, IVkdmlDmlImplementation, Others...>, public DmlImplementation {
public:
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* dataSize, void* data) override {
        return privateData_.get("IDMLObject::GetPrivateData", guid, dataSize, data);
    }
    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT dataSize, const void* data) override {
        if (dataSize > 0 && !data) return E_INVALIDARG;
        return privateData_.set("IDMLObject::SetPrivateData", guid, dataSize, data);
    }
    HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, IUnknown* data) override {
        return privateData_.setInterface("IDMLObject::SetPrivateDataInterface", guid, data);
    }
    HRESULT STDMETHODCALLTYPE SetName(PCWSTR name) override {
        const std::string utf8 = utf8OfWide(name);
        {
            std::lock_guard<std::mutex> lock(nameMutex_);
            name_ = utf8;
        }
        void* handle = vkdmlObject();
        return handle ? vkdmlSetName(handle, utf8.c_str()) : S_OK;
    }
    DmlImplementation* STDMETHODCALLTYPE GetImplementation() override { return this; }

    std::string name() {
        std::lock_guard<std::mutex> lock(nameMutex_);
        return name_;
    }

protected:
    virtual void* vkdmlObject() { return nullptr; }

private:
    PrivateData privateData_;
    std::mutex nameMutex_;
    std::string name_;
};

}  // namespace vkdml::dropin
