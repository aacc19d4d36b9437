// Operators through DirectML's COM API on vkdml's D3D12: CreateOperator, CompileOperator, an initializer, binding
// tables over a descriptor heap, a command recorder; results against double references.
#include <cmath>
#include <cstring>

#include <doctest/doctest.h>

#include "dml_program.h"

using namespace dmltest;

namespace {

void checkClose(const std::vector<float>& actual, const std::vector<double>& expected, double tolerance) {
    REQUIRE(actual.size() == expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        INFO("element " << i);
        CHECK(std::fabs(actual[i] - expected[i]) <= tolerance * (1.0 + std::fabs(expected[i])));
    }
}

// GetBindingProperties called the way C code calls COM: slot 8 of the vtable, the struct returned by value.
DML_BINDING_PROPERTIES bindingPropertiesThroughVtable(IDMLDispatchable* dispatchable) {
    using CGetBindingProperties = DML_BINDING_PROPERTIES (*)(IDMLDispatchable* self);
    void** vtable = *reinterpret_cast<void***>(dispatchable);
    return reinterpret_cast<CGetBindingProperties>(vtable[8])(dispatchable);
}

ComPtr<IDMLCompiledOperator> compile(IDMLDevice* dml, const DML_OPERATOR_DESC& desc,
                                     DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE) {
    ComPtr<IDMLOperator> op;
    REQUIRE(dml->CreateOperator(&desc, IID_PPV_ARGS(&op)) == S_OK);
    ComPtr<IDMLCompiledOperator> compiled;
    REQUIRE(dml->CompileOperator(op.Get(), flags, IID_PPV_ARGS(&compiled)) == S_OK);
    return compiled;
}

}  // namespace

TEST_CASE("ELEMENT_WISE_IDENTITY with a scale and bias, and ELEMENT_WISE_ADD") {
    D3D12Context& ctx = D3D12Context::shared();
    ctx.resetList();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    FloatTensor tensor({1, 2, 3, 37});
    const size_t count = 2 * 3 * 37;
    const std::vector<float> a = sequence(count, -3.0f, 0.25f), b = sequence(count, 1.5f, -0.125f);

    SUBCASE("identity: x * 2.5 - 0.75") {
        DML_SCALE_BIAS scaleBias{2.5f, -0.75f};
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&tensor.desc, &tensor.desc, &scaleBias};
        ComPtr<IDMLCompiledOperator> compiled = compile(dml.Get(), {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity});
        const auto outputs = runCompiled(dml.Get(), compiled.Get(), {{a}, {}}, {count});
        std::vector<double> expected(count);
        for (size_t i = 0; i < count; ++i) expected[i] = double(a[i]) * 2.5 - 0.75;
        checkClose(outputs[0], expected, 1e-6);
    }
    SUBCASE("add: a + b (with and without DESCRIPTORS_VOLATILE)") {
        for (DML_EXECUTION_FLAGS flags : {DML_EXECUTION_FLAG_NONE, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE}) {
            INFO("flags " << static_cast<int>(flags));
            DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{&tensor.desc, &tensor.desc, &tensor.desc};
            ComPtr<IDMLCompiledOperator> compiled = compile(dml.Get(), {DML_OPERATOR_ELEMENT_WISE_ADD, &add}, flags);
            // The by-value struct through the C++ vtable: an element-wise operator binds its 2 inputs and 1 output.
            const DML_BINDING_PROPERTIES props = compiled->GetBindingProperties();
            CHECK(props.RequiredDescriptorCount == 3);
            CHECK(props.PersistentResourceSize == 0);
            CHECK(bindingPropertiesThroughVtable(compiled.Get()).RequiredDescriptorCount == 3);
            const auto outputs = runCompiled(dml.Get(), compiled.Get(), {{a, b}, {}}, {count});
            std::vector<double> expected(count);
            for (size_t i = 0; i < count; ++i) expected[i] = double(a[i]) + double(b[i]);
            checkClose(outputs[0], expected, 1e-6);
        }
    }
}

TEST_CASE("GEMM with its B matrix owned by DirectML, initialized through the initializer's BUFFER_ARRAY "
          "(an initializer created empty and Reset to the operator)") {
    D3D12Context& ctx = D3D12Context::shared();
    ctx.resetList();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    const UINT M = 5, K = 19, N = 7;
    FloatTensor aTensor({1, 1, M, K}), bTensor({1, 1, K, N}, DML_TENSOR_FLAG_OWNED_BY_DML), cTensor({1, 1, M, N}),
        outTensor({1, 1, M, N});
    DML_GEMM_OPERATOR_DESC gemm{&aTensor.desc, &bTensor.desc, &cTensor.desc, &outTensor.desc,
                                DML_MATRIX_TRANSFORM_NONE, DML_MATRIX_TRANSFORM_NONE, 0.5f, 2.0f, nullptr};
    ComPtr<IDMLCompiledOperator> compiled = compile(dml.Get(), {DML_OPERATOR_GEMM, &gemm});
    const DML_BINDING_PROPERTIES props = compiled->GetBindingProperties();
    CHECK(props.RequiredDescriptorCount == 4);
    CHECK(props.PersistentResourceSize >= K * N * sizeof(float));
    const DML_BINDING_PROPERTIES viaVtable = bindingPropertiesThroughVtable(compiled.Get());
    CHECK(viaVtable.RequiredDescriptorCount == props.RequiredDescriptorCount);
    CHECK(viaVtable.TemporaryResourceSize == props.TemporaryResourceSize);
    CHECK(viaVtable.PersistentResourceSize == props.PersistentResourceSize);

    const std::vector<float> a = sequence(M * K, -1.0f, 0.125f), b = sequence(K * N, 0.5f, -0.0625f),
                             c = sequence(M * N, 2.0f, 0.25f);
    const auto outputs = runCompiled(dml.Get(), compiled.Get(), {{a, b, c}, {false, true, false}, true}, {M * N});
    std::vector<double> expected(M * N);
    for (UINT m = 0; m < M; ++m)
        for (UINT n = 0; n < N; ++n) {
            double sum = 0;
            for (UINT k = 0; k < K; ++k) sum += double(a[m * K + k]) * double(b[k * N + n]);
            expected[m * N + n] = 0.5 * sum + 2.0 * double(c[m * N + n]);
        }
    checkClose(outputs[0], expected, 1e-5);
}

TEST_CASE("bindings into placed resources at offsets reach the right bytes of the heap") {
    D3D12Context& ctx = D3D12Context::shared();
    ctx.resetList();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    const size_t count = 96;
    const UINT64 bytes = count * sizeof(float), inputOffset = 256, outputOffset = 512;
    FloatTensor tensor({1, 1, 1, static_cast<UINT>(count)});
    DML_SCALE_BIAS scaleBias{-1.5f, 4.0f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&tensor.desc, &tensor.desc, &scaleBias};
    ComPtr<IDMLCompiledOperator> compiled = compile(dml.Get(), {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity});

    // One heap, the input placed at 64 KiB and the output at 128 KiB.
    D3D12_HEAP_DESC heapDesc{};
    heapDesc.SizeInBytes = 3 * 65536;
    heapDesc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    heapDesc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;
    ComPtr<ID3D12Heap> heap;
    REQUIRE(ctx.device->CreateHeap(&heapDesc, IID_PPV_ARGS(&heap)) == S_OK);
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = 65536;
    desc.Height = desc.DepthOrArraySize = desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    ComPtr<ID3D12Resource> input, output;
    REQUIRE(ctx.device->CreatePlacedResource(heap.Get(), 65536, &desc, D3D12_RESOURCE_STATE_COPY_DEST, nullptr,
                                             IID_PPV_ARGS(&input)) == S_OK);
    REQUIRE(ctx.device->CreatePlacedResource(heap.Get(), 131072, &desc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                                             nullptr, IID_PPV_ARGS(&output)) == S_OK);
    const std::vector<float> x = sequence(count, -6.0f, 0.5f);
    ComPtr<ID3D12Resource> upload = ctx.buffer(D3D12_HEAP_TYPE_UPLOAD, bytes, D3D12_RESOURCE_STATE_GENERIC_READ);
    void* mapped = nullptr;
    REQUIRE(upload->Map(0, nullptr, &mapped) == S_OK);
    std::memcpy(mapped, x.data(), bytes);
    upload->Unmap(0, nullptr);
    ctx.list->CopyBufferRegion(input.Get(), inputOffset, upload.Get(), 0, bytes);
    D3D12_RESOURCE_BARRIER toUav{};
    toUav.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    toUav.Transition.pResource = input.Get();
    toUav.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    toUav.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_DEST;
    toUav.Transition.StateAfter = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    ctx.list->ResourceBarrier(1, &toUav);

    ComPtr<IDMLOperatorInitializer> initializer;
    IDMLCompiledOperator* targets[] = {compiled.Get()};
    REQUIRE(dml->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&initializer)) == S_OK);
    DescriptorHeap descriptors(ctx.device.Get(), 4);
    ComPtr<IDMLBindingTable> initTable, table;
    DML_BINDING_TABLE_DESC initDesc = descriptors.tableDesc(initializer.Get(), 0, 1);
    DML_BINDING_TABLE_DESC tableDesc = descriptors.tableDesc(compiled.Get(), 1, 3);
    REQUIRE(dml->CreateBindingTable(&initDesc, IID_PPV_ARGS(&initTable)) == S_OK);
    REQUIRE(dml->CreateBindingTable(&tableDesc, IID_PPV_ARGS(&table)) == S_OK);
    DML_BUFFER_BINDING inputBinding{input.Get(), inputOffset, bytes}, outputBinding{output.Get(), outputOffset, bytes};
    DML_BINDING_DESC inputDesc{DML_BINDING_TYPE_BUFFER, &inputBinding}, outputDesc{DML_BINDING_TYPE_BUFFER, &outputBinding};
    table->BindInputs(1, &inputDesc);
    table->BindOutputs(1, &outputDesc);
    ComPtr<IDMLCommandRecorder> recorder;
    REQUIRE(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)) == S_OK);
    ID3D12DescriptorHeap* heaps[] = {descriptors.heap.Get()};
    ctx.list->SetDescriptorHeaps(1, heaps);
    recorder->RecordDispatch(ctx.list.Get(), initializer.Get(), initTable.Get());
    recorder->RecordDispatch(ctx.list.Get(), compiled.Get(), table.Get());
    D3D12_RESOURCE_BARRIER uav{};
    uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    ctx.list->ResourceBarrier(1, &uav);
    ComPtr<ID3D12Resource> readback = ctx.readback(output.Get(), outputOffset + bytes);
    REQUIRE(dml->GetDeviceRemovedReason() == S_OK);
    ctx.executeAndWait();

    const std::vector<float> all = D3D12Context::floats(readback.Get(), (outputOffset + bytes) / sizeof(float));
    const std::vector<float> got(all.begin() + outputOffset / sizeof(float), all.end());
    std::vector<double> expected(count);
    for (size_t i = 0; i < count; ++i) expected[i] = double(x[i]) * -1.5 + 4.0;
    checkClose(got, expected, 1e-6);
}

// DirectML keeps bindings in the descriptors of the table's range. ONNX Runtime's pattern: one IDMLBindingTable Reset
// onto a new range for each dispatch of a command list. A dispatch compiled with DESCRIPTORS_VOLATILE reads its
// range when the list executes; without the flag, what was bound when it was recorded.
TEST_CASE("DESCRIPTORS_VOLATILE: each dispatch reads its own descriptor range, when the list executes") {
    D3D12Context& ctx = D3D12Context::shared();
    const size_t count = 160;
    const UINT64 bytes = count * sizeof(float);
    FloatTensor tensor({1, 1, 1, static_cast<UINT>(count)});
    DML_SCALE_BIAS scaleBias{3.0f, -2.0f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&tensor.desc, &tensor.desc, &scaleBias};
    const std::vector<float> x = sequence(count, -40.0f, 0.5f), y = sequence(count, 11.0f, -0.25f);
    const std::vector<float> zeros(count, 0.0f);
    auto expect = [&](const std::vector<float>& got, const std::vector<float>& source) {
        std::vector<double> expected(count, 0.0);
        if (!source.empty())
            for (size_t i = 0; i < count; ++i) expected[i] = double(source[i]) * 3.0 - 2.0;
        checkClose(got, expected, 1e-6);
    };
    for (const bool isVolatile : {false, true}) {
        INFO("DESCRIPTORS_VOLATILE " << isVolatile);
        ctx.resetList();
        ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
        ComPtr<IDMLCompiledOperator> compiled =
            compile(dml.Get(), {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity},
                    isVolatile ? DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE : DML_EXECUTION_FLAG_NONE);
        ComPtr<ID3D12Resource> bx = ctx.uploaded(x), by = ctx.uploaded(y), out1 = ctx.uploaded(zeros),
                               out2 = ctx.uploaded(zeros), out3 = ctx.uploaded(zeros);
        ComPtr<IDMLOperatorInitializer> initializer;
        IDMLCompiledOperator* targets[] = {compiled.Get()};
        REQUIRE(dml->CreateOperatorInitializer(1, targets, IID_PPV_ARGS(&initializer)) == S_OK);
        const UINT required = compiled->GetBindingProperties().RequiredDescriptorCount;
        DescriptorHeap descriptors(ctx.device.Get(), 1 + 3 * required);
        ComPtr<IDMLBindingTable> initTable, table, rebinding;
        DML_BINDING_TABLE_DESC initDesc = descriptors.tableDesc(initializer.Get(), 0, 1);
        REQUIRE(dml->CreateBindingTable(&initDesc, IID_PPV_ARGS(&initTable)) == S_OK);
        auto bindTo = [&](IDMLBindingTable* to, ID3D12Resource* input, ID3D12Resource* output) {
            DML_BUFFER_BINDING in{input, 0, bytes}, out{output, 0, bytes};
            DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &in}, outDesc{DML_BINDING_TYPE_BUFFER, &out};
            to->BindInputs(1, &inDesc);
            to->BindOutputs(1, &outDesc);
        };
        ComPtr<IDMLCommandRecorder> recorder;
        REQUIRE(dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder)) == S_OK);
        ID3D12DescriptorHeap* heaps[] = {descriptors.heap.Get()};
        ctx.list->SetDescriptorHeaps(1, heaps);
        recorder->RecordDispatch(ctx.list.Get(), initializer.Get(), initTable.Get());
        D3D12_RESOURCE_BARRIER uav{};
        uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
        ctx.list->ResourceBarrier(1, &uav);

        const DML_BINDING_TABLE_DESC first = descriptors.tableDesc(compiled.Get(), 1, required),
                                     second = descriptors.tableDesc(compiled.Get(), 1 + required, required);
        REQUIRE(dml->CreateBindingTable(&first, IID_PPV_ARGS(&table)) == S_OK);
        bindTo(table.Get(), bx.Get(), out1.Get());
        recorder->RecordDispatch(ctx.list.Get(), compiled.Get(), table.Get());
        REQUIRE(table->Reset(&second) == S_OK);  // the first range keeps x -> out1
        bindTo(table.Get(), by.Get(), out2.Get());
        recorder->RecordDispatch(ctx.list.Get(), compiled.Get(), table.Get());
        ctx.list->ResourceBarrier(1, &uav);
        ComPtr<ID3D12Resource> read1 = ctx.readback(out1.Get(), bytes), read2 = ctx.readback(out2.Get(), bytes),
                               read3 = ctx.readback(out3.Get(), bytes);

        // After recording: another table over the first range writes its descriptors again (y -> out3).
        REQUIRE(dml->CreateBindingTable(&first, IID_PPV_ARGS(&rebinding)) == S_OK);
        bindTo(rebinding.Get(), by.Get(), out3.Get());
        REQUIRE(dml->GetDeviceRemovedReason() == S_OK);
        ctx.executeAndWait();
        REQUIRE(dml->GetDeviceRemovedReason() == S_OK);

        expect(D3D12Context::floats(read1.Get(), count), isVolatile ? std::vector<float>{} : x);
        expect(D3D12Context::floats(read2.Get(), count), y);
        expect(D3D12Context::floats(read3.Get(), count), isVolatile ? y : std::vector<float>{});
    }
}
