#include "private_data.h"

#include <cstring>

#include <directx/d3dcommon.h>

#include "debug_message.h"

namespace vkdml::dropin {

namespace {
// WKPDID_D3DDebugObjectNameW, spelled out so no translation unit has to instantiate the DEFINE_GUID.
constexpr GUID kDebugObjectNameW = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
}  // namespace

bool PrivateData::GuidLess::operator()(const GUID& a, const GUID& b) const {
    return std::memcmp(&a, &b, sizeof(GUID)) < 0;
}

PrivateData::~PrivateData() {
    for (auto& entry : entries_)
        if (entry.second.object) entry.second.object->Release();
}

void PrivateData::eraseLocked(REFGUID guid) {
    const auto found = entries_.find(guid);
    if (found == entries_.end()) return;
    if (found->second.object) found->second.object->Release();
    entries_.erase(found);
}

HRESULT PrivateData::get(const char* method, REFGUID guid, UINT* dataSize, void* data) {
    if (!dataSize) {
        debugMessagef("%s: pDataSize is NULL", method);
        return E_INVALIDARG;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    const auto found = entries_.find(guid);
    if (found == entries_.end()) {
        *dataSize = 0;
        return DXGI_ERROR_NOT_FOUND;
    }
    const Entry& entry = found->second;
    const UINT stored = entry.object ? UINT(sizeof(IUnknown*)) : UINT(entry.bytes.size());
    if (!data) {
        *dataSize = stored;
        return S_OK;
    }
    if (*dataSize < stored) {
        debugMessagef("%s: *pDataSize = %u is smaller than the %u bytes stored", method, *dataSize, stored);
        *dataSize = stored;
        return DXGI_ERROR_MORE_DATA;
    }
    *dataSize = stored;
    if (entry.object) {
        entry.object->AddRef();
        std::memcpy(data, &entry.object, sizeof(IUnknown*));
    } else if (stored) {
        std::memcpy(data, entry.bytes.data(), stored);
    }
    return S_OK;
}

HRESULT PrivateData::set(const char* method, REFGUID guid, UINT dataSize, const void* data) {
    if (dataSize && !data) {
        debugMessagef("%s: pData is NULL with DataSize = %u", method, dataSize);
        return E_INVALIDARG;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    eraseLocked(guid);
    if (data) {
        Entry entry;
        entry.bytes.assign(static_cast<const unsigned char*>(data), static_cast<const unsigned char*>(data) + dataSize);
        entries_.emplace(guid, std::move(entry));
    }
    return S_OK;
}

HRESULT PrivateData::setInterface(const char*, REFGUID guid, const IUnknown* object) {
    std::lock_guard<std::mutex> lock(mutex_);
    eraseLocked(guid);
    if (object) {
        Entry entry;
        entry.object = const_cast<IUnknown*>(object);
        entry.object->AddRef();
        entries_.emplace(guid, std::move(entry));
    }
    return S_OK;
}

HRESULT PrivateData::setName(const char* method, LPCWSTR name, std::string* utf8) {
    if (!name) return set(method, kDebugObjectNameW, 0, nullptr);
    const size_t length = std::wcslen(name);
    if (utf8) *utf8 = narrowName(name);
    return set(method, kDebugObjectNameW, UINT((length + 1) * sizeof(WCHAR)), name);
}

std::string narrowName(LPCWSTR name) {
    std::string text;
    for (; name && *name; ++name) {
        const uint32_t c = static_cast<uint32_t>(*name);
        if (c < 0x80) {
            text += char(c);
        } else if (c < 0x800) {
            text += char(0xc0 | (c >> 6));
            text += char(0x80 | (c & 0x3f));
        } else if (c < 0x10000) {
            text += char(0xe0 | (c >> 12));
            text += char(0x80 | ((c >> 6) & 0x3f));
            text += char(0x80 | (c & 0x3f));
        } else {
            text += char(0xf0 | (c >> 18));
            text += char(0x80 | ((c >> 12) & 0x3f));
            text += char(0x80 | ((c >> 6) & 0x3f));
            text += char(0x80 | (c & 0x3f));
        }
    }
    return text;
}

}  // namespace vkdml::dropin
