// Rows split into parts across workgroups: where a reduction-family operator has too few rows to fill the device,
// each row's parts are folded by workgroups of their own and the parts' statistics combined in a later dispatch,
// kept meanwhile in the operator's temporary resource. These cases pin when that happens (the suites' long-row
// cases check the results of the default choice; their *_split variants force parts on every case).
#include <cstdlib>
#include <string>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_reduce.h"
#include "scoped_env.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

// The options these cases set are read when a device is created. A C API device (one with a maximum feature level,
// even through VKDML_TEST_THROUGH_COM) is created anew each time, where a D3D12 device is its adapter's singleton
// and may outlive its last release for a moment (libd3d12's fence monitor), keeping the earlier options.
constexpr DML_FEATURE_LEVEL kOwnDevice = DML_FEATURE_LEVEL_6_4;

uint64_t temporaryBytes(TestDevice& device, const FamilyCase& c) {
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreate(device, c, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    return vkdmlGetBindingProperties(compiled).TemporaryResourceSize;
}

FamilyCase sumOver(const std::vector<uint32_t>& sizes) {
    return reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, sizes, {static_cast<uint32_t>(sizes.size() - 1)});
}

}  // namespace

TEST_CASE("row parts: a few long rows are split, many rows are not; 16 bytes of temporary memory per part") {
    for (const char* gpuShapes : {"0", "1"}) {
        CAPTURE(gpuShapes);
        ScopedEnv shapes("VKDML_TEST_REDUCTION_GPU_SHAPES", gpuShapes);
        ScopedEnv unforced("VKDML_REDUCTION_SEGMENTS", "0");
        TestDevice device(kOwnDevice);
        const uint64_t one = temporaryBytes(device, sumOver({1, 1u << 20}));
        CHECK(one >= 2 * 16);
        CHECK(one % 16 == 0);
        CHECK(temporaryBytes(device, sumOver({4, 1u << 18})) >= 4 * 2 * 16);
        CHECK(temporaryBytes(device, sumOver({4096, 256})) == 0);
        CHECK(temporaryBytes(device, sumOver({64, 1024})) == 0);
        // Scans: split like the others (a row of 2^14: two parts of 8192 in the GPU's shapes, none in the CPU's),
        // and on a CPU device into parts of at most 32768 elements however many rows there are.
        auto scanOver = [](const std::vector<uint32_t>& sizes) {
            FamilyCase scan;
            scan.op = DML_OPERATOR_CUMULATIVE_SUMMATION;
            scan.inputs = {tensorOf(F32, sizes)};
            scan.output = tensorOf(F32, sizes);
            scan.build = cumulativeBuilder(1, DML_AXIS_DIRECTION_INCREASING, false);
            return scan;
        };
        CHECK(temporaryBytes(device, scanOver({1, 1u << 14})) == (std::string(gpuShapes) == "1" ? 2 * 16 : 0));
        const uint64_t longRows = temporaryBytes(device, scanOver({64, 40000}));
        if (std::string(gpuShapes) == "1") CHECK(longRows >= 64 * 2 * 16);
        else CHECK(longRows == 64 * 2 * 16);
    }
}

TEST_CASE("row parts: VKDML_REDUCTION_SEGMENTS forces the parts (1: none); parts are whole 16-byte vectors") {
    {
        ScopedEnv forced("VKDML_REDUCTION_SEGMENTS", "1");
        TestDevice device(kOwnDevice);
        CHECK(temporaryBytes(device, sumOver({1, 1u << 20})) == 0);
    }
    ScopedEnv forced("VKDML_REDUCTION_SEGMENTS", "3");
    TestDevice device(kOwnDevice);
    CHECK(temporaryBytes(device, sumOver({5, 100})) == 5 * 3 * 16);  // parts of 40, 40 and 20 elements
    CHECK(temporaryBytes(device, sumOver({5, 17})) == 5 * 3 * 16);   // 8, 8 and 1
    CHECK(temporaryBytes(device, sumOver({5, 16})) == 5 * 2 * 16);   // two parts of 8
    CHECK(temporaryBytes(device, sumOver({5, 8})) == 0);             // one part
    std::mt19937_64 rng(3);
    for (const auto& sizes : std::vector<std::vector<uint32_t>>{{5, 100}, {5, 17}, {3, 1001}}) {
        FamilyCase c = sumOver(sizes);
        for (FamilyTensor& t : c.inputs) fillTensor(t, rng, {}, mixedFloats(F32, -8, 8));
        const HostTensor x = hostTensor(c.inputs[0]);
        runAndCheck(device, c, "SUM of " + std::to_string(sizes[0]) + " rows of " + std::to_string(sizes[1]) + " in 3 parts",
                    expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, x, {1}));
    }
}
