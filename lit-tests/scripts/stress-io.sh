#!/usr/bin/env bash
# Usage: stress-io.sh concurrent|signals INPUTS WORKDIR [ROUNDS] [SEED]
# Stresses `cuda-lower -i` over INPUTS (a.cu, b.cu, c.cu, all including
# shared.cuh, and d.cu, which includes nothing) and checks, after every round, that each file is byte for byte
# either its old content or the content one uninterrupted run writes, and
# that no temporary file is left (`FILE.cuda-lower-XXXXXX`, `.cl-*.tmp`).
#   concurrent  five runs at once over overlapping sources and the shared
#               header; each must exit 0, 1 (it left a file another run had
#               changed, and said so) or 3 (it read a header while another
#               run replaced it, did not parse it, and wrote nothing).
#   signals     one run over all the sources, interrupted with SIGINT,
#               SIGTERM or SIGHUP in turn: on odd rounds after a random delay
#               within one run's duration, on even rounds the moment a
#               temporary file appears (the write itself). a.cu carries 4 MB
#               of comments so that writing it takes a while.
# ROUNDS defaults to 2 (concurrent) or 6 (signals); SEED (default 13) seeds
# the delays. Exits 0 if every round passed, 1 otherwise (each problem
# printed), 2 on a usage error.
set -uo pipefail
if [ $# -lt 3 ]; then
  echo "usage: stress-io.sh concurrent|signals INPUTS WORKDIR [ROUNDS] [SEED]" >&2
  exit 2
fi
mode=$1 inputs=$2
dir=$(mkdir -p "$3" && cd "$3" && pwd) || exit 2
case $mode in
concurrent) rounds=${4:-2} ;;
signals) rounds=${4:-6} ;;
*) echo "stress-io: unknown mode '$mode'" >&2; exit 2 ;;
esac
RANDOM=${5:-13}
files=(a.cu b.cu c.cu d.cu shared.cuh)
# Verification parses every source a second time; it does not change how
# files are written, so the stress runs skip it to do more rounds.
# STRESS_TOOL_ARGS adds options (stress-signals.test: -j 2, units parsed
# on worker threads when the signal comes).
tool=(cuda-lower --no-color -q --no-verify --in-root . ${STRESS_TOOL_ARGS:-})
failures=0

rm -rf "$dir" && mkdir -p "$dir/old" "$dir/new" "$dir/work" || exit 2
cp "${files[@]/#/$inputs/}" "$dir/old/" || exit 2
if [ "$mode" = signals ]; then
  for ((i = 0; i < 65536; ++i)); do
    echo "// padding line $i: makes the file big enough that writing it takes time"
  done >> "$dir/old/a.cu"
fi

# The reference: one uninterrupted run over all three sources.
cp "$dir"/old/* "$dir/new/"
start=$EPOCHREALTIME
(cd "$dir/new" && "${tool[@]}" -i a.cu b.cu c.cu d.cu 2> ../reference.err) || {
  echo "stress-io: the reference run failed:" >&2
  cat "$dir/reference.err" >&2
  exit 1
}
# One run's duration in milliseconds, to spread the signals over it.
run_ms=$(( (${EPOCHREALTIME/./} - ${start/./}) / 1000 ))
for f in "${files[@]}"; do
  cmp -s "$dir/old/$f" "$dir/new/$f" || continue
  echo "stress-io: the reference run did not change $f: the inputs need rewrites" >&2
  exit 1
done

# seconds MS: MS milliseconds in sleep's notation.
seconds() {
  printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000))
}

problem() {
  echo "round $round: $*"
  failures=$((failures + 1))
}

check_round() {
  local f temps
  for f in "${files[@]}"; do
    if ! cmp -s "$dir/work/$f" "$dir/old/$f" && ! cmp -s "$dir/work/$f" "$dir/new/$f"; then
      problem "$f is neither its old nor its new content ($1):"
      diff "$dir/new/$f" "$dir/work/$f" | head -n 20
    fi
  done
  temps=$(cd "$dir/work" && find . \( -name '*.cuda-lower-*' -o -name '.cl-*.tmp' \) -print)
  [ -z "$temps" ] || problem "temporary files left ($1):" $temps
}

reset_work() {
  rm -rf "$dir/work" && mkdir "$dir/work" && cp "$dir"/old/* "$dir/work/"
}

# Job control on: otherwise background jobs of a script ignore SIGINT.
set -m
signals=(INT TERM HUP)
for ((round = 1; round <= rounds; ++round)); do
  reset_work
  cd "$dir/work" || exit 2
  if [ "$mode" = concurrent ]; then
    pids=()
    # Runs over the same files and over some of them in another order (a
    # parallel build, an editor's save hook), started at random points of
    # the first one's run, so that one writes while another parses.
    start_run() {
      local delay=$((RANDOM % (run_ms + 1))) n=$1
      shift
      (sleep "$(seconds "$delay")" && exec "${tool[@]}" -i "$@" 2> "../p$n.err") &
      pids+=($!)
    }
    pids=()
    "${tool[@]}" -i a.cu b.cu c.cu 2> ../p1.err &
    pids+=($!)
    start_run 2 a.cu b.cu c.cu
    start_run 3 c.cu b.cu
    "${tool[@]}" -i d.cu 2> ../p4.err &
    pids+=($!)
    start_run 5 d.cu
    for i in "${!pids[@]}"; do
      wait "${pids[$i]}"
      rc=$?
      [ "$rc" -le 1 ] || [ "$rc" -eq 3 ] || { problem "run $((i + 1)) exited with $rc:"; cat "../p$((i + 1)).err"; }
    done
    check_round "5 concurrent runs"
  else
    sig=${signals[$((round % 3))]}
    "${tool[@]}" -i a.cu b.cu c.cu d.cu 2> ../run.err &
    pid=$!
    if ((round % 2)); then
      delay=$((RANDOM % (run_ms + 1)))
      sleep "$(seconds "$delay")"
      when="after ${delay} ms"
    else
      # Builtins only: the loop must see the temporary file while it exists.
      while kill -0 "$pid" 2> /dev/null &&
        ! compgen -G '.cl-*.tmp' > /dev/null && ! compgen -G '*.cuda-lower-*' > /dev/null; do
        :
      done
      when="while writing"
    fi
    kill -s "$sig" "$pid" 2> /dev/null
    wait "$pid"
    check_round "SIG$sig $when, exit $?"
  fi
  cd - > /dev/null || exit 2
done
set +m

echo "stress-io $mode: $rounds rounds, $failures problems (one run: ${run_ms} ms)"
[ "$failures" -eq 0 ]
