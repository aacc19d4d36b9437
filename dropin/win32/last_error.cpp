#include "last_error.h"

namespace {
thread_local DWORD lastError = ERROR_SUCCESS;
}

namespace vkdml::win32 {

void setLastError(DWORD error) { lastError = error; }

}  // namespace vkdml::win32

extern "C" {

DWORD WINAPI GetLastError(void) { return lastError; }

void WINAPI SetLastError(DWORD error) { lastError = error; }

}  // extern "C"
