#!/usr/bin/env python3
"""PyTorch on the same GPU, for docs/BENCHMARKS.md's GPU section (issue 14): celu, softplus, x * a + b and a copy
(Tensor.copy_) on 1M-256M elements, fp32 and fp16, and the reductions (sum, max, softmax, layer and RMS norm over the
last axis of the shapes vkdml-bench's reductions table uses) and the GEMM table's shapes (torch.matmul: M = N = K of
256-8192 as NN, NT and TN, batched 32 x 512 x 512 x 64, decode {1, 4096} x {4096, 14336}; fp32 without TF32, and fp16),
timed with CUDA events. GB/s counts n elements read + n written, as vkdml-bench does for one-input operators; GEMM rows
count TFLOPS = 2 batch M N K / time (and the decode row's GB/s of B read). Prints one JSON document."""
import json
import sys

import torch
import torch.nn.functional as F

SIZES = [1 << 20, 16 << 20, 64 << 20, 256 << 20]
MIN_SECONDS = 0.02
REPETITIONS = 5


def elapsed(fn, k):
    """Seconds between two CUDA events around k calls of fn."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(k):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / 1e3


def time_op(fn):
    """Best and median seconds per call: k calls between two CUDA events, k calibrated to >= MIN_SECONDS."""
    fn()
    torch.cuda.synchronize()
    k = 1
    seconds = elapsed(fn, k)
    while seconds < MIN_SECONDS and k < 1 << 16:
        k = max(k + 1, int(k * 1.2 * MIN_SECONDS / max(seconds, 1e-7)))
        seconds = elapsed(fn, k)
    samples = sorted(elapsed(fn, k) / k for _ in range(REPETITIONS))
    return samples[0], samples[len(samples) // 2]


# The reductions table of vkdml-bench (issue 29): {rows, row length} shapes, reduced over the last axis. GB/s counts the
# input read and the output written (rows elements for a sum, the whole tensor otherwise), as vkdml-bench does.
REDUCTION_SHAPES = [(n // row, row) for n in (16 << 20, 64 << 20) for row in (64, 1024, 4096, 65536)]


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
            torch.cuda.empty_cache()
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
                torch.cuda.empty_cache()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = tf32
    return rows


def main():
    device = torch.device("cuda")
    rows = []
    for dtype, name in ((torch.float32, "f32"), (torch.float16, "f16")):
        for n in SIZES:
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
            torch.cuda.empty_cache()
    rows += reduction_rows(device)
    rows += gemm_rows(device)
    doc = {"torch": torch.__version__, "cuda": torch.version.cuda, "device": torch.cuda.get_device_name(0),
           "timing": "CUDA events around k calls, best of %d" % REPETITIONS, "rows": rows}
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
