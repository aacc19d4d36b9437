#!/usr/bin/env bash
# One prepared run for a GPU session (issues 29 and 30): the reduction and GEMM families' tests on the GPU,
# vkdml-bench's reductions table and GEMM table, and PyTorch on the same device and shapes.
# Usage: scripts/gpu-session.sh BUILD_DIR OUT_DIR (BUILD_DIR already built for this machine; OUT_DIR receives the
# logs and JSON). Each step has its own time limit, so one slow step leaves the others' results.
set -uo pipefail
build=${1:?build directory}
out=${2:?output directory}
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
"$build/tools/vkdml-info" > "$out/info.txt" 2>&1
(cd "$build" && timeout 240 ctest -R 'reduce|wpt|gemm|bert' --output-on-failure) > "$out/tests.txt" 2>&1
timeout 150 "$build/tools/vkdml-bench" --json --op exp --size 64M --no-baselines --no-latency --no-fusion \
  --no-pipelines --no-gemm --repetitions 3 --min-time-ms 20 > "$out/bench.json" 2> "$out/bench.err"
timeout 150 "$build/tools/vkdml-bench" --json --op exp --size 1M --no-baselines --no-latency --no-fusion \
  --no-pipelines --no-reductions --repetitions 3 --min-time-ms 20 > "$out/gemm.json" 2> "$out/gemm.err"
if python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; then
  timeout 200 python3 "$(dirname "$0")/torch-gpu-baseline.py" > "$out/torch.json" 2> "$out/torch.err"
fi
tail -3 "$out/tests.txt"
