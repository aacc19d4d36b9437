// Run-time GLSL -> SPIR-V: valid shaders compile and validate with and without spirv-opt; errors and injected faults
// become vk::Error of the kind that maps to the right HRESULT and leave the compiler usable; concurrent compiles work.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "core/error.h"
#include "vk/error.h"
#include "vk/fault_injection.h"
#include "kernel/glsl_generator.h"
#include "kernel/program.h"
#include "vk/shader_compiler.h"

using namespace vkdml;
using namespace vkdml::vk;

namespace {

std::string shader(int variant) {
    return "#version 450\n"
           "layout(local_size_x = 64) in;\n"
           "layout(std430, set = 0, binding = 0) readonly buffer In { float x[]; };\n"
           "layout(std430, set = 0, binding = 1) writeonly buffer Out { float y[]; };\n"
           "layout(push_constant) uniform Params { uint count; float alpha; };\n"
           "void main() {\n"
           "    uint i = gl_GlobalInvocationID.x;\n"
           "    if (i >= count) return;\n"
           "    float v = x[i];\n"
           "    y[i] = v > 0.0 ? v : alpha * (exp(v) - 1.0) + " + std::to_string(variant) + ".0;\n"
           "}\n";
}

HRESULT compileError(const std::string& glsl, SpirvOptimization optimization, std::string* message) {
    try {
        compileComputeShader(glsl, optimization);
    } catch (const vk::Error& e) {
        *message = e.what();
        return hresultOf(e);
    }
    return S_OK;
}

}  // namespace

TEST_CASE("shader compiler: a valid compute shader, with and without spirv-opt") {
    for (SpirvOptimization optimization : {SpirvOptimization::None, SpirvOptimization::Light, SpirvOptimization::Inline,
                                           SpirvOptimization::Performance}) {
        ShaderCompileTimes times;
        std::vector<uint32_t> words = compileComputeShader(shader(0), optimization, &times);
        REQUIRE(words.size() > 5);
        CHECK(words[0] == 0x07230203u);
        CHECK(words[1] == 0x00010300u);  // SPIR-V 1.3
        CHECK(times.glslangMs > 0);
        CHECK(times.validateMs > 0);
        CHECK((times.optimizeMs > 0) == (optimization != SpirvOptimization::None));
    }
}

TEST_CASE("shader compiler: a syntax error is E_FAIL with the log and the numbered source") {
    std::string glsl = shader(0);
    glsl.replace(glsl.find("float v = x[i];"), 15, "float v = x[i]");
    std::string message;
    CHECK(compileError(glsl, SpirvOptimization::Performance, &message) == E_FAIL);
    CHECK(message.find("glslang parse failed") != std::string::npos);
    CHECK(message.find("ERROR") != std::string::npos);
    CHECK(message.find("   9:     float v = x[i]\n") != std::string::npos);
    CHECK(message.find("   1: #version 450\n") != std::string::npos);
    CHECK(message.find("  11: }\n") != std::string::npos);
}

TEST_CASE("shader compiler: injected faults at each stage, then a normal compile succeeds") {
    struct Case {
        SpirvOptimization optimization;
        uint64_t nth;
        HRESULT hr;
        const char* stage;
    };
    for (Case c : {Case{SpirvOptimization::Performance, 1, E_FAIL, "glslang"},
                   Case{SpirvOptimization::Performance, 2, E_OUTOFMEMORY, "out of host memory"},
                   Case{SpirvOptimization::Performance, 3, E_FAIL, "spirv-val"},
                   Case{SpirvOptimization::None, 2, E_FAIL, "spirv-val"}}) {
        INFO(c.stage << " nth " << c.nth);
        armFault(FaultSite::ShaderCompile, c.nth);
        std::string message;
        CHECK(compileError(shader(1), c.optimization, &message) == c.hr);
        CHECK(message.find(c.stage) != std::string::npos);
        if (c.hr == E_FAIL) CHECK(message.find("(injected fault)") != std::string::npos);
        armFault(FaultSite::ShaderCompile, 0);
        CHECK(compileComputeShader(shader(1), c.optimization)[0] == 0x07230203u);
    }
    armFault(FaultSite::ShaderCompile, 0);
    compileComputeShader(shader(1), SpirvOptimization::Performance);
    CHECK(faultSiteCalls(FaultSite::ShaderCompile) == 3);
    compileComputeShader(shader(1), SpirvOptimization::None);
    CHECK(faultSiteCalls(FaultSite::ShaderCompile) == 5);
}

TEST_CASE("shader compiler: 8 threads compile different shaders at once") {
    std::atomic<int> succeeded{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([t, &succeeded] {
            for (int i = 0; i < 4; ++i) {
                auto optimization = (t + i) % 2 ? SpirvOptimization::Performance : SpirvOptimization::None;
                std::vector<uint32_t> words = compileComputeShader(shader(t * 10 + i), optimization);
                if (!words.empty() && words[0] == 0x07230203u) ++succeeded;
            }
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK(succeeded == 32);
}

// General kernels carry what graph fusion will need: several outputs of different types from one program, inputs of
// different types and accesses. Every walk of such a program compiles and validates.
TEST_CASE("general kernels: two outputs of different types, mixed input types, every walk and access") {
    using kernel::Access;
    using kernel::ScalarType;
    using kernel::Walk;
    kernel::ElementwiseProgram p;
    p.label = "fused";
    p.inputs = {ScalarType::Float16, ScalarType::Int8, ScalarType::UInt8};
    p.outputs = {ScalarType::Float32, ScalarType::UInt8};
    const uint32_t a = p.input(0);
    const uint32_t b = p.cast(p.input(1), ScalarType::Float32);
    const uint32_t sum = p.call(kernel::Fn::Add, ScalarType::Float32, {a, b});
    const uint32_t scaled = p.call(kernel::Fn::Multiply, ScalarType::Float32, {sum, p.attribute(0, ScalarType::Float32)});
    p.store(0, scaled);
    const uint32_t greater = p.call(kernel::Fn::Greater, ScalarType::UInt32, {scaled, p.constant(0, ScalarType::Float32)});
    p.store(1, p.call(kernel::Fn::LogicalAnd, ScalarType::UInt8, {greater, p.input(2)}));
    REQUIRE(p.validate().empty());
    for (Walk walk : {Walk::Linear, Walk::Quads, Walk::Elements, Walk::Tiles, Walk::TileQuads})
        for (Access access : {Access::Packed, Access::Strided, Access::Rows, Access::Columns})
            for (uint32_t rank : {0u, 1u, 2u, 3u, 4u}) {
                const bool tiles = walk == Walk::Tiles || walk == Walk::TileQuads;
                if (walk == Walk::Linear && (access != Access::Packed || rank != 0)) continue;
                if (walk != Walk::Quads && walk != Walk::TileQuads && access == Access::Rows) continue;
                if (walk != Walk::TileQuads && access == Access::Columns) continue;
                // Tiles: every tensor strided or broadcast, at least two dimensions; ranks 2 and 4 for tiles only.
                if (tiles ? access == Access::Packed || rank == 1 : rank == 2 || rank == 4) continue;
                kernel::ElementwiseProgram variant = p;
                variant.walk = walk;
                variant.rank = rank;
                // Columns: inputs only (the outputs by rows); the fp16, int8 and uint8 inputs all read by columns.
                const Access out = access == Access::Columns ? Access::Rows : access;
                variant.access = {out, out, access, Access::Broadcast, access};
                if (access == Access::Columns) variant.access[3] = Access::Columns;
                CAPTURE(variant.describe());
                const std::string glsl = kernel::generateGlsl(variant);
                CHECK(glsl.find("out uint y1") != std::string::npos);
                CHECK_NOTHROW(compileComputeShader(glsl, SpirvOptimization::None));
            }
    // A broadcast output, or a strided tensor in the linear walk, is not a valid program.
    kernel::ElementwiseProgram bad = p;
    bad.walk = Walk::Quads;
    bad.access = {Access::Broadcast, Access::Packed, Access::Packed, Access::Packed, Access::Packed};
    CHECK_FALSE(bad.validate().empty());
    bad.walk = Walk::Linear;
    bad.access = {Access::Packed, Access::Strided, Access::Packed, Access::Packed, Access::Packed};
    CHECK_FALSE(bad.validate().empty());
    // Rows only in the quads walk; a fixed rank not in the linear walk.
    bad.walk = Walk::Elements;
    bad.access = {Access::Rows, Access::Packed, Access::Packed, Access::Packed, Access::Packed};
    CHECK_FALSE(bad.validate().empty());
    bad.walk = Walk::Linear;
    bad.access = {Access::Packed, Access::Packed, Access::Packed, Access::Packed, Access::Packed};
    bad.rank = 2;
    CHECK_FALSE(bad.validate().empty());
    // Tiles: nothing packed (the flat index is not the walk's), not one dimension.
    bad.walk = Walk::Tiles;
    CHECK_FALSE(bad.validate().empty());
    bad.access = {Access::Strided, Access::Strided, Access::Strided, Access::Broadcast, Access::Strided};
    CHECK(bad.validate().empty());
    bad.rank = 1;
    CHECK_FALSE(bad.validate().empty());
    // Columns: inputs of the tile quads walk only.
    bad.rank = 0;
    bad.access = {Access::Rows, Access::Strided, Access::Columns, Access::Broadcast, Access::Strided};
    CHECK_FALSE(bad.validate().empty());
    bad.walk = Walk::TileQuads;
    CHECK(bad.validate().empty());
    bad.access[0] = Access::Columns;
    CHECK_FALSE(bad.validate().empty());
    // The rank is part of the hash (the code differs), and 0 leaves earlier hashes as they were.
    kernel::ElementwiseProgram quads = p;
    quads.walk = Walk::Quads;
    quads.access = bad.access;
    const uint64_t dynamicRank = quads.hash();
    quads.rank = 2;
    CHECK(quads.hash() != dynamicRank);
}

namespace {

// Result ids of OpFMul / OpFAdd / OpFSub, and the ids decorated NoContraction, in a module.
struct FloatOps {
    std::vector<uint32_t> arithmetic, noContraction;
};

FloatOps floatOpsOf(const std::vector<uint32_t>& spirv) {
    FloatOps ops;
    for (size_t at = 5; at < spirv.size() && (spirv[at] >> 16) != 0; at += spirv[at] >> 16) {
        const uint32_t opcode = spirv[at] & 0xffffu;
        if (opcode == 129 || opcode == 131 || opcode == 133) ops.arithmetic.push_back(spirv[at + 2]);
        if (opcode == 71 && spirv[at + 2] == 42) ops.noContraction.push_back(spirv[at + 1]);
    }
    return ops;
}

}  // namespace

TEST_CASE("compiled shaders forbid fma contraction: every float add, subtract and multiply is NoContraction") {
    for (SpirvOptimization level : {SpirvOptimization::None, SpirvOptimization::Performance}) {
        CAPTURE(static_cast<int>(level));
        const FloatOps ops = floatOpsOf(compileComputeShader(shader(3), level));
        REQUIRE(!ops.arithmetic.empty());  // alpha * (exp(v) - 1.0) + 3.0: a multiply feeding an add
        for (uint32_t id : ops.arithmetic) {
            CAPTURE(id);
            CHECK(std::find(ops.noContraction.begin(), ops.noContraction.end(), id) != ops.noContraction.end());
        }
    }
}
