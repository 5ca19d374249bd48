// `res2 = {};` on a half2, as the GPTQ-style quantised matrix kernels write
// it (HeCBench's quant3MatMul-cuda): nvcc accepts it; Clang finds the copy
// assignment and `operator=(const __half2_raw &)` equally good ("use of
// overloaded operator '=' is ambiguous"), so the file did not parse (exit
// 3). The error is dropped in every parse (isAmbiguousEmptyBraceAssignment):
// the statement stays as written, the lambda beside it is lowered, and
// plain nvcc builds the output.
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s lower-extended-lambda %t

#include <cuda_fp16.h>

__global__ void fma_rows(half2 *out, const half2 *in, int n) {
  half2 res2;
  res2 = {};
  for (int k = 0; k < n; ++k)
    res2 = __hfma2(in[k], in[k], res2);
  out[threadIdx.x] = res2;
}

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

void clear(int n, half2 *x) {
  each<<<1, 32>>>(n, [=] __device__(int i) {
    half2 zero;
    zero = { };
    x[i] = zero;
  });
  // CHECK-MESSAGES: :[[@LINE-5]]:22: warning: __device__ lambda lowered to functor 'clear_lambda_1' [lower-extended-lambda]
}
// CHECK-FIXES: zero = { };
