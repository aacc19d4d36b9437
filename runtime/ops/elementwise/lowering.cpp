#include "ops/elementwise/lowering.h"

#include <cmath>
#include <cstring>

#include "core/error.h"
#include "ops/elementwise/integer_shrink.h"
#include "dml/tensor.h"

namespace vkdml::elementwise {

using kernel::Fn;
using kernel::ScalarType;
using kernel::Walk;

namespace {

// How a float operator is computed: its library function, the branch-free form for parameters in [2^-20, 2^20]
// (Fn::None: none), the naive baseline (Fn::None: none), how many attributes the function takes after x, and the
// form for a FLOAT16 result (Fn::None: none) where the straight form would be taken or there is none.
struct FloatForm {
    DML_OPERATOR_TYPE type;
    Fn general, straight, naive;
    uint32_t attributes;
    Fn half = Fn::None;
};

constexpr FloatForm kFloatForms[] = {
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, Fn::Linear, Fn::None, Fn::None, 2},
    {DML_OPERATOR_ACTIVATION_IDENTITY, Fn::Linear, Fn::None, Fn::None, 2},
    {DML_OPERATOR_ACTIVATION_CELU, Fn::Celu, Fn::CeluStraight, Fn::NaiveCelu, 1, Fn::CeluHalf},
    {DML_OPERATOR_ACTIVATION_ELU, Fn::Elu, Fn::EluStraight, Fn::NaiveElu, 1, Fn::EluHalf},
    {DML_OPERATOR_ACTIVATION_GELU, Fn::Gelu, Fn::None, Fn::None, 0, Fn::GeluHalf},
    {DML_OPERATOR_ACTIVATION_HARD_SIGMOID, Fn::HardSigmoid, Fn::None, Fn::None, 2},
    {DML_OPERATOR_ACTIVATION_HARD_SWISH, Fn::HardSwish, Fn::None, Fn::None, 2},
    {DML_OPERATOR_ACTIVATION_LEAKY_RELU, Fn::LeakyRelu, Fn::None, Fn::None, 1},
    {DML_OPERATOR_ACTIVATION_LINEAR, Fn::Linear, Fn::None, Fn::NaiveLinear, 2},
    {DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, Fn::Prelu, Fn::None, Fn::None, 0},
    {DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS, Fn::ParametricSoftplus, Fn::ParametricSoftplusStraight,
     Fn::NaiveParametricSoftplus, 2, Fn::ParametricSoftplusHalf},
    {DML_OPERATOR_ACTIVATION_RELU, Fn::Relu, Fn::None, Fn::NaiveRelu, 0},
    {DML_OPERATOR_ACTIVATION_SCALED_ELU, Fn::ScaledElu, Fn::ScaledEluStraight, Fn::None, 2, Fn::ScaledEluHalf},
    {DML_OPERATOR_ACTIVATION_SCALED_TANH, Fn::ScaledTanh, Fn::None, Fn::None, 2, Fn::ScaledTanhHalf},
    {DML_OPERATOR_ACTIVATION_SHRINK, Fn::Shrink, Fn::None, Fn::None, 2},
    {DML_OPERATOR_ACTIVATION_SIGMOID, Fn::Sigmoid, Fn::SigmoidStraight, Fn::NaiveSigmoid, 0, Fn::SigmoidHalf},
    {DML_OPERATOR_ACTIVATION_SOFTPLUS, Fn::Softplus, Fn::SoftplusStraight, Fn::NaiveSoftplus, 1, Fn::SoftplusHalf},
    {DML_OPERATOR_ACTIVATION_SOFTSIGN, Fn::Softsign, Fn::None, Fn::None, 0},
    {DML_OPERATOR_ACTIVATION_SWISH, Fn::Swish, Fn::SwishStraight, Fn::None, 1, Fn::SwishHalf},
    {DML_OPERATOR_ACTIVATION_TANH, Fn::Tanh, Fn::None, Fn::NaiveTanh, 0, Fn::TanhHalf},
    {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, Fn::ThresholdedRelu, Fn::None, Fn::None, 1},
};

const FloatForm* floatForm(DML_OPERATOR_TYPE type) {
    for (const FloatForm& form : kFloatForms)
        if (form.type == type) return &form;
    return nullptr;
}

bool isIdentity(DML_OPERATOR_TYPE type) {
    return type == DML_OPERATOR_ELEMENT_WISE_IDENTITY || type == DML_OPERATOR_ACTIVATION_IDENTITY;
}

// vk_straight_param_ok: a parameter in [2^-20, 2^20].
bool inStraightRange(float a) { return a >= 0x1p-20f && a <= 0x1p20f; }

// The branch-free kernels (glsl/vkdml_straight.glsl) are exact to 2 ULP for parameters in [2^-20, 2^20] (this is
// vk_straight_param_ok); the identities with scale 1 and bias 0 are plain copies.
bool takesStraightForm(DML_OPERATOR_TYPE type, float p0, float p1) {
    switch (type) {
        case DML_OPERATOR_ACTIVATION_SIGMOID: return true;
        case DML_OPERATOR_ACTIVATION_IDENTITY:
        case DML_OPERATOR_ELEMENT_WISE_IDENTITY: return p0 == 1.0f && p1 == 0.0f;
        case DML_OPERATOR_ACTIVATION_CELU:
        case DML_OPERATOR_ACTIVATION_ELU:
        case DML_OPERATOR_ACTIVATION_SWISH:
        case DML_OPERATOR_ACTIVATION_SOFTPLUS: return inStraightRange(p0);
        case DML_OPERATOR_ACTIVATION_SCALED_ELU: return inStraightRange(p0) && inStraightRange(p1);
        case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS: return inStraightRange(std::fabs(p0)) && inStraightRange(p1);
        default: return false;
    }
}

// Whether the FLOAT16 form takes these parameters, for an operator without a branch-free form (those with one take
// their FLOAT16 form exactly where they take the branch-free one): SCALED_TANH's for |Alpha| and |Beta| in
// [2^-20, 2^20], where the rounding of Beta * x stays relative.
bool halfFormTakes(DML_OPERATOR_TYPE type, float p0, float p1) {
    return type != DML_OPERATOR_ACTIVATION_SCALED_TANH || (inStraightRange(std::fabs(p0)) && inStraightRange(std::fabs(p1)));
}

// ELEMENT_WISE_IDENTITY's ScaleBias and ACTIVATION_LINEAR: x * p0 + p1 rounded once. A zero p1 with a normal p0,
// or p0 1 with a normal p1, takes the cheap form of the same value (Fn::Scale, Fn::Shift), as general_lowering's
// applyScaleBias does; Fn::None keeps the fused vk_act_linear.
Fn cheapLinearForm(DML_OPERATOR_TYPE type, float p0, float p1) {
    if (type != DML_OPERATOR_ELEMENT_WISE_IDENTITY && type != DML_OPERATOR_ACTIVATION_LINEAR) return Fn::None;
    if (p0 == 1.0f && std::isnormal(p1)) return Fn::Shift;
    if (p1 == 0.0f && std::isnormal(p0)) return Fn::Scale;
    return Fn::None;
}

uint32_t bitsOf(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return bits;
}

// x -> fn(x, attributes...) [, y as the second argument of two-input functions] -> output.
void callAndStore(kernel::ElementwiseProgram& program, Fn fn, uint32_t attributes) {
    const ScalarType type = program.outputs[0];
    const uint32_t x = program.input(0);
    uint32_t result;
    if (program.inputs.size() == 2) {
        result = program.call(fn, type, {x, program.input(1)});
    } else if (attributes == 0) {
        result = program.call(fn, type, {x});
    } else {
        const uint32_t a0 = program.attribute(0, ScalarType::Float32);
        result = attributes == 1 ? program.call(fn, type, {x, a0})
                                 : program.call(fn, type, {x, a0, program.attribute(1, ScalarType::Float32)});
    }
    program.store(0, result);
}

// x * p0 + p1 as Fn::Scale(x, p0, p1) or Fn::Shift(x, p1).
void storeCheapLinear(kernel::ElementwiseProgram& program, Fn fn) {
    const ScalarType type = program.outputs[0];
    const uint32_t x = program.input(0);
    const uint32_t bias = program.attribute(1, ScalarType::Float32);
    program.store(0, fn == Fn::Shift ? program.call(fn, type, {x, bias})
                                     : program.call(fn, type, {x, program.attribute(0, ScalarType::Float32), bias}));
}

void lowerFloat(const OperatorInfo& info, const KernelTarget& target, LoweredKernel& out) {
    kernel::ElementwiseProgram& program = out.program;
    const DML_OPERATOR_TYPE type = info.schema->type;
    const FloatForm* form = floatForm(type);
    if (!form) fail(E_NOTIMPL, info.name() + " has no float kernel");
    const uint32_t floats = info.attributes.count(FieldKind::Float);
    const float p0 = floats > 0 ? info.attributes.floatAt(0) : info.schema->defaultAttributes[0];
    const float p1 = floats > 1 ? info.attributes.floatAt(1) : info.schema->defaultAttributes[1];
    out.p0Bits = bitsOf(p0);
    out.p1Bits = bitsOf(p1);

    if (program.walk == Walk::Naive) {
        if (form->naive == Fn::None) fail(E_FAIL, "internal: " + info.name() + " has no naive baseline kernel");
        callAndStore(program, form->naive, kernel::fnInfo(form->naive).arity - 1);
        return;
    }
    const bool straight = takesStraightForm(type, p0, p1);
    // A FLOAT16 result takes the fp16-precision form where there is one (glsl/vkdml_half_forms.glsl).
    const bool half = form->half != Fn::None && program.outputs[0] == ScalarType::Float16 &&
                      (straight || (form->straight == Fn::None && halfFormTakes(type, p0, p1)));
    program.label += half ? "_half" : straight ? "_straight" : "";
    if (straight && isIdentity(type)) {  // a plain copy
        program.store(0, program.input(0));
        return;
    }
    if (const Fn cheap = straight ? Fn::None : cheapLinearForm(type, p0, p1); cheap != Fn::None) {
        storeCheapLinear(program, cheap);
        return;
    }
    const Fn fn = half ? form->half : straight ? form->straight : form->general;
    callAndStore(program, fn, form->attributes);
    program.float64Math = target.float64Math && kernel::fnInfo(fn).hasDoubleForm;
}

void lowerInteger(const OperatorInfo& info, const KernelTarget& target, LoweredKernel& out) {
    kernel::ElementwiseProgram& program = out.program;
    const DML_TENSOR_DATA_TYPE dataType = info.inputs[0].dataType;
    switch (info.schema->type) {
        case DML_OPERATOR_ELEMENT_WISE_IDENTITY:  // scale 1, bias 0 (others are refused by readOperatorDesc)
            program.store(0, program.input(0));
            return;
        case DML_OPERATOR_ACTIVATION_RELU: callAndStore(program, Fn::IntRelu, 0); return;
        case DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU: callAndStore(program, Fn::IntPrelu, 0); return;
        case DML_OPERATOR_ACTIVATION_SHRINK: {
            if (!target.int64)
                fail(E_NOTIMPL, "ACTIVATION_SHRINK on " + std::string(dataTypeName(dataType)) +
                                    " tensors needs shaderInt64, which " + target.deviceName + " lacks");
            // The kernel reads the attributes as exact integer terms in place of p0/p1, plus the flags and the
            // second-input base a one-input kernel does not otherwise use.
            const IntegerShrinkTerms terms = integerShrinkTerms(dataType, info.attributes.floatAt(0), info.attributes.floatAt(1));
            out.p0Bits = terms.lowerEndBits;
            out.p1Bits = terms.upperStartBits;
            out.in2Base = terms.biasFloorLow;
            out.flags = terms.flags;
            program.int64Math = true;
            callAndStore(program, Fn::IntShrink, 0);
            return;
        }
        default: fail(E_NOTIMPL, info.name() + " on " + dataTypeName(dataType) + " tensors is not implemented");
    }
}

}  // namespace

bool activationFunction(DML_OPERATOR_TYPE type, Fn& fn, uint32_t& attributeCount) {
    const FloatForm* form = floatForm(type);
    if (!form || type == DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU || type == DML_OPERATOR_ELEMENT_WISE_IDENTITY)
        return false;
    fn = type == DML_OPERATOR_ACTIVATION_IDENTITY ? Fn::None : form->general;  // IDENTITY: nothing to apply
    attributeCount = type == DML_OPERATOR_ACTIVATION_IDENTITY ? 0 : form->attributes;
    return true;
}

ScalarType scalarType(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return ScalarType::Float32;
        case DML_TENSOR_DATA_TYPE_FLOAT16: return ScalarType::Float16;
        case DML_TENSOR_DATA_TYPE_FLOAT64: return ScalarType::Float64;
        case DML_TENSOR_DATA_TYPE_INT8: return ScalarType::Int8;
        case DML_TENSOR_DATA_TYPE_INT16: return ScalarType::Int16;
        case DML_TENSOR_DATA_TYPE_INT32: return ScalarType::Int32;
        case DML_TENSOR_DATA_TYPE_INT64: return ScalarType::Int64;
        case DML_TENSOR_DATA_TYPE_UINT8: return ScalarType::UInt8;
        case DML_TENSOR_DATA_TYPE_UINT16: return ScalarType::UInt16;
        case DML_TENSOR_DATA_TYPE_UINT32: return ScalarType::UInt32;
        case DML_TENSOR_DATA_TYPE_UINT64: return ScalarType::UInt64;
        case DML_TENSOR_DATA_TYPE_INT4: return ScalarType::Int4;
        case DML_TENSOR_DATA_TYPE_UINT4: return ScalarType::UInt4;
        default: fail(E_NOTIMPL, std::string("data type ") + dataTypeName(type) + " has no element-wise kernels");
    }
}

LoweredKernel lowerElementwise(const OperatorInfo& info, const KernelTarget& target, Walk walk) {
    LoweredKernel out;
    kernel::ElementwiseProgram& program = out.program;
    program.walk = walk;
    program.label = info.schema->kernel;
    for (const TensorLayout& t : info.inputs) program.inputs.push_back(scalarType(t.dataType));
    program.outputs.push_back(scalarType(info.outputs[0].dataType));
    const ScalarType type = program.outputs[0];
    program.storage16 = type == ScalarType::Float16 && walk == Walk::Strided && target.storage16;
    if (kernel::scalarTypeBits(type) == 64) {  // FLOAT64, INT64, UINT64: bit-exact copies (ELEMENT_WISE_IDENTITY)
        if (!isIdentity(info.schema->type)) fail(E_NOTIMPL, info.name() + " on 64-bit tensors is not implemented");
        program.store(0, program.input(0));
    } else if (kernel::isFloatType(type)) {
        lowerFloat(info, target, out);
    } else {
        lowerInteger(info, target, out);
    }
    if (std::string problem = program.validate(); !problem.empty())
        fail(E_FAIL, "internal: " + info.name() + " lowered into an invalid program: " + problem);
    useDriverArithmetic(program, target);
    return out;
}

void useDriverArithmetic(kernel::ElementwiseProgram& program, const KernelTarget& target) {
    using kernel::ScalarType;
    for (const kernel::Op& op : program.ops) {
        if (target.exactDivSqrt && op.code == kernel::OpCode::Call && kernel::isFloatType(op.type) &&
            kernel::reachesDivSqrt(op.fn))
            program.exactDivSqrt = true;
        if (target.nativeHalf && op.type == ScalarType::Float16) program.nativeHalf = true;
        if (target.fusedFma && op.code == kernel::OpCode::Call && kernel::isFloatType(op.type)) program.fusedFma = true;
    }
    program.emulatedFma = program.fusedFma && target.emulatedFma;
    for (uint32_t t = 0; t < program.tensorCount(); ++t)
        if (target.nativeHalf && program.tensorType(t) == ScalarType::Float16) program.nativeHalf = true;
    program.wideWords = target.wideWords;
}

}  // namespace vkdml::elementwise
