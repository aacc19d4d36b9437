// QueryPerformanceCounter: CLOCK_MONOTONIC in nanoseconds, so QueryPerformanceFrequency is 10^9 and the counter
// never goes back. ID3D12CommandQueue::GetClockCalibration reports its CPU timestamps on this counter.
#include <time.h>

#include <windows.h>

extern "C" {

BOOL WINAPI QueryPerformanceCounter(LARGE_INTEGER* count) {
    if (!count) return FALSE;
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    count->QuadPart = int64_t(now.tv_sec) * 1000000000 + now.tv_nsec;
    return TRUE;
}

BOOL WINAPI QueryPerformanceFrequency(LARGE_INTEGER* frequency) {
    if (!frequency) return FALSE;
    frequency->QuadPart = 1000000000;
    return TRUE;
}

}  // extern "C"
