#include "wpt_cases.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "reference.h"

namespace vkdml::test::wpt {

namespace {

using json = nlohmann::json;

double number(const json& v) {
    if (v.is_number()) return v.get<double>();
    const std::string s = v.get<std::string>();
    if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (s == "Infinity") return std::numeric_limits<double>::infinity();
    if (s == "-Infinity") return -std::numeric_limits<double>::infinity();
    if (s == "-0") return -0.0;
    return std::stod(s);
}

Tensor tensor(const json& t) {
    Tensor out;
    for (const auto& d : t.at("descriptor").at("shape")) out.shape.push_back(d.get<uint32_t>());
    out.dataType = t.at("descriptor").at("dataType").get<std::string>();
    const json& data = t.at("data");
    if (data.is_array())
        for (const auto& v : data) out.data.push_back(number(v));
    else
        out.data.push_back(number(data));
    return out;
}

bool dmlType(const std::string& name, DML_TENSOR_DATA_TYPE& type) {
    static const std::map<std::string, DML_TENSOR_DATA_TYPE> types = {
        {"float32", DML_TENSOR_DATA_TYPE_FLOAT32}, {"float16", DML_TENSOR_DATA_TYPE_FLOAT16},
        {"int32", DML_TENSOR_DATA_TYPE_INT32},     {"uint32", DML_TENSOR_DATA_TYPE_UINT32},
        {"int8", DML_TENSOR_DATA_TYPE_INT8},       {"uint8", DML_TENSOR_DATA_TYPE_UINT8},
        {"int64", DML_TENSOR_DATA_TYPE_INT64},     {"uint64", DML_TENSOR_DATA_TYPE_UINT64}};
    const auto it = types.find(name);
    if (it == types.end()) return false;
    type = it->second;
    return true;
}

uint64_t bitsOf(DML_TENSOR_DATA_TYPE type, double v) {
    if (isFloatType(type)) return floatBits(type, v);
    return static_cast<uint64_t>(static_cast<int64_t>(v)) & typeMask(type);
}

// A DirectML tensor of `sizes` and `strides` holding `t`'s data packed in WebNN's order (the strides say where).
bool deviceTensor(const Tensor& t, const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& strides,
                  FamilyTensor& out, std::string& why) {
    DML_TENSOR_DATA_TYPE type;
    if (!dmlType(t.dataType, type)) return why = "data type " + t.dataType, false;
    out = tensorOf(type, sizes, strides);
    out.memory.assign(out.bytes(), 0);
    if (t.data.size() * elementBytes(type) > out.memory.size()) return why = "data larger than the tensor", false;
    for (size_t i = 0; i < t.data.size(); ++i) writeBits(out.memory, i, type, bitsOf(type, t.data[i]));
    return true;
}

std::vector<uint32_t> dmlSizes(const std::vector<uint32_t>& shape) {
    return shape.empty() ? std::vector<uint32_t>{1} : shape;
}

const json* findKey(const json& arguments, const char* key) {
    for (const auto& a : arguments)
        if (a.contains(key)) return &a.at(key);
    return nullptr;
}

struct ReduceInfo {
    const char* name;
    DML_REDUCE_FUNCTION function;
    double perElement, constant;  // WPT's ULP tolerance: perElement * N + constant
};
const ReduceInfo kReduces[] = {
    {"reduceL1", DML_REDUCE_FUNCTION_L1, 1, 0},
    {"reduceL2", DML_REDUCE_FUNCTION_L2, 2, 2},
    {"reduceLogSum", DML_REDUCE_FUNCTION_LOG_SUM, 1, 18},
    {"reduceLogSumExp", DML_REDUCE_FUNCTION_LOG_SUM_EXP, 2, 18},
    {"reduceMax", DML_REDUCE_FUNCTION_MAX, 0, 0},
    {"reduceMean", DML_REDUCE_FUNCTION_AVERAGE, 1, 2},
    {"reduceMin", DML_REDUCE_FUNCTION_MIN, 0, 0},
    {"reduceProduct", DML_REDUCE_FUNCTION_MULTIPLY, 1, 0},
    {"reduceSum", DML_REDUCE_FUNCTION_SUM, 1, 0},
    {"reduceSumSquare", DML_REDUCE_FUNCTION_SUM_SQUARE, 2, 0},
};

// Scale or Bias of a normalization, given in WebNN's shape (the sizes of `axes`, in the order of `axes`), as a
// tensor of the input's rank: the input's size on those axes, 1 elsewhere, strides walking WebNN's packed order.
bool normalizationParameter(const Tensor& t, const std::vector<uint32_t>& inputSizes,
                            const std::vector<uint32_t>& axes, FamilyTensor& out, std::string& why) {
    std::vector<uint32_t> sizes(inputSizes.size(), 1), strides(inputSizes.size(), 0);
    uint32_t stride = 1;
    for (size_t k = axes.size(); k-- > 0;) {
        sizes[axes[k]] = inputSizes[axes[k]];
        strides[axes[k]] = stride;
        stride *= inputSizes[axes[k]];
    }
    if (elementCount(sizes) != t.data.size()) return why = "scale/bias size", false;
    return deviceTensor(t, sizes, strides, out, why);
}

bool mapNormalization(const Case& w, const Operator& op, const FamilyTensor& input, MappedCase& m,
                      std::string& why) {
    const json* options = findKey(op.arguments, "options");
    const std::vector<uint32_t>& sizes = input.spec.sizes;
    const size_t webnnRank = w.inputs.at(op.arguments[0].at("input").get<std::string>()).shape.size();
    std::vector<uint32_t> axes;
    const bool layer = op.name == "layerNormalization";
    if (layer) {
        if (options && options->contains("axes"))
            for (const auto& a : options->at("axes")) axes.push_back(a.get<uint32_t>());
        else
            for (uint32_t a = 1; a < webnnRank; ++a) axes.push_back(a);
    } else {
        if (sizes.size() != 4) return why = "instanceNormalization of rank " + std::to_string(sizes.size()), false;
        const bool nhwc = options && options->contains("layout") && options->at("layout") == "nhwc";
        axes = nhwc ? std::vector<uint32_t>{1, 2} : std::vector<uint32_t>{2, 3};
    }
    const uint32_t channelAxis = options && options->contains("layout") && options->at("layout") == "nhwc" ? 3 : 1;
    FamilyTensor parameters[2];
    const char* names[2] = {"scale", "bias"};
    for (int i = 0; i < 2; ++i) {
        parameters[i] = tensorOf(input.type, {});
        parameters[i].absent = true;
        if (!options || !options->contains(names[i])) continue;
        const Tensor& t = w.inputs.at(options->at(names[i]).get<std::string>());
        const bool ok = layer ? normalizationParameter(t, sizes, axes, parameters[i], why)
                              : normalizationParameter(t, sizes, {channelAxis}, parameters[i], why);
        if (!ok) return false;
    }
    m.kind = MappedCase::Kind::Mvn;
    m.axes = axes;
    m.epsilon = options && options->contains("epsilon") ? options->at("epsilon").get<double>() : 1e-5;
    m.c.op = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1;
    m.c.inputs = {input, parameters[0], parameters[1]};
    MvnDesc desc;
    desc.axes = axes;
    desc.epsilon = static_cast<float>(m.epsilon);
    m.c.build = mvnBuilder(desc);
    m.c.output = tensorOf(input.type, sizes);
    const bool half = input.type == DML_TENSOR_DATA_TYPE_FLOAT16;
    m.tolerance = layer ? Tolerance{false, half ? 1.0 / 512 : 1.0 / 1024} : Tolerance{true, half ? 8400.0 : 840.0};
    return true;
}

// batchNormalization(input, mean, variance, {axis, scale, bias, epsilon}) as Chromium maps it: the 1-D operands
// along `axis` at the input's rank; absent scale and bias are one-element constants 1 and 0 (repeated).
bool mapBatchNormalization(const Case& w, const Operator& op, const FamilyTensor& input, MappedCase& m,
                           std::string& why) {
    const json* options = findKey(op.arguments, "options");
    const std::vector<uint32_t>& sizes = input.spec.sizes;
    const size_t webnnRank = w.inputs.at(op.arguments[0].at("input").get<std::string>()).shape.size();
    const uint32_t axis = options && options->contains("axis") ? options->at("axis").get<uint32_t>()
                                                               : (webnnRank > 1 ? 1u : 0u);
    if (axis >= sizes.size()) return why = "axis " + std::to_string(axis), false;
    FamilyTensor parameters[4];
    const char* keys[2] = {"mean", "variance"};
    for (int i = 0; i < 2; ++i) {
        const json* name = findKey(op.arguments, keys[i]);
        if (!name) return why = std::string("no ") + keys[i], false;
        if (!normalizationParameter(w.inputs.at(name->get<std::string>()), sizes, {axis}, parameters[i], why))
            return false;
    }
    const char* optional[2] = {"scale", "bias"};
    for (int i = 0; i < 2; ++i) {
        if (options && options->contains(optional[i])) {
            if (!normalizationParameter(w.inputs.at(options->at(optional[i]).get<std::string>()), sizes, {axis},
                                        parameters[2 + i], why))
                return false;
            continue;
        }
        parameters[2 + i] = tensorOf(input.type, std::vector<uint32_t>(sizes.size(), 1));
        parameters[2 + i].memory.assign(parameters[2 + i].bytes(), 0);
        writeBits(parameters[2 + i].memory, 0, input.type, floatBits(input.type, i == 0 ? 1.0 : 0.0));
    }
    m.kind = MappedCase::Kind::BatchNorm;
    m.epsilon = options && options->contains("epsilon") ? options->at("epsilon").get<double>() : 1e-5;
    m.c.op = DML_OPERATOR_BATCH_NORMALIZATION;
    m.c.inputs = {input, parameters[0], parameters[1], parameters[2], parameters[3]};
    BatchNormDesc desc;
    desc.epsilon = static_cast<float>(m.epsilon);
    m.c.build = batchNormBuilder(desc);
    m.c.output = tensorOf(input.type, sizes);
    m.tolerance = {true, 6};
    return true;
}

}  // namespace

const char* const kBatchNormalizationFile = "batch_normalization";

const char* const kReductionFiles[13] = {
    "reduce_l1",  "reduce_l2",  "reduce_log_sum",  "reduce_log_sum_exp", "reduce_max",
    "reduce_mean", "reduce_min", "reduce_product", "reduce_sum",         "reduce_sum_square",
    "softmax",    "layer_normalization", "instance_normalization"};

std::string casesDirectory() {
    std::error_code error;
    return std::filesystem::is_directory(VKDML_WPT_CASES_DIR, error) ? VKDML_WPT_CASES_DIR : "";
}

std::vector<Case> loadCases(const std::string& file) {
    const std::string path = casesDirectory() + "/" + file + ".json";
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), "cannot read " << path);
    const json doc = json::parse(in);
    std::vector<Case> cases;
    for (const auto& c : doc.at("cases")) {
        Case out;
        out.name = c.at("name").get<std::string>();
        if (c.contains("skip") && c.at("skip").is_string()) out.skip = c.at("skip").get<std::string>();
        if (c.contains("tolerance") && c.at("tolerance").is_array()) {
            out.toleranceKind = c.at("tolerance")[0].get<std::string>();
            out.tolerance = c.at("tolerance")[1].get<double>();
        }
        const json& graph = c.at("graph");
        for (const auto& [name, t] : graph.at("inputs").items()) out.inputs[name] = tensor(t);
        for (const auto& op : graph.at("operators"))
            out.operators.push_back({op.at("name").get<std::string>(), op.at("arguments"),
                                     op.at("outputs").is_string() ? op.at("outputs").get<std::string>() : ""});
        for (const auto& [name, t] : graph.at("expectedOutputs").items()) out.expectedOutputs[name] = tensor(t);
        cases.push_back(std::move(out));
    }
    return cases;
}

bool runsDespiteSkip(const Case& w) {
    return w.skip.empty() || w.skip.find("needs DML_OPERATOR_") != std::string::npos;
}

bool mapCase(const Case& w, MappedCase& m, std::string& why) {
    if (w.operators.size() != 1) return why = "a graph of " + std::to_string(w.operators.size()) + " operators", false;
    const Operator& op = w.operators[0];
    if (w.expectedOutputs.size() != 1 || !w.expectedOutputs.count(op.output))
        return why = "outputs other than the operator's", false;
    const Tensor& inputTensor = w.inputs.at(op.arguments.at(0).at("input").get<std::string>());
    const Tensor& expected = w.expectedOutputs.at(op.output);
    FamilyTensor input;
    if (!deviceTensor(inputTensor, dmlSizes(inputTensor.shape), {}, input, why)) return false;
    m = MappedCase{};
    m.expected = expected.data;
    DML_TENSOR_DATA_TYPE outType;
    if (!dmlType(expected.dataType, outType)) return why = "output data type " + expected.dataType, false;
    const json* options = findKey(op.arguments, "options");
    for (const ReduceInfo& r : kReduces) {
        if (op.name != r.name) continue;
        const uint32_t rank = static_cast<uint32_t>(inputTensor.shape.size());
        std::vector<uint32_t> axes;
        if (options && options->contains("axes"))
            for (const auto& a : options->at("axes")) axes.push_back(a.get<uint32_t>());
        else
            for (uint32_t a = 0; a < rank; ++a) axes.push_back(a);
        double n = 1;
        for (uint32_t a : axes) n *= inputTensor.shape.at(a);
        m.kind = MappedCase::Kind::Reduce;
        m.function = r.function;
        m.axes = axes;
        m.c.op = DML_OPERATOR_REDUCE;
        m.c.inputs = {input};
        m.c.output = tensorOf(outType, ReductionGroups(input.spec.sizes, axes).outputSizes());
        m.c.build = reduceBuilder(r.function, axes);
        m.tolerance = {true, r.perElement * n + r.constant};
    }
    if (op.name == "softmax") {
        const json* axis = findKey(op.arguments, "axis");
        if (!axis) return why = "softmax without an axis", false;
        m.kind = MappedCase::Kind::Softmax;
        m.axes = {axis->get<uint32_t>()};
        m.c.op = DML_OPERATOR_ACTIVATION_SOFTMAX1;
        m.c.inputs = {input};
        m.c.output = tensorOf(outType, input.spec.sizes);
        m.c.build = softmaxBuilder(m.axes);
        m.tolerance = {true, 3.0 * inputTensor.shape.at(m.axes[0]) + 3};
    } else if (op.name == "layerNormalization" || op.name == "instanceNormalization") {
        if (!mapNormalization(w, op, input, m, why)) return false;
    } else if (op.name == "batchNormalization") {
        if (!mapBatchNormalization(w, op, input, m, why)) return false;
    } else if (m.c.inputs.empty()) {
        return why = "operator " + op.name, false;
    }
    if (elementCount(m.c.output.spec.sizes) != m.expected.size()) return why = "output size", false;
    if (w.toleranceKind == "ULP" && m.tolerance.ulp) m.tolerance.value = std::max(m.tolerance.value, w.tolerance);
    if (w.toleranceKind == "ATOL" && !m.tolerance.ulp) m.tolerance.value = std::max(m.tolerance.value, w.tolerance);
    return true;
}

std::vector<Expected> referenceOf(const MappedCase& m) {
    const HostTensor x = hostTensor(m.c.inputs[0]);
    const DML_TENSOR_DATA_TYPE in = m.c.inputs[0].type, out = m.c.output.type;
    switch (m.kind) {
        case MappedCase::Kind::Reduce: return expectReduce(m.function, in, out, x, m.axes);
        case MappedCase::Kind::Softmax: return expectSoftmax(SoftmaxKind::Softmax, out, x, m.axes);
        case MappedCase::Kind::Mvn: {
            const HostTensor scale = m.c.inputs[1].absent ? HostTensor{} : hostTensor(m.c.inputs[1]);
            const HostTensor bias = m.c.inputs[2].absent ? HostTensor{} : hostTensor(m.c.inputs[2]);
            MvnParams p;
            p.axes = m.axes;
            p.epsilon = static_cast<float>(m.epsilon);
            p.scale = m.c.inputs[1].absent ? nullptr : &scale;
            p.bias = m.c.inputs[2].absent ? nullptr : &bias;
            return expectMvn(out, x, p);
        }
        case MappedCase::Kind::BatchNorm: {
            const HostTensor mean = hostTensor(m.c.inputs[1]), variance = hostTensor(m.c.inputs[2]),
                             scale = hostTensor(m.c.inputs[3]), bias = hostTensor(m.c.inputs[4]);
            BatchNormParams p;
            p.mean = &mean, p.variance = &variance, p.scale = &scale, p.bias = &bias;
            p.epsilon = static_cast<float>(m.epsilon);
            return expectBatchNorm(out, x, p);
        }
    }
    return {};
}

bool withinTolerance(DML_TENSOR_DATA_TYPE type, uint64_t bits, double expected, const Tolerance& tolerance,
                     double* distance) {
    double d = 0;
    if (!isFloatType(type)) {
        const double got = isSignedType(type) ? double(signedValue(type, bits)) : double(bits & typeMask(type));
        d = std::fabs(got - expected);
    } else {
        const double got = floatValue(type, bits);
        if (std::isnan(got) || std::isnan(expected)) {
            d = std::isnan(got) && std::isnan(expected) ? 0 : std::numeric_limits<double>::infinity();
        } else if (!tolerance.ulp) {
            d = got == expected ? 0 : std::fabs(got - expected);
        } else if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
            d = double(ulp_distance_f16(static_cast<uint16_t>(bits), half_from_double(expected)));
        } else {
            d = double(ulp_distance_f32(float_of_bits(static_cast<uint32_t>(bits)), float_from_double(expected)));
        }
    }
    if (distance) *distance = d;
    return d <= tolerance.value;
}

}  // namespace vkdml::test::wpt
