#!/usr/bin/env bash
# Runs a representative subset of the lit tests, and the wrapper over the
# bundled examples, under the build configurations projects build in
# (docs/build-configurations.md has the table).
#
#   scripts/config-matrix.sh [--slice] [CONFIG...]
#
# Each configuration is a row of nvcc flags. For each one:
#   - the lit tests named in TESTS run with CUDALOWER_TEST_CONFIG_FLAGS set:
#     cuda-lower reads the sources with those flags (after `--`), plain nvcc
#     compiles the rewrite with them (lit.cfg.py, check_cuda_lower.py);
#   - cuda-lower-nvcc --cuda-lower-strict compiles each program in PROGRAMS
#     with the flags and without --extended-lambda/--expt-relaxed-constexpr,
#     and must exit 0 (a strict wrapper exits 1 when lowering fails: no
#     silent fallback).
# --slice: CI's share, the configurations and tests marked for it below.
# CONFIG names rows of the table (default: all of them).
#
# The last line is the count: `config-matrix: N passed, M failed`. Exits 1 if
# anything failed. Needs a build in build/ (scripts/bootstrap.sh test).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
LIT=/usr/lib/llvm-22/bin/lit
NVCC=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
WRAPPER=$BUILD/bin/cuda-lower-nvcc

# name | flags | in CI's slice
CONFIGS=(
  "debug|-g -G|"
  "release|-O3 -DNDEBUG|slice"
  "relwithdebinfo|-O2 -g -DNDEBUG -lineinfo|"
  "minsizerel|-O1 -DNDEBUG|"
  "cxx20|-std=c++20|slice"
  "gencode|-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90|"
  "all-major|-arch=all-major|"
  "rdc|-rdc=true|"
  "fast-math|--use_fast_math|"
  "xcompiler|-Xcompiler -fPIC,-Wall,-fopenmp|"
  "per-thread-stream|--default-stream per-thread|"
  "ccbin-gcc|-ccbin g++|"
  "ccbin-clang|-ccbin clang++-22 -allow-unsupported-compiler|"
)

# Lit tests that lower and compile with plain nvcc (each through
# %check_cuda_lower): every rule, Thrust/CUB, libcu++ headers added.
TESTS=(
  lower-extended-lambda/captures.cu
  lower-extended-lambda/templates.cu
  lower-extended-lambda/macros.cu
  std-to-cuda-std/headers.cu
  std-to-cuda-std/clamp.cu
  constexpr-host-call/basic.cu
  exec-space-host-variable
  nvcc-isms/ndebug-cccl.cu
)
SLICE_TESTS=(lower-extended-lambda/captures.cu)

# Programs the wrapper compiles in strict mode, without the two flags.
PROGRAMS=(
  examples/saxpy/saxpy.cu
  lit-tests/gpu/lower-extended-lambda-basics.cu
  lit-tests/gpu/std-to-cuda-std-limits-reduction.cu
  lit-tests/gpu/std-to-cuda-std-device-classes.cu
)
# (Not lower-extended-lambda-library.cu: one of its lambdas reaches nvcc's
# lambda traits, which the rule refuses unless its option
# LowerTraitDispatched is set, and the wrapper runs the default options.)

# Tests a row must not run, as `row:test`: ndebug-cccl.cu adds its own
# RelWithDebInfo flags (-lineinfo), which nvcc refuses together with the
# debug row's -G ("Conflicting options --device-debug and
# --generate-line-info").
EXCLUDED=(debug:nvcc-isms/ndebug-cccl.cu)

# The tests of TESTS that row \$1 runs.
tests_for() {
  local t
  for t in "${TESTS[@]}"; do
    [[ " ${EXCLUDED[*]} " == *" $1:$t "* ]] || echo "$t"
  done
}
SLICE_PROGRAMS=(examples/saxpy/saxpy.cu)

slice=0
if [[ ${1:-} == --slice ]]; then
  slice=1
  shift
fi
wanted=("$@")

passed=0
failed=0
failures=()
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# A lit test that checks nothing when the tools are missing must not count.
[[ -x $BUILD/bin/cuda-lower && -x $WRAPPER ]] || {
  echo "config-matrix: no build in $BUILD (run scripts/bootstrap.sh test)" >&2
  exit 2
}

record() { # record NAME STATUS
  if (($2 == 0)); then
    passed=$((passed + 1))
    echo "PASS: $1"
  else
    failed=$((failed + 1))
    failures+=("$1")
    echo "FAIL: $1"
  fi
}

run_lit() { # run_lit CONFIG FLAGS TEST...
  local config=$1 flags=$2
  shift 2
  local -a paths=()
  for t in "$@"; do paths+=("$BUILD/lit-tests/$t"); done
  local log=$WORK/lit-$config.log
  CUDALOWER_TEST_CONFIG_FLAGS=$flags "$LIT" -v -j2 "${paths[@]}" > "$log" 2>&1
  # `PASS: cuda-lower :: dir/test.cu (1 of 2)` -> `PASS CONFIG dir/test.cu`
  sed -nE "s/^(PASS|FAIL|UNRESOLVED|UNSUPPORTED|XFAIL|XPASS|TIMEOUT): cuda-lower :: ([^ ]+).*/\1 $config \2/p" \
    "$log" > "$WORK/results-$config"
  grep -q . "$WORK/results-$config" || echo "FAIL $config (lit-ran-no-test)" > "$WORK/results-$config"
  while read -r status config_name name; do
    case $status in
    PASS) record "$config_name lit $name" 0 ;;
    UNSUPPORTED) echo "UNSUPPORTED: $config_name lit $name" ;;
    *)
      record "$config_name lit $name" 1
      sed -n "/FAIL: cuda-lower :: ${name//\//\\/}/,/^\*\*\*\*\*\*\*\*\*\*\*/p" "$log" | grep -E 'check_cuda_lower:|error:' | head -8 | sed 's/^/    /'
      ;;
    esac
  done < "$WORK/results-$config"
}

run_wrapper() { # run_wrapper CONFIG FLAGS PROGRAM...
  local config=$1 flags=$2
  shift 2
  local std=-std=c++17 arch=-arch=sm_90
  [[ $flags == *-std=* ]] && std=
  [[ $flags == *-gencode* || $flags == *-arch* ]] && arch=
  for program in "$@"; do
    local name out log
    name=$(basename "$program" .cu)
    out=$WORK/$config-$name.o
    log=$WORK/$config-$name.log
    # shellcheck disable=SC2086 # the flags are words on purpose
    (cd "$ROOT" && "$WRAPPER" --cuda-lower-strict "$NVCC" $std $arch $flags \
      -c "$program" -o "$out") > "$log" 2>&1
    local rc=$?
    record "$config wrapper $program" $rc
    ((rc == 0)) || sed 's/^/    /' "$log" | head -20
  done
}

for row in "${CONFIGS[@]}"; do
  IFS='|' read -r config flags in_slice <<< "$row"
  if ((${#wanted[@]})) && [[ " ${wanted[*]} " != *" $config "* ]]; then
    continue
  fi
  ((slice)) && [[ $in_slice != slice ]] && continue
  echo "== $config: $flags"
  if ((slice)); then
    run_lit "$config" "$flags" "${SLICE_TESTS[@]}"
    run_wrapper "$config" "$flags" "${SLICE_PROGRAMS[@]}"
  else
    mapfile -t row_tests < <(tests_for "$config")
    run_lit "$config" "$flags" "${row_tests[@]}"
    run_wrapper "$config" "$flags" "${PROGRAMS[@]}"
  fi
done

for f in "${failures[@]}"; do echo "failed: $f"; done
echo "config-matrix: $passed passed, $failed failed"
((failed == 0))
