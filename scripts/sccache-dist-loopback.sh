#!/usr/bin/env bash
# An sccache-dist cluster on this machine's loopback: one scheduler and one
# build server, for trying distributed compiles through cuda-lower-nvcc
# (docs/nvcc-wrapper.md, "Distributed builds").
#
#   scripts/sccache-dist-loopback.sh start   # scheduler, build server, client
#   scripts/sccache-dist-loopback.sh env     # the client's variables, to eval
#   scripts/sccache-dist-loopback.sh status  # sccache --dist-status
#   scripts/sccache-dist-loopback.sh stop    # all three, by their pids
#   scripts/sccache-dist-loopback.sh test    # start, build, compare, stop
#
# The build server sandboxes compiles with bubblewrap's overlay builder,
# which needs root (sccache-dist's requirement). Everything lives under
# $STATE (default /tmp/cuda-lower-sccache-dist): configurations, logs, pids,
# toolchains, the client's cache. Ports: $SCHED_PORT, $BUILD_PORT,
# $CLIENT_PORT (10617, 10517, 4237), chosen apart from sccache's defaults so
# a user's own sccache is never touched.
#
# `test` builds examples/cmake through the wrapper (sccache first, and the
# wrapper first) with the cluster, with a local-only sccache and without
# sccache, compares the objects, and reads sccache's dist counters; its
# last line is "N passed, M failed".
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
STATE=${STATE:-/tmp/cuda-lower-sccache-dist}
SCHED_PORT=${SCHED_PORT:-10617}
BUILD_PORT=${BUILD_PORT:-10517}
CLIENT_PORT=${CLIENT_PORT:-4237}
SCCACHE=${SCCACHE:-$(command -v sccache || true)}
SCCACHE_DIST=${SCCACHE_DIST:-$(command -v sccache-dist || true)}
BWRAP=${BWRAP:-$(command -v bwrap || true)}
WRAPPER=${WRAPPER:-$ROOT/build/bin/cuda-lower-nvcc}
NVCC=${NVCC:-${CUDA_PATH:-/usr/local/cuda}/bin/nvcc}
# CMake's compiler and launcher settings want paths.
WRAPPER=$(command -v "$WRAPPER" || echo "$WRAPPER")

say() { printf 'sccache-dist-loopback: %s\n' "$*"; }
die() { printf 'sccache-dist-loopback: error: %s\n' "$*" >&2; exit 1; }

check_tools() {
  [[ -x $SCCACHE && -x $SCCACHE_DIST ]] ||
    die "sccache and sccache-dist not found: scripts/install-deps.sh --sccache"
  [[ -x $BWRAP ]] || die "bwrap not found: scripts/install-deps.sh --sccache"
  ((EUID == 0)) || die "the build server's overlay builder needs root"
}

# Secrets are made anew at each start (the server's token names its port);
# they guard loopback ports only, but sccache-dist has no unauthenticated
# mode worth teaching.
# `--secret-key=KEY`, joined: a base64 key may begin with '-'.
write_configs() {
  mkdir -p "$STATE"/{toolchains,build,client-toolchains,cache,logs}
  local key
  key=$("$SCCACHE_DIST" auth generate-jwt-hs256-key)
  (
    umask 077
    printf 'KEY=%s\nSERVER_TOKEN=%s\nCLIENT_TOKEN=%s\n' "$key" \
      "$("$SCCACHE_DIST" auth generate-jwt-hs256-server-token \
        --secret-key="$key" --server="127.0.0.1:$BUILD_PORT")" \
      "$("$SCCACHE_DIST" auth generate-shared-token)" >"$STATE/secrets"
  )
  # shellcheck disable=SC1091
  source "$STATE/secrets"
  cat >"$STATE/scheduler.conf" <<EOF
public_addr = "127.0.0.1:$SCHED_PORT"
[client_auth]
type = "token"
token = "$CLIENT_TOKEN"
[server_auth]
type = "jwt_hs256"
secret_key = "$KEY"
EOF
  cat >"$STATE/server.conf" <<EOF
cache_dir = "$STATE/toolchains"
public_addr = "127.0.0.1:$BUILD_PORT"
scheduler_url = "http://127.0.0.1:$SCHED_PORT"
[builder]
type = "overlay"
build_dir = "$STATE/build"
bwrap_path = "$BWRAP"
[scheduler_auth]
type = "jwt_token"
token = "$SERVER_TOKEN"
EOF
  cat >"$STATE/client.conf" <<EOF
[dist]
scheduler_url = "http://127.0.0.1:$SCHED_PORT"
toolchains = []
cache_dir = "$STATE/client-toolchains"
[dist.auth]
type = "token"
token = "$CLIENT_TOKEN"
EOF
}

client_env() {
  printf 'export SCCACHE_CONF=%q SCCACHE_DIR=%q SCCACHE_SERVER_PORT=%q\n' \
    "$STATE/client.conf" "$STATE/cache" "$CLIENT_PORT"
  printf 'export SCCACHE_ERROR_LOG=%q SCCACHE_LOG=%q\n' \
    "$STATE/logs/client.log" "${SCCACHE_LOG:-info}"
}

# Runs one daemon in the foreground of a background job, so its pid is ours
# to stop, with its log in $STATE/logs.
start_daemon() {
  local name=$1
  shift
  SCCACHE_NO_DAEMON=1 SCCACHE_LOG=${SCCACHE_LOG:-info} \
    "$@" >"$STATE/logs/$name.log" 2>&1 &
  echo $! >"$STATE/$name.pid"
}

stop_pid() {
  local file=$STATE/$1.pid
  [[ -f $file ]] || return 0
  kill "$(cat "$file")" 2>/dev/null && say "stopped $1 ($(cat "$file"))"
  rm -f "$file"
}

start() {
  check_tools
  local name
  for name in scheduler server; do
    [[ -f $STATE/$name.pid ]] && kill -0 "$(cat "$STATE/$name.pid")" 2>/dev/null &&
      die "the $name is running already ($STATE/$name.pid): stop first"
  done
  write_configs
  start_daemon scheduler "$SCCACHE_DIST" scheduler --config "$STATE/scheduler.conf"
  start_daemon server "$SCCACHE_DIST" server --config "$STATE/server.conf"
  # The build server registers with the scheduler on its own heartbeat; a
  # client started before the scheduler listens stays "not connected".
  local tries=30
  until grep -q "Registered new server" "$STATE/logs/scheduler.log" ||
    ((--tries == 0)); do
    sleep 1
  done
  eval "$(client_env)"
  "$SCCACHE" --stop-server >/dev/null 2>&1
  "$SCCACHE" --start-server >/dev/null || die "the sccache client did not start ($STATE/logs/client.log)"
  "$SCCACHE" --dist-status 2>/dev/null | grep -q '"num_servers":1' || {
    "$SCCACHE" --dist-status >&2
    stop
    die "the build server did not register ($STATE/logs/*.log)"
  }
  say "up: scheduler 127.0.0.1:$SCHED_PORT, build server 127.0.0.1:$BUILD_PORT, client port $CLIENT_PORT"
}

stop() {
  if [[ -f $STATE/client.conf ]]; then
    eval "$(client_env)"
    "$SCCACHE" --stop-server >/dev/null 2>&1 && say "stopped the sccache client"
  fi
  stop_pid server
  stop_pid scheduler
}

# --- test -----------------------------------------------------------------

PASSED=0
FAILED=0
check() { # check NAME COMMAND...: one counted result
  local name=$1
  shift
  if "$@"; then
    PASSED=$((PASSED + 1))
    say "PASS: $name"
  else
    FAILED=$((FAILED + 1))
    say "FAIL: $name"
  fi
}

# An object as far as two builds of the same input can agree: nvcc names
# the host compile's temporary file (tmpxft_<pid>_...) in the symbol table,
# so the file's bytes differ from run to run even locally. Compared: every
# section's contents, the relocations and the symbols, without that name.
normalized() { objdump -s -r "$1" | sed 1,2d && nm "$1"; }

fatbin() { objcopy -O binary --only-section=.nv_fatbin "$1" /dev/stdout; }

stat_of() { # stat_of KEY: a number from sccache --show-stats (JSON)
  "$SCCACHE" --show-stats --stats-format=json | python3 -c '
import json, sys
s = json.load(sys.stdin)["stats"]
v = s[sys.argv[1]]
print(sum(v.values()) if isinstance(v, dict) else v)' "$1"
}

# Restarts the sccache client with an empty cache, distributing or not
# (local: a configuration without [dist]; sccache 0.16's server does not
# read SCCACHE_NO_DIST_COMPILE, measured here).
fresh_client() {
  eval "$(client_env)"
  "$SCCACHE" --stop-server >/dev/null 2>&1
  rm -rf "$STATE/cache"
  [[ $1 == local ]] && : >"$STATE/local.conf" && export SCCACHE_CONF=$STATE/local.conf
  "$SCCACHE" --start-server >/dev/null
}

# Builds examples/cmake in $1 (configured) from clean; copies its objects
# to $2.
build_to() {
  ninja -C "$1" clean >/dev/null
  find "$1" -name '*.cuda-lower' -prune -exec rm -rf {} +
  ninja -C "$1" >"$1.log" 2>&1 || { cat "$1.log" >&2; return 1; }
  mkdir -p "$2" && find "$1" -name '*.cu.o' -exec cp {} "$2" \;
}

same_objects() { # same_objects DIR1 DIR2 HOW
  local o ok=0
  for o in "$1"/*.o; do
    if [[ $3 == normalized ]]; then
      cmp -s <(normalized "$o" | sed "s#$1#DIR#") \
        <(normalized "$2/${o##*/}" | sed "s#$2#DIR#") || ok=1
    else
      cmp -s <(fatbin "$o") <(fatbin "$2/${o##*/}") || ok=1
    fi
  done
  ls "$1"/*.o >/dev/null && return $ok
}

run_test() {
  local work=$STATE/test order
  start || exit 1
  trap stop EXIT
  rm -rf "$work" && mkdir -p "$work"
  for order in wrapper-first sccache-first; do
    # without: the same build with sccache taken out, the reference for
    # the device code; in the same directory, as builds in two directories
    # (two private copies' paths) gave different fatbinaries.
    local dir=$work/$order launcher compiler=$NVCC flags="" without
    if [[ $order == wrapper-first ]]; then
      launcher="$WRAPPER;--cuda-lower-strict;$SCCACHE"
      without="$WRAPPER;--cuda-lower-strict"
    else
      launcher=$SCCACHE compiler=$WRAPPER flags=--cuda-lower-strict without=""
    fi
    # Release: at -O0, GCC marks line boundaries with nops, and sccache's
    # distributed host compile (preprocessed on the client) places some
    # differently from a local one, with plain nvcc as well
    # (docs/nvcc-wrapper.md, "Distributed builds").
    cmake -S "$ROOT/examples/cmake" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_CUDA_COMPILER="$compiler" \
      -DCMAKE_CUDA_FLAGS="$flags" "-DCMAKE_CUDA_COMPILER_LAUNCHER=$launcher" \
      >/dev/null
    fresh_client dist
    check "$order: builds with the build server" build_to "$dir" "$work/objects-$order-dist"
    check "$order: lowered on the client (private copies)" \
      test -d "$dir/CMakeFiles/example.dir/src/main.cu.o.cuda-lower/root"
    local remote errors
    remote=$(stat_of dist_compiles) errors=$(stat_of dist_errors)
    say "$order: $remote compiles on the build server, $errors dist errors"
    check "$order: compiles ran on the build server" test "$remote" -gt 0
    check "$order: no compile fell back to the client" test "$errors" -eq 0
    fresh_client local
    build_to "$dir" "$work/objects-$order-local"
    check "$order: local sccache ran no remote compile" test "$(stat_of dist_compiles)" -eq 0
    check "$order: objects match a local sccache build" \
      same_objects "$work/objects-$order-dist" "$work/objects-$order-local" normalized
    cmake "-DCMAKE_CUDA_COMPILER_LAUNCHER=$without" "$dir" >/dev/null
    build_to "$dir" "$work/objects-$order-without"
    check "$order: device code matches the wrapper without sccache" \
      same_objects "$work/objects-$order-dist" "$work/objects-$order-without" fatbin
  done
  trap - EXIT
  stop
  echo "$PASSED passed, $FAILED failed"
  ((FAILED == 0))
}

case ${1:-} in
start) start ;;
stop) stop ;;
env) client_env ;;
status) eval "$(client_env)" && "$SCCACHE" --dist-status ;;
test) run_test ;;
*) die "usage: $0 start|stop|env|status|test" ;;
esac
