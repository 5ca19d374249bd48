#!/usr/bin/env bash
# AMReX (github.com/AMReX-Codes/amrex, block-structured AMR: every loop
# body is a lambda spelled `[=] AMREX_GPU_DEVICE (int i, int j, int k)
# noexcept {...}` handed to amrex::ParallelFor, the execution space through
# a macro; its reductions open one lambda per back end in the branches of
# `#ifdef AMREX_USE_SYCL ... #else ... #endif` and share the body after
# them), its library and its "Small" test programs built as its users build
# them, twice (bench/real-code/cmake-project.sh): CMake Release (-O3
# -DNDEBUG), CUDA, 3D, no MPI; the flags AMReX's CMake adds for nvcc
# (--expt-extended-lambda --expt-relaxed-constexpr, -rdc=true,
# --use_fast_math, -maxrregcount=255, --Wext-lambda-captures-this...).
# Then each test program is run in both builds and the outputs compared.
#
#   bench/real-code/amrex.sh AMREX_SRC OUT [CMAKE_ARG...]
#
# CMAKE_ARGs come after the script's own, so they override them: another
# configuration is `-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CUDA_FLAGS_DEBUG=-g -G"`.
#
# AMREX_SRC is copied to OUT/src and never written. AMReX up to 24.11 uses
# CUDA 12 APIs that CUDA 13 removed: the copy gets amrex_cuda13.py's edits
# (the same for both builds), and nothing else.
#
# Environment as for cmake-project.sh (WRAPPER, CMAKE, JOBS, STAGE, PACK);
# ARCH (CUDA architecture as AMReX spells it, default 9.0). Last line: the
# pass count.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# -ge 2 ]] || { echo "usage: $0 AMREX_SRC OUT [CMAKE_ARG...]" >&2; exit 2; }
SRC=$1 OUT=$2
shift 2
ARCH=${ARCH:-9.0}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

rm -rf "$OUT/src"
cp -r "$SRC" "$OUT/src"
python3 "$HERE/amrex_cuda13.py" "$OUT/src" || exit 1

# The Small tests, run from the build folder with their inputs; no plot or
# checkpoint files.
adv=Tests/Amr/Advection_AmrCore/3d
abec=Tests/LinearSolvers/ABecLaplacian_C/3d
red=Tests/Particles/Redistribute/3d
runs="$adv/Test_Amr_Advection_AmrCore_3d $adv/inputs-ci amr.plot_int=-1 amr.chk_int=-1"
runs+=";$abec/Test_LinearSolvers_ABecLaplacian_C_3d $abec/inputs-rt-poisson-lev"
runs+=";$red/Test_Particles_Redistribute_3d $red/inputs.rt.cuda"

# Timings, memory figures and addresses change from run to run.
export IGNORE='[Tt]ime|[0-9.e+-]+ *(seconds|sec|s|ms)$|0x[0-9a-f]+|[Mm]emory|MB|GB|[Rr]un [Tt]ime'
TARGETS="Test_Amr_Advection_AmrCore_3d Test_LinearSolvers_ABecLaplacian_C_3d
  Test_Particles_Redistribute_3d" RUNS="$runs" ROOT="$OUT/src" \
  "$HERE/cmake-project.sh" amrex "$OUT/src" "$OUT/amrex" \
  -DCMAKE_BUILD_TYPE=Release -DAMReX_GPU_BACKEND=CUDA "-DAMReX_CUDA_ARCH=$ARCH" \
  -DAMReX_MPI=OFF -DAMReX_OMP=OFF -DAMReX_FORTRAN=OFF -DAMReX_SPACEDIM=3 \
  -DAMReX_PARTICLES=ON -DAMReX_LINEAR_SOLVERS=ON -DAMReX_EB=OFF \
  -DAMReX_ENABLE_TESTS=ON -DAMReX_TEST_TYPE=Small "$@"
