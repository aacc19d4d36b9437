#include "app.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <new>
#include <string>

#include <CLI/CLI.hpp>

#include "executor.h"
#include "model.h"

namespace vkdml::dispatch {

namespace {

constexpr const char* kDescription =
    "vkdml-dispatch: runs DxDispatch JSON models (DirectML operators, resources and dispatch/print/writeFile "
    "commands) on Vulkan through vkdml.\n\n"
    "Exit codes: 0 success; 1 runtime failure; 2 invalid model or command line; 3 the model uses something vkdml "
    "does not implement (yet).\n"
    "Dispatch timings are min/median/max of execute+wait per iteration; with several iterations the first is a "
    "warm-up and excluded.";

void listAdapters(std::ostream& out) {
    UINT count = 0;
    if (FAILED(vkdmlEnumerateAdapters(&count, nullptr))) return;
    std::vector<VKDML_ADAPTER_INFO> infos(count);
    if (count > 0 && FAILED(vkdmlEnumerateAdapters(&count, infos.data()))) return;
    for (UINT i = 0; i < count; ++i) out << "[" << infos[i].AdapterIndex << "] " << infos[i].Name << '\n';
}

}  // namespace

int runApp(int argc, const char* const* argv, std::ostream& out, std::ostream& err, DeviceContext* sharedDevice) {
    CLI::App app(kDescription, "vkdml-dispatch");
    std::string modelPath, adapter, inputPath, outputPath;
    bool debug = false, showAdapters = false;
    uint32_t iterations = 1;
    uint64_t maxResourceMiB = 1024;
    app.add_option("model,-m,--model", modelPath, "Path to the JSON model");
    app.add_option("-a,--adapter", adapter, "Vulkan adapter: an index or a part of its name (see --show_adapters)");
    app.add_flag("-d,--debug", debug, "Enable the Vulkan validation layers (DML_CREATE_DEVICE_FLAG_DEBUG)");
    app.add_option("-i,--iterations,--dispatch_iterations", iterations, "Times each dispatch command runs")
        ->check(CLI::Range(1u, 1000000u));
    app.add_option("--input_path", inputPath, "Base path of sourcePath files (default: the model's directory)");
    app.add_option("--output_path", outputPath, "Base path of writeFile targets (default: the current directory)");
    app.add_option("--max_resource_mib", maxResourceMiB, "Largest resource a model may declare, in MiB")
        ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 20));
    app.add_flag("-s,--show_adapters", showAdapters, "List the Vulkan adapters vkdml can use");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        out << app.help();
        return kExitOk;
    } catch (const CLI::ParseError& e) {
        err << "vkdml-dispatch: " << oneLine(e.what()) << " (run with --help for usage)\n";
        return kExitModel;
    }
    if (argc <= 1) {  // like DxDispatch: no arguments prints the usage
        out << app.help();
        return kExitOk;
    }
    if (showAdapters) {
        listAdapters(out);
        if (modelPath.empty()) return kExitOk;
    }
    if (modelPath.empty()) {
        err << "vkdml-dispatch: no model given (run with --help for usage)\n";
        return kExitModel;
    }

    const auto report = [&](const std::string& message, int code) {
        out.flush();
        err << modelPath << ": " << oneLine(message) << '\n';
        err.flush();
        return code;
    };
    try {
        Model model;
        ModelOptions modelOptions;
        modelOptions.inputDirectory = inputPath;
        modelOptions.maxResourceBytes = maxResourceMiB << 20;
        loadModel(modelPath, modelOptions, model);

        std::unique_ptr<DeviceContext> ownDevice;
        DeviceContext* device = sharedDevice;
        if (!device) {
            DeviceOptions deviceOptions;
            deviceOptions.adapter = adapter;
            deviceOptions.debug = debug;
            ownDevice = DeviceContext::create(deviceOptions);
            device = ownDevice.get();
        }
        out << "Running on '" << device->adapter().Name << "'\n";

        ExecutionOptions executionOptions;
        executionOptions.iterations = iterations;
        executionOptions.outputDirectory = outputPath;
        executeModel(model, *device, executionOptions, out);
    } catch (const DispatchError& e) {
        return report(e.what(), e.exitCode());
    } catch (const std::bad_alloc&) {
        return report("out of memory", kExitRuntime);
    } catch (const std::exception& e) {
        return report(std::string("internal error: ") + e.what(), kExitRuntime);
    }
    out.flush();
    return kExitOk;
}

}  // namespace vkdml::dispatch
