#include "timing.h"

#include <algorithm>
#include <cmath>

#include <vkdml/vkdml_testing.h>

#include "workload.h"

namespace bench {

namespace {
bool gpuPreferred = true;
bool anyWallClock = false, anyGpuClock = false;
}  // namespace

void preferGpuTimestamps(bool prefer) { gpuPreferred = prefer; }

std::string commandListClock() {
    if (anyGpuClock && anyWallClock) return "GPU timestamps where the queue has them, else wall clock";
    return anyGpuClock ? "GPU timestamps" : "wall clock";
}

Stats Subject::gbps() const {
    const Stats s = statsOf(seconds);
    Stats g;
    if (s.best <= 0) return g;
    const double bytes = bytesPerUnit * k;
    g.best = bytes / s.best / 1e9;
    g.median = bytes / s.median / 1e9;
    for (double t : seconds) g.samples.push_back(bytes / t / 1e9);
    return g;
}

std::unique_ptr<Subject> commandListSubject(const std::string& name, VkdmlDevice device, double bytesPerUnit,
                                            std::function<void(VkdmlCommandList)> record) {
    auto subject = std::make_unique<Subject>();
    subject->name = name;
    subject->bytesPerUnit = bytesPerUnit;
    auto list = std::make_shared<Ref<VkdmlCommandList>>();
    BENCH_CHECK(vkdmlCreateCommandList(device, list->put()));
    const bool gpuClock = gpuPreferred && SUCCEEDED(vkdmlTestEnableTimestamps(*list));
    (gpuClock ? anyGpuClock : anyWallClock) = true;
    subject->prepare = [list, record](uint32_t k) {
        BENCH_CHECK(vkdmlResetCommandList(*list));
        for (uint32_t i = 0; i < k; ++i) record(*list);
        BENCH_CHECK(vkdmlCloseCommandList(*list));
    };
    subject->run = [list, device, gpuClock] {
        const double wall = executeAndWait(device, *list);
        if (!gpuClock) return wall;
        double gpu = 0;
        BENCH_CHECK(vkdmlTestGpuSeconds(*list, &gpu));
        return gpu;
    };
    return subject;
}

void calibrate(Subject& subject, double minSeconds, uint32_t maxK) {
    subject.prepare(1);
    subject.run();  // warm-up: first-touch page faults, lazy pipeline state
    double t = subject.run();
    uint32_t k = 1;
    // Aim 20% above the minimum; two refinements cover a fixed per-execution cost that hides the per-unit one.
    for (int round = 0; round < 3 && t < minSeconds && k < maxK; ++round) {
        const double scale = std::max(1.2 * minSeconds / std::max(t, 1e-7), 1.01);
        const double next = std::ceil(k * scale);
        k = static_cast<uint32_t>(std::min<double>(next, maxK));
        subject.prepare(k);
        t = subject.run();
    }
    subject.k = k;
    subject.seconds.clear();
}

void measureInterleaved(const std::vector<Subject*>& subjects, int repetitions) {
    // Untimed rounds first, for at least 100 ms of work: a GPU lowers its clock while the host fills a row's inputs
    // (seen on an H200 as copies at 40% speed), and needs busy time to raise it again.
    double busy = 0;
    for (int r = 0; r < 50 && (r == 0 || busy < 0.1); ++r)
        for (Subject* s : subjects) busy += s->run();
    for (Subject* s : subjects) s->seconds.clear();
    for (int r = 0; r < repetitions; ++r)
        for (Subject* s : subjects) s->seconds.push_back(s->run());
}

double recordMicroseconds(VkdmlDevice device, const std::function<void(VkdmlCommandList)>& record, int count) {
    Ref<VkdmlCommandList> list;
    BENCH_CHECK(vkdmlCreateCommandList(device, list.put()));
    std::vector<double> perCall;
    for (int round = 0; round < 3; ++round) {
        BENCH_CHECK(vkdmlResetCommandList(list));
        const auto start = Clock::now();
        for (int i = 0; i < count; ++i) record(list);
        perCall.push_back(secondsSince(start) * 1e6 / count);
    }
    BENCH_CHECK(vkdmlResetCommandList(list));
    return statsOf(perCall).median;
}

}  // namespace bench
