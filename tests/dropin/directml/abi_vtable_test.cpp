// ABI of DirectML.h (COM): every method of every IDML* interface sits in the vtable slot Microsoft's declaration order
// gives it; a struct-returning method called through a C view of the vtable returns its struct by value; the IIDs
// (the MIDL_INTERFACE strings of the header and the WINADAPTER_IID values of vkdml_directml_iids.h) are Microsoft's.
#include <DirectML.h>
#include <vkdml_directml_iids.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

namespace {

// The vtable slot of a virtual member function, read from its Itanium C++ ABI pointer-to-member representation
// (ptr = 1 + byte offset in the vtable for virtual functions, adj = this adjustment).
template <class Method>
long vtableSlot(Method method) {
    static_assert(sizeof(Method) == 2 * sizeof(std::uintptr_t), "Itanium pointer-to-member-function layout");
    std::uintptr_t words[2];
    std::memcpy(words, &method, sizeof words);
    if ((words[0] & 1) == 0 || words[1] != 0) return -1;  // not virtual, or not in the primary vtable
    return static_cast<long>((words[0] - 1) / sizeof(void*));
}

// Microsoft's DirectML.h order: IUnknown takes slots 0-2.
#define CHECK_SLOT(Interface, Method, Slot)                                       \
    do {                                                                          \
        INFO(#Interface "::" #Method);                                            \
        CHECK(vtableSlot(&Interface::Method) == (Slot));                          \
    } while (0)

}  // namespace

TEST_CASE("every IDML* method lies in Microsoft's vtable slot") {
    using QueryInterfaceMethod = HRESULT (STDMETHODCALLTYPE IUnknown::*)(REFIID, void**);
    CHECK(vtableSlot(static_cast<QueryInterfaceMethod>(&IDMLObject::QueryInterface)) == 0);
    CHECK(vtableSlot(static_cast<QueryInterfaceMethod>(&IDMLDebugDevice::QueryInterface)) == 0);
    CHECK_SLOT(IDMLObject, AddRef, 1);
    CHECK_SLOT(IDMLObject, Release, 2);
    CHECK_SLOT(IDMLObject, GetPrivateData, 3);
    CHECK_SLOT(IDMLObject, SetPrivateData, 4);
    CHECK_SLOT(IDMLObject, SetPrivateDataInterface, 5);
    CHECK_SLOT(IDMLObject, SetName, 6);

    CHECK_SLOT(IDMLDevice, CheckFeatureSupport, 7);
    CHECK_SLOT(IDMLDevice, CreateOperator, 8);
    CHECK_SLOT(IDMLDevice, CompileOperator, 9);
    CHECK_SLOT(IDMLDevice, CreateOperatorInitializer, 10);
    CHECK_SLOT(IDMLDevice, CreateCommandRecorder, 11);
    CHECK_SLOT(IDMLDevice, CreateBindingTable, 12);
    CHECK_SLOT(IDMLDevice, Evict, 13);
    CHECK_SLOT(IDMLDevice, MakeResident, 14);
    CHECK_SLOT(IDMLDevice, GetDeviceRemovedReason, 15);
    CHECK_SLOT(IDMLDevice, GetParentDevice, 16);
    CHECK_SLOT(IDMLDevice1, SetName, 6);
    CHECK_SLOT(IDMLDevice1, GetParentDevice, 16);
    CHECK_SLOT(IDMLDevice1, CompileGraph, 17);

    CHECK_SLOT(IDMLDeviceChild, SetName, 6);
    CHECK_SLOT(IDMLDeviceChild, GetDevice, 7);
    CHECK_SLOT(IDMLPageable, GetDevice, 7);
    CHECK_SLOT(IDMLOperator, GetDevice, 7);
    CHECK_SLOT(IDMLDispatchable, GetDevice, 7);
    CHECK_SLOT(IDMLDispatchable, GetBindingProperties, 8);
    CHECK_SLOT(IDMLCompiledOperator, GetBindingProperties, 8);
    CHECK_SLOT(IDMLOperatorInitializer, GetBindingProperties, 8);
    CHECK_SLOT(IDMLOperatorInitializer, Reset, 9);

    CHECK_SLOT(IDMLBindingTable, GetDevice, 7);
    CHECK_SLOT(IDMLBindingTable, BindInputs, 8);
    CHECK_SLOT(IDMLBindingTable, BindOutputs, 9);
    CHECK_SLOT(IDMLBindingTable, BindTemporaryResource, 10);
    CHECK_SLOT(IDMLBindingTable, BindPersistentResource, 11);
    CHECK_SLOT(IDMLBindingTable, Reset, 12);

    CHECK_SLOT(IDMLCommandRecorder, GetDevice, 7);
    CHECK_SLOT(IDMLCommandRecorder, RecordDispatch, 8);

    CHECK_SLOT(IDMLDebugDevice, SetMuteDebugOutput, 3);
}

TEST_CASE("the derivation chains are Microsoft's") {
    CHECK(std::is_base_of<IUnknown, IDMLObject>::value);
    CHECK(std::is_base_of<IDMLObject, IDMLDevice>::value);
    CHECK(std::is_base_of<IDMLDevice, IDMLDevice1>::value);
    CHECK(std::is_base_of<IDMLObject, IDMLDeviceChild>::value);
    CHECK(std::is_base_of<IDMLDeviceChild, IDMLPageable>::value);
    CHECK(std::is_base_of<IDMLDeviceChild, IDMLOperator>::value);
    CHECK(std::is_base_of<IDMLPageable, IDMLDispatchable>::value);
    CHECK(std::is_base_of<IDMLDispatchable, IDMLCompiledOperator>::value);
    CHECK(std::is_base_of<IDMLDispatchable, IDMLOperatorInitializer>::value);
    CHECK(std::is_base_of<IDMLDeviceChild, IDMLBindingTable>::value);
    CHECK(std::is_base_of<IDMLDeviceChild, IDMLCommandRecorder>::value);
    CHECK(std::is_base_of<IUnknown, IDMLDebugDevice>::value);
    CHECK_FALSE(std::is_base_of<IDMLObject, IDMLDebugDevice>::value);
    // The object-holding struct fields are the COM pointers, at the C header's layout.
    CHECK(std::is_same<decltype(DML_BUFFER_BINDING::Buffer), ID3D12Resource*>::value);
    CHECK(std::is_same<decltype(DML_BINDING_TABLE_DESC::Dispatchable), IDMLDispatchable*>::value);
    CHECK(std::is_same<decltype(DML_OPERATOR_GRAPH_NODE_DESC::Operator), IDMLOperator*>::value);
    CHECK(sizeof(DML_BINDING_PROPERTIES) == 24);
    CHECK(sizeof(DML_BUFFER_BINDING) == 24);
    CHECK(sizeof(DML_BINDING_TABLE_DESC) == 32);
}

namespace {

// A dispatchable whose GetBindingProperties answers known values, called below the way C code calls COM.
class KnownDispatchable final : public IDMLDispatchable {
public:
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID, void** object) override {
        *object = nullptr;
        return E_NOINTERFACE;
    }
    ULONG STDMETHODCALLTYPE AddRef() override { return 1; }
    ULONG STDMETHODCALLTYPE Release() override { return 1; }
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID, UINT*, void*) override { return E_NOTIMPL; }
    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID, UINT, const void*) override { return E_NOTIMPL; }
    HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID, IUnknown*) override { return E_NOTIMPL; }
    HRESULT STDMETHODCALLTYPE SetName(PCWSTR) override { return E_NOTIMPL; }
    HRESULT STDMETHODCALLTYPE GetDevice(REFIID, void**) override { return E_NOTIMPL; }
    DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() override {
        return DML_BINDING_PROPERTIES{7, UINT64(1) << 40, 0x123456789abcull};
    }
};

}  // namespace

TEST_CASE("GetBindingProperties returns its struct by value through the vtable (C calling convention)") {
    KnownDispatchable dispatchable;
    using CGetBindingProperties = DML_BINDING_PROPERTIES (*)(IDMLDispatchable* self);
    void** vtable = *reinterpret_cast<void***>(static_cast<IDMLDispatchable*>(&dispatchable));
    auto call = reinterpret_cast<CGetBindingProperties>(vtable[8]);
    const DML_BINDING_PROPERTIES props = call(&dispatchable);
    CHECK(props.RequiredDescriptorCount == 7);
    CHECK(props.TemporaryResourceSize == (UINT64(1) << 40));
    CHECK(props.PersistentResourceSize == 0x123456789abcull);
}

namespace {

std::string iidText(const GUID& g) {
    char text[40];
    std::snprintf(text, sizeof text, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x", unsigned(g.Data1),
                  unsigned(g.Data2), unsigned(g.Data3), g.Data4[0], g.Data4[1], g.Data4[2], g.Data4[3], g.Data4[4],
                  g.Data4[5], g.Data4[6], g.Data4[7]);
    return text;
}

// The IID DirectML.h declares for `name` with MIDL_INTERFACE("...") on the line before "name :".
std::string declaredIid(const std::string& header, const std::string& name) {
    const std::string marker = "MIDL_INTERFACE(\"";
    const size_t at = header.find("\n" + name + " : public ");
    if (at == std::string::npos) return "not declared";
    const size_t open = header.rfind(marker, at);
    if (open == std::string::npos) return "no MIDL_INTERFACE";
    return header.substr(open + marker.size(), 36);
}

}  // namespace

TEST_CASE("IIDs are Microsoft's") {
    std::ifstream file(VKDML_DIRECTML_COM_HEADER);
    REQUIRE(file.good());
    std::stringstream text;
    text << file.rdbuf();
    const std::string header = text.str();
    struct Expected {
        const char* name;
        GUID defined;
        const char* microsoft;
    };
    const Expected expected[] = {
        {"IDMLObject", __uuidof(IDMLObject), "c8263aac-9e0c-4a2d-9b8e-007521a3317c"},
        {"IDMLDevice", __uuidof(IDMLDevice), "6dbd6437-96fd-423f-a98c-ae5e7c2a573f"},
        {"IDMLDeviceChild", __uuidof(IDMLDeviceChild), "27e83142-8165-49e3-974e-2fd66e4cb69d"},
        {"IDMLPageable", __uuidof(IDMLPageable), "b1ab0825-4542-4a4b-8617-6dde6e8f6201"},
        {"IDMLOperator", __uuidof(IDMLOperator), "26caae7a-3081-4633-9581-226fbe57695d"},
        {"IDMLDispatchable", __uuidof(IDMLDispatchable), "dcb821a8-1039-441e-9f1c-b1759c2f3cec"},
        {"IDMLCompiledOperator", __uuidof(IDMLCompiledOperator), "6b15e56a-bf5c-4902-92d8-da3a650afea4"},
        {"IDMLOperatorInitializer", __uuidof(IDMLOperatorInitializer), "427c1113-435c-469c-8676-4d5dd072f813"},
        {"IDMLBindingTable", __uuidof(IDMLBindingTable), "29c687dc-de74-4e3b-ab00-1168f2fc3cfc"},
        {"IDMLCommandRecorder", __uuidof(IDMLCommandRecorder), "e6857a76-2e3e-4fdd-bff4-5d2ba10fb453"},
        {"IDMLDebugDevice", __uuidof(IDMLDebugDevice), "7d6f3ac9-394a-4ac3-92a7-390cc57a8217"},
        {"IDMLDevice1", __uuidof(IDMLDevice1), "a0884f9a-d2be-4355-aa5d-5901281ad1d2"},
    };
    for (const Expected& e : expected) {
        INFO(e.name);
        CHECK(iidText(e.defined) == e.microsoft);
        CHECK(declaredIid(header, e.name) == e.microsoft);
        CHECK(uuidof<IDMLDevice>() == __uuidof(IDMLDevice));  // dxguids.h's uuidof<> agrees with __uuidof
    }
}
