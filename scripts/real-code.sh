#!/usr/bin/env bash
# Runs cuda-lower over programs of public CUDA projects and writes a pack
# that a GPU machine (nvcc and a POSIX sh; no cuda-lower) builds and runs:
# each original built with --extended-lambda --expt-relaxed-constexpr, each
# lowered copy built without them, both run, their output compared.
#
#   scripts/real-code.sh OUTDIR MANIFEST...
#
# A MANIFEST (bench/real-code/*.manifest) holds, `#` starting a comment:
#   @checkout VAR DEFAULT     a checkout, found at $VAR if set, else DEFAULT
#   @ignore REGEX             for the programs that follow in this manifest:
#                             output lines that differ from run to run
#                             (timings, free memory), left out of the
#                             comparison (grep -E)
#   @build-only NAME...       these programs are built, not run (they run
#                             for minutes, or fail as originals)
#   @args NAME ARGS...        program NAME runs with ARGS (paths relative
#                             to its checkout: an input file it reads)
#   NAME VAR SOURCE [FLAGS...] [-- LINKFLAGS...]
# NAME: a label ([A-Za-z0-9_.-]); VAR: the checkout the program lives in
# (the project root, --in-root; the tool rewrites files under it only);
# SOURCE: the .cu file, relative to it; FLAGS: what nvcc and Clang both need
# (-I, -D, -std=), relative to the checkout, where `@VAR/dir` names a
# directory of another checkout (a library used as is, never rewritten);
# LINKFLAGS: what the link needs as well (-lcuda).
#
# OUTDIR/table.txt               PROGRAM, the tool's exit code, and (with
#                                PLAIN=1) whether plain nvcc compiles the
#                                lowered copy here
# OUTDIR/checkouts/VAR/          each checkout used, as it was (no .git)
# OUTDIR/progs/NAME/lowered/     the files the tool rewrote (--out-root)
# OUTDIR/progs/NAME/lower.err    what the tool said; lower.rc its exit code
# OUTDIR/progs/NAME/cmd          VAR, SOURCE, FLAGS, LINKFLAGS: for run.sh
# OUTDIR/progs/NAME/ignore       the @ignore in force, if any
# OUTDIR/progs/NAME/build-only   present for a @build-only program
# OUTDIR/progs/NAME/args         the @args of the program, if any
# OUTDIR/run.sh                  scripts/real-code-run.sh (see its header)
#
# Environment: CUDA_LOWER (default build/bin/cuda-lower), NVCC (default
# nvcc), ARCH (default sm_90), PLAIN=1 (compile each lowered copy with plain
# nvcc here too: slow on a small machine; run.sh does it on the GPU machine),
# ONLY (a regular expression: the programs whose NAME matches, others left
# out).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CUDA_LOWER=${CUDA_LOWER:-$ROOT/build/bin/cuda-lower}
NVCC=${NVCC:-nvcc}
ARCH=${ARCH:-sm_90}

if [[ $# -lt 2 ]]; then
  echo "usage: scripts/real-code.sh OUTDIR MANIFEST..." >&2
  exit 2
fi
out=$1
shift
for m in "$@"; do [[ -f $m ]] || { echo "no manifest $m" >&2; exit 2; }; done
[[ -x $CUDA_LOWER ]] || { echo "no cuda-lower at $CUDA_LOWER: build it first" >&2; exit 2; }
if [[ -d $out && -n $(ls -A "$out") && ! -e $out/table.txt ]]; then
  echo "$out is not empty and holds no earlier run; use a new folder" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out/checkouts" "$out/progs"
out=$(cd "$out" && pwd)

declare -A checkout=() build_only=() run_args=()

# use_checkout VAR: copies checkout VAR into the pack, once.
use_checkout() {
  local var=$1
  [[ -n ${checkout[$var]:-} ]] || { echo "checkout $var is not declared (@checkout)" >&2; exit 2; }
  [[ -d $out/checkouts/$var ]] && return
  mkdir -p "$out/checkouts/$var"
  (cd "${checkout[$var]}" && tar --exclude=.git -cf - .) | (cd "$out/checkouts/$var" && tar -xf -)
}

# resolve FLAGS...: the flags with @VAR replaced by the checkout's path here.
resolve() {
  local flag var
  for flag in "$@"; do
    while [[ $flag =~ @([A-Za-z_][A-Za-z0-9_]*) ]]; do
      var=${BASH_REMATCH[1]}
      use_checkout "$var"
      flag=${flag//@$var/${checkout[$var]}}
    done
    printf '%s\n' "$flag"
  done
}

# plain_compile NAME VAR SOURCE FLAGS...: the lowered copy (the checkout with
# the rewritten files laid over it) compiled by plain nvcc, in a scratch tree.
plain_compile() {
  local name=$1 var=$2 source=$3 tree
  shift 3
  tree=$(mktemp -d)
  cp -R "$out/checkouts/$var/." "$tree/"
  cp -R "$out/progs/$name/lowered/." "$tree/" 2> /dev/null || true
  if (cd "$tree" && "$NVCC" -arch="$ARCH" "$@" -c "$source" -o /dev/null) \
       > "$out/progs/$name/plain.log" 2>&1; then
    echo ok
  else
    echo FAILED
  fi
  rm -rf "$tree"
}

printf '%-32s %-8s %-10s\n' PROGRAM LOWERED PLAIN-NVCC | tee "$out/table.txt"
for manifest in "$@"; do
  ignore=
  while read -r name var source rest; do
    [[ -z $name || $name == \#* ]] && continue
    if [[ $name == @checkout ]]; then
      checkout[$var]=${!var:-$source}
      [[ -d ${checkout[$var]} ]] || { echo "checkout $var: no directory ${checkout[$var]}" >&2; exit 2; }
      checkout[$var]=$(cd "${checkout[$var]}" && pwd)
      continue
    fi
    if [[ $name == @build-only ]]; then
      for n in $var $source $rest; do build_only[$n]=1; done
      continue
    fi
    if [[ $name == @args ]]; then
      run_args[$var]="$source${rest:+ $rest}"
      continue
    fi
    if [[ $name == @ignore ]]; then
      ignore="$var${source:+ $source}${rest:+ $rest}"
      continue
    fi
    [[ -z ${ONLY:-} || $name =~ $ONLY ]] || continue
    read -r -a words <<< "$rest"
    flags=() link=() seen=0
    for w in "${words[@]}"; do
      if [[ $w == -- ]]; then seen=1
      elif [[ $seen == 1 ]]; then link+=("$w")
      else flags+=("$w"); fi
    done
    use_checkout "$var"
    dir=$out/progs/$name
    mkdir -p "$dir/lowered"
    printf '%s\n%s\n%s\n%s\n' "$var" "$source" "${flags[*]}" "${link[*]}" > "$dir/cmd"
    [[ -z $ignore ]] || printf '%s\n' "$ignore" > "$dir/ignore"
    [[ -z ${build_only[$name]:-} ]] || : > "$dir/build-only"
    [[ -z ${run_args[$name]:-} ]] || printf '%s\n' "${run_args[$name]}" > "$dir/args"
    mapfile -t here < <(resolve "${flags[@]}")
    rc=0
    (cd "${checkout[$var]}" &&
       "$CUDA_LOWER" --no-color --in-root=. --out-root="$dir/lowered" "$source" -- "${here[@]}") \
      > /dev/null 2> "$dir/lower.err" || rc=$?
    echo "$rc" > "$dir/lower.rc"
    plain=-
    if [[ $rc -eq 0 && ${PLAIN:-0} == 1 ]]; then
      plain=$(plain_compile "$name" "$var" "$source" "${here[@]}")
    fi
    printf '%-32s %-8s %-10s\n' "$name" "exit $rc" "$plain" | tee -a "$out/table.txt"
  done < "$manifest"
done

cp "$ROOT/scripts/real-code-run.sh" "$out/run.sh"
chmod +x "$out/run.sh"
echo "pack written to $out ($(du -sh "$out" | cut -f1)); run 'sh $out/run.sh RESULTS' on a GPU machine"
