// Compiled SPIR-V modules on disk, so that a second process skips glslang: one file per module key in a directory
// per device, driver and vkdml version, beside the VkPipelineCache file (vk/cache_directory.h). A file is used only
// if everything in it checks out (key, source text, checksum, SPIR-V magic); anything else is a miss.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vk/context.h"

namespace vkdml::vk {

class SpirvDiskCache {
public:
    // `root`: the cache directory (Options::cacheDirectory); "" turns the cache off.
    SpirvDiskCache(const AdapterCaps& caps, const std::string& vkdmlVersion, const std::string& root);
    // The module stored for `key` compiled from `sourceText`. False on a miss; `why` (when not null) gets a short
    // reason when a file existed but was not used, and is cleared otherwise.
    bool load(uint64_t key, const std::string& sourceText, std::vector<uint32_t>* words, std::string* why) const;
    // Writes atomically (temporary file + rename). False on any failure, which costs only speed.
    bool store(uint64_t key, const std::string& sourceText, const std::vector<uint32_t>& words) const;
    const std::string& directory() const { return directory_; }  // empty: disabled

private:
    std::string path(uint64_t key) const;

    std::string directory_;
};

}  // namespace vkdml::vk
