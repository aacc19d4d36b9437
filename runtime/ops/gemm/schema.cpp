#include "ops/gemm/schema.h"

#include <iterator>
#include <string>
#include <utility>

#include "core/error.h"
#include "dml/operator_desc.h"

namespace vkdml::gemm {

using namespace dml;

namespace {

// 4-D FLOAT32 and FLOAT16 from 1_0; 2- to 4-D (the batch dimensions optional) from 4_0.
constexpr SupportRow kGemmRows[] = {
    {DML_FEATURE_LEVEL_1_0, 4, 4, kFloatTypes},
    {DML_FEATURE_LEVEL_4_0, 2, 4, kFloatTypes},
};
constexpr SupportTable kGemmSupport{kGemmRows, std::size(kGemmRows)};

constexpr FieldSpec kGemmFields[] = {
    {"ATensor", FieldKind::InputTensor},
    {"BTensor", FieldKind::InputTensor},
    {"CTensor", FieldKind::InputTensor, FloatRule::Any, nullptr, 0, DML_FEATURE_LEVEL_1_0},
    {"OutputTensor", FieldKind::OutputTensor},
    {"TransA", FieldKind::Enum, FloatRule::Any, nullptr, DML_MATRIX_TRANSFORM_TRANSPOSE + 1},
    {"TransB", FieldKind::Enum, FloatRule::Any, nullptr, DML_MATRIX_TRANSFORM_TRANSPOSE + 1},
    {"Alpha", FieldKind::Float},
    {"Beta", FieldKind::Float},
    {"FusedActivation", FieldKind::FusedActivation},
};

constexpr uint32_t kInt8 = kTypeMask(DML_TENSOR_DATA_TYPE_INT8) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT8);
constexpr uint32_t kInts8To32 = kInt8 | kTypeMask(DML_TENSOR_DATA_TYPE_INT16) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT16) |
                                kTypeMask(DML_TENSOR_DATA_TYPE_INT32) | kTypeMask(DML_TENSOR_DATA_TYPE_UINT32);
constexpr uint32_t kFloat32 = kTypeMask(DML_TENSOR_DATA_TYPE_FLOAT32);
constexpr uint32_t kInt32 = kTypeMask(DML_TENSOR_DATA_TYPE_INT32);

#define VKDML_TABLE(name, ...)                     \
    constexpr SupportRow name##Rows[] = {__VA_ARGS__}; \
    constexpr SupportTable name{name##Rows, static_cast<uint32_t>(std::size(name##Rows))};

// MATRIX_MULTIPLY_INTEGER (2_1): every tensor 4-D; from 4_0 A, B and the output 2- to 4-D, A's zero point 1- to
// 4-D, B's 2- to 4-D (1- to 4-D from 5_2). INT8 and UINT8 in, INT32 out.
VKDML_TABLE(kMmiMatrix, {DML_FEATURE_LEVEL_2_1, 4, 4, kInt8}, {DML_FEATURE_LEVEL_4_0, 2, 4, kInt8})
VKDML_TABLE(kMmiAZeroPoint, {DML_FEATURE_LEVEL_2_1, 4, 4, kInt8}, {DML_FEATURE_LEVEL_4_0, 1, 4, kInt8})
VKDML_TABLE(kMmiBZeroPoint, {DML_FEATURE_LEVEL_2_1, 4, 4, kInt8}, {DML_FEATURE_LEVEL_4_0, 2, 4, kInt8},
            {DML_FEATURE_LEVEL_5_2, 1, 4, kInt8})
VKDML_TABLE(kMmiOutput, {DML_FEATURE_LEVEL_2_1, 4, 4, kInt32}, {DML_FEATURE_LEVEL_4_0, 2, 4, kInt32})
// QUANTIZED_LINEAR_MATRIX_MULTIPLY (2_1): every tensor 4-D; from 4_0 A, B and the output 2- to 4-D, the scales and
// zero points 1- to 4-D. INT8 and UINT8 tensors, FLOAT32 scales.
VKDML_TABLE(kQlmmMatrix, {DML_FEATURE_LEVEL_2_1, 4, 4, kInt8}, {DML_FEATURE_LEVEL_4_0, 2, 4, kInt8})
VKDML_TABLE(kQlmmZeroPoint, {DML_FEATURE_LEVEL_2_1, 4, 4, kInt8}, {DML_FEATURE_LEVEL_4_0, 1, 4, kInt8})
VKDML_TABLE(kQlmmScale, {DML_FEATURE_LEVEL_2_1, 4, 4, kFloat32}, {DML_FEATURE_LEVEL_4_0, 1, 4, kFloat32})
// MATRIX_MULTIPLY_INTEGER_TO_FLOAT (6_2): A, B 2- to 4-D and their zero points 1- to 4-D, 8- to 32-bit integers;
// scales 1- to 4-D, Bias and the output 2- to 4-D, FLOAT32 or FLOAT16.
VKDML_TABLE(kMmitfMatrix, {DML_FEATURE_LEVEL_6_2, 2, 4, kInts8To32})
VKDML_TABLE(kMmitfZeroPoint, {DML_FEATURE_LEVEL_6_2, 1, 4, kInts8To32})
VKDML_TABLE(kMmitfScale, {DML_FEATURE_LEVEL_6_2, 1, 4, kFloatTypes})
VKDML_TABLE(kMmitfOutput, {DML_FEATURE_LEVEL_6_2, 2, 4, kFloatTypes})

constexpr FieldSpec input(const char* name, const SupportTable* table, bool optional = false) {
    return {name, FieldKind::InputTensor, FloatRule::Any, table, 0, optional ? uint32_t(DML_FEATURE_LEVEL_1_0) : 0u};
}

constexpr FieldSpec kMmiFields[] = {
    input("ATensor", &kMmiMatrix),
    input("AZeroPointTensor", &kMmiAZeroPoint, true),
    input("BTensor", &kMmiMatrix),
    input("BZeroPointTensor", &kMmiBZeroPoint, true),
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kMmiOutput},
};
constexpr FieldSpec kQlmmFields[] = {
    input("ATensor", &kQlmmMatrix),
    input("AScaleTensor", &kQlmmScale),
    input("AZeroPointTensor", &kQlmmZeroPoint, true),
    input("BTensor", &kQlmmMatrix),
    input("BScaleTensor", &kQlmmScale),
    input("BZeroPointTensor", &kQlmmZeroPoint, true),
    input("OutputScaleTensor", &kQlmmScale),
    input("OutputZeroPointTensor", &kQlmmZeroPoint, true),
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kQlmmMatrix},
};
constexpr FieldSpec kMmitfFields[] = {
    input("ATensor", &kMmitfMatrix),
    input("AScaleTensor", &kMmitfScale),
    input("AZeroPointTensor", &kMmitfZeroPoint, true),
    input("BTensor", &kMmitfMatrix),
    input("BScaleTensor", &kMmitfScale),
    input("BZeroPointTensor", &kMmitfZeroPoint, true),
    input("BiasTensor", &kMmitfOutput, true),
    {"OutputTensor", FieldKind::OutputTensor, FloatRule::Any, &kMmitfOutput},
};

// Tensors whose DataType must equal another's: pairs of field names.
void requireSameTypes(const OperatorInfo& info, const std::string& prefix,
                      std::initializer_list<std::pair<const char*, const char*>> pairs) {
    auto find = [&](const char* name) -> const TensorLayout* {
        for (uint32_t s = 0; s < info.inputSlotCount(); ++s)
            if (std::string(info.inputSlotName(s)) == name) return info.slotInput(s);
        return std::string(name) == "OutputTensor" ? &info.outputs[0] : nullptr;
    };
    for (const auto& [first, second] : pairs) {
        const TensorLayout* a = find(first);
        const TensorLayout* b = find(second);
        if (!a || !b) continue;
        require(a->dataType == b->dataType, prefix + second + ".DataType = " + dataTypeName(b->dataType) +
                                                " differs from " + first + ".DataType = " + dataTypeName(a->dataType));
    }
}

void checkMmiTypes(const OperatorInfo& info, const std::string& prefix) {
    requireSameTypes(info, prefix, {{"ATensor", "AZeroPointTensor"}, {"BTensor", "BZeroPointTensor"}});
}
void checkQlmmTypes(const OperatorInfo& info, const std::string& prefix) {
    requireSameTypes(info, prefix, {{"ATensor", "AZeroPointTensor"}, {"BTensor", "BZeroPointTensor"},
                                    {"OutputTensor", "OutputZeroPointTensor"}});
}
void checkMmitfTypes(const OperatorInfo& info, const std::string& prefix) {
    requireSameTypes(info, prefix, {{"ATensor", "AZeroPointTensor"}, {"ATensor", "BTensor"},
                                    {"BTensor", "BZeroPointTensor"}, {"OutputTensor", "AScaleTensor"},
                                    {"OutputTensor", "BScaleTensor"}, {"OutputTensor", "BiasTensor"}});
}

constexpr OperatorSchema kSchemas[] = {
    {DML_OPERATOR_GEMM, kGemmFields, static_cast<uint32_t>(std::size(kGemmFields)), &kGemmSupport, false, "gemm"},
    {DML_OPERATOR_MATRIX_MULTIPLY_INTEGER, kMmiFields, static_cast<uint32_t>(std::size(kMmiFields)), &kMmiMatrix,
     false, "matmul_integer", {0.0f, 0.0f}, checkMmiTypes},
    {DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY, kQlmmFields, static_cast<uint32_t>(std::size(kQlmmFields)),
     &kQlmmMatrix, false, "qlinear_matmul", {0.0f, 0.0f}, checkQlmmTypes},
    {DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT, kMmitfFields, static_cast<uint32_t>(std::size(kMmitfFields)),
     &kMmitfMatrix, false, "matmul_integer_to_float", {0.0f, 0.0f}, checkMmitfTypes},
};

}  // namespace

const OperatorSchema* schemaOf(DML_OPERATOR_TYPE type) {
    for (const OperatorSchema& s : kSchemas)
        if (s.type == type) return &s;
    return nullptr;
}

}  // namespace vkdml::gemm
