// Running vkdml-dispatch's main logic in-process on one device shared by every test of the binary.
#pragma once

#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app.h"
#include "dispatch_test_util.h"
#include "executor.h"

namespace dispatch_test {

inline vkdml::dispatch::DeviceContext& sharedDevice() {
    static std::unique_ptr<vkdml::dispatch::DeviceContext> device = vkdml::dispatch::DeviceContext::create({});
    return *device;
}

struct RunResult {
    int exitCode = 0;
    std::string out, err;
};

inline RunResult runInProcess(const std::filesystem::path& model, const std::filesystem::path& outputDir,
                              const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {"vkdml-dispatch",   model.string(), "--input_path", modelsDir().string(),
                                     "--output_path",    outputDir.string(), "--max_resource_mib", "16"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    RunResult r;
    r.exitCode = vkdml::dispatch::runApp(static_cast<int>(argv.size()), argv.data(), out, err, &sharedDevice());
    r.out = out.str();
    r.err = err.str();
    return r;
}

}  // namespace dispatch_test
