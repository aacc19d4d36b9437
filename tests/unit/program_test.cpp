// Element-wise programs on their own: builders, validation, the stable hash, names; the GLSL generator and the
// math library cut; the lowering of every implemented operator and data type. No GPU.
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <utility>

#include "ops/registry.h"
#include "core/error.h"
#include "ops/elementwise/lowering.h"
#include "ops/elementwise/general_lowering.h"
#include "ops/elementwise/kernel_catalog.h"
#include "ops/elementwise/schema.h"
#include "dml/operator_schema.h"
#include "kernel/general_generator.h"
#include "kernel/glsl_generator.h"
#include "kernel/glsl_library.h"
#include "kernel/program.h"

using namespace vkdml;
using kernel::ElementwiseProgram;
using kernel::Fn;
using kernel::ScalarType;
using kernel::Walk;

namespace {

ElementwiseProgram celuProgram(Walk walk = Walk::Flat) {
    ElementwiseProgram p;
    p.inputs = {ScalarType::Float32};
    p.outputs = {ScalarType::Float32};
    p.walk = walk;
    p.label = "celu";
    const uint32_t x = p.input(0);
    p.store(0, p.call(Fn::Celu, ScalarType::Float32, {x, p.attribute(0, ScalarType::Float32)}));
    return p;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("element-wise program: builders, validation, listing and name") {
    ElementwiseProgram p = celuProgram();
    CHECK(p.validate().empty());
    CHECK(p.name() == "celu_f32_contig");
    CHECK(contains(p.describe(), "v2 = celu(v0, v1) : float32"));
    p.float64Math = true;
    CHECK(p.name() == "celu_f32_contig_d");

    ElementwiseProgram bad = celuProgram();
    bad.ops[2].args[1] = 5;  // an operand defined later
    CHECK(contains(bad.validate(), "not defined before use"));
    bad = celuProgram();
    bad.ops[2].index = 3;  // argument count against the arity
    CHECK(contains(bad.validate(), "takes 2 arguments"));
    bad = celuProgram();
    bad.ops.pop_back();  // the output never stored
    CHECK(contains(bad.validate(), "stored 0 times"));
    bad = celuProgram();
    bad.store(0, 0);  // stored twice
    CHECK(contains(bad.validate(), "stored 2 times"));
    bad = celuProgram();
    bad.ops[0].index = 1;  // input out of range
    CHECK(contains(bad.validate(), "out of range"));
    bad = celuProgram();
    bad.ops[2].type = ScalarType::Int32;  // a float function computing int32
    CHECK(contains(bad.validate(), "does not compute int32"));
    bad = celuProgram();
    bad.outputs.clear();
    CHECK(bad.validate() == "no outputs");
    ElementwiseProgram castThenStore;
    castThenStore.inputs = {ScalarType::Float32};
    castThenStore.outputs = {ScalarType::Int32};
    castThenStore.store(0, castThenStore.cast(castThenStore.input(0), ScalarType::Int32));
    CHECK(castThenStore.validate().empty());
    CHECK(contains(castThenStore.describe(), "cast v0 : int32"));
}

TEST_CASE("element-wise program hash: stable, and every field that shapes the code changes it") {
    const ElementwiseProgram base = celuProgram();
    // Pinned: the hash must not depend on the run, the machine or the build (it names files on disk).
    CHECK(base.hash() == celuProgram().hash());
    CHECK(base.hash() == 0xf4f1e64d7408d04eull);
    ElementwiseProgram relabeled = base;
    relabeled.label = "other";
    CHECK(relabeled.hash() == base.hash());  // the label is for people only

    std::set<uint64_t> hashes{base.hash()};
    auto distinct = [&](const ElementwiseProgram& p) { return hashes.insert(p.hash()).second; };
    ElementwiseProgram p = base;
    p.walk = Walk::Strided;
    CHECK(distinct(p));
    p = base;
    p.float64Math = true;
    CHECK(distinct(p));
    p = base;
    p.int64Math = true;
    CHECK(distinct(p));
    p = base;
    p.storage16 = true;
    CHECK(distinct(p));
    p = base;
    p.exactDivSqrt = true;
    CHECK(distinct(p));
    CHECK(p.name() == "celu_f32_contig_x");
    p = base;
    p.inputs[0] = ScalarType::Float16;
    CHECK(distinct(p));
    p = base;
    p.outputs[0] = ScalarType::Float16;
    CHECK(distinct(p));
    p = base;
    p.ops[2].fn = Fn::CeluStraight;
    CHECK(distinct(p));
    p = base;
    p.ops[1].index = 1;
    CHECK(distinct(p));
    p = base;
    p.ops[1] = p.ops[0];
    CHECK(distinct(p));
    p = base;
    p.constant(0x3f800000, ScalarType::Float32);
    CHECK(distinct(p));
}

TEST_CASE("math library cut: a kernel carries what its calls reach and nothing else") {
    const std::string celu = kernel::mathLibraryClosure({"vk_act_celu"});
    CHECK(contains(celu, "float vk_act_celu("));
    CHECK(contains(celu, "vk_m_scaled_exp"));  // reached through vk_act_celu
    CHECK(contains(celu, "struct vk_f2"));
    CHECK_FALSE(contains(celu, "vk_act_gelu"));
    CHECK_FALSE(contains(celu, "vk_act_softplus_straight"));
    CHECK_FALSE(contains(celu, "#ifndef VKDML_MATH_GLSL"));  // include guards dropped
    const std::string none = kernel::mathLibraryClosure({});
    CHECK(contains(none, "#define VK_INLINE"));
    CHECK(none.size() < 64);
    // Every library function a program can call is in the library (the integer ones live in vkdml_integer.glsl).
    for (uint32_t f = 1; f < static_cast<uint32_t>(Fn::Count); ++f) {
        const kernel::FnInfo& fn = kernel::fnInfo(static_cast<Fn>(f));
        CAPTURE(fn.name);
        if (fn.domain == kernel::FnDomain::Integer)
            CHECK(contains(std::string(kernel::glslSource("vkdml_integer.glsl")), fn.glsl));
        else
            CHECK(contains(kernel::mathLibraryClosure({fn.glsl}), std::string(fn.glsl) + "("));
    }
    CHECK_THROWS_AS(kernel::glslSource("no_such_file.glsl"), std::invalid_argument);
}

TEST_CASE("math library cut: one form of the library per kernel, portable or fused-fma") {
    // vk_two_prod is a Veltkamp split without VKDML_FUSED_FMA and one fma with it: each cut carries its own helper
    // only, and no VKDML_FUSED_FMA conditional is left for glslang.
    const std::string portable = kernel::mathLibraryClosure({"vk_two_prod"});
    const std::string fused = kernel::mathLibraryClosure({"vk_two_prod"}, true);
    CHECK(contains(portable, "vk_split("));
    CHECK_FALSE(contains(portable, "vk_fma("));
    CHECK(contains(fused, "vk_fma("));
    CHECK_FALSE(contains(fused, "vk_split("));
    // vk_fma keeps its own VKDML_EMULATED_FMA conditional (a different macro, left to glslang).
    CHECK(contains(fused, "#ifdef VKDML_EMULATED_FMA"));
    for (const std::string* cut : {&portable, &fused}) {
        CHECK_FALSE(contains(*cut, "#ifdef VKDML_FUSED_FMA"));
        CHECK_FALSE(contains(*cut, "#ifndef VKDML_FUSED_FMA"));
        CHECK_FALSE(contains(*cut, "float vk_m_ldexp("));  // not reached from vk_two_prod in either form
    }
    CHECK(contains(kernel::mathLibraryClosure({"vk_act_gelu"}, true), "vk_fma("));
}

TEST_CASE("GLSL generator: storage defines, the program as vkdml_apply, the walk's body, no #include left") {
    const std::string flat = kernel::generateGlsl(celuProgram(Walk::Flat));
    CHECK(flat.rfind("#version 450\n", 0) == 0);
    CHECK(contains(flat, "#define VKDML_F32\n"));
    CHECK(contains(flat, "const float v2 = vk_act_celu(v0, v1);"));
    CHECK(contains(flat, "layout(constant_id = 1) const uint kFlatMode"));  // elementwise_contiguous.glsl
    CHECK_FALSE(contains(flat, "#include"));
    CHECK_FALSE(contains(flat, "vk_act_gelu"));

    ElementwiseProgram half = celuProgram(Walk::Strided);
    half.inputs = half.outputs = {ScalarType::Float16};
    half.ops[0].type = half.ops[2].type = half.ops[3].type = ScalarType::Float16;
    half.storage16 = true;
    CHECK(contains(kernel::generateGlsl(half), "#define VKDML_F16_S16\n"));
    half.walk = Walk::Rows;  // 16-bit storage is for the strided walk only
    CHECK(contains(kernel::generateGlsl(half), "#define VKDML_F16\n"));

    ElementwiseProgram u8;
    u8.inputs = u8.outputs = {ScalarType::UInt8};
    u8.store(0, u8.input(0));
    const std::string copy = kernel::generateGlsl(u8);
    CHECK(contains(copy, "#define VKDML_INT_BITS 8\n#define VKDML_INT_SIGNED 0\n"));
    CHECK(contains(copy, "const uint v0 = x;"));

    ElementwiseProgram two = celuProgram();
    two.inputs.push_back(ScalarType::Float32);
    CHECK(contains(kernel::generateGlsl(two), "#define VKDML_BINARY\n"));

    ElementwiseProgram mixed = celuProgram();
    mixed.inputs = {ScalarType::Float16};
    mixed.ops[0].type = ScalarType::Float16;
    CHECK_THROWS_AS(kernel::generateGlsl(mixed), std::invalid_argument);  // types differ: not carried yet
    ElementwiseProgram invalid = celuProgram();
    invalid.ops.pop_back();
    CHECK_THROWS_AS(kernel::generateGlsl(invalid), std::invalid_argument);
}

TEST_CASE("lowering: every implemented operator and data type becomes a valid program") {
    const std::vector<elementwise::CatalogEntry> catalog = elementwise::elementwiseKernelCatalog();
    std::set<std::pair<int, int>> covered;
    std::set<std::string> names;
    std::set<int> generalOperators;
    std::set<uint64_t> hashes;
    for (const auto& entry : catalog) {
        hashes.insert(entry.kernel.program.hash());
        if (elementwise::isGeneralOperator(entry.op)) generalOperators.insert(int(entry.op));
        CAPTURE(entry.kernel.program.describe());
        CHECK(entry.kernel.program.validate().empty());
        CHECK_NOTHROW(kernel::generateGlsl(entry.kernel.program));
        names.insert(entry.kernel.program.name());
    }
    MESSAGE(catalog.size() << " distinct programs");
    // Every operator on every data type it takes (the catalog keeps one entry per distinct program, and operators
    // that share a program, such as ACTIVATION_IDENTITY and ELEMENT_WISE_IDENTITY, share its entry).
    elementwise::KernelTarget target;
    target.int64 = true;
    for (uint32_t t = 0; t < dml::operatorTypeCount(); ++t) {
        const dml::OperatorSchema* schema = elementwise::schemaOf(static_cast<DML_OPERATOR_TYPE>(t));
        if (!schema) continue;  // not an element-wise operator
        if (elementwise::isGeneralOperator(schema->type)) {  // the catalog lowered every type of theirs above
            if (schema->type == DML_OPERATOR_DEQUANTIZE) {
                // Every DEQUANTIZE program is a DEQUANTIZE_LINEAR one (same types, same functions), kept under that
                // operator: one of them, UINT8 with a FLOAT16 scale and zero point, must be in the catalog.
                dml::OperatorInfo info;
                info.schema = schema;
                dml::TensorLayout u8, f16;
                u8.dataType = DML_TENSOR_DATA_TYPE_UINT8;
                f16.dataType = DML_TENSOR_DATA_TYPE_FLOAT16;
                info.inputs = {u8, f16, u8};
                info.outputs = {f16};
                kernel::ElementwiseProgram program = elementwise::lowerGeneral(info, target).program;
                program.walk = Walk::Linear;
                program.access.assign(4, kernel::Access::Packed);
                CHECK(hashes.count(program.hash()) == 1);
                continue;
            }
            CHECK(generalOperators.count(int(t)) == 1);
            continue;
        }
        for (uint32_t d = 0; d < 32; ++d) {
            if (!(schema->support->rows[schema->support->rowCount - 1].dataTypes & (1u << d))) continue;
            dml::OperatorInfo info;
            info.schema = schema;
            dml::TensorLayout tensor;
            tensor.dataType = static_cast<DML_TENSOR_DATA_TYPE>(d);
            for (uint32_t f = 0; f < schema->fieldCount; ++f) {
                if (schema->fields[f].kind == dml::FieldKind::InputTensor) info.inputs.push_back(tensor);
                if (schema->fields[f].kind == dml::FieldKind::OutputTensor) info.outputs.push_back(tensor);
                if (schema->fields[f].kind == dml::FieldKind::Float) info.attributes.addFloat(schema->fields[f].name, 0);
                if (schema->fields[f].kind == dml::FieldKind::OptionalScaleBias) {
                    info.attributes.addFloat("ScaleBias.Scale", 1.0f);
                    info.attributes.addFloat("ScaleBias.Bias", 0.0f);
                }
            }
            CAPTURE(dml::operatorName(schema->type));
            CAPTURE(d);
            CHECK(elementwise::lowerElementwise(info, target, Walk::Strided).program.validate().empty());
            covered.insert({int(t), int(d)});
        }
    }
    // 21 operators: 17 float-only (x2 types), RELU and PARAMETERIZED_RELU (+3 signed), SHRINK (+6 integer types),
    // ELEMENT_WISE_IDENTITY (+6 integer and 3 64-bit types).
    CHECK(covered.size() == 17 * 2 + 2 * 5 + 8 + 11);
    for (const std::string expected : {"celu_straight_f32_contig", "celu_f16_strided16", "hard_swish_f32_rows_d", "relu_i8_contig",
                                 "shrink_u16_strided", "prelu_i32_strided", "identity_x64_strided",
                                 "identity_straight_f16_rows", "celu_f32_naive", "gelu_f32_strided"})
        CHECK_MESSAGE(names.count(expected) == 1, expected);
    CHECK(names.count("prelu_f32_contig") == 0);  // two-input kernels walk strided only
}

namespace {

// A general program lowered for `target` (packed tensors of one type; the outputs of `outputType` where given).
kernel::ElementwiseProgram loweredFor(DML_OPERATOR_TYPE type, DML_TENSOR_DATA_TYPE dataType,
                                      const elementwise::KernelTarget& target,
                                      DML_TENSOR_DATA_TYPE outputType = DML_TENSOR_DATA_TYPE_UNKNOWN) {
    dml::OperatorInfo info;
    info.schema = vkdml::ops::schemas().schema(type);
    dml::TensorLayout input, output;
    input.dataType = dataType;
    output.dataType = outputType == DML_TENSOR_DATA_TYPE_UNKNOWN ? dataType : outputType;
    for (uint32_t f = 0; f < info.schema->fieldCount; ++f) {
        if (info.schema->fields[f].kind == dml::FieldKind::InputTensor) info.inputs.push_back(input);
        if (info.schema->fields[f].kind == dml::FieldKind::OutputTensor) info.outputs.push_back(output);
    }
    kernel::ElementwiseProgram p = elementwise::lowerGeneral(info, target).program;
    p.walk = Walk::Linear;
    p.access.assign(p.tensorCount(), kernel::Access::Packed);
    return p;
}

// EXP with a DML_SCALE_BIAS, lowered: its kernel's text.
std::string expWithScaleBias(float scale, float bias, DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_FLOAT32) {
    dml::OperatorInfo info;
    info.schema = vkdml::ops::schemas().schema(DML_OPERATOR_ELEMENT_WISE_EXP);
    dml::TensorLayout tensor;
    tensor.dataType = dataType;
    info.inputs.push_back(tensor);
    info.outputs.push_back(tensor);
    info.hasScaleBias = true;
    info.attributes.addFloat("ScaleBias.Scale", scale);
    info.attributes.addFloat("ScaleBias.Bias", bias);
    kernel::ElementwiseProgram p = elementwise::lowerGeneral(info, {}).program;
    p.walk = Walk::Linear;
    p.access.assign(p.tensorCount(), kernel::Access::Packed);
    return kernel::generateGeneralGlsl(p);
}

}  // namespace

TEST_CASE("ScaleBias: scale only and bias only take their cheap forms, only for normal parameters") {
    CHECK(contains(expWithScaleBias(-0.5f, 0.0f), "vk_ew_scale("));
    CHECK(contains(expWithScaleBias(2.0f, -0.0f, DML_TENSOR_DATA_TYPE_FLOAT16), "vk_ew_scale("));
    CHECK(contains(expWithScaleBias(1.0f, 8.0f), "vk_ew_shift("));
    for (const auto& [scale, bias] : {std::pair{2.0f, 1.0f}, std::pair{1e-40f, 0.0f}, std::pair{1.0f, 1e-40f},
                                      std::pair{INFINITY, 0.0f}, std::pair{1.0f, NAN}, std::pair{0.0f, 0.0f}}) {
        INFO("scale " << scale << ", bias " << bias);
        const std::string glsl = expWithScaleBias(scale, bias);
        CHECK(contains(glsl, "vk_act_linear("));
        CHECK_FALSE(contains(glsl, "vk_ew_scale("));
        CHECK_FALSE(contains(glsl, "vk_ew_shift("));
    }
    const std::string identity = expWithScaleBias(1.0f, 0.0f);
    CHECK_FALSE(contains(identity, "vk_act_linear("));
    CHECK_FALSE(contains(identity, "vk_ew_scale("));
}

TEST_CASE("IDENTITY's ScaleBias and LINEAR: the same cheap forms on the flat, rows and strided walks") {
    auto kernelText = [](DML_OPERATOR_TYPE type, float p0, float p1, Walk walk) {
        dml::OperatorInfo info;
        info.schema = vkdml::ops::schemas().schema(type);
        dml::TensorLayout tensor;
        tensor.dataType = DML_TENSOR_DATA_TYPE_FLOAT32;
        info.inputs.push_back(tensor);
        info.outputs.push_back(tensor);
        info.hasScaleBias = type == DML_OPERATOR_ELEMENT_WISE_IDENTITY;
        info.attributes.addFloat("p0", p0);
        info.attributes.addFloat("p1", p1);
        return kernel::generateGlsl(elementwise::lowerElementwise(info, {}, walk).program);
    };
    for (DML_OPERATOR_TYPE type : {DML_OPERATOR_ELEMENT_WISE_IDENTITY, DML_OPERATOR_ACTIVATION_LINEAR})
        for (Walk walk : {Walk::Flat, Walk::Rows, Walk::Strided}) {
            INFO("operator " << type << ", walk " << int(walk));
            CHECK(contains(kernelText(type, 3.0f, 0.0f, walk), "vk_ew_scale("));
            CHECK(contains(kernelText(type, -0.25f, -0.0f, walk), "vk_ew_scale("));
            CHECK(contains(kernelText(type, 1.0f, -7.5f, walk), "vk_ew_shift("));
            for (const auto& [p0, p1] : {std::pair{2.0f, 1.0f}, std::pair{1e-40f, 0.0f}, std::pair{1.0f, 1e-40f},
                                         std::pair{INFINITY, 0.0f}, std::pair{1.0f, NAN}, std::pair{0.0f, 0.0f}}) {
                INFO("p0 " << p0 << ", p1 " << p1);
                const std::string glsl = kernelText(type, p0, p1, walk);
                CHECK(contains(glsl, "vk_act_linear("));
                CHECK_FALSE(contains(glsl, "vk_ew_scale("));
                CHECK_FALSE(contains(glsl, "vk_ew_shift("));
            }
            // IDENTITY's {1, 0} is a plain copy; LINEAR's keeps x * 1 + 0 (-0 becomes +0).
            CHECK(contains(kernelText(type, 1.0f, 0.0f, walk), "vk_ew_scale(") ==
                  (type == DML_OPERATOR_ACTIVATION_LINEAR));
        }
}

TEST_CASE("nativeHalf: only programs that read, compute or write FLOAT16, and the kernel defines it") {
    elementwise::KernelTarget native;
    native.nativeHalf = true;
    const auto add16 = loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT16, native);
    CHECK(add16.nativeHalf);
    CHECK(add16.name().find("_h") != std::string::npos);
    CHECK(add16.hash() != loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT16, {}).hash());
    CHECK(contains(kernel::generateGeneralGlsl(add16), "#define VKDML_NATIVE_HALF"));
    CHECK_FALSE(contains(kernel::generateGeneralGlsl(
                             loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT16, {})),
                         "#define VKDML_NATIVE_HALF"));
    // Programs without FLOAT16 keep their code and hash.
    const auto add32 = loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, native);
    CHECK_FALSE(add32.nativeHalf);
    CHECK(add32.hash() == loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, {}).hash());
    CHECK_FALSE(loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_INT16, native).nativeHalf);
    // FLOAT16 written only (the narrowing) or read only (the widening).
    CHECK(loweredFor(DML_OPERATOR_CAST, DML_TENSOR_DATA_TYPE_FLOAT32, native, DML_TENSOR_DATA_TYPE_FLOAT16).nativeHalf);
    CHECK(loweredFor(DML_OPERATOR_CAST, DML_TENSOR_DATA_TYPE_FLOAT16, native, DML_TENSOR_DATA_TYPE_UINT8).nativeHalf);
    CHECK_FALSE(
        loweredFor(DML_OPERATOR_CAST, DML_TENSOR_DATA_TYPE_FLOAT32, native, DML_TENSOR_DATA_TYPE_INT8).nativeHalf);
}

TEST_CASE("wideWords: vectors as 64-bit words in the general and the flat kernels, and a hash of their own") {
    elementwise::KernelTarget llvmpipe;
    llvmpipe.wideWords = true;
    const auto wide = loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, llvmpipe);
    const auto narrow = loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, {});
    CHECK(wide.hash() != narrow.hash());
    CHECK(contains(kernel::generateGeneralGlsl(wide), "u64vec2 t0q[]"));
    CHECK(contains(kernel::generateGeneralGlsl(wide), "vk_pairs_of_words("));
    CHECK_FALSE(contains(kernel::generateGeneralGlsl(narrow), "u64vec2"));
    CHECK(contains(kernel::generateGeneralGlsl(narrow), "uvec4 t0q[]"));
    CHECK(contains(kernel::generateGeneralGlsl(loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT16,
                                                          llvmpipe)),
                   "uint64_t t0q[]"));
    ElementwiseProgram flat = celuProgram(Walk::Flat);
    flat.wideWords = true;
    CHECK(contains(kernel::generateGlsl(flat), "#define VKDML_WIDE_WORDS\n"));
    CHECK_FALSE(contains(kernel::generateGlsl(celuProgram(Walk::Flat)), "#define VKDML_WIDE_WORDS"));
}

TEST_CASE("movesAnyVectors: the vector walks over packed, row or column tensors of 8 to 32 bits, nothing else") {
    ElementwiseProgram add = loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, {});
    add.walk = Walk::Linear;
    add.access.assign(3, kernel::Access::Packed);
    CHECK(kernel::movesAnyVectors(add));
    add.walk = Walk::Elements;  // one element at a time, whatever the access
    CHECK_FALSE(kernel::movesAnyVectors(add));
    add.walk = Walk::Quads;
    add.access.assign(3, kernel::Access::Strided);
    CHECK_FALSE(kernel::movesAnyVectors(add));
    add.access[2] = kernel::Access::Rows;
    CHECK(kernel::movesVectors(add, 2));
    CHECK_FALSE(kernel::movesVectors(add, 0));
    CHECK(kernel::movesAnyVectors(add));
}

TEST_CASE("ADD, SUBTRACT, MULTIPLY of two different inputs skip the folded-zero check; other operands keep it") {
    const auto add = loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, {});
    CHECK(contains(kernel::generateGeneralGlsl(add), "vk_ew_add_loaded(v0, v1)"));
    CHECK(contains(kernel::generateGeneralGlsl(loweredFor(DML_OPERATOR_ELEMENT_WISE_MULTIPLY,
                                                          DML_TENSOR_DATA_TYPE_FLOAT16, {})),
                   "vk_ew_mul_loaded("));
    CHECK_FALSE(contains(kernel::generateGeneralGlsl(loweredFor(DML_OPERATOR_ELEMENT_WISE_ADD,
                                                                DML_TENSOR_DATA_TYPE_INT32, {})),
                         "_loaded"));
    // One value twice, or a constant operand (as fused graphs have): the compiler may fold, so the check stays.
    ElementwiseProgram twice;
    twice.inputs = {ScalarType::Float32};
    twice.outputs = {ScalarType::Float32};
    twice.walk = Walk::Linear;
    twice.access.assign(2, kernel::Access::Packed);
    const uint32_t x = twice.input(0);
    twice.store(0, twice.call(Fn::Subtract, ScalarType::Float32, {x, x}));
    CHECK(contains(kernel::generateGeneralGlsl(twice), "vk_ew_sub(v0, v0)"));
    ElementwiseProgram constant = twice;
    constant.ops.clear();
    const uint32_t y = constant.input(0);
    constant.store(0, constant.call(Fn::Add, ScalarType::Float32, {y, constant.constant(0, ScalarType::Float32)}));
    CHECK_FALSE(contains(kernel::generateGeneralGlsl(constant), "_loaded"));
}

TEST_CASE("exactDivSqrt: only float calls that reach vk_div_cr or vk_sqrt_cr, and the kernel defines it") {
    CHECK(kernel::reachesDivSqrt(Fn::Divide));
    CHECK(kernel::reachesDivSqrt(Fn::Recip));
    CHECK(kernel::reachesDivSqrt(Fn::Sqrt));
    CHECK_FALSE(kernel::reachesDivSqrt(Fn::Add));
    CHECK_FALSE(kernel::reachesDivSqrt(Fn::Celu));
    CHECK_FALSE(kernel::reachesDivSqrt(Fn::None));
    CHECK(kernel::mathLibraryReaches({"vk_ew_sqrt"}, "vk_sqrt_cr"));
    CHECK_FALSE(kernel::mathLibraryReaches({"vk_ew_sqrt"}, "vk_div_cr"));

    auto lowered = [](DML_OPERATOR_TYPE type, DML_TENSOR_DATA_TYPE dataType, bool exact) {
        elementwise::KernelTarget target;
        target.exactDivSqrt = exact;
        return loweredFor(type, dataType, target);
    };
    const auto divide = lowered(DML_OPERATOR_ELEMENT_WISE_DIVIDE, DML_TENSOR_DATA_TYPE_FLOAT32, true);
    CHECK(divide.exactDivSqrt);
    CHECK(divide.hash() != lowered(DML_OPERATOR_ELEMENT_WISE_DIVIDE, DML_TENSOR_DATA_TYPE_FLOAT32, false).hash());
    CHECK(contains(kernel::generateGeneralGlsl(divide), "#define VKDML_EXACT_DIV_SQRT"));
    CHECK_FALSE(contains(kernel::generateGeneralGlsl(lowered(DML_OPERATOR_ELEMENT_WISE_DIVIDE,
                                                             DML_TENSOR_DATA_TYPE_FLOAT32, false)),
                         "#define VKDML_EXACT_DIV_SQRT"));
    CHECK(lowered(DML_OPERATOR_ELEMENT_WISE_SQRT, DML_TENSOR_DATA_TYPE_FLOAT16, true).exactDivSqrt);
    CHECK(lowered(DML_OPERATOR_ELEMENT_WISE_RECIP, DML_TENSOR_DATA_TYPE_FLOAT32, true).exactDivSqrt);
    // Programs that never reach them keep their code and hash.
    CHECK_FALSE(lowered(DML_OPERATOR_ELEMENT_WISE_DIVIDE, DML_TENSOR_DATA_TYPE_INT32, true).exactDivSqrt);
    const auto add = lowered(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, true);
    CHECK_FALSE(add.exactDivSqrt);
    CHECK(add.hash() == lowered(DML_OPERATOR_ELEMENT_WISE_ADD, DML_TENSOR_DATA_TYPE_FLOAT32, false).hash());
}

TEST_CASE("lowering: attributes, device forms and refusals") {
    dml::OperatorInfo info;
    info.schema = vkdml::ops::schemas().schema(DML_OPERATOR_ACTIVATION_SHRINK);
    dml::TensorLayout tensor;
    tensor.dataType = DML_TENSOR_DATA_TYPE_INT16;
    info.inputs = {tensor};
    info.outputs = {tensor};
    info.attributes.addFloat("Bias", 1.5f);
    info.attributes.addFloat("Threshold", 2.0f);
    elementwise::KernelTarget target;
    target.deviceName = "a device without shaderInt64";
    try {
        elementwise::lowerElementwise(info, target, Walk::Strided);
        FAIL("integer SHRINK without shaderInt64 must be refused");
    } catch (const Error& e) {
        CHECK(e.hr() == E_NOTIMPL);
        CHECK(contains(e.what(), "needs shaderInt64, which a device without shaderInt64 lacks"));
    }
    target.int64 = true;
    const elementwise::LoweredKernel shrink = elementwise::lowerElementwise(info, target, Walk::Strided);
    CHECK(shrink.program.int64Math);
    CHECK(shrink.program.name() == "shrink_i16_strided");
    CHECK(shrink.p1Bits == 3u);  // the first x above the threshold

    info.schema = vkdml::ops::schemas().schema(DML_OPERATOR_ACTIVATION_LINEAR);
    tensor.dataType = DML_TENSOR_DATA_TYPE_FLOAT32;
    info.inputs = {tensor};
    info.outputs = {tensor};
    target.float64Math = true;
    const elementwise::LoweredKernel linear = elementwise::lowerElementwise(info, target, Walk::Flat);
    CHECK(linear.program.name() == "linear_f32_contig_d");
    CHECK(linear.p0Bits == 0x3fc00000u);  // 1.5f
    CHECK(linear.p1Bits == 0x40000000u);  // 2.0f
    try {
        info.schema = vkdml::ops::schemas().schema(DML_OPERATOR_ACTIVATION_GELU);
        elementwise::lowerElementwise(info, target, Walk::Naive);
        FAIL("GELU has no naive baseline");
    } catch (const Error& e) {
        CHECK(e.hr() == E_FAIL);
    }
}
