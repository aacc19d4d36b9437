// 8 threads create, compile, bind, record and execute operators on one device at once; every result is checked
// against the reference. Built with ThreadSanitizer in CI.
#include <atomic>
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
