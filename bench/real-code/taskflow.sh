#!/usr/bin/env bash
# Taskflow (github.com/taskflow/taskflow, a header-only C++ task library
# with CUDA graph algorithms whose headers hold `[=] __device__` lambdas),
# built as its users build it, twice each (bench/real-code/cmake-project.sh):
#   1. its own CMake build, Release (-O3 -DNDEBUG), C++20, -Wall -Wextra
#      -Wshadow -Wfatal-errors as its CMakeLists.txt gives them: the CUDA
#      examples and CUDA unit tests, run and compared;
#   2. a separate project (bench/real-code/taskflow-consumer) that finds the
#      Taskflow installed by 1 with find_package and uses its GPU algorithms
#      with lambdas of its own: the wrapper lowers the installed headers
#      into its private copy; the installed library is never written.
#
#   bench/real-code/taskflow.sh TASKFLOW_SRC OUT [CMAKE_ARG...]
#
# CMAKE_ARGs come after the script's own, so they override them: another
# configuration is `-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CUDA_FLAGS_DEBUG=-g -G"`
# or `-DCMAKE_CXX_STANDARD=20`.
#
# Environment as for cmake-project.sh (WRAPPER, CMAKE, JOBS, STAGE; PACK
# gets a folder per build, PACK/taskflow and PACK/consumer); ARCH (CUDA
# architectures, default native). Last line: the pass count of both.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[[ $# -ge 2 ]] || { echo "usage: $0 TASKFLOW_SRC OUT [CMAKE_ARG...]" >&2; exit 2; }
SRC=$1 OUT=$2
shift 2
ARCH=${ARCH:-native}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# Graph dumps print addresses; examples print timings.
export IGNORE='0x[0-9a-f]+|[0-9.]+ ?(ms|us|s)$|elapsed|time'
examples="cuda_device_property cuda_saxpy cuda_matmul cuda_knn cuda_saxpy_update"
tests="test_cuda_objects test_cuda_basics test_cuda_updates test_cuda_matrix
  test_cuda_kmeans test_cuda_for_each test_cuda_transform"
runs="examples/cuda/cuda_saxpy;examples/cuda/cuda_saxpy_update"
runs+=";examples/cuda/cuda_matmul 256 256 256;examples/cuda/cuda_knn 4096 8 10"
for t in $tests; do runs+=";unittests/cuda/$t"; done

TARGETS="$examples $tests" RUNS="$runs" INSTALL="$OUT/prefix" PACK=${PACK:+$PACK/taskflow} \
  "$HERE/cmake-project.sh" taskflow "$SRC" "$OUT/taskflow" \
  -DCMAKE_BUILD_TYPE=Release -DTF_BUILD_CUDA=ON -DTF_BUILD_TESTS=ON \
  -DTF_BUILD_EXAMPLES=ON "-DCMAKE_CUDA_ARCHITECTURES=$ARCH" "$@" 2>&1 | tee "$OUT/taskflow.log"
own=${PIPESTATUS[0]}

RUNS="consumer" IGNORE='^$^' PACK=${PACK:+$PACK/consumer} \
  "$HERE/cmake-project.sh" taskflow-consumer "$HERE/taskflow-consumer" "$OUT/consumer" \
  -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=$OUT/prefix" \
  "-DCMAKE_CUDA_ARCHITECTURES=$ARCH" "$@" 2>&1 | tee "$OUT/consumer.log"
consumer=${PIPESTATUS[0]}

p=0 f=0
for log in "$OUT/taskflow.log" "$OUT/consumer.log"; do
  p=$((p + $(grep -c '^PASS: ' "$log")))
  f=$((f + $(grep -c '^FAIL: ' "$log")))
done
echo "taskflow: $p passed, $f failed"
[[ $own -eq 0 && $consumer -eq 0 ]]
