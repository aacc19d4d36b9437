#!/usr/bin/env bash
# One prepared run for a GPU session (issues 29, 30 and 32): the reduction and GEMM families' tests on the GPU,
# vkdml-bench's reductions table and GEMM table, PyTorch on the same device and shapes, and the element-wise table
# against PyTorch (every vkdml-bench element-wise row packed at 64M, PyTorch's equivalents, the joined markdown table
# elementwise.md, and vkdml-kernel-check --count's static instruction counts, counts.txt).
# Usage: scripts/gpu-session.sh BUILD_DIR OUT_DIR [STEPS] (BUILD_DIR already built for this machine; OUT_DIR receives
# the logs and JSON; STEPS comma-separated from tests, reductions, gemm, torch, elementwise, default all of them:
# `scripts/gpu-session.sh build out elementwise` alone produces the element-wise table). Each step has its own time
# limit, so one slow step leaves the others' results.
set -uo pipefail
build=${1:?build directory}
out=${2:?output directory}
steps=",${3:-tests,reductions,gemm,torch,elementwise},"
here=$(dirname "$0")
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
step() { [[ $steps == *",$1,"* ]]; }
torch_cuda() { python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; }
"$build/tools/vkdml-info" > "$out/info.txt" 2>&1
if step tests; then
  (cd "$build" && timeout 240 ctest -R 'reduce|wpt|gemm|bert' --output-on-failure) > "$out/tests.txt" 2>&1
fi
if step reductions; then
  timeout 150 "$build/tools/vkdml-bench" --json --op exp --size 64M --no-baselines --no-latency --no-fusion \
    --no-pipelines --no-gemm --repetitions 3 --min-time-ms 20 > "$out/bench.json" 2> "$out/bench.err"
fi
if step gemm; then
  timeout 150 "$build/tools/vkdml-bench" --json --op exp --size 1M --no-baselines --no-latency --no-fusion \
    --no-pipelines --no-reductions --repetitions 3 --min-time-ms 20 > "$out/gemm.json" 2> "$out/gemm.err"
fi
if step torch && torch_cuda; then
  timeout 200 python3 "$here/torch-gpu-baseline.py" > "$out/torch.json" 2> "$out/torch.err"
fi
if step elementwise; then
  # Every element-wise row of vkdml-bench (all its types: f32, f16 and the CAST and single-type rows), packed, 64M.
  timeout 240 "$build/tools/vkdml-bench" --json --layout packed --size 64M --no-baselines --no-latency --no-fusion \
    --no-pipelines --no-reductions --no-gemm --repetitions 3 --min-time-ms 20 \
    > "$out/elementwise.json" 2> "$out/elementwise.err"
  if torch_cuda; then
    timeout 200 python3 "$here/torch-gpu-baseline.py" --tables elementwise --size 64M \
      > "$out/torch-elementwise.json" 2> "$out/torch-elementwise.err"
  fi
  if [ -s "$out/elementwise.json" ] && [ -s "$out/torch-elementwise.json" ]; then
    python3 "$here/gpu-table.py" "$out/elementwise.json" "$out/torch-elementwise.json" -o "$out/elementwise.md"
    cat "$out/elementwise.md"
  fi
  # No device needed: the same static counts as on any machine, kept with the timings they explain.
  timeout 120 "$build/vkdml-kernel-check" --count --json "$out/counts.json" > "$out/counts.txt" 2>&1
fi
if step tests; then tail -3 "$out/tests.txt"; fi
