// The sample of the docs/ci.md tests: a header the sources share.
#pragma once

template <typename F> __global__ void forEach(int N, F Op) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Op(I);
}
