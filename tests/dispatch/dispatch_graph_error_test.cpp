// Malformed DML_GRAPH dispatchables (the vkdml extension) and DmlCompileGraph bindings: one error line naming the
// JSON path and exit 2, nothing dispatched. Problems the JSON cannot show (a cycle, a constant too small for its
// consumer) come back from vkdmlCompileGraph as E_INVALIDARG, reported the same way.
#include <functional>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "dispatch_in_process.h"
#include "dispatch_test_util.h"
#include "json_util.h"

using namespace dispatch_test;
using vkdml::dispatch::Json;

namespace {

// x -> add(x, constant 1) -> relu -> y; and one operator compiled as a graph with an OWNED_BY_DML input.
const char* const kGraphModel = R"({
    "resources": {
        "X": { "initialValuesDataType": "FLOAT32", "initialValues": [-3, -2, -1, 0, 1, 2, 3, 4] },
        "Y": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 8, "value": 0 } },
        "W": { "initialValuesDataType": "FLOAT32", "initialValues": [10, 20, 30, 40, 50, 60, 70, 80] },
        "Z": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 8, "value": 0 } }
    },
    "dispatchables": {
        "g": {
            "type": "DML_GRAPH",
            "inputs": ["x"],
            "outputs": ["y"],
            "nodes": {
                "one": { "type": "CONSTANT", "initialValuesDataType": "FLOAT32", "initialValues": [1] },
                "add": { "type": "ELEMENT_WISE_ADD", "desc": {
                    "ATensor": { "DataType": "FLOAT32", "Sizes": [8] },
                    "BTensor": { "DataType": "FLOAT32", "Sizes": [8], "Strides": [0] },
                    "OutputTensor": { "DataType": "FLOAT32", "Sizes": [8] } } },
                "relu": { "type": "ACTIVATION_RELU", "desc": {
                    "InputTensor": { "DataType": "FLOAT32", "Sizes": [8] },
                    "OutputTensor": { "DataType": "FLOAT32", "Sizes": [8] } } }
            },
            "edges": [
                { "from": "input:x", "to": "add.ATensor" },
                { "from": "one", "to": "add.BTensor" },
                { "from": "add.OutputTensor", "to": "relu.InputTensor" },
                { "from": "relu.OutputTensor", "to": "output:y" }
            ]
        },
        "owned": {
            "type": "ELEMENT_WISE_ADD",
            "dmlCompileType": "DmlCompileGraph",
            "desc": {
                "ATensor": { "DataType": "FLOAT32", "Sizes": [8] },
                "BTensor": { "DataType": "FLOAT32", "Sizes": [8], "Flags": "OWNED_BY_DML" },
                "OutputTensor": { "DataType": "FLOAT32", "Sizes": [8] }
            },
            "bindings": { "BTensor": "W" }
        }
    },
    "commands": [
        { "type": "dispatch", "dispatchable": "g", "bindings": { "x": "X", "y": "Y" } },
        { "type": "dispatch", "dispatchable": "owned", "bindings": { "ATensor": "X", "OutputTensor": "Z" } },
        { "type": "print", "resource": "Y" },
        { "type": "print", "resource": "Z" }
    ]
})";

Json& graph(Json& m) { return m["dispatchables"]["g"]; }
Json& edges(Json& m) { return graph(m)["edges"]; }

struct BadGraph {
    const char* kind;
    std::function<void(Json&)> mutate;
    const char* message;  // must appear in the one error line, after "<file>: "
};

const std::vector<BadGraph>& badGraphs() {
    static const std::vector<BadGraph> cases = {
        {"unknown node", [](Json& m) { edges(m)[2]["from"] = "nope.OutputTensor"; },
         "$.dispatchables.g.edges[2].from: unknown node 'nope'"},
        {"unknown tensor field", [](Json& m) { edges(m)[2]["to"] = "relu.Foo"; },
         "$.dispatchables.g.edges[2].to: 'Foo' is not a tensor of DML_OPERATOR_ACTIVATION_RELU (inputs: "
         "InputTensor)"},
        {"edge into an output", [](Json& m) { edges(m)[2]["to"] = "relu.OutputTensor"; },
         "$.dispatchables.g.edges[2].to: 'OutputTensor' is an output of DML_OPERATOR_ACTIVATION_RELU; an edge goes "
         "to an input (InputTensor)"},
        {"operator node without a tensor", [](Json& m) { edges(m)[2]["to"] = "relu"; },
         "$.dispatchables.g.edges[2].to: 'relu': name a tensor of node 'relu' (DML_OPERATOR_ACTIVATION_RELU)"},
        {"unknown graph input", [](Json& m) { edges(m)[0]["from"] = "input:z"; },
         "$.dispatchables.g.edges[0].from: 'z' is not a graph input (inputs: x)"},
        {"graph output as a source", [](Json& m) { edges(m)[2]["from"] = "output:y"; },
         "$.dispatchables.g.edges[2].from: a graph output can only be the 'to' end of an edge"},
        {"constant node as a target", [](Json& m) { edges(m)[0]["to"] = "one"; },
         "$.dispatchables.g.edges[0].to: constant node 'one' has no inputs"},
        {"missing output edge", [](Json& m) { edges(m).erase(3); },
         "$.dispatchables.g.outputs[0]: graph output 'y' has no edge"},
        {"node input without an edge", [](Json& m) { edges(m).erase(1); },
         "$.dispatchables.g.nodes.add: input 'BTensor' of node 'add' has no incoming edge"},
        {"two edges into one input", [](Json& m) { edges(m).push_back({{"from", "input:x"}, {"to", "add.ATensor"}}); },
         "$.dispatchables.g.edges[4].to: already has an incoming edge ($.dispatchables.g.edges[0])"},
        {"input straight to output",
         [](Json& m) { edges(m)[3] = {{"from", "input:x"}, {"to", "output:y"}}; },
         "$.dispatchables.g.edges[3]: an edge cannot join a graph input to a graph output"},
        {"unknown graph field", [](Json& m) { graph(m)["edge"] = Json::array(); },
         "$.dispatchables.g.edge: unknown field of a DML_GRAPH dispatchable"},
        {"unknown edge field", [](Json& m) { edges(m)[0]["weight"] = 1; },
         "$.dispatchables.g.edges[0].weight: unknown field (an edge has 'from' and 'to')"},
        {"no outputs", [](Json& m) { graph(m)["outputs"] = Json::array(); },
         "$.dispatchables.g.outputs: a graph needs at least one output"},
        {"node name with a dot", [](Json& m) { graph(m)["nodes"]["a.b"] = graph(m)["nodes"]["relu"]; },
         "$.dispatchables.g.nodes[\"a.b\"]: node names must be non-empty and contain no '.' or ':'"},
        {"unknown node operator", [](Json& m) { graph(m)["nodes"]["relu"]["type"] = "FOO"; },
         "$.dispatchables.g.nodes.relu.type: 'FOO' is not a DML_OPERATOR_TYPE"},
        {"bad constant data", [](Json& m) { graph(m)["nodes"]["one"]["initialValues"] = Json::array(); },
         "$.dispatchables.g.nodes.one.initialValues: must not be empty"},
        {"node desc vkdml rejects",
         [](Json& m) { graph(m)["nodes"]["relu"]["desc"]["OutputTensor"]["DataType"] = "FLOAT16"; },
         "$.dispatchables.g.nodes.relu: vkdmlCreateOperator failed with E_INVALIDARG"},
        {"cycle",
         [](Json& m) {
             graph(m)["nodes"].erase("one");
             graph(m)["nodes"]["add"]["desc"]["BTensor"].erase("Strides");
             edges(m)[1] = {{"from", "relu.OutputTensor"}, {"to", "add.BTensor"}};
         },
         "$.dispatchables.g: vkdmlCompileGraph failed with E_INVALIDARG: vkdmlCompileGraph: the graph has a cycle "
         "through Nodes[0] \"add\""},
        {"constant too small for its consumer",
         [](Json& m) { graph(m)["nodes"]["add"]["desc"]["BTensor"].erase("Strides"); },  // 32 bytes, not 4
         "$.dispatchables.g: vkdmlCompileGraph failed with E_INVALIDARG: vkdmlCompileGraph: IntermediateEdges[0]: "
         "Nodes[0] \"one\" (constant, 4 bytes) has 4 bytes, but BTensor"},
        {"dispatch binds a node tensor", [](Json& m) { m["commands"][0]["bindings"]["ATensor"] = "X"; },
         "$.commands[0].bindings.ATensor: 'ATensor' is not a tensor of DML_GRAPH 'g' (bind points: x, y)"},
        {"dispatch misses a graph input", [](Json& m) { m["commands"][0]["bindings"].erase("x"); },
         "$.commands[0].bindings: missing binding for 'x' of dispatchable 'g'"},
        {"owned input bound at dispatch", [](Json& m) { m["commands"][1]["bindings"]["BTensor"] = "W"; },
         "$.commands[1].bindings.BTensor: 'BTensor' is OWNED_BY_DML: bind it at initialization"},
        {"owned input not bound at initialization", [](Json& m) { m["dispatchables"]["owned"].erase("bindings"); },
         "$.dispatchables.owned: input 'BTensor' is OWNED_BY_DML: bind it in 'bindings'"},
        {"initialization binding of an input that is not owned",
         [](Json& m) { m["dispatchables"]["owned"]["bindings"]["ATensor"] = "X"; },
         "$.dispatchables.owned.bindings.ATensor: 'ATensor' is not OWNED_BY_DML"},
    };
    return cases;
}

}  // namespace

TEST_CASE("the base graph model runs: graph, constant node, OWNED_BY_DML input of a DmlCompileGraph operator") {
    TempDir dir("graph-base");
    writeText(dir.path() / "model.json", kGraphModel);
    const RunResult r = runInProcess(dir.path() / "model.json", dir.path());
    CHECK(r.err == "");
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("Resource 'Y': 0, 0, 0, 1, 2, 3, 4, 5\n") != std::string::npos);
    CHECK(r.out.find("Resource 'Z': 7, 18, 29, 40, 51, 62, 73, 84\n") != std::string::npos);
}

TEST_CASE("a graph input that feeds no node is accepted, bound at dispatch or not, as DirectML allows") {
    TempDir dir("graph-unused-input");
    for (const bool bound : {false, true}) {
        CAPTURE(bound);
        Json doc = Json::parse(kGraphModel);
        graph(doc)["inputs"] = {"unused", "x"};  // graph input 0 feeds nothing
        if (bound) doc["commands"][0]["bindings"]["unused"] = "W";
        writeText(dir.path() / "model.json", doc.dump(4));
        const RunResult r = runInProcess(dir.path() / "model.json", dir.path());
        CHECK(r.err == "");
        CHECK(r.exitCode == 0);
        CHECK(r.out.find("Resource 'Y': 0, 0, 0, 1, 2, 3, 4, 5\n") != std::string::npos);
    }
}

TEST_CASE("malformed graphs: one error line naming the JSON path, exit 2, nothing dispatched") {
    TempDir dir("bad-graph");
    const auto model = dir.path() / "model.json";
    for (const BadGraph& c : badGraphs()) {
        CAPTURE(std::string(c.kind));
        Json doc = Json::parse(kGraphModel);
        c.mutate(doc);
        writeText(model, doc.dump(4));
        const RunResult r = runInProcess(model, dir.path());
        CHECK(r.exitCode == 2);
        const auto errorLines = lines(r.err);
        REQUIRE(errorLines.size() == 1);
        CAPTURE(errorLines[0]);
        CHECK(errorLines[0].find(model.string() + ": " + c.message) == 0);
        CHECK(r.out.find("Dispatch '") == std::string::npos);
        CHECK(r.out.find("Resource '") == std::string::npos);
    }
}

TEST_CASE("DmlCompileGraph compiles through vkdmlCompileGraph, DmlCompileOp through vkdmlCompileOperator") {
    // An OWNED_BY_DML input is bound at initialization either way: the operator keeps its copy in its persistent
    // resource, as the one-node graph does.
    TempDir dir("compile-type");
    Json doc = Json::parse(kGraphModel);
    doc["dispatchables"]["owned"]["dmlCompileType"] = "DmlCompileOp";
    writeText(dir.path() / "model.json", doc.dump(4));
    const RunResult r = runInProcess(dir.path() / "model.json", dir.path());
    CHECK(r.err == "");
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("Resource 'Z': 7, 18, 29, 40, 51, 62, 73, 84\n") != std::string::npos);
    doc["commands"][1]["bindings"]["BTensor"] = "W";  // bound at dispatch too: refused
    writeText(dir.path() / "model.json", doc.dump(4));
    CHECK(runInProcess(dir.path() / "model.json", dir.path()).exitCode == 2);
}
