#!/bin/sh
# The runner of a pack written by scripts/gpu-fuzz-pack.sh (copied there as
# run.sh). POSIX sh only: the GPU machine has nvcc, not Python or cuda-lower.
#
#   sh run.sh [RESULTS]        (RESULTS default: ./results next to run.sh)
#
# Builds every original with nvcc -std=c++17 -arch=ARCH --extended-lambda
# --expt-relaxed-constexpr and every lowered form with the same minus those
# two flags, in parallel; runs both; a program passes when both exit 0 and
# print the same. Each other program falls in one category:
#   original-failed    the original did not build or run (a generator bug)
#   tool-crashed       cuda-lower exited 4 or on a signal
#   refused            cuda-lower exited 1..3 (its stderr says why)
#   plain-nvcc-failed  the tool exited 0 but plain nvcc rejects the output
#   lowered-run-failed the lowered program exited non-zero
#   output-mismatch    both ran, their stdout differs
#   skipped            not built before the build deadline
# RESULTS gets three files: summary.txt (counts, then one line a program),
# failures.log (each failure with the end of its log) and failures.tar.gz
# (sources, lowered forms and logs of the failures).
#
# Builds go to GPU_FUZZ_WORK (default: work/ next to run.sh) and are kept: a
# second run (after a timeout) builds only what is missing.
# Environment: NVCC (default nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# CUDALOWER_TEST_ARCH (default sm_90), JOBS (parallel builds, default 16),
# GPU_FUZZ_NORUN=1 (build only: a program passes when both forms build),
# GPU_TEST_TIMEOUT (seconds a program may run, default 60),
# GPU_FUZZ_BUILD_SECONDS (no build starts later than this after the start,
# default 420, so that the runs fit in a 10-minute slot).

pack=$(cd "$(dirname "$0")" && pwd)
work=${GPU_FUZZ_WORK:-$pack/work}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
export GPU_FUZZ_WORK="$work"
arch=${CUDALOWER_TEST_ARCH:-sm_90}
if [ -z "${NVCC:-}" ]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
fi
limit=""
command -v timeout > /dev/null 2>&1 && limit="timeout ${GPU_TEST_TIMEOUT:-60}"

# build NAME FORM SRC FLAGS...: one build, once; its exit code in .built.
build() {
  name=$1 form=$2 src=$3
  shift 3
  [ -e "$work/$name.$form.built" ] && return
  if [ "$(date +%s)" -ge "$GPU_FUZZ_DEADLINE" ]; then
    : > "$work/$name.$form.skipped"
    return
  fi
  rm -f "$work/$name.$form.skipped"
  "$NVCC" -std=c++17 -arch="$arch" "$@" -o "$work/$name.$form" "$src" \
    > "$work/$name.$form.log" 2>&1
  echo $? > "$work/$name.$form.built"
}

build_one() {
  name=$1
  build "$name" orig "$pack/src/$name.cu" --extended-lambda --expt-relaxed-constexpr
  if [ "$(cat "$pack/src/$name.lower")" = 0 ]; then
    build "$name" lowered "$pack/src/$name.lowered.cu"
  fi
}

run_one() {
  name=$1
  for form in orig lowered; do
    if [ "$(cat "$work/$name.$form.built" 2> /dev/null)" = 0 ]; then
      $limit "$work/$name.$form" > "$work/$name.$form.out" 2>&1
      echo $? > "$work/$name.$form.rc"
    fi
  done
}

case ${1:-} in
--build-one) build_one "$2"; exit 0 ;;
--run-one) run_one "$2"; exit 0 ;;
esac

results=${1:-$pack/results}
mkdir -p "$results" && results=$(cd "$results" && pwd) || exit 2
names=$(cd "$pack/src" && ls | sed -n 's/\.lower$//p')
count=$(echo "$names" | wc -w)
GPU_FUZZ_DEADLINE=$(( $(date +%s) + ${GPU_FUZZ_BUILD_SECONDS:-420} ))
export GPU_FUZZ_DEADLINE NVCC
echo "building $count programs, twice each, ${JOBS:-16} at a time"
echo "$names" | xargs -n 1 -P "${JOBS:-16}" sh "$pack/run.sh" --build-one
if [ -z "${GPU_FUZZ_NORUN:-}" ]; then
  echo "running"
  # Several programs share the GPU at once; each is small.
  echo "$names" | xargs -n 1 -P 8 sh "$pack/run.sh" --run-one
fi

# classify NAME: prints the category, or "pass".
classify() {
  name=$1
  w=$work/$name
  lower=$(cat "$pack/src/$name.lower")
  if [ -e "$w.orig.skipped" ] || [ -e "$w.lowered.skipped" ]; then echo skipped; return; fi
  if [ "$(cat "$w.orig.built" 2> /dev/null)" != 0 ]; then echo original-failed; return; fi
  if [ "$lower" -ge 4 ]; then echo tool-crashed; return; fi
  if [ "$lower" -ne 0 ]; then echo refused; return; fi
  if [ "$(cat "$w.lowered.built" 2> /dev/null)" != 0 ]; then echo plain-nvcc-failed; return; fi
  if [ -n "${GPU_FUZZ_NORUN:-}" ]; then echo pass; return; fi
  if [ "$(cat "$w.orig.rc" 2> /dev/null)" != 0 ]; then echo original-failed; return; fi
  if [ "$(cat "$w.lowered.rc" 2> /dev/null)" != 0 ]; then echo lowered-run-failed; return; fi
  if ! cmp -s "$w.orig.out" "$w.lowered.out"; then echo output-mismatch; return; fi
  echo pass
}

# evidence NAME CATEGORY: the files that show why.
evidence() {
  case $2 in
  original-failed) echo "$work/$1.orig.log $work/$1.orig.out" ;;
  tool-crashed | refused) echo "$pack/src/$1.lower.err" ;;
  plain-nvcc-failed) echo "$work/$1.lowered.log" ;;
  lowered-run-failed) echo "$work/$1.lowered.out" ;;
  output-mismatch) echo "$work/$1.orig.out $work/$1.lowered.out" ;;
  esac
}

lines=$(for name in $names; do echo "$name $(classify "$name")"; done)
passed=$(echo "$lines" | grep -c ' pass$')
failed=$((count - passed))
{
  echo "gpu-fuzz: $count programs, nvcc $("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'), $arch${GPU_FUZZ_NORUN:+, built only}"
  command -v nvidia-smi > /dev/null 2>&1 && nvidia-smi -L | head -n 1
  echo "$passed passed, $failed failed"
  for cat in original-failed tool-crashed refused plain-nvcc-failed lowered-run-failed output-mismatch skipped; do
    echo "  $cat: $(echo "$lines" | grep -c " $cat\$")"
  done
  echo
  echo "$lines"
} > "$results/summary.txt"

: > "$results/failures.log"
echo "$lines" | grep -v ' pass$' | while read -r name cat; do
  echo "==== $name: $cat"
  for f in $(evidence "$name" "$cat"); do
    echo "--- $(basename "$f") (last 40 lines)"
    tail -n 40 "$f" 2> /dev/null
  done
done >> "$results/failures.log"
# The failures' files, flat in one archive.
failing=$(echo "$lines" | grep -v ' pass$' | cut -d' ' -f1)
if [ -n "$failing" ]; then
  tmp=$(mktemp -d) || exit 2
  for name in $failing; do
    cp "$pack/src/$name".* "$tmp/"
    cp "$work/$name".*.log "$work/$name".*.out "$tmp/" 2> /dev/null
  done
  (cd "$tmp" && tar czf "$results/failures.tar.gz" ./*)
  rm -rf "$tmp"
fi
sed -n '1,/^$/p' "$results/summary.txt"
echo "results in $results"
[ "$failed" -eq 0 ]
