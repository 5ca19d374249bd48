// ops.h - the device helpers both sources use.
#pragma once

#if !defined(__CUDACC_EXTENDED_LAMBDA__)
#error "ops.h needs nvcc --extended-lambda"
#endif

template <class F> __global__ void forEach(int N, F Fn) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Fn(I);
}

template <class F> void launch(int N, F Fn) {
  forEach<<<(N + 127) / 128, 128>>>(N, Fn);
}

void scale(float *X, int N, float A);
float sumOf(const float *X, int N);
