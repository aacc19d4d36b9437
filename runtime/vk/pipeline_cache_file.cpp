#include "vk/pipeline_cache_file.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

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

uint64_t fnv1a(const uint8_t* data, size_t size) {
    uint64_t hash = 1469598103934665603ull;
    for (size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 1099511628211ull;
    return hash;
}

std::string cacheDirectory() {
    if (const char* dir = std::getenv("VKDML_PIPELINE_CACHE_DIR"); dir && *dir) return dir;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/vkdml";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/vkdml";
    return {};
}

bool makeDirectories(const std::string& path) {
    for (size_t slash = path.find('/', 1); ; slash = path.find('/', slash + 1)) {
        std::string prefix = path.substr(0, slash);
        if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) return false;
        if (slash == std::string::npos) return true;
    }
}

}  // namespace

PipelineCacheFile::PipelineCacheFile(const AdapterCaps& caps) : driverVersion_(caps.properties.driverVersion) {
    std::memcpy(uuid_, caps.uuid, sizeof(uuid_));
    if (const char* enabled = std::getenv("VKDML_PIPELINE_CACHE"); enabled && std::strcmp(enabled, "0") == 0) return;
    std::string dir = cacheDirectory();
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
    if (fnv1a(blob.data(), blob.size()) != header.payloadHash) return {};
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
    header.payloadHash = fnv1a(blob.data(), blob.size());
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
