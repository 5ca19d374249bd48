#!/usr/bin/env bash
# Usage: gpu-diff.sh ORIGINAL.cu REWRITTEN.cu
# Builds the original with the nvcc flags it was written for and the rewrite
# without them, runs both, and requires exit 0 from each and identical
# stdout. GPU_TEST_TIMEOUT (seconds, default 120) bounds each run.
set -euo pipefail
orig=$1 rewritten=$2
limit=${GPU_TEST_TIMEOUT:-120}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Includes next to the original are found from the rewrite too.
inc=(-I "$(dirname "$orig")")
$CUDALOWER_NVCC --extended-lambda --expt-relaxed-constexpr "${inc[@]}" -o "$dir/orig" "$orig"
$CUDALOWER_NVCC "${inc[@]}" -o "$dir/lowered" "$rewritten"
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
