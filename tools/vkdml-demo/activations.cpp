#include <algorithm>
#include <cmath>
#include <functional>

#include "demo.h"

namespace demo {

namespace {

struct Activation {
    const char* name;
    DML_OPERATOR_TYPE type;
    float alpha, beta;  // beta unused by single-attribute operators
    std::function<double(double)> reference;
};

double softplusStable(double t) { return std::max(t, 0.0) + std::log1p(std::exp(-std::fabs(t))); }

void run(VkdmlDevice device, const Activation& act, const std::vector<float>& input) {
    const UINT count = static_cast<UINT>(input.size());
    UINT sizes[] = {count};
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr,
                                  count * sizeof(float), 0};
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
    CHECK_HR(vkdmlCreateOperator(device, &opDesc, &op));
    CHECK_HR(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled));
    const std::vector<float> output = runCompiled(device, compiled, {input}, count);

    std::printf("\nDML_OPERATOR_%s (Alpha/Steepness %g, Beta %g)\n", act.name, act.alpha, act.beta);
    std::printf("  %14s  %16s  %22s\n", "input", "vkdml output", "reference (double)");
    for (UINT i = 0; i < count; ++i)
        std::printf("  %14.7g  %16.9g  %22.15g\n", input[i], output[i], act.reference(input[i]));
    vkdmlRelease(compiled);
    vkdmlRelease(op);
}

}  // namespace

void activationSection(VkdmlDevice device) {
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
}

}  // namespace demo
