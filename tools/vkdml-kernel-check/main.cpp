// vkdml-kernel-check: generates and compiles every element-wise kernel the operators can ask for (runtime/dml/
// kernel_catalog.h) through the same generator and compiler as the library (glslang, spirv-val), so that a GLSL
// error fails the build. Needs no Vulkan device. Exit status 1 on the first failure, with the program and the log.
// --count (with the tools, tools/CMakeLists.txt): static instruction counts of vkdml-bench's element-wise rows'
// packed kernels, plain and fused-fma forms (count.h).
#include <chrono>
#include <cstdio>
#include <exception>
#include <set>

#include "cooperative_gemm.h"
#include "core/error.h"
#include "ops/elementwise/kernel_catalog.h"
#include "kernel/glsl_generator.h"
#include "vk/shader_compiler.h"
#ifdef VKDML_KERNEL_CHECK_COUNT
#include "count.h"
#endif

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--count") {
#ifdef VKDML_KERNEL_CHECK_COUNT
            return kernel_check::countMain(argc, argv);
#else
            std::fprintf(stderr, "vkdml-kernel-check: --count comes with the tools (VKDML_BUILD_TOOLS=ON)\n");
            return 2;
#endif
        }
    const bool verbose = argc > 1 && std::string(argv[1]) == "--verbose";
    const auto start = std::chrono::steady_clock::now();
    std::vector<vkdml::elementwise::CatalogEntry> catalog;
    try {
        catalog = vkdml::elementwise::elementwiseKernelCatalog();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vkdml-kernel-check: lowering failed: %s\n", e.what());
        return 1;
    }
    std::set<std::string> operators;
    size_t words = 0;
    for (const auto& entry : catalog) {
        const auto& program = entry.kernel.program;
        try {
            const std::vector<uint32_t> spirv =
                vkdml::vk::compileComputeShader(vkdml::kernel::generateGlsl(program), vkdml::vk::SpirvOptimization::None);
            words += spirv.size();
            operators.insert(program.label);
            if (verbose) std::printf("%-44s %6zu words\n", program.name().c_str(), spirv.size());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "vkdml-kernel-check: %s does not compile:\n%s\n%s\n", program.name().c_str(), e.what(),
                         program.describe().c_str());
            return 1;
        }
    }
    int cooperative = 0;
    try {
        cooperative = kernel_check::checkCooperativeGemmKernels(verbose);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vkdml-kernel-check: %s\n", e.what());
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("vkdml-kernel-check: %zu element-wise kernels (%zu kernel families) and %d cooperative-matrix GEMM "
                "kernels compiled and validated, %zu SPIR-V words, %.1f s\n",
                catalog.size(), operators.size(), cooperative, words, seconds);
    return 0;
}
