#include <cstring>

#include "demo.h"

namespace demo {

namespace {

VkdmlBuffer createBuffer(VkdmlDevice device, VKDML_HEAP_TYPE heap, UINT64 bytes) {
    VkdmlBuffer buffer = nullptr;
    CHECK_HR(vkdmlCreateBuffer(device, heap, bytes, &buffer));
    return buffer;
}

}  // namespace

std::vector<float> runCompiled(VkdmlDevice device, VkdmlCompiledOperator compiled,
                               const std::vector<std::vector<float>>& inputs, size_t outputCount) {
    std::vector<void*> owned;  // released at the end, last created first
    VkdmlOperatorInitializer init = nullptr;
    CHECK_HR(vkdmlCreateOperatorInitializer(device, 1, &compiled, &init));
    owned.push_back(init);
    VkdmlBindingTable initTable = nullptr, table = nullptr;
    CHECK_HR(vkdmlCreateBindingTable(device, init, &initTable));
    CHECK_HR(vkdmlCreateBindingTable(device, compiled, &table));
    owned.push_back(initTable);
    owned.push_back(table);
    VkdmlCommandList list = nullptr;
    CHECK_HR(vkdmlCreateCommandList(device, &list));
    owned.push_back(list);

    std::vector<DML_BUFFER_BINDING> inputBindings(inputs.size());
    std::vector<DML_BINDING_DESC> inputDescs(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        const UINT64 bytes = inputs[i].size() * sizeof(float);
        VkdmlBuffer upload = createBuffer(device, VKDML_HEAP_TYPE_UPLOAD, bytes);
        VkdmlBuffer buffer = createBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes);
        owned.push_back(upload);
        owned.push_back(buffer);
        void* mapped = nullptr;
        CHECK_HR(vkdmlMapBuffer(upload, &mapped));
        std::memcpy(mapped, inputs[i].data(), bytes);
        vkdmlUnmapBuffer(upload);
        CHECK_HR(vkdmlRecordCopyBufferRegion(list, buffer, 0, upload, 0, bytes));
        inputBindings[i] = {buffer, 0, bytes};
        inputDescs[i] = {DML_BINDING_TYPE_BUFFER, &inputBindings[i]};
    }
    const UINT64 outBytes = outputCount * sizeof(float);
    VkdmlBuffer out = createBuffer(device, VKDML_HEAP_TYPE_DEFAULT, outBytes);
    VkdmlBuffer readback = createBuffer(device, VKDML_HEAP_TYPE_READBACK, outBytes);
    owned.push_back(out);
    owned.push_back(readback);
    DML_BUFFER_BINDING outBinding{out, 0, outBytes};
    DML_BINDING_DESC outDesc{DML_BINDING_TYPE_BUFFER, &outBinding};
    CHECK_HR(vkdmlBindInputs(table, static_cast<UINT>(inputDescs.size()), inputDescs.data()));
    CHECK_HR(vkdmlBindOutputs(table, 1, &outDesc));

    // The persistent resource (constants, owned inputs) is written by the initializer and read by every execution;
    // a temporary resource holds intermediates between kernels.
    auto resource = [&](UINT64 bytes, DML_BUFFER_BINDING& binding, DML_BINDING_DESC& desc) {
        desc = {DML_BINDING_TYPE_NONE, nullptr};
        if (bytes == 0) return;
        VkdmlBuffer buffer = createBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes);
        owned.push_back(buffer);
        binding = {buffer, 0, bytes};
        desc = {DML_BINDING_TYPE_BUFFER, &binding};
    };
    const DML_BINDING_PROPERTIES properties = vkdmlGetBindingProperties(compiled);
    DML_BUFFER_BINDING persistentBinding{}, tempBinding{}, initTempBinding{};
    DML_BINDING_DESC persistent{}, temp{}, initTemp{};
    resource(properties.PersistentResourceSize, persistentBinding, persistent);
    resource(properties.TemporaryResourceSize, tempBinding, temp);
    resource(vkdmlGetBindingProperties(init).TemporaryResourceSize, initTempBinding, initTemp);
    CHECK_HR(vkdmlBindPersistentResource(table, &persistent));
    CHECK_HR(vkdmlBindTemporaryResource(table, &temp));
    CHECK_HR(vkdmlBindTemporaryResource(initTable, &initTemp));
    if (persistent.Type != DML_BINDING_TYPE_NONE) CHECK_HR(vkdmlBindOutputs(initTable, 1, &persistent));

    CHECK_HR(vkdmlRecordDispatch(list, init, initTable));
    CHECK_HR(vkdmlRecordDispatch(list, compiled, table));
    CHECK_HR(vkdmlRecordCopyBufferRegion(list, readback, 0, out, 0, outBytes));
    CHECK_HR(vkdmlCloseCommandList(list));
    UINT64 done = 0;
    CHECK_HR(vkdmlExecuteCommandLists(device, 1, &list, &done));
    CHECK_HR(vkdmlWaitForCompletion(device, done, UINT64_MAX));
    void* mapped = nullptr;
    CHECK_HR(vkdmlMapBuffer(readback, &mapped));
    std::vector<float> output(outputCount);
    std::memcpy(output.data(), mapped, outBytes);
    vkdmlUnmapBuffer(readback);
    for (auto it = owned.rbegin(); it != owned.rend(); ++it) vkdmlRelease(*it);
    return output;
}

}  // namespace demo
