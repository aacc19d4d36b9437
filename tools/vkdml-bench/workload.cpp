#include "workload.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace bench {

// --- devices ---------------------------------------------------------------------------------------------------

INT resolveAdapter(const std::string& adapter) {
    if (adapter.empty()) return VKDML_ADAPTER_INDEX_DEFAULT;
    UINT count = 0;
    BENCH_CHECK(vkdmlEnumerateAdapters(&count, nullptr));
    std::vector<VKDML_ADAPTER_INFO> infos(count);
    BENCH_CHECK(vkdmlEnumerateAdapters(&count, infos.data()));
    infos.resize(count);
    const bool numeric = adapter.find_first_not_of("0123456789") == std::string::npos;
    if (numeric) {
        const unsigned long index = std::strtoul(adapter.c_str(), nullptr, 10);
        if (index >= count) fail("--adapter " + adapter + ": only " + std::to_string(count) + " adapter(s)");
        return static_cast<INT>(index);
    }
    for (const auto& info : infos)
        if (std::strstr(info.Name, adapter.c_str())) return static_cast<INT>(info.AdapterIndex);
    std::string names;
    for (const auto& info : infos) names += std::string("\n  [") + std::to_string(info.AdapterIndex) + "] " + info.Name;
    fail("--adapter '" + adapter + "' matches no adapter:" + names);
}

Ref<VkdmlDevice> createDevice(INT adapterIndex) {
    VKDML_DEVICE_DESC desc{};
    desc.AdapterIndex = adapterIndex;
    desc.MessageCallback = onVkdmlMessage;
    Ref<VkdmlDevice> device;
    BENCH_CHECK(vkdmlCreateDevice(&desc, device.put()));
    return device;
}

bool DeviceContext::sharesHostMemory() const {
    return info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_CPU || info.DeviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
}

void openDevice(DeviceContext& ctx, INT adapterIndex) {
    ctx.device = createDevice(adapterIndex);
    BENCH_CHECK(vkdmlGetAdapterInfo(ctx.device, &ctx.info));
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query{DML_TENSOR_DATA_TYPE_FLOAT16};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT support{};
    BENCH_CHECK(vkdmlCheckFeatureSupport(ctx.device, DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query,
                                         sizeof(support), &support));
    ctx.float16 = support.IsSupported != 0;
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    ctx.hostRamBytes = pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
}

// --- tensors -----------------------------------------------------------------------------------------------------

uint32_t elementBytes(DML_TENSOR_DATA_TYPE type) { return type == DML_TENSOR_DATA_TYPE_FLOAT16 ? 2 : 4; }

namespace {

uint64_t roundUp(uint64_t value, uint64_t multiple) { return (value + multiple - 1) / multiple * multiple; }

// DMLCalcBufferTensorSize: (index of the last element + 1) * element size, rounded up to 4.
uint64_t calcBufferTensorSize(DML_TENSOR_DATA_TYPE type, const std::vector<UINT>& sizes,
                              const std::vector<UINT>& strides) {
    uint64_t last = 0;
    if (strides.empty()) {
        uint64_t n = 1;
        for (UINT s : sizes) n *= s;
        last = n - 1;
    } else {
        for (size_t i = 0; i < sizes.size(); ++i) last += uint64_t(sizes[i] - 1) * strides[i];
    }
    return roundUp((last + 1) * elementBytes(type), 4);
}

}  // namespace

TensorDesc::TensorDesc(DML_TENSOR_DATA_TYPE type, std::vector<UINT> sizes, std::vector<UINT> strides)
    : sizes_(std::move(sizes)), strides_(std::move(strides)) {
    buffer_.DataType = type;
    buffer_.Flags = DML_TENSOR_FLAG_NONE;
    buffer_.DimensionCount = static_cast<UINT>(sizes_.size());
    buffer_.Sizes = sizes_.data();
    buffer_.Strides = strides_.empty() ? nullptr : strides_.data();
    buffer_.TotalTensorSizeInBytes = calcBufferTensorSize(type, sizes_, strides_);
    buffer_.GuaranteedBaseOffsetAlignment = 0;
    tensor_ = {DML_TENSOR_TYPE_BUFFER, &buffer_};
}

Geometry makeGeometry(Layout layout, DML_TENSOR_DATA_TYPE type, uint64_t elements) {
    constexpr UINT kCols = 1024, kPad = 16;
    Geometry g;
    g.layout = layout;
    g.type = type;
    g.elements = elements;
    g.cols = elements % kCols == 0 ? kCols : static_cast<UINT>(elements);
    g.rows = static_cast<UINT>(elements / g.cols);
    g.sizes = {g.rows, g.cols};
    switch (layout) {
        case Layout::Packed:
        case Layout::InPlace: break;
        case Layout::Strided:
            g.inStrides = {g.cols + kPad, 1};
            g.outStrides = g.inStrides;
            break;
        case Layout::Broadcast: g.inStrides = {0, 1}; break;
    }
    g.inBytes = calcBufferTensorSize(type, g.sizes, g.inStrides);
    g.outBytes = calcBufferTensorSize(type, g.sizes, g.outStrides);
    g.copyBytes = elements * elementBytes(type);
    g.bufferABytes = roundUp(std::max(g.inBytes, g.copyBytes), 256);
    g.bufferBBytes = roundUp(std::max(g.outBytes, g.copyBytes), 256);
    return g;
}

// --- operators ---------------------------------------------------------------------------------------------------

double executeAndWait(VkdmlDevice device, VkdmlCommandList list) {
    const auto start = Clock::now();
    UINT64 done = 0;
    BENCH_CHECK(vkdmlExecuteCommandLists(device, 1, &list, &done));
    BENCH_CHECK(vkdmlWaitForCompletion(device, done, UINT64_MAX));
    return secondsSince(start);
}

Kernel compileKernel(DeviceContext& ctx, const OpSpec& spec, const TensorDesc& in, const TensorDesc& out, bool naive,
                     double* compileSeconds) {
    Kernel kernel;
    BENCH_CHECK(spec.create(ctx.device, spec, in.desc(), out.desc(), kernel.op.put()));
    if (naive) setenv("VKDML_BENCH_NAIVE_KERNELS", "1", 1);
    const auto start = Clock::now();
    const HRESULT hr = vkdmlCompileOperator(ctx.device, kernel.op, DML_EXECUTION_FLAG_NONE, kernel.compiled.put());
    const double seconds = secondsSince(start);
    if (naive) unsetenv("VKDML_BENCH_NAIVE_KERNELS");
    BENCH_CHECK(hr);
    if (compileSeconds) *compileSeconds = seconds;

    // DirectML's sequence: initialize once (these operators own no tensors, so the initializer binds nothing but a
    // temporary resource if it asks for one).
    Ref<VkdmlDispatchable> init;
    VkdmlDispatchable targets[] = {kernel.compiled.get()};
    BENCH_CHECK(vkdmlCreateOperatorInitializer(ctx.device, 1, targets, init.put()));
    Ref<VkdmlBindingTable> initTable;
    BENCH_CHECK(vkdmlCreateBindingTable(ctx.device, init, initTable.put()));
    const DML_BINDING_PROPERTIES initProps = vkdmlGetBindingProperties(init);
    Ref<VkdmlBuffer> temporary;
    if (initProps.TemporaryResourceSize > 0) {
        BENCH_CHECK(
            vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, initProps.TemporaryResourceSize, temporary.put()));
        DML_BUFFER_BINDING binding{temporary.get(), 0, initProps.TemporaryResourceSize};
        DML_BINDING_DESC bindingDesc{DML_BINDING_TYPE_BUFFER, &binding};
        BENCH_CHECK(vkdmlBindTemporaryResource(initTable, &bindingDesc));
    }
    Ref<VkdmlCommandList> list;
    BENCH_CHECK(vkdmlCreateCommandList(ctx.device, list.put()));
    BENCH_CHECK(vkdmlRecordDispatch(list, init, initTable));
    BENCH_CHECK(vkdmlCloseCommandList(list));
    executeAndWait(ctx.device, list);

    const DML_BINDING_PROPERTIES props = vkdmlGetBindingProperties(kernel.compiled);
    if (props.TemporaryResourceSize > 0 || props.PersistentResourceSize > 0)
        fail(std::string(spec.dmlName) +
             " asks for temporary/persistent resources; vkdml-bench does not bind them yet");
    BENCH_CHECK(vkdmlCreateBindingTable(ctx.device, kernel.compiled, kernel.table.put()));
    return kernel;
}

void bindKernel(Kernel& kernel, VkdmlBuffer in, uint64_t inBytes, VkdmlBuffer out, uint64_t outBytes) {
    DML_BUFFER_BINDING inBinding{in, 0, inBytes}, outBinding{out, 0, outBytes};
    DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &inBinding}, outDesc{DML_BINDING_TYPE_BUFFER, &outBinding};
    BENCH_CHECK(vkdmlBindInputs(kernel.table, 1, &inDesc));
    BENCH_CHECK(vkdmlBindOutputs(kernel.table, 1, &outDesc));
}

void bindToWorkload(Kernel& kernel, Workload& w) {
    const Geometry& g = w.geometry;
    if (g.layout == Layout::InPlace)
        bindKernel(kernel, w.a, g.inBytes, w.a, g.outBytes);
    else
        bindKernel(kernel, w.a, g.inBytes, w.b, g.outBytes);
}

// --- workloads ---------------------------------------------------------------------------------------------------

namespace {

// Values in [-6, 6), a fixed pseudo-random sequence (no NaN, inf or subnormal inputs).
void fillPattern(void* dst, DML_TENSOR_DATA_TYPE type, uint64_t first, uint64_t count) {
    for (uint64_t i = 0; i < count; ++i) {
        const uint32_t hash = static_cast<uint32_t>((first + i) * 2654435761u);
        const float x = static_cast<float>(hash >> 8) * (12.0f / 16777216.0f) - 6.0f;
        if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
            static_cast<uint16_t*>(dst)[i] = halfFromFloat(x);
        else
            static_cast<float*>(dst)[i] = x;
    }
}

}  // namespace

std::unique_ptr<Workload> makeWorkload(DeviceContext& ctx, Layout layout, DML_TENSOR_DATA_TYPE type,
                                       uint64_t elements) {
    auto w = std::make_unique<Workload>();
    w->geometry = makeGeometry(layout, type, elements);
    const Geometry& g = w->geometry;
    w->inDesc = std::make_unique<TensorDesc>(type, g.sizes, g.inStrides);
    w->outDesc = std::make_unique<TensorDesc>(type, g.sizes, g.outStrides);
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, g.bufferABytes, w->a.put()));
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, g.bufferBBytes, w->b.put()));

    const uint32_t eb = elementBytes(type);
    const uint64_t total = g.bufferABytes / eb;
    void* mapped = nullptr;
    if (ctx.defaultHeapMappable != 0) {
        const HRESULT hr = vkdmlMapBuffer(w->a, &mapped);
        ctx.defaultHeapMappable = SUCCEEDED(hr) ? 1 : 0;
    }
    if (ctx.defaultHeapMappable == 1) {
        fillPattern(mapped, type, 0, total);
        vkdmlUnmapBuffer(w->a);
        return w;
    }
    // Not host-visible: fill through an UPLOAD buffer of at most 64 MiB.
    const uint64_t chunkBytes = std::min<uint64_t>(g.bufferABytes, 64ull << 20);
    Ref<VkdmlBuffer> upload;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_UPLOAD, chunkBytes, upload.put()));
    Ref<VkdmlCommandList> list;
    BENCH_CHECK(vkdmlCreateCommandList(ctx.device, list.put()));
    for (uint64_t offset = 0; offset < g.bufferABytes; offset += chunkBytes) {
        const uint64_t bytes = std::min(chunkBytes, g.bufferABytes - offset);
        BENCH_CHECK(vkdmlMapBuffer(upload, &mapped));
        fillPattern(mapped, type, offset / eb, bytes / eb);
        vkdmlUnmapBuffer(upload);
        BENCH_CHECK(vkdmlResetCommandList(list));
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, w->a, offset, upload, 0, bytes));
        BENCH_CHECK(vkdmlCloseCommandList(list));
        executeAndWait(ctx.device, list);
    }
    return w;
}

}  // namespace bench
