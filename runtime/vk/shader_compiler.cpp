#include "vk/shader_compiler.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <new>

#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>
#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include "vk/error.h"
#include "vk/fault_injection.h"
#include "vk/spirv_no_contraction.h"

namespace vkdml::vk {

namespace {

std::string numberedSource(const std::string& source) {
    std::string out;
    int line = 1;
    for (size_t start = 0; start < source.size(); ++line) {
        size_t end = source.find('\n', start);
        if (end == std::string::npos) end = source.size();
        char number[16];
        std::snprintf(number, sizeof(number), "%4d: ", line);
        out.append(number).append(source, start, end - start).append("\n");
        start = end + 1;
    }
    return out;
}

// `what`: "<stage> failed" and why.
[[noreturn]] void compileFailure(const std::string& what, const std::string& log, const std::string& source) {
    std::string message = what + " on a generated compute shader (a vkdml bug):\n" + log;
    if (!log.empty() && log.back() != '\n') message += '\n';
    fail(Error::Kind::Internal, message + "source:\n" + numberedSource(source));
}

void injectableFailure(const char* stage, const std::string& source) {
    if (faultPoint(FaultSite::ShaderCompile) != VK_SUCCESS)
        compileFailure(std::string(stage) + " failed (injected fault)", "", source);
}

// Message consumer for SPIRV-Tools: every message, one per line.
spvtools::MessageConsumer collectInto(std::string* log) {
    return [log](spv_message_level_t, const char*, const spv_position_t& position, const char* message) {
        *log += "word " + std::to_string(position.index) + ": " + message + "\n";
    };
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<uint32_t> glslangToSpirv(const std::string& glsl) {
    static std::once_flag initialized;
    std::call_once(initialized, [] { glslang::InitializeProcess(); });

    const auto messages = static_cast<EShMessages>(EShMsgDefault | EShMsgSpvRules | EShMsgVulkanRules);
    glslang::TShader shader(EShLangCompute);
    const char* text = glsl.c_str();
    const int length = static_cast<int>(glsl.size());
    shader.setStringsWithLengths(&text, &length, 1);
    shader.setEnvInput(glslang::EShSourceGlsl, EShLangCompute, glslang::EShClientVulkan, 100);
    shader.setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_1);
    shader.setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_3);
    if (!shader.parse(GetDefaultResources(), 450, false, messages))
        compileFailure("glslang parse failed", shader.getInfoLog(), glsl);

    glslang::TProgram program;
    program.addShader(&shader);
    if (!program.link(messages)) compileFailure("glslang link failed", program.getInfoLog(), glsl);

    std::vector<uint32_t> spirv;
    glslang::SpvOptions options;
    options.disableOptimizer = true;
    spv::SpvBuildLogger logger;
    glslang::GlslangToSpv(*program.getIntermediate(EShLangCompute), spirv, &logger, &options);
    if (spirv.empty()) compileFailure("glslang SPIR-V generation failed", logger.getAllMessages(), glsl);
    return spirv;
}

std::vector<uint32_t> runOptimizer(const std::vector<uint32_t>& spirv, SpirvOptimization optimization,
                                   const std::string& glsl) {
    std::string log;
    spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_1);
    optimizer.SetMessageConsumer(collectInto(&log));
    if (optimization == SpirvOptimization::Performance) {
        optimizer.RegisterPerformancePasses();
    } else {
        if (optimization == SpirvOptimization::Inline) optimizer.RegisterPass(spvtools::CreateInlineExhaustivePass());
        optimizer.RegisterPass(spvtools::CreateEliminateDeadFunctionsPass())
            .RegisterPass(spvtools::CreateLocalSingleBlockLoadStoreElimPass())
            .RegisterPass(spvtools::CreateLocalSingleStoreElimPass())
            .RegisterPass(spvtools::CreateSSARewritePass())
            .RegisterPass(spvtools::CreateAggressiveDCEPass())
            .RegisterPass(spvtools::CreateCFGCleanupPass());
    }
    std::vector<uint32_t> optimized;
    if (!optimizer.Run(spirv.data(), spirv.size(), &optimized)) compileFailure("spirv-opt failed", log, glsl);
    return optimized;
}

void validate(const std::vector<uint32_t>& spirv, const std::string& glsl) {
    std::string log;
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    tools.SetMessageConsumer(collectInto(&log));
    if (!tools.Validate(spirv)) compileFailure("spirv-val failed", log, glsl);
}

}  // namespace

std::vector<uint32_t> optimizeComputeShader(const std::vector<uint32_t>& spirv, SpirvOptimization optimization,
                                            const std::string& glsl) {
    try {
        std::vector<uint32_t> optimized = runOptimizer(spirv, optimization, glsl);
        validate(optimized, glsl);
        return optimized;
    } catch (const std::bad_alloc&) {
        fail(Error::Kind::OutOfMemory, "out of host memory while optimizing a generated compute shader");
    }
}

std::vector<uint32_t> compileComputeShader(const std::string& glsl, SpirvOptimization optimization,
                                           ShaderCompileTimes* times) {
    ShaderCompileTimes local;
    if (!times) times = &local;
    *times = {};
    try {
        auto start = std::chrono::steady_clock::now();
        injectableFailure("glslang parse", glsl);
        std::vector<uint32_t> spirv = glslangToSpirv(glsl);
        forbidContraction(spirv);
        times->glslangMs = millisecondsSince(start);

        if (optimization != SpirvOptimization::None) {
            start = std::chrono::steady_clock::now();
            // Stands in for an allocation failing inside the tools.
            if (faultPoint(FaultSite::ShaderCompile) != VK_SUCCESS) throw std::bad_alloc();
            spirv = runOptimizer(spirv, optimization, glsl);
            times->optimizeMs = millisecondsSince(start);
        }

        start = std::chrono::steady_clock::now();
        injectableFailure("spirv-val", glsl);
        validate(spirv, glsl);
        times->validateMs = millisecondsSince(start);
        return spirv;
    } catch (const std::bad_alloc&) {
        fail(Error::Kind::OutOfMemory, "out of host memory while compiling a generated compute shader");
    }
}

}  // namespace vkdml::vk
