// The Win32 calls DirectML programs make that DirectX-Headers' winadapter lacks: events and waits, debug output,
// the thread's last error, the performance counter, ARRAYSIZE. Implemented by libvkdml_win32.so. Handles are valid only in this process.
#pragma once

#include <wsl/winadapter.h>

#ifndef INFINITE
#define INFINITE 0xFFFFFFFFu
#endif
#ifndef WAIT_OBJECT_0
#define WAIT_OBJECT_0 0x00000000u
#define WAIT_ABANDONED 0x00000080u
#define WAIT_TIMEOUT 0x00000102u
#define WAIT_FAILED 0xFFFFFFFFu
#endif

#ifndef CREATE_EVENT_MANUAL_RESET
#define CREATE_EVENT_MANUAL_RESET 0x00000001u
#define CREATE_EVENT_INITIAL_SET 0x00000002u
#endif
#ifndef EVENT_ALL_ACCESS
#define EVENT_ALL_ACCESS 0x001F0003u
#endif

#ifndef ERROR_SUCCESS
#define ERROR_SUCCESS 0u
#endif
#ifndef ERROR_INVALID_HANDLE
#define ERROR_INVALID_HANDLE 6u
#endif
#ifndef ERROR_INVALID_PARAMETER
#define ERROR_INVALID_PARAMETER 87u
#endif

#ifndef ARRAYSIZE
#define ARRAYSIZE(array) (sizeof(array) / sizeof((array)[0]))
#endif

#ifdef __cplusplus
extern "C" {
#endif

// Events: manual-reset ones stay signalled until ResetEvent; auto-reset ones release one waiter and reset. The name
// is ignored (no cross-process events). Safe to signal and wait from any thread.
HANDLE WINAPI CreateEventA(SECURITY_ATTRIBUTES* attributes, BOOL manualReset, BOOL initialState, LPCSTR name);
HANDLE WINAPI CreateEventW(SECURITY_ATTRIBUTES* attributes, BOOL manualReset, BOOL initialState, LPCWSTR name);
HANDLE WINAPI CreateEventExA(SECURITY_ATTRIBUTES* attributes, LPCSTR name, DWORD flags, DWORD desiredAccess);
HANDLE WINAPI CreateEventExW(SECURITY_ATTRIBUTES* attributes, LPCWSTR name, DWORD flags, DWORD desiredAccess);
BOOL WINAPI SetEvent(HANDLE event);
BOOL WINAPI ResetEvent(HANDLE event);
// WAIT_OBJECT_0 when signalled, WAIT_TIMEOUT after `milliseconds` (INFINITE: never), WAIT_FAILED for a handle that
// is not a live event (GetLastError: ERROR_INVALID_HANDLE).
DWORD WINAPI WaitForSingleObject(HANDLE handle, DWORD milliseconds);
DWORD WINAPI WaitForSingleObjectEx(HANDLE handle, DWORD milliseconds, BOOL alertable);
BOOL WINAPI CloseHandle(HANDLE handle);

// Written to stderr.
void WINAPI OutputDebugStringA(LPCSTR text);
void WINAPI OutputDebugStringW(LPCWSTR text);

DWORD WINAPI GetLastError(void);
void WINAPI SetLastError(DWORD error);

// CLOCK_MONOTONIC in nanoseconds (frequency 10^9): the CPU clock of ID3D12CommandQueue::GetClockCalibration.
BOOL WINAPI QueryPerformanceCounter(LARGE_INTEGER* count);
BOOL WINAPI QueryPerformanceFrequency(LARGE_INTEGER* frequency);

#ifdef __cplusplus
}
#endif

#ifdef UNICODE
#define CreateEvent CreateEventW
#define CreateEventEx CreateEventExW
#define OutputDebugString OutputDebugStringW
#else
#define CreateEvent CreateEventA
#define CreateEventEx CreateEventExA
#define OutputDebugString OutputDebugStringA
#endif
