#include "graph/compiled_graph.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "core/error.h"
#include "core/raw_value.h"
#include "ops/registry.h"

namespace vkdml {

using graph::ValueRef;

namespace {

struct Range {
    std::string name;
    BoundBuffer bound;
    uint64_t bytes;
    bool written;
};

}  // namespace

CompiledGraph::CompiledGraph(Device& device, graph::GraphInfo graph, DML_EXECUTION_FLAGS flags)
    : CompiledDispatchable(device, flags), graph_(std::move(graph)) {
    std::vector<std::optional<kernel::ElementwiseProgram>> programs(graph_.nodes.size());
    for (size_t n = 0; n < graph_.nodes.size(); ++n)  // dead nodes are never run: no program, no kernel
        if (graph_.live[n] && !graph_.nodes[n].constant()) {
            const dml::OperatorInfo& info = graph_.nodes[n].info();
            programs[n] = ops::familyOf(info.schema->type)->fusableProgram(device, info);
        }
    const bool fuse = device.options().fusion;
    const graph::NeighbourCheck accepts = [this](uint32_t n, const ops::FusedNeighbours& neighbours) {
        const dml::OperatorInfo& info = graph_.nodes[n].info();
        return ops::familyOf(info.schema->type)->acceptsNeighbours(info, neighbours);
    };
    for (graph::Step& step : graph::planSteps(graph_, programs, ops::fusedRunTensorLimit(device), fuse, accepts)) {
        StepRun run;
        run.step = std::move(step);
        if (run.step.anchor >= 0) {
            const dml::OperatorInfo& info = graph_.nodes[run.step.anchor].info();
            run.kernel = ops::familyOf(info.schema->type)->compileWithNeighbours(device, info, run.step.neighbours);
            require(run.kernel != nullptr, "internal: " + graph_.nodes[run.step.anchor].name +
                                               "'s family accepted neighbours it cannot compile");
            run.fused = true;
        } else if (run.step.nodes.size() > 1) {
            std::vector<dml::TensorLayout> tensors;
            for (const graph::StepTensor& t : run.step.outputs) tensors.push_back(t.layout);
            for (const graph::StepTensor& t : run.step.inputs) tensors.push_back(t.layout);
            run.kernel = ops::compileFusedProgram(device, tensors, run.step.program);
            run.fused = true;
        } else {
            const graph::GraphNode& node = graph_.nodes[run.step.nodes[0]];
            run.kernel = ops::familyOf(node.info().schema->type)->compile(device, node.info(), flags);
            if (run.kernel->persistentBytes() > 0)
                fail(E_NOTIMPL, node.name + ": an operator that needs persistent memory of its own does not run "
                                            "inside a graph in vkdml yet");
        }
        steps_.push_back(std::move(run));
    }
    placeValues();
    planStepTensors();
}

CompiledGraph::~CompiledGraph() = default;

std::string CompiledGraph::displayName() const {
    return "graph of " + std::to_string(graph_.nodes.size()) + " nodes";
}

size_t CompiledGraph::fusedStepCount() const {
    return static_cast<size_t>(std::count_if(steps_.begin(), steps_.end(), [](const StepRun& s) { return s.fused; }));
}

uint64_t CompiledGraph::ownedInputBytes(uint32_t input) const {
    return graph_.inputOwned[input] && graph_.inputUsed[input] ? graph_.inputBytes[input] : 0;
}

bool CompiledGraph::ownedInputUnread(uint32_t input) const {
    // A graph input with no edge has no tensor desc, so no OWNED_BY_DML flag either way: like one only dead nodes
    // read, the initializer takes NONE or any valid buffer for it (docs/SEMANTICS.md, execution bindings).
    return !graph_.inputEdged[input] || (graph_.inputOwned[input] && !graph_.inputUsed[input]);
}

// Homes: graph outputs for values that leave the graph, the persistent resource for owned inputs and constants, the
// temporary resource for values read by a later step, placed first-fit among the values whose lifetimes (first to
// last step that touches them, inclusive) overlap. An output a single step writes but nothing reads (a multi-output
// operator's unconnected output) takes temporary space for that step alone, as does a kernel's own scratch memory.
void CompiledGraph::placeValues() {
    const uint32_t valueCount = graph_.valueCount();
    valueHomes_.assign(valueCount, Home{});
    inputHomes_.assign(graph_.inputCount, Home{});
    inputAlignment_.assign(graph_.inputCount, DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT);
    std::vector<int64_t> producedAt(valueCount, -1), lastUse(valueCount, -1);
    for (size_t s = 0; s < steps_.size(); ++s)
        for (uint32_t n : steps_[s].step.nodes)
            for (uint32_t v = graph_.firstValue[n]; v < graph_.firstValue[n + 1]; ++v)
                producedAt[v] = static_cast<int64_t>(s);
    for (size_t s = 0; s < steps_.size(); ++s)
        for (uint32_t n : steps_[s].step.nodes) {
            const graph::GraphNode& node = graph_.nodes[n];
            for (size_t k = 0; k < node.inputs.size(); ++k) {
                const ValueRef& in = node.inputs[k];
                if (in.kind == ValueRef::Kind::None) continue;  // an absent optional tensor
                if (in.kind == ValueRef::Kind::GraphInput) {
                    inputAlignment_[in.index] = std::max(
                        inputAlignment_[in.index], node.info().slotInput(static_cast<uint32_t>(k))->baseAlignment);
                    continue;
                }
                const uint32_t v = graph_.valueId(in);
                if (producedAt[v] != static_cast<int64_t>(s) || graph_.nodes[in.index].constant())
                    lastUse[v] = std::max(lastUse[v], static_cast<int64_t>(s));
            }
        }
    for (uint32_t g = 0; g < graph_.inputCount; ++g) {
        if (!graph_.inputOwned[g] || !graph_.inputUsed[g]) {
            inputHomes_[g] = {Home::Where::GraphInput, g, 0, graph_.inputBytes[g]};
            continue;
        }
        inputHomes_[g] = {Home::Where::Persistent, g, persistentBytes_, graph_.inputBytes[g]};
        persistentBytes_ += alignUp(graph_.inputBytes[g], kResourceAlignment);
    }
    for (uint32_t g = static_cast<uint32_t>(graph_.outputs.size()); g-- > 0;) {  // ends at the first one
        const ValueRef& from = graph_.outputs[g];
        valueHomes_[graph_.valueId(from)] = {Home::Where::GraphOutput, g, 0,
                                             graph::outputLayout(graph_, from.index, from.slot).totalBytes};
    }
    for (const StepRun& run : steps_)
        if (!run.fused)
            for (uint32_t v = graph_.firstValue[run.step.nodes[0]]; v < graph_.firstValue[run.step.nodes[0] + 1]; ++v)
                if (lastUse[v] < 0 && valueHomes_[v].where == Home::Where::None) lastUse[v] = producedAt[v];
    struct Placed { int64_t first, last; uint64_t offset, bytes; };
    std::vector<Placed> placed;
    // First fit among the placed ranges whose steps overlap [first, last].
    auto place = [&](int64_t first, int64_t last, uint64_t valueBytes) {
        const uint64_t bytes = alignUp(valueBytes, kResourceAlignment);
        uint64_t offset = 0;
        for (bool moved = true; moved;) {
            moved = false;
            for (const Placed& p : placed)
                if (p.first <= last && first <= p.last && offset < p.offset + p.bytes && p.offset < offset + bytes) {
                    offset = p.offset + p.bytes;
                    moved = true;
                }
        }
        placed.push_back({first, last, offset, bytes});
        temporaryBytes_ = std::max(temporaryBytes_, offset + bytes);
        return Home{Home::Where::Temporary, 0, offset, valueBytes};
    };
    for (uint32_t n = 0; n < graph_.nodes.size(); ++n) {
        const graph::GraphNode& node = graph_.nodes[n];
        if (node.constant()) {
            const ValueRef value{ValueRef::Kind::NodeOutput, n, 0};
            if (lastUse[graph_.valueId(value)] < 0) continue;
            uint64_t bytes = node.data.size();
            for (uint32_t c = 0; c < graph_.nodes.size(); ++c)
                if (graph_.live[c])
                    for (size_t k = 0; k < graph_.nodes[c].inputs.size(); ++k)
                        if (graph_.nodes[c].inputs[k] == value)
                            bytes = std::max(bytes,
                                             graph_.nodes[c].info().slotInput(static_cast<uint32_t>(k))->totalBytes);
            bytes = alignUp(bytes, 4);
            valueHomes_[graph_.valueId(value)] = {Home::Where::Persistent, 0, persistentBytes_, bytes};
            persistentBytes_ += alignUp(bytes, kResourceAlignment);
            continue;
        }
        for (uint32_t slot = 0; slot < graph_.outputCountOf(n); ++slot) {
            const uint32_t v = graph_.firstValue[n] + slot;
            if (valueHomes_[v].where != Home::Where::None || lastUse[v] < 0 || producedAt[v] < 0) continue;
            valueHomes_[v] = place(producedAt[v], lastUse[v], node.info().outputs[slot].totalBytes);
        }
    }
    for (size_t s = 0; s < steps_.size(); ++s)
        if (const uint64_t bytes = steps_[s].kernel->temporaryBytes())
            steps_[s].scratch = place(static_cast<int64_t>(s), static_cast<int64_t>(s), bytes);
}

// Every tensor of every step gets its home now, so that recording only looks them up. A tensor without one is a
// defect of the planner, reported here, at compile time.
void CompiledGraph::planStepTensors() {
    for (StepRun& run : steps_) {
        const graph::Step& step = run.step;
        if (run.fused) {
            for (size_t o = 0; o < step.outputs.size(); ++o) {
                const int64_t g = step.outputGraphIndex[o];
                run.tensors.push_back(g >= 0 ? Home{Home::Where::GraphOutput, static_cast<uint32_t>(g), 0,
                                                    step.outputs[o].layout.totalBytes}
                                             : homeOf(step.outputs[o].value));
            }
            // An anchored step writes its value once: to its home, then copies to the graph outputs it also feeds.
            if (step.anchor >= 0) {
                const ValueRef& value = step.outputs[0].value;
                const Home& home = run.tensors[0];
                const uint64_t bytes = step.outputs[0].layout.totalBytes;
                for (uint32_t g = 0; g < graph_.outputs.size(); ++g)
                    if (graph_.outputs[g] == value && !(home.where == Home::Where::GraphOutput && home.index == g))
                        run.copies.push_back({home, {Home::Where::GraphOutput, g, 0, bytes}, bytes});
            }
            for (const graph::StepTensor& t : step.inputs) run.tensors.push_back(homeOf(t.value));
        } else {
            const uint32_t n = step.nodes[0];
            const graph::GraphNode& node = graph_.nodes[n];
            for (const ValueRef& in : node.inputs)
                if (in.kind != ValueRef::Kind::None) run.tensors.push_back(homeOf(in));
            run.singleInputs = static_cast<uint32_t>(run.tensors.size());
            for (uint32_t slot = 0; slot < graph_.outputCountOf(n); ++slot) {
                const ValueRef value{ValueRef::Kind::NodeOutput, n, slot};
                const Home home = homeOf(value);
                const uint64_t bytes = node.info().outputs[slot].totalBytes;
                run.tensors.push_back(home);
                for (uint32_t g = 0; g < graph_.outputs.size(); ++g)
                    if (graph_.outputs[g] == value && !(home.where == Home::Where::GraphOutput && home.index == g))
                        run.copies.push_back({home, {Home::Where::GraphOutput, g, 0, bytes}, bytes});
            }
        }
        for (const Home& home : run.tensors)
            if (home.where == Home::Where::None)
                fail(E_FAIL, "internal: a value of " + graph_.nodes[step.nodes[0]].name + "'s step has no home");
    }
}

DML_BINDING_PROPERTIES CompiledGraph::bindingProperties() const {
    DML_BINDING_PROPERTIES props{};
    props.RequiredDescriptorCount = static_cast<UINT>(graph_.inputCount + graph_.outputs.size());
    props.TemporaryResourceSize = temporaryBytes_;
    props.PersistentResourceSize = persistentBytes_;
    return props;
}

std::vector<BindingSlot> CompiledGraph::readInputBindings(UINT count, const DML_BINDING_DESC* bindings) const {
    require(count == graph_.inputCount, "inputs: bindingCount = " + std::to_string(count) + ", but the graph has " +
                                            std::to_string(graph_.inputCount) + " inputs (DML_GRAPH_DESC.InputCount)");
    require(count == 0 || bindings != nullptr, "inputs: bindings is NULL");
    std::vector<BindingSlot> slots(count);
    for (UINT g = 0; g < count; ++g) {
        const std::string where = "inputs[" + std::to_string(g) + "]";
        const uint32_t type = rawValue(bindings[g].Type);
        const auto* buffer = type == DML_BINDING_TYPE_BUFFER ? static_cast<const DML_BUFFER_BINDING*>(bindings[g].Desc)
                                                             : nullptr;
        const bool empty = type == DML_BINDING_TYPE_NONE || (buffer != nullptr && buffer->Buffer == nullptr);
        require(empty || type == DML_BINDING_TYPE_BUFFER, where + ": Type = " + std::to_string(type) +
                                                              ", expected DML_BINDING_TYPE_BUFFER or NONE");
        require(empty || buffer != nullptr, where + ": Desc is NULL");
        if (graph_.inputOwned[g] && graph_.inputUsed[g]) {
            require(empty, where + ": the graph input is DML_TENSOR_FLAG_OWNED_BY_DML (bound at initialization); "
                                   "bind DML_BINDING_TYPE_NONE here");
            continue;
        }
        if (!graph_.inputUsed[g] && empty) continue;
        require(!empty, where + ": the graph reads this input; a DML_BINDING_TYPE_BUFFER binding is required");
        BoundBuffer bound = readBufferBinding(*device_, *buffer, inputAlignment_[g], where);
        require(bound.size >= graph_.inputBytes[g], where + ".SizeInBytes = " + std::to_string(bound.size) +
                                                        " is less than the " + std::to_string(graph_.inputBytes[g]) +
                                                        " bytes (TotalTensorSizeInBytes) the graph reads");
        slots[g].type = DML_BINDING_TYPE_BUFFER;
        slots[g].buffers.push_back(bound);
    }
    return slots;
}

std::vector<BindingSlot> CompiledGraph::readOutputBindings(UINT count, const DML_BINDING_DESC* bindings) const {
    require(count == graph_.outputs.size(), "outputs: bindingCount = " + std::to_string(count) +
                                                ", but the graph has " + std::to_string(graph_.outputs.size()) +
                                                " outputs (DML_GRAPH_DESC.OutputCount)");
    require(bindings != nullptr, "outputs: bindings is NULL");
    std::vector<BindingSlot> slots(count);
    for (UINT g = 0; g < count; ++g) {
        const std::string where = "outputs[" + std::to_string(g) + "]";
        const ValueRef& from = graph_.outputs[g];
        const dml::TensorLayout& layout = graph::outputLayout(graph_, from.index, from.slot);
        require(rawValue(bindings[g].Type) == DML_BINDING_TYPE_BUFFER,
                where + ": Type = " + std::to_string(rawValue(bindings[g].Type)) + ", expected DML_BINDING_TYPE_BUFFER");
        require(bindings[g].Desc != nullptr, where + ": Desc is NULL");
        const uint64_t alignment = std::max<uint64_t>(DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT, layout.baseAlignment);
        BoundBuffer bound = readBufferBinding(*device_, *static_cast<const DML_BUFFER_BINDING*>(bindings[g].Desc),
                                              alignment, where);
        require(bound.buffer != nullptr, where + ".Buffer is NULL");
        require(bound.size >= layout.totalBytes, where + ".SizeInBytes = " + std::to_string(bound.size) +
                                                     " is less than the output's TotalTensorSizeInBytes = " +
                                                     std::to_string(layout.totalBytes));
        slots[g].type = DML_BINDING_TYPE_BUFFER;
        slots[g].buffers.push_back(bound);
    }
    return slots;
}

CompiledGraph::Home CompiledGraph::homeOf(const ValueRef& value) const {
    return value.kind == ValueRef::Kind::GraphInput ? inputHomes_[value.index] : valueHomes_[graph_.valueId(value)];
}

BoundBuffer CompiledGraph::resolve(const Home& home, const TableBindings& bindings) const {
    switch (home.where) {
        case Home::Where::GraphInput: return bindings.inputs[home.index].buffers[0];
        case Home::Where::GraphOutput: return bindings.outputs[home.index].buffers[0];
        case Home::Where::Temporary:
            return {bindings.temporary.buffer, bindings.temporary.offset + home.offset, home.bytes};
        case Home::Where::Persistent:
            return {bindings.persistent.buffer, bindings.persistent.offset + home.offset, home.bytes};
        case Home::Where::None: break;
    }
    assert(!"planStepTensors gave every tensor a home");
    return {};
}

void CompiledGraph::checkBindings(const TableBindings& bindings) const {
    require(bindings.inputsBound && bindings.inputs.size() == graph_.inputCount,
            "RecordDispatch: the binding table has no inputs bound for the graph");
    require(bindings.outputsBound && bindings.outputs.size() == graph_.outputs.size(),
            "RecordDispatch: the binding table has no outputs bound for the graph");
    require(temporaryBytes_ == 0 || bindings.temporary.buffer != nullptr,
            "RecordDispatch: the graph needs a temporary resource of " + std::to_string(temporaryBytes_) +
                " bytes (vkdmlBindTemporaryResource)");
    require(persistentBytes_ == 0 || bindings.persistent.buffer != nullptr,
            "RecordDispatch: the graph needs its persistent resource of " + std::to_string(persistentBytes_) +
                " bytes (vkdmlBindPersistentResource)");
    require(persistentBytes_ == 0 || initialized_,
            "RecordDispatch: the graph has a persistent resource; record its initializer first");
    std::vector<Range> ranges;
    for (uint32_t g = 0; g < graph_.outputs.size(); ++g) {
        const ValueRef& from = graph_.outputs[g];
        ranges.push_back({"outputs[" + std::to_string(g) + "]", bindings.outputs[g].buffers[0],
                          graph::outputLayout(graph_, from.index, from.slot).totalBytes, true});
    }
    if (temporaryBytes_ > 0) ranges.push_back({"the temporary resource", bindings.temporary, temporaryBytes_, true});
    for (uint32_t g = 0; g < graph_.inputCount; ++g)
        if (inputHomes_[g].where == Home::Where::GraphInput && graph_.inputUsed[g])
            ranges.push_back({"inputs[" + std::to_string(g) + "]", bindings.inputs[g].buffers[0],
                              graph_.inputBytes[g], false});
    if (persistentBytes_ > 0) ranges.push_back({"the persistent resource", bindings.persistent, persistentBytes_, false});
    for (size_t a = 0; a < ranges.size(); ++a)
        for (size_t b = a + 1; b < ranges.size(); ++b) {
            const Range &x = ranges[a], &y = ranges[b];
            if ((x.written || y.written) && x.bound.buffer == y.bound.buffer &&
                x.bound.offset < y.bound.offset + y.bytes && y.bound.offset < x.bound.offset + x.bytes)
                invalidArg("RecordDispatch: " + x.name + " [" + std::to_string(x.bound.offset) + ", +" +
                           std::to_string(x.bytes) + ") overlaps " + y.name + " [" + std::to_string(y.bound.offset) +
                           ", +" + std::to_string(y.bytes) + "); a graph's outputs and resources must not alias");
        }
}

void CompiledGraph::record(vk::Recording& recording, const TableBindings& bindings) {
    checkBindings(bindings);
    for (const StepRun& run : steps_) {
        std::vector<BoundBuffer> tensors;
        for (const Home& home : run.tensors) tensors.push_back(resolve(home, bindings));
        // Fused: the program's outputs, then its inputs. Single: the node's present inputs in slot order, then
        // every output.
        const size_t outputsFirst = run.fused ? run.step.outputs.size() : 0;
        ops::KernelBuffers buffers;
        for (size_t t = 0; t < tensors.size(); ++t) {
            const bool output = run.fused ? t < outputsFirst : t >= run.singleInputs;
            (output ? buffers.outputs : buffers.inputs).push_back(&tensors[t]);
        }
        if (run.scratch.where == Home::Where::Temporary) buffers.temporary = resolve(run.scratch, bindings);
        run.kernel->record(recording, buffers);
        for (const Copy& copy : run.copies) {
            const BoundBuffer from = resolve(copy.from, bindings), to = resolve(copy.to, bindings);
            recording.copy({from.buffer->handle(), from.offset, copy.bytes}, {to.buffer->handle(), to.offset, copy.bytes});
        }
    }
}

void CompiledGraph::recordInitialization(vk::Recording& recording, const std::vector<BoundBuffer>& owned,
                                         const BoundBuffer& persistent) {
    if (persistentBytes_ == 0) return;
    for (uint32_t g = 0; g < graph_.inputCount; ++g) {
        const Home& home = inputHomes_[g];
        if (home.where != Home::Where::Persistent) continue;
        const BoundBuffer& src = owned[g];
        recording.copy({src.buffer->handle(), src.offset, home.bytes},
                       {persistent.buffer->handle(), persistent.offset + home.offset, home.bytes});
    }
    for (uint32_t n = 0; n < graph_.nodes.size(); ++n) {
        if (!graph_.nodes[n].constant()) continue;
        const Home& home = valueHomes_[graph_.valueId({ValueRef::Kind::NodeOutput, n, 0})];
        if (home.where != Home::Where::Persistent) continue;
        std::vector<uint8_t> padded(home.bytes, 0);
        std::memcpy(padded.data(), graph_.nodes[n].data.data(), std::min<size_t>(padded.size(), graph_.nodes[n].data.size()));
        recording.write({persistent.buffer->handle(), persistent.offset + home.offset, home.bytes}, padded.data());
    }
}

}  // namespace vkdml
