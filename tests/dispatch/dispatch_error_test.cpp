// Bad models: a table of malformed models, each with its exit code and the one-line error naming the JSON path, and
// a fuzz run of deterministic mutations of the example models that must always end cleanly (exit 0-3, one error
// line). Runs vkdml-dispatch's main logic in-process on one shared device; a sample also runs the real binary.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "dispatch_in_process.h"
#include "dispatch_test_util.h"
#include "executor.h"
#include "json_util.h"
#include "op_table.h"

using namespace dispatch_test;
using vkdml::dispatch::Json;

namespace {

const char* const kBaseModel = R"({
    "resources": {
        "A": { "initialValuesDataType": "FLOAT32", "initialValues": [-1, 0, 1, 2, 3, 4, 5, 6] },
        "B": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 8, "value": 0 } }
    },
    "dispatchables": {
        "celu": {
            "type": "DML_OPERATOR_ACTIVATION_CELU",
            "desc": {
                "InputTensor": { "DataType": "FLOAT32", "Sizes": [8] },
                "OutputTensor": { "DataType": "FLOAT32", "Sizes": [8] },
                "Alpha": 1
            }
        }
    },
    "commands": [
        { "type": "dispatch", "dispatchable": "celu", "bindings": { "InputTensor": "A", "OutputTensor": "B" } },
        { "type": "print", "resource": "B" },
        { "type": "writeFile", "resource": "B", "targetPath": "b.npy" }
    ]
})";

struct BadModel {
    const char* kind;
    std::function<void(Json&)> mutate;  // applied to kBaseModel
    int exitCode;
    const char* message;  // must appear in the error line (it starts with the JSON path)
    const char* rawText = nullptr;  // instead of a mutation
};

Json& desc(Json& m) { return m["dispatchables"]["celu"]["desc"]; }
Json& bindings(Json& m) { return m["commands"][0]["bindings"]; }

const std::vector<BadModel>& badModels() {
    static const std::vector<BadModel> cases = {
        {"truncated JSON", nullptr, 2, "invalid JSON: parse error at line 3, column", "{\n  \"resources\": {\n"},
        {"root is not an object", [](Json& m) { m = Json::array(); }, 2,
         "$: expected an object with 'resources', 'dispatchables' and 'commands', got an array"},
        {"no resources", [](Json& m) { m.erase("resources"); }, 2, "$: missing required field 'resources'"},
        {"commands is not an array", [](Json& m) { m["commands"] = Json::object(); }, 2,
         "$.commands: expected an array, got an object"},
        {"resource is not an object", [](Json& m) { m["resources"]["A"] = 5; }, 2,
         "$.resources.A: expected an object, got the number 5"},
        {"no initialValues", [](Json& m) { m["resources"]["A"].erase("initialValues"); }, 2,
         "$.resources.A: missing required field 'initialValues'"},
        {"unknown data type", [](Json& m) { m["resources"]["A"]["initialValuesDataType"] = "FLOAT33"; }, 2,
         "$.resources.A.initialValuesDataType: 'FLOAT33' is not a DML_TENSOR_DATA_TYPE value"},
        {"non-number value", [](Json& m) { m["resources"]["A"]["initialValues"][2] = "abc"; }, 2,
         "$.resources.A.initialValues[2]: expected a number or \"nan\", \"inf\", \"-inf\", got the string \"abc\""},
        {"value out of range",
         [](Json& m) {
             m["resources"]["A"]["initialValuesDataType"] = "UINT8";
             m["resources"]["A"]["initialValues"] = {300};
         },
         2, "$.resources.A.initialValues[0]: value 300 is out of range for UINT8"},
        {"empty initialValues", [](Json& m) { m["resources"]["A"]["initialValues"] = Json::array(); }, 2,
         "$.resources.A.initialValues: must not be empty"},
        {"constant without valueCount", [](Json& m) { m["resources"]["B"]["initialValues"].erase("valueCount"); }, 2,
         "$.resources.B.initialValues: missing required field 'valueCount'"},
        {"sequence without data type",
         [](Json& m) {
             m["resources"]["A"] = Json::parse(R"({"initialValues": {"valueCount": 8, "valueStart": 0, "valueDelta": 1}})");
         },
         2, "$.resources.A: 'initialValuesDataType' is required (and not UNKNOWN) for sequence initializers"},
        {"missing source file", [](Json& m) { m["resources"]["A"]["initialValues"] = {{"sourcePath", "data/missing.npy"}}; },
         2, "$.resources.A.initialValues.sourcePath: file 'data/missing.npy' not found"},
        {".npy of another type",
         [](Json& m) {
             m["resources"]["A"] = {{"initialValuesDataType", "FLOAT16"},
                                    {"initialValues", {{"sourcePath", "data/softplus_input.npy"}}}};
         },
         2, "$.resources.A.initialValuesDataType: is FLOAT16 but"},
        {"sizeInBytes too small", [](Json& m) { m["resources"]["A"]["sizeInBytes"] = 4; }, 2,
         "$.resources.A.sizeInBytes: sizeInBytes = 4 is too small for the 32 bytes of initialValues"},
        {"unknown initializer", [](Json& m) { m["resources"]["A"]["initialValues"] = {{"foo", 1}}; }, 2,
         "$.resources.A.initialValues: unknown initializer"},
        {"resource over the size limit", [](Json& m) { m["resources"]["B"]["initialValues"]["valueCount"] = 4000000000u; },
         2, "$.resources.B.initialValues.valueCount: valueCount 4000000000 makes 16000000000 bytes"},
        {"deferred resource", [](Json& m) { m["resources"]["A"]["initialValues"] = "deferred"; }, 3,
         "$.resources.A.initialValues: \"deferred\" resources"},
        {"dispatchable without type", [](Json& m) { m["dispatchables"]["celu"].erase("type"); }, 2,
         "$.dispatchables.celu: missing required field 'type'"},
        {"unknown operator", [](Json& m) { m["dispatchables"]["celu"]["type"] = "ACTIVATION_FOO"; }, 2,
         "$.dispatchables.celu.type: 'ACTIVATION_FOO' is not a DML_OPERATOR_TYPE"},
        {"operator without a table row",
         [](Json& m) { m["dispatchables"]["celu"]["type"] = "DML_OPERATOR_CONVOLUTION"; }, 3,
         "$.dispatchables.celu.type: DML_OPERATOR_CONVOLUTION is not implemented by vkdml-dispatch/vkdml yet"},
        {"HLSL dispatchable", [](Json& m) { m["dispatchables"]["celu"] = {{"type", "hlsl"}, {"sourcePath", "a.hlsl"}}; },
         3, "$.dispatchables.celu.type: HLSL dispatchables are not supported"},
        {"ONNX dispatchable", [](Json& m) { m["dispatchables"]["celu"] = {{"type", "onnx"}, {"sourcePath", "a.onnx"}}; },
         3, "$.dispatchables.celu.type: ONNX dispatchables are not supported"},
        {"missing tensor field", [](Json& m) { desc(m).erase("OutputTensor"); }, 2,
         "$.dispatchables.celu.desc: missing required field 'OutputTensor'"},
        {"missing FLOAT field", [](Json& m) { desc(m).erase("Alpha"); }, 2,
         "$.dispatchables.celu.desc: missing required field 'Alpha'"},
        {"FLOAT field of the wrong type", [](Json& m) { desc(m)["Alpha"] = "one"; }, 2,
         "$.dispatchables.celu.desc.Alpha: expected a number or \"nan\", \"inf\", \"-inf\", got the string \"one\""},
        {"Sizes of the wrong type", [](Json& m) { desc(m)["InputTensor"]["Sizes"] = "ten"; }, 2,
         "$.dispatchables.celu.desc.InputTensor.Sizes: expected an array of unsigned integers, got the string \"ten\""},
        {"negative size", [](Json& m) { desc(m)["InputTensor"]["Sizes"] = {-8}; }, 2,
         "$.dispatchables.celu.desc.InputTensor.Sizes[0]: expected an unsigned integer, got the number -8"},
        {"size beyond UINT", [](Json& m) { desc(m)["InputTensor"]["Sizes"] = {4294967296u}; }, 2,
         "$.dispatchables.celu.desc.InputTensor.Sizes[0]: value 4294967296 does not fit in a 32-bit UINT"},
        {"tensor without DataType", [](Json& m) { desc(m)["InputTensor"].erase("DataType"); }, 2,
         "$.dispatchables.celu.desc.InputTensor: missing required field 'DataType'"},
        {"DimensionCount disagrees with Sizes", [](Json& m) { desc(m)["InputTensor"]["DimensionCount"] = 2; }, 2,
         "$.dispatchables.celu.desc.InputTensor.DimensionCount: DimensionCount = 2 but Sizes has 1 elements"},
        {"Strides disagree with Sizes", [](Json& m) { desc(m)["InputTensor"]["Strides"] = {1, 1}; }, 2,
         "$.dispatchables.celu.desc.InputTensor.Strides: Strides has 2 elements but Sizes has 1"},
        {"INVALID tensor type", [](Json& m) { desc(m)["InputTensor"]["Type"] = "INVALID"; }, 2,
         "$.dispatchables.celu.desc.InputTensor.Type: DML_TENSOR_TYPE_INVALID is not a usable tensor type"},
        {"unknown tensor flag", [](Json& m) { desc(m)["InputTensor"]["Flags"] = "OWNED"; }, 2,
         "$.dispatchables.celu.desc.InputTensor.Flags: 'OWNED' is not a DML_TENSOR_FLAGS value"},
        {"unknown execution flag", [](Json& m) { m["dispatchables"]["celu"]["executionFlags"] = {"NONE", "FAST"}; }, 2,
         "$.dispatchables.celu.executionFlags[1]: 'FAST' is not a DML_EXECUTION_FLAGS value"},
        {"unknown dmlCompileType", [](Json& m) { m["dispatchables"]["celu"]["dmlCompileType"] = "Fast"; }, 2,
         "$.dispatchables.celu.dmlCompileType: 'Fast' is not DmlCompileOp or DmlCompileGraph"},
        {"desc is not an object", [](Json& m) { desc(m) = Json::array(); }, 2,
         "$.dispatchables.celu.desc: expected an object, got an array"},
        {"command without type", [](Json& m) { m["commands"][0].erase("type"); }, 2,
         "$.commands[0]: missing required field 'type'"},
        {"unknown command", [](Json& m) { m["commands"][0]["type"] = "run"; }, 2,
         "$.commands[0].type: unknown command type 'run' (expected dispatch, print or writeFile)"},
        {"dispatch of an unknown dispatchable", [](Json& m) { m["commands"][0]["dispatchable"] = "nope"; }, 2,
         "$.commands[0].dispatchable: unknown dispatchable 'nope'"},
        {"binding to an unknown resource", [](Json& m) { bindings(m)["OutputTensor"] = "C"; }, 2,
         "$.commands[0].bindings.OutputTensor: unknown resource 'C'"},
        {"binding to an unknown bind point", [](Json& m) { bindings(m)["Foo"] = "A"; }, 2,
         "$.commands[0].bindings.Foo: 'Foo' is not a tensor of DML_OPERATOR_ACTIVATION_CELU (bind points: "
         "InputTensor, OutputTensor)"},
        {"missing binding", [](Json& m) { bindings(m).erase("OutputTensor"); }, 2,
         "$.commands[0].bindings: missing binding for 'OutputTensor' of dispatchable 'celu'"},
        {"bindings is not an object", [](Json& m) { bindings(m) = "A"; }, 2,
         "$.commands[0].bindings: expected an object, got the string \"A\""},
        {"resource too small for the tensor",
         [](Json& m) {
             desc(m)["InputTensor"]["Sizes"] = {16};
             desc(m)["OutputTensor"]["Sizes"] = {16};
         },
         2,
         "$.commands[0].bindings.InputTensor: resource 'A' is too small for InputTensor: the tensor needs 64 bytes "
         "(TotalTensorSizeInBytes) from byte offset 0, the resource has 32 bytes"},
        {"misaligned elementOffset", [](Json& m) { bindings(m)["InputTensor"] = {{"name", "A"}, {"elementOffset", 1}}; },
         2,
         "$.commands[0].bindings.InputTensor.elementOffset: binds at byte offset 4, which is not a multiple of 16"},
        {"elementOffset past the end",
         [](Json& m) { bindings(m)["InputTensor"] = {{"name", "A"}, {"elementOffset", 100}}; }, 2,
         "$.commands[0].bindings.InputTensor.elementOffset: elementOffset 100 is past the end of resource 'A'"},
        {"two resources for one tensor", [](Json& m) { bindings(m)["OutputTensor"] = {"B", "B"}; }, 2,
         "$.commands[0].bindings.OutputTensor: 'OutputTensor' takes 1 resource, but 2 were bound"},
        {"print of an unknown resource", [](Json& m) { m["commands"][1]["resource"] = "Z"; }, 2,
         "$.commands[1].resource: unknown resource 'Z'"},
        {"print of a mixed-type resource",
         [](Json& m) {
             m["resources"]["A"] = Json::parse(R"({"initialValues": [{"type": "UINT32", "value": 1}], "sizeInBytes": 32})");
             m["commands"][1]["resource"] = "A";
         },
         2, "$.commands[1].resource: cannot print resource 'A': its initial values have no single data type"},
        {"writeFile without targetPath", [](Json& m) { m["commands"][2].erase("targetPath"); }, 2,
         "$.commands[2]: missing required field 'targetPath'"},
        {"writeFile of more elements than the resource has", [](Json& m) { m["commands"][2]["dimensions"] = {100}; }, 2,
         "$.commands[2].dimensions: describe more elements than resource 'B' holds (32 bytes)"},
        {"writeFile of an image", [](Json& m) { m["commands"][2]["targetPath"] = "b.png"; }, 3,
         "$.commands[2].targetPath: writing images is not supported by vkdml-dispatch"},
        {"desc vkdml rejects: Sizes differ", [](Json& m) { desc(m)["OutputTensor"]["Sizes"] = {2, 4}; }, 2,
         "$.dispatchables.celu: vkdmlCreateOperator failed with E_INVALIDARG: vkdmlCreateOperator: "
         "DML_ACTIVATION_CELU_OPERATOR_DESC.OutputTensor.DimensionCount = 2 differs from InputTensor.DimensionCount = 1"},
        {"desc vkdml rejects: TotalTensorSizeInBytes too small",
         [](Json& m) { desc(m)["InputTensor"]["TotalTensorSizeInBytes"] = 4; }, 2,
         "$.dispatchables.celu: vkdmlCreateOperator failed with E_INVALIDARG"},
        {"desc vkdml rejects: SOFTPLUS Steepness 0",
         [](Json& m) {
             m["dispatchables"]["celu"]["type"] = "ACTIVATION_SOFTPLUS";
             desc(m).erase("Alpha");
             desc(m)["Steepness"] = 0;
         },
         2, "$.dispatchables.celu: vkdmlCreateOperator failed with E_INVALIDARG"},
        {"bindings vkdml rejects: partial overlap of input and output",
         [](Json& m) {
             m["resources"]["A"]["initialValues"] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
             bindings(m)["OutputTensor"] = {{"name", "A"}, {"elementOffset", 4}};
         },
         2,
         "$.commands[0].bindings: vkdmlRecordDispatch failed with E_INVALIDARG: vkdmlRecordDispatch: output "
         "OutputTensor [16, +32) overlaps input InputTensor [0, +32)"},
    };
    return cases;
}

uint64_t nextRandom(uint64_t& state) {  // splitmix64: the same sequence on every platform
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void collectNodes(Json& node, std::vector<Json*>& out) {
    out.push_back(&node);
    if (node.is_object() || node.is_array())
        for (auto& child : node) collectNodes(child, out);
}

std::string mutate(const std::string& text, uint64_t& rng) {
    const size_t n = text.size();
    switch (nextRandom(rng) % 8) {
        case 0: {  // replace a few bytes
            static const char kBytes[] = "0123456789-+.eE\"{}[],: ntfx\\/\x01\xff";
            std::string s = text;
            const uint64_t count = 1 + nextRandom(rng) % 3;
            for (uint64_t i = 0; i < count; ++i)
                s[nextRandom(rng) % n] = kBytes[nextRandom(rng) % (sizeof(kBytes) - 1)];
            return s;
        }
        case 1: return text.substr(0, nextRandom(rng) % n);  // truncate
        case 2: {                                             // delete a range
            const size_t at = nextRandom(rng) % n;
            return text.substr(0, at) + text.substr(std::min(n, at + 1 + nextRandom(rng) % 24));
        }
        case 3: {  // keep the types: replace a number by another number, or grow/shrink an array
            Json doc = vkdml::dispatch::parseModelText(text);
            std::vector<Json*> numbers, arrays;
            std::vector<Json*> nodes;
            collectNodes(doc, nodes);
            for (Json* node : nodes) {
                if (node->is_number()) numbers.push_back(node);
                if (node->is_array() && !node->empty()) arrays.push_back(node);
            }
            static const std::vector<Json> kNumbers = {Json(0), Json(1), Json(2), Json(3), Json(4), Json(7),
                                                       Json(16), Json(65536), Json(-1), Json(0.5), Json(1e30),
                                                       Json(4294967295u)};
            if (!numbers.empty() && (arrays.empty() || nextRandom(rng) % 2)) {
                *numbers[nextRandom(rng) % numbers.size()] = kNumbers[nextRandom(rng) % kNumbers.size()];
            } else if (!arrays.empty()) {
                Json& array = *arrays[nextRandom(rng) % arrays.size()];
                if (nextRandom(rng) % 2) array.push_back(array[0]);
                else array.erase(array.size() - 1);
            }
            return doc.dump(2);
        }
        default: {  // structural: replace a node by a value of another type, drop or rename a key
            Json doc = vkdml::dispatch::parseModelText(text);
            std::vector<Json*> nodes;
            collectNodes(doc, nodes);
            if (nodes.size() < 2) return "{";
            Json& node = *nodes[1 + nextRandom(rng) % (nodes.size() - 1)];
            static const std::vector<Json> kValues = {
                Json("x"),  Json(-1),          Json(0),         Json(1e30),          Json(4294967296u),
                Json(2.5),  Json(true),        Json(nullptr),   Json::array(),       Json::object(),
                Json("nan"), Json(65536),      Json(17),        Json({1, 2}),        Json("FLOAT16"),
                Json(-0.0), Json(1e-45),       Json("INF"),     Json(18446744073709551615ull), Json(7)};
            const uint64_t how = nextRandom(rng) % 3;
            if (how == 0 || !node.is_object() || node.empty()) {
                node = kValues[nextRandom(rng) % kValues.size()];
            } else {
                auto it = node.begin();
                std::advance(it, static_cast<long>(nextRandom(rng) % node.size()));
                const std::string key = it.key();
                Json value = it.value();
                node.erase(key);
                if (how == 2) node[key + "x"] = value;
            }
            return doc.dump(2);
        }
    }
}

// Mutations must not make the tool write outside its output directory.
std::string confineTargets(const std::string& text) {
    try {
        Json doc = vkdml::dispatch::parseModelText(text);
        bool changed = false;
        if (doc.is_object() && doc.contains("commands") && doc["commands"].is_array())
            for (Json& c : doc["commands"])
                if (c.is_object() && c.contains("targetPath") && c["targetPath"].is_string()) {
                    const std::string target = c["targetPath"].get<std::string>();
                    if (target.empty() || target[0] == '/' || target.find("..") != std::string::npos) {
                        c["targetPath"] = "confined.bin";
                        changed = true;
                    }
                }
        return changed ? doc.dump(2) : text;
    } catch (const std::exception&) {
        return text;
    }
}

}  // namespace

TEST_CASE("the base model of the malformed table runs") {
    TempDir dir("base");
    writeText(dir.path() / "model.json", kBaseModel);
    const RunResult r = runInProcess(dir.path() / "model.json", dir.path());
    CHECK(r.err == "");
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("Resource 'B': -0.632121, 0, 1, 2, 3, 4, 5, 6\n") != std::string::npos);
}

TEST_CASE("malformed models: one error line naming the JSON path, the right exit code, nothing dispatched") {
    TempDir dir("bad");
    const auto model = dir.path() / "model.json";
    size_t kinds = 0;
    for (const BadModel& c : badModels()) {
        const std::string kind = c.kind;
        CAPTURE(kind);
        if (c.rawText) {
            writeText(model, c.rawText);
        } else {
            Json doc = Json::parse(kBaseModel);
            c.mutate(doc);
            writeText(model, doc.dump(4));
        }
        const RunResult r = runInProcess(model, dir.path());
        CHECK(r.exitCode == c.exitCode);
        const auto errorLines = lines(r.err);
        REQUIRE(errorLines.size() == 1);
        CAPTURE(errorLines[0]);
        CHECK(errorLines[0].rfind(model.string() + ": ", 0) == 0);
        CHECK(errorLines[0].find(std::string(": ") + c.message) != std::string::npos);
        CHECK(r.out.find("Dispatch '") == std::string::npos);
        CHECK(r.out.find("Resource '") == std::string::npos);
        ++kinds;
    }
    MESSAGE(kinds << " kinds of malformed models");
    CHECK(kinds >= 25);
}

// The data type of an operator's tensor in the test below: FLOAT32, or what the operator requires.
static std::string rowTensorType(const std::string& op, const std::string& field) {
    auto has = [&](const char* part) { return op.find(part) != std::string::npos; };
    if (has("BIT_") || has("LOGICAL_AND") || has("LOGICAL_OR") || has("LOGICAL_XOR") || has("LOGICAL_NOT"))
        return "UINT32";
    if (field == "OutputTensor" && (has("LOGICAL_") || has("IS_NAN") || has("IS_INFINITY"))) return "UINT8";
    if (op == "ELEMENT_WISE_IF" && field == "ConditionTensor") return "UINT8";
    // ARGMIN, ARGMAX and REDUCE (whose Function below is the enum's first value, ARGMAX) write indices.
    if (field == "OutputTensor" && (has("ARGM") || op == "REDUCE")) return "UINT32";
    // The integer multiplies: 8-bit operands and zero points, an INT32 sum, or FLOAT32 scales and result
    // (QUANTIZED_LINEAR_MATRIX_MULTIPLY is UINT8 throughout, below).
    if (op == "MATRIX_MULTIPLY_INTEGER" || op == "MATRIX_MULTIPLY_INTEGER_TO_FLOAT") {
        if (field == "OutputTensor") return op == "MATRIX_MULTIPLY_INTEGER" ? "INT32" : "FLOAT32";
        return field.find("Scale") != std::string::npos || field == "BiasTensor" ? "FLOAT32" : "UINT8";
    }
    if (has("QUANTIZE") && field.find("Scale") == std::string::npos) {
        // QUANTIZE_LINEAR: FLOAT32 in, UINT8 out; DEQUANTIZE_LINEAR: UINT8 in, FLOAT32 out; QUANTIZED_LINEAR_ADD:
        // UINT8 everywhere but the scales. Zero points have the quantized type.
        // QUANTIZE, DEQUANTIZE (6_3) alike, their QuantizationTensors (the scale) FLOAT32.
        if (field == "QuantizationTensors") return "FLOAT32";
        if (op == "ELEMENT_WISE_QUANTIZE_LINEAR" || op == "QUANTIZE")
            return field == "InputTensor" ? "FLOAT32" : "UINT8";
        if (op == "ELEMENT_WISE_DEQUANTIZE_LINEAR" || op == "DEQUANTIZE")
            return field == "OutputTensor" ? "FLOAT32" : "UINT8";
        return "UINT8";
    }
    return "FLOAT32";
}

// The sizes of that tensor: {1, 1, 2, 4}, the reduced output {1, 1, 2, 1}; the matrix multiplies {1, 1, 2, 2} (A, B
// and the output square, so that K matches), their scales and zero points one element.
static std::vector<uint32_t> rowTensorSizes(const std::string& op, const std::string& field, bool reduced) {
    if (op == "GEMM" || op.find("MATRIX_MULTIPLY") != std::string::npos) {
        const bool parameter = field.find("Scale") != std::string::npos || field.find("ZeroPoint") != std::string::npos;
        return parameter ? std::vector<uint32_t>{1, 1, 1, 1} : std::vector<uint32_t>{1, 1, 2, 2};
    }
    return {1, 1, 2, reduced ? 1u : 4u};
}

TEST_CASE("every operator row builds a desc vkdml either runs or names as not implemented (exit 3)") {
    TempDir dir("rows");
    const auto model = dir.path() / "model.json";
    size_t ran = 0, notImplemented = 0;
    for (const vkdml::dispatch::OperatorSpec& spec : vkdml::dispatch::operatorSpecs()) {
        const std::string name = vkdml::dispatch::operatorTypeName(spec.type);
        CAPTURE(name);
        // 4-D tensors (valid at every feature level), FLOAT32 unless the operator needs another type, every
        // attribute at a neutral value; the output of a reduction over Axes {3} has size 1 there.
        const bool reduces = name == "REDUCE" || name == "ARGMIN" || name == "ARGMAX";
        Json doc = Json::parse(R"({"resources": {}, "dispatchables": {}, "commands": []})");
        Json desc = Json::object(), bindings = Json::object();
        for (const auto& field : spec.fields) {
            switch (field.kind) {
                case vkdml::dispatch::FieldKind::InputTensor:
                case vkdml::dispatch::FieldKind::OutputTensor: {
                    const bool reduced = reduces && field.kind == vkdml::dispatch::FieldKind::OutputTensor;
                    desc[field.name] = {{"DataType", rowTensorType(name, field.name)},
                                        {"Sizes", rowTensorSizes(name, field.name, reduced)}};
                    doc["resources"][field.name] = {{"initialValuesDataType", "FLOAT32"},
                                                    {"initialValues", {{"valueCount", 8}, {"valueStart", -2},
                                                                       {"valueDelta", 0.5}}}};
                    bindings[field.name] = field.name;
                    break;
                }
                case vkdml::dispatch::FieldKind::InputTensorArray:  // one tensor, bound as "<name>[0]"
                    desc[field.name] = {{{"DataType", rowTensorType(name, field.name)}, {"Sizes", {1, 1, 2, 4}}}};
                    doc["resources"][std::string(field.name) + "0"] = {
                        {"initialValuesDataType", "FLOAT32"}, {"initialValues", {{"valueCount", 8}, {"value", 0.5}}}};
                    bindings[std::string(field.name) + "[0]"] = std::string(field.name) + "0";
                    break;
                case vkdml::dispatch::FieldKind::Float: desc[field.name] = 1.0; break;
                case vkdml::dispatch::FieldKind::UInt: desc[field.name] = 1; break;
                case vkdml::dispatch::FieldKind::Bool: desc[field.name] = true; break;
                case vkdml::dispatch::FieldKind::UIntArray: desc[field.name] = {3}; break;
                case vkdml::dispatch::FieldKind::Enum:  // MinMaxDataType FLOAT32, QuantizationType SCALE, other
                                                        // enums their first value
                    desc[field.name] = field.enumInfo == &vkdml::dispatch::kTensorDataTypeEnum ? "FLOAT32"
                                       : field.enumInfo == &vkdml::dispatch::kQuantizationTypeEnum
                                           ? "DML_QUANTIZATION_TYPE_SCALE"
                                           : field.enumInfo->values.front().name;
                    break;
                case vkdml::dispatch::FieldKind::ScalarUnion: desc[field.name] = 1.0; break;
                default: break;  // optional pointers stay NULL
            }
        }
        doc["dispatchables"]["op"] = {{"type", std::string("DML_OPERATOR_") + name}, {"desc", desc}};
        doc["commands"].push_back({{"type", "dispatch"}, {"dispatchable", "op"}, {"bindings", bindings}});
        writeText(model, doc.dump(2));
        const RunResult r = runInProcess(model, dir.path());
        CAPTURE(r.err);
        if (r.exitCode == 0) {
            ++ran;
        } else {
            CHECK(r.exitCode == 3);
            CHECK(r.err.find(": $.dispatchables.op: vkdmlCreateOperator failed with E_NOTIMPL: ") != std::string::npos);
            CHECK(r.err.find("DML_OPERATOR_" + name + " ") != std::string::npos);
            CHECK(lines(r.err).size() == 1);
            ++notImplemented;
        }
    }
    MESSAGE(vkdml::dispatch::operatorSpecs().size() << " operator rows: " << ran << " run on vkdml, " << notImplemented
                                   << " not implemented by vkdml yet");
    CHECK(ran == vkdml::dispatch::operatorSpecs().size());  // every row is an operator vkdml implements
}

TEST_CASE("fuzz: 500 mutations of the example models all end cleanly") {
    std::vector<std::pair<std::string, std::string>> sources;
    for (const auto& entry : std::filesystem::directory_iterator(modelsDir()))
        if (entry.path().extension() == ".json") sources.emplace_back(entry.path().filename().string(), readText(entry.path()));
    std::sort(sources.begin(), sources.end());
    REQUIRE(sources.size() >= 7);

    TempDir dir("fuzz");
    uint64_t rng = 20240229;
    std::map<int, size_t> outcomes;
    std::vector<std::pair<std::filesystem::path, int>> sampled;  // also run through the real binary
    constexpr size_t kIterations = 500;
    for (size_t i = 0; i < kIterations; ++i) {
        const auto& [name, text] = sources[i % sources.size()];
        std::string mutated = text;
        const uint64_t rounds = 1 + nextRandom(rng) % 2;
        for (uint64_t k = 0; k < rounds; ++k) {
            try {
                mutated = mutate(mutated, rng);
            } catch (const std::exception&) {  // structural mutation of text that is no longer JSON: truncate
                mutated = mutated.substr(0, mutated.size() / 2);
            }
            if (mutated.empty()) mutated = "{";
        }
        mutated = confineTargets(mutated);
        const auto file = dir.path() / ("fuzz_" + std::to_string(i) + "_" + name);
        writeText(file, mutated);
        const RunResult r = runInProcess(file, dir.path() / "out");
        CAPTURE(file.string());
        CAPTURE(r.err);
        REQUIRE((r.exitCode >= 0 && r.exitCode <= 3));
        ++outcomes[r.exitCode];
        if (r.exitCode == 1) MESSAGE("runtime failure: " << r.err);
        if (r.exitCode == 0) {
            CHECK(r.err == "");
        } else {
            REQUIRE(lines(r.err).size() == 1);
            CHECK(r.err.rfind(file.string() + ": ", 0) == 0);
        }
        if (i % 25 == 0) sampled.emplace_back(file, r.exitCode);
    }
    MESSAGE(kIterations << " mutations: " << outcomes[0] << " ran, " << outcomes[1] << " runtime failures, "
                        << outcomes[2] << " invalid, " << outcomes[3] << " unsupported");
    CHECK(outcomes[2] > kIterations / 2);

    for (const auto& sample : sampled) {  // the real binary: no signal, same verdict
        const std::filesystem::path& file = sample.first;
        const int exitCode = sample.second;
        CAPTURE(file.string());
        const ProcessResult r = runTool({file.string(), "--input_path", modelsDir().string(), "--output_path",
                                         (dir.path() / "out").string(), "--max_resource_mib", "16"},
                                        dir.path());
        CHECK(r.signal == 0);
        CHECK(r.exitCode == exitCode);
    }
}
