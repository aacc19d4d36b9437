// Device creation, feature levels, feature queries and adapter info through the C API.
#include <cstring>
#include <string>

#include "raw_enum_calls.h"
#include "test_device.h"

using namespace vkdml::test;

namespace {

DML_FEATURE_LEVEL queryMaxLevel(VkdmlDevice device, std::initializer_list<DML_FEATURE_LEVEL> requested,
                                HRESULT* hrOut = nullptr) {
    std::vector<DML_FEATURE_LEVEL> levels(requested);
    DML_FEATURE_QUERY_FEATURE_LEVELS query{static_cast<UINT>(levels.size()), levels.data()};
    DML_FEATURE_DATA_FEATURE_LEVELS data{};
    HRESULT hr = vkdmlCheckFeatureSupport(device, DML_FEATURE_FEATURE_LEVELS, sizeof(query), &query, sizeof(data),
                                          &data);
    if (hrOut) *hrOut = hr;
    return data.MaxSupportedFeatureLevel;
}

const std::initializer_list<DML_FEATURE_LEVEL> kAllLevels = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
    DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
    DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};

}  // namespace

TEST_CASE("create and release a device with defaults (NULL desc)") {
    VkdmlDevice device = nullptr;
    REQUIRE(vkdmlCreateDevice(nullptr, &device) == S_OK);
    REQUIRE(device != nullptr);
    CHECK(vkdmlGetDeviceRemovedReason(device) == S_OK);
    CHECK(queryMaxLevel(device, kAllLevels) == DML_FEATURE_LEVEL_6_4);
    CHECK(vkdmlRelease(device) == 0);
}

TEST_CASE("create a DEBUG device: validation layers on, zero messages") {
    TestDevice device;  // DEBUG; the destructor fails the test on any validation message
    CHECK(device.validationEnabled());
    VKDML_ADAPTER_INFO info;
    REQUIRE(vkdmlGetAdapterInfo(device, &info) == S_OK);
    CHECK(std::strlen(info.Name) > 0);
    CHECK(info.VulkanApiVersion >= VK_API_VERSION_1_1);
    CHECK(info.MaxStorageBufferRange > 0);
    CHECK(info.MaxComputeWorkGroupCount[0] >= 65535);
    CHECK(info.MinStorageBufferOffsetAlignment >= 1);
}

TEST_CASE("feature-level queries return the highest requested level the device supports") {
    TestDevice device;
    CHECK(queryMaxLevel(device, kAllLevels) == DML_FEATURE_LEVEL_6_4);
    CHECK(queryMaxLevel(device, {DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_3_1}) == DML_FEATURE_LEVEL_3_1);
    CHECK(queryMaxLevel(device, {DML_FEATURE_LEVEL_1_0}) == DML_FEATURE_LEVEL_1_0);
}

TEST_CASE("MaximumFeatureLevel = 2_0 makes the device report 2_0") {
    TestDevice device(DML_FEATURE_LEVEL_2_0);
    CHECK(queryMaxLevel(device, kAllLevels) == DML_FEATURE_LEVEL_2_0);
    HRESULT hr = S_OK;
    queryMaxLevel(device, {DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_6_4}, &hr);
    CHECK(hr == DXGI_ERROR_UNSUPPORTED);
}

TEST_CASE("MinimumFeatureLevel above the maximum -> DXGI_ERROR_UNSUPPORTED, with a message") {
    struct Sink {
        HRESULT hr = S_OK;
        std::string text;
    } sink;
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.MinimumFeatureLevel = DML_FEATURE_LEVEL_5_0;
    desc.MaximumFeatureLevel = DML_FEATURE_LEVEL_4_1;
    desc.MessageUserData = &sink;
    desc.MessageCallback = [](VKDML_MESSAGE_SEVERITY, HRESULT hr, const char* message, void* user) {
        static_cast<Sink*>(user)->hr = hr;
        static_cast<Sink*>(user)->text = message;
    };
    VkdmlDevice device = reinterpret_cast<VkdmlDevice>(uintptr_t(1));
    CHECK(vkdmlCreateDevice(&desc, &device) == DXGI_ERROR_UNSUPPORTED);
    CHECK(device == nullptr);
    CHECK(sink.hr == DXGI_ERROR_UNSUPPORTED);
    CHECK(sink.text.find("MinimumFeatureLevel") != std::string::npos);
}

TEST_CASE("bad device descs") {
    VkdmlDevice device = nullptr;
    CHECK(vkdmlCreateDevice(nullptr, nullptr) == E_POINTER);
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    setRaw(desc.MaximumFeatureLevel, 0x3500);
    CHECK(vkdmlCreateDevice(&desc, &device) == E_INVALIDARG);
    setRaw(desc.MaximumFeatureLevel, 0);
    setRaw(desc.Flags, 0x8);
    CHECK(vkdmlCreateDevice(&desc, &device) == E_INVALIDARG);
    desc.Flags = DML_CREATE_DEVICE_FLAG_NONE;
    desc.AdapterIndex = 1000;
    CHECK(vkdmlCreateDevice(&desc, &device) == E_INVALIDARG);
    desc.AdapterIndex = -2;
    CHECK(vkdmlCreateDevice(&desc, &device) == E_INVALIDARG);
    CHECK(device == nullptr);
}

TEST_CASE("CheckFeatureSupport argument checks") {
    TestDevice device;
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query{DML_TENSOR_DATA_TYPE_FLOAT16};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT data{};
    auto check = [&](DML_FEATURE feature, UINT qs, const void* q, UINT ds, void* d) {
        return vkdmlCheckFeatureSupport(device, feature, qs, q, ds, d);
    };
    REQUIRE(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data), &data) == S_OK);
    CHECK(data.IsSupported == TRUE);
    query.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    REQUIRE(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data), &data) == S_OK);
    CHECK(data.IsSupported == TRUE);
    // UINT4 / INT4: from feature level 6_3 (QUANTIZE and DEQUANTIZE run them), not below.
    TestDevice level62(DML_FEATURE_LEVEL_6_2);
    for (DML_TENSOR_DATA_TYPE four : {DML_TENSOR_DATA_TYPE_UINT4, DML_TENSOR_DATA_TYPE_INT4}) {
        query.DataType = four;
        REQUIRE(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data), &data) == S_OK);
        CHECK(data.IsSupported == TRUE);
        REQUIRE(vkdmlCheckFeatureSupport(level62, DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query,
                                         sizeof(data), &data) == S_OK);
        CHECK(data.IsSupported == FALSE);
    }
    query.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;

    CHECK(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query) - 1, &query, sizeof(data), &data) == E_INVALIDARG);
    CHECK(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), nullptr, sizeof(data), &data) == E_INVALIDARG);
    CHECK(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data) + 4, &data) == E_INVALIDARG);
    CHECK(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data), nullptr) == E_INVALIDARG);
    CHECK(device.lastError().find("featureSupportDataSize") != std::string::npos);
    setRaw(query.DataType, 99);
    CHECK(check(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data), &data) == E_INVALIDARG);

    DML_FEATURE_LEVEL levels[] = {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_1_0};
    setRaw(levels[1], 0x1234);
    DML_FEATURE_QUERY_FEATURE_LEVELS lq{2, levels};
    DML_FEATURE_DATA_FEATURE_LEVELS ld{};
    CHECK(check(DML_FEATURE_FEATURE_LEVELS, sizeof(lq), &lq, sizeof(ld), &ld) == E_INVALIDARG);
    lq.RequestedFeatureLevelCount = 0;
    CHECK(check(DML_FEATURE_FEATURE_LEVELS, sizeof(lq), &lq, sizeof(ld), &ld) == E_INVALIDARG);
    lq = {1, nullptr};
    CHECK(check(DML_FEATURE_FEATURE_LEVELS, sizeof(lq), &lq, sizeof(ld), &ld) == E_INVALIDARG);
    CHECK(vkdmlTestCheckFeatureSupportRaw(device, 7, sizeof(lq), &lq, sizeof(ld), &ld) == DXGI_ERROR_UNSUPPORTED);
    CHECK(vkdmlCheckFeatureSupport(nullptr, DML_FEATURE_FEATURE_LEVELS, sizeof(lq), &lq, sizeof(ld), &ld) ==
          E_INVALIDARG);
}

TEST_CASE("adapter enumeration and NULL arguments") {
    UINT count = 0;
    REQUIRE(vkdmlEnumerateAdapters(&count, nullptr) == S_OK);
    REQUIRE(count >= 1);
    std::vector<VKDML_ADAPTER_INFO> infos(count);
    REQUIRE(vkdmlEnumerateAdapters(&count, infos.data()) == S_OK);
    for (UINT i = 0; i < count; ++i) CHECK(infos[i].AdapterIndex == i);
    CHECK(vkdmlEnumerateAdapters(nullptr, nullptr) == E_POINTER);
    CHECK(vkdmlGetAdapterInfo(nullptr, infos.data()) == E_INVALIDARG);
    TestDevice device;
    CHECK(vkdmlGetAdapterInfo(device, nullptr) == E_POINTER);
    CHECK(vkdmlGetDeviceRemovedReason(nullptr) == E_INVALIDARG);
    CHECK(vkdmlSetName(nullptr, "x") == E_INVALIDARG);
    CHECK(vkdmlSetName(device.get(), "my device") == S_OK);
    CHECK(vkdmlAddRef(nullptr) == 0);
    CHECK(vkdmlRelease(nullptr) == 0);
}

TEST_CASE("an explicit adapter index and VKDML_ADAPTER pick that adapter") {
    VKDML_ADAPTER_INFO first;
    UINT count = 1;
    REQUIRE(vkdmlEnumerateAdapters(&count, &first) == S_OK);
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = 0;
    VkdmlDevice device = nullptr;
    REQUIRE(vkdmlCreateDevice(&desc, &device) == S_OK);
    VKDML_ADAPTER_INFO info;
    REQUIRE(vkdmlGetAdapterInfo(device, &info) == S_OK);
    CHECK(std::string(info.Name) == first.Name);
    vkdmlRelease(device);

    setenv("VKDML_ADAPTER", "no-such-adapter-name", 1);
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    CHECK(vkdmlCreateDevice(&desc, &device) == E_INVALIDARG);
    std::string name(first.Name);
    setenv("VKDML_ADAPTER", name.substr(0, 4).c_str(), 1);
    REQUIRE(vkdmlCreateDevice(&desc, &device) == S_OK);
    REQUIRE(vkdmlGetAdapterInfo(device, &info) == S_OK);
    CHECK(std::string(info.Name).find(name.substr(0, 4)) != std::string::npos);
    vkdmlRelease(device);
    unsetenv("VKDML_ADAPTER");
}

namespace {

// The message a DEBUG device gives about the math library's forms (the fused-fma probe), with VKDML_FUSED_FMA as
// `forced` (nullptr: unset).
std::string mathFormsMessage(const char* forced) {
    if (forced) setenv("VKDML_FUSED_FMA", forced, 1);
    else unsetenv("VKDML_FUSED_FMA");
    struct Sink {
        std::string text;
    } sink;
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.Flags = DML_CREATE_DEVICE_FLAG_DEBUG;
    desc.MessageUserData = &sink;
    desc.MessageCallback = [](VKDML_MESSAGE_SEVERITY, HRESULT, const char* message, void* user) {
        const std::string text(message);
        if (text.find("math library") != std::string::npos || text.find("VKDML_FUSED_FMA") != std::string::npos ||
            text.find("fp16 conversions") != std::string::npos)
            static_cast<Sink*>(user)->text += text + "\n";
    };
    VkdmlDevice device = nullptr;
    REQUIRE(vkdmlCreateDevice(&desc, &device) == S_OK);
    vkdmlRelease(device);
    unsetenv("VKDML_FUSED_FMA");
    return sink.text;
}

}  // namespace

TEST_CASE("the math library's fma forms: probed on the device, forced either way by VKDML_FUSED_FMA") {
    const std::string probed = mathFormsMessage(nullptr);
    INFO(probed);
    const bool fused = probed.find("fused-fma forms: the device's fma() rounds once") != std::string::npos;
    CHECK((fused || probed.find("unfused fma(): the device's fma() rounds twice") != std::string::npos));
    // A second device of the same adapter gets the same answer (remembered per device and driver).
    CHECK(mathFormsMessage(nullptr) == probed);
    CHECK(mathFormsMessage("0").find("unfused fma() (VKDML_FUSED_FMA=0)") != std::string::npos);
    const std::string forced = mathFormsMessage("1");
    INFO(forced);
    if (fused) {
        CHECK(forced.find("fused-fma forms: the device's fma() rounds once") != std::string::npos);
    } else {
        // Emulated in double where the device has shaderFloat64 (lavapipe), else refused with a warning.
        CHECK((forced.find("fma() emulated in double") != std::string::npos ||
               forced.find("VKDML_FUSED_FMA=1 ignored") != std::string::npos));
    }
}

TEST_CASE("fp16 conversions: the driver's own where the device's probe finds them exact, else the integer forms") {
    const std::string probed = mathFormsMessage(nullptr);
    INFO(probed);
    const bool native = probed.find("fp16 conversions: the driver's own") != std::string::npos;
    CHECK((native || probed.find("fp16 conversions: the integer forms: the probe") != std::string::npos));
    setenv("VKDML_FORCE_INTEGER_HALF", "1", 1);
    const std::string forced = mathFormsMessage(nullptr);
    unsetenv("VKDML_FORCE_INTEGER_HALF");
    CHECK(forced.find("fp16 conversions: the integer forms (VKDML_FORCE_INTEGER_HALF=1)") != std::string::npos);
}

TEST_CASE("vkdmlSetMessageCallback replaces the callback; NULL stops the messages") {
    std::vector<std::string> first, second;
    auto collect = [](VKDML_MESSAGE_SEVERITY, HRESULT hr, const char* message, void* sink) {
        if (hr != S_OK) static_cast<std::vector<std::string>*>(sink)->push_back(message);
    };
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    desc.MessageCallback = collect;
    desc.MessageUserData = &first;
    VkdmlDevice device = nullptr;
    REQUIRE(vkdmlCreateDevice(&desc, &device) == S_OK);
    VkdmlOperator op = nullptr;
    DML_OPERATOR_DESC empty{DML_OPERATOR_ACTIVATION_RELU, nullptr};
    CHECK(vkdmlCreateOperator(device, &empty, &op) == E_INVALIDARG);
    CHECK(first.size() == 1);
    CHECK(vkdmlSetMessageCallback(device, collect, &second) == S_OK);
    CHECK(vkdmlCreateOperator(device, &empty, &op) == E_INVALIDARG);
    CHECK(first.size() == 1);
    CHECK(second.size() == 1);
    CHECK(vkdmlSetMessageCallback(device, nullptr, nullptr) == S_OK);
    CHECK(vkdmlCreateOperator(device, &empty, &op) == E_INVALIDARG);
    CHECK(second.size() == 1);
    CHECK(vkdmlRelease(device) == 0);
}

// A process may create and release devices many times (a test suite, a server that reopens its device): each one
// must work. NVIDIA's driver (H100, H200) refused vkCreateInstance after a few dozen devices in one process, which
// vkdml's one instance kept for the process is there to prevent; elsewhere this is a plain lifetime check.
TEST_CASE("64 devices one after another, each created, used and released") {
    for (UINT i = 0; i < 64; ++i) {
        CAPTURE(i);
        VkdmlDevice device = nullptr;
        REQUIRE(vkdmlCreateDevice(nullptr, &device) == S_OK);
        VkdmlBuffer buffer = nullptr;
        VkdmlCommandList list = nullptr;
        REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, 16, &buffer) == S_OK);
        REQUIRE(vkdmlCreateCommandList(device, &list) == S_OK);
        REQUIRE(vkdmlRecordFillBuffer(list, buffer, 0, 16, 0x5eed0000u + i) == S_OK);
        REQUIRE(vkdmlCloseCommandList(list) == S_OK);
        UINT64 done = 0;
        REQUIRE(vkdmlExecuteCommandLists(device, 1, &list, &done) == S_OK);
        REQUIRE(vkdmlWaitForCompletion(device, done, UINT64(10) * 1000 * 1000 * 1000) == S_OK);
        void* data = nullptr;
        REQUIRE(vkdmlMapBuffer(buffer, &data) == S_OK);
        UINT words[4];
        std::memcpy(words, data, sizeof(words));
        vkdmlUnmapBuffer(buffer);
        for (UINT w : words) CHECK(w == 0x5eed0000u + i);
        CHECK(vkdmlRelease(list) == 0);
        CHECK(vkdmlRelease(buffer) == 0);
        CHECK(vkdmlRelease(device) == 0);
    }
}
