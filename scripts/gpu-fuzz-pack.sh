#!/usr/bin/env bash
# GPU differential testing at scale: generates random self-checking CUDA
# programs, lowers them here, and writes a pack that builds and runs them on
# a GPU machine that has nvcc and a POSIX sh (no cuda-lower, no Python).
#
#   scripts/gpu-fuzz-pack.sh OUTDIR N [SEED]
#
# OUTDIR/src/gen-SEED-K.cu         the programs (scripts/gen-gpu-programs.py)
# OUTDIR/src/gen-SEED-K.lowered.cu what cuda-lower printed (exit 0 only)
# OUTDIR/src/gen-SEED-K.lower      the tool's exit code (a signal is 128+N)
# OUTDIR/src/gen-SEED-K.lower.err  the tool's stderr, when it did not exit 0
# OUTDIR/run.sh                    the runner (see its header)
#
# A program the tool refuses is kept and reported by run.sh as refused; a
# crash (exit 4 or a signal) as a tool crash.
#
# Environment: CUDA_LOWER (default build/bin/cuda-lower), JOBS (parallel
# cuda-lower runs, default 2), PYTHON (default python3).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CUDA_LOWER=${CUDA_LOWER:-$ROOT/build/bin/cuda-lower}
JOBS=${JOBS:-2}
PYTHON=${PYTHON:-python3}

if [[ $# -lt 2 || $# -gt 3 || ! $2 =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/gpu-fuzz-pack.sh OUTDIR N [SEED]" >&2
  exit 2
fi
out=$1 count=$2 seed=${3:-1}
[[ -x $CUDA_LOWER ]] || { echo "no cuda-lower at $CUDA_LOWER: build it first" >&2; exit 2; }
if [[ -d $out && -n $(ls -A "$out") && ! -e $out/run.sh ]]; then
  echo "$out is not empty and holds no earlier pack; use a new folder" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out/src"
out=$(cd "$out" && pwd)

"$PYTHON" "$ROOT/scripts/gen-gpu-programs.py" "$out/src" "$count" "$seed"

# lower_one SRC: never fails; the exit code is data.
lower_one() {
  local src=$1 base=${1%.cu} rc=0
  "$CUDA_LOWER" --no-color "$src" > "$base.lowered.cu" 2> "$base.lower.err" || rc=$?
  echo "$rc" > "$base.lower"
  # Warnings of a successful run are many and say nothing new: keep the
  # pack small. A refusal keeps its reasons.
  if [[ $rc -eq 0 ]]; then
    rm -f "$base.lower.err"
  else
    rm -f "$base.lowered.cu"
  fi
  echo "lowered $(basename "$base"): exit $rc"
}
export -f lower_one
export CUDA_LOWER
printf '%s\0' "$out"/src/gen-*.cu | grep -zv '\.lowered\.cu$' |
  xargs -0 -n 1 -P "$JOBS" bash -c 'lower_one "$1"' lower_one

cp "$ROOT/scripts/gpu-fuzz-run.sh" "$out/run.sh"
chmod +x "$out/run.sh"
refused=$(grep -Lx 0 "$out"/src/*.lower | wc -l)
echo "pack written to $out: $count programs (seed $seed), $refused not lowered;" \
     "run 'sh $out/run.sh RESULTS' on a GPU machine"
