#!/usr/bin/env bash
# HeCBench (github.com/zjin-lcf/HeCBench): the CUDA programs whose Makefiles
# give nvcc --extended-lambda or --expt-relaxed-constexpr, each built twice
# with its own Makefile: as written (`make`, nvcc with the flags), and with
# the wrapper as the compiler (`make CC="cuda-lower-nvcc --cuda-lower-strict"`,
# which lowers each unit and runs nvcc without the flags).
#
#   bench/real-code/hecbench.sh HECBENCH_SRC OUT [MAKE_ARG...]
#
# MAKE_ARGs go to both builds: the default is HeCBench's own (-O3, no
# NDEBUG); another configuration is `OPTIMIZE=no EXTRA_CFLAGS="-g -G"` or
# `EXTRA_CFLAGS="-DNDEBUG -std=c++20"`. Environment: WRAPPER (default the
# build tree's cuda-lower-nvcc), ARCH (default sm_90), PROGRAMS (default
# every such program). OUT/run.sh then runs each pair with the arguments of
# its Makefile's `run` target (on a GPU machine: copy OUT there) and
# compares their output, timing lines left out; its last line is the pass
# count. This script's last line is the build count.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# -ge 2 ]] || { echo "usage: $0 HECBENCH_SRC OUT [MAKE_ARG...]" >&2; exit 2; }
SRC=$1 OUT=$2
shift 2
WRAPPER=${WRAPPER:-$HERE/../../build/bin/cuda-lower-nvcc}
ARCH=${ARCH:-sm_90}
if [[ -z ${PROGRAMS:-} ]]; then
  PROGRAMS=$(grep -l -E 'extended-lambda|relaxed-constexpr' "$SRC"/src/*-cuda/Makefile 2>/dev/null |
    xargs -r -n1 dirname | xargs -r -n1 basename)
fi
[[ -n $PROGRAMS ]] || { echo "$0: no CUDA program of $SRC/src uses the flags (a HeCBench checkout?)" >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
built=0 failed=0
for p in $PROGRAMS; do
  for kind in orig lowered; do
    rm -rf "${OUT:?}/$kind/$p"
    mkdir -p "$OUT/$kind"
    cp -r "$SRC/src/$p" "$OUT/$kind/$p"
    cc=nvcc
    [[ $kind == lowered ]] && cc="$WRAPPER --cuda-lower-strict"
    if (cd "$OUT/$kind/$p" && make -j1 ARCH="$ARCH" CC="$cc" "$@" >build.log 2>&1); then
      echo "BUILT: $kind $p"
      built=$((built + 1))
    else
      echo "FAIL: $kind $p (see $OUT/$kind/$p/build.log)"
      failed=$((failed + 1))
    fi
  done
  # The arguments of the Makefile's `run` target.
  args=$(sed -n '/^run:/,/^$/p' "$SRC/src/$p/Makefile" |
    sed -n 's/^\t.*\$(program) *//p' | head -1)
  echo "$p $args" >>"$OUT/runs.txt.new"
done
mv "$OUT/runs.txt.new" "$OUT/runs.txt"
cat >"$OUT/run.sh" <<'RUN'
#!/bin/sh
# Runs each program as written and lowered; passes when both exit 0 and
# print the same, lines about time, bandwidth or throughput left out.
cd "$(dirname "$0")" || exit 2
pass=0 fail=0
filter() { grep -v -i -E 'time|throughput|bandwidth|gb/s|gflop|elapsed|\((us|ms)\)|[0-9] *(us|ms|s)$'; }
while read -r p args; do
  [ -x "orig/$p/main" ] && [ -x "lowered/$p/main" ] || { echo "SKIP $p: not built"; continue; }
  a=$(cd "orig/$p" && timeout 120 ./main $args 2>&1); ra=$?
  b=$(cd "lowered/$p" && timeout 120 ./main $args 2>&1); rb=$?
  fa=$(printf '%s\n' "$a" | filter); fb=$(printf '%s\n' "$b" | filter)
  if [ $ra -eq 0 ] && [ $rb -eq 0 ] && [ "$fa" = "$fb" ]; then
    echo "PASS $p: $(printf '%s\n' "$fa" | grep -E 'PASS|FAIL' | tr '\n' ' ')"
    pass=$((pass + 1))
  else
    echo "FAIL $p: exit $ra/$rb"
    printf '%s\n' "$a" | tail -3
    printf '%s\n' "$fa" >"/tmp/hec-$p.orig"; printf '%s\n' "$fb" >"/tmp/hec-$p.lowered"
    diff "/tmp/hec-$p.orig" "/tmp/hec-$p.lowered" | head -10
    fail=$((fail + 1))
  fi
done <runs.txt
echo "hecbench runs: $pass passed, $fail failed"
RUN
chmod +x "$OUT/run.sh"
echo "hecbench builds: $built built, $failed failed"
[[ $failed -eq 0 ]]
