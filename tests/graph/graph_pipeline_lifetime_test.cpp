// Pipelines live as long as something holds them: compiled graphs and operators, and the command lists that
// recorded them. The device keeps a bounded number of idle ones, so a process compiling endless distinct graphs
// stays bounded; a pipeline released and needed again is compiled again and runs the same.
#include <cmath>
#include <cstring>

#include "graph_runner.h"
#include "vkdml/vkdml_testing.h"

using namespace vkdml::test;

namespace {

uint64_t pipelines(VkdmlDevice device) {
    UINT64 count = 0;
    REQUIRE(vkdmlTestPipelineCount(device, &count) == S_OK);
    return count;
}

// ELU(alpha) -> ADD(x), fused into one kernel whose program holds alpha: each alpha is a pipeline of its own.
Owned<VkdmlDispatchable> eluAdd(TestDevice& device, float alpha) {
    return compileGraph(device.get(), true, 2, [&](GraphBuilder& b) {
        GraphTensorDesc t;
        t.sizes = {1, 1, 4, 16};
        const uint32_t elu = b.addOperator(DML_OPERATOR_ACTIVATION_ELU, {t}, t, alpha);
        const uint32_t add = b.addOperator(DML_OPERATOR_ELEMENT_WISE_ADD, {t, t}, t);
        b.inputEdge(0, elu, 0);
        b.edge(elu, add, 0);
        b.inputEdge(0, add, 1);
        b.outputEdge(add, 0);
    });
}

float runEluAdd(TestDevice& device, VkdmlDispatchable compiled) {
    std::vector<uint8_t> input(64 * 4);
    for (size_t i = 0; i < 64; ++i) {
        const float v = -1.0f + float(i) / 32.0f;
        std::memcpy(input.data() + 4 * i, &v, 4);
    }
    GraphIO io;
    io.inputs = {input};
    io.outputBytes = {64 * 4};
    GraphRun run = runGraph(device, compiled, io);
    REQUIRE_MESSAGE(run.ok(), run.failedCall, ": ", device.lastError());
    float first;
    std::memcpy(&first, run.outputs[0].data(), 4);
    return first;
}

}  // namespace

TEST_CASE("pipelines: held while a compiled graph lives, at most the idle limit kept after") {
    TestDevice device;
    REQUIRE(vkdmlTestSetOption(device.get(), VKDML_TEST_OPTION_IDLE_PIPELINE_LIMIT, 4) == S_OK);
    const uint64_t before = pipelines(device.get());

    std::vector<Owned<VkdmlDispatchable>> held;
    for (int i = 0; i < 12; ++i) held.push_back(eluAdd(device, 0.5f + 0.125f * float(i)));
    const uint64_t whileHeld = pipelines(device.get());
    CHECK(whileHeld >= before + 12);  // none released while its graph lives

    const float first = runEluAdd(device, held[3].get());
    CHECK(first == doctest::Approx(0.875f * (std::exp(-1.0f) - 1.0f) - 1.0f).epsilon(1e-6));
    held.clear();
    // The next compilation releases every idle pipeline beyond the limit, least recently used first.
    Owned<VkdmlDispatchable> other = eluAdd(device, 7.0f);
    CHECK(pipelines(device.get()) <= before + 4 + 1);
    // Whether it was kept or compiled again, a pipeline runs the same.
    Owned<VkdmlDispatchable> again = eluAdd(device, 0.875f);
    CHECK(runEluAdd(device, again.get()) == first);

    // Many distinct graphs compiled and released one after another: the count stays bounded.
    for (int i = 0; i < 40; ++i) eluAdd(device, 2.0f + float(i));
    // The idle limit, the last one compiled (idle since its graph went), and those `other` and `again` hold.
    CHECK(pipelines(device.get()) <= before + 4 + 3);
}

TEST_CASE("pipelines: a limit of 0 keeps nothing idle") {
    TestDevice device;
    REQUIRE(vkdmlTestSetOption(device.get(), VKDML_TEST_OPTION_IDLE_PIPELINE_LIMIT, 0) == S_OK);
    const uint64_t before = pipelines(device.get());
    {
        Owned<VkdmlDispatchable> compiled = eluAdd(device, 0.25f);
        CHECK(pipelines(device.get()) > before);
    }
    // Released on the next compilation (or limit change) after its last holder went.
    REQUIRE(vkdmlTestSetOption(device.get(), VKDML_TEST_OPTION_IDLE_PIPELINE_LIMIT, 0) == S_OK);
    CHECK(pipelines(device.get()) == before);
}
