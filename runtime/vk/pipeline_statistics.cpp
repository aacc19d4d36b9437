#include "vk/pipeline_statistics.h"

#include <vector>

#include "vk/context.h"

namespace vkdml::vk {

namespace {

std::string valueText(const VkPipelineExecutableStatisticKHR& statistic) {
    switch (statistic.format) {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: return statistic.value.b32 ? "true" : "false";
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: return std::to_string(statistic.value.i64);
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: return std::to_string(statistic.value.u64);
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR: return std::to_string(statistic.value.f64);
        default: return "?";
    }
}

}  // namespace

std::string pipelineStatisticsText(const Context& ctx, VkPipeline pipeline) {
    const auto& fn = ctx.fn();
    if (!ctx.caps().pipelineStatistics || !fn.vkGetPipelineExecutablePropertiesKHR ||
        !fn.vkGetPipelineExecutableStatisticsKHR)
        return {};
    VkPipelineInfoKHR info{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR};
    info.pipeline = pipeline;
    uint32_t count = 0;
    if (fn.vkGetPipelineExecutablePropertiesKHR(ctx.device(), &info, &count, nullptr) != VK_SUCCESS) return {};
    std::vector<VkPipelineExecutablePropertiesKHR> executables(
        count, VkPipelineExecutablePropertiesKHR{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR});
    if (fn.vkGetPipelineExecutablePropertiesKHR(ctx.device(), &info, &count, executables.data()) != VK_SUCCESS)
        return {};
    std::string text;
    for (uint32_t index = 0; index < count; ++index) {
        VkPipelineExecutableInfoKHR executable{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
        executable.pipeline = pipeline;
        executable.executableIndex = index;
        uint32_t statisticCount = 0;
        if (fn.vkGetPipelineExecutableStatisticsKHR(ctx.device(), &executable, &statisticCount, nullptr) != VK_SUCCESS)
            continue;
        std::vector<VkPipelineExecutableStatisticKHR> statistics(
            statisticCount, VkPipelineExecutableStatisticKHR{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
        if (fn.vkGetPipelineExecutableStatisticsKHR(ctx.device(), &executable, &statisticCount, statistics.data()) !=
            VK_SUCCESS)
            continue;
        for (const auto& statistic : statistics)
            text += std::string(executables[index].name) + ": " + statistic.name + " = " + valueText(statistic) + "\n";
    }
    return text;
}

}  // namespace vkdml::vk
