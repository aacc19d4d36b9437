// Invalid operator descs and bindings: each returns E_INVALIDARG with a message naming the field, and nothing is
// dispatched or written (a canary pattern in the output buffer survives).
#include <functional>

#include "op_runner.h"
#include "raw_enum_calls.h"

using namespace vkdml::test;

namespace {

struct Tensor {
    std::vector<UINT> sizes = {2, 3, 4};
    std::vector<UINT> strides;
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 3, nullptr, nullptr, 96, 0};
    DML_TENSOR_DESC desc{DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_TENSOR_DESC* get() {
        buffer.Sizes = sizes.data();
        buffer.Strides = strides.empty() ? nullptr : strides.data();
        desc.Desc = &buffer;
        return &desc;
    }
};

struct DescCase {
    const char* name;
    const char* expectInMessage;
    std::function<void(Tensor& in, Tensor& out)> mutate;
};

}  // namespace

TEST_CASE("invalid operator descs -> E_INVALIDARG naming the field") {
    const DescCase cases[] = {
        {"input data type FLOAT64", "DataType", [](Tensor& in, Tensor& out) {
             in.buffer.DataType = out.buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT64;
             in.buffer.TotalTensorSizeInBytes = out.buffer.TotalTensorSizeInBytes = 192;
         }},
        {"input INT32", "DataType", [](Tensor& in, Tensor&) { in.buffer.DataType = DML_TENSOR_DATA_TYPE_INT32; }},
        {"output type differs", "DataType", [](Tensor&, Tensor& out) {
             out.buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT16;
             out.buffer.TotalTensorSizeInBytes = 48;
         }},
        {"unknown data type", "DataType", [](Tensor& in, Tensor&) { setRaw(in.buffer.DataType, 77); }},
        {"dimension counts differ", "DimensionCount", [](Tensor&, Tensor& out) {
             out.sizes = {6, 4};
             out.buffer.DimensionCount = 2;
         }},
        {"sizes differ", "Sizes[2]", [](Tensor&, Tensor& out) { out.sizes = {2, 3, 5}; out.buffer.TotalTensorSizeInBytes = 120; }},
        {"size 0", "Sizes[1] = 0", [](Tensor& in, Tensor&) { in.sizes = {2, 0, 4}; }},
        {"rank 9", "DimensionCount", [](Tensor& in, Tensor& out) {
             in.sizes.assign(9, 1);
             out.sizes.assign(9, 1);
             in.buffer.DimensionCount = out.buffer.DimensionCount = 9;
         }},
        {"rank 0", "DimensionCount", [](Tensor& in, Tensor&) { in.buffer.DimensionCount = 0; }},
        {"NULL sizes", "Sizes is NULL", [](Tensor& in, Tensor&) { in.sizes.clear(); }},
        {"output strides alias", "share an address", [](Tensor&, Tensor& out) { out.strides = {4, 1, 1}; out.buffer.TotalTensorSizeInBytes = 64; }},
        {"output broadcast", "share an address", [](Tensor&, Tensor& out) { out.strides = {0, 4, 1}; }},
        {"total size too small", "TotalTensorSizeInBytes = 92", [](Tensor& in, Tensor&) { in.buffer.TotalTensorSizeInBytes = 92; }},
        {"strided total too small", "TotalTensorSizeInBytes", [](Tensor& in, Tensor&) { in.strides = {24, 8, 2}; }},
        {"alignment not a power of two", "GuaranteedBaseOffsetAlignment", [](Tensor& in, Tensor&) { in.buffer.GuaranteedBaseOffsetAlignment = 24; }},
        {"alignment below element size", "GuaranteedBaseOffsetAlignment", [](Tensor&, Tensor& out) { out.buffer.GuaranteedBaseOffsetAlignment = 2; }},
        {"unknown flag", "Flags", [](Tensor& in, Tensor&) { setRaw(in.buffer.Flags, 2); }},
        {"OWNED_BY_DML output", "OWNED_BY_DML", [](Tensor&, Tensor& out) { out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML; }},
        {"tensor type INVALID", ".Type", [](Tensor& in, Tensor&) { in.desc.Type = DML_TENSOR_TYPE_INVALID; }},
        {"2^32 elements", "2^32", [](Tensor& in, Tensor& out) {
             in.sizes = out.sizes = {65536, 256, 256};
             in.buffer.TotalTensorSizeInBytes = out.buffer.TotalTensorSizeInBytes = 1ull << 34;
         }},
        {"strided extent past 32-bit indices", "Strides", [](Tensor& in, Tensor&) {
             in.strides = {0xffffffffu, 4, 1};
             in.buffer.TotalTensorSizeInBytes = UINT64_MAX;
         }},
    };
    TestDevice device;
    int count = 0;
    for (const auto& c : cases) {
        INFO("case: " << std::string(c.name));
        Tensor in, out;
        c.mutate(in, out);
        DML_TENSOR_DESC* inDesc = in.sizes.empty() ? (in.buffer.Sizes = nullptr, &in.desc) : in.get();
        if (in.sizes.empty()) in.desc.Desc = &in.buffer;
        Owned<VkdmlOperator> op;
        device.clearErrors();
        CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, inDesc, out.get(), 1.0f, 0, op.put()) ==
              E_INVALIDARG);
        CHECK(op.get() == nullptr);
        INFO("message: " << device.lastError());
        CHECK(device.lastError().find(c.expectInMessage) != std::string::npos);
        ++count;
    }
    // NULL tensors and NULL descs.
    Tensor t;
    Owned<VkdmlOperator> op;
    CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, nullptr, t.get(), 1, 0, op.put()) == E_INVALIDARG);
    CHECK(device.lastError().find("InputTensor is NULL") != std::string::npos);
    CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, t.get(), nullptr, 1, 0, op.put()) == E_INVALIDARG);
    CHECK(device.lastError().find("OutputTensor is NULL") != std::string::npos);
    DML_OPERATOR_DESC desc{DML_OPERATOR_ACTIVATION_LINEAR, nullptr};
    CHECK(vkdmlCreateOperator(device, &desc, op.put()) == E_INVALIDARG);
    CHECK(vkdmlCreateOperator(device, nullptr, op.put()) == E_INVALIDARG);
    desc.Type = static_cast<DML_OPERATOR_TYPE>(178);
    CHECK(vkdmlCreateOperator(device, &desc, op.put()) == E_INVALIDARG);
    desc.Type = DML_OPERATOR_CONVOLUTION;
    CHECK(vkdmlCreateOperator(device, &desc, op.put()) == E_NOTIMPL);
    CHECK(device.lastError().find("CONVOLUTION") != std::string::npos);
    CHECK(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, t.get(), t.get(), 1, 0, nullptr) == E_POINTER);
    CHECK(tryCreateActivation(nullptr, DML_OPERATOR_ACTIVATION_CELU, t.get(), t.get(), 1, 0, op.put()) == E_INVALIDARG);
    MESSAGE((count + 10) << " invalid desc cases rejected");
}

TEST_CASE("invalid bindings -> E_INVALIDARG, and nothing reaches the GPU") {
    TestDevice device;
    Tensor in, out;
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_LINEAR, in.get(), out.get(), 2.0f, 1.0f, op.put()) ==
            S_OK);
    Owned<VkdmlDispatchable> compiled, other;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    CHECK(vkdmlTestCompileOperatorRaw(device, op, 0x100, other.put()) == E_INVALIDARG);

    const uint64_t size = 1024;
    Owned<VkdmlBuffer> buffer(device.createDefaultBuffer(size, kCanary));
    Owned<VkdmlBuffer> small(device.createDefaultBuffer(64, kCanary));
    Owned<VkdmlBuffer> upload;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, size, upload.put()) == S_OK);

    Owned<VkdmlBindingTable> table;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    auto bind = [&](bool inputs, UINT count, unsigned type, VkdmlBuffer b, UINT64 offset, UINT64 bytes) {
        DML_BUFFER_BINDING binding{b, offset, bytes};
        DML_BINDING_DESC desc{DML_BINDING_TYPE_NONE, &binding};
        setRaw(desc.Type, type);
        return inputs ? vkdmlBindInputs(table, count, &desc) : vkdmlBindOutputs(table, count, &desc);
    };
    struct BindCase {
        const char* name;
        bool inputs;
        UINT count;
        unsigned type;
        VkdmlBuffer buffer;
        UINT64 offset, bytes;
        const char* expect;
    };
    const BindCase cases[] = {
        {"no inputs", true, 0, DML_BINDING_TYPE_BUFFER, buffer, 0, 96, "bindingCount = 0"},
        {"two outputs", false, 2, DML_BINDING_TYPE_BUFFER, buffer, 0, 96, "bindingCount = 2"},
        {"type NONE", true, 1, DML_BINDING_TYPE_NONE, buffer, 0, 96, "Type = 0"},
        {"type BUFFER_ARRAY", false, 1, DML_BINDING_TYPE_BUFFER_ARRAY, buffer, 0, 96, "Type = 2"},
        {"unknown type", true, 1, 9, buffer, 0, 96, "Type = 9"},
        {"NULL buffer", true, 1, DML_BINDING_TYPE_BUFFER, nullptr, 0, 96, "Buffer is NULL"},
        {"offset not 16-aligned", true, 1, DML_BINDING_TYPE_BUFFER, buffer, 8, 96, "multiple of 16"},
        {"short binding", false, 1, DML_BINDING_TYPE_BUFFER, buffer, 0, 92, "SizeInBytes = 92"},
        {"range past the buffer", false, 1, DML_BINDING_TYPE_BUFFER, buffer, 960, 96, "exceeds"},
        {"buffer too small", true, 1, DML_BINDING_TYPE_BUFFER, small, 0, 96, "exceeds"},
        {"offset overflow", true, 1, DML_BINDING_TYPE_BUFFER, buffer, UINT64_MAX - 15, 96, "exceeds"},
        {"UPLOAD heap", true, 1, DML_BINDING_TYPE_BUFFER, upload, 0, 96, "DEFAULT heap"},
        {"not a buffer", true, 1, DML_BINDING_TYPE_BUFFER, reinterpret_cast<VkdmlBuffer>(op.get()), 0, 96, "not a live"},
    };
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    for (const auto& c : cases) {
        INFO("case: " << std::string(c.name));
        device.clearErrors();
        CHECK(bind(c.inputs, c.count, c.type, c.buffer, c.offset, c.bytes) == E_INVALIDARG);
        INFO("message: " << device.lastError());
        CHECK(device.lastError().find(c.expect) != std::string::npos);
        CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);  // the table is still unbound
    }
    CHECK(vkdmlBindInputs(table, 1, nullptr) == E_INVALIDARG);

    // Overlap: output [16, 112) partly over input [0, 96) -> rejected at record; in place (same offset) is fine.
    REQUIRE(bind(true, 1, DML_BINDING_TYPE_BUFFER, buffer, 0, 96) == S_OK);
    CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);  // outputs not bound
    REQUIRE(bind(false, 1, DML_BINDING_TYPE_BUFFER, buffer, 16, 96) == S_OK);
    device.clearErrors();
    CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);
    CHECK(device.lastError().find("overlaps input") != std::string::npos);

    // A temporary or persistent resource this operator does not need may be omitted or NONE; a bad one is rejected.
    CHECK(vkdmlBindTemporaryResource(table, nullptr) == S_OK);
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    CHECK(vkdmlBindPersistentResource(table, &none) == S_OK);
    DML_BUFFER_BINDING misaligned{buffer, 16, 64};
    DML_BINDING_DESC temp{DML_BINDING_TYPE_BUFFER, &misaligned};
    CHECK(vkdmlBindTemporaryResource(table, &temp) == E_INVALIDARG);
    CHECK(device.lastError().find("multiple of 256") != std::string::npos);

    // Nothing was recorded: executing the list leaves every canary byte in place.
    REQUIRE(vkdmlCloseCommandList(list) == S_OK);
    UINT64 value = 0;
    REQUIRE(vkdmlExecuteCommandLists(device, 1, list.put(), &value) == S_OK);
    REQUIRE(vkdmlWaitForCompletion(device, value, UINT64_MAX) == S_OK);
    auto bytes = device.download(buffer, 0, size);
    CHECK(std::count(bytes.begin(), bytes.end(), kCanary) == static_cast<long>(size));
    MESSAGE((sizeof(cases) / sizeof(cases[0]) + 4) << " invalid binding cases rejected");
}

TEST_CASE("in-place needs identical layouts; a binding table and dispatchable must match") {
    TestDevice device;
    Tensor in, out;
    out.strides = {1, 2, 6};  // the same bytes, another element order: not an in-place layout
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreateActivation(device, DML_OPERATOR_ACTIVATION_CELU, in.get(), out.get(), 1.0f, 0, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    Owned<VkdmlBuffer> buffer(device.createDefaultBuffer(256, kCanary));
    Owned<VkdmlBindingTable> table, initTable;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    DML_BUFFER_BINDING binding{buffer.get(), 0, 96};
    DML_BINDING_DESC desc{DML_BINDING_TYPE_BUFFER, &binding};
    REQUIRE(vkdmlBindInputs(table, 1, &desc) == S_OK);
    REQUIRE(vkdmlBindOutputs(table, 1, &desc) == S_OK);
    Owned<VkdmlCommandList> list;
    REQUIRE(vkdmlCreateCommandList(device, list.put()) == S_OK);
    CHECK(vkdmlRecordDispatch(list, compiled, table) == E_INVALIDARG);

    // A binding table created for one dispatchable cannot record another; an empty table binds nothing.
    Owned<VkdmlDispatchable> init;
    VkdmlDispatchable targets[] = {compiled.get()};
    REQUIRE(vkdmlCreateOperatorInitializer(device, 1, targets, init.put()) == S_OK);
    CHECK(vkdmlRecordDispatch(list, init, table) == E_INVALIDARG);
    Owned<VkdmlBindingTable> empty;
    REQUIRE(vkdmlCreateBindingTable(device, nullptr, empty.put()) == S_OK);
    CHECK(vkdmlBindInputs(empty, 1, &desc) == E_INVALIDARG);
    REQUIRE(vkdmlResetBindingTable(empty, init) == S_OK);
    CHECK(vkdmlRecordDispatch(list, init, empty) == S_OK);

    // Initializer bindings: entries only for OWNED_BY_DML tensors (none here), persistent outputs NONE.
    DML_BUFFER_BINDING nothing{nullptr, 0, 0};
    DML_BUFFER_ARRAY_BINDING array{1, &nothing};
    DML_BINDING_DESC arrayDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    CHECK(vkdmlBindInputs(empty, 1, &arrayDesc) == S_OK);
    DML_BUFFER_BINDING some{buffer.get(), 0, 96};
    array.Bindings = &some;
    CHECK(vkdmlBindInputs(empty, 1, &arrayDesc) == E_INVALIDARG);
    CHECK(vkdmlBindInputs(empty, 2, nullptr) == E_INVALIDARG);
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    CHECK(vkdmlBindOutputs(empty, 1, &none) == S_OK);
    CHECK(vkdmlBindOutputs(empty, 1, &desc) == E_INVALIDARG);  // no persistent resource to bind
}
