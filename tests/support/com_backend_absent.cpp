// Where the COM drop-in is not built: no COM test devices and no COM runner backend (runner_backend.h).
#include "runner_backend.h"

namespace vkdml::test {

struct ComSession {};

VkdmlDevice createComTestDevice(const VKDML_DEVICE_DESC&, std::shared_ptr<ComSession>&) { return nullptr; }

std::unique_ptr<RunnerBackend> makeComRunnerBackend(TestDevice&) { return nullptr; }

HRESULT compileComGraph(VkdmlDevice, const void*, DML_EXECUTION_FLAGS, VkdmlDispatchable* compiled) {
    *compiled = nullptr;
    FAIL("VKDML_TEST_THROUGH_COM=1, but the COM drop-in is not built");
    return E_NOTIMPL;
}

ComGraphRun runComGraph(TestDevice&, VkdmlDispatchable, const std::vector<std::vector<uint8_t>>&,
                        const std::vector<bool>&, const std::vector<uint64_t>&, uint64_t, uint8_t) {
    FAIL("VKDML_TEST_THROUGH_COM=1, but the COM drop-in is not built");
    return {};
}

}  // namespace vkdml::test
