// How the runners (runActivation, runPrelu, runFamily) compile and execute an operator that vkdml's C API created:
// through the C API (vkdmlCompileOperator or, with VKDML_TEST_THROUGH_GRAPH=1, a one-node vkdmlCompileGraph), or
// with VKDML_TEST_THROUGH_COM=1 through DirectML's COM API over vkdml's D3D12 subset (com_backend.cpp:
// IDMLDevice::CompileOperator or IDMLDevice1::CompileGraph, IDMLOperatorInitializer, binding tables over a
// descriptor heap, committed D3D12 buffers uploaded and read back with CopyBufferRegion, IDMLCommandRecorder on a
// D3D12 command list, a queue and a fence). The operator reaches the COM API through IVkdmlDmlDevice
// (vkdml_directml.h), so every suite keeps creating its operators with its own desc builders.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "test_device.h"

namespace vkdml::test {

// VKDML_TEST_THROUGH_COM=1 (read here and nowhere else). Where the COM drop-in is not built, the runners fail.
bool throughCom();
bool throughGraph();  // op_runner.h

struct RunnerRange {
    size_t buffer = 0;  // index returned by RunnerBackend::createBuffer
    uint64_t offset = 0, bytes = 0;
    bool present = true;  // false: an absent optional input (DML_BINDING_TYPE_NONE)
};

class RunnerBackend {
public:
    virtual ~RunnerBackend() = default;
    // Compiles `op` (input slots as in `present`, `outputs` output slots) as an operator or, with throughGraph(), a
    // one-node graph whose inputs are the present slots in order; then creates its initializer.
    virtual HRESULT compile(VkdmlOperator op, DML_EXECUTION_FLAGS flags, const std::vector<bool>& present,
                            uint32_t outputs) = 0;
    virtual bool graph() const = 0;
    virtual DML_BINDING_PROPERTIES properties() const = 0;             // the compiled operator's
    virtual DML_BINDING_PROPERTIES initializerProperties() const = 0;  // its initializer's
    // A DEFAULT buffer holding `image`; returns its index.
    virtual size_t createBuffer(const std::vector<uint8_t>& image) = 0;
    // Initializes and runs the compiled operator once (temporary resources as the properties ask), inputs per
    // operator slot, and waits.
    virtual HRESULT execute(const std::vector<RunnerRange>& inputs, const std::vector<RunnerRange>& outputs) = 0;
    // Buffer `buffer`'s bytes after execute.
    virtual std::vector<uint8_t> download(size_t buffer) = 0;
    // The call that failed last ("vkdmlCompileOperator", "IDMLDevice::CompileOperator", ...).
    const std::string& failedCall() const { return failedCall_; }

protected:
    HRESULT failed(HRESULT hr, std::string call) {
        if (hr != S_OK) failedCall_ = std::move(call);
        return hr;
    }

private:
    std::string failedCall_;
};

// The graph suites through the COM API (tests/graph/graph_runner.cpp where throughCom()). compileComGraph:
// IDMLDevice1::CompileGraph of `graphDesc`, a DML_GRAPH_DESC of vkdml.h's DirectML.h (the COM header's has the same
// layout), whose operator nodes hold VkdmlOperators of `device` (handed to the COM API by CreateOperatorFromVkdml);
// `compiled` receives the vkdml dispatchable behind the IDMLCompiledOperator (a reference of the caller's), and the
// device's COM session keeps the COM object for runComGraph. `device` must be a COM test device.
HRESULT compileComGraph(VkdmlDevice device, const void* graphDesc, DML_EXECUTION_FLAGS flags,
                        VkdmlDispatchable* compiled);
struct ComGraphRun {
    HRESULT hr = S_OK;
    std::string failedCall;
    std::vector<std::vector<uint8_t>> outputs;  // each output's bytes and the canary bytes after them
    std::vector<std::vector<uint8_t>> inputs;   // each bound input's bytes as read back (empty: not bound)
};
// Runs a graph compileComGraph made once, initializer first: each non-empty input (then `canaryBytes` of `canary`)
// in a buffer of its own, bound to the initializer's BUFFER_ARRAY where `owned`, else to the graph; each output in
// a buffer of `outputBytes` + `canaryBytes` filled with `canary`.
ComGraphRun runComGraph(TestDevice& device, VkdmlDispatchable compiled, const std::vector<std::vector<uint8_t>>& inputs,
                        const std::vector<bool>& owned, const std::vector<uint64_t>& outputBytes, uint64_t canaryBytes,
                        uint8_t canary);

// The COM backend where throughCom() and `device` is a COM test device (TestDevice::comSession), else the C API's.
std::unique_ptr<RunnerBackend> makeRunnerBackend(TestDevice& device);

// The COM backend (com_backend.cpp): null for a device made through the C API or where the drop-in is not built.
std::unique_ptr<RunnerBackend> makeComRunnerBackend(TestDevice& device);

}  // namespace vkdml::test
