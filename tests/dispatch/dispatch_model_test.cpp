// Runs the vkdml-dispatch binary on every example model in models/ (with the Vulkan validation layers) and compares
// what it prints with tests/dispatch/expected/<model>.txt (written by make_expected.py from the formulas in double
// precision). Also: .npy round trips through writeFile, timing lines, and the command line.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "dispatch_test_util.h"
#include "npy.h"

using namespace dispatch_test;
using vkdml::dispatch::NpyArray;
using vkdml::dispatch::readNpy;

namespace {

#ifndef VKDML_DISPATCH_EXPECTED_DIR
#error "VKDML_DISPATCH_EXPECTED_DIR must name tests/dispatch/expected"
#endif

struct ModelCase {
    const char* name;
    double tolerance;  // relative, per printed value; 0 = the text must match exactly
};

// LINEAR with these inputs is exact, and so are the piecewise-linear operators (one rounding at most, or the inputs
// and parameters chosen so that every step is exact); the exp/log/erf/tanh activations, SOFTSIGN's division and
// HARD_SWISH's 1/6 are compared at 1e-5 (the printed 6 digits can differ by one unit in the last place from the
// correctly rounded reference); FLOAT16 at two half ULPs.
const ModelCase kModels[] = {
    {"dml_activation_linear", 0},
    {"dml_activation_linear_inplace", 0},
    {"dml_activation_linear_transpose", 0},
    {"dml_activation_celu", 1e-5},
    {"dml_activation_softplus", 1e-5},
    {"dml_activation_parametric_softplus", 1e-5},
    {"dml_activation_celu_fp16", 2e-3},
    {"dml_activation_elu", 1e-5},
    {"dml_activation_hard_sigmoid", 0},
    {"dml_activation_identity", 0},
    {"dml_activation_leaky_relu", 0},
    {"dml_activation_parameterized_relu", 0},
    {"dml_activation_relu", 0},
    {"dml_activation_scaled_elu", 1e-5},
    {"dml_activation_scaled_tanh", 1e-5},
    {"dml_activation_sigmoid", 1e-5},
    {"dml_activation_softsign", 1e-5},
    {"dml_activation_tanh", 1e-5},
    {"dml_activation_thresholded_relu", 0},
    {"dml_activation_shrink", 0},
    {"dml_activation_shrink_int8", 0},
    {"dml_activation_gelu", 1e-5},
    {"dml_activation_swish", 2e-3},
    {"dml_activation_hard_swish", 1e-5},
    {"dml_element_wise_identity", 0},
    // Element-wise operator groups: exact where the formula is exact in FLOAT32 (or integer), 1e-5 where it goes
    // through pow/exp/erf/trigonometry or a division.
    {"dml_element_wise_arithmetic", 1e-5},
    {"dml_element_wise_add1_fused", 1e-5},
    {"dml_element_wise_logic", 0},
    {"dml_element_wise_bit", 0},
    {"dml_element_wise_if", 0},
    {"dml_cast", 0},
    {"dml_element_wise_clip", 0},
    {"dml_element_wise_unary_math", 1e-5},
    {"dml_element_wise_trig", 1e-5},
    {"dml_element_wise_modulus", 0},
    {"dml_element_wise_quantize", 0},
    {"dml_element_wise_clip_grad", 0},
    {"dml_element_wise_quantized_add", 0},
    // Graphs (vkdmlCompileGraph): DML_GRAPH dispatchables and DmlCompileGraph.
    {"dml_graph_gelu", 1e-5},
    {"dml_graph_residual_add_relu", 0},
    {"dml_graph_activation_chain", 1e-5},
    {"dml_graph_owned_weights", 0},
    {"dml_compile_graph_dequantize", 0},
    {"dml_dequantize_uint4_blocked", 0},
    // Reductions, the softmax family, normalizations: selections (argmax/argmin, hardmax, max) and sums of small
    // integers are exact; exp/log/sqrt and the means and divisions of the normalizations at 1e-5.
    {"dml_reduce", 1e-5},
    {"dml_argmax", 0},
    {"dml_softmax1", 1e-5},
    {"dml_log_softmax1", 1e-5},
    {"dml_hardmax1", 0},
    {"dml_mvn1", 1e-5},
    {"dml_mvn2", 1e-5},
    {"dml_softmax", 1e-5},
    {"dml_mvn", 1e-5},
    {"dml_batch_normalization", 1e-5},
    {"dml_lp_normalization", 1e-5},
    {"dml_local_response_normalization", 1e-5},
    {"dml_cumulative", 0},
    // GEMM and the integer multiplies: small integers and halves, exact in every order of the sums; the FLOAT32
    // result of INTEGER_TO_FLOAT is exact for these scales.
    {"dml_gemm", 0},
    {"dml_matrix_multiply_integer", 0},
    {"dml_gemm_fused_softmax", 1e-6},
    {"dml_graph_matmul_nbits", 0},
};

bool isNanText(const std::string& s) { return s.rfind("nan", 0) == 0 || s.rfind("-nan", 0) == 0; }

bool sameNumber(const std::string& expected, const std::string& actual, double tolerance) {
    if (expected == actual) return true;
    if (isNanText(expected) && isNanText(actual)) return true;
    if (tolerance == 0) return false;
    char* end1 = nullptr;
    char* end2 = nullptr;
    const double a = std::strtod(expected.c_str(), &end1), b = std::strtod(actual.c_str(), &end2);
    if (*end1 || *end2 || std::isinf(a) || std::isinf(b) || std::isnan(a) || std::isnan(b)) return false;
    return std::fabs(a - b) <= tolerance * std::max(std::fabs(a), std::fabs(b));
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        const size_t at = text.find(separator, start);
        parts.push_back(text.substr(start, at - start));
        if (at == std::string::npos) return parts;
        start = at + separator.size();
    }
}

// "[ 3] -1.5 (0xBFC00000)" -> "[ 3]", "-1.5".
bool splitVerbose(const std::string& line, std::string& index, std::string& value) {
    const size_t close = line.find("] "), hex = line.rfind(" (0x");
    if (line.empty() || line[0] != '[' || close == std::string::npos || hex == std::string::npos || hex < close ||
        line.back() != ')')
        return false;
    index = line.substr(0, close + 1);
    value = line.substr(close + 2, hex - close - 2);
    return true;
}

// The bits in "(0x    BEEB)", or -1.
long hexOf(const std::string& line) {
    const size_t at = line.rfind("(0x");
    if (at == std::string::npos) return -1;
    return std::strtol(line.c_str() + at + 3, nullptr, 16);
}

// Compares one printed line with the expected one: exactly, or value by value within `tolerance`.
bool sameLine(const std::string& expected, const std::string& actual, double tolerance) {
    if (expected == actual) return true;
    if (tolerance == 0) return false;
    std::string eIndex, eValue, aIndex, aValue;
    if (splitVerbose(expected, eIndex, eValue) && splitVerbose(actual, aIndex, aValue))
        return eIndex == aIndex && sameNumber(eValue, aValue, tolerance);  // hex bits may differ within the tolerance
    const size_t colon = expected.find("': ");
    if (expected.rfind("Resource '", 0) != 0 || colon == std::string::npos) return false;
    if (actual.compare(0, colon + 3, expected, 0, colon + 3) != 0) return false;
    const auto ev = split(expected.substr(colon + 3), ", "), av = split(actual.substr(colon + 3), ", ");
    if (ev.size() != av.size()) return false;
    for (size_t i = 0; i < ev.size(); ++i)
        if (!sameNumber(ev[i], av[i], tolerance)) return false;
    return true;
}

// The lines that must match: everything but "Running on" and the timing lines; the output directory becomes <out>.
std::vector<std::string> comparableLines(const std::string& out, const std::string& outputDir) {
    std::vector<std::string> result;
    for (std::string line : lines(out)) {
        if (line.rfind("Running on '", 0) == 0 || line.rfind("Dispatch '", 0) == 0) continue;
        for (size_t at; (at = line.find(outputDir)) != std::string::npos;) line.replace(at, outputDir.size(), "<out>");
        result.push_back(line);
    }
    return result;
}

ProcessResult runModel(const std::string& model, const TempDir& dir, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {(modelsDir() / (model + ".json")).string(), "--output_path", dir.path().string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return runTool(args, dir.path());
}

}  // namespace

TEST_CASE("every example model prints what DxDispatch would print") {
    // With --debug (the Vulkan validation layer) for every model, or for every 4th one in AddressSanitizer builds,
    // where loading the layer into each of the 51 processes takes most of the test's two minutes.
#if defined(__SANITIZE_ADDRESS__)
    const size_t debugEvery = 4;
#else
    const size_t debugEvery = 1;
#endif
    size_t index = 0;
    for (const ModelCase& m : kModels) {
        CAPTURE(m.name);
        TempDir dir(m.name);
        const bool debug = index++ % debugEvery == 0;
        const ProcessResult r = runModel(m.name, dir, debug ? std::vector<std::string>{"--debug"} : std::vector<std::string>{});
        CHECK(r.signal == 0);
        REQUIRE(r.exitCode == 0);
        for (const std::string& line : lines(r.err))  // vkdml announces the validation layer; nothing else
            CHECK(line.rfind("vkdml info", 0) == 0);
        const auto all = lines(r.out);
        REQUIRE(!all.empty());
        CHECK(all[0].rfind("Running on '", 0) == 0);
        CHECK(r.out.find("Dispatch '") != std::string::npos);

        const std::vector<std::string> expected = lines(
            readText(std::filesystem::path(VKDML_DISPATCH_EXPECTED_DIR) / (std::string(m.name) + ".txt")));
        const std::vector<std::string> actual = comparableLines(r.out, dir.path().string());
        REQUIRE(!expected.empty());
        CHECK(actual.size() == expected.size());
        for (size_t i = 0; i < std::min(actual.size(), expected.size()); ++i) {
            CAPTURE(expected[i]);
            CAPTURE(actual[i]);
            CHECK(sameLine(expected[i], actual[i], m.tolerance));
        }
    }
}

TEST_CASE("every model in models/ is checked against an expected output") {
    size_t models = 0;
    for (const auto& entry : std::filesystem::directory_iterator(modelsDir())) {
        if (entry.path().extension() != ".json") continue;
        const std::string name = entry.path().stem().string();
        CAPTURE(name);
        ++models;
        CHECK(std::any_of(std::begin(kModels), std::end(kModels), [&](const ModelCase& m) { return name == m.name; }));
        CHECK(std::filesystem::exists(std::filesystem::path(VKDML_DISPATCH_EXPECTED_DIR) / (name + ".txt")));
    }
    CHECK(models == std::size(kModels));
}

TEST_CASE("writeFile .npy round trips are bit-exact") {
    TempDir dir("npy");
    SUBCASE("FLOAT32: the .npy input written back, the output as .npy and raw") {
        const ProcessResult r = runModel("dml_activation_softplus", dir);
        REQUIRE(r.exitCode == 0);
        const NpyArray source = readNpy(readBytes(modelsDir() / "data" / "softplus_input.npy"));
        const NpyArray input = readNpy(readBytes(dir.path() / "softplus" / "input.npy"));
        CHECK(input.dataType == DML_TENSOR_DATA_TYPE_FLOAT32);
        CHECK(input.shape == std::vector<uint64_t>{2, 5});
        CHECK(input.data == source.data);
        const NpyArray output = readNpy(readBytes(dir.path() / "softplus" / "output.npy"));
        CHECK(output.shape == std::vector<uint64_t>{2, 5});
        const std::vector<uint8_t> raw = readBytes(dir.path() / "softplus" / "output.bin");
        CHECK(raw.size() == 40);
        CHECK(output.data == raw);
        // And the printed values are those bits.
        std::vector<float> values(10);
        std::memcpy(values.data(), output.data.data(), 40);
        const std::string printed = r.out.substr(r.out.find("Resource 'output': ") + 19);
        char first[32];
        std::snprintf(first, sizeof(first), "%g", static_cast<double>(values[0]));
        CHECK(printed.rfind(first, 0) == 0);
    }
    SUBCASE("FLOAT16: the written bits are the bits the verbose print shows") {
        const ProcessResult r = runModel("dml_activation_celu_fp16", dir);
        REQUIRE(r.exitCode == 0);
        const NpyArray output = readNpy(readBytes(dir.path() / "celu_fp16" / "output.npy"));
        CHECK(output.dataType == DML_TENSOR_DATA_TYPE_FLOAT16);
        CHECK(output.shape == std::vector<uint64_t>{5});
        REQUIRE(output.data.size() == 10);
        std::vector<uint16_t> printedBits;
        for (const std::string& line : lines(r.out))
            if (hexOf(line) >= 0) printedBits.push_back(static_cast<uint16_t>(hexOf(line)));
        REQUIRE(printedBits.size() == 5);
        for (size_t i = 0; i < 5; ++i) {
            uint16_t bits;
            std::memcpy(&bits, output.data.data() + 2 * i, 2);
            CHECK(bits == printedBits[i]);
        }
    }
}

TEST_CASE("--iterations times every dispatch command") {
    TempDir dir("iterations");
    const ProcessResult r = runModel("dml_activation_linear_inplace", dir, {"--iterations", "3"});
    REQUIRE(r.exitCode == 0);
    size_t timed = 0;
    for (const std::string& line : lines(r.out)) {
        unsigned iterations = 0;
        double lo = 0, mid = 0, hi = 0;
        int end = 0;
        if (std::sscanf(line.c_str(),
                        "Dispatch 'scale_shift': %u iterations, %lf ms min, %lf ms median, %lf ms max (execute+wait)%n",
                        &iterations, &lo, &mid, &hi, &end) != 4 ||
            static_cast<size_t>(end) != line.size())
            continue;
        ++timed;
        CHECK(iterations == 3);
        CHECK(lo <= mid);
        CHECK(mid <= hi);
        CHECK(lo > 0);
    }
    CHECK(timed == 2);
    // In place, each of the 2 x 3 executions applies 0.5x + 0.25 again: 1 -> 0.75 -> ... six times.
    double v = 1;
    for (int i = 0; i < 6; ++i) v = 0.5 * v + 0.25;
    char expected[64];
    std::snprintf(expected, sizeof(expected), "Resource 'A': 100, 200, 300, 400, %g,", v);
    CHECK(r.out.find(expected) != std::string::npos);
}

TEST_CASE("a runtime failure after the dispatch: exit 1, one error line") {
    TempDir dir("runtime");
    writeText(dir.path() / "not-a-directory", "");
    const ProcessResult r = runTool({(modelsDir() / "dml_activation_softplus.json").string(), "--output_path",
                                     (dir.path() / "not-a-directory").string()},
                                    dir.path());
    CHECK(r.exitCode == 1);
    CHECK(r.out.find("Resource 'output': ") != std::string::npos);  // the commands before the failure ran
    REQUIRE(lines(r.err).size() == 1);
    CHECK(r.err.find("dml_activation_softplus.json: $.commands[2]: cannot create '") != std::string::npos);
}

TEST_CASE("command line") {
    TempDir dir("cli");
    ProcessResult r = runTool({"--help"}, dir.path());
    CHECK(r.exitCode == 0);
    for (const char* option : {"--adapter", "--debug", "--iterations", "--output_path", "--show_adapters"})
        CHECK(r.out.find(option) != std::string::npos);
    r = runTool({}, dir.path());
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
    r = runTool({"--frobnicate"}, dir.path());
    CHECK(r.exitCode == 2);
    CHECK(lines(r.err).size() == 1);
    r = runTool({(modelsDir() / "dml_activation_linear.json").string(), "--iterations", "0"}, dir.path());
    CHECK(r.exitCode == 2);
    r = runTool({(dir.path() / "missing.json").string()}, dir.path());
    CHECK(r.exitCode == 2);
    CHECK(r.err == (dir.path() / "missing.json").string() + ": no such file\n");
    r = runTool({"--show_adapters"}, dir.path());
    CHECK(r.exitCode == 0);
    CHECK(r.out.rfind("[0] ", 0) == 0);
    r = runTool({(modelsDir() / "dml_activation_linear.json").string(), "--adapter", "0"}, dir.path());
    CHECK(r.exitCode == 0);
    r = runTool({(modelsDir() / "dml_activation_linear.json").string(), "-a", "no such adapter"}, dir.path());
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("no Vulkan adapter matches --adapter 'no such adapter'") != std::string::npos);
    CHECK(r.out.find("Dispatch") == std::string::npos);
}
