#!/usr/bin/env bash
# Installs what cuda-lower needs to build and test, from Debian 12 packages
# only. Idempotent: when everything is present it runs no apt command at all,
# so it is fast and works offline. The CUDA 13 toolkit is not a Debian
# package; it must already be installed (default: /usr/local/cuda).
#
#   scripts/install-deps.sh [--package]
#
# --package: also what the release package's static link needs
# (scripts/package-test.sh); CI's run does not build it.
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
if [[ ${1:-} == --package ]]; then
  PACKAGES+=(libzstd-dev # LLVM's static libraries name zstd's CMake package
    dpkg-dev)             # dpkg-shlibdeps: the .deb's Depends
fi
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
say "ok: $("$CUDA_PATH/bin/nvcc" --version | grep -o 'release [0-9.]*'), $("$LLVM_BIN/lit" --version 2>&1 | head -1)"
