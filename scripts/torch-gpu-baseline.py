#!/usr/bin/env python3
"""PyTorch on the same GPU, for docs/BENCHMARKS.md's GPU section (issue 14): celu, softplus, x * a + b and a copy
(Tensor.copy_) on 1M-256M elements, fp32 and fp16, timed with CUDA events. GB/s counts n elements read + n written,
as vkdml-bench does for one-input operators. Prints one JSON document."""
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
    doc = {"torch": torch.__version__, "cuda": torch.version.cuda, "device": torch.cuda.get_device_name(0),
           "timing": "CUDA events around k calls, best of %d" % REPETITIONS, "rows": rows}
    print(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
