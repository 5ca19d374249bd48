#!/usr/bin/env bash
# Sets up cuda-lower on a Debian 12 machine with the CUDA 13 toolkit and
# either shows it at work or runs every test.
#
#   scripts/bootstrap.sh demo   install, build, lower examples/saxpy/saxpy.cu
#                               and compile the result with plain nvcc
#   scripts/bootstrap.sh test   install, build with warnings as errors
#                               (CUDALOWER_WERROR), run the unit and lit tests
#                               (what CI runs, through .ci/run)
#
# Exits non-zero, naming the step, when anything fails.
set -Eeuo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=build
LLVM_BIN=/usr/lib/llvm-22/bin
export CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
NVCC=$CUDA_PATH/bin/nvcc
ARCH=${CUDALOWER_TEST_ARCH:-sm_90}

STEP=""
step() {
  STEP=$1
  printf '\n==> %s\n' "$STEP"
}
fail() {
  printf '\nbootstrap: FAILED at step: %s\n' "$STEP" >&2
  exit 1
}
trap fail ERR

usage() {
  echo "usage: scripts/bootstrap.sh demo|test" >&2
  exit 2
}

# install_and_build [CMAKE_ARGS...]: the arguments go to the configure step
# (also of a build directory configured before).
install_and_build() {
  step "install dependencies (scripts/install-deps.sh)"
  scripts/install-deps.sh
  step "configure and build ($BUILD/, Release, Ninja)"
  if [[ ! -f $BUILD/build.ninja ]]; then
    cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  elif (($#)); then
    cmake -S . -B "$BUILD" "$@"
  fi
  cmake --build "$BUILD"
}

have_gpu() {
  command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU
}

demo() {
  local src=examples/saxpy/saxpy.cu out=$BUILD/examples/saxpy.lowered.cu
  install_and_build
  mkdir -p "$BUILD/examples"

  step "show what cuda-lower would change: cuda-lower --diff $src"
  local rc=0 diff
  diff=$("$BUILD/bin/cuda-lower" --diff "$src") || rc=$?
  if [[ -n $diff ]]; then
    printf '%s\n' "$diff"
  else
    echo "(no edits proposed)"
  fi
  if ((rc == 1)); then
    echo "(a rule reported an error: that part of the file is left as it was)"
  elif ((rc != 0)); then
    false
  fi

  step "lower the example: cuda-lower $src -o $out"
  rc=0
  "$BUILD/bin/cuda-lower" -q "$src" -o "$out" 2>"$out.log" || rc=$?
  ((rc <= 1)) || { cat "$out.log" >&2; false; }

  step "compile the lowered file with plain nvcc (no --extended-lambda, no --expt-relaxed-constexpr)"
  echo "$NVCC -std=c++17 -arch=$ARCH -c $out -o ${out%.cu}.o"
  "$NVCC" -std=c++17 -arch="$ARCH" -c "$out" -o "${out%.cu}.o"
  echo "plain nvcc accepted $out"

  if have_gpu; then
    step "run the original and the lowered program on the GPU and compare"
    "$NVCC" -std=c++17 -arch="$ARCH" --extended-lambda --expt-relaxed-constexpr \
      "$src" -o "$BUILD/examples/saxpy.original"
    "$NVCC" -std=c++17 -arch="$ARCH" "$out" -o "$BUILD/examples/saxpy.lowered"
    "$BUILD/examples/saxpy.original" >"$BUILD/examples/saxpy.original.out"
    "$BUILD/examples/saxpy.lowered" | tee "$BUILD/examples/saxpy.lowered.out"
    diff -u "$BUILD/examples/saxpy.original.out" "$BUILD/examples/saxpy.lowered.out"
  else
    echo "(no GPU here: the lowered program was compiled, not run)"
  fi
  printf '\nbootstrap: demo done: %s lowered to %s and compiled with plain nvcc\n' "$src" "$out"
}

# Prints the N of a "Label: N" line in a runner's summary, or 0.
count() {
  local n
  n=$(sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$2" | tail -1)
  echo "${n:-0}"
}

run_tests() {
  # A new compiler warning fails CI, as a failing test does.
  install_and_build -DCUDALOWER_WERROR=ON
  local log=$BUILD/test-logs passed=0 failed=0 skipped=0 status=0
  mkdir -p "$log"

  step "unit tests ($BUILD/bin/cudalower-unittests)"
  "$BUILD/bin/cudalower-unittests" --gtest_brief=1 2>&1 | tee "$log/unit.txt" || status=1
  local unit_passed unit_failed
  unit_passed=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?\..*/\1/p' "$log/unit.txt" | tail -1)
  unit_failed=$(sed -nE 's/^\[  FAILED  \] ([0-9]+) tests?, listed below.*/\1/p' "$log/unit.txt" | tail -1)
  passed=$((passed + ${unit_passed:-0}))
  failed=$((failed + ${unit_failed:-0}))
  if ((status)) && [[ -z $unit_failed ]]; then
    failed=$((failed + 1)) # the binary crashed or did not run
  fi

  step "lit tests ($LLVM_BIN/lit -sv $BUILD/lit-tests)"
  local lit_status=0
  "$LLVM_BIN/lit" -sv "$BUILD/lit-tests" 2>&1 | tee "$log/lit.txt" || lit_status=$?
  local l
  for l in Passed "Expectedly Failed"; do passed=$((passed + $(count "$l" "$log/lit.txt"))); done
  for l in Failed Unresolved "Timed Out" "Unexpectedly Passed"; do
    failed=$((failed + $(count "$l" "$log/lit.txt")))
  done
  for l in Unsupported Skipped Excluded; do skipped=$((skipped + $(count "$l" "$log/lit.txt"))); done
  if ((lit_status)); then
    status=1
    ((failed)) || failed=1 # lit itself failed before running tests
  fi

  step "build configurations, CI's slice (scripts/config-matrix.sh --slice)"
  local matrix_status=0
  scripts/config-matrix.sh --slice 2>&1 | tee "$log/config-matrix.txt" || matrix_status=$?
  local matrix_passed matrix_failed
  matrix_passed=$(sed -nE 's/^config-matrix: ([0-9]+) passed.*/\1/p' "$log/config-matrix.txt")
  matrix_failed=$(sed -nE 's/^config-matrix: [0-9]+ passed, ([0-9]+) failed.*/\1/p' "$log/config-matrix.txt")
  passed=$((passed + ${matrix_passed:-0}))
  failed=$((failed + ${matrix_failed:-0}))
  if ((matrix_status)); then
    status=1
    grep -q '^config-matrix: ' "$log/config-matrix.txt" || failed=$((failed + 1))
  fi

  if ((status)); then
    printf '\nbootstrap: tests FAILED (output kept in %s/)\n' "$log"
  fi
  printf '\nbootstrap: %d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
  exit "$status"
}

case ${1:-} in
demo) demo ;;
test) run_tests ;;
*) usage ;;
esac
