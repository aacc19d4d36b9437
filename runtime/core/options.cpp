#include "core/options.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace vkdml {

namespace {

const char* value(const char* name) {
    const char* text = std::getenv(name);
    return text && *text ? text : nullptr;
}

// Set, and not "0".
bool flag(const char* name) {
    const char* text = value(name);
    return text && std::strcmp(text, "0") != 0;
}

uint64_t number(const char* name, uint64_t fallback) {
    const char* text = value(name);
    return text ? std::strtoull(text, nullptr, 10) : fallback;
}

std::string defaultCacheDirectory() {
    if (const char* dir = value("VKDML_PIPELINE_CACHE_DIR")) return dir;
    if (const char* xdg = value("XDG_CACHE_HOME")) return std::string(xdg) + "/vkdml";
    if (const char* home = value("HOME")) return std::string(home) + "/.cache/vkdml";
    return {};
}

}  // namespace

Options Options::fromEnvironment() {
    Options o;
    vk::Options& v = o.vulkan;
    if (const char* adapter = value("VKDML_ADAPTER")) v.adapter = adapter;
    const char* sync = value("VKDML_SYNC_VALIDATION");
    v.syncValidation = !(sync && std::strcmp(sync, "0") == 0);
    v.workgroupSize = static_cast<uint32_t>(number("VKDML_WORKGROUP_SIZE", 0));
    if (const char* level = value("VKDML_SPIRV_OPT"))
        v.spirvOptimization = level[0] >= '1' && level[0] <= '3' ? level[0] - '0' : 0;
    const char* caches = value("VKDML_PIPELINE_CACHE");
    v.diskCaches = !(caches && std::strcmp(caches, "0") == 0);
    v.cacheDirectory = defaultCacheDirectory();
    if (const char* dump = value("VKDML_DUMP_KERNELS")) v.dumpKernels = dump;
    v.pipelineStatistics = flag("VKDML_PIPELINE_STATISTICS");
    v.disablePushDescriptors = flag("VKDML_DISABLE_PUSH_DESCRIPTORS");
    v.disable16BitStorage = flag("VKDML_DISABLE_16BIT_STORAGE");
    v.disableTimeline = flag("VKDML_DISABLE_TIMELINE");
    v.disableFloat64 = flag("VKDML_DISABLE_FLOAT64");
    v.disableFloatControls = flag("VKDML_DISABLE_FLOAT_CONTROLS");
    v.disableCooperativeMatrix = flag("VKDML_DISABLE_COOPERATIVE_MATRIX");
    v.forceCorrectDivSqrt = flag("VKDML_FORCE_CR_DIVSQRT");
    v.forceIntegerHalf = flag("VKDML_FORCE_INTEGER_HALF");
    v.force32BitWords = flag("VKDML_FORCE_32BIT_WORDS");
    v.defaultHeapNotMappable = flag("VKDML_DEFAULT_HEAP_NOT_MAPPABLE");
    if (const char* fma = value("VKDML_FUSED_FMA")) v.fusedFma = std::strcmp(fma, "1") == 0 ? 1 : 0;
    o.fusion = !flag("VKDML_DISABLE_FUSION");
    o.activationOwnKernels = flag("VKDML_ACTIVATION_OWN_KERNELS");
    o.reductionGpuShapes = flag("VKDML_TEST_REDUCTION_GPU_SHAPES");
    o.gemmGpuShapes = flag("VKDML_TEST_GEMM_GPU_SHAPES");
    const uint64_t standIn = number("VKDML_TEST_GEMM_COOPERATIVE_STAND_IN", 0);
    if (standIn <= 2) o.gemmCooperativeStandIn = static_cast<uint32_t>(standIn);
    o.gemmCooperativeEmulated = flag("VKDML_TEST_GEMM_COOPERATIVE_EMULATED");
    o.maxBindingBytes = number("VKDML_MAX_BINDING_BYTES", 0);
    const uint64_t share = number("VKDML_REDUCTION_ROW_SHARE", 0);
    if (share >= 1 && share <= 1024 && (share & (share - 1)) == 0) o.reductionRowShare = static_cast<uint32_t>(share);
    o.reductionSubgroupFolds = flag("VKDML_REDUCTION_SUBGROUP_FOLDS");
    o.reductionKeptRows = flag("VKDML_REDUCTION_KEPT_ROWS");
    const uint64_t segments = number("VKDML_REDUCTION_SEGMENTS", 0);
    if (segments <= 4096) o.reductionSegments = static_cast<uint32_t>(segments);
    return o;
}

}  // namespace vkdml
