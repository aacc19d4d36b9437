#!/usr/bin/env python3
"""vkdml against PyTorch on the same device, element-wise (issue 32): joins vkdml-bench's JSON (--json; its
"results", packed rows) and scripts/torch-gpu-baseline.py's (--tables elementwise; its "rows" of table
"elementwise") into one markdown table: op, type, size, vkdml GB/s, PyTorch GB/s, vkdml / PyTorch, and each one's
op / copy (vkdml: the bench's own interleaved copy; PyTorch: copy_ of the row's input type at that size). Copy rows
first: vkdml's copy (the best copy GB/s of that type's rows at that size) against PyTorch's copy_. GB/s are best of
the timed runs; both count each input's elements read and the output's written.

Usage: scripts/gpu-table.py VKDML_BENCH.json [MORE_BENCH.json ...] TORCH.json [-o TABLE.md] (several vkdml-bench
outputs, one process per type say, are joined: their "results" in the order given)."""
import argparse
import json
import sys


def size_name(n):
    for suffix, scale in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if n % scale == 0:
            return f"{n // scale}{suffix}"
    return str(n)


def fmt(value, digits=1):
    return "n/a" if value is None else f"{value:.{digits}f}"


def ratio(a, b):
    return a / b if a is not None and b else None


def load(path):
    with open(path) as f:
        return json.load(f)


def build(bench, torch_doc):
    """Markdown lines of the joined table."""
    vk = {}  # (op, type, elements) -> bench row
    for r in bench.get("results", []):
        if r.get("layout") == "packed":
            vk[(r["op"], r["type"], r["elements"])] = r
    pt = {}
    for r in torch_doc.get("rows", []):
        if r.get("table") == "elementwise":
            pt[(r["op"], r["type"], r["elements"])] = r

    def pt_gbps(key):
        r = pt.get(key)
        return r.get("gbps") if r and "skipped" not in r else None

    sizes = sorted({k[2] for k in vk} | {k[2] for k in pt if k[0] != "copy_"})
    # Order: vkdml-bench's (its JSON lists rows in table order), then PyTorch-only rows.
    order = []
    for key in list(vk) + [k for k in pt if k[0] != "copy_"]:
        if key not in order:
            order.append(key)
    types = []
    for _, t, _ in order:
        if t not in types:
            types.append(t)

    dev = bench.get("device", {})
    lines = [
        f"vkdml: {dev.get('name', '?')} ({dev.get('driver', '?')} {dev.get('driver_info', '')}), vkdml-bench "
        f"{bench.get('date', '')}; PyTorch {torch_doc.get('torch', '?')} (CUDA {torch_doc.get('cuda')}) on "
        f"{torch_doc.get('device', '?')}, {torch_doc.get('timing', '')}.",
        "",
        "GB/s = (each input's elements read + the output's written) / time, best of the timed runs. vkdml op/copy: "
        "vkdml-bench's own ratio to a buffer copy timed with it; PyTorch op/copy: to copy_ of the input type. "
        "Copy rows: vkdml = the best copy GB/s among that type's rows.",
        "",
        "| op | type | size | vkdml GB/s | PyTorch GB/s | vkdml / PyTorch | vkdml op/copy | PyTorch op/copy |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for n in sizes:
        for t in types:
            copies = [r["copy_gbps"]["best"] for (op, ty, el), r in vk.items() if ty == t and el == n]
            vk_copy = max(copies) if copies else None
            torch_copy = pt_gbps(("copy_", t, n))
            if vk_copy is None and torch_copy is None:
                continue
            lines.append(f"| copy | {t} | {size_name(n)} | {fmt(vk_copy)} | {fmt(torch_copy)} | "
                         f"{fmt(ratio(vk_copy, torch_copy), 2)} | 1.00 | 1.00 |")
        for key in order:
            op, t, el = key
            if el != n:
                continue
            v = vk.get(key)
            vk_gbps = v["op_gbps"]["best"] if v else None
            torch_gbps = pt_gbps(key)
            note = ""
            if key in pt and "skipped" in pt[key]:
                note = " (PyTorch: " + pt[key]["skipped"].replace("|", "/") + ")"
            lines.append(f"| {op}{note} | {t} | {size_name(n)} | {fmt(vk_gbps)} | {fmt(torch_gbps)} | "
                         f"{fmt(ratio(vk_gbps, torch_gbps), 2)} | {fmt(v.get('ratio_best') if v else None, 2)} | "
                         f"{fmt(ratio(torch_gbps, pt_gbps(('copy_', t, n))), 2)} |")
    skipped = [s for s in bench.get("skipped", []) if s.get("layout") == "packed"]
    if skipped:
        lines.append("")
        lines.append("vkdml-bench skipped: " + "; ".join(
            f"{s['op']} {s['type']} {size_name(s['elements'])}: {s.get('reason', '')}" for s in skipped))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bench", nargs="+", help="vkdml-bench --json outputs")
    parser.add_argument("torch", help="scripts/torch-gpu-baseline.py --tables elementwise output")
    parser.add_argument("-o", "--output", help="markdown file (default: stdout)")
    args = parser.parse_args()
    bench = load(args.bench[0])
    for path in args.bench[1:]:
        bench.setdefault("results", []).extend(load(path).get("results", []))
    lines = build(bench, load(args.torch))
    text = "\n".join(lines) + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
