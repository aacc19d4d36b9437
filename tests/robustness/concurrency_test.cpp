// 8 threads create, compile, bind, record and execute operators on one device at once; every result is checked
// against the reference. Built with ThreadSanitizer in CI.
#include <atomic>
#include <cstdlib>
#include <utility>
#include <thread>

#include "op_runner.h"

using namespace vkdml::test;

TEST_CASE("8 threads use one device at once") {
    TestDevice device;
    std::atomic<int> failures{0}, runs{0};
    auto worker = [&](int id) {
        for (int round = 0; round < 3; ++round) {
            const ActivationInfo& op = kSeedActivations[(id + round) % 4];
            ActivationCase c;
            c.type = op.type;
            c.attr0 = op.attr0;
            c.attr1 = op.attr1;
            c.dataType = (id % 2) ? DML_TENSOR_DATA_TYPE_FLOAT16 : DML_TENSOR_DATA_TYPE_FLOAT32;
            c.input.sizes = {uint32_t(3 + id), uint32_t(100 + 17 * round)};
            if (round == 1) c.input.strides = {1, uint32_t(3 + id)};  // transposed input
            c.inPlace = round == 2;
            auto memory = randomTensorMemory(c.dataType, tensorBytes(c.input, c.dataType), 100 * id + round);
            ActivationRun run = runActivation(device, c, memory);
            UlpCheck check = verifyActivation(c, memory, run, c.dataType == DML_TENSOR_DATA_TYPE_FLOAT16 ? op.boundF16 : op.boundF32,
                                              "thread " + std::to_string(id));
            if (!check.ok() || !run.canaryIntact) ++failures;
            ++runs;
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) threads.emplace_back(worker, i);
    for (auto& t : threads) t.join();
    CHECK(runs == 24);
    CHECK(failures == 0);
}

TEST_CASE("8 threads compile the same and different programs at once, without the disk cache") {
    setenv("VKDML_PIPELINE_CACHE", "0", 1);
    TestDevice device;
    unsetenv("VKDML_PIPELINE_CACHE");
    std::atomic<int> failures{0};
    auto worker = [&](int id) {
        UINT sizes[] = {uint32_t(16 + id)};
        // CELU with the same alpha in every thread (one program), SOFTPLUS with a steepness per thread pair (four
        // programs: the general and the branch-free kernel), and the thread's own storage type.
        const DML_TENSOR_DATA_TYPE type = id % 2 ? DML_TENSOR_DATA_TYPE_FLOAT16 : DML_TENSOR_DATA_TYPE_FLOAT32;
        DML_BUFFER_TENSOR_DESC b{type, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 256, 0};
        DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
        const float steepness = id < 4 ? 1.0f : 0x1p30f;
        for (auto [op, attr] : {std::pair{DML_OPERATOR_ACTIVATION_CELU, 1.0f},
                                std::pair{DML_OPERATOR_ACTIVATION_SOFTPLUS, steepness}}) {
            Owned<VkdmlOperator> created;
            Owned<VkdmlDispatchable> compiled;
            if (tryCreateActivation(device, op, &t, &t, attr, 0, created.put()) != S_OK ||
                vkdmlCompileOperator(device, created, DML_EXECUTION_FLAG_NONE, compiled.put()) != S_OK)
                ++failures;
        }
    };
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) threads.emplace_back(worker, i);
    for (auto& t : threads) t.join();
    CHECK(failures == 0);
}
