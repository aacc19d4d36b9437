#include "core/error.h"

#include <new>

#include "vk/error.h"

namespace vkdml {

HRESULT hresultOf(const vk::Error& error) {
    switch (error.kind()) {
        case vk::Error::Kind::OutOfMemory: return E_OUTOFMEMORY;
        case vk::Error::Kind::DeviceLost: return DXGI_ERROR_DEVICE_REMOVED;
        case vk::Error::Kind::Unsupported: return DXGI_ERROR_UNSUPPORTED;
        case vk::Error::Kind::InvalidArgument: return E_INVALIDARG;
        case vk::Error::Kind::Internal: break;
    }
    return E_FAIL;
}

HRESULT hresultOfCurrentException(std::string& message) {
    try {
        throw;
    } catch (const Error& e) {
        message = e.what();
        return e.hr();
    } catch (const vk::Error& e) {
        message = e.what();
        return hresultOf(e);
    } catch (const std::bad_alloc&) {
        message = "out of host memory";
        return E_OUTOFMEMORY;
    } catch (const std::exception& e) {
        message = std::string("internal error: ") + e.what();
        return E_FAIL;
    }
}

}  // namespace vkdml
