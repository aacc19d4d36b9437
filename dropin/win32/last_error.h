// The calling thread's last Win32 error (GetLastError / SetLastError).
#pragma once

#include <windows.h>

namespace vkdml::win32 {

void setLastError(DWORD error);

}  // namespace vkdml::win32
