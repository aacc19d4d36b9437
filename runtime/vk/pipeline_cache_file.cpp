#include "vk/pipeline_cache_file.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

#include "vk/cache_directory.h"

namespace vkdml::vk {

namespace {

constexpr char kMagic[8] = {'V', 'K', 'D', 'M', 'L', 'P', 'C', '1'};

struct Header {
    char magic[8];
    uint8_t uuid[16];
    uint32_t driverVersion;
    uint32_t reserved;
    uint64_t payloadBytes;
    uint64_t payloadHash;  // FNV-1a
};

// Not FNV's offset basis (14695981039346656037, a digit short), but existing files were written with it.
constexpr uint64_t kHashSeed = 1469598103934665603ull;

}  // namespace

PipelineCacheFile::PipelineCacheFile(const AdapterCaps& caps, const std::string& root)
    : driverVersion_(caps.properties.driverVersion) {
    std::memcpy(uuid_, caps.uuid, sizeof(uuid_));
    std::string dir = root;
    if (dir.empty()) return;
    char name[96];
    std::snprintf(name, sizeof(name), "/pipelines-%08x-%08x-", caps.properties.vendorID, caps.properties.deviceID);
    std::string uuid;
    for (uint8_t b : uuid_) {
        char hex[3];
        std::snprintf(hex, sizeof(hex), "%02x", b);
        uuid += hex;
    }
    char driver[16];
    std::snprintf(driver, sizeof(driver), "-%08x.bin", driverVersion_);
    path_ = dir + name + uuid + driver;
}

std::vector<uint8_t> PipelineCacheFile::load() const {
    if (path_.empty()) return {};
    std::ifstream in(path_, std::ios::binary);
    if (!in) return {};
    Header header{};
    if (!in.read(reinterpret_cast<char*>(&header), sizeof(header))) return {};
    if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0 || std::memcmp(header.uuid, uuid_, 16) != 0 ||
        header.driverVersion != driverVersion_ || header.payloadBytes > (256ull << 20))
        return {};
    std::vector<uint8_t> blob(header.payloadBytes);
    if (!in.read(reinterpret_cast<char*>(blob.data()), static_cast<std::streamsize>(blob.size()))) return {};
    if (fnv1a64(blob.data(), blob.size(), kHashSeed) != header.payloadHash) return {};
    return blob;
}

void PipelineCacheFile::save(const std::vector<uint8_t>& blob) const {
    if (path_.empty() || blob.empty()) return;
    const std::string dir = path_.substr(0, path_.rfind('/'));
    if (!makeDirectories(dir)) return;
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof(kMagic));
    std::memcpy(header.uuid, uuid_, sizeof(uuid_));
    header.driverVersion = driverVersion_;
    header.payloadBytes = blob.size();
    header.payloadHash = fnv1a64(blob.data(), blob.size(), kHashSeed);
    const std::string temporary = path_ + ".tmp" + std::to_string(getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) return;
        out.write(reinterpret_cast<const char*>(&header), sizeof(header));
        out.write(reinterpret_cast<const char*>(blob.data()), static_cast<std::streamsize>(blob.size()));
        if (!out) {
            std::remove(temporary.c_str());
            return;
        }
    }
    if (std::rename(temporary.c_str(), path_.c_str()) != 0) std::remove(temporary.c_str());
}

}  // namespace vkdml::vk
