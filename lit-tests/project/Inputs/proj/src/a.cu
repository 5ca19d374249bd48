#include "shared.cuh"
#ifdef BREAK_A
#error BREAK_A is defined
#endif
__global__ void ka(int *p) { order(p[0], p[1]); }
template <class F> __global__ void apply(F f, int *p) { p[threadIdx.x] = f(threadIdx.x); }
void runA(int *p) {
  apply<<<1, 32>>>([=] __device__ (int i) { return p[i] + SCALE; }, p);
}
