// Private data of the drop-in's objects (ID3D12Object, IDMLObject, IDXGIObject, DXCore): bytes or an interface (AddRef'd) per GUID, and the object's name (SetName is
// SetPrivateData(WKPDID_D3DDebugObjectNameW)).
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <wsl/winadapter.h>

namespace vkdml::dropin {

class PrivateData {
public:
    PrivateData() = default;
    PrivateData(const PrivateData&) = delete;
    PrivateData& operator=(const PrivateData&) = delete;
    ~PrivateData();

    HRESULT get(const char* method, REFGUID guid, UINT* dataSize, void* data);
    HRESULT set(const char* method, REFGUID guid, UINT dataSize, const void* data);
    HRESULT setInterface(const char* method, REFGUID guid, const IUnknown* object);
    // SetName: stored as WKPDID_D3DDebugObjectNameW (with the terminating null); `utf8` receives it narrowed.
    HRESULT setName(const char* method, LPCWSTR name, std::string* utf8);

private:
    struct Entry {
        std::vector<unsigned char> bytes;
        IUnknown* object = nullptr;
    };
    struct GuidLess {
        bool operator()(const GUID& a, const GUID& b) const;
    };
    void eraseLocked(REFGUID guid);

    std::mutex mutex_;
    std::map<GUID, Entry, GuidLess> entries_;
};

std::string narrowName(LPCWSTR name);

}  // namespace vkdml::dropin
