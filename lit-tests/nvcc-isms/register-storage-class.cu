// `register` on locals, as old CUDA code writes them (HeCBench's ntt-cuda:
// `register uint64 samples[8];` in a kernel). C++17 removed the storage
// class; nvcc accepts it without a word (its host compiler warns) while
// Clang rejects it in C++17 and later, an error that `-w` does not
// silence, so the file did not parse (exit 3). Every parse turns that
// error off (`-Wno-register`): the keyword means nothing either way, the
// lambda is lowered, and plain nvcc builds the output.
// RUN: %nvcc-ext -c %s -o %t.original.o
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void each(int n, F f) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

__global__ void square(float *x) {
  register float v = x[threadIdx.x];
  x[threadIdx.x] = v * v;
}

void scale(int n, float *x, float a) {
  each<<<1, 32>>>(n, [=] __device__(int i) {
    register float v = x[i];
    x[i] = a * v;
  });
  // CHECK-MESSAGES: :[[@LINE-4]]:22: warning: __device__ lambda lowered to functor 'scale_lambda_1' [lower-extended-lambda]
}
// CHECK-FIXES: register float v = x[i];
