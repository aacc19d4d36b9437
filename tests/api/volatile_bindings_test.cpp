// DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE through the C API: a dispatch compiled with it reads its binding table as
// the table is when the command list executes; without it, as the table was when the dispatch was recorded.
#include <cstring>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

constexpr uint32_t kCount = 300;
constexpr uint64_t kBytes = kCount * sizeof(float);

struct LinearOperator {
    Owned<VkdmlOperator> op;
    Owned<VkdmlDispatchable> compiled;
    Owned<VkdmlBindingTable> table;
};

// y = 2x + 0.5 on kCount floats, compiled with `flags`, with a binding table.
LinearOperator makeLinear(TestDevice& device, DML_EXECUTION_FLAGS flags) {
    static UINT sizes[] = {kCount};
    static DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, kBytes,
                                         0};
    static DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
    LinearOperator linear;
    REQUIRE(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, &tensor, &tensor, 2.0f, 0.5f,
                                linear.op.put()) == S_OK);
    REQUIRE(vkdmlCompileOperator(device, linear.op, flags, linear.compiled.put()) == S_OK);
    REQUIRE(vkdmlCreateBindingTable(device, linear.compiled, linear.table.put()) == S_OK);
    return linear;
}

void bind(VkdmlBindingTable table, VkdmlBuffer input, VkdmlBuffer output) {
    DML_BUFFER_BINDING in{input, 0, kBytes}, out{output, 0, kBytes};
    DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &in}, outDesc{DML_BINDING_TYPE_BUFFER, &out};
    REQUIRE(vkdmlBindInputs(table, 1, &inDesc) == S_OK);
    REQUIRE(vkdmlBindOutputs(table, 1, &outDesc) == S_OK);
}

std::vector<float> floatsOf(TestDevice& device, VkdmlBuffer buffer) {
    const std::vector<uint8_t> bytes = device.download(buffer, 0, kBytes);
    std::vector<float> values(kCount);
    std::memcpy(values.data(), bytes.data(), kBytes);
    return values;
}

// Every element is 2 * source + 0.5 (exact in float for these sources), or 0 when `source` is empty.
void checkHolds(const std::vector<float>& actual, const std::vector<float>& source) {
    for (uint32_t i = 0; i < kCount; ++i) {
        INFO("element " << i);
        CHECK(actual[i] == (source.empty() ? 0.0f : 2.0f * source[i] + 0.5f));
    }
}

struct Buffers {
    std::vector<float> x, y;
    Owned<VkdmlBuffer> bx, by, out1, out2;
    explicit Buffers(TestDevice& device) : x(kCount), y(kCount) {
        for (uint32_t i = 0; i < kCount; ++i) {
            x[i] = float(i) - 150.0f;
            y[i] = 0.25f * float(i) + 7.0f;
        }
        *bx.put() = device.createDefaultBuffer(kBytes);
        *by.put() = device.createDefaultBuffer(kBytes);
        *out1.put() = device.createDefaultBuffer(kBytes);
        *out2.put() = device.createDefaultBuffer(kBytes);
        device.upload(bx, 0, x.data(), kBytes);
        device.upload(by, 0, y.data(), kBytes);
    }
};

HRESULT execute(TestDevice& device, VkdmlCommandList list) {
    UINT64 value = 0;
    const HRESULT hr = vkdmlExecuteCommandLists(device, 1, &list, &value);
    if (SUCCEEDED(hr)) REQUIRE(vkdmlWaitForCompletion(device, value, UINT64_MAX) == S_OK);
    return hr;
}

}  // namespace

TEST_CASE("DESCRIPTORS_VOLATILE: the bindings of the table when the list executes") {
    TestDevice device;
    for (const bool isVolatile : {false, true}) {
        INFO("DESCRIPTORS_VOLATILE " << isVolatile);
        Buffers b(device);
        LinearOperator linear =
            makeLinear(device, isVolatile ? DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE : DML_EXECUTION_FLAG_NONE);
        bind(linear.table, b.bx, b.out1);
        Owned<VkdmlCommandList> list;
        REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
        REQUIRE(vkdmlRecordDispatch(list, linear.compiled, linear.table) == S_OK);
        REQUIRE(vkdmlCloseCommandList(list) == S_OK);

        bind(linear.table, b.by, b.out2);  // after recording, before executing
        REQUIRE(execute(device, list) == S_OK);
        if (isVolatile) {
            checkHolds(floatsOf(device, b.out1), {});
            checkHolds(floatsOf(device, b.out2), b.y);
        } else {  // read when recorded
            checkHolds(floatsOf(device, b.out1), b.x);
            checkHolds(floatsOf(device, b.out2), {});
        }

        // Executed again after another change: volatile bindings follow it.
        bind(linear.table, b.bx, b.out2);
        REQUIRE(execute(device, list) == S_OK);
        checkHolds(floatsOf(device, b.out2), isVolatile ? b.x : std::vector<float>{});
    }
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("DESCRIPTORS_VOLATILE: a list recorded again keeps its copies and fills in order") {
    TestDevice device;
    Buffers b(device);
    LinearOperator linear = makeLinear(device, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    Owned<VkdmlBuffer> staging;
    *staging.put() = device.createDefaultBuffer(kBytes);
    bind(linear.table, staging, b.out1);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    REQUIRE(vkdmlRecordFillBuffer(list, b.out2, 0, kBytes, 0) == S_OK);
    REQUIRE(vkdmlRecordCopyBufferRegion(list, staging, 0, b.by, 0, kBytes) == S_OK);
    REQUIRE(vkdmlRecordDispatch(list, linear.compiled, linear.table) == S_OK);
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);

    bind(linear.table, staging, b.out2);  // the output moves; the input is still the staging copy of y
    REQUIRE(execute(device, list) == S_OK);
    checkHolds(floatsOf(device, b.out2), b.y);
    checkHolds(floatsOf(device, b.out1), {});
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("DESCRIPTORS_VOLATILE: a list recorded again keeps the other dispatches' bindings as recorded") {
    TestDevice device;
    Buffers b(device);
    LinearOperator fixed = makeLinear(device, DML_EXECUTION_FLAG_NONE);
    LinearOperator changing = makeLinear(device, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    Owned<VkdmlBuffer> out3, out4;
    *out3.put() = device.createDefaultBuffer(kBytes);
    *out4.put() = device.createDefaultBuffer(kBytes);
    bind(fixed.table, b.bx, b.out1);
    bind(changing.table, b.by, b.out2);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    REQUIRE(vkdmlRecordDispatch(list, fixed.compiled, fixed.table) == S_OK);
    REQUIRE(vkdmlRecordDispatch(list, changing.compiled, changing.table) == S_OK);
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);

    // Both tables change; the volatile one makes the list record again.
    bind(fixed.table, b.by, out4);
    bind(changing.table, b.bx, out3);
    REQUIRE(execute(device, list) == S_OK);
    checkHolds(floatsOf(device, b.out1), b.x);  // the non-volatile dispatch: as recorded
    checkHolds(floatsOf(device, out4), {});
    checkHolds(floatsOf(device, b.out2), {});
    checkHolds(floatsOf(device, out3), b.x);  // the volatile one: as bound now

    // The non-volatile dispatch's table reset for another dispatchable: it still runs as recorded.
    REQUIRE(vkdmlResetBindingTable(fixed.table, changing.compiled) == S_OK);
    bind(changing.table, b.by, out3);
    REQUIRE(execute(device, list) == S_OK);
    checkHolds(floatsOf(device, out3), b.y);
    checkHolds(floatsOf(device, b.out1), b.x);
    CHECK(device.validationMessageCount() == 0);
}

TEST_CASE("DESCRIPTORS_VOLATILE: bindings unusable when the list executes fail the execution, nothing submitted") {
    TestDevice device;
    Buffers b(device);
    LinearOperator linear = makeLinear(device, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    bind(linear.table, b.bx, b.out1);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    REQUIRE(vkdmlRecordDispatch(list, linear.compiled, linear.table) == S_OK);
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);

    SUBCASE("the table reset for another dispatchable") {
        LinearOperator other = makeLinear(device, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
        REQUIRE(vkdmlResetBindingTable(linear.table, other.compiled) == S_OK);
        device.clearErrors();
        CHECK(execute(device, list) == E_INVALIDARG);
        CHECK(device.lastError().find("reset for another dispatchable") != std::string::npos);
    }
    SUBCASE("the table reset and its outputs not bound again") {
        REQUIRE(vkdmlResetBindingTable(linear.table, linear.compiled) == S_OK);
        DML_BUFFER_BINDING in{b.by.get(), 0, kBytes};
        DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &in};
        REQUIRE(vkdmlBindInputs(linear.table, 1, &inDesc) == S_OK);
        device.clearErrors();
        CHECK(execute(device, list) == E_INVALIDARG);
        CHECK(device.lastError().find("output") != std::string::npos);
    }
    checkHolds(floatsOf(device, b.out1), {});

    // Bound again, the same list runs.
    REQUIRE(vkdmlResetBindingTable(linear.table, linear.compiled) == S_OK);
    bind(linear.table, b.by, b.out1);
    REQUIRE(execute(device, list) == S_OK);
    checkHolds(floatsOf(device, b.out1), b.y);
    CHECK(device.validationMessageCount() == 0);
}
