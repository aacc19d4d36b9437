// A DxDispatch JSON model, parsed and checked: resources, DirectML dispatchables with their built descs, and the
// commands. Everything that can be checked without a device is checked here, so that a bad model fails before
// anything is created or dispatched.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <vkdml/DirectML.h>

#include "desc_builder.h"
#include "errors.h"
#include "graph_builder.h"
#include "json_util.h"
#include "resources.h"

namespace vkdml::dispatch {

// One resource bound to a bind point.
struct BindingSource {
    size_t resource = 0;       // index into Model::resources
    uint64_t offsetBytes = 0;  // elementOffset * element size
    JsonPath path;
};

struct DispatchableDesc {
    std::string name;
    JsonPath path;
    const OperatorSpec* spec = nullptr;  // the operator; nullptr for a DML_GRAPH dispatchable
    BuiltOperator op;                    // when spec
    DML_EXECUTION_FLAGS executionFlags = DML_EXECUTION_FLAG_NONE;
    // Compiled with vkdmlCompileGraph ("dmlCompileType": "DmlCompileGraph", or a DML_GRAPH): then `graph` holds the
    // graph, and dispatch commands bind the graph's inputs and outputs.
    bool isGraph = false;
    GraphSpec graph;
    // What dispatch commands bind, in binding order: the operator's bind points, or the graph's inputs and outputs.
    std::vector<BindPoint> inputs, outputs;
    std::vector<bool> owned;  // per input: OWNED_BY_DML, bound at initialization instead of dispatch
    std::vector<std::optional<BindingSource>> initInputs;  // per input: the initialization binding
};

struct DispatchCommand {
    size_t dispatchable = 0;                          // index into Model::dispatchables
    std::vector<std::optional<BindingSource>> inputs;   // per input bind point; nullopt: DML_BINDING_TYPE_NONE
    std::vector<std::optional<BindingSource>> outputs;  // per output bind point
};

struct PrintCommand {
    size_t resource = 0;
    bool verbose = false;
};

struct WriteFileCommand {
    size_t resource = 0;
    std::string targetPath;           // as written in the model
    std::vector<uint32_t> dimensions;  // .npy shape; empty: 1-D
};

struct Command {
    JsonPath path;
    std::variant<DispatchCommand, PrintCommand, WriteFileCommand> value;
};

struct ModelOptions {
    std::filesystem::path inputDirectory;  // empty: the model file's directory
    uint64_t maxResourceBytes = uint64_t{1} << 30;
};

class Model {
public:
    std::vector<ResourceDesc> resources;
    std::vector<DispatchableDesc> dispatchables;
    std::vector<Command> commands;

    std::optional<size_t> findResource(const std::string& name) const;
    std::optional<size_t> findDispatchable(const std::string& name) const;

    Arena arena;  // owns the built descs
};

// Reads and checks the model file; throws DispatchError (without the file name prefix).
void loadModel(const std::filesystem::path& file, const ModelOptions& options, Model& model);
// Parses an already read document (`baseDirectory` resolves sourcePaths).
void parseModel(const Json& document, const std::filesystem::path& baseDirectory, const ModelOptions& options,
                Model& model);

}  // namespace vkdml::dispatch
