#!/usr/bin/env bash
# Runs programs packed by cmake-project.sh (STAGE=build PACK=DIR) on the
# machine with the GPU, and compares what the two builds print, as
# cmake-project.sh's own runs do.
#
#   bench/real-code/run-packs.sh PACK_DIR...
#
# Each PACK_DIR holds original/, lowered/ and runs.env. Last line: the pass
# count over all packs; exit 0 only when none failed.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# -ge 1 ]] || { echo "usage: $0 PACK_DIR..." >&2; exit 2; }
p=0 f=0
for dir in "$@"; do
  [[ -f $dir/runs.env ]] || { echo "$dir: no runs.env (not a pack)" >&2; exit 2; }
  log=$(
    # shellcheck source=/dev/null
    source "$dir/runs.env"
    export RUNS IGNORE SORTED
    STAGE=run "$HERE/cmake-project.sh" "$NAME" - "$dir" 2>&1
  )
  echo "$log"
  p=$((p + $(grep -c '^PASS: ' <<< "$log")))
  f=$((f + $(grep -c '^FAIL: ' <<< "$log")))
done
echo "packs: $p passed, $f failed"
[[ $f -eq 0 ]]
