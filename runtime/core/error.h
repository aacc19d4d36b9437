// Errors inside vkdml are exceptions carrying the HRESULT DirectML would return and a message naming the field and
// value. The Vulkan layer throws its own vk::Error (vk/error.h), which knows no HRESULT: hresultOf maps it at the
// boundary. The C entry points (api/) catch both through hresultOfCurrentException, report the message and return
// the HRESULT.
#pragma once

#include <stdexcept>
#include <string>

#include <vkdml/DirectML.h>

namespace vkdml {

namespace vk {
class Error;
}

class Error : public std::runtime_error {
public:
    Error(HRESULT hr, std::string message) : std::runtime_error(std::move(message)), hr_(hr) {}
    HRESULT hr() const { return hr_; }

private:
    HRESULT hr_;
};

[[noreturn]] inline void fail(HRESULT hr, std::string message) { throw Error(hr, std::move(message)); }
[[noreturn]] inline void invalidArg(std::string message) { throw Error(E_INVALIDARG, std::move(message)); }
inline void require(bool condition, const std::string& message) {
    if (!condition) invalidArg(message);
}
// For hot paths: no string is built unless the check fails.
inline void require(bool condition, const char* message) {
    if (!condition) invalidArg(message);
}

// The HRESULT a Vulkan-layer error stands for: OutOfMemory E_OUTOFMEMORY, DeviceLost DXGI_ERROR_DEVICE_REMOVED,
// Unsupported DXGI_ERROR_UNSUPPORTED, InvalidArgument E_INVALIDARG, Internal E_FAIL.
HRESULT hresultOf(const vk::Error& error);

// Inside a catch block: the HRESULT of the exception being handled, its message in `message`. vkdml::Error carries
// its own, vk::Error maps through hresultOf, std::bad_alloc is E_OUTOFMEMORY ("out of host memory") and any other
// std::exception E_FAIL ("internal error: ..."). Anything else is rethrown.
HRESULT hresultOfCurrentException(std::string& message);

}  // namespace vkdml
