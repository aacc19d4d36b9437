// Win32 events over a process-wide handle table: a handle is a number that is never reused, so a closed or made-up
// handle is recognised (ERROR_INVALID_HANDLE) instead of dereferenced.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "last_error.h"

namespace {

class Event {
public:
    Event(bool manualReset, bool signalled) : manualReset_(manualReset), signalled_(signalled) {}

    void set() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            signalled_ = true;
        }
        if (manualReset_)
            changed_.notify_all();
        else
            changed_.notify_one();
    }

    void reset() {
        std::lock_guard<std::mutex> lock(mutex_);
        signalled_ = false;
    }

    // true when signalled within `milliseconds` (INFINITE: no limit); an auto-reset event is reset by the wait.
    bool wait(DWORD milliseconds) {
        std::unique_lock<std::mutex> lock(mutex_);
        const auto isSignalled = [this] { return signalled_; };
        if (milliseconds == INFINITE) {
            changed_.wait(lock, isSignalled);
        } else if (!changed_.wait_for(lock, std::chrono::milliseconds(milliseconds), isSignalled)) {
            return false;
        }
        if (!manualReset_) signalled_ = false;
        return true;
    }

private:
    const bool manualReset_;
    std::mutex mutex_;
    std::condition_variable changed_;
    bool signalled_;
};

class HandleTable {
public:
    HANDLE add(std::shared_ptr<Event> event) {
        std::lock_guard<std::mutex> lock(mutex_);
        const uintptr_t value = next_;
        next_ += kHandleStep;
        events_.emplace(value, std::move(event));
        return reinterpret_cast<HANDLE>(value);
    }

    std::shared_ptr<Event> find(HANDLE handle) {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto found = events_.find(reinterpret_cast<uintptr_t>(handle));
        return found == events_.end() ? nullptr : found->second;
    }

    bool remove(HANDLE handle) {
        std::lock_guard<std::mutex> lock(mutex_);
        return events_.erase(reinterpret_cast<uintptr_t>(handle)) != 0;
    }

private:
    // Handle values look like Windows' (multiples of 4), start far from small integers and never repeat.
    static constexpr uintptr_t kHandleStep = 4;
    std::mutex mutex_;
    uintptr_t next_ = 0x7e570000;
    std::unordered_map<uintptr_t, std::shared_ptr<Event>> events_;
};

HandleTable& handles() {
    static HandleTable* table = new HandleTable;  // outlives static destructors of other libraries' objects
    return *table;
}

HANDLE createEvent(bool manualReset, bool initialState) {
    vkdml::win32::setLastError(ERROR_SUCCESS);
    return handles().add(std::make_shared<Event>(manualReset, initialState));
}

std::shared_ptr<Event> liveEvent(HANDLE handle) {
    std::shared_ptr<Event> event = handles().find(handle);
    if (!event) vkdml::win32::setLastError(ERROR_INVALID_HANDLE);
    return event;
}

DWORD waitFor(HANDLE handle, DWORD milliseconds) {
    const std::shared_ptr<Event> event = liveEvent(handle);
    if (!event) return WAIT_FAILED;
    return event->wait(milliseconds) ? WAIT_OBJECT_0 : WAIT_TIMEOUT;
}

}  // namespace

extern "C" {

HANDLE WINAPI CreateEventA(SECURITY_ATTRIBUTES*, BOOL manualReset, BOOL initialState, LPCSTR) {
    return createEvent(manualReset != FALSE, initialState != FALSE);
}

HANDLE WINAPI CreateEventW(SECURITY_ATTRIBUTES*, BOOL manualReset, BOOL initialState, LPCWSTR) {
    return createEvent(manualReset != FALSE, initialState != FALSE);
}

HANDLE WINAPI CreateEventExA(SECURITY_ATTRIBUTES*, LPCSTR, DWORD flags, DWORD) {
    return createEvent(flags & CREATE_EVENT_MANUAL_RESET, flags & CREATE_EVENT_INITIAL_SET);
}

HANDLE WINAPI CreateEventExW(SECURITY_ATTRIBUTES*, LPCWSTR, DWORD flags, DWORD) {
    return createEvent(flags & CREATE_EVENT_MANUAL_RESET, flags & CREATE_EVENT_INITIAL_SET);
}

BOOL WINAPI SetEvent(HANDLE handle) {
    const std::shared_ptr<Event> event = liveEvent(handle);
    if (!event) return FALSE;
    event->set();
    return TRUE;
}

BOOL WINAPI ResetEvent(HANDLE handle) {
    const std::shared_ptr<Event> event = liveEvent(handle);
    if (!event) return FALSE;
    event->reset();
    return TRUE;
}

DWORD WINAPI WaitForSingleObject(HANDLE handle, DWORD milliseconds) { return waitFor(handle, milliseconds); }

DWORD WINAPI WaitForSingleObjectEx(HANDLE handle, DWORD milliseconds, BOOL) { return waitFor(handle, milliseconds); }

BOOL WINAPI CloseHandle(HANDLE handle) {
    if (handles().remove(handle)) return TRUE;
    vkdml::win32::setLastError(ERROR_INVALID_HANDLE);
    return FALSE;
}

}  // extern "C"
