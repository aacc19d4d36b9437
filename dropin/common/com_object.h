// IUnknown for the drop-in's COM objects: one reference count per object, QueryInterface answering the IIDs the
// object lists (each interface with every interface it derives from, IUnknown included).
#pragma once

#include <atomic>

#include <wsl/winadapter.h>

namespace vkdml::dropin {

// `Primary` is the interface the object is created as (its IUnknown identity); `Others` are further interfaces it
// implements (each a class it derives from). findInterface is filled by the concrete class with answer<...>().
template <typename Primary, typename... Others>
class ComObject : public Primary, public Others... {
public:
    ComObject() = default;
    ComObject(const ComObject&) = delete;
    ComObject& operator=(const ComObject&) = delete;
    virtual ~ComObject() = default;

    ULONG STDMETHODCALLTYPE AddRef() override { return refs_.fetch_add(1, std::memory_order_relaxed) + 1; }
    ULONG STDMETHODCALLTYPE Release() override {
        const ULONG left = refs_.fetch_sub(1, std::memory_order_acq_rel) - 1;
        if (left == 0) delete this;
        return left;
    }
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
        if (!object) return E_POINTER;
        *object = nullptr;
        void* found = riid == __uuidof(IUnknown) ? static_cast<IUnknown*>(static_cast<Primary*>(this))
                                                 : findInterface(riid);
        if (!found) return E_NOINTERFACE;
        AddRef();
        *object = found;
        return S_OK;
    }

    IUnknown* identity() { return static_cast<Primary*>(this); }
    ULONG referenceCount() const { return refs_.load(std::memory_order_relaxed); }

protected:
    // The pointer for `riid` (one of the object's interfaces) or nullptr.
    virtual void* findInterface(REFIID riid) = 0;

    // The first of `Interfaces` whose IID is riid, as a pointer to that interface; nullptr if none.
    template <typename... Interfaces>
    void* answer(REFIID riid) {
        void* found = nullptr;
        ((found = found ? found : riid == __uuidof(Interfaces) ? static_cast<void*>(static_cast<Interfaces*>(this))
                                                               : nullptr),
         ...);
        return found;
    }

private:
    std::atomic<ULONG> refs_{1};
};

// Out-pointers are written on every path: the object on success, nullptr on failure (COM's rule).
template <typename T>
HRESULT returnObject(HRESULT hr, T* object, REFIID riid, void** out) {
    if (!out) {
        if (object) object->Release();
        return FAILED(hr) ? hr : E_POINTER;
    }
    *out = nullptr;
    if (FAILED(hr) || !object) return FAILED(hr) ? hr : E_FAIL;
    hr = object->QueryInterface(riid, out);
    object->Release();
    return hr;
}

}  // namespace vkdml::dropin
