#!/usr/bin/env bash
# Builds the release package and checks that it runs where no LLVM is
# installed (docs/usage.md#release-package):
#   - a static build (CUDALOWER_STATIC_LLVM=ON) in build-package/, and
#     `cmake --build build-package --target package`: the TGZ and the .deb;
#   - in a private mount namespace, every LLVM and Clang directory and
#     library of the machine hidden (an empty tmpfs over /usr/lib/llvm-*,
#     /usr/include/clang, ...; /dev/null over libLLVM*.so and
#     libclang*.so), so that the package must bring what it reads;
#   - the TGZ unpacked in an empty prefix: the tools start, name their
#     versions, lower examples/saxpy from an unrelated directory, and plain
#     nvcc compiles the result (no --extended-lambda, no
#     --expt-relaxed-constexpr), also through cuda-lower-nvcc --cuda-lower-strict;
#   - the .deb: its fields, its files (dpkg-deb -x), that apt could install
#     it here (--simulate: nothing changes), and the same lowering.
#
#   scripts/package-test.sh [--no-build]
#
# Needs root (unshare -m, mount) and the CUDA toolkit; not part of CI's run
# (the static link alone takes minutes). --no-build checks the packages
# already in build-package/. Prints the package sizes, and last the count:
# `package-test: N passed, M failed`. Exits 1 if anything failed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PACKAGE_BUILD:-$ROOT/build-package}
CUDA=${CUDA_PATH:-/usr/local/cuda}
ARCH=${CUDALOWER_TEST_ARCH:-sm_90}
# What the static tools may link: the C and C++ runtimes, zlib and zstd
# (dpkg needs both: every Debian 12 has them). Anything else would be a
# dependency beyond those (cmake/Package.cmake).
ALLOWED_NEEDED='^(libc|libm|libstdc\+\+|libgcc_s|libz|libzstd|ld-linux-x86-64)\.so'

passed=${PT_PASSED:-0}
failed=${PT_FAILED:-0}
LOG=${PT_LOG:-}

# check NAME COMMAND...: runs COMMAND, output to $LOG/NAME.log, and counts.
check() {
  local name=$1
  shift
  if "$@" >"$LOG/$name.log" 2>&1; then
    echo "PASS: $name"
    passed=$((passed + 1))
  else
    echo "FAIL: $name (log: $LOG/$name.log)"
    tail -n 15 "$LOG/$name.log" | sed 's/^/  | /'
    failed=$((failed + 1))
  fi
}

build_package() {
  local launcher=()
  "$ROOT/scripts/install-deps.sh" --package || return 1
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCUDALOWER_STATIC_LLVM=ON -DBUILD_TESTING=OFF "${launcher[@]}" &&
    rm -f "$BUILD"/cuda-lower*.tar.gz "$BUILD"/cuda-lower*.deb &&
    cmake --build "$BUILD" --target package -j "${JOBS:-2}"
}

# Empty, read-only directories over LLVM's and Clang's, /dev/null over
# their shared libraries. Only this process and its children see it.
hide_llvm() {
  local d f
  for d in /usr/lib/llvm-* /usr/include/llvm-* /usr/include/llvm-c-* \
    /usr/include/clang /usr/lib/clang /usr/share/clang; do
    if [[ -d $d && ! -L $d ]]; then
      mount -t tmpfs -o ro,size=1m cuda-lower-no-llvm "$d" || return 1
    fi
  done
  for f in /usr/lib/x86_64-linux-gnu/lib{LLVM,clang}*; do
    if [[ -f $f && ! -L $f ]]; then
      mount --bind /dev/null "$f" || return 1
    fi
  done
}

# The control: what needs LLVM no longer starts.
llvm_is_hidden() {
  [[ -z $(ls -A /usr/lib/llvm-22) ]] || return 1
  ! /usr/lib/llvm-22/bin/clang --version || return 1
  if [[ -x $ROOT/build/bin/cuda-lower ]] &&
    readelf -d "$ROOT/build/bin/cuda-lower" | grep -q 'libLLVM'; then
    echo "the shared developer build must not start:"
    ! "$ROOT/build/bin/cuda-lower" --version || return 1
  fi
}

# A clean environment: nothing of the caller's PATH (no LLVM bin dir), a
# new HOME (no prelude cache).
run_clean() {
  env -i HOME="$WORK/home" PATH="$CUDA/bin:/usr/bin:/bin" CUDA_PATH="$CUDA" "$@"
}

# needs_only_system_libraries PREFIX: the tools list no library beyond
# ALLOWED_NEEDED, and the loader finds all of them.
needs_only_system_libraries() {
  local tool needed
  for tool in "$1"/bin/cuda-lower "$1"/bin/cuda-lower-nvcc; do
    needed=$(readelf -d "$tool" | sed -nE 's/.*Shared library: \[(.*)\]/\1/p')
    echo "$tool:" "${needed//$'\n'/ }"
    if grep -vE "$ALLOWED_NEEDED" <<<"$needed"; then
      echo "  ^ not allowed"
      return 1
    fi
    ldd "$tool"
    ! ldd "$tool" | grep -E 'not found|llvm|clang' || return 1
  done
}

versions_named() {
  local out
  out=$(cd / && run_clean "$1/bin/cuda-lower" --version) || return 1
  echo "$out"
  [[ $out =~ ^cuda-lower\ [0-9.]+\ \(commit\ [0-9a-f]+(-dirty)?\),\ LLVM/Clang\ 22\.[0-9.]+,\ tested\ with\ CUDA\ [0-9.]+$ ]] ||
    return 1
  out=$(cd / && run_clean "$1/bin/cuda-lower-nvcc" --cuda-lower-version) || return 1
  echo "$out"
  [[ $out == cuda-lower-nvcc\ * ]]
}

# lower_and_compile PREFIX DIR: cuda-lower from PREFIX lowers a copy of
# examples/saxpy, run from another directory, and plain nvcc compiles it.
lower_and_compile() (
  prefix=$1 dir=$2
  mkdir -p "$dir/project" "$dir/elsewhere" &&
    cp "$ROOT/examples/saxpy/saxpy.cu" "$dir/project/" &&
    cd "$dir/elsewhere" &&
    run_clean "$prefix/bin/cuda-lower" -q ../project/saxpy.cu -o saxpy.lowered.cu &&
    ! diff -q ../project/saxpy.cu saxpy.lowered.cu &&
    run_clean nvcc -std=c++17 -arch="$ARCH" -c saxpy.lowered.cu -o saxpy.lowered.o
)

# The wrapper in strict mode drops the two flags and compiles its lowered
# copy: it exits 1 when the lowering fails instead of falling back. It is
# run by name through a symlink on PATH, as `ln -s` into ~/bin installs it:
# the headers are found beside the file the link points to.
wrapper_compiles() (
  prefix=$1 dir=$2
  mkdir -p "$dir/links" &&
    ln -sf "$prefix/bin/cuda-lower-nvcc" "$dir/links/cuda-lower-nvcc" &&
    cd "$dir/project" &&
    env -i HOME="$WORK/home" PATH="$dir/links:$CUDA/bin:/usr/bin:/bin" CUDA_PATH="$CUDA" \
      cuda-lower-nvcc --cuda-lower-strict -std=c++17 \
      -arch="$ARCH" --extended-lambda --expt-relaxed-constexpr \
      -c saxpy.cu -o saxpy.wrapped.o &&
    test -s saxpy.wrapped.o
)

# The control for the headers: without the package's own, and LLVM's
# hidden, the same lowering fails for want of Clang's CUDA wrappers. So
# the lowering above read the package's headers and nothing of LLVM's.
needs_its_own_headers() (
  prefix=$1 dir=$2
  mv "$prefix/lib/cuda-lower" "$prefix/lib/cuda-lower.away" || exit 1
  cd "$dir/elsewhere" || exit 1
  run_clean "$prefix/bin/cuda-lower" -q ../project/saxpy.cu -o away.cu 2>&1 | tee away.log
  status=${PIPESTATUS[0]}
  mv "$prefix/lib/cuda-lower.away" "$prefix/lib/cuda-lower" || exit 1
  ((status != 0)) && grep -q "__clang_cuda_runtime_wrapper.h' file not found" away.log
)

deb_fields() {
  local version
  version=$(sed -nE 's/^project\(cuda-lower VERSION ([0-9.]+).*/\1/p' "$ROOT/CMakeLists.txt")
  dpkg-deb -f "$DEB" Package Version Architecture Depends Maintainer &&
    [[ $(dpkg-deb -f "$DEB" Package) == cuda-lower ]] &&
    [[ $(dpkg-deb -f "$DEB" Version) == "$version" ]] &&
    [[ $(dpkg-deb -f "$DEB" Depends) != *llvm* ]] &&
    [[ $(dpkg-deb -f "$DEB" Depends) != *clang* ]]
}

deb_files() {
  local f
  dpkg-deb -x "$DEB" "$WORK/deb" || return 1
  for f in usr/bin/cuda-lower usr/bin/cuda-lower-nvcc \
    usr/lib/cuda-lower/clang/22/include/__clang_cuda_runtime_wrapper.h \
    usr/lib/cuda-lower/clang/22/include/cuda_wrappers/new \
    usr/share/doc/cuda-lower/README.md usr/share/doc/cuda-lower/docs/usage.md \
    usr/share/doc/cuda-lower/licenses/LLVM.txt \
    usr/share/doc/cuda-lower/licenses/Apache-2.0.txt; do
    test -e "$WORK/deb/$f" || { echo "missing: $f"; return 1; }
  done
}

# Sizes for docs/usage.md#release-package.
report_sizes() {
  local f
  for f in "$TGZ" "$DEB"; do
    echo "size: $(basename "$f"): $(stat -c %s "$f") bytes"
  done
  echo "size: unpacked: $(du -sb "$WORK/tgz" | cut -f1) bytes"
  for f in "$WORK"/tgz/bin/*; do
    echo "size: bin/$(basename "$f"): $(stat -c %s "$f") bytes"
  done
  echo "size: resource headers: $(du -sb "$WORK/tgz/lib/cuda-lower" | cut -f1) bytes"
}

inside() {
  WORK=$(mktemp -d /tmp/cuda-lower-package.XXXXXX)
  mkdir -p "$WORK/home" "$WORK/tgz"
  TGZ=$(find "$BUILD" -maxdepth 1 -name 'cuda-lower-*.tar.gz' | head -1)
  DEB=$(find "$BUILD" -maxdepth 1 -name 'cuda-lower_*.deb' | head -1)
  check packages-built test -f "$TGZ" -a -f "$DEB"
  if [[ -z $TGZ || -z $DEB ]]; then
    echo "package-test: $passed passed, $failed failed"
    exit 1
  fi
  check llvm-hidden hide_llvm
  check llvm-is-hidden llvm_is_hidden

  check tgz-unpack tar -xzf "$TGZ" -C "$WORK/tgz" --strip-components=1
  check tgz-system-libraries-only needs_only_system_libraries "$WORK/tgz"
  check tgz-version versions_named "$WORK/tgz"
  check tgz-lower-saxpy-plain-nvcc lower_and_compile "$WORK/tgz" "$WORK/run-tgz"
  check tgz-wrapper-strict wrapper_compiles "$WORK/tgz" "$WORK/run-tgz"
  check tgz-needs-its-own-headers needs_its_own_headers "$WORK/tgz" "$WORK/run-tgz"

  check deb-fields deb_fields
  check deb-files deb_files
  check deb-installable apt-get --simulate install "$DEB"
  check deb-lower-saxpy-plain-nvcc lower_and_compile "$WORK/deb/usr" "$WORK/run-deb"

  report_sizes
  echo "package-test: $passed passed, $failed failed"
  rm -rf "$WORK"
  ((failed == 0))
}

if [[ ${1:-} == --inside ]]; then
  inside
  exit
fi
if ((EUID != 0)); then
  echo "package-test: needs root (unshare -m and mount hide LLVM)" >&2
  exit 2
fi
LOG=$(mktemp -d /tmp/cuda-lower-package-logs.XXXXXX)
if [[ ${1:-} != --no-build ]]; then
  check build-package build_package
fi
PT_PASSED=$passed PT_FAILED=$failed PT_LOG=$LOG PACKAGE_BUILD=$BUILD \
  exec unshare --mount --propagation private bash "$0" --inside
