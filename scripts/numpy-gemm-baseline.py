#!/usr/bin/python3
"""numpy's matmul (float32) on the square shapes of vkdml-bench's --quick GEMM table (M = N = K = 256, 512) and 1024,
for docs/BENCHMARKS.md's "GEMM on lavapipe" comparison: the same CPU cores lavapipe runs vkdml's kernels on.
GFLOPS = 2 M N K / time, best (median) of REPETITIONS timed calls of k back-to-back matmuls (k calibrated so that one
call lasts >= MIN_SECONDS). Run with Debian's numpy (/usr/bin/python3); prints a table, or JSON with --json.

usage: scripts/numpy-gemm-baseline.py [--json] [--sizes 256,512,1024]"""
import argparse
import json
import os
import sys
import time

import numpy as np

MIN_SECONDS = 0.2
REPETITIONS = 5


def blas_name():
    """The BLAS numpy's matmul calls (Debian: the libblas.so.3 alternative)."""
    for path in ("/usr/lib/x86_64-linux-gnu/libblas.so.3", "/usr/lib/aarch64-linux-gnu/libblas.so.3"):
        if os.path.exists(path):
            return os.path.realpath(path)
    try:
        return json.dumps(np.show_config(mode="dicts").get("Build Dependencies", {}).get("blas", {}))
    except TypeError:  # numpy < 1.26: show_config prints only
        return "unknown"


def time_matmul(a, b, out):
    k = 1
    while True:
        start = time.perf_counter()
        for _ in range(k):
            np.matmul(a, b, out=out)
        seconds = time.perf_counter() - start
        if seconds >= MIN_SECONDS or k >= 1 << 16:
            break
        k = max(k + 1, int(k * 1.2 * MIN_SECONDS / max(seconds, 1e-7)))
    samples = []
    for _ in range(REPETITIONS):
        start = time.perf_counter()
        for _ in range(k):
            np.matmul(a, b, out=out)
        samples.append((time.perf_counter() - start) / k)
    samples.sort()
    return samples[0], samples[len(samples) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--sizes", default="256,512,1024", help="M = N = K values, comma-separated")
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    rows = []
    for s in (int(x) for x in args.sizes.split(",")):
        a = (rng.random((s, s), dtype=np.float32) * 1.5 - 0.75)
        b = (rng.random((s, s), dtype=np.float32) * 1.5 - 0.75)
        out = np.empty((s, s), dtype=np.float32)
        best, median = time_matmul(a, b, out)
        flops = 2.0 * s * s * s
        rows.append({"shape": "square", "trans": "nn", "type": "f32", "batch": 1, "m": s, "n": s, "k": s,
                     "best_s": best, "median_s": median, "gflops": flops / best / 1e9,
                     "gflops_median": flops / median / 1e9})
    doc = {"numpy": np.__version__, "blas": blas_name(), "cpus": os.cpu_count(),
           "load_average": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None,
           "timing": "time.perf_counter around k matmuls, best (median) of %d" % REPETITIONS, "rows": rows}
    if args.json:
        print(json.dumps(doc, indent=1))
        return
    print(f"numpy {doc['numpy']} matmul float32, BLAS {doc['blas']}, {doc['cpus']} CPUs, load {doc['load_average']}")
    print(f"{'M=N=K':>6}  {'GFLOPS best':>11} {'(median)':>9}")
    for r in rows:
        print(f"{r['m']:6d}  {r['gflops']:11.2f} ({r['gflops_median']:7.2f})")


if __name__ == "__main__":
    sys.exit(main())
