// OWNED_BY_DML inputs of single compiled operators: bound once to the initializer, copied into the operator's
// persistent resource, NONE at execution; the other tensors bind as usual.
#include <cstring>
#include <vector>

#include "op_runner.h"

using namespace vkdml::test;

namespace {

DML_BUFFER_TENSOR_DESC packed(std::vector<UINT>& sizes, DML_TENSOR_FLAGS flags = DML_TENSOR_FLAG_NONE) {
    return {DML_TENSOR_DATA_TYPE_FLOAT32, flags, static_cast<UINT>(sizes.size()), sizes.data(), nullptr, 256, 0};
}

}  // namespace

TEST_CASE("a single operator's OWNED_BY_DML input lives in its persistent resource") {
    TestDevice device;
    std::vector<UINT> sizes{64};
    DML_BUFFER_TENSOR_DESC a = packed(sizes), b = packed(sizes, DML_TENSOR_FLAG_OWNED_BY_DML), out = packed(sizes);
    DML_TENSOR_DESC ta{DML_TENSOR_TYPE_BUFFER, &a}, tb{DML_TENSOR_TYPE_BUFFER, &b}, tout{DML_TENSOR_TYPE_BUFFER, &out};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{&ta, &tb, &tout};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_ADD, &add};
    Owned<VkdmlOperator> op;
    REQUIRE(vkdmlCreateOperator(device, &desc, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    const DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(compiled);
    CHECK(props.PersistentResourceSize == 256);  // the owned tensor, 256-aligned
    CHECK(props.TemporaryResourceSize == 0);

    std::vector<float> x(64), w(64);
    for (int i = 0; i < 64; ++i) x[i] = float(i) - 20.5f, w[i] = 1000.0f + float(i);
    Owned<VkdmlBuffer> xs(device.createDefaultBuffer(256)), ws(device.createDefaultBuffer(256)),
        ys(device.createDefaultBuffer(256)), persistent(device.createDefaultBuffer(256));
    device.upload(xs, 0, x.data(), 256);
    device.upload(ws, 0, w.data(), 256);

    // Initialization: the owned input's entry holds the data; the persistent resource is the initializer's output.
    Owned<VkdmlDispatchable> init;
    VkdmlDispatchable targets[] = {compiled.get()};
    REQUIRE(vkdmlCreateOperatorInitializer(device, 1, targets, init.put()) == S_OK);
    Owned<VkdmlBindingTable> initTable;
    REQUIRE(vkdmlCreateBindingTable(device, init, initTable.put()) == S_OK);
    DML_BUFFER_BINDING entries[2] = {{nullptr, 0, 0}, {ws.get(), 0, 256}};
    DML_BUFFER_ARRAY_BINDING array{2, entries};
    DML_BINDING_DESC arrayDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    DML_BUFFER_BINDING persistentBinding{persistent.get(), 0, 256};
    DML_BINDING_DESC persistentDesc{DML_BINDING_TYPE_BUFFER, &persistentBinding};
    REQUIRE(vkdmlBindInputs(initTable, 1, &arrayDesc) == S_OK);
    REQUIRE(vkdmlBindOutputs(initTable, 1, &persistentDesc) == S_OK);

    Owned<VkdmlBindingTable> table;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    DML_BUFFER_BINDING xb{xs.get(), 0, 256}, yb{ys.get(), 0, 256}, wb{ws.get(), 0, 256};
    DML_BINDING_DESC inputs[2] = {{DML_BINDING_TYPE_BUFFER, &xb}, {DML_BINDING_TYPE_NONE, nullptr}};
    DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &yb};
    DML_BINDING_DESC bufferForOwned[2] = {{DML_BINDING_TYPE_BUFFER, &xb}, {DML_BINDING_TYPE_BUFFER, &wb}};
    CHECK(vkdmlBindInputs(table, 2, bufferForOwned) == E_INVALIDARG);  // owned: bound at initialization only
    CHECK(device.lastError().find("OWNED_BY_DML") != std::string::npos);
    REQUIRE(vkdmlBindInputs(table, 2, inputs) == S_OK);
    REQUIRE(vkdmlBindOutputs(table, 1, &output) == S_OK);
    {
        // Without the persistent resource, or before the initializer ran, nothing is recorded.
        Owned<VkdmlCommandList> list;
        REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
        CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);
        REQUIRE(vkdmlBindPersistentResource(table, &persistentDesc) == S_OK);
        CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);
        CHECK(device.lastError().find("initializer") != std::string::npos);
    }
    device.run([&](VkdmlCommandList list) { REQUIRE(vkdmlRecordDispatch(list, init, initTable) == S_OK); });
    device.upload(ws, 0, std::vector<float>(64, -1.0f).data(), 256);  // the copy is what the operator reads
    device.run([&](VkdmlCommandList list) { REQUIRE(vkdmlRecordDispatch(list, compiled, table) == S_OK); });
    const std::vector<uint8_t> bytes = device.download(ys, 0, 256);
    std::vector<float> y(64);
    std::memcpy(y.data(), bytes.data(), 256);
    for (int i = 0; i < 64; ++i) REQUIRE_MESSAGE(y[i] == x[i] + w[i], "element ", i);
    CHECK(device.validationMessageCount() == 0);
}
