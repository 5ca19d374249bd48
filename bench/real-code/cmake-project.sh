#!/usr/bin/env bash
# Builds a public CMake CUDA project twice, in the configuration its users
# build it in, and compares what the two builds' programs print:
#   original  nvcc with the flags the project's CMake gives it
#             (--extended-lambda, --expt-relaxed-constexpr);
#   lowered   the same CMake command with cuda-lower-nvcc in strict mode as
#             CMAKE_CUDA_COMPILER_LAUNCHER: the wrapper drops the two flags
#             and compiles the lowered copies with plain nvcc, or fails.
#
#   bench/real-code/cmake-project.sh NAME SRC OUT [CMAKE_ARG...]
#
# SRC is the project's source tree (never written: the lowered copies live
# in the wrapper's private directories), OUT a new folder for the two builds
# (OUT/original, OUT/lowered) and the logs. CMAKE_ARGs go to both
# configurations (the build type, the project's options).
#
# Environment:
#   WRAPPER   cuda-lower-nvcc (default: on PATH)
#   CMAKE     cmake (default: on PATH)
#   TARGETS   targets to build, blank-separated (default: all)
#   RUNS      programs to run after the builds, ';'-separated, each a path
#             relative to the build folder with its arguments
#   IGNORE    a grep -E pattern: output lines that change from run to run
#             (timings) and are left out of the comparison
#   SORTED    programs (as in RUNS, without arguments) whose output lines
#             are compared in sorted order: device printf from many threads
#             comes in an order that changes from run to run
#   INSTALL   a prefix: `cmake --install` the original build there (a
#             library for a separate project to find)
#   ROOT      the project root for the wrapper (--cuda-lower-root;
#             default SRC)
#   VIA_PATH  set: the project compiles through its own compiler script
#             (CMAKE_CXX_COMPILER=a script that runs `nvcc`, as Kokkos's
#             nvcc_wrapper does), so the lowered build reaches the wrapper as
#             the `nvcc` first on PATH, its options in CUDA_LOWER_NVCC_OPTIONS,
#             instead of as CMAKE_CUDA_COMPILER_LAUNCHER
#   JOBS      parallel compiles (default: the number of cores)
#   STAGE     all (default), build or run. With no GPU where the builds
#             are made: STAGE=build PACK=DIR builds both and copies the
#             programs of RUNS (host debug info stripped; the device code,
#             -G's included, stays) and the input files their arguments
#             name into DIR/original and DIR/lowered with
#             the run settings in DIR/runs.env; on the GPU machine,
#             bench/real-code/run-packs.sh DIR... runs them (STAGE=run with
#             OUT=DIR; SRC is then not read).
#
# Each build and each run is a check; the last line is
# `NAME: P passed, F failed`, and the exit code is 0 only when none failed.
set -uo pipefail

[[ $# -ge 3 ]] || { sed -n '2,/^set -uo/p' "$0" | sed 's/^# \{0,1\}//;$d' >&2; exit 2; }
NAME=$1 SRC=$2 OUT=$3
shift 3
STAGE=${STAGE:-all}
case $STAGE in
  all | build)
    SRC=$(cd "$SRC" && pwd)
    WRAPPER=${WRAPPER:-$(command -v cuda-lower-nvcc)}
    [[ -x $WRAPPER ]] || { echo "$NAME: no cuda-lower-nvcc (set WRAPPER)" >&2; exit 2; } ;;
  run) ;;
  *) echo "$NAME: STAGE is all, build or run, not '$STAGE'" >&2; exit 2 ;;
esac
CMAKE=${CMAKE:-cmake}
JOBS=${JOBS:-$(nproc)}
ROOT=${ROOT:-$SRC}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
passed=0 failed=0

check() { # check WHAT COMMAND...: runs it, counts and reports the result
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "PASS: $NAME $what"
  else
    failed=$((failed + 1))
    echo "FAIL: $NAME $what"
  fi
}

build() { # build FORM [CMAKE_ARG...]: configures and builds OUT/FORM
  local form=$1
  shift
  local dir=$OUT/$form
  local -a targets=()
  if [[ -n ${TARGETS:-} ]]; then # blank- or newline-separated
    read -r -d '' -a targets <<< "$TARGETS" || true
    targets=(--target "${targets[@]}")
  fi
  rm -rf "$dir"
  { "$CMAKE" -S "$SRC" -B "$dir" -G Ninja "$@" &&
    "$CMAKE" --build "$dir" -j "$JOBS" "${targets[@]}"; } > "$OUT/$form.build.log" 2>&1 ||
    { tail -40 "$OUT/$form.build.log"; return 1; }
}

run_both() { # run_both PROGRAM [ARG...]: same exit code and output in both
  local prog=$1 key rc_o rc_l
  key=$(echo "$*" | tr -c 'A-Za-z0-9_.-' '_')
  (cd "$OUT/original" && "./$prog" "${@:2}") > "$OUT/$key.original.txt" 2>&1
  rc_o=$?
  (cd "$OUT/lowered" && "./$prog" "${@:2}") > "$OUT/$key.lowered.txt" 2>&1
  rc_l=$?
  if [[ $rc_o -ne 0 || $rc_l -ne 0 ]]; then
    echo "  $*: exit $rc_o (original), $rc_l (lowered)"
    tail -5 "$OUT/$key.lowered.txt"
    return 1
  fi
  local order=cat
  [[ " ${SORTED:-} " == *" $prog "* ]] && order=sort
  diff <(grep -Ev "${IGNORE:-^\$^}" "$OUT/$key.original.txt" | $order) \
    <(grep -Ev "${IGNORE:-^\$^}" "$OUT/$key.lowered.txt" | $order) > "$OUT/$key.diff" ||
    { head -20 "$OUT/$key.diff"; return 1; }
}

build_via_path() { # build_via_path FORM [CMAKE_ARG...]: nvcc is the wrapper
  local shim=$OUT/nvcc-is-cuda-lower-nvcc
  mkdir -p "$shim" && ln -sf "$WRAPPER" "$shim/nvcc"
  PATH="$shim:$PATH" CUDA_LOWER_NVCC_OPTIONS="--cuda-lower-strict --cuda-lower-root=$ROOT" \
    build "$@"
}

install_original() { # the check's own line must not go to the log
  "$CMAKE" --install "$OUT/original" --prefix "$INSTALL" > "$OUT/install.log" 2>&1
}

pack() { # pack DIR: the programs of RUNS from both builds, and how to run them
  local dir=$1 form r prog
  mkdir -p "$dir"
  IFS=';' read -r -a runs <<< "${RUNS:-}"
  for form in original lowered; do
    for r in "${runs[@]}"; do
      read -r prog args <<< "$r"
      [[ -n $prog ]] || continue
      install -D "$OUT/$form/$prog" "$dir/$form/$prog" &&
        strip --strip-debug "$dir/$form/$prog" || return 1
      # Input files a run names, as paths relative to the build folder.
      for a in $args; do
        if [[ -f $OUT/$form/$a ]]; then
          install -D -m 644 "$OUT/$form/$a" "$dir/$form/$a" || return 1
        fi
      done
    done
  done
  declare -p NAME RUNS > "$dir/runs.env"
  declare -p IGNORE SORTED 2> /dev/null >> "$dir/runs.env"
  true
}

if [[ $STAGE != run ]]; then
  check "original build (nvcc with the project's flags)" build original "$@"
  if [[ -n ${VIA_PATH:-} ]]; then
    check "lowered build (cuda-lower-nvcc --cuda-lower-strict as the nvcc the compiler script runs, without the flags)" \
      build_via_path lowered "$@"
  else
    check "lowered build (cuda-lower-nvcc --cuda-lower-strict, without the flags)" \
      build lowered "$@" "-DCMAKE_CUDA_COMPILER_LAUNCHER=$WRAPPER;--cuda-lower-strict;--cuda-lower-root=$ROOT"
  fi
  if [[ -n ${INSTALL:-} ]]; then
    check "install of the original build to $INSTALL" install_original
  fi
  if [[ -n ${PACK:-} ]]; then
    check "programs packed into $PACK" pack "$PACK"
  fi
fi
if [[ $STAGE == build ]]; then
  RUNS=
fi
if [[ -n ${RUNS:-} ]]; then
  IFS=';' read -r -a runs <<< "$RUNS"
  for r in "${runs[@]}"; do
    read -r -a words <<< "$r"
    [[ ${#words[@]} -gt 0 ]] && check "same output: ${words[*]}" run_both "${words[@]}"
  done
fi
echo "$NAME: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
