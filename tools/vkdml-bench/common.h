// vkdml-bench: shared helpers (HRESULT checks, statistics, formatting, fp16 conversion).
#pragma once

#include <vkdml/vkdml.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Prints "vkdml-bench: <call> failed: 0x... (<last vkdml message>)" and exits 1.
[[noreturn]] void failCall(const char* call, HRESULT hr, const char* file, int line);
[[noreturn]] void fail(const std::string& message);

// The device message callback keeps the last message so that a failed call can be explained.
void onVkdmlMessage(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message, void* userData);
const std::string& lastVkdmlMessage();

#define BENCH_CHECK(expr)                                                   \
    do {                                                                    \
        const HRESULT hr_ = (expr);                                         \
        if (FAILED(hr_)) ::bench::failCall(#expr, hr_, __FILE__, __LINE__); \
    } while (0)

// Owns one reference to a vkdml object.
template <typename T>
class Ref {
public:
    Ref() = default;
    explicit Ref(T object) : object_(object) {}
    Ref(const Ref&) = delete;
    Ref& operator=(const Ref&) = delete;
    Ref(Ref&& other) noexcept : object_(other.object_) { other.object_ = nullptr; }
    Ref& operator=(Ref&& other) noexcept {
        if (this != &other) {
            reset();
            object_ = other.object_;
            other.object_ = nullptr;
        }
        return *this;
    }
    ~Ref() { reset(); }
    void reset() {
        if (object_) vkdmlRelease(object_);
        object_ = nullptr;
    }
    T* put() {
        reset();
        return &object_;
    }
    T get() const { return object_; }
    operator T() const { return object_; }  // NOLINT: handles pass straight to the C API
    explicit operator bool() const { return object_ != nullptr; }

private:
    T object_ = nullptr;
};

// Best (minimum time) and median of a set of samples.
struct Stats {
    double best = 0, median = 0;
    std::vector<double> samples;
};
Stats statsOf(std::vector<double> samples);

// "4K", "64K", "1M", "256M" (binary multiples), else the plain number.
std::string formatCount(uint64_t n);
std::string formatBytes(uint64_t bytes);  // "512 MiB", "1.0 GiB"
// Parses "4096", "4K", "64k", "1M", "256M", "1G" (binary multiples). Returns false on junk.
bool parseCount(const std::string& text, uint64_t* value);

uint16_t halfFromFloat(float value);  // round to nearest even

std::string isoDateNow();  // local time, like `date -Iseconds`

}  // namespace bench
