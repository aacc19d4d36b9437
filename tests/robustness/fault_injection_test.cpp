// Fault injection: every Vulkan allocation of a whole create-to-readback run is made to fail in turn, then the queue
// submission, then each stage of the run-time kernel compiler. Each failure surfaces as E_OUTOFMEMORY or DXGI_ERROR_DEVICE_REMOVED, never a crash; after a device loss
// the device reports its removal reason and refuses further work; LeakSanitizer (CI) proves nothing leaks.
#include <cstdio>
#include <cstdlib>

#include <vkdml/vkdml_testing.h>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

struct Objects {
    std::vector<void*> owned;
    ~Objects() {
        for (auto it = owned.rbegin(); it != owned.rend(); ++it) vkdmlRelease(*it);
    }
    template <class H>
    H keep(H handle) {
        if (handle) owned.push_back(handle);
        return handle;
    }
};

// One full run; returns the first failing HRESULT (S_OK when everything worked and the result is right).
HRESULT runOnce(bool* resultChecked) {
    Objects o;
    HRESULT hr;
    VkdmlDevice device = nullptr;
    if (FAILED(hr = vkdmlCreateDevice(nullptr, &device))) return hr;
    o.keep(device);
    const UINT n = 4099;
    UINT sizes[] = {n};
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, n * 4, 0};
    DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
    VkdmlOperator op = nullptr;
    if (FAILED(hr = tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, &t, &t, 2.0f, 1.0f, &op))) return hr;
    o.keep(op);
    VkdmlDispatchable compiled = nullptr, init = nullptr;
    if (FAILED(hr = vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled))) return hr;
    o.keep(compiled);
    if (FAILED(hr = vkdmlCreateOperatorInitializer(device, 1, &compiled, &init))) return hr;
    o.keep(init);
    VkdmlBuffer upload = nullptr, gpu = nullptr, readback = nullptr;
    if (FAILED(hr = vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, n * 4, &upload))) return hr;
    o.keep(upload);
    if (FAILED(hr = vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 2 * n * 4 + 16, &gpu))) return hr;
    o.keep(gpu);
    if (FAILED(hr = vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, n * 4, &readback))) return hr;
    o.keep(readback);
    float* in = nullptr;
    if (FAILED(hr = vkdmlMapBuffer(upload, reinterpret_cast<void**>(&in)))) return hr;
    for (UINT i = 0; i < n; ++i) in[i] = float(i);
    VkdmlBindingTable initTable = nullptr, table = nullptr;
    if (FAILED(hr = vkdmlCreateBindingTable(device, init, &initTable))) return hr;
    o.keep(initTable);
    if (FAILED(hr = vkdmlCreateBindingTable(device, compiled, &table))) return hr;
    o.keep(table);
    DML_BUFFER_BINDING inB{gpu, 0, n * 4}, outB{gpu, n * 4 + (16 - n * 4 % 16) % 16, n * 4};
    DML_BINDING_DESC inD{DML_BINDING_TYPE_BUFFER, &inB}, outD{DML_BINDING_TYPE_BUFFER, &outB};
    if (FAILED(hr = vkdmlBindInputs(table, 1, &inD))) return hr;
    if (FAILED(hr = vkdmlBindOutputs(table, 1, &outD))) return hr;
    VkdmlCommandList list = nullptr;
    if (FAILED(hr = vkdmlCreateCommandList(device, &list))) return hr;
    o.keep(list);
    if (FAILED(hr = vkdmlRecordCopyBufferRegion(list, gpu, 0, upload, 0, n * 4))) return hr;
    if (FAILED(hr = vkdmlRecordDispatch(list, init, initTable))) return hr;
    if (FAILED(hr = vkdmlRecordDispatch(list, compiled, table))) return hr;
    if (FAILED(hr = vkdmlRecordCopyBufferRegion(list, readback, 0, gpu, outB.Offset, n * 4))) return hr;
    if (FAILED(hr = vkdmlCloseCommandList(list))) return hr;
    UINT64 value = 0;
    if (FAILED(hr = vkdmlExecuteCommandLists(device, 1, &list, &value))) {
        if (hr == DXGI_ERROR_DEVICE_REMOVED) {
            CHECK(vkdmlGetDeviceRemovedReason(device) == DXGI_ERROR_DEVICE_REMOVED);
            VkdmlBuffer late = nullptr;
            CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64, &late) == DXGI_ERROR_DEVICE_REMOVED);
            CHECK(vkdmlExecuteCommandLists(device, 1, &list, &value) == DXGI_ERROR_DEVICE_REMOVED);
            CHECK(vkdmlWaitForCompletion(device, value, 0) == DXGI_ERROR_DEVICE_REMOVED);
        }
        return hr;
    }
    if (FAILED(hr = vkdmlWaitForCompletion(device, value, UINT64_MAX))) return hr;
    float* out = nullptr;
    if (FAILED(hr = vkdmlMapBuffer(readback, reinterpret_cast<void**>(&out)))) return hr;
    bool right = true;
    for (UINT i = 0; i < n; ++i) right = right && out[i] == 2.0f * float(i) + 1.0f;
    CHECK(right);
    *resultChecked = true;
    return S_OK;
}

}  // namespace

TEST_CASE("every Vulkan allocation of a full run fails in turn: E_OUTOFMEMORY, no crash, no leak") {
    bool checked = false;
    // The process's first device of an adapter runs the fused-fma probe (its own allocations); later devices reuse
    // the answer. A first run makes every counted run below allocate alike.
    REQUIRE(runOnce(&checked) == S_OK);
    vkdmlTestInjectFault(VKDML_FAULT_SITE_ALLOCATION, 0);
    checked = false;
    REQUIRE(runOnce(&checked) == S_OK);
    REQUIRE(checked);
    const UINT64 allocations = vkdmlTestFaultSiteCalls(VKDML_FAULT_SITE_ALLOCATION);
    MESSAGE(allocations << " Vulkan allocations in a create-to-readback run");
    REQUIRE(allocations >= 10);
    for (UINT64 nth = 1; nth <= allocations; ++nth) {
        CAPTURE(nth);
        vkdmlTestInjectFault(VKDML_FAULT_SITE_ALLOCATION, nth);
        bool done = false;
        HRESULT hr = runOnce(&done);
        CHECK(hr == E_OUTOFMEMORY);
    }
    vkdmlTestInjectFault(VKDML_FAULT_SITE_ALLOCATION, 0);
}

TEST_CASE("a lost device on submit: DXGI_ERROR_DEVICE_REMOVED, the reason is kept, later calls refuse") {
    vkdmlTestInjectFault(VKDML_FAULT_SITE_SUBMIT, 1);
    bool done = false;
    CHECK(runOnce(&done) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK_FALSE(done);
    vkdmlTestInjectFault(VKDML_FAULT_SITE_SUBMIT, 0);
    CHECK(runOnce(&done) == S_OK);
}

namespace {

// Compiles `op` (CELU by default) and reports the HRESULT and the device's last message. The device's in-memory
// pipelines make a program compile once per device: each fault needs a program the device has not seen.
HRESULT compileCelu(TestDevice& device, float alpha, std::string* message,
                    DML_OPERATOR_TYPE type = DML_OPERATOR_ACTIVATION_CELU) {
    UINT sizes[] = {64};
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 256, 0};
    DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, type, &t, &t, alpha, 0, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    device.clearErrors();
    const HRESULT hr = vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put());
    *message = device.errors().empty() ? std::string() : device.errors().back();
    return hr;
}

// CELU on 64 fp32 values through the whole API, checked against the reference (4 ULP).
bool celuRunsRight(TestDevice& device, float alpha, const std::string& what) {
    ActivationCase c;
    c.type = DML_OPERATOR_ACTIVATION_CELU;
    c.attr0 = alpha;
    c.dataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    c.input.sizes = {64};
    auto memory = randomTensorMemory(c.dataType, tensorBytes(c.input, c.dataType), 7);
    ActivationRun run = runActivation(device, c, memory);
    return verifyActivation(c, memory, run, 4, what).ok() && run.canaryIntact;
}

}  // namespace

TEST_CASE("run-time kernel compilation fails at each stage: an HRESULT and a message, the device stays usable") {
    setenv("VKDML_PIPELINE_CACHE", "0", 1);
    setenv("VKDML_SPIRV_OPT", "1", 1);  // the optimizer stage too (its injected fault is an allocation failure)
    TestDevice device;
    unsetenv("VKDML_SPIRV_OPT");
    unsetenv("VKDML_PIPELINE_CACHE");
    // The compiler's stages in order: glslang, spirv-opt, spirv-val.
    const HRESULT expected[] = {E_FAIL, E_OUTOFMEMORY, E_FAIL};
    const char* stage[] = {"glslang", "out of host memory", "spirv-val"};
    const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_ACTIVATION_CELU, DML_OPERATOR_ACTIVATION_ELU,
                                     DML_OPERATOR_ACTIVATION_SOFTPLUS};
    const char* programs[] = {"celu_straight_f32_contig", "elu_straight_f32_contig", "softplus_straight_f32_contig"};
    for (UINT64 nth = 1; nth <= 3; ++nth) {
        CAPTURE(nth);
        vkdmlTestInjectFault(VKDML_FAULT_SITE_SHADER_COMPILE, nth);
        std::string message;
        CHECK(compileCelu(device, 1.0f, &message, ops[nth - 1]) == expected[nth - 1]);
        CHECK_MESSAGE(message.find(stage[nth - 1]) != std::string::npos, message);
        CHECK_MESSAGE(message.find(std::string("element-wise program: ") + programs[nth - 1]) != std::string::npos,
                      message);
        vkdmlTestInjectFault(VKDML_FAULT_SITE_SHADER_COMPILE, 0);
        // Nothing of the failed compile was kept: the same program compiles now.
        CHECK(compileCelu(device, 1.0f, &message, ops[nth - 1]) == S_OK);
    }
    CHECK(celuRunsRight(device, 1.0f, "after the injected compile failures"));
}

TEST_CASE("an unwritable or corrupt SPIR-V cache costs speed only") {
    char dir[] = "/tmp/vkdml-spirv-cache-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string blocker = std::string(dir) + "/a-file";
    std::FILE* file = std::fopen(blocker.c_str(), "w");
    REQUIRE(file != nullptr);
    std::fclose(file);
    setenv("VKDML_PIPELINE_CACHE_DIR", (blocker + "/cache").c_str(), 1);  // under a regular file: cannot be created
    {
        TestDevice device;
        std::string message;
        CHECK(compileCelu(device, 3.0f, &message) == S_OK);
    }
    // Fill a writable cache, then overwrite every file in it with garbage: a new process must ignore them.
    const std::string cacheDir = std::string(dir) + "/cache";
    setenv("VKDML_PIPELINE_CACHE_DIR", cacheDir.c_str(), 1);
    {
        TestDevice device;
        std::string message;
        CHECK(compileCelu(device, 3.0f, &message) == S_OK);
    }
    const std::string corrupt = "for f in $(find " + cacheDir + " -type f); do head -c 300 /dev/urandom > $f; done";
    REQUIRE(std::system(corrupt.c_str()) == 0);
    {
        TestDevice device;
        std::string message;
        CHECK(compileCelu(device, 3.0f, &message) == S_OK);
        CHECK(celuRunsRight(device, 3.0f, "with a corrupt SPIR-V cache"));
    }
    unsetenv("VKDML_PIPELINE_CACHE_DIR");
    CHECK(std::system(("rm -rf " + std::string(dir)).c_str()) == 0);
}
