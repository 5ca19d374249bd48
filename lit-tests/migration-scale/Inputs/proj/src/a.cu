#include "shared.cuh"
__global__ void ka(int *p) { order(p[0], p[1]); }
constexpr __global__ void resetA(float *p) { p[0] = 0; }
