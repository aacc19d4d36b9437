#!/usr/bin/env python3
"""Writes tests/dispatch/expected/<model>.txt: what `vkdml-dispatch models/<model>.json` must print, computed from
the operators' formulas in double precision, rounded to the tensor's data type and formatted the way DxDispatch
prints (printf "%g", Windows spellings of NaN). "Running on" and "Dispatch" lines are not compared; paths of written
files start with <out>. Run with Debian's python3 + numpy after changing a model:

    /usr/bin/python3 tests/dispatch/make_expected.py
"""
import math
import os
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(HERE, '..', '..', 'models')


def fmt(x):
    if math.isnan(x):
        return 'nan'
    if math.isinf(x):
        return 'inf' if x > 0 else '-inf'
    return '%g' % x


def f32(x):
    return float(np.float32(x))


def f16(x):
    return float(np.float16(x))


def resource(name, values):
    return "Resource '%s': %s" % (name, ', '.join(fmt(v) for v in values))


def verbose(name, values, dtype):
    lines = ["Resource '%s':" % name]
    width = int(math.floor(math.log10(len(values)))) + 1
    for i, v in enumerate(values):
        if dtype == 'f4':
            bits = struct.unpack('<I', struct.pack('<f', v))[0]
            hexw = 8
        else:
            bits = int(np.array([v], dtype=np.float16).view(np.uint16)[0])
            hexw = 4
        lines.append('[%*d] %s (0x%*X)' % (width, i, fmt(v), hexw, bits))
    lines.append('')
    return lines


def celu(x, a):
    if math.isnan(x):
        return x
    if x == -math.inf:
        return -a
    return x if x >= 0 else a * math.expm1(x / a)


def softplus_t(t):
    return max(t, 0.0) + math.log1p(math.exp(-abs(t)))


def write(model, lines):
    with open(os.path.join(HERE, 'expected', model + '.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')


# dml_activation_celu: Alpha 1.5
x = [-5, -3, -1.5, -1, -0.5, -0.125, 0, 0.25, 1, 4, math.nan, math.inf, -math.inf]
write('dml_activation_celu', [resource('input', x), resource('output', [f32(celu(v, 1.5)) for v in x])])

# dml_activation_linear: 2x - 1 on the sequence -2.75, -2.25, ...
x = [-2.75 + 0.5 * i for i in range(12)]
y = [f32(2 * v - 1) for v in x]
write('dml_activation_linear', [resource('X', x), resource('Y', y)] + verbose('Y', y, 'f4'))

# dml_activation_softplus: Steepness 2 on data/softplus_input.npy
x = np.load(os.path.join(MODELS, 'data', 'softplus_input.npy')).astype(np.float64).ravel()
y = [f32(softplus_t(2 * v) / 2) for v in x]
write('dml_activation_softplus', [resource('output', y)] +
      ["Resource '%s' written to '<out>/softplus/%s'" % (r, f) for r, f in
       [('input', 'input.npy'), ('output', 'output.npy'), ('output', 'output.bin')]])

# dml_activation_parametric_softplus: 0.5 * softplus(2x) on data/parametric_softplus_input.bin
x = np.fromfile(os.path.join(MODELS, 'data', 'parametric_softplus_input.bin'), dtype='<f4').astype(np.float64)
write('dml_activation_parametric_softplus',
      [resource('input', x), resource('output', [f32(0.5 * softplus_t(2 * v)) for v in x])])

# dml_activation_linear_inplace: 0.5x + 0.25 twice on elements 4..11, in place
a = [100, 200, 300, 400, 1, 2, 3, 4, 5, 6, 7, 8]
lines = []
for _ in range(2):
    a = a[:4] + [f32(0.5 * v + 0.25) for v in a[4:]]
    lines.append(resource('A', a))
write('dml_activation_linear_inplace', lines)

# dml_activation_linear_transpose: a 2x3 matrix read through strides [1, 3] as 3x2
m = [1, 2, 3, 4, 5, 6]
write('dml_activation_linear_transpose', [resource('matrix', m), resource('transposed', [1, 4, 2, 5, 3, 6])])

# dml_activation_celu_fp16: Alpha 2 in FLOAT16
x = [-4, -1, -0.25, 0.5, 65504]
y = [f16(celu(v, 2)) for v in x]
write('dml_activation_celu_fp16', [resource('input', x), resource('output', y)] + verbose('output', y, 'f2') +
      ["Resource 'output' written to '<out>/celu_fp16/output.npy'"])


# The other activations and ELEMENT_WISE_IDENTITY: one model each, `input` -> `output`. Inputs and float parameters
# are what the model's FLOAT32 / FLOAT16 tensors and the desc's FLOAT fields hold; the formula runs in double on those.
def seq(count, start, delta):
    return [start + delta * i for i in range(count)]


def sigmoid(t):
    return 1 / (1 + math.exp(-t)) if t >= 0 else math.exp(t) / (1 + math.exp(t))


def unary(model, x, f, rnd=f32, verbose_output=False):
    x = [rnd(v) for v in x]
    y = [rnd(f(v)) for v in x]
    lines = [resource('input', x), resource('output', y)]
    if verbose_output:
        lines += verbose('output', y, 'f4' if rnd is f32 else 'f2')
    write(model, lines)


a = f32(0.5)
unary('dml_activation_elu', [-8, -3, -1.5, -1, -0.5, -0.0625, 0, 0.125, 1, 2.5, 6, 100],
      lambda x: x if x >= 0 else a * math.expm1(x))

unary('dml_activation_hard_sigmoid', seq(12, -3, 0.5), lambda x: max(0.0, min(0.25 * x + 0.5, 1.0)))

unary('dml_activation_identity', [-1e30, -7.5, -1, -0.0, 0, 1e-30, 0.1, 3, 65504, math.nan, math.inf, -math.inf],
      lambda x: x)

a = f32(0.01)
unary('dml_activation_leaky_relu', [-1000, -10, -2.5, -1, -0.3, -0.001, 0, 0.001, 0.3, 1, 2.5, 1000],
      lambda x: x if x >= 0 else a * x)

# PARAMETERIZED_RELU: input 3x4, slope [4] broadcast over the rows (Strides [0, 1])
x = seq(12, -3, 0.5)
slope = [f32(v) for v in [0.1, 0.25, -0.5, 2]]
write('dml_activation_parameterized_relu',
      [resource('input', x), resource('slope', slope),
       resource('output', [f32(v if v >= 0 else slope[i % 4] * v) for i, v in enumerate(x)])])

unary('dml_activation_relu', [-1e20, -3.5, -1, -0.25, -1e-30, 0, 1e-30, 0.25, 1, 3.5, 1e20, math.inf, -math.inf],
      lambda x: max(0.0, x))

a, g = f32(1.67326319217681884765625), f32(1.05070102214813232421875)
unary('dml_activation_scaled_elu', [-10, -4, -2, -1, -0.5, -0.125, 0, 0.125, 0.5, 1, 2, 4],
      lambda x: g * x if x > 0 else g * a * math.expm1(x))

a, b = f32(1.7159), f32(0.6666667)
unary('dml_activation_scaled_tanh', [-8, -3, -1.5, -1, -0.5, -0.125, 0, 0.125, 0.5, 1, 1.5, 3, 8, 30],
      lambda x: a * math.tanh(b * x))

unary('dml_activation_sigmoid', [-20, -8, -4, -2, -1, -0.5, -0.0625, 0, 0.0625, 0.5, 1, 2, 4, 8, 20, 100], sigmoid)

unary('dml_activation_softsign', [-1000, -9, -3, -1, -0.5, -0.1, 0, 0.1, 0.5, 1, 3, 9, 1000],
      lambda x: x / (1 + abs(x)))

unary('dml_activation_tanh', [-12, -4, -2, -1, -0.5, -0.125, -0.001, 0, 0.001, 0.125, 0.5, 1, 2, 4, 12, 50], math.tanh)

unary('dml_activation_thresholded_relu', seq(12, -2.5, 0.5), lambda x: x if x > 1 else 0.0)

unary('dml_activation_shrink', [-4, -2, -1.5, -1, -0.75, -0.25, 0, 0.25, 0.75, 1, 1.5, 2, 4],
      lambda x: x - 0.5 if x > 1 else x + 0.5 if x < -1 else 0.0)

unary('dml_activation_gelu', [-6, -4, -3, -2, -1, -0.5, -0.125, 0, 0.125, 0.5, 1, 2, 3, 4, 6, 10],
      lambda x: 0.5 * x * math.erfc(-x / math.sqrt(2)))

# SWISH in FLOAT16 (SigmoidInputScale is a FLOAT field)
s = f32(1.702)
unary('dml_activation_swish', [-12, -6, -3, -1.5, -1, -0.5, -0.125, 0, 0.125, 0.5, 1, 1.5, 3, 6],
      lambda x: x * sigmoid(s * x), rnd=f16, verbose_output=True)

a = f32(0.16666667)
unary('dml_activation_hard_swish', [-5, -3, -2.5, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2.5, 3, 5],
      lambda x: x * max(0.0, min(a * x + 0.5, 1.0)))

# dml_element_wise_identity: a plain copy, then Scale -4 and Bias 0.5 (DML_SCALE_BIAS)
x = seq(12, -2.75, 0.5)
write('dml_element_wise_identity',
      [resource('input', x), resource('copy', x), resource('scaled', [f32(-4 * v + 0.5) for v in x])])

# dml_activation_shrink_int8: INT8 with Bias 1.5, Threshold 2; the real result truncated toward zero, saturated
def shrink_int8(x):
    r = math.trunc(x + 1.5) if x < -2 else math.trunc(x - 1.5) if x > 2 else 0
    return max(-128, min(127, r))


x = [-128, -100, -5, -3, -2, -1, 0, 1, 2, 3, 5, 100, 127]
write('dml_activation_shrink_int8', [resource('input', x), resource('output', [shrink_int8(v) for v in x])])
