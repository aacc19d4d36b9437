// OutputDebugString: there is no debugger channel on Linux; the text goes to stderr as it is.
#include <cstdio>
#include <cwchar>

#include <windows.h>

extern "C" {

void WINAPI OutputDebugStringA(LPCSTR text) {
    if (text) std::fputs(text, stderr);
}

void WINAPI OutputDebugStringW(LPCWSTR text) {
    if (text) std::fprintf(stderr, "%ls", text);
}

}  // extern "C"
