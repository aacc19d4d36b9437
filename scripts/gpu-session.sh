#!/usr/bin/env bash
# One prepared run for a GPU session (issues 29, 30 and 32): the reduction, GEMM and element-wise tests on the GPU,
# vkdml-bench's reductions and GEMM tables, PyTorch on the same device and shapes, and the element-wise table against
# PyTorch (every vkdml-bench element-wise row packed at 64M, PyTorch's equivalents, the joined markdown table
# elementwise.md, and, from a build tree, vkdml-kernel-check --count's static instruction counts, counts.txt).
# Usage: scripts/gpu-session.sh DIR OUT_DIR [STEPS]. DIR: a build tree built for this machine, or a bundle made by
# scripts/gpu-bundle.sh (its debs unpacked first). OUT_DIR receives the logs and JSON. STEPS, comma-separated, from
# tests, reductions, gemm, torch, elementwise (default all of them).
# Lessons of earlier sessions, kept here:
# - Steps run one after another, never beside each other: GPU timestamps bracket a command list's time on the GPU,
#   and another process's work time-sliced into it counts as the list's own (rows fell to a fifth beside a test).
# - vkdml-bench prints its JSON at the end, so a step killed by its time limit leaves nothing: the element-wise table
#   runs as one process per type.
# - clocks.csv logs the GPU's clocks and power state every 250 ms (nvidia-smi), to tell a slow row from a slow clock.
# - Each test binary runs in its own process with its own time limit.
set -uo pipefail
dir=${1:?build directory or bundle}
out=${2:?output directory}
steps=",${3:-tests,reductions,gemm,torch,elementwise},"
here=$(dirname "$0")
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
[ -d "$dir/lib" ] && export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
step() { [[ $steps == *",$1,"* ]]; }
torch_cuda() { python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; }
bench=$dir/tools/vkdml-bench
if ! "$dir/tools/vkdml-info" > "$out/info.txt" 2>&1; then
  VK_LOADER_DEBUG=error,warn,driver "$dir/tools/vkdml-info" >> "$out/info.txt" 2>&1
  cat "$out/info.txt"
  exit 1
fi
clocks=
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu --format=csv -lms 250 \
    > "$out/clocks.csv" 2>&1 &
  clocks=$!
fi
t0=$SECONDS
log() { echo "[$((SECONDS - t0)) s] $*"; }

if step tests; then
  if [ -f "$dir/CTestTestfile.cmake" ]; then
    (cd "$dir" && timeout 240 ctest -R 'reduce|wpt|gemm|bert|device_test' --output-on-failure) > "$out/tests.txt" 2>&1
  else
    # Each binary has its own limit, and the step a budget (VKDML_GPU_TESTS_BUDGET_S, default 420 s) that no binary
    # starts past: the limits add up to more than one command may run on a lent machine.
    run_test() {  # NAME LIMIT_S [VAR=VALUE ...] BINARY [ARGS]
      local name=$1 limit=$2
      shift 2
      if [ $((SECONDS - t0)) -ge "${VKDML_GPU_TESTS_BUDGET_S:-420}" ]; then
        echo "$name: not run (the step's budget is spent)" >> "$out/tests.txt"
        return
      fi
      (cd /tmp && VKDML_PIPELINE_CACHE_DIR=/tmp/vkdml-cache-$name timeout "$limit" env "$@") > "$out/test-$name.txt" 2>&1
      echo "$name: exit $? ($(grep -h 'test cases:' "$out/test-$name.txt" | tail -1))" >> "$out/tests.txt"
    }
    t=$dir/tests
    run_test device 60 "$t/device_test"
    run_test activation 120 "$t/activation_test"
    run_test family 240 "$t/family_test"
    run_test divsqrt 60 "$t/divsqrt_exact_test"
    run_test divsqrt_cr 60 VKDML_FORCE_CR_DIVSQRT=1 "$t/divsqrt_exact_test"
    run_test reduce 180 VKDML_TEST_REDUCTION_GPU_SHAPES=1 "$t/reduce_family_test"
    run_test gemm 120 VKDML_TEST_GEMM_GPU_SHAPES=1 "$t/gemm_test"
    run_test bert 60 VKDML_BERT_FIXTURE_DIR="$t/bert_layer" "$t/bert_layer_test"
    run_test graph 180 "$t/graph_test"
    run_test large 120 "$t/large_tensor_test"
  fi
  log tests done
fi
if step reductions; then
  timeout 150 "$bench" --json --op exp --type f32 --size 64M --no-baselines --no-latency --no-fusion --no-pipelines \
    --no-gemm --repetitions 3 --min-time-ms 20 > "$out/bench.json" 2> "$out/bench.err"
  log reductions done
fi
if step gemm; then
  timeout 150 "$bench" --json --op exp --size 1M --no-baselines --no-latency --no-fusion --no-pipelines \
    --no-reductions --repetitions 3 --min-time-ms 20 > "$out/gemm.json" 2> "$out/gemm.err"
  log gemm done
fi
if step torch && torch_cuda; then
  timeout 200 python3 "$here/torch-gpu-baseline.py" > "$out/torch.json" 2> "$out/torch.err"
  log torch done
fi
if step elementwise; then
  # Every element-wise row of vkdml-bench, packed, 64M: one process per input type (the CAST and single-type rows
  # run with theirs).
  for type in f32 f16 i32,u8,u32; do
    name=elementwise-${type//,/-}
    timeout 200 "$bench" --json --type "$type" --layout packed --size 64M --no-baselines --no-latency --no-fusion \
      --no-pipelines --no-reductions --no-gemm --repetitions 3 --min-time-ms 20 > "$out/$name.json" 2> "$out/$name.err"
    log "$name done"
  done
  if torch_cuda; then
    timeout 200 python3 "$here/torch-gpu-baseline.py" --tables elementwise --size 64M \
      > "$out/torch-elementwise.json" 2> "$out/torch-elementwise.err"
    log torch elementwise done
  fi
  benches=()
  for f in "$out"/elementwise-*.json; do [ -s "$f" ] && benches+=("$f"); done
  if [ ${#benches[@]} -gt 0 ] && [ -s "$out/torch-elementwise.json" ]; then
    python3 "$here/gpu-table.py" "${benches[@]}" "$out/torch-elementwise.json" -o "$out/elementwise.md"
    cat "$out/elementwise.md"
  fi
  # No device needed: the same static counts as on any machine, kept with the timings they explain.
  if [ -x "$dir/vkdml-kernel-check" ]; then
    timeout 120 "$dir/vkdml-kernel-check" --count --json "$out/counts.json" > "$out/counts.txt" 2>&1
  fi
fi
[ -n "$clocks" ] && kill "$clocks" 2> /dev/null
if step tests; then cat "$out/tests.txt" | tail -12; fi
