#!/usr/bin/env bash
# Usage: idempotent.sh FILE [cuda-lower args...]
# A second run over already rewritten code must change nothing.
set -euo pipefail
file=$1; shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
cuda-lower --no-color -q "$file" "$@" > "$out" 2>/dev/null || true
if ! cmp -s "$file" "$out"; then
  echo "not idempotent: a second run over $file changed it:" >&2
  diff -u "$file" "$out" >&2 || true
  exit 1
fi
