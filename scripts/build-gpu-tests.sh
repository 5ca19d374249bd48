#!/usr/bin/env bash
# Builds the GPU differential tests into a folder that runs on a GPU machine
# with nothing else installed.
#
#   scripts/build-gpu-tests.sh OUTDIR [TEST.cu...]
#
# For each lit-tests/gpu/*.cu that is a differential (%gpu-diff) or a
# GPU-SELF-CHECK test (or each TEST.cu given) it
#   - lowers it with build/bin/cuda-lower, passing the arguments of its
#     optional `// GPU-LOWER-ARGS: <args>` line, to OUTDIR/<name>.lowered.cu;
#   - builds the original with the flags it was written for, to
#     OUTDIR/<name>.orig:  nvcc -std=c++17 -arch=sm_90 --extended-lambda
#     --expt-relaxed-constexpr
#   - builds the rewrite with the same flags minus those two, to
#     OUTDIR/<name>.lowered;
#   - logs all three steps to OUTDIR/<name>.build.log (and all of them
#     together to OUTDIR/build.log).
# A test of several translation units names them in a line
# `// GPU-EXTRA-SOURCES: <paths>` (relative to the test, linked with it) and
# the headers they share in `// GPU-EXTRA-FILES: <paths>`: the test and those
# files are copied to OUTDIR/<name>.src/, the copies are lowered together
# with `cuda-lower -i` (so shared headers are edited once), and each form's
# units are linked into one program.
# A step that fails does not stop the others; the test is then reported as
# failed, with its log, when the pack runs. Last it writes OUTDIR/run.sh, a
# POSIX sh script that runs each pair and compares exit codes and stdout.
#
# Environment: CUDA_LOWER (default build/bin/cuda-lower), NVCC (default nvcc
# on PATH, else $CUDA_PATH/bin/nvcc, else /usr/local/cuda/bin/nvcc),
# CUDALOWER_TEST_ARCH (default sm_90), JOBS (parallel builds, default 2),
# CUDALOWER_TEST_CONFIG_FLAGS (a build configuration's nvcc flags, such as
# `-O3 -DNDEBUG`: the original and the rewrite are built with them, and the
# lowering reads the sources with them, as scripts/config-matrix.sh does).
# DEFER_NVCC=1: lower here, but only record the nvcc commands; OUTDIR (which
# must lie inside the repository) then holds build-on-gpu.sh, which runs them
# from the repository root on the GPU machine before run.sh. Builds are most
# of the time, and that machine has 16 cores.
#
# Exits 0 once the pack is written (even if some tests failed to build: run.sh
# reports them), 2 on a usage error.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ARCH=${CUDALOWER_TEST_ARCH:-sm_90}
JOBS=${JOBS:-2}
CUDA_LOWER=${CUDA_LOWER:-$ROOT/build/bin/cuda-lower}
if [[ -z ${NVCC:-} ]]; then
  NVCC=$(command -v nvcc || echo "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc")
fi
COMMON_FLAGS=(-std=c++17 "-arch=$ARCH")
# shellcheck disable=SC2206 # the configuration's flags are words on purpose
CONFIG_FLAGS=(${CUDALOWER_TEST_CONFIG_FLAGS:-})
COMMON_FLAGS+=("${CONFIG_FLAGS[@]}")

# config_database DIR SRC...: prints `-p DIR` after writing there a
# compile_commands.json that compiles each SRC with nvcc and the
# configuration's flags (nvcc flags such as -G are not Clang's, so the
# lowering reads them as a project's database gives them); nothing without
# a configuration.
config_database() {
  local dir=$1
  shift
  ((${#CONFIG_FLAGS[@]})) || return 0
  mkdir -p "$dir"
  python3 - "$dir" "${COMMON_FLAGS[*]}" "$@" <<'PY'
import json, shlex, sys
directory, flags, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
nvcc = "nvcc"
entries = [{"directory": directory, "file": s,
            "arguments": [nvcc] + shlex.split(flags) + ["-c", s, "-o", s + ".o"]}
           for s in sources]
json.dump(entries, open(directory + "/compile_commands.json", "w"), indent=1)
PY
  echo "-p $dir"
}
EXTENDED_FLAGS=(--extended-lambda --expt-relaxed-constexpr)

usage() {
  echo "usage: scripts/build-gpu-tests.sh OUTDIR [TEST.cu...]" >&2
  exit 2
}

# build_one SRC OUTDIR: lowers and builds one test. Never fails; on a failed
# step it writes the reason to OUTDIR/<name>.build-failed.
build_one() {
  local src=$1 out=$2
  local name log args
  name=$(basename "$src" .cu)
  log=$out/$name.build.log
  : > "$log"
  rm -f "$out/$name.build-failed"
  fail() {
    echo "$1" > "$out/$name.build-failed"
    echo "FAILED: $1" >> "$log"
  }
  # The arguments are split on spaces, as lit splits its RUN lines' words.
  args=$(sed -n 's|^[[:space:]]*//[[:space:]]*GPU-LOWER-ARGS:[[:space:]]*||p' "$src" | head -n 1)
  local -a includes=(-I "$(dirname "$src")")

  local extra_sources extra_files
  extra_sources=$(sed -n 's|^[[:space:]]*//[[:space:]]*GPU-EXTRA-SOURCES:[[:space:]]*||p' "$src" | head -n 1)
  extra_files=$(sed -n 's|^[[:space:]]*//[[:space:]]*GPU-EXTRA-FILES:[[:space:]]*||p' "$src" | head -n 1)
  local -a orig_units=("$src") lowered_units=("$out/$name.lowered.cu")
  local rc=0
  if [[ -z $extra_sources ]]; then
    args+=" $(config_database "$out/$name.db" "$src")"
    echo "\$ cuda-lower --no-color${args:+ $args} $src" >> "$log"
    # shellcheck disable=SC2086 # $args holds several words on purpose
    "$CUDA_LOWER" --no-color $args "$src" > "$out/$name.lowered.cu" 2>> "$log" || rc=$?
  else
    local dir tree rel
    dir=$(dirname "$src")
    tree=$out/$name.src
    mkdir -p "$tree"
    cp "$src" "$tree/$(basename "$src")"
    lowered_units=("$tree/$(basename "$src")")
    for rel in $extra_sources $extra_files; do
      mkdir -p "$tree/$(dirname "$rel")"
      cp "$dir/$rel" "$tree/$rel"
    done
    for rel in $extra_sources; do
      orig_units+=("$dir/$rel")
      lowered_units+=("$tree/$rel")
    done
    args+=" $(config_database "$out/$name.db" "${lowered_units[@]}")"
    echo "\$ cuda-lower --no-color${args:+ $args} --in-root $tree -i ${lowered_units[*]}" >> "$log"
    # shellcheck disable=SC2086 # $args holds several words on purpose
    "$CUDA_LOWER" --no-color $args --in-root "$tree" -i "${lowered_units[@]}" >> "$log" 2>&1 || rc=$?
  fi
  [[ $rc -eq 0 ]] || fail "cuda-lower exited with $rc"

  # A `// GPU-SELF-CHECK` test has no working original (nvcc rejects it, or
  # it computes wrong results): only the rewrite is built, and it must pass
  # its own checks.
  rm -f "$out/$name.self-check"
  if grep -q '^[[:space:]]*//[[:space:]]*GPU-SELF-CHECK' "$src"; then
    : > "$out/$name.self-check"
  else
    echo "\$ nvcc ${COMMON_FLAGS[*]} ${EXTENDED_FLAGS[*]} -o $name.orig ${orig_units[*]}" >> "$log"
    if ! "$NVCC" "${COMMON_FLAGS[@]}" "${EXTENDED_FLAGS[@]}" "${includes[@]}" \
        -o "$out/$name.orig" "${orig_units[@]}" >> "$log" 2>&1; then
      [[ -e $out/$name.build-failed ]] || fail "the original does not build"
    fi
  fi

  if [[ ! -e $out/$name.build-failed ]]; then
    echo "\$ nvcc ${COMMON_FLAGS[*]} -o $name.lowered ${lowered_units[*]}" >> "$log"
    if ! "$NVCC" "${COMMON_FLAGS[@]}" "${includes[@]}" \
        -o "$out/$name.lowered" "${lowered_units[@]}" >> "$log" 2>&1; then
      fail "the lowered source does not build with plain nvcc"
    fi
  fi
  echo "built $name: $(cat "$out/$name.build-failed" 2>/dev/null || echo ok)"
}

# write_runner OUTDIR NAME...: the POSIX sh script that runs the pack.
write_runner() {
  local out=$1
  shift
  {
    cat <<'EOF'
#!/bin/sh
# Generated by scripts/build-gpu-tests.sh: runs each test's original and
# lowered program, and passes a test when both exit 0 and print the same.
# Usage: ./run.sh [NAME...]   (default: every test)
# Environment: GPU_TEST_TIMEOUT, seconds per program (default 120).
cd "$(dirname "$0")" || exit 2
timeout_s=${GPU_TEST_TIMEOUT:-120}
if command -v timeout >/dev/null 2>&1; then
  limit="timeout $timeout_s"
else
  limit=""
fi
passed=0
failed=0

pass() {
  echo "PASS $1"
  passed=$((passed + 1))
}
fail() {
  echo "FAIL $1: $2"
  failed=$((failed + 1))
}
# exit_reason PROGRAM CODE: why CODE is a failure, in words.
exit_reason() {
  case $2 in
  124) echo "$1 timed out after ${timeout_s}s" ;;
  *) echo "$1 exited with $2" ;;
  esac
}

run_pair() {
  name=$1
  if [ -e "$name.self-check" ]; then
    $limit "./$name.lowered" > "$name.lowered.out" 2> "$name.lowered.err"
    lowered=$?
    if [ "$lowered" -ne 0 ]; then
      fail "$name" "$(exit_reason lowered "$lowered") (see $name.lowered.out, $name.lowered.err)"
    else
      pass "$name"
    fi
    return
  fi
  $limit "./$name.orig" > "$name.orig.out" 2> "$name.orig.err"
  orig=$?
  $limit "./$name.lowered" > "$name.lowered.out" 2> "$name.lowered.err"
  lowered=$?
  if [ "$orig" -ne 0 ]; then
    fail "$name" "$(exit_reason original "$orig") (see $name.orig.out, $name.orig.err)"
  elif [ "$lowered" -ne 0 ]; then
    fail "$name" "$(exit_reason lowered "$lowered") (see $name.lowered.out, $name.lowered.err)"
  elif ! cmp -s "$name.orig.out" "$name.lowered.out"; then
    fail "$name" "stdout differs (diff $name.orig.out $name.lowered.out)"
  else
    pass "$name"
  fi
}

# run_test NAME: a test that failed to build fails with the reason.
run_test() {
  case $1 in
EOF
    local name
    for name in "$@"; do
      if [[ -e $out/$name.build-failed ]]; then
        printf '  %s) fail %s "build: %s (see %s.build.log)" ;;\n' \
          "$name" "$name" "$(cat "$out/$name.build-failed")" "$name"
      else
        printf '  %s) run_pair %s ;;\n' "$name" "$name"
      fi
    done
    cat <<'EOF'
  *) fail "$1" "no such test in this pack" ;;
  esac
}

if [ $# -eq 0 ]; then
EOF
    printf '  set -- %s\n' "$*"
    cat <<'EOF'
fi
for name in "$@"; do
  run_test "$name"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
EOF
  } > "$out/run.sh"
  chmod +x "$out/run.sh"
}

# write_gpu_builder OUTDIR: the script that runs the recorded nvcc commands
# from the repository root, JOBS at a time (default 16).
write_gpu_builder() {
  local out=$1 up pack
  up=$(realpath --relative-to="$out" "$ROOT")
  pack=$(realpath --relative-to="$ROOT" "$out")
  {
    echo '#!/bin/sh'
    echo '# Generated by scripts/build-gpu-tests.sh with DEFER_NVCC=1.'
    echo "cd \"\$(dirname \"\$0\")/$up\" || exit 2"
    echo 'NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}; export NVCC'
    echo "xargs -d '\\n' -P \"\${JOBS:-16}\" -I{} sh -c '\"\$NVCC\" {} 2>&1' < $pack/nvcc-commands.txt > $pack/build-on-gpu.log"
    echo "echo \"build-on-gpu: \$(wc -l < $pack/nvcc-commands.txt) nvcc commands run\""
  } > "$out/build-on-gpu.sh"
  chmod +x "$out/build-on-gpu.sh"
}

main() {
  [[ $# -ge 1 ]] || usage
  local out=$1
  shift
  local -a tests=("$@")
  if [[ ${#tests[@]} -eq 0 ]]; then
    # Differential and self-checking tests; the others (a gtest binary,
    # whose original nvcc refuses) link what this pack does not carry and
    # check their own output in lit.
    local t
    for t in "$ROOT"/lit-tests/gpu/*.cu; do
      grep -q -e '%gpu-diff' -e 'GPU-SELF-CHECK' "$t" && tests+=("$t")
    done
    [[ ${#tests[@]} -gt 0 ]] || { echo "no tests in $ROOT/lit-tests/gpu" >&2; exit 2; }
  fi
  [[ -x $CUDA_LOWER ]] || { echo "no cuda-lower at $CUDA_LOWER: build it first" >&2; exit 2; }
  [[ -x $NVCC ]] || command -v "$NVCC" > /dev/null || { echo "no nvcc ($NVCC)" >&2; exit 2; }
  local src names=()
  for src in "${tests[@]}"; do
    [[ -f $src ]] || { echo "no such test: $src" >&2; exit 2; }
    names+=("$(basename "$src" .cu)")
    # Names become words and case patterns in run.sh.
    [[ ${names[-1]} =~ ^[A-Za-z0-9._+-]+$ ]] ||
      { echo "test name '${names[-1]}' must be letters, digits and ._+-" >&2; exit 2; }
  done
  # The folder is flat and ours: refuse to mix the pack with other files.
  if [[ -d $out && -n $(ls -A "$out") && ! -e $out/run.sh ]]; then
    echo "$out is not empty and holds no earlier pack; use a new folder" >&2
    exit 2
  fi
  rm -rf "$out"
  mkdir -p "$out"
  out=$(cd "$out" && pwd)

  if [[ ${DEFER_NVCC:-} == 1 ]]; then
    [[ $out == "$ROOT"/* ]] || { echo "with DEFER_NVCC=1, $out must lie inside $ROOT" >&2; exit 2; }
    NVCC=$ROOT/scripts/deferred-nvcc.sh
    export DEFERRED_NVCC_LOG=$out/nvcc-commands.txt DEFERRED_NVCC_ROOT=$ROOT
    : > "$DEFERRED_NVCC_LOG"
    write_gpu_builder "$out"
  fi
  export -f build_one config_database
  export CUDA_LOWER NVCC
  export COMMON_FLAGS_STR="${COMMON_FLAGS[*]}" EXTENDED_FLAGS_STR="${EXTENDED_FLAGS[*]}"
  export CONFIG_FLAGS_STR="${CONFIG_FLAGS[*]}"
  # shellcheck disable=SC2016 # the inner script expands its own arguments
  printf '%s\0' "${tests[@]}" |
    xargs -0 -n 1 -P "$JOBS" bash -c '
      read -r -a COMMON_FLAGS <<< "$COMMON_FLAGS_STR"
      read -r -a EXTENDED_FLAGS <<< "$EXTENDED_FLAGS_STR"
      read -r -a CONFIG_FLAGS <<< "$CONFIG_FLAGS_STR"
      build_one "$1" "$0"' "$out"

  local name failed=0
  : > "$out/build.log"
  for name in "${names[@]}"; do
    {
      echo "==== $name"
      cat "$out/$name.build.log"
    } >> "$out/build.log"
    [[ -e $out/$name.build-failed ]] && failed=$((failed + 1))
  done
  write_runner "$out" "${names[@]}"
  rm -f "$out"/*.build-failed
  echo "pack written to $out: ${#names[@]} tests, $failed failed to build (see build.log); run $out/run.sh on a GPU machine"
}

main "$@"
