// vkdml-kernel-check --count (issue 32): for every element-wise row of vkdml-bench's throughput table
// (tools/vkdml-bench/ops.cpp, compiled in: the same descs, attributes and types), the kernel a packed operator runs
// (runtime/ops/elementwise/kernel_catalog.h packedKernel: the flat walk, or the general kernels' linear walk), lowered
// for a GPU-like target with fusedFma off and on, compiled with spirv-opt -O (every call inlined) and counted
// statically (spirv_count.h) in the whole-vector part of the kernel, per element.
#include "count.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "dml/feature_levels.h"
#include "dml/operator_desc.h"
#include "kernel/glsl_generator.h"
#include "ops/elementwise/kernel_catalog.h"
#include "ops/registry.h"
#include "spirv_count.h"
#include "vk/shader_compiler.h"
#include "../vkdml-bench/ops.h"

namespace {

// vkdml-bench's create functions end in vkdmlCreateOperator: here it reads the desc as the library would and keeps
// the result (the executable does not link libvkdml; no device, no operator).
std::optional<vkdml::dml::OperatorInfo> g_captured;
std::string g_captureError;

}  // namespace

extern "C" HRESULT vkdmlCreateOperator(VkdmlDevice, const DML_OPERATOR_DESC* desc, VkdmlOperator* op) {
    if (op) *op = nullptr;
    try {
        g_captured = vkdml::dml::readOperatorDesc(desc, vkdml::dml::kHighestFeatureLevel, vkdml::ops::schemas());
        return S_OK;
    } catch (const std::exception& e) {
        g_captureError = e.what();
        return E_FAIL;
    }
}

namespace kernel_check {

namespace {

using vkdml::elementwise::KernelTarget;
using vkdml::elementwise::LoweredKernel;
using vkdml::kernel::ElementwiseProgram;
using vkdml::kernel::Walk;

const char* typeName(DML_TENSOR_DATA_TYPE type) {  // vkdml-bench's names
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return "f32";
        case DML_TENSOR_DATA_TYPE_FLOAT16: return "f16";
        case DML_TENSOR_DATA_TYPE_INT32: return "i32";
        case DML_TENSOR_DATA_TYPE_UINT32: return "u32";
        case DML_TENSOR_DATA_TYPE_UINT8: return "u8";
        default: return "?";
    }
}

uint32_t typeBytes(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return 2;
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT8: return 1;
        case DML_TENSOR_DATA_TYPE_FLOAT64:
        case DML_TENSOR_DATA_TYPE_INT64:
        case DML_TENSOR_DATA_TYPE_UINT64: return 8;
        case DML_TENSOR_DATA_TYPE_INT16:
        case DML_TENSOR_DATA_TYPE_UINT16: return 2;
        default: return 4;
    }
}

// The operator's desc as vkdml-bench creates it for packed {1, 1, 64, 64} tensors, read by readOperatorDesc.
vkdml::dml::OperatorInfo benchOperator(const bench::OpSpec& spec, DML_TENSOR_DATA_TYPE caseType) {
    static const UINT sizes[4] = {1, 1, 64, 64};
    const size_t inputs = spec.inputCount();
    DML_BUFFER_TENSOR_DESC buffers[5] = {};
    DML_TENSOR_DESC tensors[5] = {};
    for (size_t t = 0; t <= inputs; ++t) {
        const DML_TENSOR_DATA_TYPE type = t < inputs ? spec.inputType(t, caseType) : spec.outputType(caseType);
        buffers[t].DataType = type;
        buffers[t].DimensionCount = 4;
        buffers[t].Sizes = sizes;
        buffers[t].TotalTensorSizeInBytes = (64 * 64 * typeBytes(type) + 3) & ~uint64_t(3);
        tensors[t] = DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &buffers[t]};
    }
    const DML_TENSOR_DESC* inputDescs[4] = {&tensors[0], &tensors[1], &tensors[2], &tensors[3]};
    g_captured.reset();
    g_captureError.clear();
    VkdmlOperator op = nullptr;
    if (spec.create(nullptr, spec, inputDescs, &tensors[inputs], &op) != S_OK || !g_captured)
        throw std::runtime_error(std::string(spec.key) + " " + typeName(caseType) + ": the desc is refused: " +
                                 g_captureError);
    return *g_captured;
}

// A GPU with 16-bit storage, without double math, the driver's exact division or fp16 conversions or 64-bit
// vector words; shaderInt64 and shaderFloat64 (they only matter for 64-bit tensors).
KernelTarget gpuTarget(bool fusedFma, bool nativeHalf) {
    KernelTarget target;
    target.deviceName = "vkdml-kernel-check --count (GPU-like)";
    target.storage16 = true;
    target.nativeHalf = nativeHalf;
    target.int64 = target.float64 = true;
    target.fusedFma = fusedFma;
    return target;
}

// Elements one invocation handles in the walk's whole-vector part: the flat walk one 16-byte vector of the tensors'
// type (glsl/elementwise_contiguous.glsl), the linear walk a quad (general_generator.cpp linearMain).
uint32_t elementsPerInvocation(const ElementwiseProgram& program) {
    switch (program.walk) {
        case Walk::Flat:
        case Walk::Rows: return 128 / vkdml::kernel::scalarTypeBits(program.outputs[0]);
        case Walk::Naive:
        case Walk::Linear:
        case Walk::Quads:
        case Walk::TileQuads: return 4;
        default: return 1;
    }
}

// The source with kFlatMode (a specialization constant, 0 on GPUs: whole vectors, and the tail in the invocation past
// them) fixed to 1: only the whole-vector part is left, the per-element region a long dispatch runs.
std::string wholeVectorsOnly(std::string glsl) {
    const std::string constant = "layout(constant_id = 1) const uint kFlatMode = 0u;";
    const size_t at = glsl.find(constant);
    if (at == std::string::npos) throw std::runtime_error("the kernel has no kFlatMode constant to fix");
    glsl.replace(at, constant.size(), "const uint kFlatMode = 1u;  // vkdml-kernel-check --count: whole vectors only");
    return glsl;
}

struct Row {
    std::string op, dmlName, type, outputType, variant, kernel, walk;
    bool fusedDefine = false;
    uint32_t elements = 0;  // per invocation
    EntryPointCounts counts;
    double perElement(uint32_t n) const { return double(n) / elements; }
    double total() const { return perElement(counts.scalar.total()); }
};

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');)
        if (!item.empty()) items.push_back(item);
    return items;
}

int usage(const char* message) {
    if (message) std::fprintf(stderr, "vkdml-kernel-check: %s\n", message);
    std::fprintf(stderr,
                 "usage: vkdml-kernel-check --count [--op a,b,...] [--type f32,f16,...] [--native-half] [--json FILE]\n"
                 "       [--dump DIR]\n"
                 "  static instruction counts per element of the packed kernels of vkdml-bench's element-wise rows,\n"
                 "  fusedFma off (plain) and on (fused); --native-half: the driver's own fp16 conversions (as on NVIDIA's\n"
                 "  GPUs) instead of the integer forms. --dump DIR: each counted kernel's GLSL and optimized SPIR-V\n"
                 "  (DIR/<op>_<type>_<variant>.comp, .spv). Without --count: compile and validate every kernel.\n");
    return 2;
}

}  // namespace

int countMain(int argc, char** argv) {
    std::set<std::string> onlyOps, onlyTypes;
    std::string jsonPath, dumpDir;
    bool nativeHalf = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
            return argv[++i];
        };
        try {
            if (arg == "--count") {
                continue;
            } else if (arg == "--op") {
                for (const std::string& s : splitList(value())) onlyOps.insert(s);
            } else if (arg == "--type") {
                for (const std::string& s : splitList(value())) onlyTypes.insert(s);
            } else if (arg == "--json") {
                jsonPath = value();
            } else if (arg == "--dump") {
                dumpDir = value();
            } else if (arg == "--native-half") {
                nativeHalf = true;
            } else if (arg == "--help" || arg == "-h") {
                usage(nullptr);
                return 0;
            } else {
                return usage(("unknown option " + arg).c_str());
            }
        } catch (const std::exception& e) {
            return usage(e.what());
        }
    }
    for (const std::string& name : onlyOps)
        if (!bench::findOp(name)) return usage(("unknown --op " + name + " (vkdml-bench's operator names)").c_str());

    std::vector<Row> rows;
    for (const bench::OpSpec& spec : bench::opTable()) {
        if (!onlyOps.empty() && !onlyOps.count(spec.key)) continue;
        // The row's case types as vkdml-bench runs them: FLOAT32 and FLOAT16, or the one type of CAST and
        // single-type rows.
        std::vector<DML_TENSOR_DATA_TYPE> types;
        for (DML_TENSOR_DATA_TYPE t : {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16})
            if (spec.takesType(t)) types.push_back(t);
        if (types.empty()) types.push_back(spec.firstType());
        for (DML_TENSOR_DATA_TYPE type : types) {
            if (!onlyTypes.empty() && !onlyTypes.count(typeName(type))) continue;
            for (bool fused : {false, true}) {
                Row row;
                row.op = spec.key;
                row.dmlName = spec.dmlName;
                row.type = typeName(type);
                row.outputType = typeName(spec.outputType(type));
                row.variant = fused ? "fused" : "plain";
                try {
                    const vkdml::dml::OperatorInfo info = benchOperator(spec, type);
                    const LoweredKernel lowered = vkdml::elementwise::packedKernel(info, gpuTarget(fused, nativeHalf));
                    const ElementwiseProgram& program = lowered.program;
                    row.kernel = program.name();
                    row.walk = vkdml::kernel::walkName(program.walk);
                    row.fusedDefine = program.fusedFma;
                    row.elements = elementsPerInvocation(program);
                    const std::string glsl = wholeVectorsOnly(vkdml::kernel::generateGlsl(program));
                    const std::vector<uint32_t> spirv =
                        vkdml::vk::compileComputeShader(glsl, vkdml::vk::SpirvOptimization::Performance);
                    row.counts = countEntryPoint(spirv);
                    if (!dumpDir.empty()) {
                        const std::string stem = dumpDir + "/" + row.op + "_" + row.type + "_" + row.variant;
                        std::ofstream(stem + ".comp") << glsl;
                        std::ofstream(stem + ".spv", std::ios::binary)
                            .write(reinterpret_cast<const char*>(spirv.data()),
                                   static_cast<std::streamsize>(spirv.size() * 4));
                    }
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "vkdml-kernel-check --count: %s %s %s: %s\n", spec.key, row.type.c_str(),
                                 row.variant.c_str(), e.what());
                    return 1;
                }
                rows.push_back(std::move(row));
            }
        }
    }
    if (rows.empty()) return usage("no rows match --op/--type");

    std::printf(
        "Static instruction counts per element: the packed kernel of each vkdml-bench element-wise row (flat walk; "
        "general operators: linear walk), GPU-like target (storage16 on; float64Math, exactDivSqrt, wideWords off; "
        "nativeHalf with --native-half), fusedFma off (plain) and on (fused: #define VKDML_FUSED_FMA), spirv-opt -O (all "
        "calls "
        "inlined). Counted in the entry point's whole-vector part (kFlatMode fixed to 1; the tail is left out): every "
        "instruction on every path once (static, not executed: both sides of a branch, a loop body once), a vector "
        "instruction once per component, divided by the elements one invocation handles (flat: 16 bytes of the type; "
        "linear: 4). float = FAdd FSub FMul FDiv FNegate, compares, Fma FMin FMax FAbs Floor ...; int = integer "
        "arithmetic, bitwise, shifts, compares, Select, logical; conv = Convert*, FConvert, Bitcast, pack/unpack; "
        "special = the other GLSL.std.450 instructions (Exp2 Log2 Sqrt InverseSqrt Sin ...). fused/plain = ratio of "
        "totals.\n\n");
    std::printf("%-21s %-4s %-5s %8s %8s %8s %8s %9s %11s\n", "op", "type", "var", "float", "int", "conv", "special",
                "total/el", "fused/plain");
    const Row* plain = nullptr;
    for (const Row& row : rows) {
        const ClassCounts& c = row.counts.scalar;
        char ratio[16] = "";
        if (row.variant == "plain") plain = &row;
        else if (plain && plain->total() > 0) std::snprintf(ratio, sizeof(ratio), "%.3f", row.total() / plain->total());
        std::printf("%-21s %-4s %-5s %8.2f %8.2f %8.2f %8.2f %9.2f %11s\n", row.op.c_str(), row.type.c_str(),
                    row.variant.c_str(), row.perElement(c.floatOps), row.perElement(c.intOps),
                    row.perElement(c.conversions), row.perElement(c.special), row.total(), ratio);
    }
    for (const Row& row : rows)
        if (row.counts.functionCalls)
            std::printf("Note: %s %s %s keeps %u function calls after inlining (counted as calls only)\n",
                        row.op.c_str(), row.type.c_str(), row.variant.c_str(), row.counts.functionCalls);

    if (!jsonPath.empty()) {
        using nlohmann::json;
        auto classes = [](const ClassCounts& c) {
            return json{{"float", c.floatOps},  {"int", c.intOps},         {"conv", c.conversions},
                        {"special", c.special}, {"total", c.total()},      {"control", c.control},
                        {"other", c.other}};
        };
        json results = json::array();
        const Row* base = nullptr;
        for (const Row& row : rows) {
            const ClassCounts& c = row.counts.scalar;
            json r = {{"op", row.op},
                      {"dml_operator", "DML_OPERATOR_" + row.dmlName},
                      {"type", row.type},
                      {"output_type", row.outputType},
                      {"variant", row.variant},
                      {"kernel", row.kernel},
                      {"walk", row.walk},
                      {"fused_fma_define", row.fusedDefine},
                      {"elements_per_invocation", row.elements},
                      {"per_element",
                       {{"float", row.perElement(c.floatOps)},
                        {"int", row.perElement(c.intOps)},
                        {"conv", row.perElement(c.conversions)},
                        {"special", row.perElement(c.special)},
                        {"total", row.total()}}},
                      {"per_invocation_scalar", classes(c)},
                      {"per_invocation_instructions", classes(row.counts.instructions)},
                      {"special_by_name", row.counts.specialByName},
                      {"function_calls", row.counts.functionCalls}};
            if (row.variant == "plain") base = &row;
            else if (base && base->total() > 0) r["fused_over_plain"] = row.total() / base->total();
            results.push_back(r);
        }
        json doc = {{"tool", "vkdml-kernel-check --count"},
                    {"counts",
                     "static per-element instruction counts of the whole-vector part of each packed kernel, spirv-opt "
                     "-O, vector instructions once per component (per_invocation_instructions: once each)"},
                    {"target",
                     {{"storage16", true},
                      {"float64Math", false},
                      {"exactDivSqrt", false},
                      {"nativeHalf", nativeHalf},
                      {"wideWords", false},
                      {"int64", true},
                      {"float64", true}}},
                    {"results", results}};
        std::ofstream file(jsonPath);
        file << doc.dump(1) << "\n";
        if (!file) {
            std::fprintf(stderr, "vkdml-kernel-check: cannot write %s\n", jsonPath.c_str());
            return 1;
        }
    }
    return 0;
}

}  // namespace kernel_check
