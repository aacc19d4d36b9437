#include "workload.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <vkdml/vkdml_testing.h>

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

uint32_t elementBytes(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return 2;
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT8: return 1;
        default: return 4;
    }
}

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

uint64_t Geometry::deviceBytes() const {
    uint64_t bytes = output.bufferBytes;
    for (const TensorGeometry& input : inputs) bytes += input.bufferBytes;
    return bytes;
}

Geometry makeGeometry(const OpSpec& op, Layout layout, DML_TENSOR_DATA_TYPE type, uint64_t elements) {
    constexpr UINT kCols = 1024, kPad = 16;
    Geometry g;
    g.layout = layout;
    g.elements = elements;
    g.cols = elements % kCols == 0 ? kCols : static_cast<UINT>(elements);
    g.rows = static_cast<UINT>(elements / g.cols);
    g.sizes = {g.rows, g.cols};
    const std::vector<UINT> padded = {g.cols + kPad, 1};
    g.a = op.firstValueInput();
    g.inputs.resize(op.inputCount());
    for (size_t i = 0; i < g.inputs.size(); ++i) {
        TensorGeometry& t = g.inputs[i];
        t.type = op.inputType(i, type);
        const bool isA = i == op.firstValueInput(), isB = i == op.lastValueInput();
        if (layout == Layout::Strided) t.strides = padded;
        if (layout == Layout::Broadcast && isB) t.strides = {0, 1};
        if (layout == Layout::Scalar && isB) t.strides = {0, 0};
        if (layout == Layout::Transposed && isA) t.strides = {1, g.rows};
        t.totalBytes = calcBufferTensorSize(t.type, g.sizes, t.strides);
        // Distinct elements read: the tensor's own bytes, a single input n elements whatever its layout.
        const uint64_t read = t.strides.empty() || t.strides[0] != 0 ? elements : t.strides[1] != 0 ? g.cols : 1;
        g.bytesMoved += (g.inputs.size() == 1 ? elements : read) * elementBytes(t.type);
    }
    g.output.type = op.outputType(type);
    if (layout == Layout::Strided) g.output.strides = padded;
    g.output.totalBytes = calcBufferTensorSize(g.output.type, g.sizes, g.output.strides);
    g.bytesMoved += elements * elementBytes(g.output.type);
    g.copyBytes = g.bytesMoved / 2 / 4 * 4;
    // The copy reads from A's buffer and writes the output's.
    for (size_t i = 0; i < g.inputs.size(); ++i) {
        const uint64_t atLeast = i == g.a ? g.copyBytes : 0;
        g.inputs[i].bufferBytes = roundUp(std::max(g.inputs[i].totalBytes, atLeast), 256);
    }
    g.output.bufferBytes = roundUp(std::max(g.output.totalBytes, g.copyBytes), 256);
    return g;
}

CaseDescs makeDescs(const Geometry& g) {
    CaseDescs descs;
    for (const TensorGeometry& t : g.inputs)
        descs.inputs.push_back(std::make_unique<TensorDesc>(t.type, g.sizes, t.strides));
    descs.output = std::make_unique<TensorDesc>(g.output.type, g.sizes, g.output.strides);
    return descs;
}

std::string unsupportedTypes(const DeviceContext& ctx, const Geometry& g) {
    bool float16 = g.output.type == DML_TENSOR_DATA_TYPE_FLOAT16;
    for (const TensorGeometry& t : g.inputs) float16 = float16 || t.type == DML_TENSOR_DATA_TYPE_FLOAT16;
    return float16 && !ctx.float16 ? "FLOAT16 tensors are not supported on this device" : "";
}

// --- operators ---------------------------------------------------------------------------------------------------

double executeAndWait(VkdmlDevice device, VkdmlCommandList list) {
    const auto start = Clock::now();
    UINT64 done = 0;
    BENCH_CHECK(vkdmlExecuteCommandLists(device, 1, &list, &done));
    BENCH_CHECK(vkdmlWaitForCompletion(device, done, UINT64_MAX));
    return secondsSince(start);
}

Kernel compileKernel(DeviceContext& ctx, const OpSpec& spec, const CaseDescs& descs, bool naive,
                     double* compileSeconds) {
    Kernel kernel;
    std::vector<const DML_TENSOR_DESC*> inputs;
    for (const auto& input : descs.inputs) inputs.push_back(input->desc());
    BENCH_CHECK(spec.create(ctx.device, spec, inputs.data(), descs.output->desc(), kernel.op.put()));
    if (naive) BENCH_CHECK(vkdmlTestSetOption(ctx.device, VKDML_TEST_OPTION_BENCH_NAIVE_KERNELS, 1));
    const auto start = Clock::now();
    const HRESULT hr = vkdmlCompileOperator(ctx.device, kernel.op, DML_EXECUTION_FLAG_NONE, kernel.compiled.put());
    const double seconds = secondsSince(start);
    if (naive) BENCH_CHECK(vkdmlTestSetOption(ctx.device, VKDML_TEST_OPTION_BENCH_NAIVE_KERNELS, 0));
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

void bindToWorkload(Kernel& kernel, Workload& w) {
    const Geometry& g = w.geometry;
    std::vector<DML_BUFFER_BINDING> inputs;
    for (size_t i = 0; i < g.inputs.size(); ++i) inputs.push_back({w.inputs[i], 0, g.inputs[i].totalBytes});
    VkdmlBuffer out = g.layout == Layout::InPlace ? w.inputs.at(g.a).get() : w.out.get();
    DML_BUFFER_BINDING output{out, 0, g.output.totalBytes};
    std::vector<DML_BINDING_DESC> inputDescs;
    for (DML_BUFFER_BINDING& binding : inputs) inputDescs.push_back({DML_BINDING_TYPE_BUFFER, &binding});
    DML_BINDING_DESC outputDesc{DML_BINDING_TYPE_BUFFER, &output};
    BENCH_CHECK(vkdmlBindInputs(kernel.table, static_cast<UINT>(inputDescs.size()), inputDescs.data()));
    BENCH_CHECK(vkdmlBindOutputs(kernel.table, 1, &outputDesc));
}

// --- workloads ---------------------------------------------------------------------------------------------------

namespace {

// What an input holds.
enum class Fill { Values, Units, Fractions, Condition };

// A fixed pseudo-random sequence per input (seed): Values in [-6, 6) (integers for INT32, any byte for UINT8, any
// bits for UINT32), Units +-1, Fractions Values / 8, Condition 0 or 1. No NaN, infinities or subnormal FLOAT32
// values. Input 0 of Values is the sequence the single-input rows always had.
void fillPattern(void* dst, DML_TENSOR_DATA_TYPE type, Fill fill, uint32_t seed, uint64_t first, uint64_t count) {
    for (uint64_t i = 0; i < count; ++i) {
        const uint32_t hash = static_cast<uint32_t>((first + i) * 2654435761u + seed * 0x9E3779B9u);
        float x = static_cast<float>(hash >> 8) * (12.0f / 16777216.0f) - 6.0f;
        if (fill == Fill::Units) x = (hash >> 16) & 1 ? 1.0f : -1.0f;
        if (fill == Fill::Fractions) x *= 0.125f;
        if (fill == Fill::Condition) x = static_cast<float>((hash >> 16) & 1);
        switch (type) {
            case DML_TENSOR_DATA_TYPE_FLOAT16: static_cast<uint16_t*>(dst)[i] = halfFromFloat(x); break;
            case DML_TENSOR_DATA_TYPE_INT32: static_cast<int32_t*>(dst)[i] = static_cast<int32_t>(x); break;
            case DML_TENSOR_DATA_TYPE_UINT32:
                static_cast<uint32_t*>(dst)[i] =
                    fill == Fill::Values ? hash : static_cast<uint32_t>(static_cast<int32_t>(x));
                break;
            case DML_TENSOR_DATA_TYPE_UINT8:
                static_cast<uint8_t*>(dst)[i] = static_cast<uint8_t>(fill == Fill::Values ? hash >> 24 : x);
                break;
            default: static_cast<float*>(dst)[i] = x; break;
        }
    }
}

// Fills a DEFAULT buffer: mapped where it can be, else through an UPLOAD buffer of at most 64 MiB.
void fillBuffer(DeviceContext& ctx, VkdmlBuffer buffer, uint64_t bufferBytes, DML_TENSOR_DATA_TYPE type, Fill fill,
                uint32_t seed) {
    const uint32_t eb = elementBytes(type);
    void* mapped = nullptr;
    if (ctx.defaultHeapMappable != 0) {
        const HRESULT hr = vkdmlMapBuffer(buffer, &mapped);
        ctx.defaultHeapMappable = SUCCEEDED(hr) ? 1 : 0;
    }
    if (ctx.defaultHeapMappable == 1) {
        fillPattern(mapped, type, fill, seed, 0, bufferBytes / eb);
        vkdmlUnmapBuffer(buffer);
        return;
    }
    const uint64_t chunkBytes = std::min<uint64_t>(bufferBytes, 64ull << 20);
    Ref<VkdmlBuffer> upload;
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_UPLOAD, chunkBytes, upload.put()));
    Ref<VkdmlCommandList> list;
    BENCH_CHECK(vkdmlCreateCommandList(ctx.device, list.put()));
    for (uint64_t offset = 0; offset < bufferBytes; offset += chunkBytes) {
        const uint64_t bytes = std::min(chunkBytes, bufferBytes - offset);
        BENCH_CHECK(vkdmlMapBuffer(upload, &mapped));
        fillPattern(mapped, type, fill, seed, offset / eb, bytes / eb);
        vkdmlUnmapBuffer(upload);
        BENCH_CHECK(vkdmlResetCommandList(list));
        BENCH_CHECK(vkdmlRecordCopyBufferRegion(list, buffer, offset, upload, 0, bytes));
        BENCH_CHECK(vkdmlCloseCommandList(list));
        executeAndWait(ctx.device, list);
    }
}

}  // namespace

void fillFractions(DeviceContext& ctx, VkdmlBuffer buffer, uint64_t bufferBytes, DML_TENSOR_DATA_TYPE type,
                   uint32_t seed) {
    fillBuffer(ctx, buffer, bufferBytes, type, Fill::Fractions, seed);
}

void fillBytes(DeviceContext& ctx, VkdmlBuffer buffer, uint64_t bufferBytes, uint32_t seed) {
    fillBuffer(ctx, buffer, bufferBytes, DML_TENSOR_DATA_TYPE_UINT8, Fill::Values, seed);
}

std::unique_ptr<Workload> makeWorkload(DeviceContext& ctx, const OpSpec& op, Layout layout, DML_TENSOR_DATA_TYPE type,
                                       uint64_t elements) {
    auto w = std::make_unique<Workload>();
    w->geometry = makeGeometry(op, layout, type, elements);
    const Geometry& g = w->geometry;
    w->descs = makeDescs(g);
    for (size_t i = 0; i < g.inputs.size(); ++i) {
        const TensorGeometry& t = g.inputs[i];
        w->inputs.emplace_back();
        BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, t.bufferBytes, w->inputs.back().put()));
        Fill fill = Fill::Values;
        if (op.signature == Signature::If && i == 0) fill = Fill::Condition;
        if (op.unitB && i == op.lastValueInput() && i != op.firstValueInput()) fill = Fill::Units;
        if (op.fractionB && i == op.lastValueInput() && i != op.firstValueInput()) fill = Fill::Fractions;
        fillBuffer(ctx, w->inputs.back(), t.bufferBytes, t.type, fill, static_cast<uint32_t>(i));
    }
    BENCH_CHECK(vkdmlCreateBuffer(ctx.device, VKDML_HEAP_TYPE_DEFAULT, g.output.bufferBytes, w->out.put()));
    return w;
}

}  // namespace bench
