// A function-scope __shared__ variable whose class has a constructor or
// destructor that is not empty (`__shared__ cuda::barrier<...> bar;`, the
// Programming Guide's own pattern; CUDA samples simpleAWBarrier and
// globalToShmemAsyncCopy): nvcc compiles it with warning #20054-D and never
// runs that initialisation. Clang rejected it ("initialization is not
// supported for __shared__ variables") and the file stopped with exit 3.
// The parse now reads it as nvcc does; plain nvcc builds the output with
// the same warning as the original (suppressed here: it is nvcc's own).
// RUN: %nvcc-ext -diag-suppress=20054 -c %s -o %t.in.o
// RUN: %check_cuda_lower --nvcc-arg=-diag-suppress=20054 %s lower-extended-lambda %t
//
// An initialiser written out is an error for nvcc too, and stays one.
// RUN: %strip-checks %s > %t.cu
// RUN: %expect-exit 3 %cuda-lower %t.cu -- -DWRITTEN_INITIALISER 2> %t.err
// RUN: FileCheck %s --check-prefix=WRITTEN --input-file=%t.err

#include <cuda/barrier>

struct Counter {
  int n = 0;
  __device__ Counter() {}
};

template <class F> __global__ void each(int *out, F f) { f(out); }

__global__ void arriveTogether(int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}

template <class T> __device__ int firstOf() {
  __shared__ T shared[4];
  return shared[0].n;
}

void run(int *out) {
  each<<<1, 32>>>(out, [=] __device__(int *o) {
    __shared__ Counter c;
    o[threadIdx.x] = c.n + firstOf<Counter>();
  });
  // CHECK-MESSAGES: :[[@LINE-4]]:24: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: each<<<1, 32>>>(out, run_lambda_1{});
}

#ifdef WRITTEN_INITIALISER
__global__ void written(int *out) {
  __shared__ Counter c = Counter();
  // WRITTEN: [[@LINE-1]]:22: error: initialization is not supported for __shared__ variables
  out[0] = c.n;
}
#endif
