// Every C entry point with NULL, wrong-kind and out-of-range handle, pointer and size arguments: each returns the
// documented HRESULT (and never crashes). Field-level desc and binding checks are in ops/validation_test.cpp.
#include <functional>

#include "op_runner.h"
#include "raw_enum_calls.h"

using namespace vkdml::test;

TEST_CASE("entry points reject NULL, wrong-kind and out-of-range arguments") {
    TestDevice device;
    UINT sizes[] = {4};
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 16, 0};
    DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, &t, &t, 1.0f, 0, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled, init;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    VkdmlDispatchable targets[] = {compiled.get()};
    REQUIRE(vkdmlCreateOperatorInitializer(device, 1, targets, init.put()) == S_OK);
    Owned<VkdmlBuffer> buffer;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64, buffer.put()) == S_OK);
    Owned<VkdmlBindingTable> table;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    TestDevice other;  // objects of another device
    Owned<VkdmlBuffer> foreign;
    REQUIRE(vkdmlCreateBuffer(other, VKDML_HEAP_TYPE_DEFAULT, 64, foreign.put()) == S_OK);

    VkdmlDevice dev = device;
    void* out = nullptr;
    auto outOp = reinterpret_cast<VkdmlOperator*>(&out);
    auto outDisp = reinterpret_cast<VkdmlDispatchable*>(&out);
    auto outTable = reinterpret_cast<VkdmlBindingTable*>(&out);
    auto outBuffer = reinterpret_cast<VkdmlBuffer*>(&out);
    auto outList = reinterpret_cast<VkdmlCommandList*>(&out);
    auto asDevice = [](void* h) { return reinterpret_cast<VkdmlDevice>(h); };
    auto asDisp = [](void* h) { return reinterpret_cast<VkdmlDispatchable>(h); };
    auto asList = [](void* h) { return reinterpret_cast<VkdmlCommandList>(h); };
    DML_OPERATOR_DESC celu{DML_OPERATOR_ACTIVATION_CELU, nullptr};
    DML_BUFFER_BINDING binding{buffer.get(), 0, 16};
    DML_BINDING_DESC bdesc{DML_BINDING_TYPE_BUFFER, &binding};
    VkdmlCommandList lists[] = {list.get()};

    struct Case {
        const char* name;
        HRESULT expected;
        std::function<HRESULT()> call;
    };
    const Case cases[] = {
        {"CreateOperator NULL device", E_INVALIDARG, [&] { return vkdmlCreateOperator(nullptr, &celu, outOp); }},
        {"CreateOperator buffer as device", E_INVALIDARG, [&] { return vkdmlCreateOperator(asDevice(buffer.get()), &celu, outOp); }},
        {"CreateOperator NULL out", E_POINTER, [&] { return vkdmlCreateOperator(dev, &celu, nullptr); }},
        {"CompileOperator NULL op", E_INVALIDARG, [&] { return vkdmlCompileOperator(dev, nullptr, DML_EXECUTION_FLAG_NONE, outDisp); }},
        {"CompileOperator buffer as op", E_INVALIDARG, [&] { return vkdmlCompileOperator(dev, reinterpret_cast<VkdmlOperator>(buffer.get()), DML_EXECUTION_FLAG_NONE, outDisp); }},
        {"CompileOperator NULL out", E_POINTER, [&] { return vkdmlCompileOperator(dev, op, DML_EXECUTION_FLAG_NONE, nullptr); }},
        {"CompileOperator other device", E_INVALIDARG, [&] { return vkdmlCompileOperator(other, op, DML_EXECUTION_FLAG_NONE, outDisp); }},
        {"CompileOperator unknown flags", E_INVALIDARG, [&] { return vkdmlTestCompileOperatorRaw(dev, op, 0x80, outDisp); }},
        {"CreateOperatorInitializer NULL array", E_INVALIDARG, [&] { return vkdmlCreateOperatorInitializer(dev, 2, nullptr, outDisp); }},
        {"CreateOperatorInitializer NULL element", E_INVALIDARG, [&] { VkdmlDispatchable none[] = {nullptr}; return vkdmlCreateOperatorInitializer(dev, 1, none, outDisp); }},
        {"CreateOperatorInitializer initializer target", E_INVALIDARG, [&] { VkdmlDispatchable i[] = {init.get()}; return vkdmlCreateOperatorInitializer(dev, 1, i, outDisp); }},
        {"CreateOperatorInitializer NULL out", E_POINTER, [&] { return vkdmlCreateOperatorInitializer(dev, 0, nullptr, nullptr); }},
        {"CreateBindingTable op as dispatchable", E_INVALIDARG, [&] { return vkdmlCreateBindingTable(dev, asDisp(op.get()), outTable); }},
        {"CreateBindingTable NULL out", E_POINTER, [&] { return vkdmlCreateBindingTable(dev, compiled, nullptr); }},
        {"CreateBindingTable other device", E_INVALIDARG, [&] { return vkdmlCreateBindingTable(other, compiled, outTable); }},
        {"ResetBindingTable NULL table", E_INVALIDARG, [&] { return vkdmlResetBindingTable(nullptr, compiled); }},
        {"ResetBindingTable buffer as dispatchable", E_INVALIDARG, [&] { return vkdmlResetBindingTable(table, asDisp(buffer.get())); }},
        {"BindInputs NULL table", E_INVALIDARG, [&] { return vkdmlBindInputs(nullptr, 1, &bdesc); }},
        {"BindInputs count with NULL array", E_INVALIDARG, [&] { return vkdmlBindInputs(table, 1, nullptr); }},
        {"BindOutputs NULL table", E_INVALIDARG, [&] { return vkdmlBindOutputs(nullptr, 1, &bdesc); }},
        {"BindOutputs too many", E_INVALIDARG, [&] { DML_BINDING_DESC two[] = {bdesc, bdesc}; return vkdmlBindOutputs(table, 2, two); }},
        {"BindInputs foreign buffer", E_INVALIDARG, [&] { DML_BUFFER_BINDING f{foreign.get(), 0, 16}; DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &f}; return vkdmlBindInputs(table, 1, &d); }},
        {"BindTemporaryResource NULL table", E_INVALIDARG, [&] { return vkdmlBindTemporaryResource(nullptr, nullptr); }},
        {"BindPersistentResource NULL table", E_INVALIDARG, [&] { return vkdmlBindPersistentResource(nullptr, nullptr); }},
        {"BindPersistentResource unknown type", E_INVALIDARG, [&] { DML_BINDING_DESC d{DML_BINDING_TYPE_NONE, nullptr}; setRaw(d.Type, 7); return vkdmlBindPersistentResource(table, &d); }},
        {"CreateBuffer NULL device", E_INVALIDARG, [&] { return vkdmlCreateBuffer(nullptr, VKDML_HEAP_TYPE_DEFAULT, 16, outBuffer); }},
        {"CreateBuffer NULL out", E_POINTER, [&] { return vkdmlCreateBuffer(dev, VKDML_HEAP_TYPE_DEFAULT, 16, nullptr); }},
        {"CreateBuffer zero size", E_INVALIDARG, [&] { return vkdmlCreateBuffer(dev, VKDML_HEAP_TYPE_DEFAULT, 0, outBuffer); }},
        {"CreateBuffer 2^64-1 bytes", E_OUTOFMEMORY, [&] { return vkdmlCreateBuffer(dev, VKDML_HEAP_TYPE_UPLOAD, UINT64_MAX, outBuffer); }},
        {"CreateBuffer unknown heap", E_INVALIDARG, [&] { return vkdmlTestCreateBufferRaw(dev, 0xffffffffu, 16, outBuffer); }},
        {"MapBuffer NULL buffer", E_INVALIDARG, [&] { return vkdmlMapBuffer(nullptr, &out); }},
        {"MapBuffer list as buffer", E_INVALIDARG, [&] { return vkdmlMapBuffer(reinterpret_cast<VkdmlBuffer>(list.get()), &out); }},
        {"MapBuffer NULL out", E_POINTER, [&] { return vkdmlMapBuffer(buffer, nullptr); }},
        {"WrapVulkanBuffer NULL device", E_INVALIDARG, [&] { return vkdmlWrapVulkanBuffer(nullptr, vkdmlGetVulkanBuffer(buffer), 64, outBuffer); }},
        {"WrapVulkanBuffer null VkBuffer", E_INVALIDARG, [&] { return vkdmlWrapVulkanBuffer(dev, VK_NULL_HANDLE, 64, outBuffer); }},
        {"WrapVulkanBuffer zero size", E_INVALIDARG, [&] { return vkdmlWrapVulkanBuffer(dev, vkdmlGetVulkanBuffer(buffer), 0, outBuffer); }},
        {"WrapVulkanBuffer NULL out", E_POINTER, [&] { return vkdmlWrapVulkanBuffer(dev, vkdmlGetVulkanBuffer(buffer), 64, nullptr); }},
        {"CreateCommandList NULL device", E_INVALIDARG, [&] { return vkdmlCreateCommandList(nullptr, outList); }},
        {"CreateCommandList NULL out", E_POINTER, [&] { return vkdmlCreateCommandList(dev, nullptr); }},
        {"CloseCommandList NULL", E_INVALIDARG, [&] { return vkdmlCloseCommandList(nullptr); }},
        {"CloseCommandList device as list", E_INVALIDARG, [&] { return vkdmlCloseCommandList(asList(dev)); }},
        {"ResetCommandList NULL", E_INVALIDARG, [&] { return vkdmlResetCommandList(nullptr); }},
        {"RecordDispatch NULL list", E_INVALIDARG, [&] { return vkdmlRecordDispatch(nullptr, compiled, table); }},
        {"RecordDispatch NULL dispatchable", E_INVALIDARG, [&] { return vkdmlRecordDispatch(list, nullptr, table); }},
        {"RecordDispatch NULL table", E_INVALIDARG, [&] { return vkdmlRecordDispatch(list, compiled, nullptr); }},
        {"RecordDispatch unbound table", E_INVALIDARG, [&] { return vkdmlRecordDispatch(list, compiled, table); }},
        {"RecordCopyBufferRegion NULL list", E_INVALIDARG, [&] { return vkdmlRecordCopyBufferRegion(nullptr, buffer, 0, buffer, 32, 16); }},
        {"RecordCopyBufferRegion foreign buffer", E_INVALIDARG, [&] { return vkdmlRecordCopyBufferRegion(list, foreign, 0, buffer, 0, 16); }},
        {"RecordCopyBufferRegion offset overflow", E_INVALIDARG, [&] { return vkdmlRecordCopyBufferRegion(list, buffer, UINT64_MAX, buffer, 0, 2); }},
        {"ExecuteCommandLists NULL device", E_INVALIDARG, [&] { return vkdmlExecuteCommandLists(nullptr, 1, lists, nullptr); }},
        {"ExecuteCommandLists zero count", E_INVALIDARG, [&] { return vkdmlExecuteCommandLists(dev, 0, lists, nullptr); }},
        {"ExecuteCommandLists NULL array", E_INVALIDARG, [&] { return vkdmlExecuteCommandLists(dev, 1, nullptr, nullptr); }},
        {"ExecuteCommandLists NULL element", E_INVALIDARG, [&] { VkdmlCommandList none[] = {nullptr}; return vkdmlExecuteCommandLists(dev, 1, none, nullptr); }},
        {"ExecuteCommandLists open list", E_INVALIDARG, [&] { return vkdmlExecuteCommandLists(dev, 1, lists, nullptr); }},
        {"ExecuteCommandLists other device", E_INVALIDARG, [&] { return vkdmlExecuteCommandLists(other, 1, lists, nullptr); }},
        {"WaitForCompletion NULL device", E_INVALIDARG, [&] { return vkdmlWaitForCompletion(nullptr, 1, 0); }},
        {"RecordDispatchVk NULL device", E_INVALIDARG, [&] { return vkdmlRecordDispatchVk(nullptr, VK_NULL_HANDLE, compiled, table); }},
        {"RecordDispatchVk NULL command buffer", E_INVALIDARG, [&] { return vkdmlRecordDispatchVk(dev, VK_NULL_HANDLE, compiled, table); }},
        {"CheckFeatureSupport NULL device", E_INVALIDARG, [&] { return vkdmlCheckFeatureSupport(nullptr, DML_FEATURE_FEATURE_LEVELS, 0, nullptr, 0, nullptr); }},
        {"CheckFeatureSupport NULL query", E_INVALIDARG, [&] { DML_FEATURE_DATA_FEATURE_LEVELS d; return vkdmlCheckFeatureSupport(dev, DML_FEATURE_FEATURE_LEVELS, 16, nullptr, sizeof(d), &d); }},
        {"CheckFeatureSupport unknown feature", DXGI_ERROR_UNSUPPORTED, [&] { return vkdmlTestCheckFeatureSupportRaw(dev, 99, 0, nullptr, 0, nullptr); }},
        {"GetAdapterInfo NULL out", E_POINTER, [&] { return vkdmlGetAdapterInfo(dev, nullptr); }},
        {"GetAdapterInfo list as device", E_INVALIDARG, [&] { VKDML_ADAPTER_INFO i; return vkdmlGetAdapterInfo(asDevice(list.get()), &i); }},
        {"SetMessageCallback NULL device", E_INVALIDARG, [&] { return vkdmlSetMessageCallback(nullptr, nullptr, nullptr); }},
        {"SetMessageCallback list as device", E_INVALIDARG, [&] { return vkdmlSetMessageCallback(asDevice(list.get()), nullptr, nullptr); }},
        {"EnumerateAdapters NULL count", E_POINTER, [&] { return vkdmlEnumerateAdapters(nullptr, nullptr); }},
        {"SetName NULL object", E_INVALIDARG, [&] { return vkdmlSetName(nullptr, "x"); }},
        {"CreateDevice NULL out", E_POINTER, [&] { return vkdmlCreateDevice(nullptr, nullptr); }},
    };
    int count = 0;
    for (const auto& c : cases) {
        INFO("case: " << std::string(c.name));
        out = nullptr;
        CHECK(c.call() == c.expected);
        CHECK(out == nullptr);  // nothing was created
        ++count;
    }
    // Functions without an HRESULT answer NULL handles with a neutral value.
    CHECK(vkdmlGetVulkanBuffer(nullptr) == VK_NULL_HANDLE);
    DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(nullptr);
    CHECK(props.RequiredDescriptorCount == 0);
    CHECK(vkdmlAddRef(nullptr) == 0);
    CHECK(vkdmlRelease(nullptr) == 0);
    vkdmlUnmapBuffer(nullptr);
    MESSAGE((count + 5) << " entry-point argument cases");
}

TEST_CASE("a failed call writes NULL to every out-pointer it was given (COM's rule)") {
    TestDevice device;
    UINT sizes[] = {4};
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 16, 0};
    DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, &t, &t, 1.0f, 0, op.put()) == S_OK);
    Owned<VkdmlBuffer> buffer;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 64, buffer.put()) == S_OK);
    VkdmlDevice dev = device;
    void* const stale = reinterpret_cast<void*>(uintptr_t(0x10));
    void* out = stale;
    auto outOf = [&](auto* typed) { return reinterpret_cast<decltype(typed)>(&out); };
    const DML_OPERATOR_DESC noDesc{DML_OPERATOR_ACTIVATION_CELU, nullptr};
    const DML_GRAPH_DESC emptyGraph{};
    VKDML_DEVICE_DESC badDesc{};
    badDesc.MinimumFeatureLevel = static_cast<DML_FEATURE_LEVEL>(0xffff);
    struct Case {
        const char* name;
        std::function<HRESULT()> call;
    };
    const Case cases[] = {
        {"CreateDevice above every feature level", [&] { return vkdmlCreateDevice(&badDesc, outOf((VkdmlDevice*)nullptr)); }},
        {"CreateOperator NULL device", [&] { return vkdmlCreateOperator(nullptr, &noDesc, outOf((VkdmlOperator*)nullptr)); }},
        {"CreateOperator desc without its struct", [&] { return vkdmlCreateOperator(dev, &noDesc, outOf((VkdmlOperator*)nullptr)); }},
        {"CompileOperator NULL operator", [&] { return vkdmlCompileOperator(dev, nullptr, DML_EXECUTION_FLAG_NONE, outOf((VkdmlDispatchable*)nullptr)); }},
        {"CompileOperator NULL device", [&] { return vkdmlCompileOperator(nullptr, op, DML_EXECUTION_FLAG_NONE, outOf((VkdmlDispatchable*)nullptr)); }},
        {"CompileGraph empty graph", [&] { return vkdmlCompileGraph(dev, &emptyGraph, DML_EXECUTION_FLAG_NONE, outOf((VkdmlDispatchable*)nullptr)); }},
        {"CompileGraph NULL device", [&] { return vkdmlCompileGraph(nullptr, &emptyGraph, DML_EXECUTION_FLAG_NONE, outOf((VkdmlDispatchable*)nullptr)); }},
        {"CreateOperatorInitializer NULL device", [&] { return vkdmlCreateOperatorInitializer(nullptr, 0, nullptr, outOf((VkdmlDispatchable*)nullptr)); }},
        {"CreateBindingTable NULL device", [&] { return vkdmlCreateBindingTable(nullptr, nullptr, outOf((VkdmlBindingTable*)nullptr)); }},
        {"CreateBuffer NULL device", [&] { return vkdmlCreateBuffer(nullptr, VKDML_HEAP_TYPE_DEFAULT, 16, outOf((VkdmlBuffer*)nullptr)); }},
        {"CreateBuffer size 0", [&] { return vkdmlCreateBuffer(dev, VKDML_HEAP_TYPE_DEFAULT, 0, outOf((VkdmlBuffer*)nullptr)); }},
        {"MapBuffer NULL buffer", [&] { return vkdmlMapBuffer(nullptr, outOf((void**)nullptr)); }},
        {"WrapVulkanBuffer NULL device", [&] { return vkdmlWrapVulkanBuffer(nullptr, VK_NULL_HANDLE, 64, outOf((VkdmlBuffer*)nullptr)); }},
        {"CreateCommandList NULL device", [&] { return vkdmlCreateCommandList(nullptr, outOf((VkdmlCommandList*)nullptr)); }},
    };
    for (const Case& c : cases) {
        INFO("case: " << std::string(c.name));
        out = stale;
        CHECK(FAILED(c.call()));
        CHECK(out == nullptr);
    }
}
