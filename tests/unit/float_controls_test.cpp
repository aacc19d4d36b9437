// SignedZeroInfNanPreserve added to compiled kernels: the result validates, declares each supported width the
// module uses once, and a module that has it already (or a device without support) is left alone.
#include <doctest/doctest.h>

#include <spirv-tools/libspirv.hpp>

#include <string>
#include <vector>

#include "vk/float_controls.h"
#include "vk/shader_compiler.h"

using namespace vkdml::vk;

namespace {

std::vector<uint32_t> compile(bool useDouble) {
    const std::string type = useDouble ? "double" : "float";
    return compileComputeShader("#version 450\nlayout(local_size_x = 1) in;\n"
                                "layout(std430, binding = 0) buffer B { " + type + " x[]; };\n"
                                "void main() { x[0] = x[0] + " + type + "(0.0); }\n",
                                SpirvOptimization::None);
}

// The execution modes' widths, and whether the module is valid for Vulkan 1.1.
std::vector<uint32_t> preservedWidths(const std::vector<uint32_t>& words, bool* valid) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    *valid = tools.Validate(words);
    std::vector<uint32_t> widths;
    for (size_t i = 5; i < words.size(); i += words[i] >> 16)
        if ((words[i] & 0xffff) == 16 && words[i + 2] == 4461) widths.push_back(words[i + 3]);
    return widths;
}

}  // namespace

TEST_CASE("float controls: SignedZeroInfNanPreserve for the widths a module uses and the device supports") {
    const FloatControlSupport all{true, true, true};
    bool valid = false;
    const std::vector<uint32_t> single = withSignedZeroInfNanPreserve(compile(false), all);
    CHECK(preservedWidths(single, &valid) == std::vector<uint32_t>{32});  // no Float16/Float64 capability
    CHECK(valid);
    const std::vector<uint32_t> wide = withSignedZeroInfNanPreserve(compile(true), all);
    CHECK(preservedWidths(wide, &valid) == std::vector<uint32_t>{32, 64});
    CHECK(valid);
    CHECK(withSignedZeroInfNanPreserve(wide, all) == wide);  // already declared: unchanged

    const std::vector<uint32_t> plain = compile(true);
    CHECK(withSignedZeroInfNanPreserve(plain, FloatControlSupport{}) == plain);
    CHECK(preservedWidths(withSignedZeroInfNanPreserve(plain, {false, false, true}), &valid) ==
          std::vector<uint32_t>{64});
    CHECK(valid);
    CHECK(withSignedZeroInfNanPreserve({0x07230203u, 0x00010300u}, all).size() == 2);  // truncated: left alone
}
