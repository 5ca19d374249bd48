#!/usr/bin/env bash
# Runs cuda-lower over programs of public CUDA projects (checkouts given as
# paths) and prints, per program: did the tool lower it (its exit code), does
# plain nvcc (no --extended-lambda, no --expt-relaxed-constexpr) build what
# it wrote. It also writes a pack for a GPU machine, as gpu-fuzz-pack.sh
# does: the original built with the two flags and the lowered copy built
# without, run and compared there (same GPU output).
#
#   scripts/real-code.sh OUTDIR MANIFEST
#
# MANIFEST: one program a line, `#` starts a comment:
#   NAME  CHECKOUT  SOURCE  [FLAGS...]
# NAME: a label ([A-Za-z0-9_.-]); CHECKOUT: the project's directory (the
# project root given to --in-root); SOURCE: the .cu file, relative to
# CHECKOUT; FLAGS: what nvcc and Clang both need (-I, -D, -std=c++17),
# relative to CHECKOUT. Example:
#   mgpu-tut01  /work/.mirror/moderngpu  tutorial/tut_01_transform.cu  -Isrc -std=c++14
#
# OUTDIR/table.txt                 the table, also printed
# OUTDIR/NAME/orig/                a copy of the checkout, as it was
# OUTDIR/NAME/lowered/             a copy, with cuda-lower -i applied
# OUTDIR/NAME/lower.err            what the tool said; lower.rc its exit code
# OUTDIR/NAME/plain.log            plain nvcc on the lowered source
# OUTDIR/NAME/cmd                  SOURCE and FLAGS, for run.sh
# OUTDIR/run.sh                    on the GPU machine: sh run.sh RESULTS
#
# Environment: CUDA_LOWER (default build/bin/cuda-lower), NVCC (default
# nvcc), ARCH (default sm_90).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CUDA_LOWER=${CUDA_LOWER:-$ROOT/build/bin/cuda-lower}
NVCC=${NVCC:-nvcc}
ARCH=${ARCH:-sm_90}

if [[ $# -ne 2 || ! -f $2 ]]; then
  echo "usage: scripts/real-code.sh OUTDIR MANIFEST" >&2
  exit 2
fi
out=$1 manifest=$2
[[ -x $CUDA_LOWER ]] || { echo "no cuda-lower at $CUDA_LOWER: build it first" >&2; exit 2; }
if [[ -d $out && -n $(ls -A "$out") && ! -e $out/table.txt ]]; then
  echo "$out is not empty and holds no earlier run; use a new folder" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)

printf '%-28s %-12s %-14s\n' PROGRAM LOWERED PLAIN-NVCC | tee "$out/table.txt"
while read -r name checkout source flags; do
  [[ -z $name || $name == \#* ]] && continue
  dir=$out/$name
  mkdir -p "$dir"
  # Copies without version-control data: the tool edits the copy only.
  for copy in orig lowered; do
    mkdir -p "$dir/$copy"
    (cd "$checkout" && tar --exclude=.git -cf - .) | (cd "$dir/$copy" && tar -xf -)
  done
  echo "$source $flags" > "$dir/cmd"
  rc=0
  # shellcheck disable=SC2086 # FLAGS are several words on purpose
  (cd "$dir/lowered" && "$CUDA_LOWER" --no-color -i --in-root=. "$source" -- $flags) \
    > /dev/null 2> "$dir/lower.err" || rc=$?
  echo "$rc" > "$dir/lower.rc"
  plain=skipped
  if [[ $rc -eq 0 ]]; then
    # shellcheck disable=SC2086
    if (cd "$dir/lowered" && "$NVCC" -arch="$ARCH" $flags -c "$source" -o /dev/null) \
         > "$dir/plain.log" 2>&1; then
      plain=ok
    else
      plain=FAILED
    fi
  fi
  printf '%-28s %-12s %-14s\n' "$name" "exit $rc" "$plain" | tee -a "$out/table.txt"
done < "$manifest"

# The GPU side: nvcc and a POSIX sh only.
cat > "$out/run.sh" <<'RUN'
#!/bin/sh
# sh run.sh RESULTS: builds each program twice (the original with the two
# flags, the lowered copy without), runs both, compares their output.
# NVCC and ARCH as for real-code.sh.
set -u
pack=$(cd "$(dirname "$0")" && pwd)
res=${1:?usage: sh run.sh RESULTS}
mkdir -p "$res"
NVCC=${NVCC:-nvcc} ARCH=${ARCH:-sm_90}
for dir in "$pack"/*/; do
  name=$(basename "$dir")
  [ -f "$dir/cmd" ] || continue
  read -r source flags < "$dir/cmd"
  if [ "$(cat "$dir/lower.rc")" != 0 ]; then
    echo "$name: not lowered (exit $(cat "$dir/lower.rc"))" | tee -a "$res/summary"
    continue
  fi
  ( cd "$dir/orig" && $NVCC -arch="$ARCH" --extended-lambda --expt-relaxed-constexpr $flags "$source" -o "$res/$name.orig" ) > "$res/$name.build.log" 2>&1 &&
  ( cd "$dir/lowered" && $NVCC -arch="$ARCH" $flags "$source" -o "$res/$name.lowered" ) >> "$res/$name.build.log" 2>&1 || {
    echo "$name: build FAILED" | tee -a "$res/summary"; continue; }
  ( cd "$dir/orig" && "$res/$name.orig" ) > "$res/$name.orig.out" 2>&1; o=$?
  ( cd "$dir/lowered" && "$res/$name.lowered" ) > "$res/$name.lowered.out" 2>&1; l=$?
  if [ $o = $l ] && cmp -s "$res/$name.orig.out" "$res/$name.lowered.out"; then
    echo "$name: same output (exit $o)" | tee -a "$res/summary"
  else
    echo "$name: DIFFERENT output (exit $o vs $l)" | tee -a "$res/summary"
  fi
done
RUN
chmod +x "$out/run.sh"
echo "pack written to $out; run 'sh $out/run.sh RESULTS' on a GPU machine"
