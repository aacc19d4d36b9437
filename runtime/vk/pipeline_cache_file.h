// The VkPipelineCache persisted on disk, so a second process starts warm: one file per device UUID and driver
// version under $VKDML_PIPELINE_CACHE_DIR, else $XDG_CACHE_HOME/vkdml, else ~/.cache/vkdml. Files that are corrupt,
// truncated or from another device or driver are ignored. VKDML_PIPELINE_CACHE=0 turns it off.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vk/context.h"

namespace vkdml::vk {

class PipelineCacheFile {
public:
    // `root`: the cache directory (Options::cacheDirectory); "" turns the file off.
    PipelineCacheFile(const AdapterCaps& caps, const std::string& root);
    // The cached blob for this device and driver, or empty.
    std::vector<uint8_t> load() const;
    // Writes atomically (temporary file + rename); failures are ignored (a cache is optional).
    void save(const std::vector<uint8_t>& blob) const;
    const std::string& path() const { return path_; }

private:
    std::string path_;  // empty: disabled
    uint8_t uuid_[16];
    uint32_t driverVersion_;
};

}  // namespace vkdml::vk
