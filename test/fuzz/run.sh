#!/bin/sh
# Runs cudalower-fuzz for SECONDS (default 600) from the seed corpus of the
# lit tests, keeping what it learns in CORPUS (default build-fuzz/fuzz-corpus)
# and what it finds in build-fuzz/fuzz-findings/.
# Usage: test/fuzz/run.sh [SECONDS] [CORPUS]   (from the repository root,
# after building build-fuzz as docs/reliability.md says)
set -eu
seconds=${1:-600}
corpus=${2:-build-fuzz/fuzz-corpus}
seeds=build-fuzz/fuzz-seeds
findings=build-fuzz/fuzz-findings
test/fuzz/make-corpus.sh "$seeds" > /dev/null
mkdir -p "$corpus" "$findings"
# Clang frees some of what it allocates only at exit, and ASan's container
# check trips over vectors grown by uninstrumented LLVM code: neither is ours
# (docs/reliability.md, "Sanitizers").
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:detect_container_overflow=0}
exec build-fuzz/bin/cudalower-fuzz "$corpus" "$seeds" \
  -dict=test/fuzz/cuda.dict -max_total_time="$seconds" -timeout=30 \
  -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1 \
  -artifact_prefix="$findings/"
