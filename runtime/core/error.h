// Errors inside vkdml are exceptions carrying the HRESULT DirectML would return and a message naming the field and
// value. The C entry points (api/) catch them, report the message and return the HRESULT.
#pragma once

#include <stdexcept>
#include <string>

#include <vkdml/DirectML.h>

namespace vkdml {

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

}  // namespace vkdml
