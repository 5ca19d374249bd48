#!/usr/bin/env bash
# Usage: expect-exit.sh CODE COMMAND [ARGS...]
# Runs COMMAND, passing its output through, and succeeds only if it exits
# with CODE. lit's `not` accepts any failure; exit codes are part of our
# interface (0 ok, 1 rewrites needed, 2 usage error, 3 parse error).
set -u
want=$1
shift
"$@"
got=$?
if [ "$got" -ne "$want" ]; then
  echo "expect-exit: '$*' exited with $got, expected $want" >&2
  exit 1
fi
