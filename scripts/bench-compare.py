#!/usr/bin/env python3
"""Compares two `vkdml-bench --json` runs row by row: op GB/s (best of the repetitions) and op/copy, and lists the
rows of the second run that are more than --threshold slower (as a fraction; default 0.05) in op/copy.

usage: scripts/bench-compare.py before.json after.json [--threshold 0.05] [--all]"""
import argparse
import json


def rows(path):
    with open(path) as f:
        doc = json.load(f)
    return {(r["op"], r["type"], r["layout"], r["elements"]): r for r in doc["results"]}, doc


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--threshold", type=float, default=0.05)
    parser.add_argument("--all", action="store_true", help="print every row, not only the slower ones")
    args = parser.parse_args()
    before, _ = rows(args.before)
    after, _ = rows(args.after)
    common = sorted(set(before) & set(after))
    slower = []
    print(f"{'op':22} {'type':4} {'layout':9} {'n':>9} {'GB/s before':>11} {'after':>7} {'ratio before':>12} "
          f"{'after':>7} {'change':>7}")
    for key in common:
        b, a = before[key], after[key]
        change = a["ratio_best"] / b["ratio_best"] - 1
        line = (f"{key[0]:22} {key[1]:4} {key[2]:9} {key[3]:>9} {b['op_gbps']['best']:11.3f} "
                f"{a['op_gbps']['best']:7.3f} {b['ratio_best']:12.4f} {a['ratio_best']:7.4f} {change:+7.1%}")
        if change < -args.threshold:
            slower.append(line)
        if args.all:
            print(line)
    changes = sorted(after[k]["ratio_best"] / before[k]["ratio_best"] - 1 for k in common)
    print(f"{len(common)} rows; op/copy change: median {changes[len(changes) // 2]:+.1%}, "
          f"min {changes[0]:+.1%}, max {changes[-1]:+.1%}")
    print(f"{len(slower)} rows more than {args.threshold:.0%} slower:")
    for line in slower:
        print(line)


if __name__ == "__main__":
    main()
