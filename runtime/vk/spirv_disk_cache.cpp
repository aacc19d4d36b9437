#include "vk/spirv_disk_cache.h"

#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

#include "vk/cache_directory.h"

namespace vkdml::vk {

namespace {

constexpr char kMagic[8] = {'V', 'K', 'D', 'M', 'L', 'S', 'P', 'V'};
constexpr uint32_t kFormatVersion = 1;
constexpr uint32_t kSpirvMagic = 0x07230203;
constexpr uint64_t kMaxWords = 16ull << 20;  // 64 MiB; generated element-wise kernels are a few KiB

struct Header {
    char magic[8];
    uint32_t formatVersion;
    uint32_t reserved;  // 0; keeps the layout free of padding
    uint64_t key;
    uint64_t sourceHash;  // tells two sources apart whose 64-bit keys collide
    uint64_t wordCount;
    uint64_t payloadHash;
};
static_assert(sizeof(Header) == 48);

uint64_t hashOf(const std::string& text) { return fnv1a64(text.data(), text.size()); }
uint64_t hashOf(const std::vector<uint32_t>& words) { return fnv1a64(words.data(), words.size() * sizeof(uint32_t)); }

std::string sanitized(const std::string& name) {
    std::string out = name;
    for (char& c : out)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
    return out;
}

}  // namespace

SpirvDiskCache::SpirvDiskCache(const AdapterCaps& caps, const std::string& vkdmlVersion, const std::string& root) {
    if (root.empty()) return;
    char name[64];
    std::snprintf(name, sizeof(name), "/spirv-%08x-%08x-", caps.properties.vendorID, caps.properties.deviceID);
    directory_ = root + name;
    for (uint8_t b : caps.uuid) {
        char hex[3];
        std::snprintf(hex, sizeof(hex), "%02x", b);
        directory_ += hex;
    }
    char driver[16];
    std::snprintf(driver, sizeof(driver), "-%08x-", caps.properties.driverVersion);
    directory_ += driver + sanitized(vkdmlVersion);
}

std::string SpirvDiskCache::path(uint64_t key) const {
    char name[32];
    std::snprintf(name, sizeof(name), "/%016llx.spv", static_cast<unsigned long long>(key));
    return directory_ + name;
}

bool SpirvDiskCache::load(uint64_t key, const std::string& sourceText, std::vector<uint32_t>* words,
                          std::string* why) const {
    std::string ignored;
    if (!why) why = &ignored;
    why->clear();
    if (directory_.empty()) return false;
    std::ifstream in(path(key), std::ios::binary | std::ios::ate);
    if (!in) return false;
    const auto fileSize = static_cast<uint64_t>(in.tellg());
    in.seekg(0);

    Header header{};
    if (fileSize < sizeof(header) || !in.read(reinterpret_cast<char*>(&header), sizeof(header))) {
        *why = "truncated header";
        return false;
    }
    if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0) {
        *why = "not a vkdml SPIR-V cache file";
        return false;
    }
    if (header.formatVersion != kFormatVersion) {
        *why = "other format version";
        return false;
    }
    if (header.key != key) {
        *why = "other key";
        return false;
    }
    if (header.sourceHash != hashOf(sourceText)) {
        *why = "other source text (key collision)";
        return false;
    }
    if (header.wordCount == 0 || header.wordCount > kMaxWords) {
        *why = "implausible size";
        return false;
    }
    if (fileSize != sizeof(header) + header.wordCount * sizeof(uint32_t)) {
        *why = fileSize < sizeof(header) + header.wordCount * sizeof(uint32_t) ? "truncated" : "trailing bytes";
        return false;
    }
    std::vector<uint32_t> payload(header.wordCount);
    if (!in.read(reinterpret_cast<char*>(payload.data()), static_cast<std::streamsize>(fileSize - sizeof(header)))) {
        *why = "read error";
        return false;
    }
    if (hashOf(payload) != header.payloadHash) {
        *why = "checksum mismatch";
        return false;
    }
    if (payload[0] != kSpirvMagic) {
        *why = "not SPIR-V";
        return false;
    }
    *words = std::move(payload);
    return true;
}

bool SpirvDiskCache::store(uint64_t key, const std::string& sourceText, const std::vector<uint32_t>& words) const {
    if (directory_.empty() || words.empty() || words.size() > kMaxWords) return false;
    if (!makeDirectories(directory_)) return false;
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof(kMagic));
    header.formatVersion = kFormatVersion;
    header.key = key;
    header.sourceHash = hashOf(sourceText);
    header.wordCount = words.size();
    header.payloadHash = hashOf(words);

    // Unique per process and call: threads of one process may store the same key at once.
    static std::atomic<uint64_t> counter{0};
    const std::string target = path(key);
    const std::string temporary = target + ".tmp" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out.write(reinterpret_cast<const char*>(&header), sizeof(header));
    out.write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(words.size() * 4));
    out.close();  // flushes: a full disk shows here
    if (!out || std::rename(temporary.c_str(), target.c_str()) != 0) {
        std::remove(temporary.c_str());
        return false;
    }
    return true;
}

}  // namespace vkdml::vk
