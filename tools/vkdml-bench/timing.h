// vkdml-bench: wall-clock measurement. A subject is something that runs K units of work per timed execution: a
// command list holding K back-to-back dispatches or copies, or K passes of a host loop. K is calibrated so that one
// execution lasts at least the minimum time; the subjects of one comparison are timed interleaved (a, b, a, b, ...)
// so that the machine's load drifts over all of them alike.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common.h"

namespace bench {

struct Subject {
    std::string name;
    double bytesPerUnit = 0;                  // bytes read + written by one unit
    std::function<void(uint32_t k)> prepare;  // make run() do k units
    std::function<double()> run;              // one timed execution; returns wall seconds
    uint32_t k = 1;
    std::vector<double> seconds;  // one per timed execution
    Stats gbps() const;           // best / median GB/s over the timed executions
};

// Whether command-list subjects time the GPU (a timestamp before the list's first command and after its last,
// vkdml_testing.h) instead of the wall clock around execute + wait. Set once, before any subject is made; a device
// whose queue has no timestamps keeps the wall clock.
void preferGpuTimestamps(bool prefer);
// "GPU timestamps" or "wall clock": what the command-list subjects made so far measured with.
std::string commandListClock();

// A subject recording `record` k times into a vkdml command list, executed with vkdmlExecuteCommandLists +
// vkdmlWaitForCompletion.
std::unique_ptr<Subject> commandListSubject(const std::string& name, VkdmlDevice device, double bytesPerUnit,
                                            std::function<void(VkdmlCommandList)> record);

// Chooses k so that one execution lasts >= minSeconds (k <= maxK).
void calibrate(Subject& subject, double minSeconds, uint32_t maxK = 200000);
// repetitions rounds over all subjects in turn, after untimed rounds of at least 100 ms (a GPU's clock ramps up).
void measureInterleaved(const std::vector<Subject*>& subjects, int repetitions);

// Host microseconds per call of `record` into an open list: count calls, three rounds, median. The list is reset
// afterwards (never executed).
double recordMicroseconds(VkdmlDevice device, const std::function<void(VkdmlCommandList)>& record, int count);

}  // namespace bench
