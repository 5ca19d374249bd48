#!/bin/sh
# The runner of a pack written by scripts/real-code.sh (copied there as
# run.sh). POSIX sh only: the GPU machine has nvcc, not cuda-lower.
#
#   sh run.sh [RESULTS]        (RESULTS default: ./results next to run.sh)
#
# Builds every original with nvcc -arch=ARCH --extended-lambda
# --expt-relaxed-constexpr FLAGS in its checkout, and every lowered copy (the
# checkout with the files the tool rewrote laid over it) with the same minus
# those two flags, in parallel; runs both; a program passes when both exit 0
# and print the same (a program marked build-only passes when both build).
# A program runs in its checkout (the lowered one in its copy), with the
# arguments of the manifest's @args (the file `args`), if any.
# Each other program falls in one category:
#   original-failed    the original did not build or run
#   tool-crashed       cuda-lower exited 4 or on a signal
#   refused            cuda-lower exited 1..3 (lower.err says why)
#   plain-nvcc-failed  the tool exited 0 but plain nvcc rejects the output
#   lowered-run-failed the lowered program exited non-zero
#   output-mismatch    both ran, their output differs (lines that match
#                      the program's `ignore` pattern, timings and the
#                      like, left out)
#   skipped            not built before the build deadline, or not run
#                      before the run deadline
# RESULTS gets summary.txt (counts, then one line a program) and
# failures.log (each failure with the end of its log).
#
# Builds go to REAL_CODE_WORK (default: work/ next to run.sh) and are kept: a
# second run (after a timeout) builds only what is missing.
# Environment: NVCC (default nvcc on PATH, else /usr/local/cuda/bin/nvcc),
# CUDALOWER_TEST_ARCH (default sm_90), JOBS (parallel builds, default 16),
# REAL_CODE_NORUN=1 (build only: a program passes when both forms build),
# GPU_TEST_TIMEOUT (seconds a program may run, default 60),
# REAL_CODE_BUILD_SECONDS (no build starts later than this after the start,
# default 360), REAL_CODE_RUN_SECONDS (no run starts later than this after
# the start, default 500), so that the whole fits in a 10-minute slot.

pack=$(cd "$(dirname "$0")" && pwd)
work=${REAL_CODE_WORK:-$pack/work}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
export REAL_CODE_WORK="$work"
arch=${CUDALOWER_TEST_ARCH:-sm_90}
if [ -z "${NVCC:-}" ]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
fi
limit=""
command -v timeout > /dev/null 2>&1 && limit="timeout ${GPU_TEST_TIMEOUT:-60}"

# field NAME N: line N of the program's cmd file, @VAR made a path.
field() {
  sed -n "${2}p" "$pack/progs/$1/cmd" | sed "s|@\([A-Za-z_][A-Za-z0-9_]*\)|$pack/checkouts/\1|g"
}

# build NAME FORM DIR EXTRA...: one build in DIR, once; its exit code in .built.
build() {
  name=$1 form=$2 dir=$3
  shift 3
  [ -e "$work/$name.$form.built" ] && return
  if [ "$(date +%s)" -ge "$REAL_CODE_DEADLINE" ]; then
    : > "$work/$name.$form.skipped"
    return
  fi
  rm -f "$work/$name.$form.skipped"
  # shellcheck disable=SC2046 # FLAGS and LINKFLAGS are several words
  (cd "$dir" && "$NVCC" -arch="$arch" "$@" $(field "$name" 3) -o "$work/$name.$form" \
     "$(field "$name" 2)" $(field "$name" 4)) > "$work/$name.$form.log" 2>&1
  echo $? > "$work/$name.$form.built"
}

build_one() {
  name=$1
  var=$(field "$name" 1)
  build "$name" orig "$pack/checkouts/$var" --extended-lambda --expt-relaxed-constexpr
  if [ "$(cat "$pack/progs/$name/lower.rc")" = 0 ]; then
    tree=$work/$name.tree
    rm -rf "$tree" && mkdir -p "$tree"
    cp -R "$pack/checkouts/$var/." "$tree/" && cp -R "$pack/progs/$name/lowered/." "$tree/"
    build "$name" lowered "$tree"
  fi
}

run_one() {
  name=$1
  [ -e "$pack/progs/$name/build-only" ] && return
  if [ "$(date +%s)" -ge "$REAL_CODE_RUN_DEADLINE" ]; then
    : > "$work/$name.run-skipped"
    return
  fi
  rm -f "$work/$name.run-skipped"
  var=$(field "$name" 1)
  for form in orig lowered; do
    dir=$pack/checkouts/$var
    [ "$form" = lowered ] && dir=$work/$name.tree
    if [ "$(cat "$work/$name.$form.built" 2> /dev/null)" = 0 ]; then
      # shellcheck disable=SC2046 # the program's arguments are several words
      (cd "$dir" && $limit "$work/$name.$form" $(cat "$pack/progs/$name/args" 2> /dev/null)) \
        > "$work/$name.$form.out" 2>&1
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
names=$(ls "$pack/progs")
count=$(echo "$names" | wc -w)
REAL_CODE_DEADLINE=$(( $(date +%s) + ${REAL_CODE_BUILD_SECONDS:-360} ))
REAL_CODE_RUN_DEADLINE=$(( $(date +%s) + ${REAL_CODE_RUN_SECONDS:-500} ))
export REAL_CODE_DEADLINE REAL_CODE_RUN_DEADLINE NVCC
echo "building $count programs, twice each, ${JOBS:-16} at a time"
echo "$names" | xargs -n 1 -P "${JOBS:-16}" sh "$pack/run.sh" --build-one
if [ -z "${REAL_CODE_NORUN:-}" ]; then
  echo "running"
  # One at a time: real programs may use the whole GPU, and time themselves.
  echo "$names" | xargs -n 1 -P 1 sh "$pack/run.sh" --run-one
fi

# same_output NAME: both runs printed the same, ignored lines left out.
same_output() {
  ignore=$pack/progs/$1/ignore
  [ -f "$ignore" ] || { cmp -s "$work/$1.orig.out" "$work/$1.lowered.out"; return; }
  grep -v -E -f "$ignore" "$work/$1.orig.out" > "$work/$1.orig.cmp"
  grep -v -E -f "$ignore" "$work/$1.lowered.out" > "$work/$1.lowered.cmp"
  cmp -s "$work/$1.orig.cmp" "$work/$1.lowered.cmp"
}

# classify NAME: prints the category, or "pass".
classify() {
  name=$1
  w=$work/$name
  lower=$(cat "$pack/progs/$name/lower.rc")
  if [ -e "$w.orig.skipped" ] || [ -e "$w.lowered.skipped" ]; then echo skipped; return; fi
  if [ "$(cat "$w.orig.built" 2> /dev/null)" != 0 ]; then echo original-failed; return; fi
  if [ "$lower" -ge 4 ]; then echo tool-crashed; return; fi
  if [ "$lower" -ne 0 ]; then echo refused; return; fi
  if [ "$(cat "$w.lowered.built" 2> /dev/null)" != 0 ]; then echo plain-nvcc-failed; return; fi
  if [ -n "${REAL_CODE_NORUN:-}" ] || [ -e "$pack/progs/$name/build-only" ]; then echo pass; return; fi
  if [ -e "$w.run-skipped" ]; then echo skipped; return; fi
  if [ "$(cat "$w.orig.rc" 2> /dev/null)" != 0 ]; then echo original-failed; return; fi
  if [ "$(cat "$w.lowered.rc" 2> /dev/null)" != 0 ]; then echo lowered-run-failed; return; fi
  if ! same_output "$name"; then echo output-mismatch; return; fi
  echo pass
}

# evidence NAME CATEGORY: the files that show why.
evidence() {
  case $2 in
  original-failed) echo "$work/$1.orig.log $work/$1.orig.out" ;;
  tool-crashed | refused) echo "$pack/progs/$1/lower.err" ;;
  plain-nvcc-failed) echo "$work/$1.lowered.log" ;;
  lowered-run-failed) echo "$work/$1.lowered.out" ;;
  output-mismatch) echo "$work/$1.orig.out $work/$1.lowered.out" ;;
  esac
}

lines=$(for name in $names; do echo "$name $(classify "$name")"; done)
passed=$(echo "$lines" | grep -c ' pass$')
failed=$((count - passed))
{
  echo "real-code: $count programs, nvcc $("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'), $arch${REAL_CODE_NORUN:+, built only}"
  command -v nvidia-smi > /dev/null 2>&1 && nvidia-smi -L | head -n 1
  echo "$passed passed ($(find "$pack/progs" -name build-only | wc -l) of them build-only), $failed failed"
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
sed -n '1,/^$/p' "$results/summary.txt"
echo "results in $results"
[ "$failed" -eq 0 ]
