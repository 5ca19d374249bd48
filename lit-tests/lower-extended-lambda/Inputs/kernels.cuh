#pragma once
template <class F> __global__ void apply_all(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
inline void scale_all(int *p, int n, int k) {
  apply_all<<<(n + 127) / 128, 128>>>([=] __device__ (int i) { p[i] *= k; }, n);
}
