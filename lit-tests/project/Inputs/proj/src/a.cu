#include "shared.cuh"
#ifdef BREAK_A
#error BREAK_A is defined
#endif
__global__ void ka(int *p) { order(p[0], p[1]); }
void runA(int *p) {
  auto f = [=] __device__ (int i) { return p[i] + SCALE; };
  (void)f;
}
