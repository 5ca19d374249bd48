#!/usr/bin/env bash
# Usage: idempotent.sh FILE [cuda-lower args...]
# A second run over already rewritten code must change nothing. The rewritten
# code must parse, too: a parse or usage error fails with the tool's message.
set -uo pipefail
file=$1; shift
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
cuda-lower --no-color -q "$file" "$@" > "$out" 2> "$err"
rc=$?
if [ "$rc" -ge 2 ]; then
  echo "idempotent: a second run over $file failed with exit $rc:" >&2
  cat "$err" >&2
  exit 1
fi
if ! cmp -s "$file" "$out"; then
  echo "not idempotent: a second run over $file changed it:" >&2
  diff -u "$file" "$out" >&2
  exit 1
fi
