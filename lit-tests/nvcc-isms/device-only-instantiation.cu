// nvcc's host compilation never instantiates the body of a __global__ or
// __device__ template; Clang's host pass does. A body that calls an
// overload declared only under __CUDA_ARCH__ (tiny-cuda-nn's
// atomic_add_gmem(__half *, __half) in kernel_grid_backward<__half>) builds
// with nvcc and failed the host pass ("no matching function"). Such errors
// are left to the device pass, which reads the body with the overload, so
// the file is lowered (exit 0) and plain nvcc builds the output.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %check_cuda_lower %s lower-extended-lambda %t
//
// When the overload is missing in the device pass too, that pass reports it
// (exit 3), as nvcc does.
// RUN: %strip-checks %s > %t.cu
// RUN: %expect-exit 3 %cuda-lower %t.cu -- -DNO_HALF_OVERLOAD 2> %t.err
// RUN: FileCheck %s --check-prefix=MISSING --input-file=%t.err

#include <cuda_fp16.h>

#if defined(__CUDA_ARCH__) && !defined(NO_HALF_OVERLOAD)
__device__ void accumulate(__half *p, __half v) { atomicAdd(p, v); }
#endif
__device__ void accumulate(float *p, float v) { atomicAdd(p, v); }

// Directly in the kernel template.
template <class T, class F> __global__ void gather(T *out, F f) {
  accumulate(out, f(T(1)));
  // MISSING: [[@LINE-1]]:3: error: no matching function for call to 'accumulate'
}

// In a __device__ template the kernel instantiates.
template <class T> __device__ void add_twice(T *out) {
  accumulate(out, T(1));
  accumulate(out, T(1));
}
template <class T> __global__ void twice(T *out) { add_twice(out); }

void run(__half *h, float *f) {
  gather<<<1, 1>>>(h, [] __device__(__half x) { return x; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'run_lambda_1' [lower-extended-lambda]
  // CHECK-FIXES: gather<<<1, 1>>>(h, run_lambda_1{});
  gather<<<1, 1>>>(f, [] __device__(float x) { return x; });
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'run_lambda_2' [lower-extended-lambda]
  twice<<<1, 1>>>(h);
}
// MISSING: {{.*}}.tmp.cu: error: the device compilation pass did not parse; nothing was written
