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


# ---------------------------------------------------------------------------------------------------------------
# Element-wise operator groups and DirectML graphs: the inputs are read from the model's resources (the values the
# model uploads), every output computed here in double from the operator's formula (rounded to the tensor's type
# once per operator, as each operator of a graph writes its tensor), and printed in the order of the model's print
# commands.
# ---------------------------------------------------------------------------------------------------------------
import json

INT_RANGES = {'INT8': (-128, 127), 'UINT8': (0, 255), 'INT16': (-32768, 32767), 'UINT16': (0, 65535),
              'INT32': (-2**31, 2**31 - 1), 'UINT32': (0, 2**32 - 1), 'INT64': (-2**63, 2**63 - 1),
              'UINT64': (0, 2**64 - 1)}


def load_model(model):
    with open(os.path.join(MODELS, model + '.json')) as f:
        return json.load(f)


def number(v):
    if isinstance(v, str):
        return {'nan': math.nan, 'inf': math.inf, '-inf': -math.inf}[v.lower()]
    return v


def to_type(dt, v):
    if dt == 'FLOAT32':
        return f32(v)
    if dt == 'FLOAT16':
        return f16(v)
    lo, hi = INT_RANGES[dt]
    assert lo <= v <= hi and v == int(v), (dt, v)
    return int(v)


def resource_values(model, name):
    r = model['resources'][name]
    dt = r['initialValuesDataType'].replace('DML_TENSOR_DATA_TYPE_', '')
    iv = r['initialValues']
    if isinstance(iv, list):
        values = [number(v) for v in iv]
    elif 'value' in iv:
        values = [number(iv['value'])] * iv['valueCount']
    else:
        values = [iv['valueStart'] + iv['valueDelta'] * i for i in range(iv['valueCount'])]
    return dt, [to_type(dt, v) for v in values]


def fmt_typed(dt, v):
    return fmt(v) if dt.startswith('FLOAT') else str(int(v))


def write_prints(model_name, outputs):
    """Expected lines for the model's print commands; `outputs` maps a resource to its values after the dispatches
    (resources not in `outputs` print their initial values)."""
    model = load_model(model_name)
    lines = []
    for command in model['commands']:
        if command['type'] != 'print':
            continue
        name = command['resource']
        dt, values = resource_values(model, name)
        if name in outputs:
            values = [to_type_saturating(dt, v) for v in outputs[name]]
        lines.append("Resource '%s': %s" % (name, ', '.join(fmt_typed(dt, v) for v in values)))
    write(model_name, lines)


def to_type_saturating(dt, v):
    return to_type(dt, v) if dt.startswith('FLOAT') else int(v)


def signed_zero(r, x):
    """Rounding functions keep the sign of x on zero results (ceil(-0.5) = -0)."""
    r = float(r)
    return math.copysign(0.0, x) if r == 0 else r


# dml_element_wise_arithmetic
m = load_model('dml_element_wise_arithmetic')
_, A = resource_values(m, 'A')
_, B = resource_values(m, 'B')
_, X = resource_values(m, 'base')
_, E = resource_values(m, 'exponent')
binary = {'add': lambda a, b: a + b, 'subtract': lambda a, b: a - b, 'multiply': lambda a, b: a * b,
          'divide': lambda a, b: a / b, 'max': max, 'min': min, 'mean': lambda a, b: (a + b) / 2,
          'difference_square': lambda a, b: (a - b) ** 2}
out = {n: [f32(f(a, b)) for a, b in zip(A, B)] for n, f in binary.items()}
out['pow'] = [f32(math.pow(x, e)) for x, e in zip(X, E)]
out['pow_scaled'] = [f32(math.pow(f32(0.5 * x + 1), e)) for x, e in zip(X, E)]  # ScaleBias on the input
write_prints('dml_element_wise_arithmetic', out)

# dml_element_wise_add1_fused: B [3] broadcast over the rows of A [2, 3]
m = load_model('dml_element_wise_add1_fused')
_, A = resource_values(m, 'A')
_, B = resource_values(m, 'B')
s = [f32(a + B[i % 3]) for i, a in enumerate(A)]
write_prints('dml_element_wise_add1_fused', {
    'sum': s,
    'sum_elu': [v if v >= 0 else f32(0.5 * math.expm1(v)) for v in s],
    'sum_leaky_relu': [v if v >= 0 else f32(0.25 * v) for v in s],
    'sum_linear': [f32(-2 * v + 0.5) for v in s]})

# dml_element_wise_logic: comparisons of FLOAT32 (NaN compares false), logic on UINT8 (non-zero is true)
m = load_model('dml_element_wise_logic')
_, A = resource_values(m, 'A')
_, B = resource_values(m, 'B')
_, P = resource_values(m, 'P')
_, Q = resource_values(m, 'Q')
out = {n: [int(f(a, b)) for a, b in zip(A, B)] for n, f in
       {'equals': lambda a, b: a == b, 'greater_than': lambda a, b: a > b, 'less_than': lambda a, b: a < b,
        'greater_than_or_equal': lambda a, b: a >= b, 'less_than_or_equal': lambda a, b: a <= b}.items()}
out.update({n: [int(f(bool(p), bool(q))) for p, q in zip(P, Q)] for n, f in
            {'and': lambda p, q: p and q, 'or': lambda p, q: p or q, 'xor': lambda p, q: p != q}.items()})
out['not'] = [int(not p) for p in P]
write_prints('dml_element_wise_logic', out)

# dml_element_wise_bit: UINT32; shifts by 32 or more give 0; BIT_COUNT into UINT8
m = load_model('dml_element_wise_bit')
_, A = resource_values(m, 'A')
_, B = resource_values(m, 'B')
M = 2**32 - 1
write_prints('dml_element_wise_bit', {
    'and': [a & b for a, b in zip(A, B)], 'or': [a | b for a, b in zip(A, B)], 'xor': [a ^ b for a, b in zip(A, B)],
    'shift_left': [(a << b) & M if b < 32 else 0 for a, b in zip(A, B)],
    'shift_right': [a >> b if b < 32 else 0 for a, b in zip(A, B)],
    'not': [~a & M for a in A], 'count': [bin(a).count('1') for a in A]})

# dml_element_wise_if
m = load_model('dml_element_wise_if')
_, C = resource_values(m, 'condition')
_, A = resource_values(m, 'A')
_, B = resource_values(m, 'B')
write_prints('dml_element_wise_if', {'output': [a if c else b for c, a, b in zip(C, A, B)]})


# dml_cast: float -> int truncates toward zero and saturates, NaN -> 0; int -> FLOAT16 rounds to nearest even;
# int -> narrower int keeps the low bits (docs/SEMANTICS.md)
def f_to_int(x, dt):
    lo, hi = INT_RANGES[dt]
    return 0 if math.isnan(x) else max(lo, min(hi, math.trunc(x))) if math.isfinite(x) else (hi if x > 0 else lo)


m = load_model('dml_cast')
write_prints('dml_cast', {
    'f32_to_i32': [f_to_int(x, 'INT32') for x in resource_values(m, 'f32')[1]],
    'i32_to_f16': [float(np.float16(float(v))) if abs(v) < 65520 else math.copysign(math.inf, v)
                   for v in resource_values(m, 'i32')[1]],
    'u8_to_f32': [float(v) for v in resource_values(m, 'u8')[1]],
    'i16_to_i8': [(v + 128) % 256 - 128 for v in resource_values(m, 'i16')[1]]})

# dml_element_wise_clip: CLIP in place and with ScaleBias; CLIP1 with FLOAT16, INT32 and UINT8 bounds
m = load_model('dml_element_wise_clip')
clamp = lambda v, lo, hi: max(lo, min(hi, v))
write_prints('dml_element_wise_clip', {
    'A': [clamp(v, -2.5, 2.5) for v in resource_values(m, 'A')[1]],
    'scaled': [clamp(f32(2 * v + 1), -2.5, 2.5) for v in resource_values(m, 'X')[1]],
    'half_out': [clamp(v, 2, 4) for v in resource_values(m, 'half')[1]],
    'int_out': [clamp(v, -3, 5) for v in resource_values(m, 'int')[1]],
    'byte_out': [clamp(v, 10, 200) for v in resource_values(m, 'byte')[1]]})


# dml_element_wise_unary_math
def round_away(x):
    return signed_zero(math.copysign(math.floor(abs(x) + 0.5), x), x)


m = load_model('dml_element_wise_unary_math')
_, G = resource_values(m, 'G')
_, P = resource_values(m, 'P')
_, S = resource_values(m, 'S')
out = {n: [f32(f(x)) for x in G] for n, f in {
    'exp': math.exp, 'erf': math.erf, 'recip': lambda x: 1 / x, 'abs': abs,
    'sign': lambda x: math.copysign(1.0, x) if x != 0 else 0.0, 'negate': lambda x: -x,
    'ceil': lambda x: signed_zero(math.ceil(x), x), 'floor': lambda x: signed_zero(math.floor(x), x),
    'exp_scaled': lambda x: math.exp(f32(0.5 * x + 1)),
    'round_even': lambda x: signed_zero(round(x), x), 'round_zero': lambda x: signed_zero(math.trunc(x), x),
    'round_away': round_away, 'constant_pow': lambda x: x ** 3, 'threshold': lambda x: max(x, 0.25)}.items()}
out['log'] = [f32(math.log(x)) for x in P]
out['sqrt'] = [f32(math.sqrt(x)) for x in P]
out['is_nan'] = [int(math.isnan(x)) for x in S]
out['is_infinity'] = [int(x == math.inf) for x in S]  # InfinityMode POSITIVE
write_prints('dml_element_wise_unary_math', out)

# dml_element_wise_trig
m = load_model('dml_element_wise_trig')
_, G = resource_values(m, 'G')
_, U = resource_values(m, 'U')
_, Q = resource_values(m, 'Q')
out = {n: [f32(getattr(math, n)(x)) for x in G] for n in ['sin', 'cos', 'tan', 'atan', 'sinh', 'cosh', 'tanh', 'asinh']}
out.update({n: [f32(getattr(math, n)(x)) for x in U] for n in ['asin', 'acos', 'atanh']})
out['acosh'] = [f32(math.acosh(x)) for x in Q]
out['atan_yx'] = [f32(math.atan2(y, x)) for y, x in zip(G, U)]
write_prints('dml_element_wise_trig', out)

# dml_element_wise_modulus: TRUNCATE is C's % / fmod, FLOOR is Python's %; x mod 0 = x for integers
m = load_model('dml_element_wise_modulus')
_, IA = resource_values(m, 'IA')
_, IB = resource_values(m, 'IB')
_, FA = resource_values(m, 'FA')
_, FB = resource_values(m, 'FB')
write_prints('dml_element_wise_modulus', {
    'truncate_int32': [a if b == 0 else int(math.fmod(a, b)) for a, b in zip(IA, IB)],
    'floor_int32': [a if b == 0 else a % b for a, b in zip(IA, IB)],
    'truncate_float32': [math.fmod(a, b) for a, b in zip(FA, FB)],
    'floor_float32': [a % b for a, b in zip(FA, FB)]})

# dml_element_wise_quantize: round(x / scale) ties to even, plus the zero point, saturated; and back
m = load_model('dml_element_wise_quantize')
_, X = resource_values(m, 'X')
scale = resource_values(m, 'scale')[1][0]
zero_point = resource_values(m, 'zero_point')[1][0]
write_prints('dml_element_wise_quantize', {
    'quantized': [clamp(round(x / scale) + zero_point, 0, 255) for x in X],
    'quantized_int8': [clamp(round(x / scale), -128, 127) for x in X],
    'dequantized': [(q - zero_point) * scale for q in resource_values(m, 'Q')[1]]})

# dml_dequantize_uint4_blocked: DEQUANTIZE of UINT4 weights {N=2, K/4=2, 4} (two per byte, the first in the low
# nibble) with one FLOAT32 scale and one UINT4 zero point per block of 4 (strides {2, 1, 0}, the MatMulNBits
# pattern): (q - zp) * scale; and DirectML's packing example UINT4 [1,2,3,4,5] = bytes 0x21 0x43 0x05 with scale 1
m = load_model('dml_dequantize_uint4_blocked')


def nibbles(data):
    return [(b >> shift) & 15 for b in data for shift in (0, 4)]


Q = nibbles(resource_values(m, 'weights')[1])
_, S = resource_values(m, 'scale')
ZP = nibbles(resource_values(m, 'zero_point')[1])
write_prints('dml_dequantize_uint4_blocked', {
    'dequantized': [f32((q - ZP[i // 4]) * S[i // 4]) for i, q in enumerate(Q)],
    'example_out': nibbles(resource_values(m, 'packed_example')[1])[:5]})


# dml_element_wise_clip_grad: the gradient where Min < x < Max, +0 elsewhere (x equal to a bound gives 0; a NaN x
# compares false and passes the gradient); INT8 x compared with the FLOAT bounds as real numbers
def clip_grad(xs, gs, lo, hi):
    return [0 if x <= lo or x >= hi else g for x, g in zip(xs, gs)]


m = load_model('dml_element_wise_clip_grad')
_, X = resource_values(m, 'X')
write_prints('dml_element_wise_clip_grad', {
    'grad': clip_grad(X, resource_values(m, 'G')[1], -2.5, 2.5),
    'G_inplace': clip_grad(X, resource_values(m, 'G_inplace')[1], -2.5, 2.5),
    'half_grad': clip_grad(resource_values(m, 'half_x')[1], resource_values(m, 'half_g')[1], -1, 1),
    'int8_grad': clip_grad(resource_values(m, 'int8_x')[1], resource_values(m, 'int8_g')[1], -99.5, 1e10),
    'int_grad': clip_grad(resource_values(m, 'int_x')[1], resource_values(m, 'int_g')[1], -3, 5),
    'byte_grad': clip_grad(resource_values(m, 'byte_x')[1], resource_values(m, 'byte_g')[1], 10, 200)})


# dml_element_wise_quantized_add: ((A - AZP) * AScale + (B - BZP) * BScale) / OutScale rounded half to even, plus
# OutZP, saturated; absent zero points are 0 (the inputs are chosen so that every FLOAT32 step is exact)
def quantized_add(A, a_scale, a_zp, B, b_scale, b_zp, out_scale, out_zp, dt):
    lo, hi = INT_RANGES[dt]
    return [clamp(round(f32(f32((a - a_zp) * a_scale) + f32((b - b_zp) * b_scale)) / out_scale) + out_zp, lo, hi)
            for a, b in zip(A, B)]


m = load_model('dml_element_wise_quantized_add')
v = lambda name: resource_values(m, name)[1]
write_prints('dml_element_wise_quantized_add', {
    'sum_uint8': quantized_add(v('A'), v('A_scale')[0], v('A_zero_point')[0], v('B'), v('B_scale')[0],
                               v('B_zero_point')[0], v('out_scale')[0], v('out_zero_point')[0], 'UINT8'),
    'sum_int8': quantized_add(v('P'), v('P_scale')[0], 0, v('Q'), v('Q_scale')[0], 0, v('out_scale')[0], 0, 'INT8'),
    'sum_mixed': quantized_add(v('A'), v('A_scale')[0], v('A_zero_point')[0], v('R'), v('P_scale')[0], 0,
                               v('out_scale')[0], v('mixed_zero_point')[0], 'INT8')})

# dml_graph_gelu: Div(x, sqrt 2) -> Erf -> Add(1) -> Mul(x) -> Mul(0.5), each node rounding to FLOAT32; and
# ACTIVATION_GELU on the same input, 0.5 x (1 + erf(x / sqrt 2)) in double
m = load_model('dml_graph_gelu')
_, X = resource_values(m, 'x')
sqrt2 = f32(math.sqrt(2))
graph = []
for x in X:
    t = f32(math.erf(f32(x / sqrt2)))
    graph.append(f32(f32(x * f32(t + 1)) * 0.5))
write_prints('dml_graph_gelu', {'gelu_graph': graph,
                                'gelu_operator': [f32(0.5 * x * math.erfc(-x / math.sqrt(2))) for x in X]})

# dml_graph_residual_add_relu: hidden = relu(x + bias), y = relu(hidden + x), bias [4] broadcast over the rows
m = load_model('dml_graph_residual_add_relu')
_, X = resource_values(m, 'x')
_, bias = resource_values(m, 'bias')
hidden = [max(0.0, x + bias[i % 4]) for i, x in enumerate(X)]
write_prints('dml_graph_residual_add_relu', {'hidden': hidden, 'y': [max(0.0, h + x) for h, x in zip(hidden, X)]})


# dml_graph_activation_chain: LINEAR(0.5, 0.25) -> LEAKY_RELU(0.125) -> ELU(1) -> SOFTSIGN -> TANH
# -> HARD_SIGMOID(0.5, 0.5), each node rounding to FLOAT32
def chain(x):
    v = f32(0.5 * x + 0.25)
    v = v if v >= 0 else f32(0.125 * v)
    v = v if v >= 0 else f32(math.expm1(v))
    v = f32(v / (1 + abs(v)))
    v = f32(math.tanh(v))
    return f32(max(0.0, min(1.0, 0.5 * v + 0.5)))


m = load_model('dml_graph_activation_chain')
write_prints('dml_graph_activation_chain', {'y': [chain(x) for x in resource_values(m, 'x')[1]]})

# dml_graph_owned_weights: y = x * w + b (w OWNED_BY_DML, bound at initialization; w and b broadcast over rows);
# sum = A + B with B owned
m = load_model('dml_graph_owned_weights')
_, X = resource_values(m, 'x')
_, W = resource_values(m, 'weights')
_, Bias = resource_values(m, 'bias')
write_prints('dml_graph_owned_weights', {
    'y': [f32(f32(x * W[i % 4]) + Bias[i % 4]) for i, x in enumerate(X)],
    'sum': [a + b for a, b in zip(resource_values(m, 'A')[1], resource_values(m, 'B')[1])]})

# dml_compile_graph_dequantize: DEQUANTIZE_LINEAR without a zero point, compiled as a graph and as an operator
m = load_model('dml_compile_graph_dequantize')
scale = resource_values(m, 'scale')[1][0]
deq = [q * scale for q in resource_values(m, 'q')[1]]
write_prints('dml_compile_graph_dequantize', {'graph_out': deq, 'op_out': deq})


# ---------------------------------------------------------------------------------------------------------------
# Reductions, the softmax family and the normalizations: NumPy in double on the model's inputs, each output rounded
# to its tensor's type once.
# ---------------------------------------------------------------------------------------------------------------
def as_array(model, name, shape):
    return np.array(resource_values(model, name)[1], dtype=np.float64).reshape(shape)


def f32_list(a):
    return [f32(v) for v in np.asarray(a).ravel()]


# dml_reduce: DirectML's sample (SUM over axis 3 of 1..9 as {1,1,3,3} -> 6, 15, 24), MAX over axis 2, AVERAGE over
# both axes (given as [3, 2]), L2 over the rows, MULTIPLY of INT32 rows
m = load_model('dml_reduce')
X = as_array(m, 'input', (3, 3))
write_prints('dml_reduce', {
    'sum': f32_list(X.sum(axis=1)), 'max': f32_list(X.max(axis=0)), 'average': f32_list(X.mean()),
    'l2': f32_list(np.sqrt((X * X).sum(axis=1))),
    'product': [int(v) for v in np.prod(as_array(m, 'input_int', (3, 3)), axis=1)]})

# dml_argmax: DirectML's page example [[1,2,3],[3,0,4],[2,5,2]]: per row, and over both axes (the flattened index,
# 7 for ARGMAX and 4 for ARGMIN); ties [3,2,1,2,3] resolved by AxisDirection (first 0, last 4)
m = load_model('dml_argmax')
M = as_array(m, 'M', (3, 3))
T = as_array(m, 'ties', (5,))
write_prints('dml_argmax', {
    'argmax_rows': [int(v) for v in M.argmax(axis=1)], 'argmax_all': [int(M.argmax())],
    'argmin_all': [int(M.argmin())], 'first': [int(T.argmax())], 'last': [len(T) - 1 - int(T[::-1].argmax())]})


def softmax(x, axes):
    e = np.exp(x - x.max(axis=axes, keepdims=True))
    return e / e.sum(axis=axes, keepdims=True)


def log_softmax(x, axes):
    shifted = x - x.max(axis=axes, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=axes, keepdims=True))


# dml_softmax1: rows, and both axes jointly
m = load_model('dml_softmax1')
X = as_array(m, 'input', (2, 3))
write_prints('dml_softmax1', {'rows': f32_list(softmax(X, (1,))), 'all': f32_list(softmax(X, (0, 1)))})

# dml_log_softmax1: the second row is the first plus 10000 (ONNX's large-number case: the same result); and down
# the columns
m = load_model('dml_log_softmax1')
X = as_array(m, 'input', (2, 4))
write_prints('dml_log_softmax1', {'rows': f32_list(log_softmax(X, (1,))), 'columns': f32_list(log_softmax(X, (0,)))})


def hardmax(x, axes):
    """1 at the first maximum (row-major over `axes`) of every slice along `axes`, 0 elsewhere."""
    kept = [d for d in range(x.ndim) if d not in axes]
    moved = np.moveaxis(x, list(axes), list(range(x.ndim - len(axes), x.ndim)))
    flat = moved.reshape([x.shape[d] for d in kept] + [-1])
    one_hot = np.zeros_like(flat)
    np.put_along_axis(one_hot, flat.argmax(axis=-1)[..., None], 1, axis=-1)
    return np.moveaxis(one_hot.reshape(moved.shape), list(range(x.ndim - len(axes), x.ndim)), list(axes))


# dml_hardmax1: DirectML's page example ({2,2,2}, Axes {0,2}), and ONNX's one_hot case (the first of tied maxima)
m = load_model('dml_hardmax1')
write_prints('dml_hardmax1', {'output': f32_list(hardmax(as_array(m, 'input', (2, 2, 2)), (0, 2))),
                              'one_hot': f32_list(hardmax(as_array(m, 'ties', (1, 4)), (1,)))})


def normalize(x, axes, eps, use_mean=True, scale=1.0, bias=0.0):
    """MVN1/MVN2: (x - mean) / sqrt(variance + eps) * scale + bias, the mean taken as 0 without use_mean."""
    mean = x.mean(axis=axes, keepdims=True) if use_mean else 0.0
    centred = x - mean
    return centred / np.sqrt((centred * centred).mean(axis=axes, keepdims=True) + eps) * scale + bias


# dml_mvn1: layer normalization of {2,4} over axis 1 with scale and bias {1,4}, Epsilon 1e-5; again with a fused RELU
m = load_model('dml_mvn1')
X = as_array(m, 'x', (2, 4))
y = f32_list(normalize(X, (1,), f32(1e-5), scale=as_array(m, 'scale', (1, 4)), bias=as_array(m, 'bias', (1, 4))))
write_prints('dml_mvn1', {'y': y, 'y_relu': [max(v, 0.0) for v in y]})

# dml_mvn2: RMS normalization (UseMean 0, UseVariance 1) with a scale and no bias, Epsilon 1e-6; and UseMean 1 without
# scale and bias, Epsilon 1e-5
m = load_model('dml_mvn2')
X = as_array(m, 'x', (2, 4))
write_prints('dml_mvn2', {
    'rms': f32_list(normalize(X, (1,), f32(1e-6), use_mean=False, scale=as_array(m, 'scale', (1, 4)))),
    'normalized': f32_list(normalize(X, (1,), f32(1e-5)))})

# dml_softmax: the legacy SOFTMAX, LOG_SOFTMAX and HARDMAX over the last axis; the second row is the first plus
# 10000 (the same results)
m = load_model('dml_softmax')
X = as_array(m, 'x', (2, 4))
write_prints('dml_softmax', {'softmax': f32_list(softmax(X, (1,))), 'log_softmax': f32_list(log_softmax(X, (1,))),
                             'hardmax': f32_list(hardmax(X, (1,)))})

# dml_mvn: the legacy MEAN_VARIANCE_NORMALIZATION on {1,2,2,2}: per channel (CrossChannel FALSE: axes 2, 3) with
# scale and bias per channel; across channels (axes 1, 2, 3) with a fused RELU; centred only (NormalizeVariance
# FALSE)
m = load_model('dml_mvn')
X = as_array(m, 'x', (1, 2, 2, 2))
eps = f32(1e-5)


def centre(x, axes):
    return x - x.mean(axis=axes, keepdims=True)


write_prints('dml_mvn', {
    'per_channel': f32_list(normalize(X, (2, 3), eps, scale=as_array(m, 'scale', (1, 2, 1, 1)),
                                      bias=as_array(m, 'bias', (1, 2, 1, 1)))),
    'cross_channel': [max(v, 0.0) for v in f32_list(normalize(X, (1, 2, 3), eps))],
    'centred': f32_list(centre(X, (2, 3)))})

# dml_batch_normalization: BATCH_NORMALIZATION on {2,2,2,2} with per-channel mean, variance, scale and bias, plain
# and with a fused RELU; BATCH_NORMALIZATION_TRAINING with a FusedAdd: the statistics over N, H, W (where Scale has
# size 1), the population variance
m = load_model('dml_batch_normalization')
X = as_array(m, 'x', (2, 2, 2, 2))
param = {name: as_array(m, name, (1, 2, 1, 1)) for name in ('mean', 'variance', 'scale', 'bias')}
y = f32_list((X - param['mean']) / np.sqrt(param['variance'] + eps) * param['scale'] + param['bias'])
batch_mean = X.mean(axis=(0, 2, 3), keepdims=True)
batch_variance = ((X - batch_mean) ** 2).mean(axis=(0, 2, 3), keepdims=True)
trained = (X - batch_mean) / np.sqrt(batch_variance + eps) * param['scale'] + param['bias'] + \
    as_array(m, 'residual', (2, 2, 2, 2))
write_prints('dml_batch_normalization', {
    'y': y, 'y_relu': [max(v, 0.0) for v in y], 'y_training': f32_list(trained),
    'batch_mean': f32_list(batch_mean), 'batch_variance': f32_list(batch_variance)})

# dml_lp_normalization: x / max(||x||_P, Epsilon): L2 along the rows of {4,2} (a row of zeros stays zeros), L1 down
# the columns
m = load_model('dml_lp_normalization')
X = as_array(m, 'x', (4, 2))
write_prints('dml_lp_normalization', {
    'l2_rows': f32_list(X / np.maximum(np.sqrt((X * X).sum(axis=1, keepdims=True)), f32(1e-5))),
    'l1_columns': f32_list(X / np.maximum(np.abs(X).sum(axis=0, keepdims=True), f32(1e-5)))})


def lrn(x, axes, size, alpha, beta, bias):
    """x / (bias + alpha / size * S)^beta, S the sum of squares over [i - (size-1)//2, i + ceil((size-1)/2)] along
    each of `axes`, clipped to the tensor (ONNX's placement)."""
    below, above = (size - 1) // 2, size - 1 - (size - 1) // 2
    out = np.empty_like(x)
    for index in np.ndindex(x.shape):
        window = tuple(slice(max(0, index[d] - below), index[d] + above + 1) if d in axes else index[d]
                       for d in range(x.ndim))
        s = (x[window] ** 2).sum()
        out[index] = x[index] / (bias + f32(alpha / size) * s) ** beta
    return out


# dml_local_response_normalization: across channels of {1,4,2,2} (LocalSize 3), and within one channel of {1,1,4,4}
# (LocalSize 2: a 2 x 2 window reaching one further down and right)
m = load_model('dml_local_response_normalization')
write_prints('dml_local_response_normalization', {
    'across_channels': f32_list(lrn(as_array(m, 'x', (1, 4, 2, 2)), (1,), 3, 0.5, 0.75, 1.0)),
    'within_channel': f32_list(lrn(as_array(m, 'x', (1, 1, 4, 4)), (2, 3), 2, 0.25, 0.5, 2.0))})

# dml_cumulative: DirectML's page example {1,1,3,4} along axis 3 (inclusive, exclusive, decreasing) and axis 2,
# for sums and products; DxDispatch's INT32 product [2,4,8,3]
m = load_model('dml_cumulative')
X = as_array(m, 'x', (3, 4))


def exclusive(scan, x, identity):
    return np.concatenate([np.full((x.shape[0], 1), identity), scan(x, axis=1)[:, :-1]], axis=1)


write_prints('dml_cumulative', {
    'sum': f32_list(np.cumsum(X, axis=1)), 'sum_exclusive': f32_list(exclusive(np.cumsum, X, 0.0)),
    'sum_decreasing': f32_list(np.cumsum(X[:, ::-1], axis=1)[:, ::-1]), 'sum_down': f32_list(np.cumsum(X, axis=0)),
    'product': f32_list(np.cumprod(X, axis=1)), 'product_exclusive': f32_list(exclusive(np.cumprod, X, 1.0)),
    'product_decreasing': f32_list(np.cumprod(X[:, ::-1], axis=1)[:, ::-1]),
    'product_int': [int(v) for v in np.cumprod(resource_values(m, 'x_int')[1])]})


# ---------------------------------------------------------------------------------------------------------------
# GEMM and the integer matrix multiplies
# ---------------------------------------------------------------------------------------------------------------
# dml_gemm: 0.5 * A x B^T + 2 * C (C one row, broadcast by a zero stride), plain and with a fused RELU; a batch of two
# A against one B (stride 0 along the batch); FLOAT16 A^T x B
m = load_model('dml_gemm')
A = as_array(m, 'A', (2, 3))
y = f32_list(0.5 * A @ as_array(m, 'B_t', (4, 3)).T + 2 * as_array(m, 'C_row', (1, 4)))
write_prints('dml_gemm', {
    'y': y, 'y_relu': [max(v, 0.0) for v in y],
    'y_batches': f32_list(as_array(m, 'A_batches', (2, 2, 3)) @ as_array(m, 'B_shared', (3, 2))),
    'y_half': [f16(v) for v in (as_array(m, 'A_half', (3, 2)).T @ as_array(m, 'B_half', (3, 2))).ravel()]})

# dml_gemm_fused_softmax: attention's scores as ONNX Runtime's FusedMatMulActivation emits them, GEMM with a fused
# SOFTMAX1 over the rows of 0.5 * Q x K^T + mask (the mask a row broadcast by a zero stride; its -10000 gives 0);
# the same product with a fused ELEMENT_WISE_CLIP to [-1, 2]
m = load_model('dml_gemm_fused_softmax')
product = as_array(m, 'Q', (3, 4)) @ as_array(m, 'K', (3, 4)).T
write_prints('dml_gemm_fused_softmax', {
    'scores': f32_list(softmax(0.5 * product + as_array(m, 'mask', (1, 3)), (1,))),
    'clipped': f32_list(np.clip(product, -1, 2))})

# dml_matrix_multiply_integer: UINT8 A (zero point per tensor) times INT8 B (zero point per column) in INT32; the same
# A times UINT8 B scaled per tensor and per column, plus a bias, in FLOAT32; QUANTIZED_LINEAR requantized to UINT8
# with ties to even (24.5 -> 24) and saturation (262 -> 255); INT32 A and B near INT32's ends less zero points per
# row and per column close to them (differences a float subtraction of the rounded values would lose), scaled, plus
# the bias, exact in FLOAT32
m = load_model('dml_matrix_multiply_integer')
A = as_array(m, 'A_u8', (2, 3)) - resource_values(m, 'A_zero')[1][0]
sums = A @ (as_array(m, 'B_i8', (3, 2)) - as_array(m, 'B_zeros', (1, 2)))
floats = (A * resource_values(m, 'A_scale')[1][0]) @ \
    ((as_array(m, 'B_u8', (3, 2)) - as_array(m, 'B_zeros_u8', (1, 2))) * as_array(m, 'B_scales', (1, 2))) + \
    as_array(m, 'bias', (2, 2))
q_scale = resource_values(m, 'q_scale')[1][0]
real = (as_array(m, 'A_q', (2, 3)) * q_scale) @ (as_array(m, 'B_q', (3, 2)) * q_scale)
requantized = np.clip(np.round(real / resource_values(m, 'out_scale')[1][0]) + resource_values(m, 'out_zero')[1][0],
                      0, 255)
floats_i32 = ((as_array(m, 'A_i32', (2, 3)) - as_array(m, 'A_zeros_i32', (2, 1))) * resource_values(m, 'A_scale')[1][0]) @ \
    ((as_array(m, 'B_i32', (3, 2)) - as_array(m, 'B_zeros_i32', (1, 2))) * as_array(m, 'B_scales', (1, 2))) + \
    as_array(m, 'bias', (2, 2))
write_prints('dml_matrix_multiply_integer', {
    'sums': [int(v) for v in sums.ravel()], 'floats': f32_list(floats), 'requantized': [int(v) for v in requantized.ravel()],
    'floats_i32': f32_list(floats_i32)})


def nibbles(byte_values):
    """UINT4 elements packed two to a byte, the first in the low nibble."""
    return [v for b in byte_values for v in (int(b) & 15, int(b) >> 4)]


# dml_graph_matmul_nbits: ONNX Runtime's MatMulNBits as its DirectML provider emits it, a DML_GRAPH of DEQUANTIZE
# (UINT4 weights {N, K} = {4, 8}, a scale and a UINT4 zero point per block of 4 along K, given by their sizes {4, 2})
# -> GEMM (TransB) -> ADD of a bias row; exact in FLOAT32 for these values
m = load_model('dml_graph_matmul_nbits')
W = np.array(nibbles(resource_values(m, 'weights')[1]), dtype=np.float64).reshape(4, 8)
Z = np.repeat(np.array(nibbles(resource_values(m, 'zero_points')[1]), dtype=np.float64).reshape(4, 2), 4, axis=1)
S = np.repeat(as_array(m, 'scales', (4, 2)), 4, axis=1)
write_prints('dml_graph_matmul_nbits', {
    'y': f32_list(as_array(m, 'a', (2, 8)) @ ((W - Z) * S).T + as_array(m, 'bias', (1, 4)))})
