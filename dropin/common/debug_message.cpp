#include "debug_message.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace vkdml::dropin {

namespace {
bool debugOutputEnabled() {
    static const bool enabled = [] {
        const char* value = std::getenv("VKDML_DROPIN_DEBUG");
        return value && std::strcmp(value, "1") == 0;
    }();
    return enabled;
}
}  // namespace

void debugMessage(const char* message) {
    if (message && debugOutputEnabled()) std::fprintf(stderr, "vkdml drop-in: %s\n", message);
}

void debugMessagef(const char* format, ...) {
    if (!debugOutputEnabled()) return;
    char text[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    debugMessage(text);
}

HRESULT notImplemented(const char* method) {
    debugMessagef("%s is outside vkdml's subset: E_NOTIMPL", method);
    return E_NOTIMPL;
}

void ignoredCall(const char* method) {
    debugMessagef("%s is outside vkdml's subset: ignored", method);
}

}  // namespace vkdml::dropin
