#!/usr/bin/env bash
# Kokkos (github.com/kokkos/kokkos, a C++ performance-portability library:
# parallel_for bodies are lambdas spelled `KOKKOS_LAMBDA`, a macro for
# `[=] __host__ __device__`), built as its users build it for CUDA: through
# its compiler script bin/nvcc_wrapper as CMAKE_CXX_COMPILER, which runs the
# `nvcc` first on PATH and adds -extended-lambda. Twice
# (bench/real-code/cmake-project.sh with VIA_PATH): the original with nvcc,
# the lowered one with cuda-lower-nvcc --cuda-lower-strict as that nvcc.
# CMake Release, the core library and its tutorials (20 programs); each
# program is then run in both builds and the outputs compared.
#
#   bench/real-code/kokkos.sh KOKKOS_SRC OUT [CMAKE_ARG...]
#
# CMAKE_ARGs come after the script's own, so they override them: another
# configuration is `-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CUDA_FLAGS_DEBUG=-g -G"`
# or `-DCMAKE_CXX_STANDARD=20`.
#
# KOKKOS_SRC is copied to OUT/src and never written; the copy gets the CUDA
# 13 edits of kokkos_cuda13.py (the same for both builds) and nothing else.
# Environment as for cmake-project.sh (WRAPPER, CMAKE, JOBS, STAGE, PACK);
# KOKKOS_ARCH (a Kokkos_ARCH_* option, default HOPPER90). Last line: the
# pass count.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# -ge 2 ]] || { echo "usage: $0 KOKKOS_SRC OUT [CMAKE_ARG...]" >&2; exit 2; }
SRC=$1 OUT=$2
shift 2
KOKKOS_ARCH=${KOKKOS_ARCH:-HOPPER90}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# nvcc_wrapper runs `nvcc`: the toolkit's, for the original build.
export PATH=${CUDA_PATH:-/usr/local/cuda}/bin:$PATH

rm -rf "$OUT/src"
cp -r "$SRC" "$OUT/src"
python3 "$HERE/kokkos_cuda13.py" "$OUT/src" || exit 1

runs="example/query_device/Kokkos_query_device"
for t in 01_hello_world 01_hello_world_lambda 02_simple_reduce \
  02_simple_reduce_lambda 03_simple_view 03_simple_view_lambda \
  04_simple_memoryspaces 05_simple_atomics 06_simple_mdrangepolicy; do
  runs+=";example/tutorial/$t/Kokkos_tutorial_$t"
done
for t in 01_data_layouts 02_memory_traits 03_subviews 04_dualviews; do
  runs+=";example/tutorial/Advanced_Views/$t/Kokkos_tutorial_advancedviews_$t"
done
runs+=";example/tutorial/Algorithms/01_random_numbers/Kokkos_tutorial_algorithms_01_random_numbers"
h=example/tutorial/Hierarchical_Parallelism
runs+=";$h/01_thread_teams/Kokkos_tutorial_hierarchicalparallelism_01_thread_teams"
runs+=";$h/01_thread_teams_lambda/Kokkos_tutorial_hierarchical_01_thread_teams_lambda"
runs+=";$h/02_nested_parallel_for/Kokkos_tutorial_hierarchicalparallelism_02_nested_parallel_for"
runs+=";$h/03_vectorization/Kokkos_tutorial_hierarchicalparallelism_03_vectorization"
runs+=";example/tutorial/launch_bounds/Kokkos_launch_bounds_reduce"

# Timings, and the addresses and bandwidths some tutorials print;
# data_layouts prints its two timings and "(equal result: 1)" on one line.
# The team tutorials print from device threads, in an order that changes
# from run to run: compared sorted.
export IGNORE='[0-9.e+-]+ *(seconds|sec|s|ms)$|[Tt]ime|0x[0-9a-f]+|GB/s|Left/Right'
export SORTED="$h/01_thread_teams/Kokkos_tutorial_hierarchicalparallelism_01_thread_teams"
SORTED+=" $h/01_thread_teams_lambda/Kokkos_tutorial_hierarchical_01_thread_teams_lambda"
VIA_PATH=1 RUNS="$runs" ROOT="$OUT/src" \
  "$HERE/cmake-project.sh" kokkos "$OUT/src" "$OUT/kokkos" \
  -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_COMPILER=$OUT/src/bin/nvcc_wrapper" \
  -DKokkos_ENABLE_CUDA=ON "-DKokkos_ARCH_$KOKKOS_ARCH=ON" -DKokkos_ENABLE_EXAMPLES=ON "$@"
