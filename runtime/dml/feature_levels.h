// DirectML feature levels: which exist, their names, and which one vkdml implements up to.
#pragma once

#include <cstdint>
#include <string>

#include <vkdml/DirectML.h>

namespace vkdml::dml {

constexpr DML_FEATURE_LEVEL kHighestFeatureLevel = DML_FEATURE_LEVEL_6_4;

bool isFeatureLevel(uint32_t level);  // one of the 15 defined values
std::string featureLevelName(uint32_t level);  // "6_4", or the hex value when unknown

}  // namespace vkdml::dml
