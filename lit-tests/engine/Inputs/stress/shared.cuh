// A header every source of the stress tests includes: its lambda is
// rewritten once, by whichever run gets there first.
#pragma once

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

inline void scaleAll(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}
