#!/bin/sh
# Writes the seed corpus of cudalower-fuzz into DIR: every .cu input of the
# lit tests, without its lit directives (RUN, CHECK..., REQUIRES), which
# only make the inputs longer for the fuzzer to mutate.
# Usage: test/fuzz/make-corpus.sh DIR   (from anywhere)
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
mkdir -p "$out"
n=0
for f in $(cd "$root/lit-tests" && find . -name '*.cu' | sort); do
  name=$(printf '%s' "${f#./}" | tr '/' '_')
  grep -Ev '^[[:space:]]*//[[:space:]]*(RUN|CHECK[A-Z-]*|REQUIRES|UNSUPPORTED|XFAIL)[:(]' \
    "$root/lit-tests/$f" > "$out/$name" || true
  n=$((n + 1))
done
echo "$n seeds in $out"
