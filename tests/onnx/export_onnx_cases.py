#!/usr/bin/python3
"""Generates ONNX's backend node tests with Debian's python3-onnx and exports the ones vkdml runs as plain files.

Usage: export_onnx_cases.py OUTPUT_DIR
Writes OUTPUT_DIR/cases.txt and, beside it, one raw little-endian file per tensor. cases.txt holds '#' comment
lines and one line per case, fields separated by single spaces:

    run <case> <DML operator> <compare> <attribute count> <attributes...> <tensor count> <tensor>...
        <case>        ONNX test name + "_" + data set, e.g. test_add_bcast_test_data_set_0
        <DML operator> the DML_OPERATOR_TYPE name without DML_OPERATOR_, e.g. ELEMENT_WISE_ADD, CAST, ACTIVATION_ELU
        <compare>     "exact" (bit for bit; any NaN matches any NaN) or "close:<rtol>:<atol>" (|got - want| <=
                      atol + rtol * |want|, ONNX's own backend-test tolerance, for the activations)
        <attributes>  decimal floats in the desc's field order (the activations' Alpha/Beta/...; ELEMENT_WISE_CLIP1's
                      Min and Max, stored in DML_SCALAR_UNIONs of the tensors' type; ROUND's and IS_INFINITY's
                      mode and REDUCE's Function as enum values; an Axes array as AxisCount then the axes; BOOLs
                      as 0/1; FusedActivation is always NULL and not listed)
        <tensor>      <DML data type> <rank> <dims...> <file>, or NONE for an absent optional input: the inputs
                      in DML binding order, then the expected output. Element-wise operators: every input has its
                      ONNX shape; the runner gives it the output's sizes with NumPy-style broadcast strides
                      (right-aligned, stride 0 where the input's dimension is 1). A binary operator given more
                      than two inputs runs as a left fold of pairwise dispatches (ONNX Runtime's loop for
                      variadic Max/Min/Sum). ONNX bool is UINT8 (0/1). The reduction family (REDUCE, ARGMIN,
                      ARGMAX, ACTIVATION_SOFTMAX1/LOG_SOFTMAX1/HARDMAX1, MEAN_VARIANCE_NORMALIZATION1/2): every
                      tensor, the expected output included, has its DML sizes, packed: a reduction's output keeps
                      the input's rank (reduced axes of size 1, whatever ONNX's keepdims), scales and biases have
                      the input's rank with 1 on the dimensions they repeat along. LayerNormalization compares
                      its output Y only (its Mean and InvStdDev outputs have no DML operator output).
    skip <ONNX test> <reason, to the end of the line>

Every ONNX test whose name starts with one of FAMILIES must be classified (run, or skipped with a reason), and every
classified test must exist in onnx's data: the suite must neither silently shrink nor silently ignore new tests.
"""
import os
import sys
import warnings

import numpy as np

# Debian 12's onnx 1.12 generator still uses aliases numpy 1.24 removed.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for alias, value in (("float", float), ("int", int), ("bool", bool), ("object", object)):
        if not hasattr(np, alias):
            setattr(np, alias, value)

import onnx  # noqa: E402
from onnx import TensorProto, numpy_helper  # noqa: E402
from onnx.backend.test.cmd_tools import main as onnx_tools_main  # noqa: E402


def attr(node, name, default):
    for a in node.attribute:
        if a.name == name:
            return onnx.helper.get_attribute_value(a)
    return default


class Skip(Exception):
    pass


# ---- activations (float32 in and out; compared with ONNX's backend-test tolerance) ------------------------------------
def celu(node):
    return "ACTIVATION_CELU", attr(node, "alpha", 1.0), 0.0


def softplus(node):
    return "ACTIVATION_SOFTPLUS", 1.0, 0.0


def fixed(op, a0=0.0, a1=0.0):
    return lambda node: (op, a0, a1)


def with_attrs(op, *names_and_defaults):
    def convert(node):
        values = [attr(node, name, default) for name, default in names_and_defaults] + [0.0, 0.0]
        return op, values[0], values[1]
    return convert


elu = with_attrs("ACTIVATION_ELU", ("alpha", 1.0))
leaky = with_attrs("ACTIVATION_LEAKY_RELU", ("alpha", 0.01))
hard_sigmoid = with_attrs("ACTIVATION_HARD_SIGMOID", ("alpha", 0.2), ("beta", 0.5))
selu = with_attrs("ACTIVATION_SCALED_ELU", ("alpha", 1.67326319217681884765625), ("gamma", 1.05070102214813232421875))
thresholded = with_attrs("ACTIVATION_THRESHOLDED_RELU", ("alpha", 1.0))
shrink = with_attrs("ACTIVATION_SHRINK", ("bias", 0.0), ("lambd", 0.5))

ACTIVATIONS = {
    "test_celu": celu,
    "test_softplus": softplus,
    "test_softplus_example": softplus,
    "test_elu": elu, "test_elu_default": elu, "test_elu_example": elu,
    "test_relu": fixed("ACTIVATION_RELU"),
    "test_leakyrelu": leaky, "test_leakyrelu_default": leaky, "test_leakyrelu_example": leaky,
    "test_hardsigmoid": hard_sigmoid, "test_hardsigmoid_default": hard_sigmoid, "test_hardsigmoid_example": hard_sigmoid,
    "test_selu": selu, "test_selu_default": selu, "test_selu_example": selu,
    "test_sigmoid": fixed("ACTIVATION_SIGMOID"), "test_sigmoid_example": fixed("ACTIVATION_SIGMOID"),
    "test_softsign": fixed("ACTIVATION_SOFTSIGN"), "test_softsign_example": fixed("ACTIVATION_SOFTSIGN"),
    "test_tanh": fixed("ACTIVATION_TANH"), "test_tanh_example": fixed("ACTIVATION_TANH"),
    "test_thresholdedrelu": thresholded, "test_thresholdedrelu_default": thresholded,
    "test_thresholdedrelu_example": thresholded,
    "test_shrink_hard": shrink, "test_shrink_soft": shrink,
    "test_hardswish": fixed("ACTIVATION_HARD_SWISH", 1.0 / 6.0, 0.5),
    "test_prelu_example": fixed("ACTIVATION_PARAMETERIZED_RELU"),
    "test_prelu_broadcast": fixed("ACTIVATION_PARAMETERIZED_RELU"),
}
ACTIVATION_COMPARE = "close:1e-3:1e-7"  # ONNX's own backend tests: rtol 1e-3, atol 1e-7

# ---- element-wise operators (compared exactly) ---------------------------------------------------------------------
# ONNX element type -> (DML data type, little-endian NumPy dtype, file suffix). bool is UINT8 (0/1), as in ONNX
# Runtime's DML EP.
DML_TYPES = {
    TensorProto.FLOAT: ("FLOAT32", "<f4", "f32"),
    TensorProto.FLOAT16: ("FLOAT16", "<f2", "f16"),
    TensorProto.DOUBLE: ("FLOAT64", "<f8", "f64"),
    TensorProto.INT8: ("INT8", "i1", "i8"),
    TensorProto.INT16: ("INT16", "<i2", "i16"),
    TensorProto.INT32: ("INT32", "<i4", "i32"),
    TensorProto.INT64: ("INT64", "<i8", "i64"),
    TensorProto.UINT8: ("UINT8", "u1", "u8"),
    TensorProto.UINT16: ("UINT16", "<u2", "u16"),
    TensorProto.UINT32: ("UINT32", "<u4", "u32"),
    TensorProto.UINT64: ("UINT64", "<u8", "u64"),
    TensorProto.BOOL: ("UINT8", "u1", "bool"),
}

# ONNX operator -> DML operator (the mapping ONNX Runtime's DirectML execution provider uses).
BINARY = {
    "Add": "ELEMENT_WISE_ADD", "Sum": "ELEMENT_WISE_ADD", "Sub": "ELEMENT_WISE_SUBTRACT",
    "Mul": "ELEMENT_WISE_MULTIPLY", "Div": "ELEMENT_WISE_DIVIDE",
    "Max": "ELEMENT_WISE_MAX", "Min": "ELEMENT_WISE_MIN", "Mean": "ELEMENT_WISE_MEAN",
    "Equal": "ELEMENT_WISE_LOGICAL_EQUALS", "Greater": "ELEMENT_WISE_LOGICAL_GREATER_THAN",
    "Less": "ELEMENT_WISE_LOGICAL_LESS_THAN", "GreaterOrEqual": "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL",
    "LessOrEqual": "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL",
    "And": "ELEMENT_WISE_LOGICAL_AND", "Or": "ELEMENT_WISE_LOGICAL_OR", "Xor": "ELEMENT_WISE_LOGICAL_XOR",
    "BitwiseAnd": "ELEMENT_WISE_BIT_AND", "BitwiseOr": "ELEMENT_WISE_BIT_OR", "BitwiseXor": "ELEMENT_WISE_BIT_XOR",
}
# The float math functions (ONNX Runtime's DML EP: the ELEMENT_WISE operator of the same name, ScaleBias NULL).
MATH_UNARY = {op: "ELEMENT_WISE_" + op.upper() for op in ("Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh",
                                                            "Asinh", "Acosh", "Atanh", "Erf")}
# The other single-input ONNX operators with an ELEMENT_WISE operator of their own (ScaleBias NULL where it has one).
SIMPLE_UNARY = {"Abs": "ELEMENT_WISE_ABS", "Ceil": "ELEMENT_WISE_CEIL", "Floor": "ELEMENT_WISE_FLOOR",
                "Exp": "ELEMENT_WISE_EXP", "Log": "ELEMENT_WISE_LOG", "Neg": "ELEMENT_WISE_NEGATE",
                "Reciprocal": "ELEMENT_WISE_RECIP", "Sqrt": "ELEMENT_WISE_SQRT", "Sign": "ELEMENT_WISE_SIGN",
                "IsNaN": "ELEMENT_WISE_IS_NAN", "Round": "ELEMENT_WISE_ROUND", "IsInf": "ELEMENT_WISE_IS_INFINITY"}
# EXP and LOG are compared like the math functions below (NumPy's float32 exp and log are not correctly rounded);
# RECIP and SQRT are correctly rounded in vkdml and in NumPy, and compared exactly like the rest.
INEXACT_UNARY = {"ELEMENT_WISE_EXP", "ELEMENT_WISE_LOG"}
# Float results of the math functions are compared with a tolerance (ONNX's expected values come from NumPy's
# float32 functions, themselves not correctly rounded): 1e-5 relative (about 80 fp32 ULP, far inside ONNX's own
# 1e-3), 1e-7 absolute near zeros. Integer POW results are exact.
MATH_COMPARE = "close:1e-5:1e-7"
# The data types DirectML lists for each operator's value tensors at its newest feature level (the tables in
# runtime/dml/operator_schema.cpp): every tensor but a comparison's output (UINT8 here) and IF's ConditionTensor
# (UINT8).
ALL10 = {"FLOAT32", "FLOAT16", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"}
ALL11 = ALL10 | {"FLOAT64"}
COMPARISONS = {"ELEMENT_WISE_LOGICAL_EQUALS", "ELEMENT_WISE_LOGICAL_GREATER_THAN", "ELEMENT_WISE_LOGICAL_LESS_THAN",
               "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL"}
DML_LISTED_TYPES = {
    **{op: ALL10 for op in ("ELEMENT_WISE_ADD", "ELEMENT_WISE_SUBTRACT", "ELEMENT_WISE_MULTIPLY", "ELEMENT_WISE_DIVIDE",
                            "ELEMENT_WISE_MAX", "ELEMENT_WISE_MIN")},
    "ELEMENT_WISE_MEAN": {"FLOAT32", "FLOAT16", "INT32", "UINT32"},
    "ELEMENT_WISE_MODULUS_TRUNCATE": ALL10, "ELEMENT_WISE_MODULUS_FLOOR": ALL10, "ELEMENT_WISE_CLIP1": ALL10,
    **{op: ALL10 for op in COMPARISONS},
    **{op: {"UINT8", "UINT32"} for op in ("ELEMENT_WISE_LOGICAL_AND", "ELEMENT_WISE_LOGICAL_OR",
                                          "ELEMENT_WISE_LOGICAL_XOR", "ELEMENT_WISE_LOGICAL_NOT")},
    **{op: ALL11 for op in ("ELEMENT_WISE_BIT_AND", "ELEMENT_WISE_BIT_OR", "ELEMENT_WISE_BIT_XOR",
                            "ELEMENT_WISE_BIT_NOT", "ELEMENT_WISE_IF", "CAST")},
    **{op: {"UINT8", "UINT16", "UINT32", "UINT64"} for op in ("ELEMENT_WISE_BIT_SHIFT_LEFT",
                                                            "ELEMENT_WISE_BIT_SHIFT_RIGHT")},
    # Quantization: the union over the tensors; the rules between them are vkdml's.
    "ELEMENT_WISE_QUANTIZE_LINEAR": {"FLOAT32", "FLOAT16", "INT32", "INT8", "UINT8"},
    "ELEMENT_WISE_DEQUANTIZE_LINEAR": {"FLOAT32", "FLOAT16", "INT8", "INT16", "INT32", "UINT8", "UINT16", "UINT32"},
    **{op: {"FLOAT32", "FLOAT16"} for op in MATH_UNARY.values()},
    "ELEMENT_WISE_POW": {"FLOAT32", "FLOAT16", "INT8", "INT16", "INT32", "UINT8", "UINT16", "UINT32"},
    **{op: {"FLOAT32", "FLOAT16"} for op in ("ELEMENT_WISE_CEIL", "ELEMENT_WISE_FLOOR", "ELEMENT_WISE_EXP",
                                             "ELEMENT_WISE_LOG", "ELEMENT_WISE_RECIP", "ELEMENT_WISE_SQRT",
                                             "ELEMENT_WISE_ROUND", "ELEMENT_WISE_IS_NAN", "ELEMENT_WISE_IS_INFINITY")},
    **{op: {"FLOAT32", "FLOAT16", "INT8", "INT16", "INT32", "INT64"} for op in ("ELEMENT_WISE_ABS",
                                                                                "ELEMENT_WISE_NEGATE")},
    "ELEMENT_WISE_SIGN": ALL10,
}
# Operators whose output is UINT8 (ONNX bool) whatever the input type.
BOOL_OUTPUT = COMPARISONS | {"ELEMENT_WISE_IS_NAN", "ELEMENT_WISE_IS_INFINITY"}


def check_listed(op, dml_types):
    """dml_types: the DML data types of the bound inputs, then the output."""
    if op in BOOL_OUTPUT:
        values = dml_types[:-1]
        if dml_types[-1] != "UINT8":
            sys.exit(f"{op}: the output must be UINT8 (bool)")
    elif op == "ELEMENT_WISE_IF":
        values = dml_types[1:]
        if dml_types[0] != "UINT8":
            sys.exit(f"{op}: ConditionTensor must be UINT8 (bool)")
    else:
        values = dml_types
    for t in values:
        if t not in DML_LISTED_TYPES[op]:
            raise Skip(f"DirectML's {op} does not list {t} tensors")


FOLDABLE = {"Max", "Min", "Sum"}  # N-ary ops whose N > 2 form ONNX Runtime runs as a loop of the same DML op
UNARY = {"Not": "ELEMENT_WISE_LOGICAL_NOT", "BitwiseNot": "ELEMENT_WISE_BIT_NOT"}
QUANTIZE = {"QuantizeLinear": "ELEMENT_WISE_QUANTIZE_LINEAR", "DequantizeLinear": "ELEMENT_WISE_DEQUANTIZE_LINEAR"}


def per_axis(node, xs, rank):
    """QuantizeLinear/DequantizeLinear: a 1-D scale or zero point of more than one element belongs to `axis`
    (default 1): reshaped to the output's rank with 1s elsewhere, as ONNX Runtime's DML EP does, so that the runner's
    broadcast strides read it along that axis."""
    axis = attr(node, "axis", 1) % rank
    for i in range(1, len(xs)):
        if xs[i].ndim == 1 and xs[i].size > 1:
            shape = [1] * rank
            shape[axis] = xs[i].size
            xs[i] = xs[i].reshape(shape)
    return xs


def elementwise(node, n_inputs):
    """The DML operator and how many graph inputs it binds (in order) for a single-node ONNX graph."""
    op = node.op_type
    if op in BINARY:
        if n_inputs == 1:
            raise Skip(f"{op} of one input: ONNX Runtime copies it (IDENTITY), no DirectML {BINARY[op]} dispatch")
        if n_inputs > 2 and op == "Mean":
            raise Skip(f"Mean of {n_inputs} inputs: ONNX Runtime runs an ADD chain then IDENTITY with scale 1/N, "
                       f"not DirectML's two-input {BINARY[op]}")
        if n_inputs > 2 and op not in FOLDABLE:
            sys.exit(f"{op} of {n_inputs} inputs: not a variadic ONNX operator")
        return BINARY[op], n_inputs
    if op in UNARY:
        return UNARY[op], 1
    if op in QUANTIZE:
        return QUANTIZE[op], n_inputs  # x, scale[, zero point]
    if op in MATH_UNARY:
        return MATH_UNARY[op], 1
    if op in SIMPLE_UNARY:
        return SIMPLE_UNARY[op], 1
    if op == "Pow":
        return "ELEMENT_WISE_POW", 2  # a graph input, not a CPU constant: POW, not CONSTANT_POW
    if op == "BitShift":
        return "ELEMENT_WISE_BIT_SHIFT_" + attr(node, "direction", b"").decode(), 2
    if op == "Mod":  # fmod = 1: C fmod (MODULUS_TRUNCATE); 0: Python's % (MODULUS_FLOOR), ONNX Runtime's mapping
        return ("ELEMENT_WISE_MODULUS_TRUNCATE" if attr(node, "fmod", 0) else "ELEMENT_WISE_MODULUS_FLOOR"), 2
    if op == "Clip":  # Clip-11+: min and max are inputs; ONNX Runtime runs CLIP1 with them as its union bounds
        return "ELEMENT_WISE_CLIP1", 1
    if op == "Where":
        return "ELEMENT_WISE_IF", 3  # ConditionTensor (bool = UINT8), ATensor, BTensor
    if op in ("Cast", "CastLike"):
        return "CAST", 1  # CastLike's second input only names the output type
    raise Skip(f"ONNX {op} has no DirectML element-wise mapping here")


def unary_mode(node, op):
    """ROUND's RoundingMode and IS_INFINITY's InfinityMode, as ONNX Runtime's DML EP sets them: Round is
    HALVES_TO_NEAREST_EVEN (0); IsInf is EITHER (0) when detect_positive equals detect_negative, else POSITIVE (1)
    or NEGATIVE (2)."""
    if op == "ELEMENT_WISE_ROUND":
        return [0]
    if op == "ELEMENT_WISE_IS_INFINITY":
        positive, negative = attr(node, "detect_positive", 1), attr(node, "detect_negative", 1)
        return [0 if positive == negative else 1 if positive else 2]
    return []


EXPANDED = "expanded function body (a graph of several nodes), not one DirectML operator"
NO_TYPE = "DirectML has no {} tensors"

# Every test of these families must appear in ELEMENTWISE_TESTS or SKIPPED (matched by name prefix).
FAMILIES = ("test_add", "test_sub", "test_mul", "test_div", "test_max_", "test_min_", "test_mean", "test_sum",
            "test_equal", "test_greater", "test_less", "test_and", "test_or", "test_xor", "test_not", "test_bitshift",
            "test_bitwise", "test_where", "test_cast", "test_mod", "test_clip",
            "test_sin", "test_cos", "test_tan", "test_asin", "test_acos", "test_atan", "test_erf", "test_pow",
            "test_quantizelinear", "test_dequantizelinear",
            "test_abs", "test_ceil", "test_floor", "test_reciprocal", "test_sqrt", "test_round", "test_sign",
            "test_isnan", "test_isinf")
# test_exp, test_log and test_neg are listed by name below: their prefixes also begin test_expand*, test_logsoftmax*
# and others, which are not element-wise.

INT_TYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
LOGICAL_SHAPES = ("2d", "3d", "4d", "_bcast3v1d", "_bcast3v2d", "_bcast4v2d", "_bcast4v3d", "_bcast4v4d")
CAST_PAIRS = ("FLOAT_to_FLOAT16", "FLOAT_to_DOUBLE", "FLOAT16_to_FLOAT", "FLOAT16_to_DOUBLE", "DOUBLE_to_FLOAT",
              "DOUBLE_to_FLOAT16")

ELEMENTWISE_TESTS = (
    ["test_add", "test_add_bcast", "test_add_uint8"]
    + ["test_sub", "test_sub_bcast", "test_sub_example", "test_sub_uint8"]
    + ["test_mul", "test_mul_bcast", "test_mul_example", "test_mul_uint8"]
    + ["test_div", "test_div_bcast", "test_div_example", "test_div_uint8"]
    + [f"test_{op}_{t}" for op in ("max", "min") for t in INT_TYPES + ("float16", "float32")]
    + ["test_max_example", "test_max_two_inputs", "test_min_example", "test_min_two_inputs"]
    + ["test_mean_two_inputs", "test_sum_example", "test_sum_two_inputs"]
    + ["test_equal", "test_equal_bcast"]
    + [f"test_{op}{b}" for op in ("greater", "less", "greater_equal", "less_equal") for b in ("", "_bcast")]
    + [f"test_{op}{s}" for op in ("and", "or", "xor") for s in LOGICAL_SHAPES]
    + ["test_not_2d", "test_not_3d", "test_not_4d"]
    + [f"test_bitshift_{d}_{t}" for d in ("left", "right") for t in ("uint8", "uint16", "uint32", "uint64")]
    + ["test_where_example", "test_where_long_example"]
    + [f"test_cast_{p}" for p in CAST_PAIRS]
    + [f"test_castlike_{p}{e}" for p in CAST_PAIRS for e in ("", "_expanded")]
    + ["test_quantizelinear", "test_quantizelinear_axis", "test_dequantizelinear", "test_dequantizelinear_axis"]
    + [f"test_{f}{e}" for f in ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh")
       for e in ("", "_example")]
    + ["test_erf"]
    + [f"test_{f}{e}" for f in ("ceil", "floor", "exp", "log", "neg", "reciprocal", "sqrt") for e in ("", "_example")]
    + ["test_abs", "test_round", "test_sign", "test_isnan", "test_isinf", "test_isinf_positive", "test_isinf_negative"]
    + ["test_pow", "test_pow_example", "test_pow_bcast_scalar", "test_pow_bcast_array"]
    + [f"test_pow_types_{t}" for t in ("float32_int32", "float32_uint32", "int32_float32", "int32_int32")]
    + ["test_mod_broadcast", "test_mod_int64_fmod"]
    + [f"test_mod_mixed_sign_{t}" for t in ("float16", "float32", "int8", "int16", "int32", "int64")]
    + [f"test_mod_{t}" for t in ("uint8", "uint16", "uint32", "uint64")]
    + ["test_clip", "test_clip_example", "test_clip_inbounds", "test_clip_outbounds", "test_clip_splitbounds"]
    + [f"test_clip_default_{c}" for c in ("inbounds", "min", "max", "int8_inbounds", "int8_min", "int8_max")]
)

SKIPPED = {
    "test_max_one_input": None, "test_min_one_input": None, "test_sum_one_input": None,  # reasons from elementwise()
    "test_mean_one_input": None, "test_mean_example": None,
    "test_max_float64": None, "test_min_float64": None,  # reasons from check_listed()
    "test_greater_equal_expanded": EXPANDED, "test_greater_equal_bcast_expanded": EXPANDED,
    "test_less_equal_expanded": EXPANDED, "test_less_equal_bcast_expanded": EXPANDED,
    "test_cast_BFLOAT16_to_FLOAT": NO_TYPE.format("BFLOAT16"), "test_cast_FLOAT_to_BFLOAT16": NO_TYPE.format("BFLOAT16"),
    "test_castlike_BFLOAT16_to_FLOAT": NO_TYPE.format("BFLOAT16"),
    "test_castlike_FLOAT_to_BFLOAT16": NO_TYPE.format("BFLOAT16"),
    "test_castlike_BFLOAT16_to_FLOAT_expanded": NO_TYPE.format("BFLOAT16"),
    "test_castlike_FLOAT_to_BFLOAT16_expanded": NO_TYPE.format("BFLOAT16"),
    "test_cast_FLOAT_to_STRING": NO_TYPE.format("string"), "test_cast_STRING_to_FLOAT": NO_TYPE.format("string"),
    "test_castlike_FLOAT_to_STRING": NO_TYPE.format("string"), "test_castlike_STRING_to_FLOAT": NO_TYPE.format("string"),
    "test_castlike_FLOAT_to_STRING_expanded": NO_TYPE.format("string"),
    "test_castlike_STRING_to_FLOAT_expanded": NO_TYPE.format("string"),
    "test_mod_mixed_sign_float64": None,  # reason from check_listed()
    "test_pow_types_float32_int64": None, "test_pow_types_float32_uint64": None,
    "test_pow_types_int64_float32": None, "test_pow_types_int64_int64": None,
}

# ONNX backend tests newer than Debian's python3-onnx 1.12, listed as skipped with their reason whether or not this
# ONNX generates them. INT4/UINT4 tensors came with ONNX 1.16: 1.12 has no int4 types (TensorProto.INT4/UINT4), so
# these cases cannot even be built here. vkdml runs INT4/UINT4 through DML_OPERATOR_QUANTIZE and DEQUANTIZE (feature
# level 6_3; tests/ops/family_quant_test.cpp); DirectML's ELEMENT_WISE_QUANTIZE_LINEAR / DEQUANTIZE_LINEAR, which
# these tests map to, take no 4-bit tensors.
NO_INT4 = "INT4/UINT4 tensors need ONNX >= 1.16 (Debian's python3-onnx 1.12 has no int4 types); 4-bit QUANTIZE/" \
          "DEQUANTIZE are tested in family_quant_test"
NEWER_THAN_ONNX_1_12 = {f"test_{op}_{t}": NO_INT4 for op in ("quantizelinear", "dequantizelinear")
                        for t in ("int4", "uint4")}


# ---- reductions, the softmax family, normalizations (every tensor with its DML sizes) ------------------------------
# DML_REDUCE_FUNCTION names in value order, and the ONNX reductions' functions (ONNX Runtime's DML EP mapping).
REDUCE_FUNCTIONS = ("ARGMAX", "ARGMIN", "AVERAGE", "L1", "L2", "LOG_SUM", "LOG_SUM_EXP", "MAX", "MIN", "MULTIPLY",
                    "SUM", "SUM_SQUARE")
ONNX_REDUCE = {"ReduceSum": "SUM", "ReduceMean": "AVERAGE", "ReduceMax": "MAX", "ReduceMin": "MIN",
               "ReduceProd": "MULTIPLY", "ReduceSumSquare": "SUM_SQUARE", "ReduceL1": "L1", "ReduceL2": "L2",
               "ReduceLogSum": "LOG_SUM", "ReduceLogSumExp": "LOG_SUM_EXP"}
SOFTMAX_FAMILY = {"Softmax": "ACTIVATION_SOFTMAX1", "LogSoftmax": "ACTIVATION_LOG_SOFTMAX1",
                  "Hardmax": "ACTIVATION_HARDMAX1"}
NORMALIZATIONS = ("MeanVarianceNormalization", "LayerNormalization", "InstanceNormalization")
# ONNX operator -> the DML operator it runs as.
REDUCTION_FAMILY = {**{op: "REDUCE" for op in ONNX_REDUCE}, "ArgMax": "ARGMAX", "ArgMin": "ARGMIN", **SOFTMAX_FAMILY,
                    "MeanVarianceNormalization": "MEAN_VARIANCE_NORMALIZATION1",
                    "LayerNormalization": "MEAN_VARIANCE_NORMALIZATION2",
                    "InstanceNormalization": "MEAN_VARIANCE_NORMALIZATION1"}
# Selections (arg*, max, min, hardmax) are compared exactly; the rest with ONNX's own backend-test tolerance. That
# also covers test_mvn's epsilon: ONNX's MeanVarianceNormalization divides by sqrt(var) + 1e-9, DML adds Epsilon
# inside the square root, so DML runs it with Epsilon 0 and differs by a factor 1 + 1e-9 / sqrt(var) (the test's
# channels have sqrt(var) > 0.27: under 4e-9 relative, far inside rtol 1e-3).
REDUCTION_COMPARE = ACTIVATION_COMPARE

# ---- BEGIN batch and local response normalization (BatchNormalization, LRN) ----------------------------------------
# BatchNormalization (inference) -> BATCH_NORMALIZATION: ONNX's inputs X, scale, B, mean, var become DML's Input,
# Mean, Variance, Scale, Bias, each {C} as {1, C, 1, ...}; Spatial 1, Epsilon from the attribute. LRN ->
# LOCAL_RESPONSE_NORMALIZATION with CrossChannel 1 (ONNX Runtime's mapping) and ONNX's size, alpha, beta, bias.
REDUCTION_FAMILY.update({"BatchNormalization": "BATCH_NORMALIZATION", "LRN": "LOCAL_RESPONSE_NORMALIZATION"})
NORMALIZATIONS += ("BatchNormalization",)  # every input is a DML tensor
BATCHNORM_LRN_TESTS = ["test_batchnorm_example", "test_batchnorm_epsilon", "test_lrn", "test_lrn_default"]
BATCHNORM_TRAINING = "training_mode: three outputs with running statistics (momentum), not one DirectML operator"


def batchnorm_lrn(node, xs):
    """BatchNormalization or LRN as reduction() returns it, or None for other operators."""
    x, rank = xs[0], xs[0].ndim
    if node.op_type == "BatchNormalization":
        per_channel = [t.reshape([1, t.size] + [1] * (rank - 2)) for t in (xs[3], xs[4], xs[1], xs[2])]
        return REDUCTION_COMPARE, [1, attr(node, "epsilon", 1e-5)], [x] + per_channel, list(x.shape)
    if node.op_type == "LRN":
        attrs = [1, attr(node, "size", 1), attr(node, "alpha", 1e-4), attr(node, "beta", 0.75), attr(node, "bias", 1.0)]
        return REDUCTION_COMPARE, attrs, [x], list(x.shape)
    return None
# ---- END batch and local response normalization ---------------------------------------------------------------------


# ---- BEGIN the GEMM family (Gemm, MatMul, MatMulInteger, QLinearMatMul) ------------------------------------------
# As ONNX Runtime maps them: Gemm -> GEMM (transA, transB, alpha, beta; C broadcast to the output's sizes, here
# materialized), MatMul -> GEMM (Alpha 1, no C; ranks up to 4, no batch broadcasting in ONNX 1.12's tests),
# MatMulInteger -> MATRIX_MULTIPLY_INTEGER, QLinearMatMul -> QUANTIZED_LINEAR_MATRIX_MULTIPLY (scalar scales and
# zero points as one-element tensors of A's rank). Every tensor is packed at its DML sizes, its own type.
GEMM_FAMILY = {"Gemm": "GEMM", "MatMul": "GEMM", "MatMulInteger": "MATRIX_MULTIPLY_INTEGER",
               "QLinearMatMul": "QUANTIZED_LINEAR_MATRIX_MULTIPLY"}
GEMM_TESTS = ([f"test_gemm_{v}" for v in ("default_zero_bias", "default_no_bias", "default_scalar_bias",
                                          "default_single_elem_vector_bias", "default_vector_bias",
                                          "default_matrix_bias", "transposeA", "transposeB", "alpha", "beta",
                                          "all_attributes")]
              + ["test_matmul_2d", "test_matmul_3d", "test_matmul_4d", "test_matmulinteger",
                 "test_qlinearmatmul_2D", "test_qlinearmatmul_3D"])


def gemm_family(node, types, xs, y):
    """(compare, attributes, [(ONNX type, array or None)] in DML binding order, expected output) of a GEMM-family
    node; `types` and `xs`: the node's inputs."""
    op = node.op_type
    if op in ("Gemm", "MatMul"):
        a, b = xs[0], xs[1]
        trans_a, trans_b = (attr(node, "transA", 0), attr(node, "transB", 0)) if op == "Gemm" else (0, 0)
        alpha, beta = (attr(node, "alpha", 1.0), attr(node, "beta", 1.0)) if op == "Gemm" else (1.0, 0.0)
        c = (types[2], np.broadcast_to(xs[2], y.shape).copy()) if op == "Gemm" and len(xs) > 2 else (types[0], None)
        return ACTIVATION_COMPARE, [trans_a, trans_b, alpha, beta], [(types[0], a), (types[1], b), c], y
    rank = xs[0].ndim

    def param(i):
        return (types[i], xs[i].reshape((1,) * rank)) if len(xs) > i and xs[i] is not None else (types[0], None)
    if op == "MatMulInteger":
        return "exact", [], [(types[0], xs[0]), param(2), (types[1], xs[1]), param(3)], y
    return "exact", [], [(types[0], xs[0]), param(1), param(2), (types[3], xs[3]), param(4), param(5), param(6),
                         param(7)], y
# ---- END the GEMM family -------------------------------------------------------------------------------------------

NO_FLOAT64_REDUCTION = "FLOAT64: DirectML has no FLOAT64 reduction"


def check_reduction_types(test, op, inputs, output):
    """FLOAT32 or FLOAT16 tensors (ARGMIN/ARGMAX: INT64 indices out, as ONNX's); FLOAT64 is skipped."""
    if TensorProto.DOUBLE in inputs + [output]:
        raise Skip(NO_FLOAT64_REDUCTION)
    is_arg = op in ("ARGMAX", "ARGMIN")
    values = inputs if is_arg else inputs + [output]
    if any(t not in (TensorProto.FLOAT, TensorProto.FLOAT16) for t in values) or \
            (is_arg and output != TensorProto.INT64):
        sys.exit(f"{test}: tensor types the reduction-family mapping does not expect")


def reduced_sizes(shape, axes):
    return [1 if d in axes else n for d, n in enumerate(shape)]


def reduction(node, opset, xs):
    """A reduction-family node as its DML operator (REDUCTION_FAMILY) runs it: (compare, attributes, inputs in DML
    binding order with None for an absent optional tensor, the output's DML sizes). `xs`: the node's inputs."""
    op, x = node.op_type, xs[0]
    rank = x.ndim
    converted = batchnorm_lrn(node, xs)
    if converted:
        return converted
    if op in ONNX_REDUCE:
        # ReduceSum-13 takes its axes as an input, the others as an attribute. No axes: all of them, or none with
        # noop_with_empty_axes (AxisCount 0, as ONNX Runtime creates REDUCE then). Negative axes are resolved; the
        # order is kept (DML takes the axes as a set).
        axes = xs[1] if op == "ReduceSum" and len(xs) > 1 else attr(node, "axes", [])
        axes = [int(a) % rank for a in axes]
        if not axes and not attr(node, "noop_with_empty_axes", 0):
            axes = list(range(rank))
        function = ONNX_REDUCE[op]
        compare = "exact" if function in ("MAX", "MIN") else REDUCTION_COMPARE
        return compare, [REDUCE_FUNCTIONS.index(function), len(axes)] + axes, [x], reduced_sizes(x.shape, axes)
    if op in ("ArgMax", "ArgMin"):
        axis = attr(node, "axis", 0) % rank
        attrs = [1, axis, attr(node, "select_last_index", 0)]  # one axis; AxisDirection DECREASING (1) picks the last
        return "exact", attrs, [x], reduced_sizes(x.shape, [axis])
    if op in SOFTMAX_FAMILY:  # opset 13: one axis (default -1); before: the input seen as 2-D at `axis` (default 1)
        axis = attr(node, "axis", -1 if opset >= 13 else 1) % rank
        axes = [axis] if opset >= 13 else list(range(axis, rank))
        compare = "exact" if op == "Hardmax" else REDUCTION_COMPARE
        return compare, [len(axes)] + axes, [x], list(x.shape)
    if op == "MeanVarianceNormalization":  # NormalizeVariance 1, Epsilon 0 (see REDUCTION_COMPARE)
        axes = [a % rank for a in attr(node, "axes", [0, 2, 3])]
        return REDUCTION_COMPARE, [len(axes)] + axes + [1, 0.0], [x, None, None], list(x.shape)
    if op == "LayerNormalization":
        # ONNX Runtime's mapping: MVN2 with UseMean and UseVariance over axes axis..rank-1; Scale and Bias (shaped
        # like those axes) get leading 1s. Only Y is compared.
        axis = attr(node, "axis", -1) % rank
        axes = list(range(axis, rank))
        scale_bias = [t.reshape((1,) * axis + t.shape) for t in xs[1:3]]
        scale_bias += [None] * (2 - len(scale_bias))
        attrs = [len(axes)] + axes + [1, 1, attr(node, "epsilon", 1e-5)]
        return REDUCTION_COMPARE, attrs, [x] + scale_bias, list(x.shape)
    if op == "InstanceNormalization":  # MVN1 over the spatial axes; scale and bias {C} as {1, C, 1, ...}
        axes = list(range(2, rank))
        per_channel = [t.reshape([1, t.size] + [1] * (rank - 2)) for t in xs[1:3]]
        attrs = [len(axes)] + axes + [1, attr(node, "epsilon", 1e-5)]
        return REDUCTION_COMPARE, attrs, [x] + per_channel, list(x.shape)
    sys.exit(f"ONNX {op} is not a reduction-family operator")


KEEPDIMS = ("do_not_keepdims", "keepdims", "default_axes_keepdims", "negative_axes_keepdims")
L_NORM_KEEPDIMS = ("do_not_keepdims", "keep_dims", "default_axes_keepdims", "negative_axes_keep_dims")
ARG_VARIANTS = ("no_keepdims", "keepdims", "default_axis", "negative_axis_keepdims")
SOFTMAX_VARIANTS = ("large_number", "axis_0", "axis_1", "axis_2", "negative_axis", "default_axis")
LAYER_NORM_VARIANTS = (["2d_axis0", "2d_axis1", "2d_axis_negative_1", "2d_axis_negative_2"]
                       + [f"3d_axis{a}_epsilon" for a in ("0", "1", "2", "_negative_1", "_negative_2", "_negative_3")]
                       + [f"4d_axis{a}" for a in ("0", "1", "2", "3", "_negative_1", "_negative_2", "_negative_3",
                                                  "_negative_4")]
                       + ["default_axis"])
SOFTMAX_TESTS = ([f"test_softmax_{v}" for v in ("example",) + SOFTMAX_VARIANTS]
                 + [f"test_logsoftmax_{v}" for v in ("example_1",) + SOFTMAX_VARIANTS])
LAYER_NORM_TESTS = [f"test_layer_normalization_{v}" for v in LAYER_NORM_VARIANTS]


def with_data(names):
    return [f"{n}_{d}" for n in names for d in ("example", "random")]


REDUCTION_TESTS = (
    # ONNX 1.12 spells one of them "keepdim".
    [t.replace("test_reduce_max_default_axes_keepdims_example", "test_reduce_max_default_axes_keepdim_example")
     for t in with_data(f"test_reduce_{f}_{k}" for f in ("sum", "mean", "max", "min", "prod", "sum_square")
                        for k in KEEPDIMS)]
    + ["test_reduce_sum_empty_axes_input_noop_example"]
    + with_data(f"test_reduce_{f}_{k}" for f in ("l1", "l2") for k in L_NORM_KEEPDIMS)
    + [f"test_reduce_log_sum_{k}" for k in ("asc_axes", "desc_axes", "default", "negative_axes")]
    + [f"test_{op}_{v}_{d}{s}" for op in ("argmax", "argmin") for v in ARG_VARIANTS for d in ("example", "random")
       for s in ("", "_select_last_index")]
    + SOFTMAX_TESTS
    + [f"test_hardmax_{v}" for v in ("example", "one_hot") + SOFTMAX_VARIANTS[1:]]  # no large_number; one_hot
    + ["test_mvn", "test_instancenorm_example", "test_instancenorm_epsilon"]
    + LAYER_NORM_TESTS
)
SKIPPED.update({t: None for t in with_data(f"test_reduce_log_sum_exp_{k}" for k in KEEPDIMS)})  # FLOAT64
SKIPPED.update({f"{t}_expanded": EXPANDED for t in SOFTMAX_TESTS + LAYER_NORM_TESTS + ["test_mvn"]})
# ---- BEGIN batch and local response normalization: the tests ------------------------------------------------------
REDUCTION_TESTS += BATCHNORM_LRN_TESTS
SKIPPED.update({f"test_batchnorm_{v}_training_mode": BATCHNORM_TRAINING for v in ("example", "epsilon")})
FAMILIES += ("test_batchnorm", "test_lrn")
# ---- END batch and local response normalization: the tests --------------------------------------------------------
FAMILIES += ("test_gemm", "test_matmul", "test_qlinearmatmul")  # the GEMM family
FAMILIES += ("test_reduce_", "test_argmax", "test_argmin", "test_softmax", "test_logsoftmax", "test_hardmax",
             "test_mvn", "test_layer_normalization", "test_instancenorm")


def elem_type(value_info):
    return value_info.type.tensor_type.elem_type


def type_name(t):
    return TensorProto.DataType.Name(t)


def dims_of(array):
    return [str(d) for d in (list(array.shape) or [1])]  # a scalar is a 1-element 1-D tensor


def main():
    out = os.path.abspath(sys.argv[1])
    generated = os.path.join(out, "generated")
    os.makedirs(out, exist_ok=True)
    sys.argv = ["backend-test-tools", "generate-data", "-o", generated]
    onnx_tools_main()
    node_dir = os.path.join(generated, "node")

    available = set(os.listdir(node_dir))
    SKIPPED.update({t: r for t, r in NEWER_THAN_ONNX_1_12.items() if t in available})
    classified = set(ACTIVATIONS) | set(ELEMENTWISE_TESTS) | set(REDUCTION_TESTS) | set(GEMM_TESTS) | set(SKIPPED)
    missing = sorted(classified - available)
    if missing:
        sys.exit(f"ONNX test data was not generated for: {' '.join(missing)}")
    unclassified = sorted(t for t in available - classified if t.startswith(FAMILIES))
    if unclassified:
        sys.exit(f"ONNX tests of the exported families are neither run nor skipped: {' '.join(unclassified)}")

    lines, skips, run_tests = [], [], []

    def export_case(test, data_set, op, compare, attrs, tensors):
        """tensors: (ONNX element type, array) of the inputs in DML binding order, then the expected output."""
        stem = f"{test}_{data_set}"
        fields = ["run", stem, op, compare, str(len(attrs))] + [repr(float(a)) for a in attrs] + [str(len(tensors))]
        for i, (t, array) in enumerate(tensors):
            if array is None:  # an absent optional input
                fields.append("NONE")
                continue
            dml_type, dtype, suffix = DML_TYPES[t]
            name = f"{stem}.{'out' if i == len(tensors) - 1 else f'in{i}'}.{suffix}"
            np.ascontiguousarray(array).astype(dtype).tofile(os.path.join(out, name))
            fields += [dml_type, str(len(array.shape) or 1)] + dims_of(array) + [name]
        lines.append(" ".join(fields))

    for test in sorted(set(NEWER_THAN_ONNX_1_12) - available):
        skips.append(f"skip {test} {NEWER_THAN_ONNX_1_12[test]}")
    for test in sorted(classified):
        case_dir = os.path.join(node_dir, test)
        model = onnx.load(os.path.join(case_dir, "model.onnx"))
        graph = model.graph
        inputs = [elem_type(v) for v in graph.input]
        outputs = [elem_type(v) for v in graph.output]
        opset = next(o.version for o in model.opset_import if o.domain in ("", "ai.onnx"))
        try:
            if SKIPPED.get(test):
                raise Skip(SKIPPED[test])
            if len(graph.node) != 1:
                raise Skip(EXPANDED)
            node = graph.node[0]
            if node.op_type in GEMM_FAMILY:
                op, used = GEMM_FAMILY[node.op_type], len(inputs)
            elif node.op_type in REDUCTION_FAMILY:
                op = REDUCTION_FAMILY[node.op_type]
                used = len(inputs) if node.op_type in NORMALIZATIONS else 1  # ReduceSum's axes: a CPU constant
                check_reduction_types(test, op, inputs[:used], outputs[0])
            elif test in ACTIVATIONS:
                op, a0, a1 = ACTIVATIONS[test](node)
                compare, attrs, used = ACTIVATION_COMPARE, [a0, a1], len(inputs)
                if any(t != TensorProto.FLOAT for t in inputs + outputs):
                    sys.exit(f"{test}: expected float32 inputs and output")
            else:
                op, used = elementwise(node, len(inputs))
                compare, attrs = "exact", []  # CLIP1's bounds are read from the data below
                if (op in MATH_UNARY.values() or op in INEXACT_UNARY or op == "ELEMENT_WISE_POW") and \
                        outputs[0] in (TensorProto.FLOAT, TensorProto.FLOAT16):
                    compare = MATH_COMPARE
                attrs = unary_mode(node, op)
            for t in inputs[:used] + outputs:
                if t not in DML_TYPES:
                    raise Skip(NO_TYPE.format(type_name(t)))
            if test not in ACTIVATIONS and node.op_type not in REDUCTION_FAMILY and node.op_type not in GEMM_FAMILY:
                check_listed(op, [DML_TYPES[t][0] for t in inputs[:used] + outputs[:1]])
            if test in SKIPPED:  # a skip whose reason elementwise() gives must not turn into a run
                sys.exit(f"{test} is listed as skipped but would run as {op}")
        except Skip as reason:
            if test not in SKIPPED:
                sys.exit(f"{test} is listed to run but cannot: {reason}")
            skips.append(f"skip {test} {reason}")
            continue

        data_sets = sorted(d for d in os.listdir(case_dir) if d.startswith("test_data_set"))
        if not data_sets:
            sys.exit(f"{test}: no test data sets")
        for data_set in data_sets:
            def load(name):
                tensor = TensorProto()
                with open(os.path.join(case_dir, data_set, name), "rb") as f:
                    tensor.ParseFromString(f.read())
                return numpy_helper.to_array(tensor)

            if node.op_type in GEMM_FAMILY:
                compare, attrs, tensors, y = gemm_family(node, inputs, [load(f"input_{i}.pb") for i in range(used)],
                                                         load("output_0.pb"))
                export_case(test, data_set, op, compare, attrs, tensors + [(outputs[0], y)])
                continue
            if node.op_type in REDUCTION_FAMILY:  # all inputs: ReduceSum's axes too
                compare, attrs, xs, out_sizes = reduction(node, opset,
                                                          [load(f"input_{i}.pb") for i in range(len(inputs))])
                y = load("output_0.pb")  # LayerNormalization: Y only
                if y.size != np.prod(out_sizes):
                    sys.exit(f"{test}: the output has {y.size} elements, the DML output sizes {out_sizes}")
                # Scales and biases have the input's type (ONNX's T, DML's rule).
                export_case(test, data_set, op, compare, attrs,
                            [(inputs[0], x) for x in xs] + [(outputs[0], y.reshape(out_sizes))])
                continue
            xs = [load(f"input_{i}.pb") for i in range(used)]
            if op == "ELEMENT_WISE_CLIP1":
                # Min and Max from the node's optional inputs (by name); absent ones are the type's extremes, as
                # ONNX Runtime sets them.
                names = [v.name for v in graph.input]
                info = np.finfo if xs[0].dtype.kind == "f" else np.iinfo
                bounds = [info(xs[0].dtype).min, info(xs[0].dtype).max]
                for k in (1, 2):
                    if len(node.input) > k and node.input[k]:
                        bounds[k - 1] = load(f"input_{names.index(node.input[k])}.pb").item()
                attrs = [float(b) for b in bounds]
            y = load("output_0.pb")
            if test not in ACTIVATIONS and node.op_type in QUANTIZE:
                xs = per_axis(node, xs, len(y.shape) or 1)
            if test in ACTIVATIONS and xs[0].shape != y.shape:
                sys.exit(f"{test}: expected the input and output of one shape")
            if len(y.shape) > 8:
                sys.exit(f"{test}: rank {len(y.shape)} is over DirectML's 8")
            export_case(test, data_set, op, compare, attrs, list(zip(inputs[:used], xs)) + [(outputs[0], y)])
        y_only = ", Y only" if node.op_type == "LayerNormalization" else ""
        run_tests.append(f"{test} ({op}{y_only}, {len(data_sets)} data set{'s' if len(data_sets) > 1 else ''})")

    header = [line.rstrip() for line in __doc__.splitlines()[3:]]
    with open(os.path.join(out, "cases.txt"), "w") as f:
        f.write("\n".join("#" + (" " + h if h else "") for h in header) + "\n")
        f.write("\n".join(lines + skips) + "\n")
    print(f"ONNX tests run ({len(run_tests)} tests, {len(lines)} cases):")
    for t in run_tests:
        print(f"  {t}")
    print(f"ONNX tests skipped ({len(skips)}):")
    for s in skips:
        print(f"  {s[len('skip '):].replace(' ', ': ', 1)}")
    print(f"exported {len(lines)} ONNX cases to {out}")


if __name__ == "__main__":
    main()
