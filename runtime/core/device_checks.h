// What the device's probes and checks share: running one generated kernel to completion on the device's queue, and
// remembering each answer per device and driver version for the rest of the process (core/device_probes.h,
// ops/gemm/cooperative_check.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "vk/pipelines.h"
#include "vk/queue.h"

namespace vkdml {

// The answer of check `which` on this device and driver version: `check` runs the first time it is asked for in
// the process, later askers get its answer.
bool rememberedPerDevice(const vk::Context& ctx, const std::string& which, const std::function<bool()>& check);

// One binding of a kernel run by runKernelOnce: `words` 32-bit words from word `firstWord` of the run's buffer.
struct WordRange {
    uint64_t firstWord = 0, words = 0;
};

// Runs `source` once as groups[0] x groups[1] x groups[2] workgroups over one host-visible buffer holding `words`,
// binding i being ranges[i] (each range's byte offset a multiple of alignmentOf(ctx)), with `pushConstants`; waits
// for it and reads the buffer back into `words`. Throws vk::Error as a dispatch would (out of memory, device lost).
void runKernelOnce(const vk::Context& ctx, vk::PipelineStore& pipelines, vk::Queue& queue, const vk::KernelSource& source,
                   std::vector<uint32_t>& words, const std::vector<WordRange>& ranges, const void* pushConstants,
                   uint32_t pushConstantBytes, const uint32_t (&groups)[3]);

// The byte alignment of the ranges runKernelOnce binds: the device's storage-buffer offset alignment, at least 16.
uint64_t alignmentOf(const vk::Context& ctx);

}  // namespace vkdml
