// Which embedded kernel CompileOperator picks: the flat or the strided form by layout, the storage variant by data
// type, and the double-precision twin of LINEAR-based kernels on CPU devices with shaderFloat64 (and not when
// VKDML_DISABLE_FLOAT64 hides it). The accuracy tests pass on either kernel, so only this test sees the choice.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <vkdml/vkdml_testing.h>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

// {4, 5}; {4, 5} in rows of 8; {4, 8} in rows of 16 (whole 16-byte vectors); {4, 5} with the input transposed
// (strides {1, 4}), then with the output transposed; {4, 8} with the input transposed.
enum Layout { kPacked, kPadded, kRows, kTransposed, kTransposedOutput, kTransposedQuads };

struct Selection {
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    int layout;
    float attr0, attr1;
    const char* shader;  // without the "_d" of the double-precision twin
    bool hasDoubleTwin;
    // Strided float layouts run as general kernels (the walk in the name) unless VKDML_ACTIVATION_OWN_KERNELS=1
    // keeps `shader`; nullptr: `shader` either way.
    const char* general = nullptr;
};

const Selection kSelections[] = {
    {DML_OPERATOR_ACTIVATION_LINEAR, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 2, 1, "linear_f32_contig", true},
    {DML_OPERATOR_ACTIVATION_LINEAR, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, 2, 1, "linear_f32_strided", true, "linear_f32_elements"},
    {DML_OPERATOR_ACTIVATION_LINEAR, DML_TENSOR_DATA_TYPE_FLOAT32, kRows, 2, 1, "linear_f32_rows", true, "linear_f32_quads"},
    {DML_OPERATOR_ACTIVATION_SIGMOID, DML_TENSOR_DATA_TYPE_FLOAT16, kRows, 0, 0, "sigmoid_half_f16_rows", false, "sigmoid_half_f16_quads"},
    {DML_OPERATOR_ACTIVATION_CELU, DML_TENSOR_DATA_TYPE_FLOAT32, kRows, 1, 0, "celu_straight_f32_rows", false, "celu_straight_f32_quads"},
    {DML_OPERATOR_ACTIVATION_RELU, DML_TENSOR_DATA_TYPE_INT32, kRows, 0, 0, "relu_i32_strided", false},
    {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, DML_TENSOR_DATA_TYPE_FLOAT16, kPacked, 0.2f, 0.5f, "hard_sigmoid_f16_contig",
     true},
    {DML_OPERATOR_ACTIVATION_HARD_SWISH, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 0.2f, 0.5f, "hard_swish_f32_contig",
     true},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, 2, 1, "identity_f32_strided", true, "identity_f32_elements"},
    // Tensors that disagree on the innermost dimension: the tiles walk.
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32, kTransposed, 2, 1, "identity_f32_strided", true, "identity_f32_tiles"},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32, kTransposedOutput, 2, 1, "identity_f32_strided", true, "identity_f32_tilequads"},
    {DML_OPERATOR_ACTIVATION_SIGMOID, DML_TENSOR_DATA_TYPE_FLOAT16, kTransposed, 0, 0, "sigmoid_half_f16_strided16", false, "sigmoid_half_f16_tiles"},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32, kTransposedQuads, 2, 1, "identity_f32_strided", true, "identity_f32_tilequads"},
    // CELU / ELU / SCALED_ELU / SIGMOID / SWISH / SOFTPLUS / PARAMETRIC_SOFTPLUS: the branch-free kernels for
    // parameters in [2^-20, 2^20] (PARAMETRIC_SOFTPLUS's Alpha of either sign), the general ones elsewhere.
    {DML_OPERATOR_ACTIVATION_CELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1, 0, "celu_straight_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_CELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, 0x1p20f, 0, "celu_straight_f32_strided", false, "celu_straight_f32_elements"},
    {DML_OPERATOR_ACTIVATION_CELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 0x1p21f, 0, "celu_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_CELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, -1, 0, "celu_f32_strided", false, "celu_f32_elements"},
    // With a FLOAT16 output those parameters take the FLOAT16 forms instead, the others still the general kernels.
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, DML_TENSOR_DATA_TYPE_FLOAT16, kPacked, 1, 0, "softplus_half_f16_contig", false},
    {DML_OPERATOR_ACTIVATION_ELU, DML_TENSOR_DATA_TYPE_FLOAT16, kPacked, -1, 0, "elu_f16_contig", false},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, DML_TENSOR_DATA_TYPE_FLOAT16, kPacked, -1.7159f, 0.6667f, "scaled_tanh_half_f16_contig", false},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, DML_TENSOR_DATA_TYPE_FLOAT16, kPacked, 1, 0x1p21f, "scaled_tanh_f16_contig", false},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, 0x1p-20f, 0, "softplus_straight_f32_strided",
     false, "softplus_straight_f32_elements"},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 0x1p-21f, 0, "softplus_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, -1, 2,
     "parametric_softplus_straight_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1, -2,
     "parametric_softplus_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1e-30f, 1,
     "parametric_softplus_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_SIGMOID, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, 0, 0, "sigmoid_straight_f32_strided", false, "sigmoid_straight_f32_elements"},
    {DML_OPERATOR_ACTIVATION_SWISH, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1, 0, "swish_straight_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_SWISH, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, -1, 0, "swish_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_ELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1, 0, "elu_straight_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_ELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, -1, 0, "elu_f32_contig", false},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, DML_TENSOR_DATA_TYPE_FLOAT16, kPacked, 1.67326f, 1.0507f,
     "scaled_elu_half_f16_contig", false},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1.67326f, 0, "scaled_elu_f32_contig",
     false},
    {DML_OPERATOR_ACTIVATION_RELU, DML_TENSOR_DATA_TYPE_INT8, kPacked, 0, 0, "relu_i8_contig", false},
    {DML_OPERATOR_ACTIVATION_RELU, DML_TENSOR_DATA_TYPE_INT16, kPadded, 0, 0, "relu_i16_strided", false},
    {DML_OPERATOR_ACTIVATION_SHRINK, DML_TENSOR_DATA_TYPE_UINT16, kPacked, 1, 2, "shrink_u16_contig", false},
    {DML_OPERATOR_ACTIVATION_SHRINK, DML_TENSOR_DATA_TYPE_INT32, kPadded, 1, 2, "shrink_i32_strided", false},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32, kPacked, 1, 0, "identity_straight_f32_contig",
     false},
    {DML_OPERATOR_ACTIVATION_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32, kPadded, 0, 0, "identity_straight_f32_strided",
     false, "identity_straight_f32_elements"},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_UINT32, kPacked, 1, 0, "identity_u32_contig", false},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_UINT8, kPadded, 1, 0, "identity_u8_strided", false, "identity_u8_elements"},
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT64, kPacked, 1, 0, "identity_x64_strided", false},
};

std::string compiledShader(TestDevice& device, const Selection& s) {
    TensorSpec spec{{4, 5}, {}, 0};
    if (s.layout == kPadded) spec.strides = {8, 1};
    if (s.layout == kRows) spec = TensorSpec{{4, 8}, {16, 1}, 0};
    if (s.layout == kTransposedQuads) spec.sizes = {4, 8};
    TensorSpec transposed{spec.sizes, {1, 4}, 0};
    const TensorSpec& in = s.layout == kTransposed || s.layout == kTransposedQuads ? transposed : spec;
    const TensorSpec& out = s.layout == kTransposedOutput ? transposed : spec;
    std::vector<UINT> sizes = spec.sizes, inStrides = in.strides, outStrides = out.strides;
    DML_BUFFER_TENSOR_DESC inBuffer{s.type, DML_TENSOR_FLAG_NONE, 2, sizes.data(),
                                    inStrides.empty() ? nullptr : inStrides.data(), tensorBytes(in, s.type), 0};
    DML_BUFFER_TENSOR_DESC outBuffer{s.type, DML_TENSOR_FLAG_NONE, 2, sizes.data(),
                                     outStrides.empty() ? nullptr : outStrides.data(), tensorBytes(out, s.type), 0};
    DML_TENSOR_DESC input{DML_TENSOR_TYPE_BUFFER, &inBuffer}, output{DML_TENSOR_TYPE_BUFFER, &outBuffer};
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, s.op, &input, &output, s.attr0, s.attr1, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    const char* name = vkdmlTestShaderName(compiled);
    REQUIRE(name != nullptr);
    return name;
}

const char* expectedShader(const Selection& s) {
    const char* own = std::getenv("VKDML_ACTIVATION_OWN_KERNELS");
    return s.general && !(own && *own && std::string(own) != "0") ? s.general : s.shader;
}

// Double-precision kernels are chosen on CPU devices with shaderFloat64 only (GPUs often run fp64 at 1/32-1/64).
bool expectDoubleKernels(TestDevice& device) {
    VKDML_ADAPTER_INFO info{};
    REQUIRE(vkdmlGetAdapterInfo(device, &info) == S_OK);
    return info.SupportsFloat64 && info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
}

// FLOAT16 kernels convert with the driver's own conversions on llvmpipe on an x86-64 CPU with F16C (name suffix _h),
// unless VKDML_FORCE_INTEGER_HALF=1.
std::string halfSuffix(TestDevice& device, const Selection& s) {
    VKDML_ADAPTER_INFO info{};
    REQUIRE(vkdmlGetAdapterInfo(device, &info) == S_OK);
    const char* forced = std::getenv("VKDML_FORCE_INTEGER_HALF");
    const bool forcedInteger = forced && *forced && std::string(forced) != "0";
#if defined(__x86_64__)
    unsigned eax, ebx, ecx, edx;  // CPUID leaf 1, ECX bit 29: F16C (clang 14 has no __builtin_cpu_supports("f16c"))
    const bool f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
    const bool native = info.DriverId == 13 /* VK_DRIVER_ID_MESA_LLVMPIPE */ && f16c &&
                        !forcedInteger;
#else
    const bool native = false;
#endif
    return native && s.type == DML_TENSOR_DATA_TYPE_FLOAT16 ? "_h" : "";
}

}  // namespace

TEST_CASE("kernel selection by layout, data type and the device's shaderFloat64") {
    TestDevice device;
    const bool float64 = expectDoubleKernels(device);
    MESSAGE("double-precision kernels expected: " << std::string(float64 ? "yes" : "no"));
    for (const Selection& s : kSelections) {
        const std::string expected =
            std::string(expectedShader(s)) + (float64 && s.hasDoubleTwin ? "_d" : "") + halfSuffix(device, s);
        CHECK(compiledShader(device, s) == expected);
    }
    CHECK(vkdmlTestShaderName(nullptr) == nullptr);
}

TEST_CASE("VKDML_DISABLE_FLOAT64 keeps every kernel in float arithmetic") {
    setenv("VKDML_DISABLE_FLOAT64", "1", 1);
    TestDevice device;
    unsetenv("VKDML_DISABLE_FLOAT64");
    for (const Selection& s : kSelections)
        CHECK(compiledShader(device, s) == std::string(expectedShader(s)) + halfSuffix(device, s));
}

TEST_CASE("VKDML_DUMP_KERNELS receives each generated kernel, with VKDML_PIPELINE_STATISTICS its driver statistics") {
    char pattern[] = "/tmp/vkdml-dump-XXXXXX";
    const char* dir = mkdtemp(pattern);
    REQUIRE(dir != nullptr);
    setenv("VKDML_DUMP_KERNELS", dir, 1);
    setenv("VKDML_PIPELINE_STATISTICS", "1", 1);
    setenv("VKDML_PIPELINE_CACHE", "0", 1);
    {
        TestDevice device;
        unsetenv("VKDML_DUMP_KERNELS");
        unsetenv("VKDML_PIPELINE_STATISTICS");
        unsetenv("VKDML_PIPELINE_CACHE");
        // A strided activation: a kernel generated for its shape.
        compiledShader(device, Selection{DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_TENSOR_DATA_TYPE_FLOAT32,
                                         kTransposed, 2, 1, "identity_f32_strided", true, "identity_f32_tiles"});
    }
    size_t sources = 0, statistics = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        std::ifstream file(entry.path());
        const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        if (entry.path().extension() == ".comp") {
            ++sources;
            CHECK(text.rfind("#version 450", 0) == 0);
        } else if (entry.path().extension() == ".stats") {
            ++statistics;
            CHECK(text.find(" = ") != std::string::npos);  // "executable: statistic = value" lines
        }
        std::filesystem::remove(entry.path());
    }
    std::filesystem::remove(dir);
    CHECK(sources >= 1);
    CHECK((statistics == 0 || statistics == sources));
    MESSAGE(sources << " kernels dumped, " << statistics << " with statistics (none where the device lacks "
                    << "VK_KHR_pipeline_executable_properties)");
}
