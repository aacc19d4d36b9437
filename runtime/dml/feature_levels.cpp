#include "dml/feature_levels.h"

#include <cstdio>

namespace vkdml::dml {

namespace {
constexpr DML_FEATURE_LEVEL kLevels[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
    DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
    DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4,
};
}  // namespace

bool isFeatureLevel(uint32_t level) {
    for (DML_FEATURE_LEVEL known : kLevels)
        if (uint32_t(known) == level) return true;
    return false;
}

std::string featureLevelName(uint32_t level) {
    char text[32];
    if (isFeatureLevel(level))
        std::snprintf(text, sizeof(text), "%u_%u", (unsigned(level) >> 12) & 0xf, (unsigned(level) >> 8) & 0xf);
    else
        std::snprintf(text, sizeof(text), "0x%x", unsigned(level));
    return text;
}

}  // namespace vkdml::dml
