#include "shared.cuh"
#include "only-d.cuh"
__global__ void kd(int *p) { order(p[0], p[1]); }
