#!/usr/bin/python3
"""Generates ONNX's backend node tests with Debian's python3-onnx and exports the ones vkdml runs as plain files.

Usage: export_onnx_cases.py OUTPUT_DIR
Writes OUTPUT_DIR/cases.txt, one line per case:
    <test name> <DML operator suffix> <attr0> <attr1> <rank> <dims...> <input .f32 file> <expected .f32 file>
      [<second input .f32 file> <its rank> <its dims...>]
and the raw little-endian float32 files beside it. Only float32 cases of the operators listed in ONNX_TO_DML are
exported (the second input of PRelu is broadcast NumPy-style); a listed test missing from onnx's data is an error
(the suite must not silently shrink).
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
from onnx import numpy_helper  # noqa: E402
from onnx.backend.test.cmd_tools import main as onnx_tools_main  # noqa: E402


def attr(node, name, default):
    for a in node.attribute:
        if a.name == name:
            return onnx.helper.get_attribute_value(a)
    return default


# ONNX test -> (DML operator, attributes from the ONNX node)
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

ONNX_TO_DML = {
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


def main():
    out = os.path.abspath(sys.argv[1])
    generated = os.path.join(out, "generated")
    os.makedirs(out, exist_ok=True)
    sys.argv = ["backend-test-tools", "generate-data", "-o", generated]
    onnx_tools_main()
    lines = []
    for test, convert in sorted(ONNX_TO_DML.items()):
        case_dir = os.path.join(generated, "node", test)
        if not os.path.isdir(case_dir):
            sys.exit(f"ONNX test data for {test} was not generated")
        model = onnx.load(os.path.join(case_dir, "model.onnx"))
        node = model.graph.node[0]
        op, a0, a1 = convert(node)
        for data_set in sorted(d for d in os.listdir(case_dir) if d.startswith("test_data_set")):
            def load(name):
                tensor = onnx.TensorProto()
                with open(os.path.join(case_dir, data_set, name), "rb") as f:
                    tensor.ParseFromString(f.read())
                return numpy_helper.to_array(tensor)

            x, y = load("input_0.pb"), load("output_0.pb")
            if x.dtype != np.float32 or x.shape != y.shape:
                sys.exit(f"{test}: expected float32 in and out of one shape")
            stem = f"{test}_{data_set}"
            x.astype("<f4").tofile(os.path.join(out, stem + ".in.f32"))
            y.astype("<f4").tofile(os.path.join(out, stem + ".out.f32"))
            dims = list(x.shape) or [1]
            fields = [stem, op, repr(float(a0)), repr(float(a1)), str(len(dims))] + [str(d) for d in dims] + \
                     [stem + ".in.f32", stem + ".out.f32"]
            if os.path.exists(os.path.join(case_dir, data_set, "input_1.pb")):
                x2 = load("input_1.pb")
                x2.astype("<f4").tofile(os.path.join(out, stem + ".in2.f32"))
                dims2 = list(x2.shape) or [1]
                fields += [stem + ".in2.f32", str(len(dims2))] + [str(d) for d in dims2]
            lines.append(" ".join(fields))
    with open(os.path.join(out, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"exported {len(lines)} ONNX cases to {out}")


if __name__ == "__main__":
    main()
