// vkdml-demo: runs the four seed activations through DirectML's API on the default Vulkan device and prints input,
// output and the double-precision reference side by side.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#include <vkdml/vkdml.h>

namespace {

#define CHECK_HR(expr)                                                                            \
    do {                                                                                          \
        HRESULT hr_ = (expr);                                                                     \
        if (FAILED(hr_)) {                                                                        \
            std::fprintf(stderr, "vkdml-demo: %s failed: 0x%08X\n", #expr, static_cast<unsigned>(hr_)); \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

struct Activation {
    const char* name;
    DML_OPERATOR_TYPE type;
    float alpha, beta;  // beta unused by single-attribute operators
    std::function<double(double)> reference;
};

double softplusStable(double t) { return std::max(t, 0.0) + std::log1p(std::exp(-std::fabs(t))); }

void onMessage(VKDML_MESSAGE_SEVERITY, HRESULT hr, const char* message, void*) {
    std::fprintf(stderr, "vkdml (0x%08X): %s\n", static_cast<unsigned>(hr), message);
}

void run(VkdmlDevice device, const Activation& act, const std::vector<float>& input) {
    const UINT count = static_cast<UINT>(input.size());
    const UINT64 bytes = count * sizeof(float);
    UINT sizes[] = {count};
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, bytes, 0};
    DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};

    DML_ACTIVATION_CELU_OPERATOR_DESC celu{&tensor, &tensor, act.alpha};
    DML_ACTIVATION_LINEAR_OPERATOR_DESC linear{&tensor, &tensor, act.alpha, act.beta};
    DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC softplus{&tensor, &tensor, act.alpha};
    DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC parametric{&tensor, &tensor, act.alpha, act.beta};
    const void* descs[] = {&celu, &linear, &softplus, &parametric};
    const DML_OPERATOR_TYPE types[] = {DML_OPERATOR_ACTIVATION_CELU, DML_OPERATOR_ACTIVATION_LINEAR,
                                       DML_OPERATOR_ACTIVATION_SOFTPLUS, DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS};
    const void* desc = nullptr;
    for (int i = 0; i < 4; ++i)
        if (types[i] == act.type) desc = descs[i];
    DML_OPERATOR_DESC opDesc{act.type, desc};

    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlOperatorInitializer init = nullptr;
    CHECK_HR(vkdmlCreateOperator(device, &opDesc, &op));
    CHECK_HR(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled));
    CHECK_HR(vkdmlCreateOperatorInitializer(device, 1, &compiled, &init));

    VkdmlBuffer upload = nullptr, in = nullptr, out = nullptr, readback = nullptr;
    CHECK_HR(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, bytes, &upload));
    CHECK_HR(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes, &in));
    CHECK_HR(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes, &out));
    CHECK_HR(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, bytes, &readback));
    void* mapped = nullptr;
    CHECK_HR(vkdmlMapBuffer(upload, &mapped));
    std::memcpy(mapped, input.data(), bytes);
    vkdmlUnmapBuffer(upload);

    VkdmlBindingTable initTable = nullptr, table = nullptr;
    CHECK_HR(vkdmlCreateBindingTable(device, init, &initTable));
    CHECK_HR(vkdmlCreateBindingTable(device, compiled, &table));
    DML_BUFFER_BINDING inBinding{in, 0, bytes}, outBinding{out, 0, bytes};
    DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &inBinding}, outDesc{DML_BINDING_TYPE_BUFFER, &outBinding};
    CHECK_HR(vkdmlBindInputs(table, 1, &inDesc));
    CHECK_HR(vkdmlBindOutputs(table, 1, &outDesc));

    VkdmlCommandList list = nullptr;
    CHECK_HR(vkdmlCreateCommandList(device, &list));
    CHECK_HR(vkdmlRecordCopyBufferRegion(list, in, 0, upload, 0, bytes));
    CHECK_HR(vkdmlRecordDispatch(list, init, initTable));
    CHECK_HR(vkdmlRecordDispatch(list, compiled, table));
    CHECK_HR(vkdmlRecordCopyBufferRegion(list, readback, 0, out, 0, bytes));
    CHECK_HR(vkdmlCloseCommandList(list));
    UINT64 done = 0;
    CHECK_HR(vkdmlExecuteCommandLists(device, 1, &list, &done));
    CHECK_HR(vkdmlWaitForCompletion(device, done, UINT64_MAX));
    CHECK_HR(vkdmlMapBuffer(readback, &mapped));
    std::vector<float> output(count);
    std::memcpy(output.data(), mapped, bytes);

    std::printf("\nDML_OPERATOR_%s (Alpha/Steepness %g, Beta %g)\n", act.name, act.alpha, act.beta);
    std::printf("  %14s  %16s  %22s\n", "input", "vkdml output", "reference (double)");
    for (UINT i = 0; i < count; ++i)
        std::printf("  %14.7g  %16.9g  %22.15g\n", input[i], output[i], act.reference(input[i]));

    for (void* object : {(void*)list, (void*)table, (void*)initTable, (void*)readback, (void*)out, (void*)in,
                         (void*)upload, (void*)init, (void*)compiled, (void*)op})
        vkdmlRelease(object);
}

}  // namespace

int main() {
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.MessageCallback = onMessage;
    VkdmlDevice device = nullptr;
    CHECK_HR(vkdmlCreateDevice(&desc, &device));
    VKDML_ADAPTER_INFO info;
    CHECK_HR(vkdmlGetAdapterInfo(device, &info));
    std::printf("vkdml demo on %s (Vulkan %u.%u, driver %s)\n", info.Name, VK_API_VERSION_MAJOR(info.VulkanApiVersion),
                VK_API_VERSION_MINOR(info.VulkanApiVersion), info.DriverName);

    const std::vector<float> input = {-100.0f, -20.0f, -3.0f, -1.0f, -1e-6f, 0.0f, 1e-6f, 0.5f, 2.0f, 30.0f, 100.0f};
    const Activation activations[] = {
        {"ACTIVATION_CELU", DML_OPERATOR_ACTIVATION_CELU, 1.5f, 0.0f,
         [](double x) { return std::max(0.0, x) + std::min(0.0, 1.5 * std::expm1(x / 1.5)); }},
        {"ACTIVATION_LINEAR", DML_OPERATOR_ACTIVATION_LINEAR, 0.25f, -1.0f, [](double x) { return 0.25 * x - 1.0; }},
        {"ACTIVATION_SOFTPLUS", DML_OPERATOR_ACTIVATION_SOFTPLUS, 2.0f, 0.0f,
         [](double x) { return softplusStable(2.0 * x) / 2.0; }},
        {"ACTIVATION_PARAMETRIC_SOFTPLUS", DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, 0.5f, 3.0f,
         [](double x) { return 0.5 * softplusStable(3.0 * x); }},
    };
    for (const auto& act : activations) run(device, act, input);
    vkdmlRelease(device);
    return 0;
}
