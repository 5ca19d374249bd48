// An extended lambda passed to a kernel from host code: the default rules
// rewrite it. The tests check only that a rewrite happens, not its text.
#include <cstdio>

template <typename F> __global__ void apply(F f, int *p) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void run(int *p, int k) {
  apply<<<1, 32>>>([=] __device__(int v) { return v * k; }, p);
}
