#!/usr/bin/env bash
# Reproduces the measurements of docs/runtime-validation.md on a GPU machine.
#   runtime-kernels/run-gpu-validation.sh BUILD_DIR OUT_DIR
# BUILD_DIR holds kt-runtime-tests (the main tree's build-*/runtime-kernels or
# a standalone build of runtime-kernels/). Writes into OUT_DIR:
#   environment.txt  date, GPU, driver, toolkit, torch/triton versions
#   gtest.log/.xml   the whole harness, large-memory test included
#   sanitizer-{buggy,fixed}.log  compute-sanitizer memcheck, ignore_index=-100
#   triton.log/.json the Triton fixtures (store-mask, width, fp16 rules)
#   memcheck-<Test>.log  compute-sanitizer memcheck of the MemcheckOnly tests
#                    (hazards no output shows: loads through a sentinel, a
#                    shared-memory atomic at [-1])
#   hang-<Test>.log  each Int32OffsetHang test in its own process (a buggy
#                    loop that never ends is watched, then the process left)
#   slow-grid.log    IndexWidthSlowGrid (the 65535 x 65535 launch), last
set -u -o pipefail
BIN=${1:?build dir}
OUT=${2:?output dir}
mkdir -p "$OUT"
SANITIZER=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv
  nvcc --version | tail -2
  "$SANITIZER" --version | head -3
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'
  echo "uname: $(uname -r)"
} > "$OUT/environment.txt" 2>&1

"$BIN/kt-runtime-tests" --gtest_output="xml:$OUT/gtest.xml" \
  --gtest_filter='-MemcheckOnly.*:Int32OffsetHang.*:IndexWidthSlowGrid.*' \
  > "$OUT/gtest.log" 2>&1
echo "kt-runtime-tests exit $?" | tee -a "$OUT/environment.txt"

for test in $("$BIN/kt-runtime-tests" --gtest_list_tests --gtest_filter='Int32OffsetHang.*' \
              | awk '/^[^ ]/{s=$1} /^  /{print s $1}'); do
  timeout 120 "$BIN/kt-runtime-tests" --gtest_filter="$test" > "$OUT/hang-$test.log" 2>&1
  echo "$test exit $?" | tee -a "$OUT/environment.txt"
done

for test in $("$BIN/kt-runtime-tests" --gtest_list_tests --gtest_filter='MemcheckOnly.*' \
              | awk '/^[^ ]/{s=$1} /^  /{print s $1}'); do
  timeout 300 "$SANITIZER" --tool memcheck --error-exitcode 86 "$BIN/kt-runtime-tests" \
    --gtest_filter="$test" > "$OUT/memcheck-$test.log" 2>&1
  echo "memcheck $test exit $? ($(grep -c 'Invalid __' "$OUT/memcheck-$test.log") invalid accesses)" \
    | tee -a "$OUT/environment.txt"
done

for variant in Buggy Fixed; do
  lower=$(echo "$variant" | tr A-Z a-z)
  "$SANITIZER" --tool memcheck --error-exitcode 86 "$BIN/kt-runtime-tests" \
    --gtest_filter="NllLossSanitizer.${variant}FixtureIgnoreIndexMinus100ExactAllocation" \
    > "$OUT/sanitizer-$lower.log" 2>&1
  echo "compute-sanitizer $variant exit $?" | tee -a "$OUT/environment.txt"
done

PYTHONUNBUFFERED=1 python3 "$(dirname "$0")/triton/run_triton_fixtures.py" \
  --jobs "${KT_TRITON_JOBS:-3}" --json "$OUT/triton.json" > "$OUT/triton.log" 2>&1
echo "run_triton_fixtures exit $?" | tee -a "$OUT/environment.txt"

# The index-width seed's own launcher starts a 65535 x 65535 grid (4.3e9
# blocks, almost all empty): run last, in its own process, bounded.
timeout 300 "$BIN/kt-runtime-tests" --gtest_filter='IndexWidthSlowGrid.*' \
  > "$OUT/slow-grid.log" 2>&1
echo "IndexWidthSlowGrid exit $?" | tee -a "$OUT/environment.txt"
