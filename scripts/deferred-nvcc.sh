#!/usr/bin/env bash
# Stands in for nvcc when scripts/build-gpu-tests.sh runs with DEFER_NVCC=1:
# records the command, with paths relative to the repository root, in
# $DEFERRED_NVCC_LOG, for OUTDIR/build-on-gpu.sh to run on the GPU machine
# (same nvcc, 16 cores). Always succeeds.
set -euo pipefail
line=$(printf '%q ' "$@")
printf '%s\n' "${line//$DEFERRED_NVCC_ROOT\//}" >> "$DEFERRED_NVCC_LOG"
