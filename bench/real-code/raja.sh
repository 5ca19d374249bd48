#!/usr/bin/env bash
# RAJA (github.com/LLNL/RAJA, LLNL's C++ portability layer: loop bodies are
# lambdas spelled `[=] RAJA_DEVICE (int i) {...}`, with RAJA_DEVICE a macro
# for `__device__` under CUDA), its library and its examples built as its
# users build them, twice (bench/real-code/cmake-project.sh): CMake Release
# (-O3 -DNDEBUG), CUDA on, the flags RAJA's CMake adds for nvcc
# (--expt-extended-lambda --expt-relaxed-constexpr -restrict); then every
# example is run in both builds and the outputs compared.
#
#   bench/real-code/raja.sh RAJA_SRC OUT [CMAKE_ARG...]
#
# CMAKE_ARGs come after the script's own, so they override them: another
# configuration is `-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CUDA_FLAGS_DEBUG=-g -G"`
# or `-DCMAKE_CXX_STANDARD=20`.
#
# RAJA_SRC is a RAJA tree with its submodules (blt, tpl/camp, tpl/desul).
# It is copied to OUT/src and never written. RAJA up to v2025.09 calls
# cudaMemAdvise with a device number, which CUDA 13 replaced by a
# cudaMemLocation: the copy gets that two-call change (raja_cuda13.py, the
# same for both builds), and nothing else.
#
# Environment as for cmake-project.sh (WRAPPER, CMAKE, JOBS, STAGE, PACK);
# ARCH (CUDA architectures, default native). Last line: the pass count.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# -ge 2 ]] || { echo "usage: $0 RAJA_SRC OUT [CMAKE_ARG...]" >&2; exit 2; }
SRC=$1 OUT=$2
shift 2
ARCH=${ARCH:-native}
# CUDA 13 keeps CUB under include/cccl, where RAJA's FindCUB does not look.
CUDA=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

rm -rf "$OUT/src"
cp -r "$SRC" "$OUT/src"
python3 "$HERE/raja_cuda13.py" "$OUT/src" || exit 1

# Every example; tut_matrix-multiply is built but not run: its original
# stops with an illegal memory access on an H100 (RAJA at dd5eb76).
examples="make_permuted_view resource-forall forall-param-reductions
  forall_multi-reductions launch-param-reductions tut_daxpy launch_flatten
  tut_halo-exchange pi-reduce_vs_atomic raja-launch launch_matrix-multiply jacobi
  red-black-gauss-seidel wave-eqn multiview kernel-dynamic-tile kernel-reduction
  resource-kernel resource-launch"
runs="bin/dynamic-forall 0;bin/dynamic-forall 2;bin/resource-dynamic-forall 2"
runs+=";bin/dynamic_mat_transpose device;bin/tut_launch_basic device"
runs+=";bin/launch_reductions device;bin/resource-runtime-launch device"
targets="dynamic-forall resource-dynamic-forall dynamic_mat_transpose
  tut_launch_basic launch_reductions resource-runtime-launch tut_matrix-multiply"
for e in $examples; do
  runs+=";bin/$e"
  targets+=" $e"
done

# Timings, the addresses some examples print, and pi-reduce_vs_atomic's
# sums by atomicAdd of doubles (their order, and so the last digits, change
# from run to run). raja-launch and tut_launch_basic print from device
# threads, in an order that changes from run to run: compared sorted.
export IGNORE='[0-9.e+-]+ *(seconds|sec|s|ms)$|time|0x[0-9a-f]+|^[[:space:]]*pi = '
export SORTED="bin/raja-launch bin/tut_launch_basic"
TARGETS="$targets" RUNS="$runs" ROOT="$OUT/src" \
  "$HERE/cmake-project.sh" raja "$OUT/src" "$OUT/raja" \
  -DCMAKE_BUILD_TYPE=Release -DENABLE_CUDA=ON "-DCMAKE_CUDA_ARCHITECTURES=$ARCH" \
  -DRAJA_ENABLE_EXAMPLES=ON -DRAJA_ENABLE_TESTS=OFF -DRAJA_ENABLE_EXERCISES=OFF \
  -DRAJA_ENABLE_BENCHMARKS=OFF -DRAJA_ENABLE_REPRODUCERS=OFF -DENABLE_OPENMP=OFF \
  "-DCUB_DIR=$CUDA/include/cccl" "$@"
