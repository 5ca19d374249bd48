// A __managed__ variable is a __device__ variable that host code reads and
// writes too; nvcc accepts it in device code without any flag. Clang reads
// the attribute for HIP only: in CUDA it drops it, and every use in device
// code is `reference to __host__ variable` (Gunrock's benchmark.hxx:
// `__managed__ device_benchmark_t BXXX;`). The parse reads it as nvcc does
// (readManagedAsNvcc): exit 0, nothing to rewrite, the lambda that uses it
// lowered as any other, and plain nvcc builds the output.
// RUN: %check_cuda_lower %s lower-extended-lambda,std-to-cuda-std,exec-space-host-variable %t

#include <array>
struct counters {
  unsigned *edges;
};
__managed__ counters C;
__managed__ int N;
__device__ void log_edge() { atomicAdd(C.edges, 1u); }
__global__ void count(int *out) {
  log_edge();
  out[0] = N;
}

// Template case.
template <class T> __device__ T scaled(T x) { return x * N; }
__global__ void scale(float *out) { out[0] = scaled(out[0]); }

// Macro case.
#define SHARED_BY_HOST __managed__
SHARED_BY_HOST int M;
__global__ void macro(int *out) { out[0] = M; }

// Host code shares the variable: a std type in its declaration stays.
__managed__ std::array<int, 2> Pair;
// CHECK-MESSAGES: [[@LINE-1]]:13: warning: 'std::array' in a __managed__ variable is a type host code shares; not rewritten to 'cuda::std::array'{{.*}} [std-to-cuda-std]

template <class F> __global__ void apply(F f) { f(0); }
int host() {
  N = 2;
  M = 3;
  apply<<<1, 1>>>([=] __device__(int i) { M += N + i; });
  // CHECK-MESSAGES: [[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'host_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: apply<<<1, 1>>>(host_lambda_1{});
  return N + M + Pair[0];
}

// No match: a host variable device code does not use.
int plain_host_counter = 0;
