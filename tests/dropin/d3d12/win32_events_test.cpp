// libvkdml_win32's events: manual and auto reset, initial state, timeouts, invalid handles, and signalling from
// another thread; its performance counter.
#include <doctest/doctest.h>

#include <windows.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

TEST_CASE("a manual-reset event stays signalled until ResetEvent") {
    HANDLE event = CreateEventA(nullptr, TRUE, FALSE, "ignored name");
    REQUIRE(event != nullptr);
    CHECK(WaitForSingleObject(event, 0) == WAIT_TIMEOUT);
    CHECK(SetEvent(event) == TRUE);
    CHECK(WaitForSingleObject(event, 0) == WAIT_OBJECT_0);
    CHECK(WaitForSingleObjectEx(event, 0, FALSE) == WAIT_OBJECT_0);  // still signalled
    CHECK(ResetEvent(event) == TRUE);
    CHECK(WaitForSingleObject(event, 10) == WAIT_TIMEOUT);
    CHECK(CloseHandle(event) == TRUE);
}

TEST_CASE("an auto-reset event releases one wait and resets; initial state is honoured") {
    HANDLE event = CreateEventW(nullptr, FALSE, TRUE, nullptr);
    REQUIRE(event != nullptr);
    CHECK(WaitForSingleObject(event, 0) == WAIT_OBJECT_0);  // initially set
    CHECK(WaitForSingleObject(event, 0) == WAIT_TIMEOUT);   // the wait reset it
    SetEvent(event);
    CHECK(WaitForSingleObject(event, INFINITE) == WAIT_OBJECT_0);
    CHECK(WaitForSingleObject(event, 0) == WAIT_TIMEOUT);
    CloseHandle(event);

    HANDLE manualSet = CreateEventExA(nullptr, nullptr, CREATE_EVENT_MANUAL_RESET | CREATE_EVENT_INITIAL_SET,
                                      EVENT_ALL_ACCESS);
    CHECK(WaitForSingleObject(manualSet, 0) == WAIT_OBJECT_0);
    CHECK(WaitForSingleObject(manualSet, 0) == WAIT_OBJECT_0);
    CloseHandle(manualSet);
}

TEST_CASE("a timeout lasts about as long as asked") {
    HANDLE event = CreateEventA(nullptr, FALSE, FALSE, nullptr);
    const auto start = std::chrono::steady_clock::now();
    CHECK(WaitForSingleObject(event, 50) == WAIT_TIMEOUT);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    CHECK(elapsed >= std::chrono::milliseconds(45));
    CHECK(elapsed < std::chrono::seconds(5));
    CloseHandle(event);
}

TEST_CASE("closed and made-up handles fail with ERROR_INVALID_HANDLE, never crash") {
    HANDLE event = CreateEventA(nullptr, TRUE, TRUE, nullptr);
    REQUIRE(CloseHandle(event) == TRUE);
    SetLastError(ERROR_SUCCESS);
    CHECK(WaitForSingleObject(event, 0) == WAIT_FAILED);
    CHECK(GetLastError() == ERROR_INVALID_HANDLE);
    CHECK(SetEvent(event) == FALSE);
    CHECK(ResetEvent(event) == FALSE);
    CHECK(CloseHandle(event) == FALSE);
    CHECK(WaitForSingleObject(nullptr, 0) == WAIT_FAILED);
    CHECK(SetEvent(reinterpret_cast<HANDLE>(uintptr_t(12345))) == FALSE);
}

TEST_CASE("an event set by another thread wakes the waiter") {
    HANDLE ready = CreateEventA(nullptr, FALSE, FALSE, nullptr);
    HANDLE done = CreateEventA(nullptr, TRUE, FALSE, nullptr);
    std::atomic<int> value{0};
    std::thread worker([&] {
        REQUIRE(WaitForSingleObject(ready, 10000) == WAIT_OBJECT_0);
        value = 42;
        SetEvent(done);
    });
    CHECK(WaitForSingleObject(done, 20) == WAIT_TIMEOUT);
    SetEvent(ready);
    CHECK(WaitForSingleObject(done, 10000) == WAIT_OBJECT_0);
    CHECK(value.load() == 42);
    worker.join();

    // Many waiters on a manual-reset event all wake.
    HANDLE gate = CreateEventA(nullptr, TRUE, FALSE, nullptr);
    std::atomic<int> woken{0};
    std::vector<std::thread> waiters;
    for (int i = 0; i < 4; ++i)
        waiters.emplace_back([&] {
            if (WaitForSingleObject(gate, 10000) == WAIT_OBJECT_0) ++woken;
        });
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    SetEvent(gate);
    for (auto& waiter : waiters) waiter.join();
    CHECK(woken.load() == 4);
    CloseHandle(ready);
    CloseHandle(done);
    CloseHandle(gate);
}

TEST_CASE("OutputDebugString writes to stderr without failing; ARRAYSIZE counts") {
    OutputDebugStringA("vkdml win32 test: narrow debug output\n");
    OutputDebugStringW(L"vkdml win32 test: wide debug output\n");
    OutputDebugStringA(nullptr);
    int numbers[7] = {};
    CHECK(ARRAYSIZE(numbers) == 7);
}

TEST_CASE("QueryPerformanceCounter counts nanoseconds of CLOCK_MONOTONIC; NULL is refused") {
    LARGE_INTEGER frequency{}, first{}, second{};
    REQUIRE(QueryPerformanceFrequency(&frequency));
    CHECK(frequency.QuadPart == 1000000000);
    REQUIRE(QueryPerformanceCounter(&first));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(QueryPerformanceCounter(&second));
    CHECK(second.QuadPart - first.QuadPart >= 20000000);
    CHECK(second.QuadPart - first.QuadPart < 20000000000);
    CHECK_FALSE(QueryPerformanceCounter(nullptr));
    CHECK_FALSE(QueryPerformanceFrequency(nullptr));
}
