/* A program outside vkdml's build: CELU (alpha 1) on 8 values on the default device, checked against the formula.
   Built twice by tests/consumer/run.sh against an installed vkdml: through find_package and through pkg-config. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <vkdml/vkdml.h>

#define CHECK(call)                                                               \
    do {                                                                          \
        HRESULT hr_ = (call);                                                     \
        if (FAILED(hr_)) {                                                        \
            fprintf(stderr, "%s failed: 0x%08x\n", #call, (unsigned)hr_);         \
            return 1;                                                             \
        }                                                                         \
    } while (0)

int main(void) {
    enum { N = 8 };
    const float x[N] = {-4.0f, -1.0f, -0.5f, -0.0f, 0.0f, 0.25f, 1.0f, 3.0f};
    VkdmlDevice device;
    CHECK(vkdmlCreateDevice(NULL, &device));
    UINT sizes[1] = {N};
    DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, N * 4, 0};
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ACTIVATION_CELU_OPERATOR_DESC celu = {&tensor, &tensor, 1.0f};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_ACTIVATION_CELU, &celu};
    VkdmlOperator op;
    CHECK(vkdmlCreateOperator(device, &desc, &op));
    VkdmlCompiledOperator compiled;
    CHECK(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled));
    VkdmlOperatorInitializer init;
    CHECK(vkdmlCreateOperatorInitializer(device, 1, &compiled, &init));

    VkdmlBuffer upload, data, readback;
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, N * 4, &upload));
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 2 * N * 4, &data));
    CHECK(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, N * 4, &readback));
    void* mapped;
    CHECK(vkdmlMapBuffer(upload, &mapped));
    memcpy(mapped, x, sizeof(x));
    vkdmlUnmapBuffer(upload);

    VkdmlBindingTable initTable, table;
    CHECK(vkdmlCreateBindingTable(device, init, &initTable));
    CHECK(vkdmlCreateBindingTable(device, compiled, &table));
    DML_BUFFER_BINDING in = {data, 0, N * 4}, out = {data, N * 4, N * 4};
    DML_BINDING_DESC inDesc = {DML_BINDING_TYPE_BUFFER, &in}, outDesc = {DML_BINDING_TYPE_BUFFER, &out};
    CHECK(vkdmlBindInputs(table, 1, &inDesc));
    CHECK(vkdmlBindOutputs(table, 1, &outDesc));

    VkdmlCommandList list;
    CHECK(vkdmlCreateCommandList(device, &list));
    CHECK(vkdmlRecordCopyBufferRegion(list, data, 0, upload, 0, N * 4));
    CHECK(vkdmlRecordDispatch(list, init, initTable));
    CHECK(vkdmlRecordDispatch(list, compiled, table));
    CHECK(vkdmlRecordCopyBufferRegion(list, readback, 0, data, N * 4, N * 4));
    CHECK(vkdmlCloseCommandList(list));
    UINT64 done;
    CHECK(vkdmlExecuteCommandLists(device, 1, &list, &done));
    CHECK(vkdmlWaitForCompletion(device, done, UINT64_MAX));
    CHECK(vkdmlMapBuffer(readback, &mapped));
    const float* y = (const float*)mapped;
    int wrong = 0;
    for (int i = 0; i < N; ++i) {
        const double expected = fmax(0.0, x[i]) + fmin(0.0, expm1((double)x[i]));
        if (!(fabs(y[i] - expected) <= 4e-7 * fmax(1.0, fabs(expected)))) {
            fprintf(stderr, "CELU(%g) = %.9g, expected %.9g\n", x[i], y[i], expected);
            wrong = 1;
        }
    }
    vkdmlUnmapBuffer(readback);
    void* objects[] = {list, table, initTable, readback, data, upload, init, compiled, op, device};
    for (size_t i = 0; i < sizeof(objects) / sizeof(objects[0]); ++i) vkdmlRelease(objects[i]);
    if (!wrong) printf("CELU on %d values: right\n", N);
    return wrong;
}
