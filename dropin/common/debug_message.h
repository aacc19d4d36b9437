// The drop-in's diagnostics, shared by its libraries: messages naming the method and the argument a call rejected, or
// what it left out of the subset, written to stderr when VKDML_DROPIN_DEBUG=1 is set in the environment.
#pragma once

#include <string>

#include <wsl/winadapter.h>

namespace vkdml::dropin {

void debugMessage(const char* message);
inline void debugMessage(const std::string& message) { debugMessage(message.c_str()); }
// printf-style; the text is formatted only when the output is on.
void debugMessagef(const char* format, ...) __attribute__((format(printf, 1, 2)));
// A method outside the drop-in's subset was called ("<Interface>::<Method>").
HRESULT notImplemented(const char* method);
void ignoredCall(const char* method);

}  // namespace vkdml::dropin
