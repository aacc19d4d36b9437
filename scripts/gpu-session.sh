#!/usr/bin/env bash
# One prepared run for a GPU session (issues 29, 30 and 32): the reduction, GEMM and element-wise tests on the GPU,
# vkdml-bench's reductions and GEMM tables, PyTorch on the same device and shapes, and the element-wise table against
# PyTorch (every vkdml-bench element-wise row packed at 64M, PyTorch's equivalents, the joined markdown table
# elementwise.md, and, from a build tree, vkdml-kernel-check --count's static instruction counts, counts.txt).
# Usage: scripts/gpu-session.sh DIR OUT_DIR [STEPS]. DIR: a build tree built for this machine, or a bundle made by
# scripts/gpu-bundle.sh (its debs unpacked first). OUT_DIR receives the logs and JSON. STEPS, comma-separated, from
# tests, exhaustive, reductions, kernel_stats, gemm, gemm_portable, torch, elementwise (default all of them but
# exhaustive, kernel_stats and gemm_portable).
# Settings: VKDML_GPU_TESTS (the test binaries to run, by the names below; default all), VKDML_GPU_EXHAUSTIVE_OPS and
# VKDML_GPU_EXHAUSTIVE_BUDGET_S (the FLOAT32 functions exhaustive_fp32_test runs on all 2^32 inputs, one process
# each, in order, none started past the budget; default every function in 300 s), VKDML_GPU_REDUCTION_SHARES (the
# reductions table once per VKDML_REDUCTION_ROW_SHARE value, 0 for vkdml's default; default 0),
# VKDML_GPU_REDUCTION_VARIANTS (kernel forms measured beside the default: NAME=VARIABLE=VALUE[,VARIABLE=VALUE] ...;
# default subgroup folds, kept rows and both; "" for none),
# VKDML_GPU_TORCH_TABLES (default activations,reductions,gemm), VKDML_GPU_ELEMENTWISE_TYPES (default
# "f32 f16 i32,u8,u32"), VKDML_GPU_REPETITIONS and VKDML_GPU_MIN_TIME_MS (vkdml-bench's, default 3 and 20),
# VKDML_GPU_DEADLINE_S (seconds from the start past which the exhaustive step starts nothing). Steps run in the order
# given.
# Lessons of earlier sessions, kept here:
# - Steps run one after another, never beside each other: GPU timestamps bracket a command list's time on the GPU,
#   and another process's work time-sliced into it counts as the list's own (rows fell to a fifth beside a test).
# - vkdml-bench prints its JSON at the end, so a step killed by its time limit leaves nothing: the element-wise table
#   runs as one process per type.
# - clocks.csv logs the GPU's clocks and power state every 250 ms (nvidia-smi), to tell a slow row from a slow clock.
# - Each test binary runs in its own process with its own time limit.
set -uo pipefail
dir=$(cd "${1:?build directory or bundle}" && pwd)
out=${2:?output directory}
steps=${3:-tests,reductions,gemm,torch,elementwise}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
[ -d "$dir/lib" ] && export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
torch_cuda() { python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; }
bench=$dir/tools/vkdml-bench
reps=${VKDML_GPU_REPETITIONS:-3}
min_time_ms=${VKDML_GPU_MIN_TIME_MS:-20}
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

step_tests() {
  if [ -f "$dir/CTestTestfile.cmake" ]; then
    (cd "$dir" && timeout 240 ctest -R 'reduce|wpt|gemm|bert|device_test' --output-on-failure) > "$out/tests.txt" 2>&1
  else
    # Each binary has its own limit, and the step a budget (VKDML_GPU_TESTS_BUDGET_S, default 420 s) that no binary
    # starts past: the limits add up to more than one command may run on a lent machine.
    run_test() {  # NAME LIMIT_S [VAR=VALUE ...] BINARY [ARGS]
      local name=$1 limit=$2
      shift 2
      [[ -z ${VKDML_GPU_TESTS:-} || " $VKDML_GPU_TESTS " == *" $name "* ]] || return 0
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
    run_test reduce_scan 90 VKDML_TEST_REDUCTION_GPU_SHAPES=1 "$t/reduce_family_test" '-tc=*CUMULATIVE*,*LP_NORM*'
    run_test reduce_split 120 VKDML_REDUCTION_SEGMENTS=5 "$t/reduce_family_test" \
      '-sf=*reduce_test.cpp,*softmax_test.cpp,*normalization_test.cpp,*scan_lp_test.cpp,*row_parts_test.cpp'
    run_test gemm 120 VKDML_TEST_GEMM_GPU_SHAPES=1 "$t/gemm_test"
    run_test bert 60 VKDML_BERT_FIXTURE_DIR="$t/bert_layer" "$t/bert_layer_test"
    run_test graph 180 "$t/graph_test"
    run_test large 120 "$t/large_tensor_test"
  fi
  log tests done
}
step_exhaustive() {
  ops=${VKDML_GPU_EXHAUSTIVE_OPS:-EXP,LOG,SQRT,RECIP,SIN,COS,TAN,ASIN,ACOS,ATAN,SINH,COSH,ELEMENT_WISE_TANH,ASINH,ACOSH,ATANH,ERF,CELU,LINEAR,SOFTPLUS,PARAMETRIC_SOFTPLUS,ELU,SCALED_ELU,SCALED_TANH,SIGMOID,SOFTSIGN,TANH,GELU,SWISH,HARD_SWISH,HARD_SIGMOID}
  budget=${VKDML_GPU_EXHAUSTIVE_BUDGET_S:-300}
  e0=$SECONDS
  for op in ${ops//,/ }; do
    left=$((budget - (SECONDS - e0)))
    [ $((${VKDML_GPU_DEADLINE_S:-100000} - SECONDS)) -lt "$left" ] && left=$((${VKDML_GPU_DEADLINE_S:-100000} - SECONDS))
    if [ "$left" -le 5 ]; then echo "$op: not run (the step's budget is spent)" >> "$out/exhaustive.txt"; continue; fi
    (cd /tmp && VKDML_EXHAUSTIVE=1 VKDML_EXHAUSTIVE_OPS=$op timeout "$left" "$dir/tests/exhaustive_fp32_test") \
      2>&1 | grep -E '^exhaustive|ERROR|error|test cases' >> "$out/exhaustive.txt"
  done
  log exhaustive done
}
step_reductions() {
  for share in ${VKDML_GPU_REDUCTION_SHARES:-0}; do
    name=bench; [ "$share" != 0 ] && name=bench-share$share
    VKDML_REDUCTION_ROW_SHARE=$share timeout 200 "$bench" --json --op exp --type f32 --size 64M --no-baselines \
      --no-latency --no-fusion --no-pipelines --no-gemm --repetitions $reps --min-time-ms $min_time_ms > "$out/$name.json" \
      2> "$out/$name.err"
    log "reductions (row share $share) done"
  done
  # Kernel forms not yet measured on a GPU, each against the default above (NAME=VARIABLE=VALUE[,VARIABLE=VALUE],
  # space-separated): the table's rows of 64 to 65536 with the variables set, into bench-NAME.json.
  local forms="subgroup-folds=VKDML_REDUCTION_SUBGROUP_FOLDS=1 kept-rows=VKDML_REDUCTION_KEPT_ROWS=1"
  forms="$forms both=VKDML_REDUCTION_SUBGROUP_FOLDS=1,VKDML_REDUCTION_KEPT_ROWS=1"
  for variant in ${VKDML_GPU_REDUCTION_VARIANTS-$forms}; do
    name=${variant%%=*}
    settings=${variant#*=}
    env ${settings//,/ } timeout 200 "$bench" --json --op exp --type f32 --size 64M --no-baselines --no-latency \
      --no-fusion --no-pipelines --no-gemm --reduction-row 64,1024,4096,65536 --repetitions $reps \
      --min-time-ms $min_time_ms > "$out/bench-$name.json" 2> "$out/bench-$name.err"
    log "reductions ($name) done"
  done
  # The rows vkdml splits into parts on a GPU (few rows: 256 of 65536 at 16M, 32 rows, one row), again unsplit.
  VKDML_REDUCTION_SEGMENTS=1 timeout 150 "$bench" --json --op exp --type f32 --size 64M --no-baselines --no-latency \
    --no-fusion --no-pipelines --no-gemm --reduction-row 65536,512K,2M,all --repetitions $reps \
    --min-time-ms $min_time_ms > "$out/bench-unsplit.json" 2> "$out/bench-unsplit.err"
  log "reductions (rows unsplit) done"
}
step_kernel_stats() {
  # The driver's statistics of every reduction and GEMM kernel (registers, spills, shared memory: what it reports),
  # beside each kernel's source: one short run of both tables (vkdml-bench's fresh caches: every pipeline is
  # compiled in the run, the timed device's last, from the spirv-opt -O modules the warm-up left).
  local kdir=$out/kernels
  mkdir -p "$kdir"
  VKDML_PIPELINE_STATISTICS=1 VKDML_DUMP_KERNELS=$kdir timeout 150 "$bench" --json --op exp \
    --type f32,f16 --size 1M --no-baselines --no-latency --no-fusion --no-pipelines --reduction-size 16M \
    --repetitions 1 --min-time-ms 1 > "$out/kernel-stats-bench.json" 2> "$out/kernel-stats-bench.err"
  # One line per kernel: its first comment (what it computes) and the statistics, joined.
  for stats in "$kdir"/*.stats; do
    [ -f "$stats" ] || continue
    src=${stats%.stats}.comp
    echo "$(basename "$src"): $(sed -n '2p' "$src" | cut -c1-160)"
    sed 's/^/    /' "$stats"
  done > "$out/kernel-stats.txt"
  log "kernel_stats done ($(ls "$kdir" | grep -c '\.stats$') kernels with statistics)"
}
step_gemm() {
  # FLOAT16 rows take the cooperative-matrix kernel where the device has one and it passed its check on the device
  # (a warning in gemm.err otherwise).
  timeout 150 "$bench" --json --op exp --size 1M --no-baselines --no-latency --no-fusion --no-pipelines \
    --no-reductions --repetitions $reps --min-time-ms $min_time_ms > "$out/gemm.json" 2> "$out/gemm.err"
  grep -h "vkdml warning" "$out/gemm.err"
  log gemm done
}
step_gemm_portable() {
  # The same table with the portable kernels only: FLOAT16 before and after the cooperative-matrix kernel.
  VKDML_DISABLE_COOPERATIVE_MATRIX=1 timeout 150 "$bench" --json --op exp --size 1M --no-baselines --no-latency \
    --no-fusion --no-pipelines --no-reductions --repetitions $reps --min-time-ms $min_time_ms \
    > "$out/gemm-portable.json" 2> "$out/gemm-portable.err"
  log gemm_portable done
}
step_torch() {
  torch_cuda || return 0
  timeout 200 python3 "$here/torch-gpu-baseline.py" --repetitions $reps --min-time-ms $min_time_ms \
    --tables "${VKDML_GPU_TORCH_TABLES:-activations,reductions,gemm}" \
    > "$out/torch.json" 2> "$out/torch.err"
  log torch done
}
step_elementwise() {
  # Every element-wise row of vkdml-bench, packed, 64M: one process per input type (the CAST and single-type rows
  # run with theirs).
  for type in ${VKDML_GPU_ELEMENTWISE_TYPES:-f32 f16 i32,u8,u32}; do
    name=elementwise-${type//,/-}
    timeout 200 "$bench" --json --type "$type" --layout packed --size 64M --no-baselines --no-latency --no-fusion \
      --no-pipelines --no-reductions --no-gemm --repetitions $reps --min-time-ms $min_time_ms > "$out/$name.json" 2> "$out/$name.err"
    log "$name done"
  done
  if torch_cuda; then
    timeout 200 python3 "$here/torch-gpu-baseline.py" --repetitions $reps --min-time-ms $min_time_ms \
      --tables elementwise --size 64M \
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
}
# The steps in the order given: what matters most first, since a run stopped by its time limit keeps what came before.
for name in ${steps//,/ }; do
  if declare -F "step_$name" > /dev/null; then "step_$name"; else echo "unknown step: $name"; fi
done
[ -n "$clocks" ] && kill "$clocks" 2> /dev/null
[ -f "$out/tests.txt" ] && tail -12 "$out/tests.txt"
