#!/usr/bin/env python3
"""PyTorch on the same GPU, for docs/BENCHMARKS.md's GPU section (issue 14): celu, softplus, x * a + b and a copy
(Tensor.copy_) on 1M-256M elements, fp32 and fp16, and the reductions (sum, max, softmax, layer and RMS norm over the
last axis of the shapes vkdml-bench's reductions table uses) and the GEMM table's shapes (torch.matmul: M = N = K of
256-8192 as NN, NT and TN, batched 32 x 512 x 512 x 64, decode {1, 4096} x {4096, 14336}; fp32 without TF32, and fp16),
timed with CUDA events. GB/s counts n elements read + n written, as vkdml-bench does for one-input operators; GEMM rows
count TFLOPS = 2 batch M N K / time (and the decode row's GB/s of B read); the integer rows (torch._int_mm, INT8 x INT8 ->
INT32, M = N = K of 1024 and 4096, NN and NT) TOPS. Prints one JSON document.

--tables elementwise (issue 32): vkdml-bench's element-wise throughput table instead, packed: every row of
tools/vkdml-bench/ops.cpp (activations, unary math, binary operators, comparisons, IF, CAST pairs) as its PyTorch
equivalent (ELEMENTWISE below) on the same types and sizes (--size, default 64M; vkdml-bench's K/M/G suffixes), and
copy_ per type. GB/s counts each input's elements read and the output's written, as vkdml-bench does. Where DirectML
applies a ScaleBias only to keep the input in the function's domain (SQRT, LOG, CONSTANT_POW and POW read x + 8, EXP
reads -x/2), the input is prepared that way once and the function alone is timed. --device cpu times with the host
clock instead of CUDA events (a dry run: python3 scripts/torch-gpu-baseline.py --device cpu --tables elementwise
--size 64K).
"""
import argparse
import json
import sys
import time

import torch
import torch.nn.functional as F

SIZES = [1 << 20, 16 << 20, 64 << 20, 256 << 20]
MIN_SECONDS = 0.02
REPETITIONS = 5


CUDA = True  # False (--device cpu): the host clock instead of CUDA events


def elapsed(fn, k):
    """Seconds between two CUDA events around k calls of fn (--device cpu: the host clock)."""
    if not CUDA:
        start = time.perf_counter()
        for _ in range(k):
            fn()
        return time.perf_counter() - start
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(k):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / 1e3


def synchronize():
    if CUDA:
        torch.cuda.synchronize()


def empty_cache():
    if CUDA:
        torch.cuda.empty_cache()


def time_op(fn):
    """Best and median seconds per call: k calls between two CUDA events, k calibrated to >= MIN_SECONDS."""
    fn()
    synchronize()
    k = 1
    seconds = elapsed(fn, k)
    while seconds < MIN_SECONDS and k < 1 << 16:
        k = max(k + 1, int(k * 1.2 * MIN_SECONDS / max(seconds, 1e-7)))
        seconds = elapsed(fn, k)
    samples = sorted(elapsed(fn, k) / k for _ in range(REPETITIONS))
    return samples[0], samples[len(samples) // 2]


# The reductions table of vkdml-bench (issue 29): {rows, row length} shapes, reduced over the last axis. GB/s counts the
# input read and the output written (rows elements for a sum, the whole tensor otherwise), as vkdml-bench does.
REDUCTION_SHAPES = [(n // row, row) for n in (16 << 20, 64 << 20) for row in (64, 1024, 4096, 65536, n // 32, n)]


def reduction_rows(device):
    rows = []
    for dtype, name in ((torch.float32, "f32"), (torch.float16, "f16")):
        for shape in REDUCTION_SHAPES:
            x = (torch.rand(shape, device=device, dtype=torch.float32) * 12 - 6).to(dtype)
            weight = torch.rand(shape[1], device=device, dtype=dtype)
            bias = torch.rand(shape[1], device=device, dtype=dtype)
            out = torch.empty_like(x)
            n = x.numel()
            ops = {
                "reduce_sum": (lambda: torch.sum(x, dim=-1), shape[0]),
                "reduce_max": (lambda: torch.amax(x, dim=-1), shape[0]),
                "softmax1": (lambda: torch.softmax(x, dim=-1), n),
                "layer_norm": (lambda: F.layer_norm(x, (shape[1],), weight, bias, 1e-5), n),
                "rms_norm": (lambda: F.rms_norm(x, (shape[1],), weight, 1e-5), n),
                "copy_": (lambda: out.copy_(x), n),
            }
            for op, (fn, written) in ops.items():
                best, median = time_op(fn)
                moved = (n + written) * x.element_size()
                rows.append({"op": op, "type": name, "shape": list(shape), "best_s": best, "median_s": median,
                             "gbps": moved / best / 1e9, "gbps_median": moved / median / 1e9})
                print(f"{op:24s} {name} {shape} {moved / best / 1e9:8.1f} GB/s", file=sys.stderr)
            del x, out
            empty_cache()
    return rows


# The GEMM table of vkdml-bench: (shape, trans, batch, M, N, K); trans "nt" = B stored N x K and read transposed, "tn" =
# A stored K x M (transposed views: cuBLAS's transpose flags, no copy).
GEMM_CASES = ([("square", t, 1, s, s, s) for s in (256, 1024, 4096, 8192) for t in ("nn", "nt", "tn")] +
              [("batched", "nn", 32, 512, 512, 64), ("decode", "nn", 1, 1, 14336, 4096)])


def gemm_rows(device):
    rows = []
    tf32 = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False  # fp32 rows are true FP32 FMA, as vkdml's kernel computes
    try:
        for dtype, name in ((torch.float32, "f32"), (torch.float16, "f16")):
            for shape, trans, batch, m, n, k in GEMM_CASES:
                lead = (batch,) if batch > 1 else ()

                def matrix(rows_, cols):
                    return (torch.rand(lead + (rows_, cols), device=device, dtype=torch.float32) * 1.5 - 0.75).to(dtype)

                a = matrix(k, m).transpose(-1, -2) if trans[0] == "t" else matrix(m, k)
                b = matrix(n, k).transpose(-1, -2) if trans[1] == "t" else matrix(k, n)
                best, median = time_op(lambda: torch.matmul(a, b))
                flops = 2 * batch * m * n * k
                weights = batch * k * n * a.element_size()
                rows.append({"op": "gemm", "shape": shape, "trans": trans, "type": name, "batch": batch, "m": m,
                             "n": n, "k": k, "best_s": best, "median_s": median, "tflops": flops / best / 1e12,
                             "tflops_median": flops / median / 1e12, "weights_gbps": weights / best / 1e9})
                extra = f" {weights / best / 1e9:8.1f} GB/s of weights" if shape == "decode" else ""
                print(f"gemm {shape:7s} {trans} {name} {batch:2d} {m:5d} {n:6d} {k:5d} {flops / best / 1e12:9.3f} TFLOPS"
                      f"{extra}", file=sys.stderr)
                del a, b
                empty_cache()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = tf32
    return rows + integer_gemm_rows(device)


# vkdml-bench's integer rows (MATRIX_MULTIPLY_INTEGER, UINT8 A with a zero point x INT8 B -> INT32): PyTorch's nearest
# is torch._int_mm (INT8 x INT8 -> INT32 on cuBLASLt), "nt" with B a transposed view. Rows it refuses carry the error.
def integer_gemm_rows(device):
    rows = []
    for size in (1024, 4096):
        for trans in ("nn", "nt"):
            a = torch.randint(-128, 128, (size, size), device=device, dtype=torch.int8)
            b = torch.randint(-128, 128, (size, size), device=device, dtype=torch.int8)
            if trans == "nt":
                b = b.t()
            row = {"op": "gemm", "shape": "integer", "trans": trans, "type": "i8", "batch": 1, "m": size, "n": size,
                   "k": size}
            try:
                best, median = time_op(lambda: torch._int_mm(a, b))
                flops = 2 * size ** 3
                row.update({"best_s": best, "median_s": median, "tflops": flops / best / 1e12,
                            "tflops_median": flops / median / 1e12})
                print(f"gemm integer {trans} i8 {size:5d} {flops / best / 1e12:9.3f} TOPS", file=sys.stderr)
            except (RuntimeError, AttributeError) as e:
                row["error"] = str(e).splitlines()[0]
                print(f"gemm integer {trans} i8 {size:5d} not run: {row['error']}", file=sys.stderr)
            rows.append(row)
            del a, b
            empty_cache()
    return rows


def activation_rows(device, sizes=SIZES):
    """Today's first table: copy_, celu, softplus and x * a + b, fp32 and fp16, 1M-256M elements."""
    rows = []
    for dtype, name in ((torch.float32, "f32"), (torch.float16, "f16")):
        for n in sizes:
            x = (torch.rand(n, device=device, dtype=torch.float32) * 12 - 6).to(dtype)
            out = torch.empty_like(x)
            ops = {  # what a PyTorch user writes; each allocates its result through the caching allocator
                "copy_": lambda: out.copy_(x),
                "celu": lambda: F.celu(x),
                "softplus": lambda: F.softplus(x),
                "x * a + b": lambda: x * 1.5 - 0.25,
            }
            for op, fn in ops.items():
                best, median = time_op(fn)
                gbs = 2 * n * x.element_size() / best / 1e9
                rows.append({"op": op, "type": name, "elements": n, "best_s": best, "median_s": median,
                             "gbps": gbs, "gbps_median": 2 * n * x.element_size() / median / 1e9})
                print(f"{op:24s} {name} {n >> 20:4d}M {gbs:8.1f} GB/s", file=sys.stderr)
            del x, out
            empty_cache()
    return rows


# vkdml-bench's element-wise table (tools/vkdml-bench/ops.cpp), each row's PyTorch equivalent with the row's attributes.
# key: (formula, inputs, fn). inputs name how each input is made from the bench's data (A, B uniform in [-6, 6)):
# "x" A; "x+8" A + 8 (the ScaleBias that keeps SQRT, LOG, CONSTANT_POW and POW's base in their domain), "-x/2" (EXP's),
# "unit" B = +-1 (MULTIPLY, DIVIDE), "frac" B in [-0.75, 0.75) (POW's exponent), "cond" IF's condition (bool: PyTorch's
# torch.where takes no uint8; the same byte per element). fn takes the inputs and returns the result (copy_ rows write
# a preallocated output, given as the last argument).
ELEMENTWISE = {
    "celu": ("F.celu(x, alpha=1.5)", ["x"], lambda x: F.celu(x, alpha=1.5)),
    "linear": ("x * 0.25 - 1", ["x"], lambda x: x * 0.25 - 1.0),
    "softplus": ("F.softplus(x, beta=2)", ["x"], lambda x: F.softplus(x, beta=2.0)),
    # DirectML: alpha * log(1 + exp(beta x)) = alpha * beta * softplus_beta(x), alpha 0.5, beta 2.
    "parametric_softplus": ("1.0 * F.softplus(x, beta=2)", ["x"], lambda x: 1.0 * F.softplus(x, beta=2.0)),
    "elu": ("F.elu(x, alpha=1)", ["x"], lambda x: F.elu(x, alpha=1.0)),
    "gelu": ("F.gelu(x) (erf form)", ["x"], lambda x: F.gelu(x)),
    "hard_sigmoid": ("(x * 0.2 + 0.5).clamp_(0, 1)", ["x"], lambda x: (x * 0.2 + 0.5).clamp_(0.0, 1.0)),
    "hard_swish": ("F.hardswish(x) (alpha 1/6, beta 0.5)", ["x"], lambda x: F.hardswish(x)),
    "identity": ("out.copy_(x)", ["x", "out"], lambda x, out: out.copy_(x)),
    "leaky_relu": ("F.leaky_relu(x, 0.1)", ["x"], lambda x: F.leaky_relu(x, 0.1)),
    "relu": ("torch.relu(x)", ["x"], lambda x: torch.relu(x)),
    "scaled_elu": ("F.elu(x, alpha=1.67326) (gamma 1)", ["x"], lambda x: F.elu(x, alpha=1.67326)),
    "scaled_tanh": ("1.0 * torch.tanh(0.5 * x)", ["x"], lambda x: 1.0 * torch.tanh(0.5 * x)),
    "shrink": ("F.softshrink(x, 0.5) (bias = threshold = 0.5)", ["x"], lambda x: F.softshrink(x, 0.5)),
    "sigmoid": ("torch.sigmoid(x)", ["x"], lambda x: torch.sigmoid(x)),
    "softsign": ("F.softsign(x)", ["x"], lambda x: F.softsign(x)),
    "swish": ("F.silu(x) (alpha 1)", ["x"], lambda x: F.silu(x)),
    "tanh": ("torch.tanh(x)", ["x"], lambda x: torch.tanh(x)),
    "thresholded_relu": ("F.threshold(x, 1.0, 0.0)", ["x"], lambda x: F.threshold(x, 1.0, 0.0)),
    "element_wise_identity": ("out.copy_(x)", ["x", "out"], lambda x, out: out.copy_(x)),
    "element_wise_scale": ("torch.mul(x, -1.0)", ["x"], lambda x: torch.mul(x, -1.0)),
    "recip": ("torch.reciprocal(x)", ["x"], lambda x: torch.reciprocal(x)),
    "sqrt": ("torch.sqrt(x) on x + 8", ["x+8"], lambda x: torch.sqrt(x)),
    "exp": ("torch.exp(x) on -x/2", ["-x/2"], lambda x: torch.exp(x)),
    "log": ("torch.log(x) on x + 8", ["x+8"], lambda x: torch.log(x)),
    "sin": ("torch.sin(x)", ["x"], lambda x: torch.sin(x)),
    "cos": ("torch.cos(x)", ["x"], lambda x: torch.cos(x)),
    "tan": ("torch.tan(x)", ["x"], lambda x: torch.tan(x)),
    "erf": ("torch.erf(x)", ["x"], lambda x: torch.erf(x)),
    "atan": ("torch.atan(x)", ["x"], lambda x: torch.atan(x)),
    "asinh": ("torch.asinh(x)", ["x"], lambda x: torch.asinh(x)),
    "constant_pow": ("torch.pow(x, 0.75) on x + 8", ["x+8"], lambda x: torch.pow(x, 0.75)),
    "round": ("torch.round(x) (halves to even)", ["x"], lambda x: torch.round(x)),
    "floor": ("torch.floor(x)", ["x"], lambda x: torch.floor(x)),
    "abs": ("torch.abs(x)", ["x"], lambda x: torch.abs(x)),
    "clip": ("torch.clamp(x, -2, 2)", ["x"], lambda x: torch.clamp(x, -2.0, 2.0)),
    "is_nan": ("torch.isnan(x)", ["x"], lambda x: torch.isnan(x)),
    "add": ("torch.add(a, b)", ["x", "y"], lambda a, b: torch.add(a, b)),
    "multiply": ("torch.mul(a, b), b = +-1", ["x", "unit"], lambda a, b: torch.mul(a, b)),
    "divide": ("torch.div(a, b), b = +-1", ["x", "unit"], lambda a, b: torch.div(a, b)),
    "max": ("torch.maximum(a, b)", ["x", "y"], lambda a, b: torch.maximum(a, b)),
    "subtract": ("torch.sub(a, b)", ["x", "y"], lambda a, b: torch.sub(a, b)),
    "min": ("torch.minimum(a, b)", ["x", "y"], lambda a, b: torch.minimum(a, b)),
    "mean": ("torch.lerp(a, b, 0.5)", ["x", "y"], lambda a, b: torch.lerp(a, b, 0.5)),
    "pow": ("torch.pow(a, b) on a + 8, b in [-0.75, 0.75)", ["x+8", "frac"], lambda a, b: torch.pow(a, b)),
    "atan_yx": ("torch.atan2(a, b)", ["x", "y"], lambda a, b: torch.atan2(a, b)),
    "modulus_floor": ("torch.remainder(a, b)", ["x", "y"], lambda a, b: torch.remainder(a, b)),
    "bit_and": ("torch.bitwise_and(a, b) (int32 for u32)", ["x", "y"], lambda a, b: torch.bitwise_and(a, b)),
    "logical_and": ("torch.logical_and(a, b)", ["x", "y"], lambda a, b: torch.logical_and(a, b)),
    "greater_than": ("torch.gt(a, b)", ["x", "y"], lambda a, b: torch.gt(a, b)),
    "if": ("torch.where(cond, a, b)", ["cond", "x", "y"], lambda c, a, b: torch.where(c, a, b)),
    "cast_f32_f16": ("x.to(torch.float16)", ["x"], lambda x: x.to(torch.float16)),
    "cast_f16_f32": ("x.to(torch.float32)", ["x"], lambda x: x.to(torch.float32)),
    "cast_f32_i32": ("x.to(torch.int32)", ["x"], lambda x: x.to(torch.int32)),
    "cast_i32_f32": ("x.to(torch.float32)", ["x"], lambda x: x.to(torch.float32)),
    "cast_f32_u8": ("x.to(torch.uint8)", ["x"], lambda x: x.to(torch.uint8)),
    "cast_u8_f32": ("x.to(torch.float32)", ["x"], lambda x: x.to(torch.float32)),
}
# Rows that run for one type only (vkdml-bench's onlyType and CAST rows): key -> (input type, output type).
ONE_TYPE = {"bit_and": ("u32", "u32"), "logical_and": ("u8", "u8"), "cast_f32_f16": ("f32", "f16"),
            "cast_f16_f32": ("f16", "f32"), "cast_f32_i32": ("f32", "i32"), "cast_i32_f32": ("i32", "f32"),
            "cast_f32_u8": ("f32", "u8"), "cast_u8_f32": ("u8", "f32")}
OUTPUT_U8 = {"is_nan", "greater_than"}  # bool results: one byte, like DirectML's UINT8
DTYPES = {"f32": torch.float32, "f16": torch.float16, "i32": torch.int32, "u32": torch.int32, "u8": torch.uint8}
BYTES = {"f32": 4, "f16": 2, "i32": 4, "u32": 4, "u8": 1}


def parse_count(text):
    """vkdml-bench's element counts: K/M/G suffixes, binary."""
    text = text.strip()
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
    return int(text[:-1] if scale > 1 else text) * scale


def count_name(n):
    for suffix, scale in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if n % scale == 0:
            return f"{n // scale}{suffix}"
    return str(n)


def make_input(kind, type_name, n, device):
    """One input of the bench's data (A in [-6, 6)), made once: the timed call only runs the function."""
    if kind == "cond":
        return torch.rand(n, device=device) < 0.5
    if type_name in ("u8", "u32", "i32"):
        if type_name == "u8" and kind in ("x", "y"):
            return torch.randint(0, 256, (n,), device=device, dtype=torch.int32).to(torch.uint8)
        return torch.randint(-(1 << 31), (1 << 31) - 1, (n,), device=device, dtype=torch.int64).to(torch.int32)
    x = torch.rand(n, device=device, dtype=torch.float32) * 12 - 6
    if kind == "x+8":
        x = x + 8
    elif kind == "-x/2":
        x = x * -0.5
    elif kind == "unit":
        x = torch.where(x < 0, -1.0, 1.0)
    elif kind == "frac":
        x = x * 0.125
    return x.to(DTYPES[type_name])


def elementwise_rows(device, sizes, ops=None, types=("f32", "f16")):
    """vkdml-bench's element-wise rows, packed, and copy_ for every type they read."""
    rows = []
    for n in sizes:
        cases = []
        for key in ELEMENTWISE:
            if ops and key not in ops:
                continue
            if key in ONE_TYPE:
                cases.append((key, ONE_TYPE[key][0], ONE_TYPE[key][1]))
            else:
                cases += [(key, t, "u8" if key in OUTPUT_U8 else t) for t in ("f32", "f16")]
        copies = sorted({t for _, t, _ in cases}, key=list(BYTES).index)
        cases = [("copy_", t, t) for t in copies] + cases
        for key, type_name, output_type in cases:
            if types and type_name not in types and key not in ONE_TYPE and key != "copy_":
                continue
            formula, inputs, fn = ("out.copy_(x)", ["x", "out"], lambda x, out: out.copy_(x)) if key == "copy_" \
                else ELEMENTWISE[key]
            row = {"table": "elementwise", "op": key, "type": type_name, "output_type": output_type,
                   "layout": "packed", "elements": n, "formula": formula}
            try:
                args = []
                for kind in inputs:
                    args.append(torch.empty(n, device=device, dtype=DTYPES[output_type]) if kind == "out" else
                                make_input(kind, type_name, n, device))
                moved = n * (sum(1 if k == "cond" else BYTES[type_name] for k in inputs if k != "out") +
                             BYTES[output_type])
                best, median = time_op(lambda: fn(*args))
                row.update({"bytes": moved, "best_s": best, "median_s": median, "gbps": moved / best / 1e9,
                            "gbps_median": moved / median / 1e9})
                print(f"{key:24s} {type_name} {count_name(n):>5s} {moved / best / 1e9:8.1f} GB/s", file=sys.stderr)
            except (RuntimeError, TypeError) as e:  # e.g. CPU kernels PyTorch has no fp16 form of
                row["skipped"] = str(e).splitlines()[0] if str(e) else type(e).__name__
                print(f"{key:24s} {type_name} {count_name(n):>5s} skipped: {row['skipped']}", file=sys.stderr)
            rows.append(row)
            del args
            empty_cache()
    return rows


def main():
    global CUDA, MIN_SECONDS, REPETITIONS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default="cuda", help="cuda (CUDA events) or cpu (host clock; a dry run)")
    parser.add_argument("--tables", default="activations,reductions,gemm",
                        help="comma-separated: activations (copy_, celu, softplus, x * a + b at 1M-256M), "
                             "reductions, gemm, elementwise (vkdml-bench's element-wise rows); "
                             "default activations,reductions,gemm")
    parser.add_argument("--size", action="append", default=[],
                        help="element counts for the elementwise table, K/M/G suffixes, comma-separated or "
                             "repeated; default 64M")
    parser.add_argument("--op", action="append", default=[],
                        help="elementwise table: vkdml-bench operator names, comma-separated or repeated")
    parser.add_argument("--type", default="f32,f16", help="elementwise table: f32, f16 (comma-separated)")
    parser.add_argument("--min-time-ms", type=float, default=MIN_SECONDS * 1e3)
    parser.add_argument("--repetitions", type=int, default=REPETITIONS)
    args = parser.parse_args()
    CUDA = args.device.startswith("cuda")
    MIN_SECONDS = args.min_time_ms / 1e3
    REPETITIONS = args.repetitions
    device = torch.device(args.device)
    tables = [t for t in args.tables.split(",") if t]
    for t in tables:
        if t not in ("activations", "reductions", "gemm", "elementwise"):
            parser.error(f"unknown table {t}")
    ops = {o for item in args.op for o in item.split(",") if o}
    for o in ops:
        if o not in ELEMENTWISE:
            parser.error(f"unknown --op {o} (known: {', '.join(ELEMENTWISE)})")
    sizes = [parse_count(s) for item in args.size for s in item.split(",") if s] or [64 << 20]
    types = [t for t in args.type.split(",") if t]

    rows = []
    if "activations" in tables:
        rows += activation_rows(device)
    if "elementwise" in tables:
        rows += elementwise_rows(device, sizes, ops, types)
    if "reductions" in tables:
        rows += reduction_rows(device)
    if "gemm" in tables:
        rows += gemm_rows(device)
    doc = {"torch": torch.__version__, "cuda": torch.version.cuda,
           "device": torch.cuda.get_device_name(0) if CUDA else "cpu",
           "timing": ("CUDA events" if CUDA else "host clock (time.perf_counter)") +
           " around k calls, best of %d" % REPETITIONS, "rows": rows}
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
