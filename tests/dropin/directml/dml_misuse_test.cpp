// Misuse gives DirectML's documented answers, never a crash: E_INVALIDARG / E_POINTER from methods that return an
// HRESULT (out-pointers NULL), and device removal (GetDeviceRemovedReason) for methods that return nothing, after
// which the device's methods answer DXGI_ERROR_DEVICE_REMOVED and record nothing.
#include <unistd.h>

#include <cstdio>
#include <string>

#include <doctest/doctest.h>

#include "dml_program.h"

using namespace dmltest;

namespace {

// A fresh DML device with a compiled ELEMENT_WISE_ADD over 64 floats and its binding properties.
struct AddScene {
    D3D12Context& ctx = D3D12Context::shared();
    FloatTensor tensor{{1, 1, 8, 8}};
    ComPtr<IDMLDevice> dml;
    ComPtr<IDMLCompiledOperator> compiled;
    DML_BINDING_PROPERTIES props{};
    static constexpr UINT64 kBytes = 64 * sizeof(float);

    AddScene() {
        ctx.resetList();
        dml = createDmlDevice(ctx.device.Get());
        DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{&tensor.desc, &tensor.desc, &tensor.desc};
        DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_ADD, &add};
        ComPtr<IDMLOperator> op;
        REQUIRE(dml->CreateOperator(&desc, IID_PPV_ARGS(&op)) == S_OK);
        REQUIRE(dml->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == S_OK);
        props = compiled->GetBindingProperties();
    }
    ComPtr<ID3D12Resource> uavBuffer(UINT64 size) {
        return ctx.buffer(D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                          D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    }
    // A binding table for the operator in a fresh shader-visible heap, with every binding bound.
    ComPtr<IDMLBindingTable> boundTable(DescriptorHeap& heap, std::vector<ComPtr<ID3D12Resource>>& keep) {
        DML_BINDING_TABLE_DESC desc = heap.tableDesc(compiled.Get(), 0, props.RequiredDescriptorCount);
        ComPtr<IDMLBindingTable> table;
        REQUIRE(dml->CreateBindingTable(&desc, IID_PPV_ARGS(&table)) == S_OK);
        for (int i = 0; i < 3; ++i) keep.push_back(uavBuffer(kBytes));
        DML_BUFFER_BINDING buffers[3] = {{keep[0].Get(), 0, kBytes}, {keep[1].Get(), 0, kBytes},
                                         {keep[2].Get(), 0, kBytes}};
        DML_BINDING_DESC inputs[2] = {{DML_BINDING_TYPE_BUFFER, &buffers[0]}, {DML_BINDING_TYPE_BUFFER, &buffers[1]}};
        DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &buffers[2]};
        table->BindInputs(2, inputs);
        table->BindOutputs(1, &output);
        REQUIRE(dml->GetDeviceRemovedReason() == S_OK);
        return table;
    }
    ComPtr<IDMLCommandRecorder> recorder() {
        ComPtr<IDMLCommandRecorder> created;
        REQUIRE(dml->CreateCommandRecorder(IID_PPV_ARGS(&created)) == S_OK);
        return created;
    }
    // After misuse of a void method: removed with E_INVALIDARG, and later calls refused.
    void checkRemoved() {
        CHECK(dml->GetDeviceRemovedReason() == E_INVALIDARG);
        ComPtr<IDMLCommandRecorder> refused;
        CHECK(dml->CreateCommandRecorder(IID_PPV_ARGS(&refused)) == DXGI_ERROR_DEVICE_REMOVED);
        CHECK(refused.Get() == nullptr);
    }
};

}  // namespace

TEST_CASE("binding table descs outside DirectML's rules are refused with E_INVALIDARG") {
    AddScene scene;
    REQUIRE(scene.props.RequiredDescriptorCount == 3);
    ComPtr<IDMLBindingTable> table;
    auto create = [&](const DML_BINDING_TABLE_DESC& desc) {
        table.Reset();
        void* out = reinterpret_cast<void*>(0x1);
        const HRESULT hr = scene.dml->CreateBindingTable(&desc, __uuidof(IDMLBindingTable), &out);
        CHECK(out == (SUCCEEDED(hr) ? out : nullptr));
        if (SUCCEEDED(hr)) static_cast<IUnknown*>(out)->Release();
        return hr;
    };
    DescriptorHeap heap(scene.ctx.device.Get(), 4);
    CHECK(create(heap.tableDesc(scene.compiled.Get(), 0, 3)) == S_OK);
    SUBCASE("fewer descriptors than RequiredDescriptorCount") {
        CHECK(create(heap.tableDesc(scene.compiled.Get(), 0, 2)) == E_INVALIDARG);
    }
    SUBCASE("a range running past the heap's end") {
        CHECK(create(heap.tableDesc(scene.compiled.Get(), 2, 3)) == E_INVALIDARG);
    }
    SUBCASE("a CPU handle in no heap") {
        DML_BINDING_TABLE_DESC desc = heap.tableDesc(scene.compiled.Get(), 0, 3);
        desc.CPUDescriptorHandle.ptr = 0x10;
        CHECK(create(desc) == E_INVALIDARG);
    }
    SUBCASE("a GPU handle naming another descriptor") {
        DML_BINDING_TABLE_DESC desc = heap.tableDesc(scene.compiled.Get(), 0, 3);
        desc.GPUDescriptorHandle.ptr += heap.increment;
        CHECK(create(desc) == E_INVALIDARG);
    }
    SUBCASE("a heap that is not shader-visible") {
        DescriptorHeap cpuOnly(scene.ctx.device.Get(), 4, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
                               D3D12_DESCRIPTOR_HEAP_FLAG_NONE);
        CHECK(create(cpuOnly.tableDesc(scene.compiled.Get(), 0, 3)) == E_INVALIDARG);
    }
    SUBCASE("a heap of the wrong type") {
        D3D12_DESCRIPTOR_HEAP_DESC desc{D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
                                        0};
        ComPtr<ID3D12DescriptorHeap> samplers;
        if (SUCCEEDED(scene.ctx.device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&samplers)))) {
            DML_BINDING_TABLE_DESC tableDesc{scene.compiled.Get(), samplers->GetCPUDescriptorHandleForHeapStart(),
                                             samplers->GetGPUDescriptorHandleForHeapStart(), 3};
            CHECK(create(tableDesc) == E_INVALIDARG);
        } else {
            MESSAGE("libd3d12 creates no SAMPLER heap; the wrong-type case is covered by the CPU-only heap");
        }
    }
    SUBCASE("no dispatchable, and NULL out-pointer") {
        DML_BINDING_TABLE_DESC desc = heap.tableDesc(nullptr, 0, 3);
        CHECK(create(desc) == E_INVALIDARG);
        desc = heap.tableDesc(scene.compiled.Get(), 0, 3);
        CHECK(scene.dml->CreateBindingTable(&desc, __uuidof(IDMLBindingTable), nullptr) == E_POINTER);
    }
    CHECK(scene.dml->GetDeviceRemovedReason() == S_OK);  // HRESULT methods refuse without removing the device
}

TEST_CASE("a resource too small for its binding removes the device; nothing is bound") {
    AddScene scene;
    DescriptorHeap heap(scene.ctx.device.Get(), 3);
    std::vector<ComPtr<ID3D12Resource>> keep;
    ComPtr<IDMLBindingTable> table = scene.boundTable(heap, keep);
    ComPtr<ID3D12Resource> small = scene.uavBuffer(128);
    DML_BUFFER_BINDING tooBig{small.Get(), 0, AddScene::kBytes};  // 256 bytes asked of a 128-byte resource
    DML_BINDING_DESC binding{DML_BINDING_TYPE_BUFFER, &tooBig};
    DML_BINDING_DESC inputs[2] = {binding, binding};
    table->BindInputs(2, inputs);
    scene.checkRemoved();
}

TEST_CASE("an offset past the resource's end removes the device") {
    AddScene scene;
    DescriptorHeap heap(scene.ctx.device.Get(), 3);
    std::vector<ComPtr<ID3D12Resource>> keep;
    ComPtr<IDMLBindingTable> table = scene.boundTable(heap, keep);
    DML_BUFFER_BINDING pastEnd{keep[2].Get(), 256, AddScene::kBytes};
    DML_BINDING_DESC output{DML_BINDING_TYPE_BUFFER, &pastEnd};
    table->BindOutputs(1, &output);
    scene.checkRemoved();
}

TEST_CASE("RecordDispatch on a closed command list removes the device and records nothing") {
    AddScene scene;
    DescriptorHeap heap(scene.ctx.device.Get(), 3);
    std::vector<ComPtr<ID3D12Resource>> keep;
    ComPtr<IDMLBindingTable> table = scene.boundTable(heap, keep);
    ID3D12DescriptorHeap* heaps[] = {heap.heap.Get()};
    scene.ctx.list->SetDescriptorHeaps(1, heaps);
    REQUIRE(scene.ctx.list->Close() == S_OK);
    scene.recorder()->RecordDispatch(scene.ctx.list.Get(), scene.compiled.Get(), table.Get());
    scene.checkRemoved();
    scene.ctx.resetList();
}

TEST_CASE("RecordDispatch without the binding table's heap set removes the device") {
    AddScene scene;
    DescriptorHeap heap(scene.ctx.device.Get(), 3), other(scene.ctx.device.Get(), 3);
    std::vector<ComPtr<ID3D12Resource>> keep;
    ComPtr<IDMLBindingTable> table = scene.boundTable(heap, keep);
    SUBCASE("no SetDescriptorHeaps at all") {}
    SUBCASE("another heap set") {
        ID3D12DescriptorHeap* heaps[] = {other.heap.Get()};
        scene.ctx.list->SetDescriptorHeaps(1, heaps);
    }
    scene.recorder()->RecordDispatch(scene.ctx.list.Get(), scene.compiled.Get(), table.Get());
    scene.checkRemoved();
    scene.ctx.resetList();
}

TEST_CASE("RecordDispatch with NULL arguments or a foreign binding table removes the device") {
    AddScene scene;
    DescriptorHeap heap(scene.ctx.device.Get(), 3);
    std::vector<ComPtr<ID3D12Resource>> keep;
    ComPtr<IDMLBindingTable> table = scene.boundTable(heap, keep);
    SUBCASE("NULL command list") { scene.recorder()->RecordDispatch(nullptr, scene.compiled.Get(), table.Get()); }
    SUBCASE("NULL dispatchable") { scene.recorder()->RecordDispatch(scene.ctx.list.Get(), nullptr, table.Get()); }
    SUBCASE("a table of another device") {
        AddScene other;
        std::vector<ComPtr<ID3D12Resource>> otherKeep;
        ComPtr<IDMLBindingTable> foreign = other.boundTable(heap, otherKeep);
        scene.recorder()->RecordDispatch(scene.ctx.list.Get(), scene.compiled.Get(), foreign.Get());
    }
    scene.checkRemoved();
    scene.ctx.resetList();
}

TEST_CASE("NULL and foreign arguments to HRESULT methods") {
    AddScene scene;
    void* out = reinterpret_cast<void*>(0x1);
    CHECK(scene.dml->CreateOperator(nullptr, __uuidof(IDMLOperator), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    out = reinterpret_cast<void*>(0x1);
    CHECK(scene.dml->CompileOperator(nullptr, DML_EXECUTION_FLAG_NONE, __uuidof(IDMLCompiledOperator), &out) ==
          E_INVALIDARG);
    CHECK(out == nullptr);
    CHECK(scene.dml->CreateCommandRecorder(__uuidof(IDMLCommandRecorder), nullptr) == E_POINTER);
    CHECK(scene.dml->CreateOperatorInitializer(0, nullptr, __uuidof(IDMLOperatorInitializer), nullptr) == E_POINTER);
    IDMLCompiledOperator* nullTarget[] = {nullptr};
    out = reinterpret_cast<void*>(0x1);
    CHECK(scene.dml->CreateOperatorInitializer(1, nullTarget, __uuidof(IDMLOperatorInitializer), &out) ==
          E_INVALIDARG);
    CHECK(out == nullptr);
    // An invalid operator desc is refused by vkdml's validation, named through the message.
    FloatTensor other({1, 1, 8, 9});
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC mismatched{&scene.tensor.desc, &other.desc, &scene.tensor.desc};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_ADD, &mismatched};
    out = reinterpret_cast<void*>(0x1);
    CHECK(scene.dml->CreateOperator(&desc, __uuidof(IDMLOperator), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    // Optional out-pointer: a valid desc checked without creating anything.
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC valid{&scene.tensor.desc, &scene.tensor.desc, &scene.tensor.desc};
    desc.Desc = &valid;
    CHECK(scene.dml->CreateOperator(&desc, __uuidof(IDMLOperator), nullptr) == S_FALSE);
    // An ID3D12Device that is not vkdml's.
    CHECK(DMLCreateDevice(reinterpret_cast<ID3D12Device*>(scene.dml.Get()), DML_CREATE_DEVICE_FLAG_NONE,
                          __uuidof(IDMLDevice), &out) == E_INVALIDARG);
    CHECK(out == nullptr);
    CHECK(scene.dml->GetDeviceRemovedReason() == S_OK);
}

namespace {

// What `body` writes to stderr (file descriptor 2).
template <class Body>
std::string stderrOf(Body&& body) {
    std::fflush(stderr);
    const int saved = dup(2);
    FILE* capture = std::tmpfile();
    REQUIRE(capture != nullptr);
    dup2(fileno(capture), 2);
    body();
    std::fflush(stderr);
    dup2(saved, 2);
    close(saved);
    std::string text;
    std::rewind(capture);
    for (int c; (c = std::fgetc(capture)) != EOF;) text += static_cast<char>(c);
    std::fclose(capture);
    return text;
}

}  // namespace

TEST_CASE("DEBUG devices report refusals on stderr until SetMuteDebugOutput(TRUE)") {
    D3D12Context& ctx = D3D12Context::shared();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get(), DML_CREATE_DEVICE_FLAG_DEBUG);
    ComPtr<IDMLDebugDevice> debug;
    REQUIRE(dml.As(&debug) == S_OK);
    ComPtr<IDMLOperator> op;
    const std::string expected = "DirectML (vkdml): IDMLDevice::CreateOperator: desc is NULL";
    CHECK(stderrOf([&] { CHECK(dml->CreateOperator(nullptr, IID_PPV_ARGS(&op)) == E_INVALIDARG); })
              .find(expected) != std::string::npos);
    debug->SetMuteDebugOutput(TRUE);
    CHECK(stderrOf([&] { CHECK(dml->CreateOperator(nullptr, IID_PPV_ARGS(&op)) == E_INVALIDARG); })
              .find(expected) == std::string::npos);
    // A device without the flag writes nothing there (the drop-in's VKDML_DROPIN_DEBUG output aside).
    ComPtr<IDMLDevice> quiet = createDmlDevice(ctx.device.Get());
    CHECK(stderrOf([&] { CHECK(quiet->CreateOperator(nullptr, IID_PPV_ARGS(&op)) == E_INVALIDARG); })
              .find(expected) == std::string::npos);
}
