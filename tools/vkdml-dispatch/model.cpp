#include "model.h"

#include <cctype>
#include <fstream>
#include <iterator>
#include <sstream>

namespace vkdml::dispatch {

std::optional<size_t> Model::findResource(const std::string& name) const {
    for (size_t i = 0; i < resources.size(); ++i)
        if (resources[i].name == name) return i;
    return std::nullopt;
}

std::optional<size_t> Model::findDispatchable(const std::string& name) const {
    for (size_t i = 0; i < dispatchables.size(); ++i)
        if (dispatchables[i].name == name) return i;
    return std::nullopt;
}

namespace {

std::string bindPointList(const DispatchableDesc& d) {
    std::string list;
    for (const auto* points : {&d.inputs, &d.outputs})
        for (const BindPoint& p : *points) list += (list.empty() ? "" : ", ") + p.name;
    return list;
}

// "DML_OPERATOR_ACTIVATION_CELU" or "DML_GRAPH 'name'".
std::string operatorName(const DispatchableDesc& d) {
    if (!d.spec) return "DML_GRAPH '" + d.name + "'";
    return std::string("DML_OPERATOR_") + operatorTypeName(d.spec->type);
}

// A binding source: "A" or {"name": "A", "elementOffset": 4, ...}. Checks the range the tensor needs.
BindingSource parseSource(const Json& value, const JsonPath& path, const Model& model, const BindPoint& point) {
    std::string name;
    uint64_t elementOffset = 0, elementSize = 0;
    JsonPath offsetPath = path;
    if (value.is_string()) {
        name = value.get<std::string>();
    } else if (value.is_object()) {
        name = readString(requireMember(value, "name", path), path.key("name"));
        if (const Json* offset = findMember(value, "elementOffset")) {
            offsetPath = path.key("elementOffset");
            elementOffset = readUInt64(*offset, offsetPath);
        }
        if (const Json* size = findMember(value, "elementSizeInBytes"))
            elementSize = readUInt64(*size, path.key("elementSizeInBytes"));
        if (const Json* count = findMember(value, "elementCount")) readUInt64(*count, path.key("elementCount"));
    } else {
        modelError(path, "expected a resource name or an object {\"name\", \"elementOffset\"}, got " + describe(value));
    }
    const auto index = model.findResource(name);
    if (!index) modelError(path, "unknown resource '" + name + "'");
    const ResourceDesc& resource = model.resources[*index];
    if (elementSize == 0) elementSize = dataTypeSize(resource.dataType);
    if (elementOffset > 0 && elementSize == 0)
        modelError(offsetPath, "resource '" + name + "' has no element type (initialValuesDataType UNKNOWN); give "
                                                     "'elementSizeInBytes' to use 'elementOffset'");
    if (elementOffset > resource.sizeInBytes / (elementSize ? elementSize : 1))
        modelError(offsetPath, "elementOffset " + std::to_string(elementOffset) + " is past the end of resource '" +
                                   name + "' (" + std::to_string(resource.sizeInBytes) + " bytes)");
    BindingSource source;
    source.resource = *index;
    source.offsetBytes = elementOffset * elementSize;
    source.path = path;
    if (source.offsetBytes % DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT != 0)
        modelError(offsetPath, "binds at byte offset " + std::to_string(source.offsetBytes) +
                                   ", which is not a multiple of 16 (DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT)");
    const uint64_t needed = point.tensor.totalTensorSizeInBytes;
    if (needed > resource.sizeInBytes - source.offsetBytes)
        modelError(path, "resource '" + name + "' is too small for " + point.name + ": the tensor needs " +
                             std::to_string(needed) + " bytes (TotalTensorSizeInBytes) from byte offset " +
                             std::to_string(source.offsetBytes) + ", the resource has " +
                             std::to_string(resource.sizeInBytes) + " bytes");
    return source;
}

// bindings: {"InputTensor": "A", "OutputTensor": {"name": "B", "elementOffset": 4}} against the dispatchable's bind
// points (the operator's, or the compiled graph's inputs and outputs). Returns one entry per bind point in order
// (nullopt for absent optional tensors and for OWNED_BY_DML graph inputs, which are bound at initialization).
void parseBindings(const Json& bindings, const JsonPath& path, const Model& model, const DispatchableDesc& d,
                   DispatchCommand& command) {
    requireObject(bindings, path);
    for (auto it = bindings.begin(); it != bindings.end(); ++it) {
        const BindPoint* point = nullptr;
        bool owned = false, input = false;
        for (const auto* points : {&d.inputs, &d.outputs})
            for (size_t i = 0; i < points->size(); ++i)
                if ((*points)[i].name == it.key()) {
                    point = &(*points)[i];
                    input = points == &d.inputs;
                    owned = input && i < d.owned.size() && d.owned[i];
                }
        const JsonPath keyPath = path.key(it.key());
        if (!point)
            modelError(keyPath, "'" + it.key() + "' is not a tensor of " + operatorName(d) + " (bind points: " +
                                    bindPointList(d) + ")");
        // A graph input no edge reads may be bound (to any resource) or not, as DirectML allows.
        if (!point->present && !(d.isGraph && input))
            modelError(keyPath, "'" + it.key() + "' is bound but dispatchable '" + d.name +
                                    "' has no tensor desc for it");
        if (owned)
            modelError(keyPath, "'" + it.key() + "' is OWNED_BY_DML: bind it at initialization, in the "
                                                 "dispatchable's 'bindings'");
    }
    auto fill = [&](const std::vector<BindPoint>& points, std::vector<std::optional<BindingSource>>& out,
                    const std::vector<bool>& owned) {
        for (size_t i = 0; i < points.size(); ++i) {
            const BindPoint& point = points[i];
            const Json* value = findMember(bindings, point.name.c_str());
            if (!point.present && d.isGraph && value && &points == &d.inputs) {  // an input no edge reads
                out.push_back(parseSource(*value, path.key(point.name), model, point));
                continue;
            }
            if (!point.present || (i < owned.size() && owned[i])) {
                out.emplace_back();  // DML_BINDING_TYPE_NONE
                continue;
            }
            if (!value) modelError(path, "missing binding for '" + point.name + "' of dispatchable '" + d.name + "'");
            const JsonPath valuePath = path.key(point.name);
            if (value->is_array()) {
                if (value->size() != 1)
                    modelError(valuePath, "'" + point.name + "' takes 1 resource, but " +
                                              std::to_string(value->size()) + " were bound");
                out.push_back(parseSource((*value)[0], valuePath.index(0), model, point));
            } else {
                out.push_back(parseSource(*value, valuePath, model, point));
            }
        }
    };
    fill(d.inputs, command.inputs, d.owned);
    fill(d.outputs, command.outputs, {});
}

// The initialization bindings ("bindings" of a dispatchable) for OWNED_BY_DML inputs.
void parseInitBindings(const Json& initBindings, const JsonPath& path, const Model& model, DispatchableDesc& d) {
    requireObject(initBindings, path);
    d.initInputs.resize(d.inputs.size());
    for (auto it = initBindings.begin(); it != initBindings.end(); ++it) {
        const JsonPath keyPath = path.key(it.key());
        size_t index = d.inputs.size();
        for (size_t i = 0; i < d.inputs.size(); ++i)
            if (d.inputs[i].name == it.key() && d.inputs[i].present) index = i;
        if (index == d.inputs.size())
            modelError(keyPath, "'" + it.key() + "' is not an input tensor of " + operatorName(d));
        const BindPoint& point = d.inputs[index];
        const Json& source = it.value();
        if (!d.owned[index])
            modelError(keyPath, "'" + it.key() + "' is not OWNED_BY_DML, so it is bound at dispatch, not here");
        if (source.is_array()) {
            if (source.size() != 1)
                modelError(keyPath, "'" + it.key() + "' takes 1 resource, but " + std::to_string(source.size()) +
                                        " were bound");
            d.initInputs[index] = parseSource(source[0], keyPath.index(0), model, point);
        } else {
            d.initInputs[index] = parseSource(source, keyPath, model, point);
        }
    }
    for (size_t i = 0; i < d.owned.size(); ++i)
        if (d.owned[i] && (d.initInputs.size() <= i || !d.initInputs[i]))
            modelError(d.path, "input '" + d.inputs[i].name + "' is OWNED_BY_DML: bind it in 'bindings' (bound once, "
                                                          "at initialization)");
}

DispatchableDesc parseDispatchable(const std::string& name, const Json& value, const JsonPath& path, Model& model,
                                   const ResourceOptions& resourceOptions) {
    requireObject(value, path);
    const char* typeKey = findMember(value, "type") ? "type" : "Type";
    const Json* typeJson = findMember(value, typeKey);
    if (!typeJson) modelError(path, "missing required field 'type'");
    const JsonPath typePath = path.key(typeKey);
    const std::string type = readString(*typeJson, typePath);
    if (equalsIgnoreCase(type, "hlsl"))
        unsupportedError(typePath, "HLSL dispatchables are not supported: vkdml runs DirectML operators only");
    if (equalsIgnoreCase(type, "onnx"))
        unsupportedError(typePath, "ONNX dispatchables are not supported: vkdml runs DirectML operators only");
    if (equalsIgnoreCase(type, "dmlSerializedGraph"))
        unsupportedError(typePath, "serialized DirectML graphs are not supported by vkdml-dispatch");

    DispatchableDesc d;
    d.name = name;
    d.path = path;
    GraphBindPoints points;
    if (type == "DML_GRAPH") {  // vkdml extension: a multi-node graph (README.md, "Graphs")
        d.isGraph = true;
        parseGraph(value, path, resourceOptions, model.arena, d.graph, points);
    } else {
        d.spec = &resolveOperator(type, typePath);
        const Json* desc = &value;
        JsonPath descPath = path;
        for (const char* key : {"desc", "Desc"}) {
            if (const Json* member = findMember(value, key)) {
                desc = member;
                descPath = path.key(key);
                break;
            }
        }
        d.op = buildOperator(*d.spec, *desc, descPath, /*fused=*/false, model.arena);
        if (const Json* compileType = findMember(value, "dmlCompileType")) {
            const std::string text = readString(*compileType, path.key("dmlCompileType"));
            if (text != "DmlCompileOp" && text != "DmlCompileGraph")
                modelError(path.key("dmlCompileType"), "'" + text + "' is not DmlCompileOp or DmlCompileGraph");
            d.isGraph = text == "DmlCompileGraph";
        }
        if (d.isGraph) wrapOperator(name, path, *d.spec, d.op, d.graph, points);
    }
    if (d.isGraph) {
        d.inputs = std::move(points.inputs);
        d.outputs = std::move(points.outputs);
        d.owned = std::move(points.owned);
    } else {
        d.inputs = d.op.inputs;
        d.outputs = d.op.outputs;
        for (const BindPoint& input : d.inputs)
            d.owned.push_back(input.present && (input.tensor.flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0);
    }
    if (const Json* flags = findMember(value, "executionFlags"))
        d.executionFlags =
            static_cast<DML_EXECUTION_FLAGS>(readEnum(*flags, path.key("executionFlags"), kExecutionFlagsEnum));
    if (const Json* initBindings = findMember(value, "bindings")) {
        parseInitBindings(*initBindings, path.key("bindings"), model, d);
    } else {
        parseInitBindings(Json::object(), path.key("bindings"), model, d);
    }
    return d;
}

Command parseCommand(const Json& value, const JsonPath& path, const Model& model) {
    requireObject(value, path);
    const std::string type = readString(requireMember(value, "type", path), path.key("type"));
    Command command;
    command.path = path;
    auto resourceIndex = [&](const char* key) {
        const std::string name = readString(requireMember(value, key, path), path.key(key));
        const auto index = model.findResource(name);
        if (!index) modelError(path.key(key), "unknown resource '" + name + "'");
        return *index;
    };
    if (equalsIgnoreCase(type, "dispatch")) {
        DispatchCommand dispatch;
        const JsonPath namePath = path.key("dispatchable");
        const std::string name = readString(requireMember(value, "dispatchable", path), namePath);
        const auto index = model.findDispatchable(name);
        if (!index) modelError(namePath, "unknown dispatchable '" + name + "'");
        dispatch.dispatchable = *index;
        parseBindings(requireMember(value, "bindings", path), path.key("bindings"), model,
                      model.dispatchables[*index], dispatch);
        command.value = std::move(dispatch);
    } else if (equalsIgnoreCase(type, "print")) {
        PrintCommand print;
        print.resource = resourceIndex("resource");
        if (const Json* verbose = findMember(value, "verbose")) print.verbose = readBool(*verbose, path.key("verbose"));
        if (model.resources[print.resource].dataType == DML_TENSOR_DATA_TYPE_UNKNOWN)
            modelError(path.key("resource"), "cannot print resource '" + model.resources[print.resource].name +
                                                 "': its initial values have no single data type");
        command.value = print;
    } else if (equalsIgnoreCase(type, "writeFile")) {
        WriteFileCommand write;
        write.resource = resourceIndex("resource");
        const JsonPath targetPath = path.key("targetPath");
        write.targetPath = readString(requireMember(value, "targetPath", path), targetPath);
        if (write.targetPath.empty()) modelError(targetPath, "is empty");
        if (const Json* dims = findMember(value, "dimensions"))
            write.dimensions = readUInt32Array(*dims, path.key("dimensions"));
        const ResourceDesc& resource = model.resources[write.resource];
        std::string ext = std::filesystem::path(write.targetPath).extension().string();
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (ext == ".png" || ext == ".jpg" || ext == ".jpeg")
            unsupportedError(targetPath, "writing images is not supported by vkdml-dispatch (use .npy or raw data)");
        if (ext == ".npy") {
            const uint32_t elementSize = dataTypeSize(resource.dataType);
            if (elementSize == 0)
                modelError(path.key("resource"), "cannot write resource '" + resource.name +
                                                     "' as .npy: its initial values have no single data type");
            uint64_t elements = 1;
            for (const uint32_t d : write.dimensions) {
                elements *= d;
                if (elements > resource.sizeInBytes) break;
            }
            if (!write.dimensions.empty() && elements * elementSize > resource.sizeInBytes)
                modelError(path.key("dimensions"), "describe more elements than resource '" + resource.name +
                                                       "' holds (" + std::to_string(resource.sizeInBytes) + " bytes)");
        }
        command.value = std::move(write);
    } else {
        modelError(path.key("type"), "unknown command type '" + type + "' (expected dispatch, print or writeFile)");
    }
    return command;
}

}  // namespace

void parseModel(const Json& document, const std::filesystem::path& baseDirectory, const ModelOptions& options,
                Model& model) {
    const JsonPath root;
    if (!document.is_object())
        modelError(root, "expected an object with 'resources', 'dispatchables' and 'commands', got " +
                             describe(document));
    ResourceOptions resourceOptions;
    resourceOptions.baseDirectory = options.inputDirectory.empty() ? baseDirectory : options.inputDirectory;
    resourceOptions.maxBytes = options.maxResourceBytes;

    const Json& resources = requireMember(document, "resources", root);
    requireObject(resources, root.key("resources"));
    for (auto it = resources.begin(); it != resources.end(); ++it)
        model.resources.push_back(
            parseResource(it.key(), it.value(), root.key("resources").key(it.key()), resourceOptions));

    const Json& dispatchables = requireMember(document, "dispatchables", root);
    requireObject(dispatchables, root.key("dispatchables"));
    for (auto it = dispatchables.begin(); it != dispatchables.end(); ++it)
        model.dispatchables.push_back(
            parseDispatchable(it.key(), it.value(), root.key("dispatchables").key(it.key()), model, resourceOptions));

    const Json& commands = requireMember(document, "commands", root);
    if (!commands.is_array()) modelError(root.key("commands"), "expected an array, got " + describe(commands));
    for (size_t i = 0; i < commands.size(); ++i)
        model.commands.push_back(parseCommand(commands[i], root.key("commands").index(i), model));
}

void loadModel(const std::filesystem::path& file, const ModelOptions& options, Model& model) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) throw DispatchError(kExitModel, "no such file");
    if (std::filesystem::is_directory(file, ec)) throw DispatchError(kExitModel, "is a directory, not a JSON model");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DispatchError(kExitRuntime, "cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) throw DispatchError(kExitRuntime, "cannot read the file");
    std::filesystem::path base = file.parent_path();
    if (base.empty()) base = ".";
    parseModel(parseModelText(text.str()), base, options, model);
}

}  // namespace vkdml::dispatch
