#include "runner_backend.h"

#include <cstdlib>

#include "one_node_graph.h"
#include "op_runner.h"

namespace vkdml::test {

bool throughCom() {
    static const bool on = [] {
        const char* v = std::getenv("VKDML_TEST_THROUGH_COM");
        return v != nullptr && v[0] != '\0' && std::string(v) != "0";
    }();
    return on;
}

namespace {

struct RunnerCompiled {
    Owned<VkdmlDispatchable> compiled;
    std::vector<bool> present;  // per operator input slot: a tensor is there (false: an absent optional tensor)
    bool graph = false;
    const char* call = "vkdmlCompileOperator";  // the compile call made, for messages
};

// Compiles `op` (input slots as in `present`, `outputs` output slots) the way throughGraph() says.
HRESULT compileForRunner(VkdmlDevice device, VkdmlOperator op, DML_EXECUTION_FLAGS flags, std::vector<bool> present,
                         RunnerCompiled& out, uint32_t outputs) {
    out.present = std::move(present);
    out.graph = throughGraph();
    if (!out.graph) {
        out.call = "vkdmlCompileOperator";
        return vkdmlCompileOperator(device, op, flags, out.compiled.put());
    }
    out.call = "vkdmlCompileGraph";
    const OneNodeGraph graph(op, out.present, outputs);
    return vkdmlCompileGraph(device, &graph.desc, flags, out.compiled.put());
}

// Binds the execution inputs given per operator input slot (DML_BINDING_TYPE_NONE in absent slots): as they are for
// an operator; for a graph the present slots only, in order (graph input g = the g-th present slot).
HRESULT bindRunnerInputs(const RunnerCompiled& c, VkdmlBindingTable table, const std::vector<DML_BINDING_DESC>& slots) {
    REQUIRE(slots.size() == c.present.size());
    if (!c.graph) return vkdmlBindInputs(table, static_cast<UINT>(slots.size()), slots.data());
    std::vector<DML_BINDING_DESC> graphInputs;
    for (size_t k = 0; k < slots.size(); ++k)
        if (c.present[k]) graphInputs.push_back(slots[k]);
    return vkdmlBindInputs(table, static_cast<UINT>(graphInputs.size()), graphInputs.empty() ? nullptr : graphInputs.data());
}

// The C API: vkdmlCompileOperator or a one-node vkdmlCompileGraph, vkdml binding tables, one command list.
class CRunnerBackend final : public RunnerBackend {
public:
    explicit CRunnerBackend(TestDevice& device) : device_(device) {}

    HRESULT compile(VkdmlOperator op, DML_EXECUTION_FLAGS flags, const std::vector<bool>& present,
                    uint32_t outputs) override {
        HRESULT hr = compileForRunner(device_, op, flags, present, compiled_, outputs);
        if (hr != S_OK) return failed(hr, compiled_.call);
        VkdmlDispatchable targets[] = {compiled_.compiled};
        hr = vkdmlCreateOperatorInitializer(device_, 1, targets, init_.put());
        return failed(hr, "vkdmlCreateOperatorInitializer");
    }
    bool graph() const override { return throughGraph(); }
    DML_BINDING_PROPERTIES properties() const override { return vkdmlGetBindingProperties(compiled_.compiled); }
    DML_BINDING_PROPERTIES initializerProperties() const override { return vkdmlGetBindingProperties(init_); }

    size_t createBuffer(const std::vector<uint8_t>& image) override {
        buffers_.emplace_back();
        sizes_.push_back(image.size());
        REQUIRE(vkdmlCreateBuffer(device_, VKDML_HEAP_TYPE_DEFAULT, image.size(), buffers_.back().put()) == S_OK);
        device_.upload(buffers_.back(), 0, image.data(), image.size());
        return buffers_.size() - 1;
    }

    HRESULT execute(const std::vector<RunnerRange>& inputs, const std::vector<RunnerRange>& outputs) override {
        HRESULT hr = S_OK;
        Owned<VkdmlBindingTable> initTable, table;
        Owned<VkdmlBuffer> initTemporary, temporary, persistent;
        if ((hr = vkdmlCreateBindingTable(device_, init_, initTable.put())) != S_OK)
            return failed(hr, "vkdmlCreateBindingTable(initializer)");
        if ((hr = bindTemporary(initTable, initializerProperties().TemporaryResourceSize, initTemporary)) != S_OK)
            return failed(hr, "vkdmlBindTemporaryResource(initializer)");
        const DML_BINDING_PROPERTIES props = properties();
        DML_BUFFER_BINDING persistentBinding{nullptr, 0, props.PersistentResourceSize};
        DML_BINDING_DESC persistentDesc{DML_BINDING_TYPE_BUFFER, &persistentBinding};
        if (props.PersistentResourceSize > 0) {
            REQUIRE(vkdmlCreateBuffer(device_, VKDML_HEAP_TYPE_DEFAULT, props.PersistentResourceSize, persistent.put()) ==
                    S_OK);
            persistentBinding.Buffer = persistent.get();
            if ((hr = vkdmlBindOutputs(initTable, 1, &persistentDesc)) != S_OK)
                return failed(hr, "vkdmlBindOutputs(initializer)");
        }
        if ((hr = vkdmlCreateBindingTable(device_, compiled_.compiled, table.put())) != S_OK)
            return failed(hr, "vkdmlCreateBindingTable");
        std::vector<DML_BUFFER_BINDING> inBindings(inputs.size()), outBindings(outputs.size());
        std::vector<DML_BINDING_DESC> inDescs(inputs.size()), outDescs(outputs.size());
        for (size_t i = 0; i < inputs.size(); ++i) {
            inBindings[i] = {buffers_[inputs[i].buffer].get(), inputs[i].offset, inputs[i].bytes};
            inDescs[i] = inputs[i].present ? DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &inBindings[i]}
                                           : DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr};
        }
        for (size_t o = 0; o < outputs.size(); ++o) {
            outBindings[o] = {buffers_[outputs[o].buffer].get(), outputs[o].offset, outputs[o].bytes};
            outDescs[o] = {DML_BINDING_TYPE_BUFFER, &outBindings[o]};
        }
        if ((hr = bindRunnerInputs(compiled_, table, inDescs)) != S_OK) return failed(hr, "vkdmlBindInputs");
        if ((hr = vkdmlBindOutputs(table, UINT(outDescs.size()), outDescs.data())) != S_OK)
            return failed(hr, "vkdmlBindOutputs");
        if ((hr = bindTemporary(table, props.TemporaryResourceSize, temporary)) != S_OK)
            return failed(hr, "vkdmlBindTemporaryResource");
        if ((hr = vkdmlBindPersistentResource(table, props.PersistentResourceSize ? &persistentDesc : nullptr)) != S_OK)
            return failed(hr, "vkdmlBindPersistentResource");
        HRESULT initHr = S_OK, dispatchHr = S_OK;
        device_.run([&](VkdmlCommandList list) {
            initHr = vkdmlRecordDispatch(list, init_, initTable);
            if (initHr == S_OK) dispatchHr = vkdmlRecordDispatch(list, compiled_.compiled, table);
        });
        if (initHr != S_OK) return failed(initHr, "vkdmlRecordDispatch(initializer)");
        return failed(dispatchHr, "vkdmlRecordDispatch");
    }

    std::vector<uint8_t> download(size_t buffer) override {
        return device_.download(buffers_[buffer], 0, sizes_[buffer]);
    }

private:
    HRESULT bindTemporary(VkdmlBindingTable table, uint64_t size, Owned<VkdmlBuffer>& buffer) {
        if (size == 0) return vkdmlBindTemporaryResource(table, nullptr);
        REQUIRE(vkdmlCreateBuffer(device_, VKDML_HEAP_TYPE_DEFAULT, size, buffer.put()) == S_OK);
        DML_BUFFER_BINDING b{buffer.get(), 0, size};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindTemporaryResource(table, &d);
    }

    TestDevice& device_;
    RunnerCompiled compiled_;
    Owned<VkdmlDispatchable> init_;
    std::vector<Owned<VkdmlBuffer>> buffers_;
    std::vector<uint64_t> sizes_;
};

}  // namespace

std::unique_ptr<RunnerBackend> makeRunnerBackend(TestDevice& device) {
    // Devices made with a maximum feature level stay C API devices (D3D12CreateDevice has no such cap).
    if (throughCom() && device.comSession()) return makeComRunnerBackend(device);
    return std::make_unique<CRunnerBackend>(device);
}

}  // namespace vkdml::test
