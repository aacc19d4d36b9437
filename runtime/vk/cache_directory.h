// What vkdml's on-disk caches (the VkPipelineCache file, the SPIR-V modules) share: where they live and a checksum.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace vkdml::vk {

// mkdir -p; false if any component cannot be created.
bool makeDirectories(const std::string& path);
uint64_t fnv1a64(const void* data, size_t size, uint64_t seed = 14695981039346656037ull);

}  // namespace vkdml::vk
