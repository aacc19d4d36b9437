#include "common.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>

namespace bench {

namespace {

std::mutex gMessageMutex;
std::string gLastMessage;

}  // namespace

void onVkdmlMessage(VKDML_MESSAGE_SEVERITY severity, HRESULT, const char* message, void*) {
    std::lock_guard<std::mutex> lock(gMessageMutex);
    if (severity == VKDML_MESSAGE_SEVERITY_ERROR || gLastMessage.empty()) gLastMessage = message ? message : "";
    // Warnings say that a row runs another kernel than it would (a cooperative-matrix kernel that failed its check).
    if (severity == VKDML_MESSAGE_SEVERITY_WARNING && message) std::fprintf(stderr, "vkdml-bench: vkdml warning: %s\n", message);
}

const std::string& lastVkdmlMessage() {
    std::lock_guard<std::mutex> lock(gMessageMutex);
    return gLastMessage;
}

void failCall(const char* call, HRESULT hr, const char* file, int line) {
    std::fflush(stdout);
    std::fprintf(stderr, "\nvkdml-bench: %s failed: HRESULT 0x%08X (%s:%d)\n", call, static_cast<unsigned>(hr), file,
                 line);
    const std::string& message = lastVkdmlMessage();
    if (!message.empty()) std::fprintf(stderr, "vkdml-bench: last vkdml message: %s\n", message.c_str());
    std::exit(1);
}

void fail(const std::string& message) {
    std::fflush(stdout);
    std::fprintf(stderr, "\nvkdml-bench: %s\n", message.c_str());
    std::exit(1);
}

Stats statsOf(std::vector<double> samples) {
    Stats s;
    s.samples = samples;
    if (samples.empty()) return s;
    std::sort(samples.begin(), samples.end());
    s.best = samples.front();
    const size_t n = samples.size();
    s.median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    return s;
}

std::string formatCount(uint64_t n) {
    char text[32];
    if (n >= (1ull << 30) && n % (1ull << 30) == 0)
        std::snprintf(text, sizeof(text), "%lluG", static_cast<unsigned long long>(n >> 30));
    else if (n >= (1ull << 20) && n % (1ull << 20) == 0)
        std::snprintf(text, sizeof(text), "%lluM", static_cast<unsigned long long>(n >> 20));
    else if (n >= (1ull << 10) && n % (1ull << 10) == 0)
        std::snprintf(text, sizeof(text), "%lluK", static_cast<unsigned long long>(n >> 10));
    else
        std::snprintf(text, sizeof(text), "%llu", static_cast<unsigned long long>(n));
    return text;
}

std::string formatBytes(uint64_t bytes) {
    char text[32];
    if (bytes >= (1ull << 30))
        std::snprintf(text, sizeof(text), "%.1f GiB", static_cast<double>(bytes) / (1ull << 30));
    else if (bytes >= (1ull << 20))
        std::snprintf(text, sizeof(text), "%.0f MiB", static_cast<double>(bytes) / (1ull << 20));
    else
        std::snprintf(text, sizeof(text), "%.0f KiB", static_cast<double>(bytes) / (1ull << 10));
    return text;
}

bool parseCount(const std::string& text, uint64_t* value) {
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
    char* end = nullptr;
    const unsigned long long base = std::strtoull(text.c_str(), &end, 10);
    uint64_t multiplier = 1;
    const std::string suffix(end);
    if (suffix == "K" || suffix == "k")
        multiplier = 1ull << 10;
    else if (suffix == "M" || suffix == "m")
        multiplier = 1ull << 20;
    else if (suffix == "G" || suffix == "g")
        multiplier = 1ull << 30;
    else if (!suffix.empty())
        return false;
    if (base == 0 || base > (~0ull) / multiplier) return false;
    *value = base * multiplier;
    return true;
}

uint16_t halfFromFloat(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
    const uint32_t absBits = bits & 0x7fffffffu;
    if (absBits >= 0x7f800000u)  // inf or NaN
        return static_cast<uint16_t>(sign | 0x7c00u | (absBits > 0x7f800000u ? 0x200u : 0u));
    if (absBits >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // rounds to >= 65520: inf
    if (absBits < 0x38800000u) {  // fp16 subnormal or zero: value / 2^-24, rounded to nearest even
        float magnitude;
        std::memcpy(&magnitude, &absBits, 4);
        const float scaled = magnitude * 16777216.0f;  // exact (power of two)
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::nearbyint(scaled)));
    }
    const uint32_t mantissa = absBits & 0x007fffffu;
    const uint32_t exponent = (absBits >> 23) - 127 + 15;
    uint32_t half = (exponent << 10) | (mantissa >> 13);
    const uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // carries into the exponent correctly
    return static_cast<uint16_t>(sign | half);
}

std::string isoDateNow() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[64];
    std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S%z", &local);
    return text;
}

}  // namespace bench
