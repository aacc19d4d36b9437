#include "executor.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "npy.h"
#include "printer.h"

namespace vkdml::dispatch {

// ---------------------------------------------------------------------------------------------------------------
// Messages and devices
// ---------------------------------------------------------------------------------------------------------------

void MessageLog::add(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (FAILED(hr)) {
        errors_.emplace_back(message ? message : "");
    } else if (severity == VKDML_MESSAGE_SEVERITY_ERROR) {
        ++validationErrors_;  // printed to stderr by vkdml itself on DEBUG devices
    }
}

void MessageLog::clearErrors() {
    std::lock_guard<std::mutex> lock(mutex_);
    errors_.clear();
}

std::string MessageLog::lastError() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return errors_.empty() ? std::string() : errors_.back();
}

size_t MessageLog::validationErrorCount() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return validationErrors_;
}

void MessageLog::resetValidation() {
    std::lock_guard<std::mutex> lock(mutex_);
    validationErrors_ = 0;
}

std::string hresultName(HRESULT hr) {
    switch (hr) {
        case S_OK: return "S_OK";
        case E_INVALIDARG: return "E_INVALIDARG";
        case E_NOTIMPL: return "E_NOTIMPL";
        case E_OUTOFMEMORY: return "E_OUTOFMEMORY";
        case E_FAIL: return "E_FAIL";
        case E_POINTER: return "E_POINTER";
        case DXGI_ERROR_UNSUPPORTED: return "DXGI_ERROR_UNSUPPORTED";
        case DXGI_ERROR_DEVICE_REMOVED: return "DXGI_ERROR_DEVICE_REMOVED";
        case DXGI_ERROR_WAIT_TIMEOUT: return "DXGI_ERROR_WAIT_TIMEOUT";
        default: {
            char buffer[16];
            std::snprintf(buffer, sizeof(buffer), "0x%08X", static_cast<unsigned>(hr));
            return buffer;
        }
    }
}

namespace {

void onMessage(VKDML_MESSAGE_SEVERITY severity, HRESULT hr, const char* message, void* userData) {
    static_cast<MessageLog*>(userData)->add(severity, hr, message);
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

int chooseAdapter(const std::string& wanted) {
    if (wanted.empty()) return VKDML_ADAPTER_INDEX_DEFAULT;
    UINT count = 0;
    if (FAILED(vkdmlEnumerateAdapters(&count, nullptr))) runtimeError("cannot list the Vulkan adapters");
    std::vector<VKDML_ADAPTER_INFO> infos(count);
    if (count > 0 && FAILED(vkdmlEnumerateAdapters(&count, infos.data())))
        runtimeError("cannot list the Vulkan adapters");
    infos.resize(count);
    const bool isIndex = std::all_of(wanted.begin(), wanted.end(), [](unsigned char c) { return std::isdigit(c); });
    std::string available;
    for (const VKDML_ADAPTER_INFO& info : infos) {
        if (isIndex ? std::to_string(info.AdapterIndex) == wanted
                    : lower(info.Name).find(lower(wanted)) != std::string::npos)
            return static_cast<int>(info.AdapterIndex);
        available += (available.empty() ? "" : ", ") + ("[" + std::to_string(info.AdapterIndex) + "] " + info.Name);
    }
    runtimeError("no Vulkan adapter matches --adapter '" + wanted + "' (adapters: " +
                 (available.empty() ? std::string("none") : available) + ")");
}

}  // namespace

std::unique_ptr<DeviceContext> DeviceContext::create(const DeviceOptions& options) {
    std::unique_ptr<DeviceContext> context(new DeviceContext());
    VKDML_DEVICE_DESC desc{};
    desc.Flags = options.debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE;
    desc.AdapterIndex = chooseAdapter(options.adapter);
    desc.MessageCallback = onMessage;
    desc.MessageUserData = &context->log_;
    const HRESULT hr = vkdmlCreateDevice(&desc, &context->device_);
    if (FAILED(hr)) {
        const std::string message = context->log_.lastError();
        context->device_ = nullptr;
        runtimeError("cannot create a vkdml device: " + hresultName(hr) + (message.empty() ? "" : ": " + message));
    }
    if (FAILED(vkdmlGetAdapterInfo(context->device_, &context->adapter_)))
        std::snprintf(context->adapter_.Name, sizeof(context->adapter_.Name), "(unknown adapter)");
    return context;
}

DeviceContext::~DeviceContext() {
    if (device_) vkdmlRelease(device_);
}

// ---------------------------------------------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------------------------------------------

namespace {

// One vkdml reference, released at scope exit.
template <class Handle>
class Owned {
public:
    Owned() = default;
    Owned(const Owned&) = delete;
    Owned& operator=(const Owned&) = delete;
    Owned(Owned&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
    Owned& operator=(Owned&& other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Owned() {
        if (handle_) vkdmlRelease(handle_);
    }
    Handle get() const { return handle_; }
    Handle* put() { return &handle_; }

private:
    Handle handle_ = nullptr;
};

enum class Stage { Creation, Execution };

struct PreparedDispatchable {
    Owned<VkdmlOperator> op;
    Owned<VkdmlCompiledOperator> compiled;
    DML_BINDING_PROPERTIES properties{};
    Owned<VkdmlBuffer> persistent;
    Owned<VkdmlBuffer> temporary;
};

struct PreparedDispatch {
    Owned<VkdmlBindingTable> table;
    Owned<VkdmlCommandList> list;
};

class Executor {
public:
    Executor(const Model& model, DeviceContext& device, const ExecutionOptions& options, std::ostream& out)
        : model_(model), context_(device), device_(device.device()), options_(options), out_(out) {}

    void run() {
        context_.log().resetValidation();
        createDispatchables();
        createResources();
        // Every check vkdml makes on descs and bindings happens before any GPU work: binding, then recording (which
        // checks aliasing between bound ranges). Operators with persistent resources must be initialized before they
        // are recorded, so models with such operators record after initialization.
        bindDispatches();
        bool anyPersistent = false;
        for (const PreparedDispatchable& p : prepared_) anyPersistent = anyPersistent || p.persistent.get();
        if (!anyPersistent) recordDispatches();
        uploadResources();  // before initialization, which reads the OWNED_BY_DML inputs' data
        initializeDispatchables();
        if (anyPersistent) recordDispatches();
        for (size_t i = 0; i < model_.commands.size(); ++i) runCommand(i);
        out_.flush();
        const size_t validationErrors = context_.log().validationErrorCount();
        if (validationErrors > 0)
            runtimeError(std::to_string(validationErrors) +
                         " Vulkan validation error(s) were reported (see the messages above)");
    }

private:
    // Calls a vkdml function; on failure throws with vkdml's explanation. During creation (descs, bindings),
    // E_INVALIDARG means the model is invalid (exit 2) and E_NOTIMPL / DXGI_ERROR_UNSUPPORTED that vkdml cannot run
    // it (exit 3); anything else, or any failure while running, is a runtime failure (exit 1).
    template <class F>
    void call(const std::string& where, const char* function, Stage stage, F&& f) {
        context_.log().clearErrors();
        const HRESULT hr = f();
        if (SUCCEEDED(hr)) return;
        const std::string message = context_.log().lastError();
        int exitCode = kExitRuntime;
        if (stage == Stage::Creation && hr == E_INVALIDARG) exitCode = kExitModel;
        if (stage == Stage::Creation && (hr == E_NOTIMPL || hr == DXGI_ERROR_UNSUPPORTED)) exitCode = kExitUnsupported;
        throw DispatchError(exitCode, where + ": " + function + " failed with " + hresultName(hr) +
                                          (message.empty() ? "" : ": " + message));
    }

    Owned<VkdmlBuffer> createBuffer(VKDML_HEAP_TYPE heap, uint64_t size, const std::string& where) {
        Owned<VkdmlBuffer> buffer;
        call(where, "vkdmlCreateBuffer", Stage::Execution,
             [&] { return vkdmlCreateBuffer(device_, heap, size, buffer.put()); });
        return buffer;
    }

    // Executes one command list and waits for it.
    void submit(VkdmlCommandList list, const std::string& where) {
        UINT64 done = 0;
        call(where, "vkdmlExecuteCommandLists", Stage::Execution,
             [&] { return vkdmlExecuteCommandLists(device_, 1, &list, &done); });
        call(where, "vkdmlWaitForCompletion", Stage::Execution,
             [&] { return vkdmlWaitForCompletion(device_, done, UINT64_MAX); });
    }

    template <class Record>
    void recordAndSubmit(const std::string& where, Record&& record) {
        Owned<VkdmlCommandList> list;
        call(where, "vkdmlCreateCommandList", Stage::Execution,
             [&] { return vkdmlCreateCommandList(device_, list.put()); });
        record(list.get());
        call(where, "vkdmlCloseCommandList", Stage::Execution, [&] { return vkdmlCloseCommandList(list.get()); });
        submit(list.get(), where);
    }

    void createDispatchables() {
        prepared_.resize(model_.dispatchables.size());
        for (size_t i = 0; i < model_.dispatchables.size(); ++i) {
            const DispatchableDesc& d = model_.dispatchables[i];
            PreparedDispatchable& p = prepared_[i];
            const std::string where = d.path.str();
            if (d.isGraph) {
                compileGraph(d, p);
            } else {
                call(where, "vkdmlCreateOperator", Stage::Creation,
                     [&] { return vkdmlCreateOperator(device_, d.op.desc, p.op.put()); });
                vkdmlSetName(p.op.get(), d.name.c_str());
                call(where, "vkdmlCompileOperator", Stage::Creation,
                     [&] { return vkdmlCompileOperator(device_, p.op.get(), d.executionFlags, p.compiled.put()); });
            }
            vkdmlSetName(p.compiled.get(), d.name.c_str());
            p.properties = vkdmlGetBindingProperties(p.compiled.get());
            if (p.properties.PersistentResourceSize > 0)
                p.persistent = createBuffer(VKDML_HEAP_TYPE_DEFAULT, p.properties.PersistentResourceSize, where);
            if (p.properties.TemporaryResourceSize > 0)
                p.temporary = createBuffer(VKDML_HEAP_TYPE_DEFAULT, p.properties.TemporaryResourceSize, where);
        }
    }

    // A graph: one operator per operator node (released once compiled: vkdmlCompileGraph keeps no reference).
    void compileGraph(const DispatchableDesc& d, PreparedDispatchable& p) {
        std::vector<Owned<VkdmlOperator>> owned(d.graph.nodes.size());
        std::vector<VkdmlOperator> operators(d.graph.nodes.size(), nullptr);
        for (size_t i = 0; i < d.graph.nodes.size(); ++i) {
            const GraphNodeSpec& node = d.graph.nodes[i];
            if (!node.spec) continue;
            call(node.path.str(), "vkdmlCreateOperator", Stage::Creation,
                 [&] { return vkdmlCreateOperator(device_, node.op.desc, owned[i].put()); });
            vkdmlSetName(owned[i].get(), node.name.c_str());
            operators[i] = owned[i].get();
        }
        GraphDescStorage storage;
        assembleGraphDesc(d.graph, operators, storage);
        call(d.path.str(), "vkdmlCompileGraph", Stage::Creation,
             [&] { return vkdmlCompileGraph(device_, &storage.desc, d.executionFlags, p.compiled.put()); });
    }

    void createResources() {
        for (const ResourceDesc& r : model_.resources) {
            buffers_.push_back(createBuffer(VKDML_HEAP_TYPE_DEFAULT, r.sizeInBytes, r.path.str()));
            vkdmlSetName(buffers_.back().get(), r.name.c_str());
        }
    }

    DML_BUFFER_BINDING bufferBinding(const BindingSource& source) const {
        const ResourceDesc& r = model_.resources[source.resource];
        return {buffers_[source.resource].get(), source.offsetBytes, r.sizeInBytes - source.offsetBytes};
    }

    // Binding tables for every dispatch command, before anything runs: vkdml checks the bindings here.
    void bindDispatches() {
        for (const Command& command : model_.commands) {
            const auto* dispatch = std::get_if<DispatchCommand>(&command.value);
            if (!dispatch) continue;
            PreparedDispatchable& p = prepared_[dispatch->dispatchable];
            PreparedDispatch prepared;
            const std::string where = command.path.key("bindings").str();
            call(where, "vkdmlCreateBindingTable", Stage::Creation,
                 [&] { return vkdmlCreateBindingTable(device_, p.compiled.get(), prepared.table.put()); });
            auto bindAll = [&](const std::vector<std::optional<BindingSource>>& sources, bool inputs) {
                std::vector<DML_BUFFER_BINDING> buffers(sources.size());
                std::vector<DML_BINDING_DESC> descs(sources.size());
                for (size_t i = 0; i < sources.size(); ++i) {
                    if (sources[i]) {
                        buffers[i] = bufferBinding(*sources[i]);
                        descs[i] = {DML_BINDING_TYPE_BUFFER, &buffers[i]};
                    } else {
                        descs[i] = {DML_BINDING_TYPE_NONE, nullptr};
                    }
                }
                const auto count = static_cast<UINT>(descs.size());
                if (inputs)
                    call(where, "vkdmlBindInputs", Stage::Creation,
                         [&] { return vkdmlBindInputs(prepared.table.get(), count, descs.data()); });
                else
                    call(where, "vkdmlBindOutputs", Stage::Creation,
                         [&] { return vkdmlBindOutputs(prepared.table.get(), count, descs.data()); });
            };
            bindAll(dispatch->inputs, true);
            bindAll(dispatch->outputs, false);
            if (p.temporary.get()) {
                DML_BUFFER_BINDING buffer{p.temporary.get(), 0, p.properties.TemporaryResourceSize};
                DML_BINDING_DESC desc{DML_BINDING_TYPE_BUFFER, &buffer};
                call(where, "vkdmlBindTemporaryResource", Stage::Creation,
                     [&] { return vkdmlBindTemporaryResource(prepared.table.get(), &desc); });
            }
            if (p.persistent.get()) {
                DML_BUFFER_BINDING buffer{p.persistent.get(), 0, p.properties.PersistentResourceSize};
                DML_BINDING_DESC desc{DML_BINDING_TYPE_BUFFER, &buffer};
                call(where, "vkdmlBindPersistentResource", Stage::Creation,
                     [&] { return vkdmlBindPersistentResource(prepared.table.get(), &desc); });
            }
            dispatches_.push_back(std::move(prepared));
        }
    }

    // One initializer for all compiled operators, as in DirectML's samples.
    void initializeDispatchables() {
        if (prepared_.empty()) return;
        const std::string where = "$.dispatchables";
        std::vector<VkdmlCompiledOperator> compiled;
        bool anyPersistent = false;
        for (const PreparedDispatchable& p : prepared_) {
            compiled.push_back(p.compiled.get());
            anyPersistent = anyPersistent || p.persistent.get();
        }
        Owned<VkdmlOperatorInitializer> initializer;
        call(where, "vkdmlCreateOperatorInitializer", Stage::Creation, [&] {
            return vkdmlCreateOperatorInitializer(device_, static_cast<UINT>(compiled.size()), compiled.data(),
                                                  initializer.put());
        });
        const DML_BINDING_PROPERTIES properties = vkdmlGetBindingProperties(initializer.get());
        Owned<VkdmlBindingTable> table;
        call(where, "vkdmlCreateBindingTable", Stage::Execution,
             [&] { return vkdmlCreateBindingTable(device_, initializer.get(), table.put()); });
        Owned<VkdmlBuffer> temporary;
        if (properties.TemporaryResourceSize > 0) {
            temporary = createBuffer(VKDML_HEAP_TYPE_DEFAULT, properties.TemporaryResourceSize, where);
            DML_BUFFER_BINDING buffer{temporary.get(), 0, properties.TemporaryResourceSize};
            DML_BINDING_DESC desc{DML_BINDING_TYPE_BUFFER, &buffer};
            call(where, "vkdmlBindTemporaryResource", Stage::Execution,
                 [&] { return vkdmlBindTemporaryResource(table.get(), &desc); });
        }
        // OWNED_BY_DML inputs: one BUFFER_ARRAY per compiled operator (an entry per graph input or operator input
        // slot, empty for the ones not owned), or NONE for those without owned inputs; nothing at all when none owns
        // an input.
        std::vector<std::vector<DML_BUFFER_BINDING>> ownedEntries(prepared_.size());
        std::vector<DML_BUFFER_ARRAY_BINDING> ownedArrays(prepared_.size());
        std::vector<DML_BINDING_DESC> ownedDescs(prepared_.size(), DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr});
        bool anyOwned = false;
        for (size_t i = 0; i < prepared_.size(); ++i) {
            const DispatchableDesc& d = model_.dispatchables[i];
            bool owns = false;
            for (const auto& source : d.initInputs) owns = owns || source.has_value();
            if (!owns) continue;
            anyOwned = true;
            for (const auto& source : d.initInputs)
                ownedEntries[i].push_back(source ? bufferBinding(*source) : DML_BUFFER_BINDING{nullptr, 0, 0});
            ownedArrays[i] = {static_cast<UINT>(ownedEntries[i].size()), ownedEntries[i].data()};
            ownedDescs[i] = {DML_BINDING_TYPE_BUFFER_ARRAY, &ownedArrays[i]};
        }
        if (anyOwned)
            call(where, "vkdmlBindInputs", Stage::Creation, [&] {
                return vkdmlBindInputs(table.get(), static_cast<UINT>(ownedDescs.size()), ownedDescs.data());
            });
        if (anyPersistent) {
            std::vector<DML_BUFFER_BINDING> buffers(prepared_.size());
            std::vector<DML_BINDING_DESC> descs(prepared_.size());
            for (size_t i = 0; i < prepared_.size(); ++i) {
                if (prepared_[i].persistent.get()) {
                    buffers[i] = {prepared_[i].persistent.get(), 0, prepared_[i].properties.PersistentResourceSize};
                    descs[i] = {DML_BINDING_TYPE_BUFFER, &buffers[i]};
                } else {
                    descs[i] = {DML_BINDING_TYPE_NONE, nullptr};
                }
            }
            call(where, "vkdmlBindOutputs", Stage::Execution, [&] {
                return vkdmlBindOutputs(table.get(), static_cast<UINT>(descs.size()), descs.data());
            });
        }
        recordAndSubmit(where, [&](VkdmlCommandList list) {
            call(where, "vkdmlRecordDispatch", Stage::Execution,
                 [&] { return vkdmlRecordDispatch(list, initializer.get(), table.get()); });
        });
    }

    void uploadResources() {
        if (model_.resources.empty()) return;
        std::vector<Owned<VkdmlBuffer>> uploads;
        for (const ResourceDesc& r : model_.resources) {
            Owned<VkdmlBuffer> upload = createBuffer(VKDML_HEAP_TYPE_UPLOAD, r.sizeInBytes, r.path.str());
            void* mapped = nullptr;
            call(r.path.str(), "vkdmlMapBuffer", Stage::Execution, [&] { return vkdmlMapBuffer(upload.get(), &mapped); });
            std::memset(mapped, 0, static_cast<size_t>(r.sizeInBytes));
            std::memcpy(static_cast<uint8_t*>(mapped) + r.initialValuesOffsetInBytes, r.initialValues.data(),
                        r.initialValues.size());
            vkdmlUnmapBuffer(upload.get());
            uploads.push_back(std::move(upload));
        }
        recordAndSubmit("$.resources", [&](VkdmlCommandList list) {
            for (size_t i = 0; i < model_.resources.size(); ++i)
                call(model_.resources[i].path.str(), "vkdmlRecordCopyBufferRegion", Stage::Execution, [&] {
                    return vkdmlRecordCopyBufferRegion(list, buffers_[i].get(), 0, uploads[i].get(), 0,
                                                       model_.resources[i].sizeInBytes);
                });
        });
    }

    // One closed command list per dispatch command, executed once per iteration.
    void recordDispatches() {
        size_t next = 0;
        for (const Command& command : model_.commands) {
            const auto* dispatch = std::get_if<DispatchCommand>(&command.value);
            if (!dispatch) continue;
            PreparedDispatch& prepared = dispatches_[next++];
            const std::string where = command.path.key("bindings").str();
            call(where, "vkdmlCreateCommandList", Stage::Execution,
                 [&] { return vkdmlCreateCommandList(device_, prepared.list.put()); });
            // Recording checks the bound ranges against each other: E_INVALIDARG here is an invalid model.
            call(where, "vkdmlRecordDispatch", Stage::Creation, [&] {
                return vkdmlRecordDispatch(prepared.list.get(), prepared_[dispatch->dispatchable].compiled.get(),
                                           prepared.table.get());
            });
            call(where, "vkdmlCloseCommandList", Stage::Execution,
                 [&] { return vkdmlCloseCommandList(prepared.list.get()); });
        }
    }

    std::vector<uint8_t> download(size_t resource, const std::string& where) {
        const ResourceDesc& r = model_.resources[resource];
        Owned<VkdmlBuffer> readback = createBuffer(VKDML_HEAP_TYPE_READBACK, r.sizeInBytes, where);
        recordAndSubmit(where, [&](VkdmlCommandList list) {
            call(where, "vkdmlRecordCopyBufferRegion", Stage::Execution, [&] {
                return vkdmlRecordCopyBufferRegion(list, readback.get(), 0, buffers_[resource].get(), 0, r.sizeInBytes);
            });
        });
        void* mapped = nullptr;
        call(where, "vkdmlMapBuffer", Stage::Execution, [&] { return vkdmlMapBuffer(readback.get(), &mapped); });
        std::vector<uint8_t> bytes(static_cast<const uint8_t*>(mapped),
                                   static_cast<const uint8_t*>(mapped) + r.sizeInBytes);
        vkdmlUnmapBuffer(readback.get());
        return bytes;
    }

    void runCommand(size_t index) {
        const Command& command = model_.commands[index];
        const std::string where = command.path.str();
        if (std::holds_alternative<DispatchCommand>(command.value)) {
            const auto& dispatch = std::get<DispatchCommand>(command.value);
            runDispatch(model_.dispatchables[dispatch.dispatchable].name, dispatches_[nextDispatch_++], where);
        } else if (const auto* print = std::get_if<PrintCommand>(&command.value)) {
            const ResourceDesc& r = model_.resources[print->resource];
            const std::vector<uint8_t> bytes = download(print->resource, where);
            // As DxDispatch: as many elements as the initial values hold (not the 4-byte padding).
            const size_t count = r.initialValues.size() / dataTypeSize(r.dataType);
            out_ << formatResource(r.name, r.dataType, bytes.data(), count, print->verbose) << '\n';
        } else {
            writeFile(std::get<WriteFileCommand>(command.value), where);
        }
    }

    void runDispatch(const std::string& name, PreparedDispatch& prepared, const std::string& where) {
        std::vector<double> samples;
        for (uint32_t i = 0; i < options_.iterations; ++i) {
            const auto start = std::chrono::steady_clock::now();
            submit(prepared.list.get(), where);
            const auto end = std::chrono::steady_clock::now();
            samples.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        }
        // Like DxDispatch, the first of several iterations is a warm-up and not part of the statistics.
        if (samples.size() > 1) samples.erase(samples.begin());
        std::sort(samples.begin(), samples.end());
        char line[256];
        std::snprintf(line, sizeof(line), ": %u iterations, %.4f ms min, %.4f ms median, %.4f ms max (execute+wait)",
                      options_.iterations, samples.front(), samples[samples.size() / 2], samples.back());
        out_ << "Dispatch '" << name << "'" << line << '\n';
    }

    void writeFile(const WriteFileCommand& write, const std::string& where) {
        const ResourceDesc& r = model_.resources[write.resource];
        std::filesystem::path target(write.targetPath);
        if (target.is_relative()) target = options_.outputDirectory / target;
        std::error_code ec;
        target = std::filesystem::absolute(target, ec);
        if (ec) runtimeError(where + ": cannot resolve '" + write.targetPath + "': " + ec.message());
        if (target.has_parent_path()) {
            std::filesystem::create_directories(target.parent_path(), ec);
            if (ec) runtimeError(where + ": cannot create '" + target.parent_path().string() + "': " + ec.message());
        }
        const std::vector<uint8_t> bytes = download(write.resource, where);
        std::vector<uint8_t> file;
        std::string ext = target.extension().string();
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (ext == ".npy") {
            const uint32_t size = dataTypeSize(r.dataType);
            std::vector<uint64_t> shape(write.dimensions.begin(), write.dimensions.end());
            if (shape.empty()) shape.push_back(r.sizeInBytes / size);
            uint64_t elements = 1;
            for (const uint64_t d : shape) elements *= d;
            file = writeNpy(r.dataType, shape, bytes.data(), static_cast<size_t>(elements * size));
        } else {
            file = bytes;
        }
        std::ofstream stream(target, std::ios::binary | std::ios::trunc);
        if (!stream) runtimeError(where + ": cannot open '" + target.string() + "' for writing");
        stream.write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
        stream.close();
        if (!stream) runtimeError(where + ": cannot write '" + target.string() + "'");
        out_ << "Resource '" << r.name << "' written to '" << target.string() << "'\n";
    }

    const Model& model_;
    DeviceContext& context_;
    VkdmlDevice device_;
    const ExecutionOptions& options_;
    std::ostream& out_;
    std::vector<PreparedDispatchable> prepared_;  // per dispatchable
    std::vector<Owned<VkdmlBuffer>> buffers_;     // per resource
    std::vector<PreparedDispatch> dispatches_;    // per dispatch command, in order
    size_t nextDispatch_ = 0;
};

}  // namespace

void executeModel(const Model& model, DeviceContext& device, const ExecutionOptions& options, std::ostream& out) {
    Executor(model, device, options, out).run();
}

}  // namespace vkdml::dispatch
