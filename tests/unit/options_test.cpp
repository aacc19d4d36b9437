// Options::fromEnvironment: every VKDML_* variable the library reads, and how an empty value, "0" and the cache
// directory's fallbacks are read. No device.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "core/options.h"

using vkdml::Options;

namespace {

// Sets variables for one scope and restores what was there.
class Environment {
public:
    ~Environment() {
        for (const auto& [name, value] : saved_) {
            if (value.second) setenv(name.c_str(), value.first.c_str(), 1);
            else unsetenv(name.c_str());
        }
    }
    void set(const char* name, const char* value) {
        save(name);
        setenv(name, value, 1);
    }
    void unset(const char* name) {
        save(name);
        unsetenv(name);
    }

private:
    void save(const char* name) {
        for (const auto& s : saved_)
            if (s.first == name) return;
        const char* old = std::getenv(name);
        saved_.push_back({name, {old ? old : "", old != nullptr}});
    }
    std::vector<std::pair<std::string, std::pair<std::string, bool>>> saved_;
};

const char* const kFlags[] = {"VKDML_DISABLE_PUSH_DESCRIPTORS", "VKDML_DISABLE_16BIT_STORAGE", "VKDML_DISABLE_TIMELINE",
                              "VKDML_DISABLE_FLOAT64",          "VKDML_DISABLE_FLOAT_CONTROLS", "VKDML_FORCE_CR_DIVSQRT",
                              "VKDML_FORCE_INTEGER_HALF",       "VKDML_FORCE_32BIT_WORDS",
                              "VKDML_DEFAULT_HEAP_NOT_MAPPABLE", "VKDML_DISABLE_FUSION",
                              "VKDML_ACTIVATION_OWN_KERNELS",   "VKDML_TEST_REDUCTION_GPU_SHAPES",
                              "VKDML_DISABLE_COOPERATIVE_MATRIX"};

std::vector<bool> flagsOf(const Options& o) {
    const auto& v = o.vulkan;
    return {v.disablePushDescriptors, v.disable16BitStorage, v.disableTimeline,       v.disableFloat64,
            v.disableFloatControls,   v.forceCorrectDivSqrt, v.forceIntegerHalf,      v.force32BitWords,
            v.defaultHeapNotMappable, !o.fusion,             o.activationOwnKernels,  o.reductionGpuShapes,
            v.disableCooperativeMatrix};
}

}  // namespace

TEST_CASE("options: each switch is on when set to anything but empty or 0") {
    for (size_t f = 0; f < std::size(kFlags); ++f) {
        CAPTURE(kFlags[f]);
        for (const char* value : {"", "0", "1", "yes"}) {
            CAPTURE(value);
            Environment env;
            for (const char* name : kFlags) env.unset(name);
            env.set(kFlags[f], value);
            const std::vector<bool> flags = flagsOf(Options::fromEnvironment());
            for (size_t g = 0; g < flags.size(); ++g)
                CHECK(flags[g] == (g == f && std::string(value) != "" && std::string(value) != "0"));
        }
    }
}

TEST_CASE("options: settings, numbers and the cache directory's fallbacks") {
    Environment env;
    for (const char* name : {"VKDML_ADAPTER", "VKDML_SYNC_VALIDATION", "VKDML_WORKGROUP_SIZE", "VKDML_SPIRV_OPT",
                             "VKDML_PIPELINE_CACHE", "VKDML_PIPELINE_CACHE_DIR", "VKDML_DUMP_KERNELS",
                             "VKDML_MAX_BINDING_BYTES"})
        env.unset(name);
    env.set("XDG_CACHE_HOME", "/xdg");
    Options o = Options::fromEnvironment();
    CHECK(o.vulkan.adapter.empty());
    CHECK(o.vulkan.syncValidation);
    CHECK(o.vulkan.workgroupSize == 0);
    CHECK(o.vulkan.spirvOptimization == -1);
    CHECK(o.vulkan.diskCaches);
    CHECK(o.vulkan.cacheDirectory == "/xdg/vkdml");
    CHECK(o.maxBindingBytes == 0);
    CHECK(o.fusion);

    env.unset("XDG_CACHE_HOME");
    env.set("HOME", "/home/someone");
    CHECK(Options::fromEnvironment().vulkan.cacheDirectory == "/home/someone/.cache/vkdml");

    env.set("VKDML_ADAPTER", "llvm");
    env.set("VKDML_SYNC_VALIDATION", "0");
    env.set("VKDML_WORKGROUP_SIZE", "128");
    env.set("VKDML_SPIRV_OPT", "2");
    env.set("VKDML_PIPELINE_CACHE", "0");
    env.set("VKDML_PIPELINE_CACHE_DIR", "/cache");
    env.set("VKDML_DUMP_KERNELS", "/dump");
    env.set("VKDML_MAX_BINDING_BYTES", "4096");
    o = Options::fromEnvironment();
    CHECK(o.vulkan.adapter == "llvm");
    CHECK_FALSE(o.vulkan.syncValidation);
    CHECK(o.vulkan.workgroupSize == 128);
    CHECK(o.vulkan.spirvOptimization == 2);
    CHECK_FALSE(o.vulkan.diskCaches);
    CHECK(o.vulkan.cacheDirectory == "/cache");
    CHECK(o.vulkan.dumpKernels == "/dump");
    CHECK(o.maxBindingBytes == 4096);
    env.set("VKDML_SPIRV_OPT", "0");
    CHECK(Options::fromEnvironment().vulkan.spirvOptimization == 0);
}
