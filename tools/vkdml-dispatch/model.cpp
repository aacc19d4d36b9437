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

std::string bindPointList(const BuiltOperator& op) {
    std::string list;
    for (const auto* points : {&op.inputs, &op.outputs})
        for (const BindPoint& p : *points) list += (list.empty() ? "" : ", ") + p.name;
    return list;
}

std::string operatorName(const DispatchableDesc& d) {
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

// bindings: {"InputTensor": "A", "OutputTensor": {"name": "B", "elementOffset": 4}} against the operator's bind
// points. Returns one entry per bind point in order (nullopt for absent optional tensors).
void parseBindings(const Json& bindings, const JsonPath& path, const Model& model, const DispatchableDesc& d,
                   DispatchCommand& command) {
    requireObject(bindings, path);
    for (auto it = bindings.begin(); it != bindings.end(); ++it) {
        const BindPoint* point = nullptr;
        for (const auto* points : {&d.op.inputs, &d.op.outputs})
            for (const BindPoint& p : *points)
                if (p.name == it.key()) point = &p;
        const JsonPath keyPath = path.key(it.key());
        if (!point)
            modelError(keyPath, "'" + it.key() + "' is not a tensor of " + operatorName(d) + " (bind points: " +
                                    bindPointList(d.op) + ")");
        if (!point->present)
            modelError(keyPath, "'" + it.key() + "' is bound but dispatchable '" + d.name +
                                    "' has no tensor desc for it");
    }
    auto fill = [&](const std::vector<BindPoint>& points, std::vector<std::optional<BindingSource>>& out) {
        for (const BindPoint& point : points) {
            const Json* value = findMember(bindings, point.name.c_str());
            if (!point.present) {
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
    fill(d.op.inputs, command.inputs);
    fill(d.op.outputs, command.outputs);
}

DispatchableDesc parseDispatchable(const std::string& name, const Json& value, const JsonPath& path, Model& model) {
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
        // A one-operator graph computes what the operator does; vkdml compiles both the same way.
        const std::string text = readString(*compileType, path.key("dmlCompileType"));
        if (text != "DmlCompileOp" && text != "DmlCompileGraph")
            modelError(path.key("dmlCompileType"), "'" + text + "' is not DmlCompileOp or DmlCompileGraph");
    }
    if (const Json* flags = findMember(value, "executionFlags"))
        d.executionFlags =
            static_cast<DML_EXECUTION_FLAGS>(readEnum(*flags, path.key("executionFlags"), kExecutionFlagsEnum));
    if (const Json* initBindings = findMember(value, "bindings")) {
        // Initialization bindings carry OWNED_BY_DML data; vkdml rejects such tensors (E_NOTIMPL) when the operator
        // is created. Check that they name real bind points and resources.
        const JsonPath bindingsPath = path.key("bindings");
        requireObject(*initBindings, bindingsPath);
        for (auto it = initBindings->begin(); it != initBindings->end(); ++it) {
            const BindPoint* point = nullptr;
            for (const BindPoint& p : d.op.inputs)
                if (p.name == it.key() && p.present) point = &p;
            if (!point)
                modelError(bindingsPath.key(it.key()), "'" + it.key() + "' is not an input tensor of " +
                                                           operatorName(d));
            const Json& source = it.value();
            if (source.is_array()) {
                for (size_t i = 0; i < source.size(); ++i)
                    parseSource(source[i], bindingsPath.key(it.key()).index(i), model, *point);
            } else {
                parseSource(source, bindingsPath.key(it.key()), model, *point);
            }
        }
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
            parseDispatchable(it.key(), it.value(), root.key("dispatchables").key(it.key()), model));

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
