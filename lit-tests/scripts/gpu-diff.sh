#!/usr/bin/env bash
# Usage: gpu-diff.sh ORIGINAL.cu REWRITTEN.cu
# Builds the original with the nvcc flags it was written for and the rewrite
# without them, runs both, and requires exit 0 and identical output.
set -euo pipefail
orig=$1 rewritten=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
$CUDALOWER_NVCC --extended-lambda --expt-relaxed-constexpr -o "$dir/orig" "$orig"
$CUDALOWER_NVCC -o "$dir/lowered" "$rewritten"
"$dir/orig" > "$dir/orig.out"
"$dir/lowered" > "$dir/lowered.out"
diff -u "$dir/orig.out" "$dir/lowered.out"
