#pragma once
#include "config.h"
template <class F> __global__ void mlib_run(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
template <class T> void mlib_scale(T *p, int n, T k) {
  mlib_run<<<(n + 127) / 128, 128>>>([=] MLIB_HD(int i) { p[i] *= k; }, n);
}
