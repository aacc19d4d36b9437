// Where the COM drop-in is not built: no COM test devices and no COM runner backend (runner_backend.h).
#include "runner_backend.h"

namespace vkdml::test {

struct ComSession {};

VkdmlDevice createComTestDevice(const VKDML_DEVICE_DESC&, std::shared_ptr<ComSession>&) { return nullptr; }

std::unique_ptr<RunnerBackend> makeComRunnerBackend(TestDevice&) { return nullptr; }

}  // namespace vkdml::test
