// nvcc's host compiler finds the headers of its private directory
// (GCC's <install>/include: omp.h, openacc.h, quadmath.h); Clang reads its
// own resource directory in its place, which has none of them. A source
// that includes <omp.h> (CUDA samples cudaOpenMP, UnifiedMemoryStreams;
// OpenMP host code beside kernels) stopped with "'omp.h' file not found"
// (exit 3). The parses now search that directory last, as the host
// compiler nvcc runs (-ccbin, $NVCC_CCBIN, else g++) reports it.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %check_cuda_lower %s lower-extended-lambda %t
//
// A host compiler that does not exist (here $NVCC_CCBIN, which nvcc reads
// where a command has no -ccbin) adds nothing: the header is not found.
// RUN: %strip-checks %s > %t.cu
// RUN: env NVCC_CCBIN=/no/such/compiler %expect-exit 3 %cuda-lower %t.cu 2> %t.err
// RUN: FileCheck %s --check-prefix=NO-HOST --input-file=%t.err

#include <omp.h>
// NO-HOST: [[@LINE-1]]:10: fatal error: 'omp.h' file not found

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

int threadsFor(int n, int *out) {
  each<<<1, 32>>>(n, [=] __device__(int i) { out[i] = i; });
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: __device__ lambda lowered to functor 'threadsFor_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: each<<<1, 32>>>(n, threadsFor_lambda_1{out});
  return omp_get_max_threads();
}
