// vkdml-dispatch: exit codes, the error type every stage throws, and JSON paths ("$.dispatchables.celu.desc.Alpha")
// that name where in the model a problem is.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace vkdml::dispatch {

// Process exit codes.
enum ExitCode : int {
    kExitOk = 0,
    kExitRuntime = 1,      // device, driver, file-system or other runtime failure
    kExitModel = 2,        // the model (or the command line) is invalid
    kExitUnsupported = 3,  // valid DxDispatch model that vkdml / vkdml-dispatch cannot run (yet)
};

// A location in the model's JSON document, printed JSONPath-style: $.resources.A.initialValues[3].
class JsonPath {
public:
    JsonPath() : text_("$") {}
    JsonPath key(std::string_view name) const;
    JsonPath index(size_t i) const;
    const std::string& str() const { return text_; }

private:
    explicit JsonPath(std::string text) : text_(std::move(text)) {}
    std::string text_;
};

// Thrown by every stage; main() prints "<model file>: <message>" on one line and exits with exitCode().
class DispatchError : public std::runtime_error {
public:
    DispatchError(int exitCode, const std::string& message) : std::runtime_error(message), exitCode_(exitCode) {}
    int exitCode() const { return exitCode_; }

private:
    int exitCode_;
};

[[noreturn]] void modelError(const JsonPath& where, const std::string& problem);        // exit 2
[[noreturn]] void unsupportedError(const JsonPath& where, const std::string& problem);  // exit 3
[[noreturn]] void runtimeError(const std::string& problem);                             // exit 1

// Collapses a message to one line (newlines and other control characters become spaces).
std::string oneLine(std::string_view text);

}  // namespace vkdml::dispatch
