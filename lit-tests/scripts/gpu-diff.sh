#!/usr/bin/env bash
# Usage: gpu-diff.sh ORIGINAL.cu REWRITTEN.cu [ORIGINAL2.cu REWRITTEN2.cu ...]
# Builds the original with the nvcc flags it was written for and the rewrite
# without them, runs both, and requires exit 0 from each and identical
# stdout. Further pairs are more translation units of the same program: the
# originals are linked into one program, the rewrites into the other.
# GPU_TEST_TIMEOUT (seconds, default 120) bounds each run.
set -euo pipefail
if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
  echo "usage: gpu-diff.sh ORIGINAL REWRITTEN [ORIGINAL REWRITTEN]..." >&2
  exit 2
fi
limit=${GPU_TEST_TIMEOUT:-120}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
origs=() rewrites=() inc=()
while [ $# -gt 0 ]; do
  origs+=("$1")
  rewrites+=("$2")
  # Includes next to the original are found from the rewrite too.
  inc+=(-I "$(dirname "$1")")
  shift 2
done
$CUDALOWER_NVCC --extended-lambda --expt-relaxed-constexpr "${inc[@]}" -o "$dir/orig" "${origs[@]}"
$CUDALOWER_NVCC "${inc[@]}" -o "$dir/lowered" "${rewrites[@]}"
for which in orig lowered; do
  rc=0
  timeout "$limit" "$dir/$which" > "$dir/$which.out" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "gpu-diff: the ${which/orig/original} program exited with $rc (124: timed out); its output:" >&2
    cat "$dir/$which.out" >&2
    exit 1
  fi
done
diff -u "$dir/orig.out" "$dir/lowered.out"
